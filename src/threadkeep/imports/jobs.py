"""Background work an import leaves, as durable job kinds of the jobs machinery.

* ``import_conversation`` (one per imported conversation): facts from each of the person's
  messages (the configured extractor: the fold model, or the offline patterns), then folds
  until none is due — the conversation's summary covers its history.
* ``import_recall`` (one per import): the person's recall index (vectors of messages not
  indexed yet).
* ``import_profile`` (one per import): the profile, once the conversations' facts are in.

Each job works for at most :func:`budget_s` seconds and then asks to run again at once
(:class:`threadkeep.jobs.Defer`): a big import never holds a worker past the job time limit,
and the work is resumable (facts are idempotent per message, folds move a cursor, the recall
index takes messages without a vector).
"""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from threadkeep import jobs
from threadkeep.imports.store import note_chunks_indexed
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.memory_tables import FactExtraction
from threadkeep.store.models import Conversation, Job, Message

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = ["install", "KINDS", "budget_s"]

KINDS = ("import_conversation", "import_recall", "import_profile")
# Messages decrypted and mined per read (and per transaction with the offline extractor).
_BATCH = 50
_RECALL_BATCH = 16


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


def _unmined(memory: Memory, cid: str, after_seq: int) -> tuple[str, list[tuple[str, int, str]]] | None:
    """(owner, up to _BATCH of the person's messages after ``after_seq`` not mined yet)."""
    with memory.db.reading() as s:
        conv = s.get(Conversation, cid)
        if conv is None:
            return None
        rows = s.scalars(
            select(Message).outerjoin(FactExtraction, FactExtraction.message_id == Message.id)
            .where(Message.conversation_id == cid, Message.role == "user", Message.seq > after_seq,
                   FactExtraction.message_id.is_(None))
            .order_by(Message.seq).limit(_BATCH)).all()
        return conv.user_id, [(m.id, m.seq, repo.open_message_text(s, memory.vault, m)) for m in rows]


def _mine_by_rules(memory: Memory, uid: str, batch: list[tuple[str, int, str]], emb: Any) -> None:
    """The offline extractor over a batch of the person's messages, in ONE transaction: the
    same rules and records as :func:`aextract_and_store` without a model (idempotent per
    message), without two transactions per message."""
    from threadkeep.memory.facts.extract import extract_facts, strip_injected
    from threadkeep.memory.facts.store import apply_candidates

    found = [(mid, extract_facts(strip_injected(text))) for mid, _, text in batch]

    def write(s: Session) -> None:
        done = set(s.scalars(select(FactExtraction.message_id).where(
            FactExtraction.message_id.in_([mid for mid, _ in found]))))
        for mid, candidates in found:
            if mid in done:
                continue
            changes = apply_candidates(s, memory.vault, user_id=uid, candidates=candidates, message_id=mid,
                                       embedder=emb) if candidates else []
            s.add(FactExtraction(message_id=mid, user_id=uid, method="rule",
                                 changes=sum(c.op != "seen" for c in changes)))

    memory.db.write(write)


async def _conversation_job(memory: Memory, payload: dict[str, Any]) -> None:
    from threadkeep.memory.facts.model import aextract_and_store  # the memory engines: on first use

    cid = str(payload["conversation_id"])
    started = time.monotonic()
    budget = budget_s(memory)
    emb = memory.embedder() or None
    after = 0
    while True:
        found = await asyncio.to_thread(_unmined, memory, cid, after)
        if found is None:
            return  # deleted since
        uid, batch = found
        if not batch:
            break
        if memory.fold_model is None:
            await asyncio.to_thread(_mine_by_rules, memory, uid, batch, emb)
            after = batch[-1][1]
        else:
            for mid, seq, text in batch:
                await aextract_and_store(memory.db, memory.vault, user_id=uid, message_id=mid, text=text,
                                         model=memory.fold_model, role="user", embedder=emb or False)
                after = seq
                if time.monotonic() - started > budget:
                    raise _again()
        if time.monotonic() - started > budget:
            raise _again()
    while await memory.fold_once(cid):
        if time.monotonic() - started > budget:
            raise _again()


async def _recall_job(memory: Memory, payload: dict[str, Any]) -> None:
    from threadkeep.memory.recall.vectors import index_pending

    uid = str(payload["user_id"])
    emb = memory.embedder() or False
    started = time.monotonic()
    # Small batches: on a loaded host one passage embedding can take a second or more, and a
    # batch must end well inside the job time limit.
    while await asyncio.to_thread(index_pending, memory.db, memory.vault, user_id=uid, embedder=emb,
                                  limit=_RECALL_BATCH):
        if time.monotonic() - started > budget_s(memory):
            raise _again()
    # Nothing of the person is left without a vector, so every chunk this import made is
    # embedded: say so, rather than leave the status at "0 of N" (the count moves only here:
    # index_pending counts messages, not chunks).
    if payload.get("import_id"):
        await asyncio.to_thread(note_chunks_indexed, memory, str(payload["import_id"]))



def _conversations_left(memory: Memory, import_id: str) -> int:
    with memory.db.reading() as s:
        return int(s.scalar(select(func.count()).select_from(Job).where(
            Job.dedupe_key.like(f"import:{import_id}:conv:%"))) or 0)


async def _profile_job(memory: Memory, payload: dict[str, Any]) -> None:
    """After the conversations' facts (it waits for them: a profile of half the facts would be
    rebuilt at once)."""
    if await asyncio.to_thread(_conversations_left, memory, str(payload["import_id"])):
        raise jobs.Defer(utcnow() + timedelta(seconds=1))
    from threadkeep.memory.profile import arefresh_profile

    await arefresh_profile(memory.db, memory.vault, user_id=str(payload["user_id"]),
                           every=memory.settings.profile_every, model=memory.fold_model, force=True)
