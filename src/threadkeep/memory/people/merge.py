"""Merging two people into one: start (pending), undo, confirm — in one transaction each.

Linking an identity that already belongs to a person with a history of their own (a Slack
user who wrote before anyone linked them) merges that person, the *source*, into the person
the identity is linked to, the *target*:

- the source's conversations move to the target with everything under them (messages,
  summaries, recall vectors and chunks, re-ask marks, call log, OpenAI-client threads), and
  so do their surface threads, queued surface events and posts, and their channel
  identities. Every sealed field is opened with the source's key and sealed again with the
  target's, in the same transaction — no row is ever readable with the wrong key
  (:mod:`threadkeep.memory.people.merge_rows` moves the rows);
- the source's current facts are merged into the target's (:mod:`threadkeep.memory.people.facts_merge`:
  the same fact deduplicated, a conflicting value kept as a version); the profile is the
  target's, or the source's when the target had none, and is rebuilt by the usual
  background job; the recall index follows the moved messages on its own;
- the source person is kept, hidden (renamed ``__merged__:<merge id>``, their person keys
  suspended), with their own facts, profile and digests untouched under their own key, and
  the merge row holds what an undo needs (ids of moved rows; the target's fact and profile
  rows as they were), sealed with the source's key.

``undo`` puts everything back (sealed again under the source's key) and the source is
reachable again; ``confirm`` makes it final: the undo data is dropped and the source person
is deleted the way every deletion is (their key shredded, their handle tombstoned). Every step
writes an audit row (ids and counts only).

A merge is refused while the source has a turn in progress (409, try again in a moment):
moving a conversation under a turn being answered would seal its answer with the wrong key.
On PostgreSQL the source's ``users`` row is locked first, which also waits for any
transaction that is inserting rows for them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import column, func, select, table, update
from sqlalchemy.orm import Session

from threadkeep import jobs
from threadkeep.errors import Conflict, InputError, NotFound
from threadkeep.memory.people import facts_merge as fact_merge
from threadkeep.memory.people import merge_rows
from threadkeep.store import deletion, repo
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.db import Database
from threadkeep.store.memory_tables import Profile
from threadkeep.store.models import ApiKey, Conversation, Message, User
from threadkeep.store.people_tables import MERGED_PREFIX, AuditEntry, PersonMerge
from threadkeep.store.vault import SYSTEM_USER, Vault

__all__ = [
    "MergeInfo",
    "start_merge",
    "undo_merge",
    "confirm_merge",
    "list_merges",
    "get_merge",
    "record_audit",
    "forget_caches",
    "start_merge_in",
    "audit_entries",
]


@dataclass(frozen=True, slots=True)
class MergeInfo:
    """A merge as shown to an administrator (ids, names, counts; never content)."""

    id: str
    target: str | None
    source: str | None
    source_user_id: str
    target_user_id: str
    via: str | None
    status: str
    counts: dict[str, int]
    actor: str
    created_at: datetime
    finished_at: datetime | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "into": self.target,
            "source": self.source,
            "via": self.via,
            "status": self.status,
            "counts": dict(self.counts),
            "actor": self.actor,
            "created_at": self.created_at.isoformat(),
            "finished_at": self.finished_at.isoformat() if self.finished_at else None,
        }


# -- audit ----------------------------------------------------------------------------------
def record_audit(s: Session, *, actor: str, action: str, subject: str | None, details: dict[str, Any]) -> None:
    """Write one audit row in the caller's transaction (ids and counts only)."""
    s.add(AuditEntry(id=new_id(), at=utcnow(), actor=actor[:200], action=action, subject=subject, details=details))


