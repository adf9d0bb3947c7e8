"""The people service the faces call: a person's facts, profile and channel identities.

Thin wrappers over :mod:`threadkeep.store.fact_changes`, :mod:`threadkeep.memory.profile` and
:mod:`threadkeep.memory.people.identities` that resolve a person by handle, run storage off the event
loop and keep the retrieval cache in step. The CLI and the library use the ``*_fact*``
functions (plain dicts); the HTTP API uses the ``*_records`` ones (the records themselves, a
person with no row yet answered as empty rather than 404), so no face opens a session itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError as SAIntegrityError
from sqlalchemy.orm import Session

from threadkeep.errors import NotFound
from threadkeep.memory.facts.candidate import SLOTS, render_fact
from threadkeep.memory.people import identities
from threadkeep.store import fact_changes as store
from threadkeep.store import facts as rows
from threadkeep.store import repo
from threadkeep.store.models import User

if TYPE_CHECKING:
    from threadkeep.engine.memory import Memory
    from threadkeep.memory import profile as profiles

T = TypeVar("T")

__all__ = [
    "list_facts",
    "fact_history",
    "undo_fact",
    "delete_fact",
    "erase_fact",
    "fact_records",
    "fact_version_records",
    "undo_change_record",
    "forget_fact_record",
    "forget_all_facts",
    "current_profile",
    "identities_of",
    "link_identity",
    "unlink_identity",
    "handle_of_identity",
    "person_for_identity",
    "channel_identities",
]


def _row(f: rows.FactRecord) -> dict[str, Any]:
    return {
        "id": f.id,
        "key": f.key,
        "value": f.value,
        "said": f.said,
        "text": render_fact(f.key, f.value),
        "status": f.status,
        "method": f.method,
        "times_seen": f.times_seen,
        "first_seen": f.first_seen.isoformat(),
        "last_seen": f.last_seen.isoformat(),
        "source_message_id": f.source_message_id,
    }


async def list_facts(memory: Memory, *, user: str, include_retired: bool = False) -> list[dict[str, Any]]:
    """The person's facts (current ones unless ``include_retired``)."""

    def run() -> list[dict[str, Any]]:
        with memory.db.reading() as s:
            uid = repo.person_id(s, memory.vault, name=user, create=False)
            return [_row(f) for f in rows.load_facts(s, memory.vault, user_id=uid, include_retired=include_retired)]

    return await asyncio.to_thread(run)


async def fact_history(memory: Memory, fact_id: str, *, user: str) -> list[dict[str, Any]]:
    """Every version of one fact, oldest first."""

    def run() -> list[dict[str, Any]]:
        with memory.db.reading() as s:
            uid = repo.person_id(s, memory.vault, name=user, create=False)
            versions = store.fact_history(s, memory.vault, user_id=uid, fact_id=fact_id)
            if not versions:
                raise NotFound(f"fact {fact_id} not found")
            return [asdict(v) | {"at": v.at.isoformat()} for v in versions]

    return await asyncio.to_thread(run)


async def undo_fact(memory: Memory, *, user: str, fact_id: str | None = None) -> dict[str, Any] | None:
    """Undo the newest change (of one fact, or of any of the person's facts)."""

    def run(s: Any) -> dict[str, Any] | None:
        uid = repo.person_id(s, memory.vault, name=user, create=False)
        if fact_id is not None and not store.fact_history(s, memory.vault, user_id=uid, fact_id=fact_id):
            raise NotFound(f"fact {fact_id} not found")  # not "nothing to undo": there is no such fact
        change = store.undo_last_change(s, memory.vault, user_id=uid, slots=SLOTS, fact_id=fact_id)
        from threadkeep.memory.recall.facts import (
            clear_fact_cache,  # lazy: start-up (tests/test_serve_startup.py)
        )

        clear_fact_cache(uid)
        return asdict(change) if change is not None else None

    return await asyncio.to_thread(memory.db.write, run)


async def delete_fact(memory: Memory, fact_id: str, *, user: str) -> None:
    """Forget a fact: it leaves every list and turn at once, kept in history as a ``forget``
    version that ``undo`` reverts (``facts`` erasure for good is :func:`erase_fact`)."""

    def run(s: Any) -> None:
        uid = repo.person_id(s, memory.vault, name=user, create=False)
        if store.forget_fact(s, memory.vault, user_id=uid, fact_id=fact_id) is None:
            raise NotFound(f"fact {fact_id} not found")
        from threadkeep.memory.recall.facts import (
            clear_fact_cache,  # lazy: start-up (tests/test_serve_startup.py)
        )

        clear_fact_cache(uid)

    await asyncio.to_thread(memory.db.write, run)


async def erase_fact(memory: Memory, fact_id: str, *, user: str) -> None:
    """Erase a fact and its whole history for good (no undo)."""

    def run(s: Any) -> None:
        uid = repo.person_id(s, memory.vault, name=user, create=False)
        if not store.delete_fact(s, user_id=uid, fact_id=fact_id):
            raise NotFound(f"fact {fact_id} not found")
        from threadkeep.memory.recall.facts import (
            clear_fact_cache,  # lazy: start-up (tests/test_serve_startup.py)
        )

        clear_fact_cache(uid)

    await asyncio.to_thread(memory.db.write, run)


