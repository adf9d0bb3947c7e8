"""The ``threadkeep`` command line."""

from __future__ import annotations

# Ctrl-C while the command line is still loading: leave quietly (status 130), as later.
try:
    import asyncio
    import json
    from collections.abc import Awaitable, Callable
    from pathlib import Path
    from typing import Any, TypeVar

    import click

    from threadkeep.cli import cache as cli_cache
    from threadkeep.cli import chat as cli_chat
    from threadkeep.cli import evals as cli_evals
    from threadkeep.cli import imports as cli_import
    from threadkeep.cli import knowledge as cli_knowledge
    from threadkeep.cli import mcp as cli_mcp
    from threadkeep.cli import people as cli_people
    from threadkeep.cli import service as cli_service
    from threadkeep.cli.common import db_option, main_db_option, with_memory
    from threadkeep.config import Settings, default_user
    from threadkeep.crypto import MasterKey, _parse_keyring, generate_master_key_file
    from threadkeep.errors import NotFound, ThreadkeepError
    from threadkeep.events import AnswerDelta, TurnFailed
    from threadkeep.wording import counted
except KeyboardInterrupt:
    print("\ninterrupted", file=__import__("sys").stderr)
    raise SystemExit(130) from None

__all__ = ["main"]

T = TypeVar("T")


_default_user = default_user


user_option = click.option(
    "--user",
    "user",
    default=_default_user,
    show_default="$THREADKEEP_USER or your login",
    help="The person (handle) whose memory to use.",
)


def _open(db_url: str | None, **kw: Any):  # type: ignore[no-untyped-def]
    from threadkeep.engine import Memory  # lazy: CLI start-up (504 ms)

    return Memory.open(db_url, settings=Settings(), **kw)


def _run(fn: Callable[[], Awaitable[T]]) -> T:
    try:
        return asyncio.run(fn())  # type: ignore[arg-type]
    except ThreadkeepError as e:
        raise click.ClickException(str(e)) from e


class _Group(click.Group):
    """Turns errors a person can act on into one clear line instead of a stack trace."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ThreadkeepError as e:
            raise click.ClickException(str(e)) from e
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            raise SystemExit(130) from None
        except OSError as e:
            where = f" {e.filename}" if e.filename else ""
            raise click.ClickException(f"cannot use{where}: {e.strerror or e}") from e
        except Exception as e:
            from sqlalchemy.exc import OperationalError  # lazy: CLI start-up (149 ms)

            if isinstance(e, OperationalError) and "locked" in str(e).lower():
                raise click.ClickException(_LOCKED) from e
            raise


_LOCKED = (
    "the database is locked: another process (a running `threadkeep serve`?) kept writing to it "
    "while this command waited and retried. Try again in a moment, or use the server's HTTP API "
    "while it runs (or a PostgreSQL database, which has no such limit)."
)


@click.group(cls=_Group)
@click.version_option(package_name="threadkeep")
@main_db_option
def main(db_url: str | None) -> None:
    """threadkeep: conversation memory that outlives the model's context."""


# -- chat: cli/chat.py -------------------------------------------------------------
@main.command()
@db_option
@user_option
@click.argument("message_id")
def retry(db_url: str | None, user: str, message_id: str) -> None:
    """Answer a failed turn again."""

    async def run() -> None:
        memory = _open(db_url)
        try:
            async for ev in memory.retry(message_id, user=user):
                if isinstance(ev, AnswerDelta):
                    click.echo(ev.text, nl=False)
                elif isinstance(ev, TurnFailed):
                    raise click.ClickException(ev.error)
            click.echo("")
            await memory.drain_jobs()
        finally:
            await memory.close()

    _run(run)


# -- conversations ----------------------------------------------------------------------
@main.group()
def conversations() -> None:
    """List, rename, delete and export conversations."""


@conversations.command("list")
@db_option
@user_option
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 1000))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def conversations_list(db_url: str | None, user: str, limit: int, as_json: bool) -> None:
    """The person's conversations, newest activity first."""

    async def run() -> None:
        memory = _open(db_url)
        try:
            views = await memory.list_conversations(user=user, limit=limit)
            if not views and user not in await memory.people():
                raise NotFound(f"person {user!r} not found")
        finally:
            await memory.close()
        if as_json:
            click.echo(json.dumps([v.as_dict(with_messages=False) for v in views], ensure_ascii=False, indent=2))
            return
        for v in views:
            click.echo(f"{v.id}  {v.last_activity_at:%Y-%m-%d %H:%M}  {v.message_count:>5} msgs  {v.title or ''}")

    _run(run)


@conversations.command("rename")
@db_option
@user_option
@click.argument("conversation_id")
@click.argument("title")
def conversations_rename(db_url: str | None, user: str, conversation_id: str, title: str) -> None:
    """Give a conversation a new title."""

    async def run() -> None:
        memory = _open(db_url)
        try:
            await memory.rename(conversation_id, title, user=user)
        finally:
            await memory.close()

    _run(run)
    click.echo(f"renamed {conversation_id} to {title!r}")


