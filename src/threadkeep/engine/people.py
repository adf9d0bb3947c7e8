"""The person's facts through the library: list, history, undo, delete.

Thin wrappers over :mod:`threadkeep.memory.facts` that resolve a person by handle and keep
the retrieval cache in step; the CLI and the library use these.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from threadkeep.errors import NotFound
from threadkeep.memory import facts as store
from threadkeep.memory.fact_search import clear_fact_cache

if TYPE_CHECKING:
    from threadkeep.engine.turn import Memory

__all__ = ["list_facts", "fact_history", "undo_fact", "delete_fact", "erase_fact"]


def _row(f: store.FactRecord) -> dict[str, Any]:
    return {"id": f.id, "key": f.key, "value": f.value, "text": f.text, "status": f.status,
            "method": f.method, "times_seen": f.times_seen, "first_seen": f.first_seen.isoformat(),
            "last_seen": f.last_seen.isoformat(), "source_message_id": f.source_message_id}


async def list_facts(memory: Memory, *, user: str, include_retired: bool = False) -> list[dict[str, Any]]:
    """The person's facts (current ones unless ``include_retired``)."""
    def run() -> list[dict[str, Any]]:
        with memory.db.reading() as s:
            uid = memory._user_id(s, user, create=False)
            return [_row(f) for f in store.load_facts(s, memory.vault, user_id=uid,
                                                      include_retired=include_retired)]
    return await asyncio.to_thread(run)


async def fact_history(memory: Memory, fact_id: str, *, user: str) -> list[dict[str, Any]]:
    """Every version of one fact, oldest first."""
    def run() -> list[dict[str, Any]]:
        with memory.db.reading() as s:
            uid = memory._user_id(s, user, create=False)
            versions = store.fact_history(s, memory.vault, user_id=uid, fact_id=fact_id)
            if not versions:
                raise NotFound(f"fact {fact_id} not found")
            return [asdict(v) | {"at": v.at.isoformat()} for v in versions]
    return await asyncio.to_thread(run)


async def undo_fact(memory: Memory, *, user: str, fact_id: str | None = None) -> dict[str, Any] | None:
    """Undo the newest change (of one fact, or of any of the person's facts)."""
    def run(s: Any) -> dict[str, Any] | None:
        uid = memory._user_id(s, user, create=False)
        if fact_id is not None and not store.fact_history(s, memory.vault, user_id=uid, fact_id=fact_id):
            raise NotFound(f"fact {fact_id} not found")  # not "nothing to undo": there is no such fact
        change = store.undo_last_change(s, memory.vault, user_id=uid, fact_id=fact_id)
        clear_fact_cache(uid)
        return asdict(change) if change is not None else None
    return await asyncio.to_thread(memory.db.write, run)


async def delete_fact(memory: Memory, fact_id: str, *, user: str) -> None:
    """Forget a fact: it leaves every list and turn at once, kept in history as a ``forget``
    version that ``undo`` reverts (``facts`` erasure for good is :func:`erase_fact`)."""
    def run(s: Any) -> None:
        uid = memory._user_id(s, user, create=False)
        if store.forget_fact(s, memory.vault, user_id=uid, fact_id=fact_id) is None:
            raise NotFound(f"fact {fact_id} not found")
        clear_fact_cache(uid)
    await asyncio.to_thread(memory.db.write, run)


async def erase_fact(memory: Memory, fact_id: str, *, user: str) -> None:
    """Erase a fact and its whole history for good (no undo)."""
    def run(s: Any) -> None:
        uid = memory._user_id(s, user, create=False)
        if not store.delete_fact(s, user_id=uid, fact_id=fact_id):
            raise NotFound(f"fact {fact_id} not found")
        clear_fact_cache(uid)
    await asyncio.to_thread(memory.db.write, run)
