"""A turn is never queued behind background work (issue 40): jobs pause between their steps
while a turn is in progress, for a bounded time, and a turn never waits for a job step.

Not timed: waits are asserted by order of events and generous upper bounds only.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from threadkeep import jobs, priority
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.llm.base import StreamEvent
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.messages import ModelRequest
from threadkeep.store.db import Database
from threadkeep.worker import BackgroundThread


def _in_thread_loop(coro_fn: Any) -> tuple[threading.Thread, list[Any]]:
    """Run ``coro_fn()`` on an event loop of its own thread (as the background thread does)."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(asyncio.run(coro_fn())), daemon=True)
    thread.start()
    return thread, out


def test_a_job_step_waits_while_a_turn_is_in_progress_and_resumes_after() -> None:
    steps: list[str] = []
    paused = threading.Event()

    async def job() -> float:
        with priority.background(60.0):
            steps.append("step 1")
            paused.set()
            waited = await priority.pause(max_s=30.0)
            steps.append("step 2")
            return waited

    with priority.turn():
        thread, out = _in_thread_loop(job)
        assert paused.wait(10)
        time.sleep(0.3)
        assert steps == ["step 1"]  # the second step waits for the turn
    thread.join(20)
    assert steps == ["step 1", "step 2"]
    assert 0.2 < out[0] < 20  # resumed when the turn ended, long before the 30 s bound


def test_a_step_in_a_worker_thread_waits_too() -> None:
    steps: list[str] = []

    def step_in_thread() -> None:
        with priority.background(60.0):
            priority.pause_blocking(max_s=30.0)
            steps.append("embedded a batch")

    with priority.turn():
        worker = threading.Thread(target=step_in_thread, daemon=True)
        worker.start()
        time.sleep(0.3)
        assert steps == []
    worker.join(20)
    assert steps == ["embedded a batch"]


def test_the_wait_is_bounded_per_pause_and_per_run() -> None:
    async def job() -> list[float]:
        with priority.background(1.0) as budget:
            waits = [await priority.pause(max_s=0.6), await priority.pause(max_s=0.6), await priority.pause(max_s=0.6)]
            assert budget.left_s == 0.0
            return waits

    with priority.turn():  # a turn that never ends while the job runs
        thread, out = _in_thread_loop(job)
        thread.join(20)
        assert not thread.is_alive()
    first, second, third = out[0]
    assert 0.5 < first < 5  # one pause: at most max_s
    assert 0.3 < second < 5  # the rest of the run's budget
    assert third == 0.0  # the budget is spent: the job goes on without waiting


def test_outside_background_work_nothing_waits() -> None:
    """A turn's own embedding (passages on the turn's path) never waits for the gate."""
    with priority.turn():
        started = time.monotonic()
        assert priority.pause_blocking(max_s=10.0) == 0.0
        assert asyncio.run(priority.pause(max_s=10.0)) == 0.0
        assert time.monotonic() - started < 5
    with priority.background(10.0):
        assert priority.pause_blocking(max_s=10.0) == 0.0  # no turn in progress


def test_nothing_pauses_inside_a_write_transaction(tmp_path: Any) -> None:
    """A turn may be waiting for the write lock a background step holds: the step must not
    pause for the turn there (a priority inversion that held turns for the whole bound)."""
    db = Database(f"sqlite:///{tmp_path / 'x.db'}")
    with priority.turn(), priority.background(60.0):
        started = time.monotonic()
        assert db.write(lambda _s: priority.pause_blocking(max_s=10.0)) == 0.0
        with db.session():
            assert priority.pause_blocking(max_s=10.0) == 0.0
            # ... and embeds through the turns' model: the background one may be busy for seconds
            assert not priority.in_background()
        assert priority.in_background()
        assert time.monotonic() - started < 5
        with db.reading():  # a read holds no write lock: background work still yields there
            assert priority.pause_blocking(max_s=0.2) > 0.1
    db.dispose()


async def test_a_job_that_is_a_turn_never_pauses(tmp_path: Any) -> None:
    """A surface's answer runs as a job, but a person waits for it: it is a turn."""
    db = Database(f"sqlite:///{tmp_path / 'x.db'}")
    db.upgrade()
    seen: list[tuple[bool, float]] = []

    async def answer(_: dict[str, Any]) -> None:
        seen.append((priority.in_background(), await asyncio.to_thread(priority.pause_blocking, 10.0)))

    runner = jobs.JobRunner(db, {"answer": answer})
    runner.turn_kinds.add("answer")
    db.write(lambda s: jobs.enqueue(s, kind="answer", payload={}))
    with priority.turn():  # another person's turn is in progress
        started = time.monotonic()
        assert await runner.run_once() == 1
        assert time.monotonic() - started < 5
    assert seen == [(False, 0.0)]
    db.dispose()


class _HeldModel(ScriptedModel):
    """A scripted model that holds its answer until released: the turn stays in progress."""

    def __init__(self) -> None:
        super().__init__(responder=lambda _request: "done")
        self.entered = asyncio.Event()
        self.release = asyncio.Event()

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        self.entered.set()
        await self.release.wait()
        async for ev in super().stream(request):
            yield ev


async def test_jobs_pause_during_a_real_turn_and_the_turn_does_not_wait_for_them(tmp_path: Any) -> None:
    model = _HeldModel()
    settings = Settings(home=tmp_path, embeddings=False)
    memory = Memory.open(
        f"sqlite:///{tmp_path / 'tk.db'}", settings=settings, model=model, master_key=MasterKey(b"k" * 32, "test")
    )
    steps: list[str] = []
    first_done, turn_started = threading.Event(), threading.Event()
    running, finish = threading.Event(), threading.Event()

    async def two_steps(_: dict[str, Any]) -> None:
        steps.append("step 1")
        first_done.set()
        await asyncio.to_thread(turn_started.wait, 20)
        await priority.pause()
        steps.append("step 2")

    async def long_step(_: dict[str, Any]) -> None:
        # A job step already running when the turn starts: the turn must not wait for it.
        running.set()
        await asyncio.to_thread(finish.wait, 30)

    runner = jobs.JobRunner(memory.db, {"two_steps": two_steps, "long_step": long_step})

    async def run_jobs(stop: asyncio.Event) -> None:
        await asyncio.gather(
            runner.run_forever(idle_sleep=0.05, stop=stop), runner.run_forever(idle_sleep=0.05, stop=stop)
        )

    background = BackgroundThread(run_jobs, name="test-jobs")
    try:
        memory.db.write(lambda s: jobs.enqueue(s, kind="long_step", payload={}))
        background.start()
        assert await asyncio.to_thread(running.wait, 20)
        memory.db.write(lambda s: jobs.enqueue(s, kind="two_steps", payload={}))
        assert await asyncio.to_thread(first_done.wait, 20)
        turn = asyncio.create_task(memory.send("hello there", user="p"))
        await asyncio.wait_for(model.entered.wait(), 20)
        turn_started.set()
        await asyncio.sleep(0.5)
        assert steps == ["step 1"]  # paused while the turn is built
        model.release.set()
        # The turn completes while a job step is still running beside it.
        result = await asyncio.wait_for(turn, 20)
        assert result.text == "done"
        assert not finish.is_set()
        for _ in range(200):
            if steps == ["step 1", "step 2"]:
                break
            await asyncio.sleep(0.05)
        assert steps == ["step 1", "step 2"]
    finally:
        finish.set()
        background.request_stop()
        await asyncio.to_thread(background.join, 10)
        await memory.close()


@pytest.fixture(autouse=True)
def _no_turn_left() -> Any:
    yield
    assert not priority.busy()