@conversations.command("delete")
@db_option
@user_option
@click.argument("conversation_id")
def conversations_delete(db_url: str | None, user: str, conversation_id: str) -> None:
    """Delete a conversation and everything under it."""

    async def run() -> None:
        memory = _open(db_url)
        try:
            await memory.delete_conversation(conversation_id, user=user)
        finally:
            await memory.close()

    _run(run)
    click.echo(f"deleted {conversation_id}")


@conversations.command("export")
@db_option
@user_option
@click.argument("conversation_id")
@click.option("--format", "fmt", type=click.Choice(["markdown", "json"]), default="markdown", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write to a file.")
def conversations_export(db_url: str | None, user: str, conversation_id: str, fmt: str, out: Path | None) -> None:
    """Export a conversation as Markdown or JSON (the conversation only)."""

    async def run() -> str:
        memory = _open(db_url)
        try:
            return await memory.export(conversation_id, user=user, format=fmt)
        finally:
            await memory.close()

    text = _run(run)
    if out is not None:
        _write_file(out, text)
        click.echo(f"wrote {out}", err=True)
    else:
        click.echo(text, nl=False)


def _write_file(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise click.ClickException(f"cannot write {path}: {e.strerror or e}") from e


# -- people and keys ---------------------------------------------------------------------
@main.group()
def users() -> None:
    """People: list, export and delete (crypto-shredding)."""


@users.command("list")
@db_option
def users_list(db_url: str | None) -> None:
    async def run() -> list[str]:
        memory = _open(db_url)
        try:
            return await memory.people()
        finally:
            await memory.close()

    for name in _run(run):
        click.echo(name)


@users.command("delete")
@db_option
@click.option("--user", "user", required=True, help="The person to delete.")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
def users_delete(db_url: str | None, user: str, yes: bool) -> None:
    """Delete a person: their data key is destroyed, then all their rows."""
    if not yes:
        click.confirm(f"Delete {user!r} and everything threadkeep holds about them?", abort=True)

    async def run() -> str:
        from threadkeep.engine import people as facts_api  # lazy: CLI start-up (394 ms)

        memory = _open(db_url)
        try:
            if user not in await memory.people():
                raise NotFound(
                    f"no person named {user!r}: nothing was deleted (threadkeep users list shows who exists)"
                )
            convs, messages, facts = 0, 0, len(await facts_api.list_facts(memory, user=user, include_retired=True))
            before, before_id = None, None
            while True:  # every page: a person may have more conversations than one page holds
                page = await memory.list_conversations(user=user, limit=200, before=before, before_id=before_id)
                convs += len(page)
                messages += sum(v.message_count for v in page)
                if len(page) < 200:
                    break
                before, before_id = page[-1].last_activity_at, page[-1].id
            await memory.delete_user(user)
        finally:
            await memory.close()
        return (
            f"deleted {user!r}: {convs} conversation{'s' * (convs != 1)}, {messages} message"
            f"{'s' * (messages != 1)}, {facts} fact{'s' * (facts != 1)}; their data key was destroyed first"
        )

    click.echo(_run(run))


@users.command("export")
@db_option
@click.option("--user", "user", required=True, help="The person whose data to export.")
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Where to write the zip archive.",
)
def users_export(db_url: str | None, user: str, out: Path) -> None:
    """Export everything threadkeep holds about a person as one zip archive (JSON and Markdown)."""

    async def run() -> Any:
        from threadkeep.personal_export import export_person  # lazy: CLI start-up (436 ms)

        memory = _open(db_url)
        try:
            return await export_person(memory, user=user, out=out)
        finally:
            await memory.close()

    done = _run(run)
    c = done.counts

    click.echo(
        f"wrote {out}: {counted(c['conversations'], 'conversation')}, {counted(c['messages'], 'message')}, "
        f"{counted(c['facts'], 'fact')} ({counted(c['fact_versions'], 'version')}), "
        f"{counted(c['digests'], 'digest')}"
    )


@main.group()
def keys() -> None:
    """Master key and API keys."""


@keys.command("generate-master")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True)
def keys_generate_master(out: Path) -> None:
    """Write a new random master key file (it must not exist yet)."""
    if out.exists():
        raise click.ClickException(f"{out} exists; refusing to overwrite a master key")
    key = generate_master_key_file(out)
    click.echo(f"key id {key.key_id}")


