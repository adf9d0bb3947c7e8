"""Merging one person's facts into another's (a person merge), and taking the merge back.

The source person's rows are not touched: they stay under the source's key until the merge
is confirmed, so an undo has nothing to rebuild on that side. The target gets, for every
current fact of the source (oldest first), what the fact model would do had the target said
it, with the source's own timestamps:

- a fact the target does not have: a new row (``add`` version), times and counts kept;
- the same slot and value (or the same note): deduplicated — ``times_seen`` summed,
  ``first_seen``/``last_seen`` widened, no new row;
- a single-valued slot with another value: a conflict. The value seen last wins as current,
  and the other is kept as a ``merge`` version of the same row (its history shows both; the
  person's own ``facts undo`` reverts it like an update);
- a fact the target retired is revived only when the source saw it after it was retired; a
  fact the target asked to forget (or undid) is never brought back by a merge.

:func:`merge_facts` returns what an undo needs: ids of the rows it added and, for every row it
changed, the row as it was (its ciphertexts are the target's own, under the target's key)
plus the ids of the versions it wrote. :func:`unmerge_facts` deletes the added rows and puts
changed rows back, unless the target changed one again since (then that row is kept).
"""

from __future__ import annotations

import base64
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from threadkeep.memory.facts.candidate import SLOTS, comparison_key, is_single_valued
from threadkeep.store import facts as _rows
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.memory_tables import Fact, FactVersion
from threadkeep.store.vault import Vault

__all__ = ["merge_facts", "unmerge_facts"]

# Columns of a fact row an undo restores (everything but its id and owner).
_RESTORED = (
    "category",
    "key_ct",
    "value_ct",
    "said_ct",
    "slot_hash",
    "value_hash",
    "vector_ct",
    "status",
    "method",
    "times_seen",
    "source_message_id",
    "first_seen",
    "last_seen",
    "updated_at",
)


def _snapshot(row: Fact) -> dict[str, Any]:
    out: dict[str, Any] = {"id": row.id}
    for col in _RESTORED:
        v = getattr(row, col)
        if isinstance(v, bytes):
            v = {"b64": base64.b64encode(v).decode("ascii")}
        elif isinstance(v, datetime):
            v = {"at": v.isoformat()}
        out[col] = v
    return out


def _restore(row: Fact, snap: dict[str, Any]) -> None:
    for col in _RESTORED:
        if col not in snap:
            continue  # a merge recorded before the column existed (said_ct, 0019)
        v = snap[col]
        if isinstance(v, dict) and "b64" in v:
            v = base64.b64decode(v["b64"])
        elif isinstance(v, dict) and "at" in v:
            v = datetime.fromisoformat(v["at"])
        setattr(row, col, v)


def _reseal_vector(s: Session, vault: Vault, src: Fact, dst: Fact) -> None:
    """The source fact's embedding, opened with the source's key and sealed for ``dst``."""
    if src.vector_ct is None:
        return
    raw = vault.open_bytes(s, src.user_id, src.vector_ct, table="facts", column="vector", row_id=src.id)
    dst.vector_ct = vault.seal(s, dst.user_id, raw, table="facts", column="vector", row_id=dst.id)


