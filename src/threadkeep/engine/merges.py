"""The merge service the faces call: link an identity (merging its person), merge two people,
undo or confirm a pending merge, read merges and the audit log.

Thin async wrappers over :mod:`threadkeep.memory.people.merge` and
:func:`threadkeep.memory.people.identities.link_or_merge`: storage runs off the event loop, in one
transaction per step. See docs/ARCHITECTURE.md, "Merging people".
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from threadkeep.memory.people import identities
from threadkeep.memory.people import merge as people_merge
from threadkeep.memory.people.merge import MergeInfo

if TYPE_CHECKING:
    from threadkeep.engine.memory import Memory

__all__ = [
    "MergeInfo",
    "link_or_merge",
    "start_merge",
    "undo_merge",
    "confirm_merge",
    "list_merges",
    "get_merge",
    "audit_entries",
]


async def link_or_merge(
    memory: Memory, *, user_id: str, channel: str, external_id: str, actor: str
) -> identities.LinkResult:
    """Link an identity to a person; its previous person, if any, is merged into them (pending)."""
    return await asyncio.to_thread(
        identities.link_or_merge,
        memory.db,
        memory.vault,
        user_id=user_id,
        channel=channel,
        external_id=external_id,
        actor=actor,
    )


async def start_merge(memory: Memory, *, source: str, into: str, actor: str) -> MergeInfo:
    """Merge the person ``source`` into the person ``into`` (handles); pending until confirmed."""
    return await asyncio.to_thread(
        people_merge.start_merge, memory.db, memory.vault, source=source, into=into, actor=actor
    )


async def undo_merge(memory: Memory, *, merge_id: str, actor: str) -> MergeInfo:
    """Put both people back as they were (a pending merge only)."""
    return await asyncio.to_thread(people_merge.undo_merge, memory.db, memory.vault, merge_id=merge_id, actor=actor)


async def confirm_merge(memory: Memory, *, merge_id: str, actor: str) -> MergeInfo:
    """Make a pending merge final: the merged-away person is deleted (key shredded)."""
    return await asyncio.to_thread(people_merge.confirm_merge, memory.db, memory.vault, merge_id=merge_id, actor=actor)


async def list_merges(memory: Memory, *, include_finished: bool = False) -> list[MergeInfo]:
    """Pending merges (finished ones too when asked), newest first."""
    return await asyncio.to_thread(people_merge.list_merges, memory.db, include_finished=include_finished)


async def get_merge(memory: Memory, *, merge_id: str) -> MergeInfo:
    """One merge by id."""
    return await asyncio.to_thread(people_merge.get_merge, memory.db, merge_id=merge_id)


async def audit_entries(memory: Memory, *, subject: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
    """The newest audit rows (of one merge id with ``subject``)."""
    return await asyncio.to_thread(people_merge.audit_entries, memory.db, subject=subject, limit=limit)
