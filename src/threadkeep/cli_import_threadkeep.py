"""``threadkeep import threadkeep ARCHIVE --user NAME``: read a personal export back."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import click

from threadkeep.config import Settings

__all__ = ["import_threadkeep"]


@click.command("threadkeep")
@click.argument("archive", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--user", "user", required=True, help="The person to import the archive as.")
@click.option("--db", "db_url", default=None, envvar="THREADKEEP_DB",
              help="Database URL or SQLite path (default: SQLite in $THREADKEEP_HOME).")
def import_threadkeep(archive: Path, user: str, db_url: str | None) -> None:
    """Read back an archive of `threadkeep users export` (conversations, facts with history, profile)."""
    from threadkeep.engine import Memory
    from threadkeep.imports import jobs as import_jobs
    from threadkeep.imports.threadkeep_archive import import_archive

    bar: list[Any] = []

    def checked(found: dict[str, int]) -> None:
        click.echo(f"{archive}: {found['conversations']} conversations, {found['messages']} messages, "
                   f"{found['facts']} facts", err=True)
        bar.append(click.progressbar(length=found["conversations"], label="storing",
                                     file=click.get_text_stream("stderr")))
        bar[0].__enter__()

    def stored(_: Any) -> None:
        bar[0].update(1)

    async def run() -> Any:
        memory = Memory.open(db_url, settings=Settings())
        try:
            import_jobs.install(memory)
            try:
                done = await asyncio.to_thread(import_archive, memory, archive, user=user,
                                               on_checked=checked, on_conversation=stored)
            finally:
                if bar:
                    bar[0].__exit__(None, None, None)
            click.echo("building summaries, recall and the profile in the background…", err=True)
            await memory.drain_jobs()
            return done
        finally:
            await memory.close()

    done = asyncio.run(run())  # errors become one line through the command group
    c = done.counts
    kept = f", {done.originals_kept} still here under their own id" if done.originals_kept else ""
    click.echo(f"imported {c.conversations} conversations, {c.messages} messages ({c.skipped_messages} already "
               f"there{kept}), {done.facts_added} facts; profile {'restored' if done.profile_restored else 'kept'}")
