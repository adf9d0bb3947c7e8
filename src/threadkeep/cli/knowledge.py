"""``threadkeep knowledge add|list|remove|search``: the deployment's knowledge base.

:func:`register` adds this group to the ``threadkeep`` group (:mod:`threadkeep.cli.main`).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import click

from threadkeep.cli.common import db_option, with_memory
from threadkeep.wording import counted

__all__ = ["knowledge", "register"]


@click.group()
def knowledge() -> None:
    """The deployment's knowledge base: add, list, remove, search."""


def _kb_call(db_url: str | None, fn: Any) -> Any:
    return with_memory(db_url, lambda memory: asyncio.to_thread(fn, memory.knowledge))


groups_option = click.option(
    "--group",
    "groups",
    multiple=True,
    help="Access group (repeatable). Without --group and --public only admins see it.",
)


@knowledge.command("add")
@db_option
@groups_option
@click.option("--public", is_flag=True, help="Visible to every person.")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
def knowledge_add(db_url: str | None, groups: tuple[str, ...], public: bool, paths: tuple[Path, ...]) -> None:
    """Add documents (.txt, .md, .html, .pdf): chunked, embedded, sealed."""

    def add(kb: Any) -> list[Any]:
        with click.progressbar(
            length=len(paths), label="ingesting", file=sys.stderr, show_pos=True, item_show_func=lambda p: p
        ) as bar:
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
        click.echo(f"{info.id}  {counted(info.chunk_count, 'chunk'):>10}  {info.title}{note}")


@knowledge.command("list")
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def knowledge_list(db_url: str | None, as_json: bool) -> None:
    """Every document with its access groups."""
    docs = _kb_call(db_url, lambda kb: kb.list_documents())
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "id": d.id,
                        "title": d.title,
                        "source": d.source,
                        "groups": list(d.groups),
                        "public": d.public,
                        "chunks": d.chunk_count,
                        "created_at": d.created_at.isoformat(),
                    }
                    for d in docs
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    for d in docs:
        access = "public" if d.public else (",".join(d.groups) or "admins only")
        click.echo(f"{d.id}  {counted(d.chunk_count, 'chunk'):>10}  [{access}]  {d.title}")


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
        return kb.search(query, groups=groups, k=k), [
            d for d in docs if not d.public and not set(d.groups) & set(groups)
        ]

    hits, hidden = _kb_call(db_url, search)
    if hidden and not hits:
        # Say why nothing was found rather than nothing at all.
        admins_only = sum(1 for d in hidden if not d.groups)
        in_groups = sorted({g for d in hidden for g in d.groups})
        why = [f"{admins_only} added without --public or --group (only admins see them)"] if admins_only else []
        if in_groups:
            why.append(f"{len(hidden) - admins_only} in groups {', '.join(in_groups)} (search with --group)")
        click.echo(
            f"note: {counted(len(hidden), 'document')} {'is' if len(hidden) == 1 else 'are'} not visible to this search: {'; '.join(why)}. "
            "Make one visible with `threadkeep knowledge add --public` or `--group NAME`.",
            err=True,
        )
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "chunk_id": h.chunk_id,
                        "document_id": h.document_id,
                        "title": h.title,
                        "part": h.ordinal + 1,
                        "score": h.score,
                        "text": h.text,
                    }
                    for h in hits
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    for i, h in enumerate(hits, 1):
        click.echo(f"[{i}] {h.citation()}  score {h.score:.4f}\n    {' '.join(h.text.split())[:200]}")


def register(main: click.Group) -> None:
    main.add_command(knowledge)
