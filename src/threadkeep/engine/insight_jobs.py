"""The insight jobs on the durable queue: per-conversation re-ask marks, digests, retention.

- ``reask`` (payload ``conversation_id``) — queued after each turn; marks the new answers.
- ``digests`` (payload ``period``, ``start``, optional ``person``) — builds one period's digests.
- ``insights_daily`` — once a day: applies the retention policy, builds the digests of the
  week and month that just ended, and queues itself for the next day. Its dedupe key names
  the day, so several replicas starting at once queue it once.

None of this runs inside a turn: a turn only queues ``reask`` (ids only in the payload).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from threadkeep import jobs
from threadkeep.engine import digest, retention
from threadkeep.store import repo
from threadkeep.store.base import utcnow

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = ["install", "enqueue_reask", "enqueue_digests", "enqueue_daily", "fold_config", "DELIVER_KIND"]

DAILY_AT = time(0, 20)  # UTC: shortly after midnight, when yesterday's week/month has ended
# Delivering a new digest to the chat surface a person uses (registered by the surfaces when
# they are installed; without a handler no delivery is queued). Payload: ids and dates only.
DELIVER_KIND = "digest.deliver"


def fold_config(memory: Memory) -> str:
    """The fold part of a re-ask configuration: threshold/tail and the fold model."""
    s = memory.settings
    folder = memory.fold_model.name if memory.fold_model is not None else "extractive"
    return f"fold {s.fold_threshold}/{s.fold_tail} {folder}"


def enqueue_reask(session: Session, conversation_id: str) -> None:
    """Queue re-ask detection of a conversation's new answers (call inside the turn's transaction)."""
    jobs.enqueue(
        session, kind="reask", payload={"conversation_id": conversation_id}, dedupe_key=f"reask:{conversation_id}"
    )


def enqueue_digests(session: Session, *, period: str, start: date, person: str | None = None) -> bool:
    payload: dict[str, Any] = {"period": period, "start": start.isoformat()}
    if person:
        payload["person"] = person
    return jobs.enqueue(
        session, kind="digests", payload=payload, dedupe_key=f"digests:{period}:{start.isoformat()}:{person or '*'}"
    )


def enqueue_daily(session: Session, *, day: date | None = None) -> bool:
    """Queue the daily job for ``day`` (default: today, due now) — once per day."""
    now = utcnow()
    day = day or now.date()
    run_at = datetime.combine(day, DAILY_AT, UTC)
    return jobs.enqueue(
        session,
        kind="insights_daily",
        payload={"day": day.isoformat()},
        dedupe_key=f"insights_daily:{day.isoformat()}",
        delay_s=max(0.0, (run_at - now).total_seconds()),
    )


def install(memory: Memory) -> None:
    """Register the handlers with the memory's job runner and queue today's daily job."""
    db, vault = memory.db, memory.vault

    async def reask_job(payload: dict[str, Any]) -> None:
        from threadkeep.engine import reask_marks  # lazy: start-up (tests/test_serve_startup.py)

        cid = str(payload["conversation_id"])
        fold = fold_config(memory)
        await asyncio.to_thread(
            db.write, lambda s: reask_marks.mark_conversation(s, vault, conversation_id=cid, fold=fold)
        )

    async def digests_job(payload: dict[str, Any]) -> None:
        period = str(payload["period"])
        start, end = digest.period_bounds(period, date.fromisoformat(str(payload["start"])))
        person = payload.get("person")

        def run(s: Session) -> int:
            uid = None
            if person:
                user = repo.find_user(s, name=str(person))
                if user is None:
                    return 0
                uid = user.id

            def deliver(s: Session, user_id: str) -> None:
                jobs.enqueue(
                    s,
                    kind=DELIVER_KIND,
                    payload={"user_id": user_id, "period": period, "start": start.isoformat()},
                    dedupe_key=f"{DELIVER_KIND}:{user_id}:{period}:{start.isoformat()}",
                )

            on_created = deliver if DELIVER_KIND in memory.runner.handlers else None
            return digest.run_digests(s, vault, period=period, start=start, end=end, user_id=uid, on_created=on_created)

        await asyncio.to_thread(db.write, run)

    async def daily_job(payload: dict[str, Any]) -> None:
        today = date.fromisoformat(str(payload.get("day") or utcnow().date().isoformat()))

        def run(s: Session) -> None:
            while retention.apply_retention(s) == retention.BATCH:
                pass
            for period in digest.PERIODS:
                start, _ = digest.previous_period(period, today)
                enqueue_digests(s, period=period, start=start)
            enqueue_daily(s, day=today + timedelta(days=1))

        await asyncio.to_thread(db.write, run)

    memory.register_job("reask", reask_job)
    memory.register_job("digests", digests_job)
    memory.register_job("insights_daily", daily_job)
    db.write(lambda s: enqueue_daily(s))
