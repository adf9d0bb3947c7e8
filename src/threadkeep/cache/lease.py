"""A named lease in the database, so exactly one of several replicas runs a scheduler.

One row per lease name: ``holder`` and ``expires_at``. Taking or renewing the lease is one
conditional ``UPDATE`` (the holder itself, or anyone once it expired) — atomic on SQLite and
PostgreSQL alike — and, when no row exists yet, an ``INSERT`` that only one replica can win
(primary key). A replica that dies simply stops renewing; another takes over after expiry.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import or_, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from threadkeep.store.cache_tables import SchedulerLease
from threadkeep.store.db import Database

__all__ = ["acquire_lease", "release_lease", "lease_holder"]


def acquire_lease(db: Database, name: str, holder: str, *, now: datetime, seconds: float) -> bool:
    """Take or renew lease ``name`` for ``holder`` until ``now + seconds``; True if held."""
    until = now + timedelta(seconds=seconds)

    def take(s: Session) -> bool:
        result = s.execute(
            update(SchedulerLease)
            .where(SchedulerLease.name == name, or_(SchedulerLease.holder == holder, SchedulerLease.expires_at <= now))
            .values(holder=holder, expires_at=until)
        )
        if result.rowcount == 1:  # type: ignore[attr-defined]
            return True
        if s.get(SchedulerLease, name) is not None:
            return False  # someone else holds it
        s.add(SchedulerLease(name=name, holder=holder, expires_at=until))
        s.flush()
        return True

    try:
        return db.write(take)
    except IntegrityError:
        return False  # another replica inserted the row first


def release_lease(db: Database, name: str, holder: str, *, now: datetime) -> None:
    """Give the lease up at once (on a clean stop), if ``holder`` has it."""

    def give(s: Session) -> None:
        s.execute(
            update(SchedulerLease)
            .where(SchedulerLease.name == name, SchedulerLease.holder == holder)
            .values(expires_at=now)
        )

    db.write(give)


def lease_holder(db: Database, name: str, *, now: datetime) -> str | None:
    """Who holds ``name`` now, if anyone."""
    with db.session() as s:
        row = s.get(SchedulerLease, name)
        return row.holder if row is not None and row.expires_at > now else None
