"""``threadkeep mcp --stdio``: the knowledge search as an MCP server for a local client.

The streamable HTTP transport needs no command: ``threadkeep serve`` serves it at ``/mcp``.
:func:`register` adds this command to the ``threadkeep`` group (:mod:`threadkeep.cli.main`).
"""

from __future__ import annotations

import asyncio

import click

from threadkeep.cli.common import db_option
from threadkeep.config import Settings
from threadkeep.errors import ThreadkeepError

__all__ = ["mcp_command", "register"]


@click.command("mcp")
@click.option("--stdio", "stdio", is_flag=True, help="Serve MCP over stdin/stdout (for a local MCP client).")
@click.option(
    "--key",
    envvar="THREADKEEP_API_KEY",
    default=None,
    help="The API key the client acts with (default: $THREADKEEP_API_KEY).",
)
@click.option(
    "--groups",
    envvar="THREADKEEP_GROUPS",
    default=None,
    help="Surface keys: the groups of the person acted for, comma-separated (as X-Threadkeep-Groups on HTTP).",
)
@db_option
def mcp_command(stdio: bool, key: str | None, groups: str | None, db_url: str | None) -> None:
    """Serve the knowledge search to an MCP client (read-only: findings with sources)."""
    if not stdio:
        raise click.UsageError(
            "pass --stdio to serve a local MCP client; over HTTP, `threadkeep serve` already "
            "serves MCP at /mcp (authenticate with 'Authorization: Bearer <key>')"
        )
    if not key:
        raise click.UsageError("an API key is needed: --key KEY or $THREADKEEP_API_KEY (threadkeep keys create)")

    from threadkeep.engine import Memory  # lazy: CLI start-up (504 ms)
    from threadkeep.surfaces.mcp import (  # lazy: CLI start-up (443 ms)
        Caller,
        caller_of,
        serve_stdio,
    )

    try:
        # The offline model: this process never answers, it only searches.
        memory = Memory.open(db_url, settings=Settings(), model="offline")
    except ThreadkeepError as e:
        raise click.ClickException(str(e)) from e

    def authenticate() -> Caller | None:
        principal = memory.access.authenticate_key(key)
        return None if principal is None else caller_of(principal, groups)

    try:
        if authenticate() is None:
            # The same words as the API: never say whether the key is unknown or revoked.
            raise click.ClickException("unknown or revoked API key")
        try:
            asyncio.run(serve_stdio(lambda: memory.knowledge, authenticate))
        except ThreadkeepError as e:
            raise click.ClickException(str(e)) from e
    finally:
        memory.dispose()


def register(main_group: click.Group) -> None:
    """Add ``mcp`` to ``main_group``."""
    main_group.add_command(mcp_command)


if __name__ == "__main__":  # pragma: no cover - `python -m threadkeep.cli.mcp --stdio`
    mcp_command()
