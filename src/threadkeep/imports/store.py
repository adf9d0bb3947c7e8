"""The one writer of imported history: :func:`store_conversations`.

Every face (``threadkeep import …``, ``POST /v1/me/imports``) and every format (ChatGPT,
Claude, Telegram, a threadkeep archive) hands its conversations to this function, which

* writes each conversation in ONE transaction: its row (title sealed, original start time),
  its messages (text sealed under the person's key, original ``created_at``, in order), the
  source ids it used, the import run's counts and the conversation's background job — so a
  conversation is either wholly there or not at all;
* skips what an earlier import already stored (source ids, per person), so importing the
  same file twice adds nothing, and a later export of the same history adds only the new
  messages (appended to the conversation they belong to);
* queues the background work with :func:`threadkeep.jobs.enqueue_many` under dedupe keys
  ``import:<import id>:…``: one job per conversation (facts from the person's messages, then
  folds), then one for the recall index and one for the profile of the person
  (:mod:`threadkeep.imports.jobs`).

The run's record (its status, progress and failure) is kept by :mod:`threadkeep.imports.runs`.

A file that breaks halfway (malformed, truncated) stops the import with an error naming the
place; the conversations before it stay stored, complete, and running the import again with
a good file resumes: what is already there is skipped (docs/IMPORT.md, "Errors and resuming").

It is synchronous and does blocking I/O: call it from a thread (``asyncio.to_thread``), never
on an event loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from threadkeep import jobs
from threadkeep.errors import InputError, NotFound
from threadkeep.imports.model import MAX_SOURCE_ID, ImportedConversation, ImportedMessage
from threadkeep.imports.runs import EMPTY, fail_import, start_import
from threadkeep.imports.text import clean_text, conversation_title, message_parts
from threadkeep.memory.recall.chunking import chunk_spans
from threadkeep.store import repo
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.imports_tables import ImportRun, ImportSource
from threadkeep.store.memory_tables import FactExtraction
from threadkeep.store.models import Conversation, Message

if TYPE_CHECKING:
    from threadkeep.engine import Memory

log = logging.getLogger("threadkeep.imports")

__all__ = ["ImportCounts", "ImportResult", "store_conversations", "CHANNEL"]

# The channel imported conversations are stored under (shown in conversation listings).
CHANNEL = "import"


@dataclass(slots=True)
class ImportCounts:
    """What an import did so far."""

    conversations: int = 0  # conversations that got new messages (made, or continued)
    messages: int = 0  # messages stored
    skipped_conversations: int = 0  # already imported in full: nothing new in them
    empty_conversations: int = 0  # nothing to store in them (every message left out, or none)
    skipped_messages: int = 0  # already imported before
    split_messages: int = 0  # longer than the message limit: stored whole, in consecutive parts
    jobs: int = 0  # background jobs queued
    left_out: dict[str, int] = field(default_factory=dict)  # what the readers skipped, by reason


@dataclass(frozen=True, slots=True)
class ImportResult:
    import_id: str
    counts: ImportCounts


def store_conversations(
    memory: Memory,
    conversations: Iterable[ImportedConversation],
    *,
    user: str,
    format: str,
    import_id: str | None = None,
    bytes_read: Callable[[], int] | None = None,
    on_conversation: Callable[[ImportCounts], None] | None = None,
    bytes_total: Callable[[], int | None] | None = None,
) -> ImportResult:
    """Store imported conversations for ``user`` (made on first use); see the module docstring.

    ``conversations`` is consumed lazily, one at a time: a reader that raises (a malformed
    file) stops the import there; the run is marked ``failed`` with the reader's message and
    the error is raised again. ``import_id``: an existing run (from :func:`start_import`, e.g.
    an upload) to record progress in; by default a new run is made. ``bytes_read`` reports how
    far the reader got in the file (recorded with each conversation), ``bytes_total`` how
    much it will read (a zip member's size, not the zip's); ``on_conversation`` is called
    after each stored conversation (a CLI progress bar).
    """
    if import_id is None:
        import_id = start_import(memory, user=user, format=format)
    counts = ImportCounts()
    uid = memory.db.write(lambda s: _run_owner(s, import_id))
    memory.db.write(lambda s: _set_status(s, import_id, "storing"))
    limit = memory.settings.max_message_bytes
    try:
        for conv in conversations:
            position = (
                (bytes_read(), bytes_total() if bytes_total is not None else None) if bytes_read is not None else None
            )
            memory.db.write(lambda s, c=conv, p=position: _store_one(s, memory, uid, import_id, c, counts, limit, p))
            if on_conversation is not None:
                on_conversation(counts)
        # The person-level work, once, after every conversation's own job.
        specs = (
            [
                jobs.JobSpec("import_recall", {"user_id": uid, "import_id": import_id}, f"import:{import_id}:recall"),
                jobs.JobSpec("import_profile", {"user_id": uid, "import_id": import_id}, f"import:{import_id}:profile"),
            ]
            if counts.messages
            else []
        )

        def finish(s: Session) -> None:
            added = jobs.enqueue_many(s, specs)
            counts.jobs += added
            run = s.get(ImportRun, import_id)
            assert run is not None
            run.jobs_total += added
            if bytes_read is not None:
                run.bytes_read = bytes_read()
            run.status = "indexing" if run.jobs_total else "done"
            run.updated_at = utcnow()
            if not run.jobs_total:
                run.finished_at = utcnow()

        memory.db.write(finish)
    except BaseException as e:
        try:
            fail_import(memory, import_id, e if isinstance(e, Exception) else "the import was interrupted")
        except Exception:  # the database is away: the original error matters more
            log.warning("could not record the failure of import %s", import_id)
        raise
    return ImportResult(import_id, counts)


def _run_owner(s: Session, import_id: str) -> str:
    run = s.get(ImportRun, import_id)
    if run is None:
        raise NotFound(f"import {import_id} not found")
    return run.user_id


def _set_status(s: Session, import_id: str, status: str) -> None:
    s.execute(update(ImportRun).where(ImportRun.id == import_id).values(status=status, updated_at=utcnow()))


def _split(
    conv: ImportedConversation, messages: list[ImportedMessage], limit: int, counts: ImportCounts
) -> list[ImportedMessage]:
    """Messages over the size limit as consecutive messages of the same role and time; the
    first part keeps the source id, part k is ``<source id>#k``."""
    out: list[ImportedMessage] = []
    for m in messages:
        text = clean_text(m.text)
        parts = message_parts(text, limit)
        if len(parts) > 1:
            counts.split_messages += 1
        for k, part in enumerate(parts, start=1):
            sid = m.source_id if k == 1 else f"{m.source_id}#{k}"
            out.append(ImportedMessage(m.role, part, m.created_at, sid, quoted=m.quoted, speaker=m.speaker))
    return out


