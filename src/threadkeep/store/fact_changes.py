"""Fact writes: proposed facts merged in, and what a person does to their facts.

One row per fact. A single-valued slot (name, employer, a ``said:`` statement, a preference
topic …) has at most one row: the same value again bumps ``last_seen``/``times_seen``; another
value updates the row and records the old one as a version. Notes are many, deduplicated by
their value's comparison form. Every change — add, update, retire, restore, forget, undo —
writes a :class:`~threadkeep.store.memory_tables.FactVersion` with old and new value sealed;
undo pops the newest and puts back what it replaced; only a delete erases. Rows, records, the
write protocol, sealing and :class:`~threadkeep.store.facts.Slots` (what the facts feature says
a slot is) are :mod:`.facts`; proposing facts is :mod:`threadkeep.memory.facts`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from typing import Protocol

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from threadkeep.store.base import new_id, utcnow
from threadkeep.store.facts import (
    LISTED_STATUSES,
    TV,
    BlindIndex,
    FactChange,
    FactVersionRecord,
    Slots,
    add_fact_version,
    category_of,
    facts_changed,
    lock_facts,
    open_fact,
    seal_fact,
    seal_said,
    touch_fact,
)
from threadkeep.store.memory_tables import Fact, FactsState, FactVersion
from threadkeep.store.vault import Vault

__all__ = [
    "Proposed",
    "apply_candidates",
    "retire_fact",
    "fact_history",
    "undo_last_change",
    "forget_fact",
    "delete_fact",
    "delete_all_facts",
]


class Proposed(Protocol):
    """A fact proposed for a slot (:class:`threadkeep.memory.facts.candidate.FactCandidate`):
    slot ``key``, ``value``, and the value's words as said (empty when they are the value)."""

    @property
    def key(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def said(self) -> str: ...


def _find_match(session: Session, vault: Vault, user_id: str, cand: Proposed, slots: Slots) -> Fact | None:
    """The row a candidate lands on: the slot's row for single-valued slots (current first; a
    retired one is revived rather than duplicated), the note with the same comparison form
    otherwise. Found through the blind index, so only the matching row is ever decrypted."""
    blind = BlindIndex.of(session, vault, user_id, slots)
    q = select(Fact).where(Fact.user_id == user_id, Fact.slot_hash == blind.slot(cand.key))
    if not slots.single_valued(cand.key):
        q = q.where(Fact.value_hash == blind.value(cand.key, cand.value))
    rows = sorted(session.scalars(q).all(), key=lambda r: (r.status != "current", r.first_seen))
    return rows[0] if rows else None


def apply_candidates(
    session: Session,
    vault: Vault,
    *,
    user_id: str,
    candidates: Iterable[Proposed],
    message_id: str | None,
    slots: Slots,
    method: str = "rule",
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
        row = _find_match(session, vault, user_id, cand, slots)
        if row is None:
            fact = Fact(
                id=new_id(),
                user_id=user_id,
                category=category_of(cand.key),
                status="current",
                method=method,
                times_seen=1,
                changed_gen=state.generation + 1,
                source_message_id=message_id,
                first_seen=at,
                last_seen=at,
                updated_at=at,
            )
            seal_fact(session, vault, fact, cand.key, cand.value, slots, said=cand.said)
            session.add(fact)
            session.flush()
            add_fact_version(
                session,
                vault,
                fact,
                op="add",
                old=None,
                new=cand.value,
                old_status=None,
                new_status="current",
                source=message_id,
                at=at,
            )
            changes.append(FactChange("add", fact.id, cand.key, cand.value))
            continue
        rec = open_fact(vault, session, row)
        same = slots.comparison_key(rec.value) == slots.comparison_key(cand.value)
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
        add_fact_version(
            session,
            vault,
            row,
            op=op,
            old=rec.value,
            new=new_value,
            old_status=row.status,
            new_status="current",
            source=message_id,
            at=at,
        )
        if not same:
            seal_fact(session, vault, row, rec.key, new_value, slots, said=cand.said)
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


# -- what the person does to their facts: each writes a version and bumps the generation ----
def _transition(
    session: Session,
    vault: Vault,
    row: Fact,
    state: FactsState,
    *,
    op: str,
    old: str,
    new: str | None,
    status: str,
    at: datetime,
    source: str | None = None,
) -> None:
    """One change of a row's status (and value, recorded as a version), and the generation it ends."""
    add_fact_version(
        session, vault, row, op=op, old=old, new=new, old_status=row.status, new_status=status, source=source, at=at
    )
    row.status = status
    row.updated_at = at
    touch_fact(row, state)
    facts_changed(state, at, deleted=status != "current")


def retire_fact(
    session: Session,
    vault: Vault,
    *,
    user_id: str,
    fact_id: str,
    message_id: str | None = None,
    at: datetime | None = None,
) -> FactChange | None:
    """Mark a fact as no longer true (kept in history, left out of retrieval)."""
    at = at or utcnow()
    state = lock_facts(session, user_id)
    row = session.get(Fact, fact_id)
    if row is None or row.user_id != user_id or row.status != "current":
        return None
    rec = open_fact(vault, session, row)
    _transition(
        session,
        vault,
        row,
        state,
        op="retire",
        old=rec.value,
        new=rec.value,
        status="retired",
        at=at,
        source=message_id,
    )
    return FactChange("retire", row.id, rec.key, rec.value)


def fact_history(session: Session, vault: Vault, *, user_id: str, fact_id: str) -> list[FactVersionRecord]:
    """Every version of one fact, oldest first."""
    rows = session.scalars(
        select(FactVersion)
        .where(FactVersion.fact_id == fact_id, FactVersion.user_id == user_id)
        .order_by(FactVersion.version)
    ).all()

    def opened(blob: bytes | None, col: str, vid: str) -> str | None:
        if blob is None:
            return None
        return vault.open_text(session, user_id, blob, table=TV, column=col, row_id=vid)

    return [
        FactVersionRecord(
            r.version,
            r.op,
            opened(r.old_ct, "old", r.id),
            opened(r.new_ct, "new", r.id),
            r.old_status,
            r.new_status,
            r.at,
            r.source_message_id,
        )
        for r in rows
    ]


def _undo_target(session: Session, user_id: str, fact_id: str | None, erased_at: datetime | None) -> FactVersion | None:
    """The newest change not yet undone: undos are a stack over the person's changes, so
    each ``undo`` version cancels the newest earlier change that no other undo cancelled.
    An erasure cannot be undone, so the stack of "any fact" ends at the newest one: what came
    before it is not "the last change"."""
    q = select(FactVersion).where(FactVersion.user_id == user_id)
    if fact_id is not None:
        q = q.where(FactVersion.fact_id == fact_id)
    elif erased_at is not None:
        q = q.where(FactVersion.at > erased_at)
    pending = 0
    for v in session.scalars(q.order_by(FactVersion.at.desc(), FactVersion.version.desc())):
        if v.op == "undo":
            pending += 1
        elif pending:
            pending -= 1
        else:
            return v
    return None


def undo_last_change(
    session: Session, vault: Vault, *, user_id: str, slots: Slots, fact_id: str | None = None
) -> FactChange | None:
    """Undo the newest change (of one fact, or of any of the person's facts), as a new version.

    Nothing is erased: the undo is recorded as an ``undo`` version and the undone version
    stays in the history. An undone ``add`` leaves the fact ``undone`` (out of every list),
    an undone ``update`` restores the old value, an undone ``retire``, ``forget`` or
    ``restore`` puts the status back. Repeated undos walk further back, but not past an
    erasure (:func:`delete_fact`) when no fact is named. Returns None when there is nothing
    left to undo.
    """
    state = lock_facts(session, user_id)
    last = _undo_target(session, user_id, fact_id, state.erased_at)
    if last is None:
        return None
    row = session.get(Fact, last.fact_id)
    if row is None:
        return None
    rec = open_fact(vault, session, row)
    at = utcnow()
    if last.op == "add":
        restored_value, restored_status = rec.value, "undone"
    else:
        old = (
            None
            if last.old_ct is None
            else vault.open_text(session, user_id, last.old_ct, table=TV, column="old", row_id=last.id)
        )
        restored_value = old if old is not None else rec.value
        restored_status = last.old_status or row.status
    _transition(session, vault, row, state, op="undo", old=rec.value, new=restored_value, status=restored_status, at=at)
    if restored_value != rec.value:
        # The vector is dropped with the value: re-embedding is the next extraction's job,
        # and lexical retrieval still finds the fact meanwhile.
        seal_fact(session, vault, row, rec.key, restored_value, replace(slots, vector=None))
    return FactChange("undo", row.id, rec.key, restored_value if restored_status == "current" else None, rec.value)


def forget_fact(
    session: Session, vault: Vault, *, user_id: str, fact_id: str, at: datetime | None = None
) -> FactChange | None:
    """The person asked to forget one fact: it leaves every list and every turn at once, as
    a ``forget`` version that history shows and an undo reverts. (Erasing for good is
    :func:`delete_fact` or :func:`delete_all_facts`.) None when there is no such fact."""
    at = at or utcnow()
    row = session.get(Fact, fact_id)
    if row is None or row.user_id != user_id or row.status not in LISTED_STATUSES:
        return None
    state = lock_facts(session, user_id)
    rec = open_fact(vault, session, row)
    _transition(session, vault, row, state, op="forget", old=rec.value, new=None, status="forgotten", at=at)
    return FactChange("forget", row.id, rec.key, None, rec.value)


def delete_fact(session: Session, *, user_id: str, fact_id: str) -> bool:
    """Delete a fact and its whole history for good (the person asked to forget it)."""
    row = session.get(Fact, fact_id)
    if row is None or row.user_id != user_id:
        return False
    state = lock_facts(session, user_id)
    session.execute(delete(FactVersion).where(FactVersion.fact_id == fact_id))
    session.delete(row)
    state.erased_at = utcnow()
    facts_changed(state, state.erased_at, deleted=True)
    return True


def delete_all_facts(session: Session, *, user_id: str) -> int:
    """Forget everything stored as facts about the person; returns how many facts went."""
    state = lock_facts(session, user_id)
    session.execute(delete(FactVersion).where(FactVersion.user_id == user_id))
    n = session.execute(delete(Fact).where(Fact.user_id == user_id)).rowcount or 0  # type: ignore[attr-defined]
    state.erased_at = utcnow()
    facts_changed(state, state.erased_at, deleted=True)
    return n
