"""The facts store: what a person said about themselves, deduplicated, versioned, sealed.

One row per fact. A single-valued slot (name, role, employer, city, a preference topic) has at
most one row per person: saying the same thing again — in any wording the extractor maps to
the same slot and value — bumps ``last_seen``/``times_seen``; saying something different
updates the row in place and records the old value as a version. Notes are multi-valued and
deduplicated by normalised text.

Every change writes a :class:`FactVersion` (add, update, retire, restore) carrying the old and
new value sealed; undo pops the newest version and puts back what it replaced. Deleting a fact
removes it and its versions for good. A personal export's facts come back with their own
history through :func:`threadkeep.memory.facts.restore.restore_facts`.

Retrieval (ranking facts against the new message) is in :mod:`threadkeep.memory.facts.search`.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, delete, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from threadkeep.memory.facts.extract import (
    FactCandidate,
    category_of,
    comparison_key,
    is_single_valued,
    render_fact,
)
from threadkeep.retrieval.embedding import Embedder, vector_to_bytes
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.memory_tables import Fact, FactsState, FactVersion
from threadkeep.store.vault import Vault

__all__ = [
    "FactRecord",
    "FactChange",
    "FactVersionRecord",
    "open_fact",
    "load_facts",
    "seal_fact",
    "facts_generation",
    "facts_state",
    "apply_candidates",
    "retire_fact",
    "fact_history",
    "undo_last_change",
    "forget_fact",
    "LISTED_STATUSES",
    "delete_fact",
    "delete_all_facts",
    "BlindIndex",
    "lock_facts",
    "touch_fact",
    "facts_changed",
    "add_fact_version",
]

_T = "facts"
_TV = "fact_versions"


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
    source_message_id: str | None = None


@dataclass(frozen=True, slots=True)
class FactRecord:
    """A decrypted fact; ``history`` (oldest first) only where it was read with it, as a
    personal export's facts are (:func:`fact_history` gives it for a stored fact)."""

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
    history: tuple[FactVersionRecord, ...] = ()
    said: str = ""  # the value's words as said, when they differ from the stored base form

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


# -- reading --------------------------------------------------------------------------------
def open_fact(vault: Vault, s: Session, row: Fact) -> FactRecord:
    """Decrypt one fact row."""
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
        said=("" if row.said_ct is None else
              vault.open_text(s, uid, row.said_ct, table=_T, column="said", row_id=row.id)),
    )


def load_facts(session: Session, vault: Vault, *, user_id: str, include_retired: bool = False,
               categories: Iterable[str] | None = None) -> list[FactRecord]:
    """The person's facts (of some ``categories`` only, when given), decrypted, oldest first."""
    q = select(Fact).where(Fact.user_id == user_id)
    if categories is not None:
        q = q.where(Fact.category.in_(list(categories)))
    q = q.where(Fact.status.in_(LISTED_STATUSES) if include_retired else Fact.status == "current")
    rows = session.scalars(q.order_by(Fact.first_seen, Fact.id)).all()
    return [open_fact(vault, session, r) for r in rows]


def facts_generation(session: Session, *, user_id: str) -> int:
    """The person's facts generation: changes whenever any fact of theirs changes."""
    return facts_state(session, user_id=user_id)[0]


def facts_state(session: Session, *, user_id: str) -> tuple[int, int]:
    """``(generation, deletions)`` of the person's facts, (0, 0) before the first fact."""
    row = session.execute(_FACTS_STATE, {"uid": user_id}).first()
    return (row[0], row[1]) if row else (0, 0)


# Every turn asks whether the person's facts changed: built once.
_FACTS_STATE = select(FactsState.generation, FactsState.deletions).where(FactsState.user_id == bindparam("uid"))


# -- the write protocol ---------------------------------------------------------------------
# Every writer of a person's facts (here, fact_restore, fact_merge) calls lock_facts first,
# stamps the rows it changes with touch_fact, and ends with facts_changed: that generation is
# what the per-person retrieval caches compare to know they are stale.
def lock_facts(session: Session, user_id: str) -> FactsState:
    """Lock the person's facts state row for this transaction (created if missing)."""
    # Serialises concurrent extraction for one person (row lock on PostgreSQL; SQLite's
    # BEGIN IMMEDIATE already serialises writers), so two jobs cannot both add a slot. The
    # row is created with ON CONFLICT DO NOTHING first, so two first-ever writers for a
    # person do not race on its insert either.
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    session.execute(insert(FactsState).values(
        user_id=user_id, generation=0, deletions=0, updated_at=utcnow(),
    ).on_conflict_do_nothing(index_elements=["user_id"]))
    return session.scalars(
        select(FactsState).where(FactsState.user_id == user_id).with_for_update()
        .execution_options(populate_existing=True)
    ).one()


