"""Recall's stored vectors: each message embedded once, in background work, and kept sealed.

Embeddings are computed in background work — the jobs index in bounded steps of chunks
(:mod:`threadkeep.memory.recall.backfill`); :func:`index_message` / :func:`index_pending`
index whole messages for callers that take their time (benchmarks, tests) — and stored sealed in ``message_vectors`` (one row per message) and ``message_chunks`` (one
per part of a long message) — re-embedding a person's history on every process start would
cost far more than decrypting 1.5 KB per message. The turn embeds its new message once
(:func:`embed_new_message`) and stores that vector with its answer (:func:`store_indexed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.memory import dates as dates_mod
from threadkeep.memory.recall.chunking import chunk_spans, message_pieces
from threadkeep.retrieval.embedding import Embedder, default_embedder, vector_to_bytes
from threadkeep.store.db import Database
from threadkeep.store.memory_tables import MessageChunk, MessageVector
from threadkeep.store.models import Message
from threadkeep.store.vault import Vault

__all__ = [
    "VECTOR_TABLE",
    "add_chunk",
    "CHUNK_TABLE",
    "EMBED_CHARS",
    "NewMessageVector",
    "embed_new_message",
    "store_indexed",
    "index_message",
    "index_pending",
    "resolve_embedder",
    "open_message",
]

VECTOR_TABLE = "message_vectors"
CHUNK_TABLE = "message_chunks"
EMBED_CHARS = 2000  # e5-small reads 512 tokens; more text only costs time


def resolve_embedder(embedder: Embedder | None | bool) -> Embedder | None:
    return default_embedder() if embedder is True else (embedder or None)


def open_message(s: Session, vault: Vault, m: Message | Any) -> str:
    return vault.open_text(s, m.user_id, m.text_ct, table="messages", column="text", row_id=m.id)


@dataclass(frozen=True, slots=True)
class _Indexed:
    """What the background job computed for one message, before it is written."""

    message_id: str
    user_id: str
    conversation_id: str
    seq: int
    dates: str
    parts: tuple[tuple[int, int, int, np.ndarray], ...]  # chunk, start, end, vector


def _compute(rows: Sequence[tuple[str, str, str, int, datetime, str]], emb: Embedder) -> list[_Indexed]:
    """Dates and vectors of messages (id, user, conversation, seq, created_at, text); no
    database access, so it runs outside any transaction."""
    plan = []
    texts: list[str] = []
    for mid, uid, cid, seq, at, text in rows:
        found = dates_mod.resolve(text, at)
        pieces = message_pieces(text, found) or [(0, 0, 0, "")]
        plan.append((mid, uid, cid, seq, dates_mod.to_json(found), pieces))
        texts.extend(p[3][:EMBED_CHARS] for p in pieces)
    vectors = emb.passages(texts) if texts else np.zeros((0, 0), np.float32)
    out, k = [], 0
    for mid, uid, cid, seq, found_json, pieces in plan:
        parts = tuple((i, a, b, vectors[k + j]) for j, (i, a, b, _) in enumerate(pieces))
        k += len(pieces)
        out.append(_Indexed(mid, uid, cid, seq, found_json, parts))
    return out


def add_chunk(
    s: Session, vault: Vault, message_id: str, user_id: str, chunk: int, start: int, end: int, model: str, vec: Any
) -> None:
    """Store one chunk's vector of a long message, sealed under its owner's key (the one-shot
    indexer here and the chunk-wise one in :mod:`threadkeep.memory.recall.backfill`)."""
    row_id = f"{message_id}:{chunk}"
    sealed = vault.seal(s, user_id, vector_to_bytes(vec), table=CHUNK_TABLE, column="vector", row_id=row_id)
    s.add(
        MessageChunk(
            message_id=message_id, chunk=chunk, user_id=user_id, start=start, end=end, model=model, vector_ct=sealed
        )
    )


def _store(s: Session, vault: Vault, done: Sequence[_Indexed], model: str) -> int:
    """Write computed vectors and dates; a message indexed meanwhile (the job ran twice) or
    deleted since is skipped."""
    written = 0
    for d in done:
        if s.get(MessageVector, d.message_id) is not None or s.get(Message, d.message_id) is None:
            continue
        s.add(
            MessageVector(
                message_id=d.message_id,
                user_id=d.user_id,
                conversation_id=d.conversation_id,
                seq=d.seq,
                model=model,
                vector_ct=vault.seal(
                    s,
                    d.user_id,
                    vector_to_bytes(d.parts[0][3]),
                    table=VECTOR_TABLE,
                    column="vector",
                    row_id=d.message_id,
                ),
                dates_ct=vault.seal(s, d.user_id, d.dates, table=VECTOR_TABLE, column="dates", row_id=d.message_id),
            )
        )
        if len(d.parts) > 1:
            for i, a, b, vec in d.parts:
                if s.get(MessageChunk, (d.message_id, i)) is not None:
                    continue  # stored by a step of the chunk-wise indexer (memory.recall.backfill)
                add_chunk(s, vault, d.message_id, d.user_id, i, a, b, model, vec)
        written += 1
    return written


@dataclass(frozen=True, slots=True)
class NewMessageVector:
    """The turn's one embedding of the new message (:func:`embed_new_message`): ``vector`` is
    what recall and facts search with; ``indexed``, when set, is what the index stores for the
    message (written with the turn's answer by :func:`store_indexed`, so the background indexer
    does not embed it again)."""

    vector: np.ndarray
    indexed: _Indexed | None


def embed_new_message(
    emb: Embedder, *, message_id: str, user_id: str, conversation_id: str, seq: int, created_at: datetime, text: str
) -> NewMessageVector:
    """Embed the person's new message once, on the request path, outside any transaction.

    A message the index keeps whole (up to ``CHUNK_OVER`` characters: nearly every chat turn)
    is embedded as the passage the index stores — the text with its resolved dates, as
    :func:`index_pending` would embed it — and that vector is also the query: e5's passage
    side searches as well as its query side here (docs/BENCHMARKS.md, "Embedding the new
    message once"). A longer message (a pasted document) is searched with a query embedding
    of its head and tail, and its chunks are left to the background indexer."""
    if len(chunk_spans(text)) > 1:
        return NewMessageVector(emb.query(text), None)
    done = _compute([(message_id, user_id, conversation_id, seq, created_at, text)], emb)[0]
    return NewMessageVector(done.parts[0][3], done)


def store_indexed(s: Session, vault: Vault, new: NewMessageVector | None, model: str) -> bool:
    """Store the vector :func:`embed_new_message` computed, in the caller's (the turn's)
    transaction; False when there is none or the message is indexed already."""
    if new is None or new.indexed is None:
        return False
    return _store(s, vault, [new.indexed], model) == 1


def _read_rows(db: Database, vault: Vault, query: Any) -> list[tuple[str, str, str, int, datetime, str]]:
    with db.reading() as s:
        return [
            (m.id, m.user_id, m.conversation_id, m.seq, m.created_at, open_message(s, vault, m))
            for m in s.scalars(query).all()
        ]


def index_message(db: Database, vault: Vault, *, message_id: str, embedder: Embedder | None | bool = True) -> bool:
    """Embed one message (every chunk of a long one), resolve its dates and store both sealed;
    False when already indexed or no embedder is available. Idempotent (the background job
    may run twice). The embedding is computed between a read and a write transaction."""
    emb = resolve_embedder(embedder)
    if emb is None:
        return False
    rows = _read_rows(
        db,
        vault,
        select(Message)
        .outerjoin(MessageVector, MessageVector.message_id == Message.id)
        .where(Message.id == message_id, MessageVector.message_id.is_(None)),
    )
    if not rows:
        return False
    done = _compute(rows, emb)
    return db.write(lambda s: _store(s, vault, done, emb.name)) == 1


def index_pending(
    db: Database, vault: Vault, *, user_id: str, limit: int = 256, embedder: Embedder | None | bool = True
) -> int:
    """Index up to ``limit`` of the person's messages that have no vector yet; returns how
    many were taken up (0: nothing left). Read, compute, then write: no transaction is open
    while the model runs."""
    emb = resolve_embedder(embedder)
    if emb is None:
        return 0
    rows = _read_rows(
        db,
        vault,
        select(Message)
        .outerjoin(MessageVector, MessageVector.message_id == Message.id)
        .where(Message.user_id == user_id, MessageVector.message_id.is_(None))
        .order_by(Message.created_at, Message.seq)
        .limit(limit),
    )
    if not rows:
        return 0
    done = _compute(rows, emb)
    db.write(lambda s: _store(s, vault, done, emb.name))
    return len(rows)
