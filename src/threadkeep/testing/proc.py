"""The service as a child process that a fault run can ``kill -9`` and start again.

Also a throw-away PostgreSQL database per run (created and dropped by name, on the local
server only), so runs never touch another engineer's data.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import sqlalchemy as sa

__all__ = ["ServerProcess", "free_port", "scratch_postgres", "drop_postgres", "PG_ADMIN_URL"]

PG_ADMIN_URL = os.environ.get("THREADKEEP_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def scratch_postgres(prefix: str = "tk_rel") -> str:
    """Create an empty database on the local server; returns its URL."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name


def drop_postgres(url: str) -> None:
    name = url.rsplit("/", 1)[1]
    admin = sa.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")
        c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
    admin.dispose()


class ServerProcess:
    """``python -m threadkeep.testing.server`` on a free loopback port."""

    def __init__(
        self,
        db: str,
        *,
        delay: float = 0.05,
        fold_delay: float | None = None,
        facts_delay: float = 0.0,
        lease: float | None = 3.0,
        workdir: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.workdir = workdir or Path(tempfile.mkdtemp(prefix="tk-srv-"))
        self.keys_file = self.workdir / "keys.json"
        self.log_file = self.workdir / "server.log"
        self.args = [
            "--db",
            db,
            "--port",
            str(self.port),
            "--delay",
            str(delay),
            "--keys-out",
            str(self.keys_file),
            "--home",
            str(self.workdir / "home"),
        ]
        if fold_delay is not None:
            self.args += ["--fold-delay", str(fold_delay), "--facts-delay", str(facts_delay)]
        if lease is not None:
            self.args += ["--lease", str(lease)]
        self.env = {**os.environ, **(env or {})}
        self.env.setdefault("THREADKEEP_TEST_MASTER_KEY_HEX", os.urandom(32).hex())
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def set_option(self, flag: str, value: float) -> None:
        """Change a launcher option (e.g. ``--delay``) for the next :meth:`start`."""
        if flag in self.args:
            self.args[self.args.index(flag) + 1] = str(value)
        else:
            self.args += [flag, str(value)]

    @property
    def admin_key(self) -> str:
        return str(json.loads(self.keys_file.read_text())["admin"])

    def start(self, timeout: float = 60.0) -> ServerProcess:
        self.starts += 1
        with self.log_file.open("ab") as log:  # the child has its own copy of the descriptor
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "threadkeep.testing.server", *self.args],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}); see {self.log_file}")
            try:
                if httpx.get(f"{self.url}/v1/session", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer in {timeout}s; see {self.log_file}")

    def kill9(self) -> None:
        """SIGKILL: no lifespan, no cleanup — what a crash or an OOM kill looks like."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill9()
