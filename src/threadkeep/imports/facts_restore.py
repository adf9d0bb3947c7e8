"""Restoring facts read back from a personal export, with their whole history.

Extraction (:func:`threadkeep.store.fact_changes.apply_candidates`) makes new history; a restore
keeps the one the archive carries: the same values, statuses, counters, times and version
list, sealed under the receiving person's key. A fact whose slot and value the person
already has is skipped, so reading an archive twice adds nothing. An archived *current*
value of a single-valued slot whose current value here differs arrives retired (with a
``retire`` version saying so): the value already held stays the one turns use. It writes
through the facts store's public write protocol (lock, blind index, versions, generation).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.memory.facts.candidate import SLOTS, is_single_valued
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.facts import (
    BlindIndex,
    FactRecord,
    FactVersionRecord,
    add_fact_version,
    category_of,
    facts_changed,
    lock_facts,
    seal_fact,
)
from threadkeep.store.memory_tables import Fact
from threadkeep.store.vault import Vault

__all__ = ["restore_facts"]


def restore_facts(
    session: Session,
    vault: Vault,
    *,
    user_id: str,
    facts: Sequence[FactRecord],
    message_ids: Mapping[str, str] | None = None,
) -> int:
    """Store archived facts for the person; returns how many were new.

    Each fact gets a new id here (the archive's is not reused). ``message_ids`` maps the
    archive's message ids to the ids the messages have here (source links to anything else are
    dropped). Vectors are not restored: lexical retrieval finds the
    facts at once, and the next extraction that touches one embeds it again.
    """
    if not facts:
        return 0
    ids = message_ids or {}
    state = lock_facts(session, user_id)
    blind = BlindIndex.of(session, vault, user_id, SLOTS)
    added = 0
    for f in facts:
        slot, value_hash = blind.slot(f.key), blind.value(f.key, f.value)
        held = session.execute(
            select(Fact.value_hash, Fact.status).where(Fact.user_id == user_id, Fact.slot_hash == slot)
        ).all()
        if any(h == value_hash for h, _ in held):
            continue
        status, now = f.status, utcnow()
        demote = status == "current" and is_single_valued(f.key) and any(st == "current" for _, st in held)
        fact = Fact(
            id=new_id(),
            user_id=user_id,
            category=category_of(f.key),
            method=f.method,
            status="retired" if demote else status,
            times_seen=f.times_seen,
            changed_gen=state.generation + 1,
            source_message_id=ids.get(f.source_message_id or ""),
            first_seen=f.first_seen,
            last_seen=f.last_seen,
            updated_at=now if demote else f.updated_at,
        )
        seal_fact(session, vault, fact, f.key, f.value, SLOTS, said=f.said)
        session.add(fact)
        session.flush()
        history = list(f.history)
        if demote:
            top = max((v.version for v in history), default=0)
            history.append(FactVersionRecord(top + 1, "retire", f.value, f.value, "current", "retired", now))
        for v in history:
            add_fact_version(
                session,
                vault,
                fact,
                op=v.op,
                old=v.old_value,
                new=v.new_value,
                old_status=v.old_status,
                new_status=v.new_status,
                source=ids.get(v.source_message_id or ""),
                at=v.at,
                version=v.version,
            )
        added += 1
    if added:
        facts_changed(state, utcnow())
    return added