def touch_fact(row: Fact, state: FactsState) -> None:
    """Stamp a row changed in this transaction with the generation the transaction ends with."""
    row.changed_gen = state.generation + 1


def facts_changed(state: FactsState, at: datetime, *, deleted: bool = False) -> None:
    """End a write: a new generation (``deleted`` when rows left or stopped being current)."""
    state.generation += 1
    state.deletions += int(deleted)
    state.updated_at = at


# -- writing --------------------------------------------------------------------------------
def _next_version(session: Session, fact_id: str) -> int:
    top = session.scalar(select(func.max(FactVersion.version)).where(FactVersion.fact_id == fact_id))
    return (top or 0) + 1


def add_fact_version(session: Session, vault: Vault, fact: Fact, *, op: str, old: str | None,
                     new: str | None, old_status: str | None, new_status: str | None,
                     source: str | None, at: datetime, version: int | None = None) -> str:
    """Record one change of ``fact`` (old and new value sealed); its id. ``version`` defaults
    to the next after the fact's newest."""
    vid = new_id()
    uid = fact.user_id

    def seal(v: str | None, col: str) -> bytes | None:
        return None if v is None else vault.seal(session, uid, v, table=_TV, column=col, row_id=vid)

    if version is None:
        version = _next_version(session, fact.id)
    session.add(FactVersion(
        id=vid, fact_id=fact.id, user_id=uid, version=version, op=op,
        old_ct=seal(old, "old"), new_ct=seal(new, "new"), old_status=old_status,
        new_status=new_status, source_message_id=source, at=at,
    ))
    return vid


@dataclass(frozen=True, slots=True)
class BlindIndex:
    """The keyed hashes a person's facts are found by without decrypting them: the slot
    (``slot_hash``) and the slot with its normalised value (``value_hash``)."""

    key: bytes

    @classmethod
    def of(cls, session: Session, vault: Vault, user_id: str) -> BlindIndex:
        """The person's index: HMAC under a subkey, so the data key itself is used for
        AES-GCM only."""
        return cls(hmac.new(vault.data_key(session, user_id), b"threadkeep facts blind index v1",
                            hashlib.sha256).digest())

    def _hash(self, *parts: str) -> str:
        return hmac.new(self.key, "\x00".join(parts).encode("utf-8"), hashlib.sha256).hexdigest()[:32]

    def slot(self, key: str) -> str:
        return self._hash("slot", key)

    def value(self, key: str, value: str) -> str:
        """The same for every wording :func:`comparison_key` takes as the same value."""
        return self._hash("value", key, comparison_key(value))


def seal_fact(session: Session, vault: Vault, fact: Fact, key: str, value: str,
              embedder: Embedder | None, *, said: str = "") -> None:
    """Set a fact row's sealed key, value, words as said and vector and its blind-index hashes."""
    uid = fact.user_id
    seal_said(session, vault, fact, said)
    blind = BlindIndex.of(session, vault, uid)
    fact.key_ct = vault.seal(session, uid, key, table=_T, column="key", row_id=fact.id)
    fact.value_ct = vault.seal(session, uid, value, table=_T, column="value", row_id=fact.id)
    fact.slot_hash = blind.slot(key)
    fact.value_hash = blind.value(key, value)
    fact.vector_ct = None
    if embedder is not None:
        vec = embedder.passages([render_fact(key, value)])[0]
        fact.vector_ct = vault.seal(session, uid, vector_to_bytes(vec),
                                    table=_T, column="vector", row_id=fact.id)


def seal_said(session: Session, vault: Vault, fact: Fact, said: str) -> None:
    """Keep the words the value was read from (none when they are the value itself)."""
    fact.said_ct = (vault.seal(session, fact.user_id, said, table=_T, column="said", row_id=fact.id)
                    if said else None)


