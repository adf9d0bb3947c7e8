"""``threadkeep import …``: bring history in from other tools' exports or a threadkeep archive.

:func:`register` adds this group to the ``threadkeep`` group (:mod:`threadkeep.cli.main`).
Each format adds its own subcommand to :data:`import_group`.

``chatgpt``, ``claude`` and ``telegram`` read the file, store its conversations (a progress
bar over the file's bytes), then run the background work the import left — facts, folds,
recall index, profile — here, with a second progress bar, so the memory is complete when
the command returns (``--no-wait`` leaves it to a running server's workers instead).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import click

from threadkeep.cli.common import db_option
from threadkeep.config import Settings, default_user
from threadkeep.errors import ThreadkeepError
from threadkeep.imports.model import ImportFormatError
from threadkeep.wording import counted

__all__ = ["import_group", "register"]

user_option = click.option(
    "--user",
    "user",
    default=default_user,
    show_default="$THREADKEEP_USER or your login",
    help="The person (handle) whose memory receives the history.",
)
wait_option = click.option(
    "--no-wait",
    is_flag=True,
    help="Store the conversations and return; leave the background work "
    "(facts, folds, recall index, profile) to a running server.",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print the final status as JSON.")
file_argument = click.argument("file", type=click.Path(dir_okay=False, path_type=Path))


def _facts_line(in_archive: int, added: int) -> str:
    """How the archive's facts fared: the ones already held are not 'added' but are there."""
    if not in_archive:
        return "; no facts in the archive"
    return f"; facts: {in_archive} in the archive, {in_archive - added} already here, {added} added"


