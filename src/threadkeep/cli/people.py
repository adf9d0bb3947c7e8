"""``threadkeep identities link|list|unlink`` and ``threadkeep users merge start|list|show|undo|confirm``.

Linking an identity that belongs to another person merges that person into this one, as a
pending merge: ``users merge undo ID`` takes it back, ``users merge confirm ID`` makes it final
(the merged-away person is deleted, their key shredded). :func:`register` attaches these
commands to the groups of :mod:`threadkeep.cli.main`.
"""

from __future__ import annotations

import getpass
import json
from typing import Any

import click

from threadkeep.cli.common import db_option, with_memory

__all__ = ["identities", "merge", "register"]


def _actor() -> str:
    """How the audit log names a command-line operator."""
    try:
        return f"cli {getpass.getuser()}"
    except Exception:  # no login name (a container): still say where it came from
        return "cli"


def _show(info: Any, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(info.as_dict(), ensure_ascii=False, sort_keys=True))
        return
    counts = ", ".join(f"{k} {v}" for k, v in sorted(info.counts.items()) if v)
    via = f" (linking {info.via})" if info.via else ""
    click.echo(
        f"merge {info.id}: {info.source or info.source_user_id} into {info.target}{via} — "
        f"{info.status}; {counts or 'nothing to move'}"
    )
    if info.status == "pending":
        click.echo(
            f"  undo:    threadkeep users merge undo {info.id}\n  confirm: threadkeep users merge confirm {info.id}"
        )


# -- identities ----------------------------------------------------------------------------
@click.group("identities")
def identities() -> None:
    """Channel identities (Slack, Telegram, Mattermost users…) of people."""


@identities.command("link")
@db_option
@click.option("--user", "user", required=True, help="The person the identity belongs to.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.argument("channel")
@click.argument("external_id")
def identities_link(db_url: str | None, user: str, as_json: bool, channel: str, external_id: str) -> None:
    """Link CHANNEL EXTERNAL_ID (e.g. slack U0123) to a person.

    If the identity belongs to another person, that person is merged into this one (pending).
    """
    from threadkeep.engine import merges  # lazy: CLI start-up (389 ms)

    async def run(memory: Any) -> Any:
        return await merges.link_or_merge(
            memory, user_id=await memory.user_id(user), channel=channel, external_id=external_id, actor=_actor()
        )

    linked = with_memory(db_url, run)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "id": linked.identity_id,
                    "person": user,
                    "channel": channel,
                    "external_id": external_id,
                    "merge": linked.merge.as_dict() if linked.merge else None,
                },
                ensure_ascii=False,
            )
        )
        return
    click.echo(f"linked {channel}:{external_id} to {user}")
    if linked.merge is not None:
        _show(linked.merge, False)


@identities.command("list")
@db_option
@click.option("--user", "user", required=True, help="The person.")
def identities_list(db_url: str | None, user: str) -> None:
    """The identities linked to a person."""
    from threadkeep.engine import people  # lazy: CLI start-up (394 ms)

    async def run(memory: Any) -> list[tuple[str, str]]:
        return await people.identities_of(memory, user_id=await memory.user_id(user))

    for channel, external in with_memory(db_url, run):
        click.echo(f"{channel}\t{external}")


@identities.command("unlink")
@db_option
@click.argument("channel")
@click.argument("external_id")
def identities_unlink(db_url: str | None, channel: str, external_id: str) -> None:
    """Remove the link of CHANNEL EXTERNAL_ID (the person keeps their conversations)."""
    from threadkeep.engine import people  # lazy: CLI start-up (394 ms)

    if not with_memory(db_url, lambda m: people.unlink_identity(m, channel=channel, external_id=external_id)):
        raise click.ClickException(f"{channel}:{external_id} is not linked")
    click.echo(f"unlinked {channel}:{external_id}")


# -- merges --------------------------------------------------------------------------------
@click.group("merge")
def merge() -> None:
    """Merge two people; undo or confirm a pending merge."""


@merge.command("start")
@db_option
@click.option("--into", "into", required=True, help="The person who stays.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.argument("source")
def merge_start(db_url: str | None, into: str, as_json: bool, source: str) -> None:
    """Merge person SOURCE into another (pending until confirmed)."""
    from threadkeep.engine import merges  # lazy: CLI start-up (389 ms)

    info = with_memory(db_url, lambda m: merges.start_merge(m, source=source, into=into, actor=_actor()))
    _show(info, as_json)


@merge.command("list")
@db_option
@click.option("--all", "include_finished", is_flag=True, help="Confirmed and undone merges too.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def merge_list(db_url: str | None, include_finished: bool, as_json: bool) -> None:
    """Pending merges, newest first."""
    from threadkeep.engine import merges  # lazy: CLI start-up (389 ms)

    found = with_memory(db_url, lambda m: merges.list_merges(m, include_finished=include_finished))
    if as_json:
        click.echo(json.dumps([i.as_dict() for i in found], ensure_ascii=False))
        return
    if not found:
        click.echo("no pending merges" if not include_finished else "no merges")
    for info in found:
        _show(info, False)


@merge.command("show")
@db_option
@click.argument("merge_id")
def merge_show(db_url: str | None, merge_id: str) -> None:
    """One merge and its audit trail."""
    from threadkeep.engine import merges  # lazy: CLI start-up (389 ms)

    async def run(m: Any) -> tuple[Any, list[dict[str, Any]]]:
        return await merges.get_merge(m, merge_id=merge_id), await merges.audit_entries(m, subject=merge_id)

    info, trail = with_memory(db_url, run)
    _show(info, False)
    for e in reversed(trail):
        click.echo(f"  {e['at']}  {e['action']:14} by {e['actor']}")


@merge.command("undo")
@db_option
@click.argument("merge_id")
def merge_undo(db_url: str | None, merge_id: str) -> None:
    """Put both people back as they were before the merge."""
    from threadkeep.engine import merges  # lazy: CLI start-up (389 ms)

    _show(with_memory(db_url, lambda m: merges.undo_merge(m, merge_id=merge_id, actor=_actor())), False)


@merge.command("confirm")
@db_option
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@click.argument("merge_id")
def merge_confirm(db_url: str | None, yes: bool, merge_id: str) -> None:
    """Make a merge final: the merged-away person is deleted (their key shredded); no undo after."""
    from threadkeep.engine import merges  # lazy: CLI start-up (389 ms)

    if not yes:
        click.confirm(f"Confirm merge {merge_id}? It cannot be undone afterwards.", abort=True)
    _show(with_memory(db_url, lambda m: merges.confirm_merge(m, merge_id=merge_id, actor=_actor())), False)


def register(main: click.Group, users: click.Group) -> None:
    main.add_command(identities)
    users.add_command(merge)
