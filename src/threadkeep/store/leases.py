"""Turn leases: which process answers a pending turn, and whether that process still lives.

Every serving process registers one :class:`~threadkeep.store.models.TurnLease` row when it
opens the memory; each pending turn it starts records that row's id as its ``owner``. While
the process has turns in flight, a heartbeat thread renews the lease. A pending turn is
marked failed — and so is retryable at once — when its owner is dead:

- on the same machine and PID namespace (same ``boot_id`` and ``pid_ns``), exactly: the
  owner's PID no longer runs the process that started at the recorded clock tick. A restart
  after ``kill -9`` therefore recovers its half turns as it starts;
- anywhere else, when the lease has expired (no heartbeat for ``turn_lease_s``). Expiry
  times are written with each process's clock: replicas on different machines need their
  clocks in sync (NTP) to within a small part of the lease.

A live replica's turns are never touched: its lease is fresh, or its process is seen running.
One backstop stays from before leases: a turn still pending after ``pending_turn_timeout_s``
(600 s) is failed whoever owns it — the case of a live process that could not record a
failure because the database was away (and of rows stored before leases existed).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from pathlib import Path

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from threadkeep.store.base import new_id, rows_affected, utcnow
from threadkeep.store.db import Database
from threadkeep.store.models import Message, TurnLease

__all__ = [
    "ProcessMark",
    "this_process",
    "lease_dead",
    "recover_dead_turns",
    "owner_alive",
    "TurnLeaseHolder",
    "INTERRUPTED",
]

log = logging.getLogger("threadkeep.leases")

INTERRUPTED = "the turn was interrupted (its server stopped); retry it"


@dataclass(frozen=True, slots=True)
class ProcessMark:
    """Where a process runs and who it is, as far as another process can check."""

    host: str
    boot_id: str  # this kernel boot ("" off Linux)
    pid_ns: str  # the PID namespace ("" off Linux)
    pid: int
    started: str  # the process start time in clock ticks since boot ("" off Linux)


def _read(path: str) -> str:
    try:
        return Path(path).read_text().strip()
    except OSError:
        return ""


def _start_ticks(pid: int) -> str:
    """Field 22 of /proc/<pid>/stat: when the process started; "" when it does not exist."""
    stat = _read(f"/proc/{pid}/stat")
    if not stat:
        return ""
    # The command name (field 2) may hold spaces and parentheses: split after its last ')'.
    fields = stat[stat.rfind(")") + 2 :].split()
    return fields[19] if len(fields) > 19 else ""


@lru_cache(maxsize=1)
def this_process() -> ProcessMark:
    try:
        ns = os.readlink("/proc/self/ns/pid")
    except OSError:
        ns = ""
    pid = os.getpid()
    return ProcessMark(socket.gethostname()[:255], _read("/proc/sys/kernel/random/boot_id"), ns, pid, _start_ticks(pid))


def lease_dead(lease: TurnLease, now: datetime, me: ProcessMark | None = None) -> bool:
    """Whether the process holding ``lease`` is gone (see the module docstring)."""
    me = me or this_process()
    if me.boot_id and me.pid_ns and lease.started and (lease.boot_id, lease.pid_ns) == (me.boot_id, me.pid_ns):
        return _start_ticks(lease.pid) != lease.started  # visible from here: check, do not guess
    return lease.expires_at < now


def recover_dead_turns(s: Session, *, keep: str | None = None, now: datetime | None = None) -> int:
    """Mark failed every pending turn whose owner is dead; forget dead leases. Returns how many."""
    now = now or utcnow()
    dead = [lease.id for lease in s.scalars(select(TurnLease)) if lease.id != keep and lease_dead(lease, now)]
    if not dead:
        return 0
    failed = rows_affected(
        s.execute(
            update(Message)
            .where(Message.status == "pending", Message.owner.in_(dead))
            .values(status="failed", error=INTERRUPTED, failed_at=now)
        )
    )
    s.execute(delete(TurnLease).where(TurnLease.id.in_(dead)))
    return failed


def owner_alive(s: Session, owner: str | None, *, me: str | None, now: datetime | None = None) -> bool:
    """Whether the process answering a pending turn still lives (no owner: assumed alive)."""
    if owner is None or owner == me:
        return True
    lease = s.get(TurnLease, owner)
    return lease is not None and not lease_dead(lease, now or utcnow())


class TurnLeaseHolder:
    """This process's lease: registered on open, renewed while turns are in flight."""

    def __init__(self, db: Database, ttl_s: float) -> None:
        self.db = db
        self.ttl_s = ttl_s
        self.id = new_id()
        self._lock = threading.Lock()
        self._inflight = 0
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._fresh_until = 0.0  # time.monotonic() until which the stored lease surely holds

    def _committed(self) -> None:
        # A committed renewal holds for ttl; half of it is the margin a new turn may rely on.
        self._fresh_until = time.monotonic() + self.ttl_s / 2

    def register(self) -> int:
        """Write this process's lease and fail the half turns of dead ones; returns how many."""

        def run(s: Session) -> int:
            self.renew(s)
            return recover_dead_turns(s, keep=self.id)

        recovered = self.db.write(run)
        self._committed()
        if recovered:
            log.warning("marked %d interrupted turn(s) failed; they can be retried", recovered)
        return recovered

    def ensure(self, s: Session) -> None:
        """Make sure the lease holds for a turn starting now (inside the caller's transaction).

        Renewed only when the last committed renewal is older than half the lease: turns that
        begin at once do not all queue on the lease row's lock.
        """
        if time.monotonic() >= self._fresh_until:
            self.renew(s)

    def renew(self, s: Session) -> None:
        """Extend the lease (inside the caller's transaction); re-create it if it was removed."""
        now = utcnow()
        until = now + timedelta(seconds=self.ttl_s)
        moved = rows_affected(
            s.execute(update(TurnLease).where(TurnLease.id == self.id).values(heartbeat_at=now, expires_at=until))
        )
        if not moved:
            me = this_process()
            s.add(
                TurnLease(
                    id=self.id,
                    host=me.host,
                    boot_id=me.boot_id,
                    pid_ns=me.pid_ns,
                    pid=me.pid,
                    started=me.started,
                    heartbeat_at=now,
                    expires_at=until,
                )
            )
            s.flush()

    @contextmanager
    def holding(self) -> Iterator[None]:
        """While inside, a heartbeat thread keeps the lease fresh."""
        with self._lock:
            self._inflight += 1
            if self._thread is None:
                self._wake.clear()
                self._thread = threading.Thread(target=self._beat, name="threadkeep-lease", daemon=True)
                self._thread.start()
        try:
            yield
        finally:
            with self._lock:
                self._inflight -= 1
                if self._inflight == 0:
                    self._wake.set()

    def _beat(self) -> None:
        while True:
            self._wake.wait(self.ttl_s / 4)
            with self._lock:
                if self._inflight == 0:
                    self._thread = None
                    return
                self._wake.clear()
            try:
                self.db.write(self.renew)
                self._committed()
            except Exception as e:  # the database may be away for a moment: beat again soon
                log.warning("turn lease renewal failed: %s", e)

    def release(self) -> None:
        """Remove the lease (a clean shutdown: this process owns no pending turn any more)."""
        try:
            self.db.write(lambda s: s.execute(delete(TurnLease).where(TurnLease.id == self.id)))
        except Exception as e:  # best effort: an expired lease is harmless
            log.warning("could not remove the turn lease: %s", e)
