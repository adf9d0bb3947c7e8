"""A job's lease holds while its worker lives, however long the job takes.

Fault runs shorten the lease (``--lease 3``) so a killed worker's job returns within
seconds; on a busy machine a live job then outlasted its lease and another worker loop took
it while it still ran (bench/faults.py's surface case: the answer job deferred itself behind
its own first run, and the person's turn looked stuck).
"""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from threadkeep import jobs
from threadkeep.crypto import MasterKey
from threadkeep.store.db import Database
from threadkeep.store.models import Job

LEASE_S = 1.0


async def test_a_job_outlasting_its_lease_is_not_claimed_again_while_it_runs(
    backend: tuple[str, MasterKey],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(jobs, "LEASE_SECONDS", LEASE_S)
    db = Database(backend[0])
    db.upgrade()
    runs: list[str] = []
    started, release = asyncio.Event(), asyncio.Event()

    async def slow(_: dict[str, object]) -> None:
        runs.append("run")
        started.set()
        await release.wait()

    async def again(_: dict[str, object]) -> None:
        runs.append("again")

    db.write(lambda s: jobs.enqueue(s, kind="slow", payload={}))
    first = jobs.JobRunner(db, {"slow": slow}, worker_id="first")
    second = jobs.JobRunner(db, {"slow": again}, worker_id="second")
    running = asyncio.create_task(first.run_once())
    try:
        await asyncio.wait_for(started.wait(), timeout=30)
        with db.reading() as s:
            claimed_until = s.scalar(select(Job.locked_until))
        # Well past the lease taken at the claim: only a renewal keeps the job from others.
        await asyncio.sleep(LEASE_S * 1.5)
        assert await second.run_once() == 0
        with db.reading() as s:
            assert s.scalar(select(Job.locked_until)) > claimed_until
    finally:
        release.set()
        await asyncio.wait_for(running, timeout=30)
    assert runs == ["run"]
    with db.reading() as s:
        job = s.scalars(select(Job)).one()
        assert (job.status, job.attempts) == ("done", 1)
    db.dispose()
