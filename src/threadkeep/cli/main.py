"""The ``threadkeep`` command line."""

from __future__ import annotations

# Ctrl-C while the command line is still loading: leave quietly (status 130), as later.
try:
    import asyncio
    import json
    import sys
    from collections.abc import Awaitable, Callable
    from pathlib import Path
    from typing import Any, TypeVar

    import click

    from threadkeep.cli.common import checkout_module, db_option, with_memory
    from threadkeep.config import Settings, default_user
    from threadkeep.errors import NotFound, ThreadkeepError
except KeyboardInterrupt:
    print("\ninterrupted", file=__import__("sys").stderr)
    raise SystemExit(130) from None

__all__ = ["main"]

T = TypeVar("T")


_default_user = default_user


user_option = click.option("--user", "user", default=_default_user, show_default="$THREADKEEP_USER or your login",
                           help="The person (handle) whose memory to use.")


def _open(db_url: str | None, **kw: Any):  # type: ignore[no-untyped-def]
    from threadkeep.engine import Memory

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
            from sqlalchemy.exc import OperationalError  # loaded already if it was raised

            if isinstance(e, OperationalError) and "locked" in str(e).lower():
                raise click.ClickException(_LOCKED) from e
            raise


_LOCKED = ("the database is locked: another process (a running `threadkeep serve`?) kept writing to it "
           "while this command waited and retried. Try again in a moment, or use the server's HTTP API "
           "while it runs (or a PostgreSQL database, which has no such limit).")


@click.group(cls=_Group)
@click.version_option(package_name="threadkeep")
def main() -> None:
    """threadkeep: conversation memory that outlives the model's context."""


# -- chat: cli/chat.py -------------------------------------------------------------
@main.command()
@db_option
@user_option
@click.argument("message_id")
def retry(db_url: str | None, user: str, message_id: str) -> None:
    """Answer a failed turn again."""
    async def run() -> None:
        from threadkeep.events import AnswerDelta, TurnFailed

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
        from threadkeep.engine import people as facts_api

        memory = _open(db_url)
        try:
            if user not in await memory.people():
                raise NotFound(f"no person named {user!r}: nothing was deleted (threadkeep users list shows who exists)")
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
        return (f"deleted {user!r}: {convs} conversation{'s' * (convs != 1)}, {messages} message"
                f"{'s' * (messages != 1)}, {facts} fact{'s' * (facts != 1)}; their data key was destroyed first")

    click.echo(_run(run))


@users.command("export")
@db_option
@click.option("--user", "user", required=True, help="The person whose data to export.")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Where to write the zip archive.")
def users_export(db_url: str | None, user: str, out: Path) -> None:
    """Export everything threadkeep holds about a person as one zip archive (JSON and Markdown)."""
    async def run() -> Any:
        from threadkeep.personal_export import export_person

        memory = _open(db_url)
        try:
            return await export_person(memory, user=user, out=out)
        finally:
            await memory.close()

    done = _run(run)
    c = done.counts
    click.echo(f"wrote {out}: {c['conversations']} conversations, {c['messages']} messages, "
               f"{c['facts']} facts ({c['fact_versions']} versions), {c['digests']} digests")


@main.group()
def keys() -> None:
    """Master key and API keys."""


@keys.command("generate-master")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True)
def keys_generate_master(out: Path) -> None:
    """Write a new random master key file (it must not exist yet)."""
    from threadkeep.crypto import generate_master_key_file

    if out.exists():
        raise click.ClickException(f"{out} exists; refusing to overwrite a master key")
    key = generate_master_key_file(out)
    click.echo(f"key id {key.key_id}")


@keys.command("rotate-master")
@db_option
@click.option("--new-key-file", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="The new key (from `keys generate-master`). Omit to finish an interrupted rotation.")
def keys_rotate_master(db_url: str | None, new_key_file: Path | None) -> None:
    """Re-wrap every data key under a new master key, while servers keep running.

    The current key is read as usual ($THREADKEEP_MASTER_KEY, $THREADKEEP_MASTER_KEY_FILE or
    the data directory). With a key file, the file first holds the new key and then the old
    one (running servers re-read it and follow), and the new key alone when every data key
    is re-wrapped. Interrupted? Run `threadkeep keys rotate-master` again (no option): it
    finishes the rotation the database has begun. Refused while a server holds its key in
    $THREADKEEP_MASTER_KEY without the new one (see docs/ARCHITECTURE.md).
    """
    from threadkeep.crypto import MasterKey, _parse_keyring
    from threadkeep.engine import admin

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
    where = (f"{path} now holds only the new key; the old key is gone from it" if path is not None
             else "set THREADKEEP_MASTER_KEY to the new key alone")
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
    from threadkeep.engine import people as facts_api

    rows = with_memory(db_url, lambda m: facts_api.list_facts(m, user=user, include_retired=include_retired))
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        mark = "" if r["status"] == "current" else f" [{r['status']}]"
        click.echo(f"{r['id']}  {r['text']}{mark}  (seen {r['times_seen']}×, last {r['last_seen'][:10]})")


