"""Deleting a person for good: their data key shredded first, then every row of theirs.

Deletion is its own job, apart from the everyday reads and writes of :mod:`threadkeep.store.repo`:
it reaches every table that carries the person's id, the jobs that name them, the merge records
and audit log that mention them, and leaves a tombstone so no request can re-create the person.
Both deleting a person (``Memory.delete_user``) and confirming a merge (its hidden source goes)
come here.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from sqlalchemy import String, cast, delete, inspect, select, text, update
from sqlalchemy.orm import Session

from threadkeep.store.base import utcnow
from threadkeep.store.models import DeletedPerson, Job, User, UserKey, WebSession
from threadkeep.store.people_tables import AuditEntry, PersonMerge
from threadkeep.store.repo import find_user
from threadkeep.store.vault import SYSTEM_USER, Vault

__all__ = ["delete_user", "ERASED"]


def delete_user(session: Session, vault: Vault, *, user_id: str) -> None:
    """Delete a person: their data key first (crypto-shredding), then every row of theirs.

    The wrapped key is overwritten with random bytes before its row is deleted (on SQLite
    with ``secure_delete`` the freed space is zeroed; on PostgreSQL the overwrite is a new row
    version and the old one stays in the heap until VACUUM — see docs/RELIABILITY.md). Jobs
    that name the person (payload, dedupe key) go too, and the handle gets a tombstone so no
    request can re-create the person.
    """
    user = session.get(User, user_id)
    if user is None:
        return
    # People merged into this one and not yet confirmed go with them (their conversations
    # already did); their handles are tombstoned like this one's.
    for merge in session.scalars(
        select(PersonMerge).where(PersonMerge.target_user_id == user_id, PersonMerge.status == "pending")
    ).all():
        hidden = session.get(User, merge.source_user_id)
        if hidden is not None:
            if merge.source_name and find_user(session, name=merge.source_name) is None:
                hidden.name = merge.source_name
                session.flush()
            delete_user(session, vault, user_id=hidden.id)
    _erase_from_merges(session, user_id)
    ids = _owned_ids(session, user_id)
    session.execute(
        update(UserKey)
        .where(UserKey.user_id == user_id)
        .values(wrapped_key=secrets.token_bytes(60), master_key_id="shredded")
    )
    session.flush()
    session.execute(delete(UserKey).where(UserKey.user_id == user_id))
    _drop_jobs_naming(session, ids, user.name)
    session.execute(delete(WebSession).where(WebSession.person == user.name))  # visitor sessions
    if user.name != SYSTEM_USER:
        stone = vault.tombstone(session, user.name)
        if session.get(DeletedPerson, stone) is None:
            session.add(DeletedPerson(name_mac=stone, deleted_at=utcnow()))
    session.execute(delete(User).where(User.id == user_id))
    vault.forget(user_id)


ERASED = "erased"


def _erase_from_merges(session: Session, user_id: str) -> None:
    """A deleted person's id leaves the merge records and the audit log (which keep the
    acts and counts: "erased" stands where the id was)."""
    session.execute(update(PersonMerge).where(PersonMerge.source_user_id == user_id).values(source_user_id=ERASED))
    for entry in session.scalars(select(AuditEntry).where(cast(AuditEntry.details, String).like(f"%{user_id}%"))):
        entry.details = _replace_strings(entry.details, user_id, ERASED)


def _replace_strings(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, dict):
        return {k: _replace_strings(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace_strings(v, old, new) for v in value]
    return value


_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _owned_ids(session: Session, user_id: str) -> set[str]:
    """The person's id and the ids of every row that carries their ``user_id``."""
    ids = {user_id}
    insp = inspect(session.connection())
    for table in insp.get_table_names():
        cols = {c["name"] for c in insp.get_columns(table)}
        if "user_id" in cols and "id" in cols:
            q = text(f'SELECT id FROM "{table}" WHERE user_id = :u')
            ids.update(str(r[0]) for r in session.execute(q, {"u": user_id}))
    return ids


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _drop_jobs_naming(session: Session, ids: set[str], name: str) -> None:
    """Delete every job whose payload or dedupe key names the person (finished ones too);
    clear an error message that does."""
    doomed: list[str] = []
    cleared: list[str] = []
    for job_id, payload, dedupe, error in session.execute(select(Job.id, Job.payload, Job.dedupe_key, Job.last_error)):
        tokens = _strings(payload)
        if dedupe:
            tokens |= set(dedupe.split(":")) | {dedupe}
        tokens |= set(_UUID.findall(" ".join(tokens)))
        if tokens & ids or name in tokens:
            doomed.append(job_id)
        elif error and (name in error or set(_UUID.findall(error)) & ids):
            cleared.append(job_id)
    for chunk in range(0, len(doomed), 500):
        session.execute(delete(Job).where(Job.id.in_(doomed[chunk : chunk + 500])))
    if cleared:
        session.execute(update(Job).where(Job.id.in_(cleared)).values(last_error=None))
