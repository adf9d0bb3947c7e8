"""Importing a file, end to end: what the CLI and the API call.

:func:`import_file` reads an export with the format's streaming reader and hands its
conversations to :func:`threadkeep.imports.store.store_conversations` (blocking: run it in a
thread). :func:`run_background` then works through the import's background jobs in the
caller's process — the CLI does, so an import is complete when the command returns even
with no server running; a server's own workers take the same jobs when one runs (claims are
exclusive, so both can work at once).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from threadkeep import jobs
from threadkeep.errors import InputError
from threadkeep.imports import jobs as import_jobs
from threadkeep.imports.chatgpt import read_chatgpt
from threadkeep.imports.claude import read_claude
from threadkeep.imports.detect import FORMAT_NAMES, detect_format, looks_like
from threadkeep.imports.model import ImportedConversation, ImportFormatError
from threadkeep.imports.reading import CountingReader
from threadkeep.imports.runs import FORMATS, background_left, import_status
from threadkeep.imports.store import ImportCounts, ImportResult, store_conversations
from threadkeep.imports.telegram import read_telegram

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = ["READERS", "read_export", "import_file", "run_background", "check_format", "check_upload"]

READERS = ("chatgpt", "claude", "telegram")


def read_export(
    format: str,
    path: Path,
    *,
    person: str | None = None,
    chats: Sequence[str] = (),
    reader_out: list[CountingReader] | None = None,
    name: str | None = None,
) -> Iterator[ImportedConversation]:
    """The conversations of an export of ``format``, lazily. ``name``: what errors call the
    file (over HTTP, the uploaded file's name rather than the server's temporary file)."""
    if format != "telegram" and (person or chats):
        raise InputError("--as and --chat apply to Telegram exports only")
    if format == "chatgpt":
        return read_chatgpt(path, reader_out=reader_out, name=name)
    if format == "claude":
        return read_claude(path, reader_out=reader_out, name=name)
    if format == "telegram":
        return read_telegram(path, person=person, chats=chats, reader_out=reader_out, name=name)
    raise InputError(f"unknown export format {format!r}; use one of {', '.join(READERS)}")


def check_format(path: Path, format: str | None, *, name: str | None = None) -> str:
    """The format to read ``path`` as: ``format`` when the file's structure agrees (or says
    nothing), the detected one when no format is given. A file that looks like another
    format is refused with the format it looks like; so is one that looks like none when no
    format was given."""
    shown = name or Path(path).name
    found = detect_format(Path(path), shown)
    if format is None:
        if found is None:
            raise ImportFormatError(
                f"{shown}: cannot tell which export this is ({looks_like(None)}: a ChatGPT "
                "or Claude conversations.json, a Telegram result.json, their .zip, or a "
                "threadkeep personal export); name the format"
            )
        return found
    if format not in FORMATS:
        raise InputError(f"unknown export format {format!r}; use one of {', '.join(FORMATS)}")
    if found is not None and found != format:
        raise ImportFormatError(
            f"{shown}: not {FORMAT_NAMES[format]}: {looks_like(found)}; import it as "
            f"{found} (`threadkeep import {found} FILE`, or `threadkeep import FILE` to "
            "let the file say)"
        )
    return format


def check_upload(
    path: Path, format: str | None, *, name: str, person: str | None = None, chats: Sequence[str] = ()
) -> str:
    """Before an upload is accepted: its format (checked against, or told by, its structure)
    and — ChatGPT, Claude — its first conversation read within the limits, so a file broken
    or hostile at its start is refused at once and leaves no import. Telegram's reader makes
    a whole first pass before its first chat, so a Telegram upload must show its structure
    at its start instead (random or binary bytes are refused here, not after a 202). The
    format."""
    format = check_format(Path(path), format, name=name)
    if format == "telegram" and detect_format(Path(path), name) != "telegram":
        raise ImportFormatError(
            f"{name}: not {FORMAT_NAMES['telegram']}: {looks_like(None)} (result.json, or "
            "its .zip, is a JSON object holding 'messages', 'chats' or 'personal_information')"
        )
    if format not in READERS:
        raise InputError(
            f"{name}: {FORMAT_NAMES[format]} is imported with `threadkeep import threadkeep FILE`, not uploaded here"
        )
    if format != "telegram" and (person or chats):
        raise InputError("'as' and 'chat' apply to Telegram exports only")
    if format != "telegram":
        for _ in read_export(format, Path(path), name=name):
            break
    return format


def import_file(
    memory: Memory,
    path: Path,
    *,
    user: str,
    format: str | None,
    person: str | None = None,
    chats: Sequence[str] = (),
    import_id: str | None = None,
    name: str | None = None,
    on_conversation: Callable[[ImportCounts, int, int | None], None] | None = None,
) -> ImportResult:
    """Store an export file's conversations for ``user`` (blocking). ``format`` None: told by
    the file's structure. ``on_conversation`` gets the counts so far, the bytes read and the
    file's size after each conversation. ``name``: what errors call the file."""
    format = check_format(Path(path), format, name=name)
    if format not in READERS:
        raise InputError(
            f"{name or Path(path).name}: {FORMAT_NAMES[format]}: import it with `threadkeep import threadkeep FILE`"
        )
    import_jobs.install(memory)
    readers: list[CountingReader] = []
    convs = read_export(format, Path(path), person=person, chats=chats, reader_out=readers, name=name)

    def position() -> int:
        return readers[-1].read_bytes if readers else 0

    def tick(counts: ImportCounts) -> None:
        if on_conversation is not None:
            on_conversation(counts, position(), readers[-1].total if readers else None)

    return store_conversations(
        memory,
        convs,
        user=user,
        format=format,
        import_id=import_id,
        bytes_read=position,
        on_conversation=tick,
        bytes_total=lambda: readers[-1].total if readers else None,
    )


async def run_background(
    memory: Memory, import_id: str, *, user: str, on_progress: Callable[[dict[str, Any]], None] | None = None
) -> dict[str, Any]:
    """Run the import's background jobs here until none is left; the final status.

    Only the import job kinds are claimed (other queued work is left to the server). Between
    batches ``on_progress`` gets the status (its ``progress.background``)."""
    import_jobs.install(memory)
    runner = jobs.JobRunner(
        memory.db,
        {k: memory.runner.handlers[k] for k in import_jobs.KINDS},
        time_limit_s=memory.settings.job_time_limit_s,
    )
    while True:
        status = await asyncio.to_thread(import_status, memory, import_id, user=user)
        if on_progress is not None:
            on_progress(status)
        left = await asyncio.to_thread(_left, memory, import_id)
        if status["status"] in ("done", "failed") or not left:
            return await asyncio.to_thread(import_status, memory, import_id, user=user)
        if not await runner.run_once(batch=1):
            # Held by another worker (a running server), or deferred a moment: wait for it.
            await asyncio.sleep(0.5)


def _left(memory: Memory, import_id: str) -> int:
    with memory.db.reading() as s:
        return background_left(s, import_id)