def _store_one(
    s: Session,
    memory: Memory,
    uid: str,
    import_id: str,
    conv: ImportedConversation,
    counts: ImportCounts,
    limit: int,
    position: tuple[int, int | None] | None,
) -> None:
    """One conversation, in the caller's (one) transaction."""
    run = s.get(ImportRun, import_id)
    if run is None:
        raise NotFound(f"import {import_id} was deleted while it ran")
    if len(conv.source_id) > MAX_SOURCE_ID:
        raise InputError(f"{conv.where or 'a conversation'}: its id is longer than {MAX_SOURCE_ID} characters")
    mapped = s.get(ImportSource, (uid, conv.source_id))
    stored = s.get(Conversation, mapped.conversation_id) if mapped is not None else None
    if stored is not None and stored.user_id != uid:  # cannot happen: the map is per person
        stored = None
    if conv.skipped:
        merged = dict(run.left_out or {})
        for reason, n in conv.skipped.items():
            counts.left_out[reason] = counts.left_out.get(reason, 0) + n
            merged[reason] = merged.get(reason, 0) + n
        run.left_out = merged
    messages = _split(conv, list(conv.messages), limit, counts)
    known = _known(s, uid, [_message_key(conv, m) for m in messages])
    fresh: list[ImportedMessage] = []
    for m in messages:
        key = _message_key(conv, m)
        if key in known:
            counts.skipped_messages += 1
            run.skipped_messages += 1
            continue
        known.add(key)  # a duplicate id within the file is stored once
        fresh.append(m)
    if position is not None:
        run.bytes_read = position[0]
        if position[1] is not None:
            run.bytes_total = position[1]
    run.updated_at = utcnow()
    if not fresh:
        if messages:  # everything in it is stored already
            counts.skipped_conversations += 1
            run.skipped_conversations += 1
        else:
            counts.empty_conversations += 1
            counts.left_out[EMPTY] = counts.left_out.get(EMPTY, 0) + 1
            run.left_out = dict(run.left_out or {}) | {EMPTY: (run.left_out or {}).get(EMPTY, 0) + 1}
        return
    if stored is None:
        if mapped is not None:  # the conversation was deleted since: import it again
            s.delete(mapped)
            s.flush()
        stored = _new_conversation(s, memory, uid, conv, fresh[0].created_at)
        s.add(
            ImportSource(
                user_id=uid, source_id=conv.source_id, conversation_id=stored.id, message_id=None, import_id=import_id
            )
        )
    run.chunks_total += _append(s, memory, import_id, stored, conv, fresh)
    counts.conversations += 1
    counts.messages += len(fresh)
    run.conversations += 1
    run.messages += len(fresh)
    added = jobs.enqueue_many(
        s,
        [
            jobs.JobSpec(
                "import_conversation",
                {"conversation_id": stored.id, "import_id": import_id},
                f"import:{import_id}:conv:{stored.id}",
            )
        ],
    )
    counts.jobs += added
    run.jobs_total += added


