"""Shared fixtures: real SQLite in a temp dir, real PostgreSQL, no network.

PostgreSQL tests use ``THREADKEEP_TEST_PG_URL`` (default: the local ``test`` database) and
create a private database per test session. When no server answers they are skipped with a
clear message — unless ``THREADKEEP_REQUIRE_PG=1`` (set by CI), which turns the skip into a
failure.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

import pytest

from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.testing.proc import PG_ADMIN_URL, drop_postgres, scratch_postgres

REQUIRE_PG = os.environ.get("THREADKEEP_REQUIRE_PG") == "1"

_real_connect = socket.socket.connect


def _guarded_connect(self: socket.socket, address: object) -> object:
    """Tests may talk to this machine only: the network is blocked by default."""
    host = address[0] if isinstance(address, tuple) else None
    if isinstance(host, str) and not (host.startswith("127.") or host in ("::1", "localhost")):
        raise ConnectionRefusedError(f"network blocked in tests: {address!r}")
    return _real_connect(self, address)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("THREADKEEP_HOME", str(home))
    for var in (
        "THREADKEEP_DB",
        "THREADKEEP_MASTER_KEY",
        "THREADKEEP_MASTER_KEY_FILE",
        "THREADKEEP_MODEL",
        "THREADKEEP_FOLD_MODEL",
        "ANTHROPIC_API_KEY",
        "OPENAI_API_KEY",
    ):
        monkeypatch.delenv(var, raising=False)


def _pg_available() -> str | None:
    try:
        import sqlalchemy as sa

        eng = sa.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
        with eng.connect() as c:
            c.exec_driver_sql("SELECT 1")
        eng.dispose()
        return None
    except Exception as e:  # any failure to connect means "no server here"
        return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"


_PG_SESSION_URL: list[str] = []


@pytest.fixture(autouse=True)
def _fresh_pg_queue() -> Iterator[None]:
    """Tests share one PostgreSQL database per session: start each with an empty job queue,
    so one test's leftover background work never runs (or is waited for) in another, and
    with empty shared rate buckets, so one test's failed logins do not limit the next."""
    if _PG_SESSION_URL:
        import sqlalchemy as sa

        eng = sa.create_engine(_PG_SESSION_URL[0])
        try:
            with eng.begin() as c:
                tables = set(sa.inspect(c).get_table_names())
                for table in ("jobs", "rate_buckets"):
                    if table in tables:
                        c.exec_driver_sql(f"DELETE FROM {table}")
        finally:
            eng.dispose()
    yield


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A private PostgreSQL database for this test session, dropped at the end."""
    problem = _pg_available()
    if problem is not None:
        msg = f"PostgreSQL not reachable at {PG_ADMIN_URL} ({problem})"
        if REQUIRE_PG:
            pytest.fail(msg + " and THREADKEEP_REQUIRE_PG=1")
        pytest.skip(msg + "; set THREADKEEP_TEST_PG_URL to run these tests")
    url = scratch_postgres("tk_test")
    _PG_SESSION_URL.append(url)
    try:
        yield url
    finally:
        drop_postgres(url)
        _PG_SESSION_URL.clear()


@pytest.fixture(scope="session")
def pg_master_key() -> MasterKey:
    return MasterKey(os.urandom(32), "test-pg")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest, tmp_path) -> tuple[str, MasterKey]:  # type: ignore[no-untyped-def]
    """(database URL, master key) on each database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tk.db'}", MasterKey(os.urandom(32), "test")
    return request.getfixturevalue("pg_url"), request.getfixturevalue("pg_master_key")


@pytest.fixture
def settings(tmp_path) -> Settings:  # type: ignore[no-untyped-def]
    return Settings(home=tmp_path / "home")
