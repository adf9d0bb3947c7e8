"""Recall's background indexing in bounded, resumable steps: chunks, not messages.

One step (:func:`index_step`) reads the next chunks still without a vector (in a read
session), embeds them (no transaction open), then writes their vectors — and whatever the
caller records with them (``on_commit``: an import's progress) — in ONE short write
transaction. A message is *indexed* (its ``message_vectors`` row) when its last chunk is
written; until then its finished chunks wait in ``message_chunks`` and a later step embeds
only the rest, so a long message spread over many steps, a job stopped at its time limit or
a worker killed mid-step never embeds a chunk twice (what a killed step had not committed is
embedded once, by the next).

A step's size comes from a :class:`Pacer`: the measured cost of the embedder per character
of chunk text (e5 reads tokens; characters are their measurable proxy before tokenising),
sized so a step takes a fraction of the job time limit — small at first, growing while
steps finish early, shrinking at once after a slow one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep import priority
from threadkeep.memory import dates as dates_mod
from threadkeep.memory.recall.chunking import message_pieces
from threadkeep.memory.recall.vectors import (
    CHUNK_TABLE,
    EMBED_CHARS,
    VECTOR_TABLE,
    add_chunk,
    open_message,
    resolve_embedder,
)
from threadkeep.retrieval.embedding import Embedder, vector_from_bytes, vector_to_bytes
from threadkeep.store.db import Database
from threadkeep.store.memory_tables import MessageChunk, MessageVector
from threadkeep.store.models import Message
from threadkeep.store.vault import Vault
from threadkeep.wording import counted

__all__ = ["Pacer", "StepResult", "index_step", "pacer_for", "STEP_SHARE"]

# A step is sized to take this share of the job time limit at the cost last measured: the
# machine may get several times slower between two steps and a step still ends in time.
STEP_SHARE = 0.15
_FIRST_CHUNKS = 1  # before anything is measured: one chunk, the least a step can do
_MAX_CHUNKS = 512  # memory: texts and vectors held by one step
_READ_MESSAGES = 64  # messages read (and decrypted) per look for pending chunks


@dataclass(slots=True)
class Pacer:
    """How many chunks (and characters of them) the next step may embed.

    ``cost`` is seconds per character of embedded text, as last measured: it rises at once
    to a slower measurement and falls halfway to a faster one (a loaded machine is believed
    at once, a quiet one slowly). A step may grow to at most twice the last one."""

    limit_s: float
    share: float = STEP_SHARE
    cost: float | None = None
    last_chars: int = 0

    @property
    def target_s(self) -> float:
        return self.share * self.limit_s

    def budget(self) -> tuple[int, int]:
        """(chunks, characters) for the next step; at least one chunk is always taken."""
        if self.cost is None:
            return _FIRST_CHUNKS, _FIRST_CHUNKS * EMBED_CHARS
        chars = int(self.target_s / self.cost)
        if self.last_chars:
            chars = min(chars, 2 * self.last_chars)
        return _MAX_CHUNKS, max(1, chars)

    def observe(self, chars: int, seconds: float) -> None:
        if chars <= 0:
            return
        measured = max(seconds, 1e-6) / chars
        self.cost = measured if self.cost is None or measured > self.cost else (self.cost + measured) / 2
        self.last_chars = chars

    def expected_s(self) -> float:
        """How long the next step should take (the target, or a first guess)."""
        return self.target_s


_pacers: dict[tuple[str, float], Pacer] = {}
_pacers_lock = threading.Lock()


def pacer_for(embedder_name: str, limit_s: float) -> Pacer:
    """The process's pacer for an embedder under a time limit: what one job run measured,
    the next starts from."""
    with _pacers_lock:
        return _pacers.setdefault((embedder_name, limit_s), Pacer(limit_s))


@dataclass(frozen=True, slots=True)
class StepResult:
    """What one step did: chunks embedded and stored, messages completed, characters embedded,
    seconds the embedding took, and whether chunks are still left."""

    chunks: int
    messages: int
    chars: int
    embed_s: float
    left: bool


@dataclass(slots=True)
class _Planned:
    message_id: str
    user_id: str
    conversation_id: str
    seq: int
    dates: str
    pieces: list[tuple[int, int, int, str]]  # every part of the message: chunk, start, end, text
    todo: list[int]  # indexes into pieces embedded by this step
    first: np.ndarray | None  # chunk 0's vector when an earlier step stored it
    completes: bool  # the step embeds the message's last missing chunks


# One step at a time per person in this process: a run stopped at its time limit leaves its
# thread embedding, and the next run must not embed the same chunks beside it.
_person_locks: dict[str, threading.Lock] = {}


def _lock(user_id: str) -> threading.Lock:
    with _pacers_lock:
        return _person_locks.setdefault(user_id, threading.Lock())


def _plan(
    s: Session, vault: Vault, user_id: str, among: Any, max_chunks: int, max_chars: int, emb: Embedder
) -> tuple[list[_Planned], bool]:
    """The next pending chunks in message order, up to the budget; and whether more are left."""
    query = (
        select(Message)
        .outerjoin(MessageVector, MessageVector.message_id == Message.id)
        .where(Message.user_id == user_id, MessageVector.message_id.is_(None), Message.offline.is_(False))
    )  # an offline answer is never recalled: nothing to embed
    if among is not None:
        query = query.where(Message.id.in_(among))
    rows = s.scalars(query.order_by(Message.created_at, Message.seq).limit(_READ_MESSAGES)).all()
    have: dict[str, dict[int, bytes]] = {}
    if rows:
        for c in s.scalars(
            select(MessageChunk).where(
                MessageChunk.message_id.in_([m.id for m in rows]), MessageChunk.model == emb.name
            )
        ):
            have.setdefault(c.message_id, {})[c.chunk] = c.vector_ct
    plan: list[_Planned] = []
    chunks = chars = 0
    for n, m in enumerate(rows):
        text = open_message(s, vault, m)
        found = dates_mod.resolve(text, m.created_at)
        pieces = message_pieces(text, found) or [(0, 0, 0, "")]
        done = have.get(m.id, {})
        missing = [k for k, p in enumerate(pieces) if p[0] not in done]
        todo: list[int] = []
        for k in missing:
            size = len(pieces[k][3][:EMBED_CHARS])
            if chunks and (chunks >= max_chunks or chars + size > max_chars):
                break
            todo.append(k)
            chunks += 1
            chars += size
        if not todo and missing:
            return plan, True
        first = (
            vector_from_bytes(
                vault.open_bytes(s, user_id, done[0], table=CHUNK_TABLE, column="vector", row_id=f"{m.id}:0")
            )
            if 0 in done
            else None
        )
        plan.append(
            _Planned(
                m.id,
                m.user_id,
                m.conversation_id,
                m.seq,
                dates_mod.to_json(found),
                pieces,
                todo,
                first,
                completes=len(todo) == len(missing),
            )
        )
        if len(todo) < len(missing):
            return plan, True
        if chunks >= max_chunks or chars >= max_chars:
            return plan, n + 1 < len(rows) or len(rows) == _READ_MESSAGES
    return plan, len(rows) == _READ_MESSAGES


def _write(s: Session, vault: Vault, plan: list[_Planned], vectors: np.ndarray, model: str) -> tuple[int, int]:
    """Store the step's vectors; (chunks written, messages completed). A chunk or message
    written meanwhile (another process, the turn path) or a message deleted since is skipped."""
    chunks = messages = 0
    k = 0
    ids = [p.message_id for p in plan]
    # Three lookups for the whole step, not three per chunk, while the write lock is held.
    live = set(s.scalars(select(Message.id).where(Message.id.in_(ids))))
    indexed = set(s.scalars(select(MessageVector.message_id).where(MessageVector.message_id.in_(ids))))
    stored = {
        (r[0], r[1])
        for r in s.execute(select(MessageChunk.message_id, MessageChunk.chunk).where(MessageChunk.message_id.in_(ids)))
    }
    for p in plan:
        mine = vectors[k : k + len(p.todo)]
        k += len(p.todo)
        if p.message_id in indexed or p.message_id not in live:
            continue
        multi = len(p.pieces) > 1
        first = p.first
        for idx, vec in zip(p.todo, mine, strict=True):
            chunk, a, b, _ = p.pieces[idx]
            if chunk == 0:
                first = vec
            if multi:
                if (p.message_id, chunk) in stored:
                    continue
                add_chunk(s, vault, p.message_id, p.user_id, chunk, a, b, model, vec)
            chunks += 1
        if p.completes and first is not None:
            s.add(
                MessageVector(
                    message_id=p.message_id,
                    user_id=p.user_id,
                    conversation_id=p.conversation_id,
                    seq=p.seq,
                    model=model,
                    vector_ct=vault.seal(
                        s, p.user_id, vector_to_bytes(first), table=VECTOR_TABLE, column="vector", row_id=p.message_id
                    ),
                    dates_ct=vault.seal(s, p.user_id, p.dates, table=VECTOR_TABLE, column="dates", row_id=p.message_id),
                )
            )
            messages += 1
    s.flush()
    return chunks, messages


def index_step(
    db: Database,
    vault: Vault,
    *,
    user_id: str,
    embedder: Embedder | None | bool = True,
    pacer: Pacer | None = None,
    max_chunks: int | None = None,
    max_chars: int | None = None,
    among: Any = None,
    on_commit: Callable[[Session, StepResult], None] | None = None,
    on_item: Callable[[str], None] | None = None,
) -> StepResult:
    """Embed and store the person's next pending chunks: read, embed outside any
    transaction, write in one. ``among``: a subquery of message ids to limit the work to
    (an import's messages). The budget is ``pacer``'s (measured; it learns from this step)
    unless ``max_chunks``/``max_chars`` are given. ``on_commit(session, result)`` runs in the
    step's write transaction (progress recorded with the vectors it counts); ``on_item`` is
    told what the step embeds (ids) before it does."""
    emb = resolve_embedder(embedder)
    if emb is None:
        return StepResult(0, 0, 0, 0.0, False)
    budget = pacer.budget() if pacer is not None else (_MAX_CHUNKS, _MAX_CHUNKS * EMBED_CHARS)
    chunks_cap = max_chunks if max_chunks is not None else budget[0]
    chars_cap = max_chars if max_chars is not None else budget[1]
    with _lock(user_id):
        with db.reading() as s:
            plan, left = _plan(s, vault, user_id, among, chunks_cap, chars_cap, emb)
        if not plan:
            return StepResult(0, 0, 0, 0.0, left)
        texts = [p.pieces[k][3][:EMBED_CHARS] for p in plan for k in p.todo]
        if on_item is not None:
            on_item(
                f"{counted(len(texts), 'chunk')} of message {plan[0].message_id}"
                + (f" to {plan[-1].message_id}" if len(plan) > 1 else "")
            )
        chars = sum(len(t) for t in texts)
        started, paused = time.monotonic(), priority.paused_s()
        # A message whose chunks are all stored but not its vector row needs no embedding.
        vectors = emb.passages(texts) if texts else np.zeros((0, 0), np.float32)
        # Time spent waiting for turns (threadkeep.priority) is not the embedder's cost.
        took = time.monotonic() - started - (priority.paused_s() - paused)
        if pacer is not None:
            pacer.observe(chars, took)

        def write(s: Session) -> StepResult:
            chunks, messages = _write(s, vault, plan, vectors, emb.name)
            result = StepResult(chunks, messages, chars, took, left)
            if on_commit is not None:
                on_commit(s, result)
            return result

        return db.write(write)