def merge_facts(s: Session, vault: Vault, *, source: str, target: str) -> tuple[dict[str, Any], dict[str, int]]:
    """Merge the source person's current facts into the target's; returns ``(undo, counts)``.

    The target's rows are read once and matched in memory through their blind index (the
    same hashes :func:`threadkeep.store.fact_changes.apply_candidates` looks up), so the cost is
    one decryption per source fact and per matched target fact, with a single flush.
    """
    at = utcnow()
    state = _rows.lock_facts(s, target)
    blind = _rows.BlindIndex.of(s, vault, target, SLOTS)
    by_slot: dict[str, list[Fact]] = {}
    for row in s.scalars(select(Fact).where(Fact.user_id == target)):
        by_slot.setdefault(row.slot_hash, []).append(row)
    rows = s.scalars(
        select(Fact).where(Fact.user_id == source, Fact.status == "current").order_by(Fact.last_seen, Fact.id)
    ).all()
    added: list[str] = []
    touched: dict[str, dict[str, Any]] = {}
    counts = {"facts_added": 0, "facts_deduplicated": 0, "facts_conflicts": 0, "facts_skipped": 0}
    for src in rows:
        rec = _rows.open_fact(vault, s, src)
        slot = blind.slot(rec.key)
        found = by_slot.get(slot, [])
        if not is_single_valued(rec.key):
            value = blind.value(rec.key, rec.value)
            found = [r for r in found if r.value_hash == value]
        match = min(found, key=lambda r: (r.status != "current", r.first_seen), default=None)
        if match is None:
            fact = Fact(
                id=new_id(),
                user_id=target,
                category=_rows.category_of(rec.key),
                status="current",
                method=src.method,
                times_seen=src.times_seen,
                changed_gen=state.generation + 1,
                source_message_id=src.source_message_id,
                first_seen=src.first_seen,
                last_seen=src.last_seen,
                updated_at=at,
            )
            _rows.seal_fact(s, vault, fact, rec.key, rec.value, SLOTS, said=rec.said)
            _reseal_vector(s, vault, src, fact)
            s.add(fact)
            _rows.add_fact_version(
                s,
                vault,
                fact,
                version=1,
                op="add",
                old=None,
                new=rec.value,
                old_status=None,
                new_status="current",
                source=src.source_message_id,
                at=at,
            )
            by_slot.setdefault(slot, []).append(fact)
            added.append(fact.id)
            counts["facts_added"] += 1
            continue
        if match.status not in ("current", "retired") or (
            match.status == "retired" and src.last_seen <= match.updated_at
        ):
            counts["facts_skipped"] += 1  # forgotten or undone by the target, or retired later
            continue
        if match.id not in touched and match.id not in added:
            touched[match.id] = {"row": _snapshot(match), "versions": []}
        mine = _rows.open_fact(vault, s, match)
        same = comparison_key(mine.value) == comparison_key(rec.value)
        _rows.touch_fact(match, state)
        if same and match.status == "current":
            match.times_seen += src.times_seen
            match.first_seen = min(match.first_seen, src.first_seen)
            match.last_seen = max(match.last_seen, src.last_seen)
            counts["facts_deduplicated"] += 1
            continue
        source_newer = src.last_seen > match.last_seen or match.status == "retired"
        winner, loser = (rec.value, mine.value) if source_newer else (mine.value, rec.value)
        vid = _rows.add_fact_version(
            s,
            vault,
            match,
            op="merge",
            old=loser,
            new=winner,
            old_status=match.status,
            new_status="current",
            source=src.source_message_id,
            at=at,
        )
        if match.id in touched:
            touched[match.id]["versions"].append(vid)
        if source_newer and not same:
            _rows.seal_fact(s, vault, match, mine.key, rec.value, SLOTS, said=rec.said)
            _reseal_vector(s, vault, src, match)
            match.method = src.method
            match.times_seen = src.times_seen
            match.source_message_id = src.source_message_id
        match.status = "current"
        match.first_seen = min(match.first_seen, src.first_seen)
        match.last_seen = max(match.last_seen, src.last_seen)
        match.updated_at = at
        counts["facts_conflicts"] += 1
    if added or touched:
        _rows.facts_changed(state, at)
    s.flush()
    undo = {"added": added, "touched": list(touched.values()), "generation": state.generation}
    return undo, counts


def unmerge_facts(s: Session, *, target: str, undo: dict[str, Any]) -> dict[str, int]:
    """Take a merge back on the target's side; returns counts (``facts_kept``: rows the
    target changed again after the merge, left as they are)."""
    state = _rows.lock_facts(s, target)
    removed = kept = restored = 0
    added = list(undo.get("added", []))
    for i in range(0, len(added), 500):
        batch = added[i : i + 500]
        mine = select(Fact.id).where(Fact.id.in_(batch), Fact.user_id == target)
        s.execute(delete(FactVersion).where(FactVersion.fact_id.in_(mine.scalar_subquery())))
        gone = s.execute(
            delete(Fact).where(Fact.id.in_(batch), Fact.user_id == target).execution_options(synchronize_session=False)
        )
        removed += int(gone.rowcount or 0)  # type: ignore[attr-defined]
    items = {item["row"]["id"]: item for item in undo.get("touched", [])}
    rows = s.scalars(select(Fact).where(Fact.id.in_(list(items)), Fact.user_id == target)).all() if items else []
    for row in rows:
        item = items[row.id]
        if row.changed_gen > int(undo.get("generation", 0)):
            kept += 1  # the target changed it after the merge: their later change stands
            continue
        if item["versions"]:
            s.execute(delete(FactVersion).where(FactVersion.id.in_(item["versions"])))
        _restore(row, item["row"])
        _rows.touch_fact(row, state)
        restored += 1
    _rows.facts_changed(state, utcnow(), deleted=True)
    s.flush()
    return {"facts_removed": removed, "facts_restored": restored, "facts_kept": kept}
