"""Merging proposed facts into the store: what a person said about themselves, deduplicated,
versioned, sealed.

One row per fact. A single-valued slot (name, role, employer, city, a preference topic) has at
most one row per person: saying the same thing again — in any wording the extractor maps to
the same slot and value — bumps ``last_seen``/``times_seen``; saying something different
updates the row in place and records the old value as a version. Notes are multi-valued and
deduplicated by normalised text.

Every change writes a :class:`FactVersion` (add, update, retire, restore) carrying the old and
new value sealed; undo pops the newest version and puts back what it replaced. Deleting a fact
removes it and its versions for good. A personal export's facts come back with their own
history through :func:`threadkeep.imports.facts_restore.restore_facts`.

Retrieval (ranking facts against the new message) is in :mod:`threadkeep.memory.recall.facts`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.memory.facts.candidate import (
    FactCandidate,
    category_of,
    comparison_key,
    is_single_valued,
)
from threadkeep.memory.facts.rows import (
    BlindIndex,
    FactChange,
    add_fact_version,
    facts_changed,
    lock_facts,
    open_fact,
    seal_fact,
    seal_said,
    touch_fact,
)
from threadkeep.retrieval.embedding import Embedder
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.memory_tables import Fact
from threadkeep.store.vault import Vault

__all__ = ["apply_candidates"]


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
