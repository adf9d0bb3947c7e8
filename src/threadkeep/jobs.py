"""A durable job queue in the database: folds, fact extraction, profile refresh, replies.

Jobs are claimed with a lease, renewed while the worker lives; a worker that dies (kill -9)
leaves a job whose lease runs out, and the next worker picks it up, so background work
resumes after a restart. Payloads hold ids only, never a person's text. Handlers must be
idempotent: a job can run again if its worker died after the work but before marking it done.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from threadkeep import priority
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.db import Database
from threadkeep.store.models import Job

__all__ = [
    "enqueue",
    "enqueue_many",
    "JobSpec",
    "Defer",
    "JobRunner",
    "Handler",
    "MAX_ATTEMPTS",
    "LEASE_SECONDS",
    "DEFAULT_TIME_LIMIT_S",
    "note_progress",
    "working_on",
    "current_attempt",
]

log = logging.getLogger("threadkeep.jobs")
MAX_ATTEMPTS = 6
LEASE_SECONDS = 120
# A job that runs longer fails (and is retried with backoff): nothing in the background may
# hold a worker for ever. Kept below the lease.
DEFAULT_TIME_LIMIT_S = 100.0
# Jobs claimed (and finished) per transaction: a turn leaves four or five small jobs.
CLAIM_BATCH = 8
_Outcome = tuple[Job, str | None, datetime | None]  # (job, error, run again at)
Handler = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(slots=True)
class _RunNotes:
    """What a running handler told the runner: whether it committed progress, what it is on."""

    progressed: bool = False
    item: str | None = None
    attempt: int = 1


# Set by the runner around each handler; copied into the threads the handler starts
# (``asyncio.to_thread`` copies the context), so a step in a thread can note its progress.
_notes: contextvars.ContextVar[_RunNotes | None] = contextvars.ContextVar("threadkeep_job_notes", default=None)


def note_progress() -> None:
    """A handler committed durable progress (a step whose work a re-run will not repeat).

    A run stopped at the time limit after progress is re-queued at once, not counted as a
    failed attempt: only runs that got nowhere count toward :data:`MAX_ATTEMPTS`."""
    notes = _notes.get()
    if notes is not None:
        notes.progressed = True


def current_attempt() -> int:
    """Which attempt of its job the running handler is (1 for the first; 1 outside a job): a
    handler may give up trying a model on the last attempts and fall back instead."""
    notes = _notes.get()
    return notes.attempt if notes is not None else 1


def working_on(item: str | None) -> None:
    """Name what the handler works on now (ids, never text): a run stopped at the time limit
    without progress fails with it, so the error says which item could not be done."""
    notes = _notes.get()
    if notes is not None:
        notes.item = item


class Defer(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a handler whose work is not due yet: the job runs again at ``until``.

    The job keeps its dedupe key (so it stays the one job of its kind for that key) and the
    attempt is not counted as a failure.
    """

    def __init__(self, until: datetime) -> None:
        super().__init__(f"deferred until {until.isoformat()}")
        self.until = until


def enqueue(
    session: Session,
    *,
    kind: str,
    payload: dict[str, Any],
    dedupe_key: str | None = None,
    delay_s: float = 0.0,
) -> bool:
    """Add a job in the caller's transaction. A live job with the same ``dedupe_key`` wins."""
    return enqueue_many(session, [JobSpec(kind, payload, dedupe_key, delay_s)]) == 1


@dataclass(frozen=True, slots=True)
class JobSpec:
    """One job to queue: its kind, payload (ids only), dedupe key and delay."""

    kind: str
    payload: dict[str, Any]
    dedupe_key: str | None = None
    delay_s: float = 0.0


# RETURNING counts what was added on both databases (a driver's executemany rowcount is -1
# on PostgreSQL).
_INSERT_NEW = {
    "sqlite": sqlite_insert(Job).on_conflict_do_nothing().returning(Job.id),
    "postgresql": pg_insert(Job).on_conflict_do_nothing().returning(Job.id),
}


