"""Fact rows (writes: :mod:`.fact_changes`): the records a fact and its versions open into,
the per-person generation that every write bumps under a row lock, the version log, the blind
index facts are found by without decrypting them, and sealing a fact's key, value, words as said
and vector.

The store keeps facts; the feature that proposes them (:mod:`threadkeep.memory.facts`) says
what a slot is, through :class:`Slots`: which slots hold one value at a time, the form two
values are compared in, and how a fact becomes a vector. Likewise the summary's versions are
kept in :mod:`.turns`, and :mod:`threadkeep.memory.summary` only says what they hold.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from threadkeep.store.base import new_id, utcnow
from threadkeep.store.memory_tables import Fact, FactsState, FactVersion
from threadkeep.store.vault import Vault

__all__ = [
    "Slots",
    "category_of",
    "FactRecord",
    "FactChange",
    "FactVersionRecord",
    "LISTED_STATUSES",
    "open_fact",
    "load_facts",
    "seal_fact",
    "seal_said",
    "facts_generation",
    "facts_state",
    "BlindIndex",
    "lock_facts",
    "touch_fact",
    "facts_changed",
    "add_fact_version",
    "TV",
]

_T = "facts"
# The versions table, as the vault names it when it seals a version's values.
TV = "fact_versions"

# Statuses a fact can have: ``current`` (used in turns), ``retired`` (no longer true, listed on
# request), ``forgotten`` (the person asked to forget it) and ``undone`` (its adding was
# undone); the last two are shown only in history, and an undo can bring them back.
LISTED_STATUSES = ("current", "retired")


@dataclass(frozen=True, slots=True)
class Slots:
    """What the store is told about slots by the feature that defines them
    (:func:`threadkeep.memory.facts.candidate.slots`): which hold one value at a time, the form
    in which two values count as the same, and a fact's sealed vector (none without one)."""

    single_valued: Callable[[str], bool]
    comparison_key: Callable[[str], str]
    vector: Callable[[str, str], bytes] | None = None


def category_of(key: str) -> str:
    """The coarse, non-personal category of a slot key (``preference:tea`` → ``preference``),
    stored in the clear beside the sealed key."""
    return key.split(":", 1)[0]


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
        said=(
            "" if row.said_ct is None else vault.open_text(s, uid, row.said_ct, table=_T, column="said", row_id=row.id)
        ),
    )


def load_facts(
    session: Session,
    vault: Vault,
    *,
    user_id: str,
    include_retired: bool = False,
    categories: Iterable[str] | None = None,
) -> list[FactRecord]:
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
# Every writer of a person's facts (fact_changes, facts_restore, facts_merge) calls lock_facts first,
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
    session.execute(
        insert(FactsState)
        .values(
            user_id=user_id,
            generation=0,
            deletions=0,
            updated_at=utcnow(),
        )
        .on_conflict_do_nothing(index_elements=["user_id"])
    )
    return session.scalars(
        select(FactsState)
        .where(FactsState.user_id == user_id)
        .with_for_update()
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


def add_fact_version(
    session: Session,
    vault: Vault,
    fact: Fact,
    *,
    op: str,
    old: str | None,
    new: str | None,
    old_status: str | None,
    new_status: str | None,
    source: str | None,
    at: datetime,
    version: int | None = None,
) -> str:
    """Record one change of ``fact`` (old and new value sealed); its id. ``version`` defaults
    to the next after the fact's newest."""
    vid = new_id()
    uid = fact.user_id

    def seal(v: str | None, col: str) -> bytes | None:
        return None if v is None else vault.seal(session, uid, v, table=TV, column=col, row_id=vid)

    if version is None:
        version = _next_version(session, fact.id)
    session.add(
        FactVersion(
            id=vid,
            fact_id=fact.id,
            user_id=uid,
            version=version,
            op=op,
            old_ct=seal(old, "old"),
            new_ct=seal(new, "new"),
            old_status=old_status,
            new_status=new_status,
            source_message_id=source,
            at=at,
        )
    )
    return vid


@dataclass(frozen=True, slots=True)
class BlindIndex:
    """The keyed hashes a person's facts are found by without decrypting them: the slot
    (``slot_hash``) and the slot with its value in comparison form (``value_hash``)."""

    key: bytes
    comparison_key: Callable[[str], str]

    @classmethod
    def of(cls, session: Session, vault: Vault, user_id: str, slots: Slots) -> BlindIndex:
        """The person's index: HMAC under a subkey, so the data key itself is used for
        AES-GCM only."""
        return cls(
            hmac.new(vault.data_key(session, user_id), b"threadkeep facts blind index v1", hashlib.sha256).digest(),
            slots.comparison_key,
        )

    def _hash(self, *parts: str) -> str:
        return hmac.new(self.key, "\x00".join(parts).encode("utf-8"), hashlib.sha256).hexdigest()[:32]

    def slot(self, key: str) -> str:
        return self._hash("slot", key)

    def value(self, key: str, value: str) -> str:
        """The same for every wording the slots' comparison key takes as the same value."""
        return self._hash("value", key, self.comparison_key(value))


def seal_fact(
    session: Session, vault: Vault, fact: Fact, key: str, value: str, slots: Slots, *, said: str = ""
) -> None:
    """Set a fact row's sealed key, value, words as said and vector (when ``slots`` makes one)
    and its blind-index hashes."""
    uid = fact.user_id
    seal_said(session, vault, fact, said)
    blind = BlindIndex.of(session, vault, uid, slots)
    fact.key_ct = vault.seal(session, uid, key, table=_T, column="key", row_id=fact.id)
    fact.value_ct = vault.seal(session, uid, value, table=_T, column="value", row_id=fact.id)
    fact.slot_hash = blind.slot(key)
    fact.value_hash = blind.value(key, value)
    fact.vector_ct = None
    if slots.vector is not None:
        fact.vector_ct = vault.seal(session, uid, slots.vector(key, value), table=_T, column="vector", row_id=fact.id)


def seal_said(session: Session, vault: Vault, fact: Fact, said: str) -> None:
    """Keep the words the value was read from (none when they are the value itself)."""
    fact.said_ct = vault.seal(session, fact.user_id, said, table=_T, column="said", row_id=fact.id) if said else None