def _find_match(session: Session, vault: Vault, user_id: str, cand: FactCandidate) -> Fact | None:
    """The row a candidate lands on: the slot's row for single-valued slots (current first; a
    retired one is revived rather than duplicated), the same normalised note otherwise. Found
    through the blind index, so only the matching row is ever decrypted."""
    blind = BlindIndex.of(session, vault, user_id)
    q = select(Fact).where(Fact.user_id == user_id, Fact.slot_hash == blind.slot(cand.key))
    if not is_single_valued(cand.key):
        q = q.where(Fact.value_hash == blind.value(cand.key, cand.value))
    rows = sorted(session.scalars(q).all(), key=lambda r: (r.status != "current", r.first_seen))
    return rows[0] if rows else None


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
    """Merge candidates into the person's facts; returns what changed (``seen`` included).

    The same slot and value again is ``seen`` (``last_seen``, ``times_seen``); a new value of a
    single-valued slot is an ``update`` of the same row; a retired fact said again is a
    ``restore``. Cost does not grow with the number of facts the person has.
    """
    at = at or utcnow()
    candidates = list(candidates)
    if not candidates:
        return []
    state = lock_facts(session, user_id)
    changes: list[FactChange] = []
    for cand in candidates:
        row = _find_match(session, vault, user_id, cand)
        if row is None:
            fact = Fact(id=new_id(), user_id=user_id, category=category_of(cand.key),
                        status="current", method=method, times_seen=1,
                        changed_gen=state.generation + 1,
                        source_message_id=message_id, first_seen=at, last_seen=at, updated_at=at)
            seal_fact(session, vault, fact, cand.key, cand.value, embedder, said=cand.said)
            session.add(fact)
            session.flush()
            add_fact_version(session, vault, fact, op="add", old=None, new=cand.value, old_status=None,
                     new_status="current", source=message_id, at=at)
            changes.append(FactChange("add", fact.id, cand.key, cand.value))
            continue
        rec = open_fact(vault, session, row)
        same = comparison_key(rec.value) == comparison_key(cand.value)
        touch_fact(row, state)
        if same and row.status == "current":
            row.times_seen += 1
            row.last_seen = at
            row.source_message_id = message_id or row.source_message_id
            if cand.said:  # the latest other words for the same value (a model gives none)
                seal_said(session, vault, row, cand.said)
            changes.append(FactChange("seen", row.id, rec.key, rec.value))
            continue
        new_value = rec.value if same else cand.value
        op = "restore" if same else "update"
        add_fact_version(session, vault, row, op=op, old=rec.value, new=new_value,
                 old_status=row.status, new_status="current", source=message_id, at=at)
        if not same:
            seal_fact(session, vault, row, rec.key, new_value, embedder, said=cand.said)
            row.method = method
        row.status = "current"
        row.times_seen += 1
        row.last_seen = row.updated_at = at
        row.source_message_id = message_id or row.source_message_id
        session.flush()
        changes.append(FactChange(op, row.id, rec.key, new_value, rec.value))
    # Even a pure "seen" moves last_seen, which cached hits carry: always a new generation.
    facts_changed(state, at)
    return changes


def retire_fact(session: Session, vault: Vault, *, user_id: str, fact_id: str,
                message_id: str | None = None, at: datetime | None = None) -> FactChange | None:
    """Mark a fact as no longer true (kept in history, left out of retrieval)."""
    at = at or utcnow()
    state = lock_facts(session, user_id)
    row = session.get(Fact, fact_id)
    if row is None or row.user_id != user_id or row.status != "current":
        return None
    rec = open_fact(vault, session, row)
    add_fact_version(session, vault, row, op="retire", old=rec.value, new=rec.value,
             old_status="current", new_status="retired", source=message_id, at=at)
    row.status = "retired"
    row.updated_at = at
    touch_fact(row, state)
    facts_changed(state, at)
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


# Statuses a fact can have: ``current`` (used in turns), ``retired`` (no longer true, listed on
# request), ``forgotten`` (the person asked to forget it) and ``undone`` (its adding was
# undone); the last two are shown only in history, and an undo can bring them back.
LISTED_STATUSES = ("current", "retired")


