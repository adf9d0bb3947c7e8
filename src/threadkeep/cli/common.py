"""What the command groups share: the ``--db`` option, opening a memory around one call, and
loading code that lives beside ``src/`` in a source checkout (``evals/``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import click

from threadkeep.config import Settings
from threadkeep.errors import ThreadkeepError

__all__ = ["db_option", "with_memory"]

T = TypeVar("T")

db_option = click.option("--db", "db_url", default=None, envvar="THREADKEEP_DB",
                         help="Database URL or SQLite path (default: SQLite in $THREADKEEP_HOME).")


def with_memory(db_url: str | None, fn: Callable[[Any], Awaitable[T]]) -> T:
    """Open the memory, await ``fn(memory)``, close; threadkeep errors become one clear line."""
    from threadkeep.engine import Memory

    async def run() -> T:
        memory = Memory.open(db_url, settings=Settings())
        try:
            return await fn(memory)
        finally:
            await memory.close()

    try:
        return asyncio.run(run())
    except ThreadkeepError as e:
        raise click.ClickException(str(e)) from e