@facts.command("history")
@db_option
@user_option
@click.argument("fact_id")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def facts_history(db_url: str | None, user: str, fact_id: str, as_json: bool) -> None:
    """Every version of one fact, oldest first."""
    from threadkeep.engine import people as facts_api

    rows = with_memory(db_url, lambda m: facts_api.fact_history(m, fact_id, user=user))
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        click.echo(f"v{r['version']}  {r['at'][:19]}  {r['op']:<8} {r['old_value'] or ''} → {r['new_value'] or ''}")


@facts.command("undo")
@db_option
@user_option
@click.argument("fact_id", required=False)
def facts_undo(db_url: str | None, user: str, fact_id: str | None) -> None:
    """Undo the last change (of one fact, or of any fact of the person)."""
    from threadkeep.engine import people as facts_api

    change = with_memory(db_url, lambda m: facts_api.undo_fact(m, user=user, fact_id=fact_id))
    if change is None:
        raise click.ClickException("nothing to undo")
    if change["value"] is None:
        click.echo(f"undone: {change['key']} {change['old_value']!r} is gone again")
    else:
        click.echo(f"undone: {change['key']} is now {change['value']!r}")


@facts.command("delete")
@db_option
@user_option
@click.argument("fact_id")
def facts_delete(db_url: str | None, user: str, fact_id: str) -> None:
    """Erase a fact and its whole history for good (the web app's "forget" is undoable)."""
    from threadkeep.engine import people as facts_api

    with_memory(db_url, lambda m: facts_api.erase_fact(m, fact_id, user=user))
    click.echo(f"deleted fact {fact_id}")


# -- knowledge ---------------------------------------------------------------------------
@main.group()
def knowledge() -> None:
    """The deployment's knowledge base: add, list, remove, search."""


def _kb_call(db_url: str | None, fn: Any) -> Any:
    return with_memory(db_url, lambda memory: asyncio.to_thread(fn, memory.knowledge))


groups_option = click.option("--group", "groups", multiple=True,
                             help="Access group (repeatable). Without --group and --public only admins see it.")


@knowledge.command("add")
@db_option
@groups_option
@click.option("--public", is_flag=True, help="Visible to every person.")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
def knowledge_add(db_url: str | None, groups: tuple[str, ...], public: bool, paths: tuple[Path, ...]) -> None:
    """Add documents (.txt, .md, .html, .pdf): chunked, embedded, sealed."""
    def add(kb: Any) -> list[Any]:
        with click.progressbar(length=len(paths), label="ingesting", file=sys.stderr,
                               show_pos=True, item_show_func=lambda p: p) as bar:
            done = {"files": 0}

            def progress(step: Any) -> None:
                if step.files_done > done["files"]:
                    bar.update(step.files_done - done["files"], current_item=Path(step.path).name)
                    done["files"] = step.files_done

            # Absolute paths: the source names the file on this machine for administrators
            # (readers through MCP see only its name).
            return list(kb.add_files([p.resolve() for p in paths], groups=groups, public=public, progress=progress))

    for info in _kb_call(db_url, add):
        note = " (already stored)" if info.duplicate else ""
        click.echo(f"{info.id}  {info.chunk_count:>4} chunks  {info.title}{note}")


@knowledge.command("list")
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def knowledge_list(db_url: str | None, as_json: bool) -> None:
    """Every document with its access groups."""
    docs = _kb_call(db_url, lambda kb: kb.list_documents())
    if as_json:
        click.echo(json.dumps([{"id": d.id, "title": d.title, "source": d.source, "groups": list(d.groups),
                                "public": d.public, "chunks": d.chunk_count,
                                "created_at": d.created_at.isoformat()} for d in docs],
                              ensure_ascii=False, indent=2))
        return
    for d in docs:
        access = "public" if d.public else (",".join(d.groups) or "admins only")
        click.echo(f"{d.id}  {d.chunk_count:>4} chunks  [{access}]  {d.title}")


@knowledge.command("remove")
@db_option
@click.argument("document_id")
def knowledge_remove(db_url: str | None, document_id: str) -> None:
    """Remove a document and its chunks."""
    _kb_call(db_url, lambda kb: kb.remove_document(document_id))
    click.echo(f"removed {document_id}")


@knowledge.command("search")
@db_option
@groups_option
@click.option("-k", "k", default=5, show_default=True, type=click.IntRange(1, 50))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.argument("query")
def knowledge_search(db_url: str | None, groups: tuple[str, ...], k: int, as_json: bool, query: str) -> None:
    """Search as a caller with these groups would (public documents plus the groups')."""
    def search(kb: Any) -> tuple[list[Any], list[Any]]:
        docs = kb.list_documents()
        return kb.search(query, groups=groups, k=k), [d for d in docs if not d.public and not set(d.groups) & set(groups)]

    hits, hidden = _kb_call(db_url, search)
    if hidden and not hits:
        # Say why nothing was found rather than nothing at all.
        admins_only = sum(1 for d in hidden if not d.groups)
        in_groups = sorted({g for d in hidden for g in d.groups})
        why = [f"{admins_only} added without --public or --group (only admins see them)"] if admins_only else []
        if in_groups:
            why.append(f"{len(hidden) - admins_only} in groups {', '.join(in_groups)} (search with --group)")
        click.echo(f"note: {len(hidden)} documents are not visible to this search: {'; '.join(why)}. "
                   "Make one visible with `threadkeep knowledge add --public` or `--group NAME`.", err=True)
    if as_json:
        click.echo(json.dumps([{"chunk_id": h.chunk_id, "document_id": h.document_id, "title": h.title,
                                "part": h.ordinal + 1, "score": h.score, "text": h.text} for h in hits],
                              ensure_ascii=False, indent=2))
        return
    for i, h in enumerate(hits, 1):
        click.echo(f"[{i}] {h.citation()}  score {h.score:.4f}\n    {' '.join(h.text.split())[:200]}")


