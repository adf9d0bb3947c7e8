"""Turns first: background work pauses between its steps while a turn is in progress.

A turn holds :func:`turn` while it is stored, built, answered and completed. Background work
runs inside :func:`background` (the job runner enters it around every handler) and calls
:func:`pause` on a job loop, or :func:`pause_blocking` in a worker thread, between its steps:
between jobs, folds, recall-indexing steps, embedding batches and import steps. A pause
returns at once when no turn is in progress; otherwise it waits until the last turn ends,
for at most :data:`MAX_PAUSE_S` at a time and at most the run's budget in all (a share of
the job's time limit), so a steady stream of turns slows background work down but never
starves it, and a job keeps most of its time limit for work. Outside :func:`background` a
pause never waits: a turn's own embedding does not queue behind itself or a job.

A step already running when a turn starts finishes first; steps are kept short (an
embedding batch, one bounded fold) so that wait is short. The gate is per process: turns
and jobs of one process share the cores, the GIL, the embedder's lock and SQLite's write
lock. A ``threadkeep worker`` of its own has no turns to yield to. Nothing pauses inside a
write transaction (:func:`holding`, entered by the store): the turn would wait for the pause.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

__all__ = [
    "MAX_PAUSE_S",
    "PAUSE_SHARE",
    "PauseBudget",
    "turn",
    "busy",
    "background",
    "pause",
    "pause_blocking",
    "paused_s",
    "paused_total_s",
    "in_background",
    "holding",
]

# One pause waits at most this long: a turn that streams a slow model for a minute holds
# background work back by this much per step, not for the whole answer.
MAX_PAUSE_S = 5.0
# A job run pauses for at most this share of its time limit in all; the rest is for work.
PAUSE_SHARE = 0.3

_lock = threading.Lock()
_idle = threading.Condition(_lock)
_turns = 0
_waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []
_paused_total = 0.0


@dataclass(slots=True)
class PauseBudget:
    """What one background run may still spend waiting for turns, and what it has spent."""

    left_s: float
    paused_s: float = 0.0

    def spend(self, seconds: float) -> None:
        global _paused_total
        with _lock:
            self.left_s = max(0.0, self.left_s - seconds)
            self.paused_s += seconds
            _paused_total += seconds


# Inside :func:`holding`: a pause would keep a turn waiting for what this caller holds.
_holding: contextvars.ContextVar[int] = contextvars.ContextVar("threadkeep_holding", default=0)
# Set by :func:`background`; ``asyncio.to_thread`` copies it into the threads a job starts.
_budget: contextvars.ContextVar[PauseBudget | None] = contextvars.ContextVar("threadkeep_pause_budget", default=None)


@contextmanager
def turn() -> Iterator[None]:
    """Mark a turn in progress for as long as the block runs (nests; thread-safe)."""
    global _turns
    with _lock:
        _turns += 1
    try:
        yield
    finally:
        with _lock:
            _turns -= 1
            if _turns == 0:
                _idle.notify_all()
                waiters = _waiters[:]
                _waiters.clear()
            else:
                waiters = []
        for loop, fut in waiters:
            try:
                loop.call_soon_threadsafe(_wake, fut)
            except RuntimeError:  # that job loop closed meanwhile
                pass


def _wake(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)


def busy() -> bool:
    """Whether a turn is in progress in this process."""
    with _lock:
        return _turns > 0


@contextmanager
def background(budget_s: float) -> Iterator[PauseBudget]:
    """Run the block as background work that yields to turns for at most ``budget_s`` in all."""
    budget = PauseBudget(budget_s)
    token = _budget.set(budget)
    try:
        yield budget
    finally:
        _budget.reset(token)


@contextmanager
def holding() -> Iterator[None]:
    """Inside, nothing pauses: the caller holds what a turn may need (a write transaction,
    the database's write lock), and pausing would make the turn wait for the pause."""
    token = _holding.set(_holding.get() + 1)
    try:
        yield
    finally:
        _holding.reset(token)


def _limit(budget: PauseBudget | None, max_s: float) -> float:
    """How long a pause may wait now (0: not at all). Called with the lock held."""
    if budget is None or _turns == 0 or _holding.get():
        return 0.0
    return min(max_s, budget.left_s)


async def pause(max_s: float = MAX_PAUSE_S) -> float:
    """Between two steps of background work on an event loop: wait while a turn is in
    progress (bounded, see the module doc). Returns the seconds waited."""
    budget = _budget.get()
    loop = asyncio.get_running_loop()
    with _lock:
        limit = _limit(budget, max_s)
        if limit <= 0:
            return 0.0
        fut: asyncio.Future[None] = loop.create_future()
        _waiters.append((loop, fut))
    started = time.monotonic()
    try:
        await asyncio.wait_for(fut, limit)
    except TimeoutError:
        pass
    finally:
        with _lock:
            if (loop, fut) in _waiters:
                _waiters.remove((loop, fut))
        waited = time.monotonic() - started
        assert budget is not None
        budget.spend(waited)
    return waited


def pause_blocking(max_s: float = MAX_PAUSE_S) -> float:
    """:func:`pause` for a worker thread (an embedding batch, a fold step). Returns the
    seconds waited."""
    budget = _budget.get()
    started = time.monotonic()
    with _lock:
        limit = _limit(budget, max_s)
        if limit <= 0:
            return 0.0
        _idle.wait_for(lambda: _turns == 0, timeout=limit)
    waited = time.monotonic() - started
    assert budget is not None
    budget.spend(waited)
    return waited


def in_background() -> bool:
    """Whether the caller runs as background work that yields to turns: inside
    :func:`background` and not inside :func:`holding` (work a turn may be waiting for runs at
    the turn's priority)."""
    return _budget.get() is not None and not _holding.get()


def paused_total_s() -> float:
    """Seconds all background work of this process has paused for turns so far."""
    with _lock:
        return _paused_total


def paused_s() -> float:
    """Seconds the current background run has paused so far (0 outside one): a step that
    measures its own speed leaves them out."""
    budget = _budget.get()
    return budget.paused_s if budget is not None else 0.0