def _message_key(conv: ImportedConversation, m: ImportedMessage) -> str:
    if len(m.source_id) > MAX_SOURCE_ID:
        raise InputError(f"{conv.where or 'a conversation'}: a message id is longer than {MAX_SOURCE_ID} characters")
    return m.source_id


def _known(s: Session, uid: str, keys: list[str]) -> set[str]:
    """Which of these source ids the person already imported (any conversation)."""
    found: set[str] = set()
    for i in range(0, len(keys), 500):
        found.update(
            s.scalars(
                select(ImportSource.source_id).where(
                    ImportSource.user_id == uid, ImportSource.source_id.in_(keys[i : i + 500])
                )
            )
        )
    return found


def _new_conversation(
    s: Session, memory: Memory, uid: str, conv: ImportedConversation, first_at: datetime
) -> Conversation:
    started = conv.created_at or first_at
    source = conv.source_id.split(":", 1)[0]
    startup = f"Conversation started on {started:%Y-%m-%d} (UTC), imported from {source}."
    row = repo.create_conversation(
        s, memory.vault, user_id=uid, channel=CHANNEL, system_prompt=memory.settings.system_prompt, startup=startup
    )
    row.created_at = started
    row.last_activity_at = started
    title = conversation_title(conv)
    if title:
        repo.set_title(s, memory.vault, conv=row, title=title)
    return row


def _append(
    s: Session,
    memory: Memory,
    import_id: str,
    conv_row: Conversation,
    conv: ImportedConversation,
    fresh: list[ImportedMessage],
) -> int:
    """Insert the messages with one statement each for messages and source ids; the chunks
    the recall index will embed for them. Quoted messages (forwards) are recorded as mined
    with nothing found: never the person's facts."""
    vault, uid = memory.vault, conv_row.user_id
    rows: list[dict[str, Any]] = []
    sources: list[dict[str, Any]] = []
    quoted: list[dict[str, Any]] = []
    chunks = 0
    seq = conv_row.message_count
    asked: str | None = None
    newest = conv_row.last_activity_at
    for m in fresh:
        mid = new_id()
        seq += 1
        rows.append(
            {
                "id": mid,
                "conversation_id": conv_row.id,
                "user_id": uid,
                "seq": seq,
                "role": m.role,
                "status": "answered" if m.role == "user" else "ok",
                "reply_to": asked if m.role == "assistant" else None,
                "created_at": m.created_at,
                "text_ct": vault.seal(s, uid, m.text, table="messages", column="text", row_id=mid),
                "speaker_ct": (
                    vault.seal(s, uid, m.speaker, table="messages", column="speaker", row_id=mid) if m.speaker else None
                ),
            }
        )
        if m.quoted and m.role == "user":
            quoted.append({"message_id": mid, "user_id": uid, "method": "quoted", "changes": 0, "at": utcnow()})
        if m.role == "user":
            asked = mid
        sources.append(
            {
                "user_id": uid,
                "source_id": _message_key(conv, m),
                "conversation_id": conv_row.id,
                "message_id": mid,
                "import_id": import_id,
            }
        )
        chunks += len(chunk_spans(m.text)) or 1
        newest = max(newest, m.created_at)
    s.execute(insert(Message), rows)
    s.execute(insert(ImportSource), sources)
    if quoted:
        s.execute(insert(FactExtraction), quoted)
    conv_row.message_count = seq
    conv_row.last_activity_at = newest
    return chunks
