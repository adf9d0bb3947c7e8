"""Background work an import leaves, as durable job kinds of the jobs machinery.

* ``import_conversation`` (one per imported conversation): facts from each of the person's
  messages (the configured extractor: the fold model, or the offline patterns), then folds
  until none is due — the conversation's summary covers its history.
* ``import_recall`` (one per import): the recall index of the import's messages, in bounded
  steps of chunks (:func:`threadkeep.memory.recall.backfill.index_step`), each committing its
  vectors with the import's ``chunks_done`` in one write transaction.
* ``import_profile`` (one per import): the profile, once the conversations' facts are in.

Every step is bounded — the recall job's by the measured embedding cost of its chunks, the
facts by messages and characters per batch, a fold by the fold policy — and leaves durable
progress (vectors per chunk, a mined mark per message, the fold cursor). A run starts no step
it could not finish inside the job time limit: it asks to run again at once
(:class:`threadkeep.jobs.Defer`) and the next run resumes where it stopped, never from the
start. A run the limit stops anyway (a step slower than measured) tells the runner it made
progress (:func:`threadkeep.jobs.note_progress`), so it is re-queued, not counted as failed.
"""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from threadkeep import jobs, priority
from threadkeep.engine import import_work
from threadkeep.imports.runs import count_chunks_indexed, note_chunks_indexed
from threadkeep.store.base import utcnow
from threadkeep.store.imports_tables import ImportSource
from threadkeep.store.models import Job

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = ["install", "KINDS", "budget_s"]

KINDS = ("import_conversation", "import_recall", "import_profile")
# Messages decrypted and mined per read (and per transaction with the offline extractor),
# and at most this many characters of them: a batch of 50 pasted documents is not one step.
_BATCH = 50
_BATCH_CHARS = 200_000
# A run starts no step unless it would end by this share of the job time limit.
_RUN_SHARE = 0.8


def budget_s(memory: Memory) -> float:
    """How long one run of an import job works before it yields: 60 % of the job time limit."""
    return 0.6 * memory.settings.job_time_limit_s


def install(memory: Memory) -> None:
    """Register the import job kinds on this memory's job runner (idempotent)."""
    memory.register_job("import_conversation", lambda p: _conversation_job(memory, p))
    memory.register_job("import_recall", lambda p: _recall_job(memory, p))
    memory.register_job("import_profile", lambda p: _profile_job(memory, p))


def _again() -> jobs.Defer:
    return jobs.Defer(utcnow())


async def _conversation_job(memory: Memory, payload: dict[str, Any]) -> None:

    cid = str(payload["conversation_id"])
    started = time.monotonic()
    budget = budget_s(memory)
    emb = memory.embedder() or None
    after = 0
    while True:
        await priority.pause()  # between steps, background work yields to turns
        found = await asyncio.to_thread(import_work.unmined, memory, cid, after, batch=_BATCH, chars=_BATCH_CHARS)
        if found is None:
            return  # deleted since
        uid, batch = found
        if not batch:
            break
        if memory.fold_model is None:
            jobs.working_on(f"facts of messages {batch[0][0]} to {batch[-1][0]} of conversation {cid}")
            await asyncio.to_thread(import_work.mine_by_rules, memory, uid, batch, emb)
            jobs.note_progress()
            after = batch[-1][1]
        else:
            for mid, seq, text in batch:
                await priority.pause()
                jobs.working_on(f"facts of message {mid} of conversation {cid}")
                await import_work.mine_with_model(memory, uid, mid, text, emb)
                jobs.note_progress()
                after = seq
                if time.monotonic() - started > budget:
                    raise _again()
        if time.monotonic() - started > budget:
            raise _again()
    jobs.working_on(f"a fold of conversation {cid}")
    while await memory.fold_once(cid):
        jobs.note_progress()  # the fold moved the conversation's cursor
        if time.monotonic() - started > budget:
            raise _again()
        await priority.pause()


async def _recall_job(memory: Memory, payload: dict[str, Any]) -> None:
    """The import's messages into the recall index, in steps sized by the pacer (a step takes
    about :data:`~threadkeep.memory.recall.backfill.STEP_SHARE` of the time limit at the cost
    last measured); each step commits its chunks, vectors and ``chunks_done`` at once."""
    from threadkeep.memory.recall.backfill import (  # lazy: start-up (tests/test_serve_startup.py)
        index_step,
        pacer_for,
    )

    uid = str(payload["user_id"])
    import_id = str(payload["import_id"]) if payload.get("import_id") else None
    emb = memory.embedder()
    limit = memory.settings.job_time_limit_s
    started = time.monotonic()
    if emb is not None:
        pacer = pacer_for(emb.name, limit)
        among = (
            select(ImportSource.message_id).where(
                ImportSource.import_id == import_id, ImportSource.message_id.is_not(None)
            )
            if import_id
            else None
        )

        def counted(s: Session, step: Any) -> None:
            if import_id is not None and step.chunks:
                count_chunks_indexed(s, import_id, step.chunks)

        while True:
            await priority.pause()
            if time.monotonic() - started + pacer.expected_s() > _RUN_SHARE * limit:
                raise _again()
            step = await asyncio.to_thread(
                index_step,
                memory.db,
                memory.vault,
                user_id=uid,
                embedder=emb,
                pacer=pacer,
                among=among,
                on_commit=counted,
                on_item=jobs.working_on,
            )
            if step.chunks or step.messages:
                jobs.note_progress()
            if not step.left:
                break
    # Nothing of the import is left without a vector (or there is no embedder: nothing to
    # embed): the count says so even for chunks another job embedded meanwhile.
    if import_id is not None:
        await asyncio.to_thread(note_chunks_indexed, memory, import_id)


def _conversations_left(memory: Memory, import_id: str) -> int:
    with memory.db.reading() as s:
        return int(
            s.scalar(select(func.count()).select_from(Job).where(Job.dedupe_key.like(f"import:{import_id}:conv:%")))
            or 0
        )


async def _profile_job(memory: Memory, payload: dict[str, Any]) -> None:
    """After the conversations' facts (it waits for them: a profile of half the facts would be
    rebuilt at once)."""
    if await asyncio.to_thread(_conversations_left, memory, str(payload["import_id"])):
        raise jobs.Defer(utcnow() + timedelta(seconds=1))
    await import_work.refresh_profile(memory, str(payload["user_id"]))