# -- evaluation --------------------------------------------------------------------------
@main.group("eval")
def eval_group() -> None:
    """Evaluations of what the memory keeps (data files are given by path)."""


@eval_group.command("five-questions")
@click.option("--data", "data", type=click.Path(exists=True, dir_okay=False, path_type=Path), required=True,
              help="A five-questions dialogs file (JSON list of dialogs).")
@click.option("--budget", default=2000, show_default=True, type=click.IntRange(200, 1_000_000),
              help="Token budget of the assembled request.")
@click.option("--baseline", type=click.Choice(["brief"]), default=None,
              help="Use a free 'summarise briefly' summary instead of the structured one.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--dump", "dump", type=click.Path(dir_okay=False, writable=True, path_type=Path), default=None,
              help="Write one JSON line per question (id, q, summary, request as sent).")
def eval_five_questions(data: Path, budget: int, baseline: str | None, as_json: bool, dump: Path | None) -> None:
    """Share of questions answered from the summary alone and from the assembled request."""
    five = checkout_module("five_questions", command="eval five-questions")
    result = five.run_five_questions(data, budget=budget, baseline=baseline, dump=dump)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    def line(row: dict[str, float]) -> str:
        return "  ".join(f"{m} {row[m]:.3f}" for m in ("summary_only", "assembled", "stale_only", "stale_kept",
                                                          "stale_beside"))

    click.echo(line(result))
    for group in ("by_kind", "by_language"):
        for name, row in sorted(result[group].items()):
            click.echo(f"  {name:<10} {line(row)}")


@eval_group.command("locomo")
@click.option("--data", "data", type=click.Path(exists=True, dir_okay=False, path_type=Path), required=True,
              help="A LoCoMo file (JSON list of conversations with questions and evidence).")
@click.option("--budget", default=2000, show_default=True, type=click.IntRange(200, 1_000_000),
              help="Token budget of the assembled request.")
@click.option("--limit", default=None, type=click.IntRange(1, 1000), help="Only the first N conversations.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--dump", "dump", type=click.Path(dir_okay=False, writable=True, path_type=Path), default=None,
              help="Write one JSON line per question (sample_id, question, category, request as sent).")
def eval_locomo(data: Path, budget: int, limit: int | None, as_json: bool, dump: Path | None) -> None:
    """Answer in context: the share of questions whose answer is in the request the engine builds."""
    locomo = checkout_module("locomo", command="eval locomo")
    result = locomo.run_locomo(data, budget=budget, limit=limit, dump=dump,
                               progress=None if as_json else (lambda line: click.echo(line, err=True)))
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    rows = [("threadkeep", result), *((k, v) for k, v in result["baselines"].items())]
    click.echo(f"budget {result['budget']} tokens, {result['questions']} questions "
               f"({result['evidence_questions']} with evidence)")
    click.echo(f"{'':20}{'answer_in_context':>18}{'evidence_recall':>17}{'strict':>8}  by category (AIC / strict)")
    for name, row in rows:
        ev = f"{row['evidence_recall']:.3f}" if "evidence_recall" in row else "-"
        strict = f"{row['strict_answer_in_context']:.3f}" if "strict_answer_in_context" in row else "-"
        cats = "  ".join(f"{c} {r['answer_in_context']:.3f}"
                         + (f" / {r['strict_answer_in_context']:.3f}" if "strict_answer_in_context" in r else "")
                         for c, r in sorted(row["by_category"].items()))
        click.echo(f"{name:20}{row['answer_in_context']:>18.3f}{ev:>17}{strict:>8}  {cats}")


def _register_extensions() -> None:
    """Commands that live beside their subsystems (service, cache), attached here."""
    from threadkeep.cli import cache as cli_cache
    from threadkeep.cli import chat as cli_chat
    from threadkeep.cli import imports as cli_import
    from threadkeep.cli import mcp as cli_mcp
    from threadkeep.cli import people as cli_people
    from threadkeep.cli import service as cli_service

    cli_chat.register(main)
    cli_service.register(main, keys)
    cli_cache.register(main)
    cli_mcp.register(main)
    cli_import.register(main)
    cli_people.register(main, users)


try:
    _register_extensions()
except KeyboardInterrupt:
    print("\ninterrupted", file=__import__("sys").stderr)
    raise SystemExit(130) from None


if __name__ == "__main__":  # pragma: no cover
    main()