@keys.command("rotate-master")
@db_option
@click.option(
    "--new-key-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="The new key (from `keys generate-master`). Omit to finish an interrupted rotation.",
)
def keys_rotate_master(db_url: str | None, new_key_file: Path | None) -> None:
    """Re-wrap every data key under a new master key, while servers keep running.

    The current key is read as usual ($THREADKEEP_MASTER_KEY, $THREADKEEP_MASTER_KEY_FILE or
    the data directory). With a key file, the file first holds the new key and then the old
    one (running servers re-read it and follow), and the new key alone when every data key
    is re-wrapped. Interrupted? Run `threadkeep keys rotate-master` again (no option): it
    finishes the rotation the database has begun. Refused while a server holds its key in
    $THREADKEEP_MASTER_KEY without the new one (see docs/ARCHITECTURE.md).
    """
    from threadkeep.engine import admin  # lazy: CLI start-up (484 ms)

    async def run() -> tuple[int, MasterKey, Path | None]:
        memory = _open(db_url)
        try:
            if new_key_file is not None:
                new = _parse_keyring(new_key_file.read_bytes(), str(new_key_file))[0]
            else:
                new = await admin.rotation_to_finish(memory)
            return await memory.rotate_master_key(new), new, admin.key_file(memory)
        finally:
            await memory.close()

    n, new, path = _run(run)
    where = (
        f"{path} now holds only the new key; the old key is gone from it"
        if path is not None
        else "set THREADKEEP_MASTER_KEY to the new key alone"
    )
    click.echo(f"re-wrapped {n} data keys under key id {new.key_id}; {where}")


# -- facts -------------------------------------------------------------------------------
@main.group()
def facts() -> None:
    """What threadkeep has learnt about a person: list, history, undo, delete."""


@facts.command("list")
@db_option
@user_option
@click.option("--all", "include_retired", is_flag=True, help="Include retired (superseded) facts.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def facts_list(db_url: str | None, user: str, include_retired: bool, as_json: bool) -> None:
    """The person's facts."""
    from threadkeep.engine import people as facts_api  # lazy: CLI start-up (394 ms)

    rows = with_memory(db_url, lambda m: facts_api.list_facts(m, user=user, include_retired=include_retired))
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        mark = "" if r["status"] == "current" else f" [{r['status']}]"
        said = f"  (said: {r['said']})" if r.get("said") else ""
        click.echo(f"{r['id']}  {r['text']}{mark}{said}  (seen {r['times_seen']}×, last {r['last_seen'][:10]})")


@facts.command("history")
@db_option
@user_option
@click.argument("fact_id")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def facts_history(db_url: str | None, user: str, fact_id: str, as_json: bool) -> None:
    """Every version of one fact, oldest first; the words as said beside the current value."""
    from threadkeep.engine import people as facts_api  # lazy: CLI start-up (394 ms)

    async def read(m: Any) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        rows = await facts_api.fact_history(m, fact_id, user=user)
        listed = await facts_api.list_facts(m, user=user, include_retired=True)
        return rows, next((f for f in listed if f["id"] == fact_id), None)

    rows, fact = with_memory(db_url, read)
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    # Only the current value's words are kept (a version stores values, not words): they go on
    # the newest line that set it. A forgotten or undone fact has none to show.
    said_at = -1
    if fact is not None and fact.get("said"):
        said_at = max((i for i, r in enumerate(rows) if r["new_value"] == fact["value"]), default=-1)
    for i, r in enumerate(rows):
        said = f"  (said: {fact['said']})" if i == said_at and fact is not None else ""
        click.echo(
            f"v{r['version']}  {r['at'][:19]}  {r['op']:<8} {r['old_value'] or ''} → {r['new_value'] or ''}{said}"
        )


@facts.command("undo")
@db_option
@user_option
@click.argument("fact_id", required=False)
def facts_undo(db_url: str | None, user: str, fact_id: str | None) -> None:
    """Undo the last change (of one fact, or of any fact of the person). Without a fact, it
    stops at a permanent `facts delete`: changes made before it are not "the last change"."""
    from threadkeep.engine import people as facts_api  # lazy: CLI start-up (394 ms)

    change = with_memory(db_url, lambda m: facts_api.undo_fact(m, user=user, fact_id=fact_id))
    if change is None:
        raise click.ClickException("nothing to undo" + ("" if fact_id else " (since the last permanent delete)"))
    if change["value"] is None:
        click.echo(f"undone: {change['key']} {change['old_value']!r} is gone again")
    else:
        click.echo(f"undone: {change['key']} is now {change['value']!r}")


@facts.command("delete")
@db_option
@user_option
@click.argument("fact_id")
def facts_delete(db_url: str | None, user: str, fact_id: str) -> None:
    """Erase a fact and its whole history for good: permanent, `facts undo` cannot bring it
    back (the web app's "forget" is undoable)."""
    from threadkeep.engine import people as facts_api  # lazy: CLI start-up (394 ms)

    with_memory(db_url, lambda m: facts_api.erase_fact(m, fact_id, user=user))
    click.echo(
        f"deleted fact {fact_id} and its history permanently: this cannot be undone, "
        "and `facts undo` now stops here rather than revert an earlier change"
    )


def _register_extensions() -> None:
    """Commands that live beside their subsystems (service, cache), attached here."""
    cli_chat.register(main)
    cli_service.register(main, keys)
    cli_cache.register(main)
    cli_mcp.register(main)
    cli_import.register(main)
    cli_people.register(main, users)
    cli_knowledge.register(main)
    cli_evals.register(main)


try:
    _register_extensions()
except KeyboardInterrupt:
    print("\ninterrupted", file=__import__("sys").stderr)
    raise SystemExit(130) from None


if __name__ == "__main__":  # pragma: no cover
    main()