class _ImportGroup(click.Group):
    """``threadkeep import FORMAT FILE`` or ``threadkeep import FILE``: an argument that is
    not a format is the file, and the format is told by its structure."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["file", *args]
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [c for c in super().list_commands(ctx) if c != "file"]


@click.group("import", cls=_ImportGroup)
def import_group() -> None:
    """Import conversations from an export file (ChatGPT, Claude, Telegram, threadkeep).

    `threadkeep import FILE` tells the format by the file's structure; `threadkeep import
    FORMAT FILE` checks that the file is that format."""


@import_group.command("file", hidden=True)
@file_argument
@user_option
@db_option
@click.option("--as", "person", default=None, metavar="NAME_OR_ID", help="Telegram: which member of the chat you are.")
@click.option("--chat", "chats", multiple=True, metavar="NAME_OR_ID", help="Telegram account export: a chat to import.")
@wait_option
@json_option
def import_detected(
    file: Path, user: str, db_url: str | None, person: str | None, chats: tuple[str, ...], no_wait: bool, as_json: bool
) -> None:
    """Any export: ChatGPT, Claude, Telegram or a threadkeep archive, told by its structure."""
    from threadkeep.imports.service import check_format  # lazy: CLI start-up (390 ms)

    if not file.is_file():
        raise click.ClickException(f"{file}: no such file")
    try:
        fmt = check_format(file, None)
    except ThreadkeepError as e:
        raise click.ClickException(str(e)) from e
    click.echo(f"{file}: {fmt} export", err=True)
    if fmt == "threadkeep":
        if person or chats:
            raise click.ClickException("--as and --chat apply to Telegram exports only")
        _import_archive(file, user=user, db_url=db_url, no_wait=no_wait, as_json=as_json)
        return
    _import(fmt, file, user=user, db_url=db_url, wait=not no_wait, as_json=as_json, person=person, chats=chats)


@import_group.command("chatgpt")
@file_argument
@user_option
@db_option
@wait_option
@json_option
def import_chatgpt(file: Path, user: str, db_url: str | None, no_wait: bool, as_json: bool) -> None:
    """ChatGPT's conversations.json (or the export's .zip): the current branch of each
    conversation, text only, with original times."""
    _import("chatgpt", file, user=user, db_url=db_url, wait=not no_wait, as_json=as_json)


@import_group.command("claude")
@file_argument
@user_option
@db_option
@wait_option
@json_option
def import_claude(file: Path, user: str, db_url: str | None, no_wait: bool, as_json: bool) -> None:
    """Claude's conversations.json (or the export's .zip): text of every message, with
    original times."""
    _import("claude", file, user=user, db_url=db_url, wait=not no_wait, as_json=as_json)


@import_group.command("telegram")
@file_argument
@user_option
@db_option
@click.option(
    "--as",
    "person",
    default=None,
    metavar="NAME_OR_ID",
    help="Which member of the chat you are: a display name or a from_id (user123). "
    "Needed for a group; a private chat and an account export know it.",
)
@click.option(
    "--chat",
    "chats",
    multiple=True,
    metavar="NAME_OR_ID",
    help="In an account export, a chat to import (repeatable); default: every private "
    "chat, bot chat and Saved Messages.",
)
@wait_option
@json_option
def import_telegram(
    file: Path, user: str, db_url: str | None, person: str | None, chats: tuple[str, ...], no_wait: bool, as_json: bool
) -> None:
    """Telegram Desktop's JSON export (result.json, one chat or the whole account): your
    messages become yours, the other side's the assistant's."""
    _import("telegram", file, user=user, db_url=db_url, wait=not no_wait, as_json=as_json, person=person, chats=chats)


def _import(
    fmt: str,
    file: Path,
    *,
    user: str,
    db_url: str | None,
    wait: bool,
    as_json: bool,
    person: str | None = None,
    chats: tuple[str, ...] = (),
) -> None:
    from threadkeep.engine import Memory  # lazy: CLI start-up (504 ms)
    from threadkeep.imports.service import import_file  # lazy: CLI start-up (390 ms)

    memory = Memory.open(db_url, settings=Settings())
    try:
        try:
            size = file.stat().st_size
        except OSError as e:
            raise click.ClickException(f"cannot read {file}: {e.strerror or e}") from e
        with click.progressbar(
            length=max(size, 1), label="storing   ", file=sys.stderr, show_pos=False, show_percent=True
        ) as bar:
            seen = {"bytes": 0}

            def tick(counts: Any, position: int, total: int | None) -> None:
                # A zip is read as its (larger) member: scale to the bar's length.
                done = int(position * size / total) if total else position
                if done > seen["bytes"]:
                    bar.update(done - seen["bytes"])
                    seen["bytes"] = done

            try:
                result = import_file(
                    memory, file, user=user, format=fmt, person=person, chats=chats, on_conversation=tick
                )
            except ImportFormatError as e:
                raise click.ClickException(
                    f"{e} — nothing of that conversation was stored; conversations "
                    "before it were. Run the import again with a good file: what "
                    "is already stored is skipped."
                ) from e
            except ThreadkeepError as e:
                raise click.ClickException(str(e)) from e
            bar.update(max(0, max(size, 1) - seen["bytes"]))
        c = result.counts
        click.echo(
            f"stored {counted(c.messages, 'message')} in {counted(c.conversations, 'conversation')}"
            + (f"; already there: {counted(c.skipped_messages, 'message')}" if c.skipped_messages else "")
            + (f"; stored in parts (over the message size limit): {c.split_messages}" if c.split_messages else ""),
            err=True,
        )
        if c.left_out:
            click.echo("left out: " + ", ".join(f"{n} {reason}" for reason, n in sorted(c.left_out.items())), err=True)
        status = asyncio.run(_background(memory, result.import_id, user, wait))
    finally:
        asyncio.run(memory.close())
    if as_json:
        click.echo(json.dumps(status, ensure_ascii=False, indent=2))
    else:
        click.echo(f"import {status['id']}: {status['status']}")


async def _background(memory: Any, import_id: str, user: str, wait: bool) -> dict[str, Any]:
    from threadkeep.imports.runs import import_status  # lazy: CLI start-up (376 ms)
    from threadkeep.imports.service import run_background  # lazy: CLI start-up (390 ms)

    if not wait:
        return await asyncio.to_thread(import_status, memory, import_id, user=user)
    first = await asyncio.to_thread(import_status, memory, import_id, user=user)
    total = first["progress"]["jobs_total"]
    if not total:
        return first
    with click.progressbar(length=total, label="background", file=sys.stderr, show_pos=True) as bar:
        shown = {"done": 0}

        def progress(status: dict[str, Any]) -> None:
            done = status["progress"]["jobs_done"]
            if done > shown["done"]:
                bar.update(done - shown["done"])
                shown["done"] = done

        status = await run_background(memory, import_id, user=user, on_progress=progress)
        progress(status)
    return status


@import_group.command("threadkeep")
@click.argument("archive", type=click.Path(dir_okay=False, path_type=Path))
@user_option
@db_option
@wait_option
@json_option
def import_threadkeep(archive: Path, user: str, db_url: str | None, no_wait: bool, as_json: bool) -> None:
    """A personal export of `threadkeep users export` (zip): conversations with their times
    and titles, facts with their history, the profile. The whole archive is checked first."""
    from threadkeep.imports.service import check_format  # lazy: CLI start-up (390 ms)

    if archive.is_file():
        try:
            check_format(archive, "threadkeep")
        except ThreadkeepError as e:
            raise click.ClickException(str(e)) from e
    _import_archive(archive, user=user, db_url=db_url, no_wait=no_wait, as_json=as_json)


def _import_archive(archive: Path, *, user: str, db_url: str | None, no_wait: bool, as_json: bool) -> None:
    from threadkeep.engine import Memory  # lazy: CLI start-up (504 ms)
    from threadkeep.imports.threadkeep_archive import (
        import_archive,  # lazy: start-up (tests/test_serve_startup.py)
    )

    memory = Memory.open(db_url, settings=Settings())
    try:
        bar: list[Any] = []

        def checked(found: dict[str, int]) -> None:
            click.echo(
                f"{archive}: {counted(found['conversations'], 'conversation')}, "
                f"{counted(found['messages'], 'message')}, {counted(found['facts'], 'fact')} — checked",
                err=True,
            )
            bar.append(
                click.progressbar(
                    length=max(found["conversations"], 1), label="storing   ", file=sys.stderr, show_pos=True
                )
            )
            bar[0].__enter__()

        try:
            done = import_archive(
                memory, archive, user=user, on_checked=checked, on_conversation=lambda _: bar[0].update(1)
            )
        finally:
            if bar:
                bar[0].__exit__(None, None, None)
        c = done.counts
        click.echo(
            f"stored {counted(c.messages, 'message')} in {counted(c.conversations, 'conversation')}"
            + (f"; already there: {counted(c.skipped_messages, 'message')}" if c.skipped_messages else "")
            + (
                f"; kept in place (still in this database): {counted(done.originals_kept, 'conversation')}"
                if done.originals_kept
                else ""
            )
            + _facts_line(done.found.get("facts", 0), done.facts_added)
            + ("; profile restored" if done.profile_restored else ""),
            err=True,
        )
        status = asyncio.run(_background(memory, done.import_id, user, not no_wait)) if done.import_id else {}
    finally:
        asyncio.run(memory.close())
    if as_json:
        click.echo(
            json.dumps(
                status | {"facts_added": done.facts_added, "profile_restored": done.profile_restored},
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        click.echo(
            f"import {status.get('id')}: {status.get('status')}; {counted(c.messages, 'message')}, "
            f"{counted(done.facts_added, 'fact')}"
        )


def register(main: click.Group) -> None:
    main.add_command(import_group)