# -- the records the HTTP API shapes into its own JSON ------------------------------------


async def _as_person(memory: Memory, user: str, fn: Callable[[Session, str], T], *, missing: T) -> T:
    """``fn(session, user_id)`` in one transaction; ``missing`` when the person has no row yet."""

    def run(s: Session) -> T:
        found = repo.find_user(s, name=user)
        return missing if found is None else fn(s, found.id)

    return await asyncio.to_thread(memory.db.write, run)


async def fact_records(memory: Memory, *, user: str, include_retired: bool = False) -> list[rows.FactRecord]:
    """The person's facts as records (none for a person not seen yet)."""
    return await _as_person(
        memory,
        user,
        lambda s, uid: rows.load_facts(s, memory.vault, user_id=uid, include_retired=include_retired),
        missing=[],
    )


async def fact_version_records(memory: Memory, fact_id: str, *, user: str) -> list[Any]:
    """Every version of one fact, oldest first (empty when there is no such fact)."""
    return await _as_person(
        memory, user, lambda s, uid: store.fact_history(s, memory.vault, user_id=uid, fact_id=fact_id), missing=[]
    )


async def undo_change_record(memory: Memory, *, user: str, fact_id: str | None = None) -> Any:
    """Undo the newest change (of one fact, or of any); None when nothing was left to undo."""
    return await _as_person(
        memory,
        user,
        lambda s, uid: store.undo_last_change(s, memory.vault, user_id=uid, slots=SLOTS, fact_id=fact_id),
        missing=None,
    )


async def forget_fact_record(memory: Memory, fact_id: str, *, user: str) -> Any:
    """Forget one fact (kept in its history, undoable); None when there is no such fact."""
    return await _as_person(
        memory, user, lambda s, uid: store.forget_fact(s, memory.vault, user_id=uid, fact_id=fact_id), missing=None
    )


async def forget_all_facts(memory: Memory, *, user: str) -> int:
    """Delete every fact about the person; how many there were."""
    return await _as_person(memory, user, lambda s, uid: store.delete_all_facts(s, user_id=uid), missing=0)


async def current_profile(memory: Memory, *, user: str) -> profiles.ProfileRecord | None:
    """The person's standing profile, or None before its first refresh (or for a new person)."""
    uid = await _as_person(memory, user, lambda s, uid: uid, missing=None)
    if uid is None:
        return None
    from threadkeep.memory import (
        profile as profiles,  # lazy: start-up (tests/test_serve_startup.py)
    )

    return await asyncio.to_thread(profiles.current_profile, memory.db, memory.vault, user_id=uid)


async def identities_of(memory: Memory, *, user_id: str) -> list[tuple[str, str]]:
    """The (channel, external id) pairs linked to a person."""
    return await asyncio.to_thread(identities.identities_of, memory.db, user_id=user_id)


async def link_identity(memory: Memory, *, user_id: str, channel: str, external_id: str) -> str:
    """Link a channel identity to a person; its id (Conflict when it is someone else's)."""
    return await asyncio.to_thread(
        identities.link_identity, memory.db, user_id=user_id, channel=channel, external_id=external_id
    )


async def unlink_identity(memory: Memory, *, channel: str, external_id: str) -> bool:
    """Remove a link; False when there was none."""
    return await asyncio.to_thread(identities.unlink_identity, memory.db, channel=channel, external_id=external_id)


def handle_of_identity(memory: Memory, *, channel: str, external_id: str) -> str | None:
    """The handle of the person a channel identity is linked to, or None when it is not linked
    (looking up never creates a person). Blocking: run it off the event loop."""
    uid = identities.resolve_identity(memory.db, channel=channel, external_id=external_id)
    if uid is None:
        return None
    with memory.db.reading() as s:
        user = s.get(User, uid)
        return user.name if user is not None else None


def person_for_identity(memory: Memory, *, channel: str, external_id: str, handle: str) -> tuple[str, str]:
    """The person behind a platform user as ``(user_id, name)``; a new one (named ``handle``,
    linked to this identity) is made on first sight. Blocking: run it off the event loop."""
    for _ in range(3):
        uid = identities.resolve_identity(memory.db, channel=channel, external_id=external_id)
        if uid is not None:
            with memory.db.reading() as s:
                name = s.scalar(select(User.name).where(User.id == uid))
            if name is not None:
                return uid, name
        try:
            made = memory.db.write(lambda s: repo.get_or_create_user(s, memory.vault, name=handle).id)
            identities.link_identity(memory.db, user_id=made, channel=channel, external_id=external_id)
            return made, handle
        except (SAIntegrityError, identities.IdentityConflict):
            continue  # another request made the same person at the same moment: look again
    raise NotFound(f"could not resolve {channel}:{external_id}")


def channel_identities(memory: Memory, *, user_id: str) -> list[tuple[str, str]]:
    """The (channel, external id) pairs linked to a person. Blocking (see :func:`identities_of`)."""
    return identities.identities_of(memory.db, user_id=user_id)
