"""``threadkeep serve`` and ``threadkeep keys create|list|revoke``.

:func:`register` adds these commands to the ``threadkeep`` group (:mod:`threadkeep.cli.main`).
"""

from __future__ import annotations

import asyncio
import json
import signal
import threading

import click

from threadkeep.cli.common import db_option
from threadkeep.config import Settings, default_user
from threadkeep.errors import ThreadkeepError

__all__ = ["serve", "worker", "keys_create", "keys_list", "keys_revoke", "register", "KEEP_ALIVE_S"]

# Idle keep-alive connections outlive the longest provider cache TTL (1 h): a client that
# pauses between turns keeps its connection, as the cache keeps its prefix.
KEEP_ALIVE_S = 3900


def _memory(db_url: str | None, model: str | None = None):  # type: ignore[no-untyped-def]
    from threadkeep.engine import Memory  # lazy: CLI start-up (504 ms)

    try:
        return Memory.open(db_url, settings=Settings(), model=model)
    except ThreadkeepError as e:
        raise click.ClickException(str(e)) from e


def _first_run_key(memory) -> None:  # type: ignore[no-untyped-def]
    """On a deployment with no API key at all, make one person key so the web app can be used.

    The key is printed once on stderr (only its hash is stored), like a notebook server's
    token; administrators make further keys with ``threadkeep keys create``.
    """
    if memory.access.list_keys(include_revoked=True):
        return
    person = default_user()
    key, _ = memory.access.create_key(scope="person", person=person, name="first run")
    click.echo(
        f"threadkeep: first run — a key for person {person!r} (shown once, keep it):\n  {key}\n"
        "Paste it into the web app's login. More keys: threadkeep keys create --scope admin|person",
        err=True,
    )


def _missing(what: str, error: ImportError) -> str:
    """The install hint for an import that failed, naming the module that is missing (an
    extra that lacks one of its imports must not be reported as "not installed")."""
    name = error.name or str(error)
    return (
        f"{what} needs the Python module {name!r}, which is not installed ({error}); "
        "install the server extra: pip install 'threadkeep[server]'"
    )


@click.command()
@db_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--model", default=None, help="Chat model spec (default: $THREADKEEP_MODEL or offline).")
@click.option(
    "--log-level",
    default="info",
    show_default=True,
    type=click.Choice(["critical", "error", "warning", "info", "debug"]),
)
@click.option(
    "--no-jobs", is_flag=True, help="Run no background jobs here (run them with `threadkeep worker` instead)."
)
def serve(db_url: str | None, host: str, port: int, model: str | None, log_level: str, no_jobs: bool) -> None:
    """Run the HTTP API and the web app (one process; replicas may share PostgreSQL).

    Background work runs in a thread of its own, off the request loop; with --no-jobs it is
    left to `threadkeep worker` processes."""
    try:
        import uvicorn  # lazy: optional extra server

        from threadkeep.api.app import create_app  # lazy: optional extra server
    except ImportError as e:  # the server extra is optional
        raise click.ClickException(_missing("serving", e)) from e
    memory = _memory(db_url, model)
    _first_run_key(memory)
    app = create_app(memory, memory.settings, run_background=not no_jobs)
    click.echo(f"threadkeep serving on http://{host}:{port}/ (API under /v1, OpenAPI at /openapi.json)", err=True)
    try:
        uvicorn.run(
            app,
            host=host,
            port=port,
            log_level=log_level,
            timeout_keep_alive=KEEP_ALIVE_S,
            proxy_headers=True,
            lifespan="on",
        )
    finally:
        memory.dispose()


@click.command()
@db_option
@click.option("--model", default=None, help="Chat model spec (default: $THREADKEEP_MODEL or offline).")
def worker(db_url: str | None, model: str | None) -> None:
    """Run background jobs only (folds, facts, recall indexing, surface replies, keep-warm),
    apart from the API replicas; stop with Ctrl-C or SIGTERM."""
    try:
        from threadkeep.api.app import install_jobs  # lazy: optional extra server
    except ImportError as e:  # surface replies need the server extra
        raise click.ClickException(_missing("the worker", e)) from e
    memory = _memory(db_url, model)
    install_jobs(memory)
    done = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: done.set())
    memory.start_background()
    click.echo(f"threadkeep worker running {memory.settings.job_workers} job loops; Ctrl-C stops it", err=True)
    try:
        while not done.wait(1.0):
            pass
    finally:
        asyncio.run(memory.close())
    click.echo("threadkeep worker stopped", err=True)


@click.command("create")
@db_option
@click.option("--scope", type=click.Choice(["admin", "surface", "person"]), required=True)
@click.option("--user", "user", default=None, help="The person a person key acts for (created if new).")
@click.option("--name", default=None, help="A label for operators.")
def keys_create(db_url: str | None, scope: str, user: str | None, name: str | None) -> None:
    """Print a new API key (shown only this once; only its hash is stored)."""
    memory = _memory(db_url)
    try:
        key, info = memory.access.create_key(scope=scope, person=user, name=name)
    except ThreadkeepError as e:
        raise click.ClickException(str(e)) from e
    finally:
        asyncio.run(memory.close())
    click.echo(key)
    click.echo(
        f"id {info.id}  prefix {info.prefix}  scope {info.scope}" + (f"  person {info.person}" if info.person else ""),
        err=True,
    )


@click.command("list")
@db_option
@click.option("--all", "include_revoked", is_flag=True, help="Include revoked keys.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def keys_list(db_url: str | None, include_revoked: bool, as_json: bool) -> None:
    """List API keys (prefix, scope, person; never the key)."""
    memory = _memory(db_url)
    try:
        keys = memory.access.list_keys(include_revoked=include_revoked)
    finally:
        asyncio.run(memory.close())
    if as_json:
        click.echo(json.dumps([k.as_dict() for k in keys], indent=2))
        return
    for k in keys:
        state = f"revoked {k.revoked_at[:16]}" if k.revoked_at else "active"
        click.echo(f"{k.id}  {k.prefix}  {k.scope:<7}  {k.person or '-':<20}  {state}  {k.name or ''}")


@click.command("revoke")
@db_option
@click.argument("key")
def keys_revoke(db_url: str | None, key: str) -> None:
    """Revoke an API key by its id or prefix; its web sessions end with it."""
    memory = _memory(db_url)
    try:
        info = memory.access.revoke_key(key)
    except ThreadkeepError as e:
        raise click.ClickException(str(e)) from e
    finally:
        asyncio.run(memory.close())
    click.echo(f"revoked {info.id} ({info.prefix})")


def register(main_group: click.Group, keys_group: click.Group) -> None:
    """Add ``serve`` to the main group and ``create|list|revoke`` to the ``keys`` group."""
    main_group.add_command(serve)
    main_group.add_command(worker)
    keys_group.add_command(keys_create)
    keys_group.add_command(keys_list)
    keys_group.add_command(keys_revoke)