def _undo_target(session: Session, user_id: str, fact_id: str | None) -> FactVersion | None:
    """The newest change not yet undone: undos are a stack over the person's changes, so
    each ``undo`` version cancels the newest earlier change that no other undo cancelled."""
    q = select(FactVersion).where(FactVersion.user_id == user_id)
    if fact_id is not None:
        q = q.where(FactVersion.fact_id == fact_id)
    pending = 0
    for v in session.scalars(q.order_by(FactVersion.at.desc(), FactVersion.version.desc())):
        if v.op == "undo":
            pending += 1
        elif pending:
            pending -= 1
        else:
            return v
    return None


def undo_last_change(session: Session, vault: Vault, *, user_id: str,
                     fact_id: str | None = None) -> FactChange | None:
    """Undo the newest change (of one fact, or of any of the person's facts), as a new version.

    Nothing is erased: the undo is recorded as an ``undo`` version and the undone version
    stays in the history. An undone ``add`` leaves the fact ``undone`` (out of every list),
    an undone ``update`` restores the old value, an undone ``retire``, ``forget`` or
    ``restore`` puts the status back. Repeated undos walk further back. Returns None when
    there is nothing left to undo.
    """
    state = lock_facts(session, user_id)
    last = _undo_target(session, user_id, fact_id)
    if last is None:
        return None
    row = session.get(Fact, last.fact_id)
    if row is None:
        return None
    rec = open_fact(vault, session, row)
    at = utcnow()
    before_status = row.status
    if last.op == "add":
        restored_value, restored_status = rec.value, "undone"
    else:
        old = None if last.old_ct is None else vault.open_text(
            session, user_id, last.old_ct, table=_TV, column="old", row_id=last.id)
        restored_value = old if old is not None else rec.value
        restored_status = last.old_status or row.status
    add_fact_version(session, vault, row, op="undo", old=rec.value, new=restored_value,
             old_status=before_status, new_status=restored_status, source=None, at=at)
    if restored_value != rec.value:
        # The vector is dropped with the value: re-embedding is the next extraction's job,
        # and lexical retrieval still finds the fact meanwhile.
        seal_fact(session, vault, row, rec.key, restored_value, None)
    row.status = restored_status
    row.updated_at = at
    touch_fact(row, state)
    facts_changed(state, at, deleted=restored_status != "current")
    return FactChange("undo", row.id, rec.key,
                      restored_value if restored_status == "current" else None, rec.value)


def forget_fact(session: Session, vault: Vault, *, user_id: str, fact_id: str,
                at: datetime | None = None) -> FactChange | None:
    """The person asked to forget one fact: it leaves every list and every turn at once, as
    a ``forget`` version that history shows and an undo reverts. (Erasing for good is
    :func:`delete_fact` or :func:`delete_all_facts`.) None when there is no such fact."""
    at = at or utcnow()
    row = session.get(Fact, fact_id)
    if row is None or row.user_id != user_id or row.status not in LISTED_STATUSES:
        return None
    state = lock_facts(session, user_id)
    rec = open_fact(vault, session, row)
    add_fact_version(session, vault, row, op="forget", old=rec.value, new=None,
             old_status=row.status, new_status="forgotten", source=None, at=at)
    row.status = "forgotten"
    row.updated_at = at
    touch_fact(row, state)
    facts_changed(state, at, deleted=True)
    return FactChange("forget", row.id, rec.key, None, rec.value)


def delete_fact(session: Session, *, user_id: str, fact_id: str) -> bool:
    """Delete a fact and its whole history for good (the person asked to forget it)."""
    row = session.get(Fact, fact_id)
    if row is None or row.user_id != user_id:
        return False
    state = lock_facts(session, user_id)
    session.execute(delete(FactVersion).where(FactVersion.fact_id == fact_id))
    session.delete(row)
    facts_changed(state, utcnow(), deleted=True)
    return True


def delete_all_facts(session: Session, *, user_id: str) -> int:
    """Forget everything stored as facts about the person; returns how many facts went."""
    state = lock_facts(session, user_id)
    session.execute(delete(FactVersion).where(FactVersion.user_id == user_id))
    n = session.execute(delete(Fact).where(Fact.user_id == user_id)).rowcount or 0  # type: ignore[attr-defined]
    facts_changed(state, utcnow(), deleted=True)
    return n