def audit_entries(db: Database, *, subject: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
    """The newest audit rows (of one merge or person id when ``subject`` is given)."""
    if not 1 <= limit <= 1000:
        raise InputError("limit must be between 1 and 1000")
    q = select(AuditEntry).order_by(AuditEntry.at.desc(), AuditEntry.id).limit(limit)
    if subject is not None:
        q = q.where(AuditEntry.subject == subject)
    with db.reading() as s:
        return [
            {
                "at": r.at.isoformat(),
                "actor": r.actor,
                "action": r.action,
                "subject": r.subject,
                "details": dict(r.details),
            }
            for r in s.scalars(q)
        ]


# -- profile --------------------------------------------------------------------------------
def _merge_profile(s: Session, vault: Vault, source: str, target: str) -> dict[str, Any] | None:
    """The target's profile row as it was (None: none); the source's is copied when the
    target had none. The background job rebuilds it from the merged facts either way."""
    mine = s.get(Profile, target)
    if mine is not None:
        return {
            "text_ct": mine.text_ct.hex(),
            "version": mine.version,
            "method": mine.method,
            "messages_at_build": mine.messages_at_build,
            "built_at": mine.built_at.isoformat(),
        }
    theirs = s.get(Profile, source)
    if theirs is not None:
        text = vault.open_bytes(s, source, theirs.text_ct, table="profiles", column="text", row_id=source)
        s.add(
            Profile(
                user_id=target,
                text_ct=vault.seal(s, target, text, table="profiles", column="text", row_id=target),
                version=1,
                method=theirs.method,
                messages_at_build=0,
                built_at=utcnow(),
            )
        )
    return None


def _restore_profile(s: Session, target: str, snap: dict[str, Any] | None) -> None:
    row = s.get(Profile, target)
    if snap is None:
        if row is not None:
            s.delete(row)
        return
    if row is None:
        row = Profile(user_id=target)
        s.add(row)
    row.text_ct = bytes.fromhex(snap["text_ct"])
    row.version, row.method = snap["version"], snap["method"]
    row.messages_at_build = snap["messages_at_build"]
    row.built_at = datetime.fromisoformat(snap["built_at"])


# -- the three steps ------------------------------------------------------------------------
def _seal_undo(s: Session, vault: Vault, merge: PersonMerge, undo: dict[str, Any]) -> None:
    merge.undo_ct = vault.seal(
        s, merge.source_user_id, json.dumps(undo, sort_keys=True), table="person_merges", column="undo", row_id=merge.id
    )


def _open_undo(s: Session, vault: Vault, merge: PersonMerge) -> dict[str, Any]:
    assert merge.undo_ct is not None
    return dict(
        json.loads(
            vault.open_text(
                s, merge.source_user_id, merge.undo_ct, table="person_merges", column="undo", row_id=merge.id
            )
        )
    )


def _lock_person(s: Session, user_id: str) -> User | None:
    # FOR UPDATE conflicts with the FOR KEY SHARE lock every insert referencing the person
    # takes on PostgreSQL: in-flight writes for them finish first, later ones wait for us.
    # SQLite's BEGIN IMMEDIATE already serialises writers.
    return s.scalar(select(User).where(User.id == user_id).with_for_update())


def start_merge_in(
    s: Session, vault: Vault, *, source: str, target: str, actor: str, via: str | None = None
) -> MergeInfo:
    """Merge person ``source`` into person ``target`` (ids) in the caller's transaction."""
    if source == target:
        raise InputError("a person cannot be merged into themselves")
    # Locked in id order, so two merges of the same two people cannot deadlock each other.
    locked = {uid: _lock_person(s, uid) for uid in sorted((source, target))}
    tgt, src = locked[target], locked[source]
    if tgt is None or src is None:
        raise NotFound("no such person")
    for who in (src, tgt):
        if who.name == SYSTEM_USER or who.name.startswith(MERGED_PREFIX):
            raise Conflict(f"person {who.name!r} cannot take part in a merge")
    waiting = s.scalar(
        select(PersonMerge.id).where(PersonMerge.target_user_id == source, PersonMerge.status == "pending").limit(1)
    )
    if waiting is not None:
        raise Conflict(
            f"person {src.name!r} is the target of pending merge {waiting}: confirm or undo "
            "it before merging them into someone else"
        )
    busy = s.scalar(
        select(func.count()).select_from(Message).where(Message.user_id == source, Message.status == "pending")
    )
    if busy:
        raise Conflict(
            f"person {src.name!r} has a turn in progress; try the link again in a moment (nothing was changed)"
        )
    imports = table("imports", column("user_id"), column("status"))
    if s.scalar(
        select(func.count())
        .select_from(imports)
        .where(imports.c.user_id == source, imports.c.status.in_(("receiving", "storing")))
    ):
        raise Conflict(
            f"person {src.name!r} has an import in progress; merge once it has stored its "
            "conversations (nothing was changed)"
        )
    mid = new_id()
    merge = PersonMerge(
        id=mid,
        target_user_id=target,
        source_user_id=source,
        source_name=src.name,
        via=via,
        status="pending",
        counts={},
        actor=actor[:200],
        created_at=utcnow(),
    )
    s.add(merge)
    conv_ids = list(s.scalars(select(Conversation.id).where(Conversation.user_id == source)))
    counts = merge_rows.move_conversations(s, vault, conv_ids, target)
    moved = merge_rows.move_person_rows(s, vault, source, target)
    fact_undo, fact_counts = fact_merge.merge_facts(s, vault, source=source, target=target)
    profile = _merge_profile(s, vault, source, target)
    keys = list(s.scalars(select(ApiKey.id).where(ApiKey.user_id == source, ApiKey.revoked_at.is_(None))))
    if keys:  # the source's own keys would act for a hidden person: suspended until an undo
        s.execute(update(ApiKey).where(ApiKey.id.in_(keys)).values(revoked_at=utcnow()))
    src.name = MERGED_PREFIX + mid
    counts |= {
        "identities": len(moved["identities"]),
        "surface_threads": len(moved["surface_threads"]),
        "keys_suspended": len(keys),
        **fact_counts,
    }
    merge.counts = counts
    s.flush()
    _seal_undo(
        s,
        vault,
        merge,
        {"conversations": conv_ids, "moved": moved, "facts": fact_undo, "profile": profile, "keys": keys},
    )
    jobs.enqueue(s, kind="recall_index", payload={"user_id": target}, dedupe_key=f"recall:{target}")
    jobs.enqueue(s, kind="profile", payload={"user_id": target, "force": True}, dedupe_key=f"profile-merge:{mid}")
    record_audit(
        s,
        actor=actor,
        action="merge.start",
        subject=mid,
        details={"merge": mid, "target": target, "source": source, "counts": counts, "via_identity": via is not None},
    )
    return _info(s, merge)


def start_merge(db: Database, vault: Vault, *, source: str, into: str, actor: str) -> MergeInfo:
    """Merge the person with handle ``source`` into the person with handle ``into`` (pending)."""

    def run(s: Session) -> MergeInfo:
        src, tgt = repo.find_user(s, name=source), repo.find_user(s, name=into)
        if src is None or tgt is None:
            raise NotFound(f"person {source if src is None else into!r} not found")
        return start_merge_in(s, vault, source=src.id, target=tgt.id, actor=actor)

    info = db.write(run)
    forget_caches(info.source_user_id, info.target_user_id)
    return info


def _pending(s: Session, merge_id: str) -> PersonMerge:
    merge = s.scalar(select(PersonMerge).where(PersonMerge.id == merge_id).with_for_update())
    if merge is None:
        raise NotFound(f"no merge with id {merge_id}")
    if merge.status != "pending":
        raise Conflict(
            f"merge {merge_id} was already {merge.status} on {merge.finished_at:%Y-%m-%d %H:%M} UTC; "
            "only a pending merge can be undone or confirmed"
        )
    return merge


def undo_merge(db: Database, vault: Vault, *, merge_id: str, actor: str) -> MergeInfo:
    """Put both people back as they were before the merge (a pending merge only)."""

    def run(s: Session) -> MergeInfo:
        merge = _pending(s, merge_id)
        source, target = merge.source_user_id, merge.target_user_id
        locked = {uid: _lock_person(s, uid) for uid in sorted((source, target))}
        src = locked[source]
        assert src is not None  # a pending merge's source is deleted only by its confirmation
        busy = s.scalar(
            select(func.count())
            .select_from(Message)
            .join(Conversation, Conversation.id == Message.conversation_id)
            .where(Conversation.user_id == target, Message.status == "pending")
        )
        if busy:
            raise Conflict("a turn is in progress for the merged person; try the undo again in a moment")
        undo = _open_undo(s, vault, merge)
        still = merge_rows.still_owned(s, "conversations", undo["conversations"], target)
        counts = merge_rows.move_conversations(s, vault, still, source)
        moved = {name: merge_rows.still_owned(s, name, ids, target) for name, ids in undo["moved"].items()}
        merge_rows.move_listed(s, vault, moved, source)
        counts |= fact_merge.unmerge_facts(s, target=target, undo=undo["facts"])
        _restore_profile(s, target, undo["profile"])
        if undo["keys"]:
            s.execute(update(ApiKey).where(ApiKey.id.in_(undo["keys"])).values(revoked_at=None))
        if merge.source_name is not None:
            src.name = merge.source_name
        counts["identities"] = len(moved.get("identities", []))
        merge.status, merge.finished_at, merge.undo_ct = "undone", utcnow(), None
        merge.source_name = None
        jobs.enqueue(s, kind="recall_index", payload={"user_id": source}, dedupe_key=f"recall:{source}")
        record_audit(
            s,
            actor=actor,
            action="merge.undo",
            subject=merge.id,
            details={"merge": merge.id, "target": target, "source": source, "counts": counts},
        )
        s.flush()
        return _info(s, merge, source_name=src.name)

    info = db.write(run)
    forget_caches(info.source_user_id, info.target_user_id)
    return info


def confirm_merge(db: Database, vault: Vault, *, merge_id: str, actor: str) -> MergeInfo:
    """Make a merge final: the undo data goes, and the source person is deleted for good
    (key shredded, handle tombstoned: :func:`threadkeep.store.deletion.delete_user`)."""

    def run(s: Session) -> MergeInfo:
        merge = _pending(s, merge_id)
        src = _lock_person(s, merge.source_user_id)
        name = merge.source_name
        info = _info(s, merge)
        merge.status, merge.finished_at, merge.undo_ct = "confirmed", utcnow(), None
        merge.source_name = None
        record_audit(
            s,
            actor=actor,
            action="merge.confirm",
            subject=merge.id,
            details={
                "merge": merge.id,
                "target": merge.target_user_id,
                "source": merge.source_user_id,
                "source_deleted": src is not None,
            },
        )
        if src is not None:
            # Anything that reached the hidden source after the merge (an event a webhook was
            # storing at that moment) goes to the target rather than down with the source.
            late = list(s.scalars(select(Conversation.id).where(Conversation.user_id == src.id)))
            merge_rows.move_conversations(s, vault, late, merge.target_user_id)
            merge_rows.move_person_rows(s, vault, src.id, merge.target_user_id)
            if name is not None and repo.find_user(s, name=name) is None:
                src.name = name  # the handle is tombstoned like any deleted person's
                s.flush()
            deletion.delete_user(s, vault, user_id=src.id)
        return replace(info, status="confirmed", finished_at=merge.finished_at)

    info = db.write(run)
    db.settle_deletion()  # no readable copy of the source's key or undo data left behind
    forget_caches(info.source_user_id, info.target_user_id)
    return info


# -- reading --------------------------------------------------------------------------------
def _info(s: Session, merge: PersonMerge, *, source_name: str | None = None) -> MergeInfo:
    target = s.scalar(select(User.name).where(User.id == merge.target_user_id))
    return MergeInfo(
        merge.id,
        target,
        source_name or merge.source_name,
        merge.source_user_id,
        merge.target_user_id,
        merge.via,
        merge.status,
        dict(merge.counts or {}),
        merge.actor,
        merge.created_at,
        merge.finished_at,
    )


def get_merge(db: Database, *, merge_id: str) -> MergeInfo:
    """One merge by id."""
    with db.reading() as s:
        merge = s.get(PersonMerge, merge_id)
        if merge is None:
            raise NotFound(f"no merge with id {merge_id}")
        return _info(s, merge)


def list_merges(db: Database, *, include_finished: bool = False, limit: int = 200) -> list[MergeInfo]:
    """Pending merges (and finished ones when asked), newest first."""
    q = select(PersonMerge).order_by(PersonMerge.created_at.desc(), PersonMerge.id).limit(limit)
    if not include_finished:
        q = q.where(PersonMerge.status == "pending")
    with db.reading() as s:
        return [_info(s, m) for m in s.scalars(q)]


def forget_caches(*user_ids: str) -> None:
    """Decrypted facts and recall indexes held in this process go stale with a merge (other
    processes notice from the facts generation and the message counts)."""
    # lazy: start-up (tests/test_serve_startup.py)
    from threadkeep.memory.recall import facts, index

    for uid in user_ids:
        facts.clear_fact_cache(uid)
        index.clear_recall_cache(uid)
