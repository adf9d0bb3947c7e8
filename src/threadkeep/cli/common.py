"""What the command groups share: the ``--db`` option, opening a memory around one call, and
loading code that lives beside ``src/`` in a source checkout (``evals/``)."""

from __future__ import annotations

import asyncio
import importlib
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from threadkeep.config import Settings
from threadkeep.errors import ThreadkeepError

__all__ = ["db_option", "main_db_option", "with_memory", "checkout_module"]

T = TypeVar("T")

_DB_HELP = "Database URL or SQLite path (default: SQLite in $THREADKEEP_HOME)."


def _db_or_main(ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    # `threadkeep --db URL facts list` and `threadkeep facts list --db URL` mean the same; the
    # command's own option wins.
    return value if value is not None else ctx.find_root().params.get("db_url")


db_option = click.option("--db", "db_url", default=None, envvar="THREADKEEP_DB", callback=_db_or_main, help=_DB_HELP)
main_db_option = click.option("--db", "db_url", default=None, envvar="THREADKEEP_DB", help=_DB_HELP)


def with_memory(db_url: str | None, fn: Callable[[Any], Awaitable[T]]) -> T:
    """Open the memory, await ``fn(memory)``, close; threadkeep errors become one clear line."""
    from threadkeep.engine import Memory  # lazy: CLI start-up (504 ms)

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


def checkout_module(name: str, *, command: str) -> Any:
    """``evals.<name>`` of the source checkout this code runs from: the evaluations (and the
    cache benchmark that drives the engine) are not installed with threadkeep."""
    root = Path(__file__).resolve().parents[3]  # src/threadkeep/cli/common.py -> the checkout
    if not (root / "evals" / f"{name}.py").is_file():
        raise click.ClickException(
            f"threadkeep {command} runs from a source checkout: it loads evals/{name}.py beside "
            "src/, which is not part of the installed package. Clone the repository and run it "
            f"there (pip install -e . in the clone, or PYTHONPATH=src python -m threadkeep {command})."
        )
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    return importlib.import_module(f"evals.{name}")