def enqueue_many(session: Session, specs: list[JobSpec]) -> int:
    """Add several jobs in the caller's transaction with one statement; a live job with the
    same ``dedupe_key`` wins. Returns how many were added."""
    if not specs:
        return 0
    now = utcnow()
    rows = [
        {
            "id": new_id(),
            "kind": j.kind,
            "payload": j.payload,
            "dedupe_key": j.dedupe_key,
            "status": "ready",
            "attempts": 0,
            "run_after": now + timedelta(seconds=j.delay_s),
            "created_at": now,
        }
        for j in specs
    ]
    # One statement built once per dialect (the two the store supports), run over the rows
    # (compiled once, cached): a multi-VALUES insert is compiled anew for every turn.
    insert = _INSERT_NEW[session.get_bind().dialect.name]
    return len(session.connection().execute(insert, rows).all())


class JobRunner:
    """Claims and runs jobs. Several runners (replicas) may share one database."""

    def __init__(
        self,
        db: Database,
        handlers: dict[str, Handler],
        *,
        worker_id: str | None = None,
        time_limit_s: float = DEFAULT_TIME_LIMIT_S,
    ) -> None:
        self.db = db
        self.handlers = handlers
        self.worker_id = worker_id or f"{socket.gethostname()}:{os.getpid()}:{new_id()[:8]}"
        # Below the lease, so no second worker starts a job while the first still runs it.
        self.time_limit_s = time_limit_s
        # Kinds that are turns (a surface's answer): not background work, they never pause.
        self.turn_kinds: set[str] = set()

    def _due(self, now: Any, limit: int) -> Any:
        return (
            select(Job)
            .where(
                Job.kind.in_(list(self.handlers)),
                Job.run_after <= now,
                or_(Job.status == "ready", (Job.status == "running") & (Job.locked_until < now)),
            )
            .order_by(Job.run_after)
            .limit(limit)
        )

    def _claim(self, limit: int) -> list[Job]:
        """Up to ``limit`` due jobs, leased to this worker in one transaction."""
        # Look first without the write lock: idle loops polling must not queue behind turns.
        with self.db.reading() as s:
            if s.scalar(self._due(utcnow(), 1).with_only_columns(Job.id)) is None:
                return []

        def claim(s: Session) -> list[Job]:
            now = utcnow()
            stmt = self._due(now, limit)
            if self.db.dialect == "postgresql":
                stmt = stmt.with_for_update(skip_locked=True)
            claimed = list(s.scalars(stmt))
            for job in claimed:
                job.status = "running"
                job.attempts += 1
                job.locked_by = self.worker_id
                job.locked_until = now + timedelta(seconds=LEASE_SECONDS)
            s.flush()
            for job in claimed:
                s.expunge(job)
            return claimed

        return self.db.write(claim)

    def _finish(self, outcomes: list[_Outcome]) -> None:
        """Record how each job of a batch ended, in one transaction."""

        def finish(s: Session) -> None:
            now = utcnow()
            for job, error, defer_until in outcomes:
                mine = update(Job).where(Job.id == job.id, Job.locked_by == self.worker_id)
                if defer_until is not None:
                    # Deferred, or released unrun: not an attempt.
                    s.execute(
                        mine.values(
                            status="ready", run_after=defer_until, locked_until=None, attempts=max(0, job.attempts - 1)
                        )
                    )
                elif error is None:
                    # The dedupe key is released so the same kind of work can be queued again.
                    s.execute(mine.values(status="done", finished_at=now, dedupe_key=None, locked_until=None))
                elif job.attempts >= MAX_ATTEMPTS:
                    s.execute(
                        mine.values(
                            status="failed",
                            finished_at=now,
                            dedupe_key=None,
                            last_error=error[:2000],
                            locked_until=None,
                        )
                    )
                else:
                    backoff = min(300, 2**job.attempts)
                    s.execute(
                        mine.values(
                            status="ready",
                            run_after=now + timedelta(seconds=backoff),
                            last_error=error[:2000],
                            locked_until=None,
                        )
                    )

        self.db.write(finish)

    async def _run(self, job: Job) -> _Outcome:
        handler = self.handlers[job.kind]
        limit = asyncio.timeout(self.time_limit_s)
        notes = _RunNotes(attempt=job.attempts)
        token = _notes.set(notes)
        try:
            # Background work yields to turns: before the job starts, and between its steps
            # (threadkeep.priority); the waits count toward the time limit, within a budget.
            if job.kind in self.turn_kinds:
                async with limit:
                    await handler(dict(job.payload or {}))
            else:
                with priority.background(self.time_limit_s * priority.PAUSE_SHARE):
                    async with limit:
                        await priority.pause()
                        await handler(dict(job.payload or {}))
        except Defer as d:
            return job, None, d.until
        except Exception as e:  # a failing job must not stop the worker
            if isinstance(e, TimeoutError) and limit.expired():
                if notes.progressed:
                    # Stopped mid-way after durable progress: it resumes from there at once,
                    # and the attempt is not a failure (a big job is many runs).
                    log.info(
                        "job %s (%s) reached its time limit of %g s after progress; it resumes",
                        job.id,
                        job.kind,
                        self.time_limit_s,
                    )
                    return job, None, utcnow()
                error = (
                    f"JobTimeout: the job ran past its time limit of {self.time_limit_s:g} s "
                    "(THREADKEEP_JOB_TIME_LIMIT_S) without progress and was stopped"
                    + (f" while on {notes.item}" if notes.item else "")
                )
            else:
                error = f"{type(e).__name__}: {e}"
            log.warning("job %s (%s) failed, attempt %d: %s", job.id, job.kind, job.attempts, error)
            return job, error, None
        finally:
            _notes.reset(token)
        return job, None, None

    async def run_once(self, batch: int = CLAIM_BATCH) -> int:
        """Claim up to ``batch`` ready jobs and run them one after another; returns how many ran.

        A batch costs one claiming and one finishing transaction instead of two per job. Jobs
        left in a batch when its leases could run out before they finish are released unrun.
        """
        claimed = await asyncio.to_thread(self._claim, batch)
        if not claimed:
            return 0
        started = time.monotonic()
        outcomes: list[_Outcome] = []
        renewing = asyncio.create_task(self._renew_leases(claimed, outcomes))
        try:
            for job in claimed:
                if outcomes and time.monotonic() - started > LEASE_SECONDS - self.time_limit_s:
                    break
                outcomes.append(await self._run(job))
        finally:
            renewing.cancel()
            await asyncio.gather(renewing, return_exceptions=True)
            ran = len(outcomes)
            # Not run (the batch's leases ran short, or shutdown cancelled it): back to the
            # queue at once, not counted as an attempt.
            outcomes += [(job, None, utcnow()) for job in claimed[ran:]]
            await asyncio.shield(asyncio.to_thread(self._finish, outcomes))
        return ran

    async def _renew_leases(self, claimed: list[Job], outcomes: list[_Outcome]) -> None:
        """Keep the leases of a batch's unfinished jobs while this worker lives.

        A job that takes longer than its lease (a slow model on a busy machine, or a lease
        shortened to recover quickly from crashes) is otherwise claimed a second time while it
        still runs. Renewed four times per lease, so a renewal may come late by most of a lease.
        A renewal that lands after the job finished changes nothing (``running`` only).
        """
        while True:
            await asyncio.sleep(LEASE_SECONDS / 4)
            ids = [job.id for job in claimed[len(outcomes) :]]

            def renew(s: Session, ids: list[str] = ids) -> None:
                s.execute(
                    update(Job)
                    .where(Job.id.in_(ids), Job.status == "running", Job.locked_by == self.worker_id)
                    .values(locked_until=utcnow() + timedelta(seconds=LEASE_SECONDS))
                )

            try:
                await asyncio.to_thread(self.db.write, renew)
            except Exception as e:  # the database may be away for a moment: renew again soon
                log.warning("job lease renewal failed: %s", e)

    async def drain(self, max_jobs: int = 10_000) -> int:
        """Run ready jobs until none is left (tests, CLI, shutdown)."""
        n = 0
        while n < max_jobs:
            ran = await self.run_once()
            if not ran:
                return n
            n += ran
        return n

    async def run_forever(self, *, idle_sleep: float = 0.5, stop: asyncio.Event | None = None) -> None:
        while stop is None or not stop.is_set():
            try:
                ran = await self.run_once()
            except Exception as e:  # database down: keep the worker alive, try again later
                log.warning("job runner: %s", e)
                ran = False
            if not ran:
                try:
                    if stop is not None:
                        await asyncio.wait_for(stop.wait(), timeout=idle_sleep)
                    else:
                        await asyncio.sleep(idle_sleep)
                except TimeoutError:
                    pass
