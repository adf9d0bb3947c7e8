"""Database connection: one SQLAlchemy engine for SQLite or PostgreSQL, migrated by Alembic.

SQLite runs in WAL mode with a busy timeout, and writes retry a bounded number of times on
"database is locked". PostgreSQL needs the ``postgres`` extra (psycopg 3).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import MetaData, create_engine, event, inspect
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker
from tenacity import Retrying, retry_if_exception, stop_after_attempt, wait_exponential

from threadkeep import priority
from threadkeep.errors import ConfigError, InvalidText

__all__ = ["Database", "normalise_url"]

T = TypeVar("T")
log = logging.getLogger("threadkeep.db")
_MIGRATIONS = Path(__file__).parent / "migrations"
SQLITE_BUSY_TIMEOUT_MS = 10_000
LOCKED_RETRIES = 5


def normalise_url(url: str) -> str:
    """Accept a bare file path or ``postgres://`` and return a SQLAlchemy URL."""
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


class Database:
    """An engine, a session factory, and the migration entry point."""

    def __init__(self, url: str, *, pool_size: int = 10, create_folder: bool = False) -> None:
        """``create_folder``: make a SQLite file's missing folder (the default database in
        threadkeep's home); otherwise a path into a folder that does not exist is refused,
        so a mistyped path creates nothing."""
        self.url = normalise_url(url)
        parsed = make_url(self.url)
        self.dialect = parsed.get_backend_name()
        if self.dialect == "sqlite":
            db_path = parsed.database
            if db_path and db_path != ":memory:" and not db_path.startswith("file:"):
                folder = Path(db_path).parent
                if create_folder:
                    folder.mkdir(parents=True, exist_ok=True)
                elif not folder.is_dir():
                    raise ConfigError(
                        f"cannot open the SQLite database {db_path}: the folder {folder} does "
                        "not exist. Check the path, or create the folder first."
                    )
            self.engine: Engine = create_engine(
                self.url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000, "check_same_thread": False}
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
            # Begin write transactions eagerly so two writers queue on the busy timeout
            # instead of failing with an upgrade deadlock; read-only sessions begin deferred,
            # so in WAL mode they never wait behind a writer.
            event.listen(self.engine, "begin", _sqlite_begin)
            # SQLite has one writer at a time. Writers of this process queue on a lock of
            # their own, handed over at once, instead of polling the database's lock through
            # SQLite's busy handler, whose sleeps grow to 100 ms: under 10 concurrent turns
            # that polling gave a p99 ten times the p50 (BENCHMARKS.md, "HTTP service").
            # Other processes (a CLI command, a worker) still wait on the busy timeout.
            self._write_lock: threading.RLock | None = threading.RLock()
        elif self.dialect == "postgresql":
            try:
                import psycopg  # noqa: F401  # lazy: optional extra postgres
            except ImportError as e:
                raise ConfigError("PostgreSQL needs the psycopg driver: pip install 'threadkeep[postgres]'") from e
            # pool_recycle stays above provider cache TTLs: connections must outlive idle spans.
            self.engine = create_engine(
                self.url,
                pool_size=pool_size,
                max_overflow=pool_size,
                pool_pre_ping=True,
                pool_recycle=7200,
            )
            self._write_lock = None  # row locks: writers of different rows run at once
        else:
            raise ConfigError(f"Unsupported database {parsed.drivername!r}: use sqlite or postgresql.")
        # PostgreSQL refuses NUL in text parameters with an opaque DataError; say it plainly,
        # on both databases, before any statement runs. (Sealed text is bytes: unaffected.)
        event.listen(self.engine, "before_cursor_execute", _refuse_nul)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._readers = sessionmaker(self.engine.execution_options(threadkeep_readonly=True), expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session in one transaction: committed on success, rolled back on error. Nothing
        pauses for a turn inside it (:func:`threadkeep.priority.holding`): on SQLite it holds
        the write lock."""
        with priority.holding(), self.sessions() as s, s.begin():
            yield s

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reads only: on SQLite it does not take the write lock."""
        with self._readers() as s, s.begin():
            yield s

    def write(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn`` in a transaction, retrying a bounded number of times on a locked SQLite
        (5 retries, 50 ms doubling); any other error, or the last, is raised as it came."""
        for attempt in Retrying(
            stop=stop_after_attempt(LOCKED_RETRIES + 1),
            wait=wait_exponential(multiplier=0.05),
            retry=retry_if_exception(_locked),
            reraise=True,
        ):
            # self.session(): background work does not pause for a turn inside (the turn may
            # be waiting for this write lock).
            with attempt, self._write_lock or nullcontext(), self.session() as s:
                return fn(s)
        raise AssertionError("unreachable: Retrying returns or raises")

    def describe(self) -> str:
        """The database as people wrote it, password hidden: for messages."""
        parsed = make_url(self.url)
        if self.dialect == "sqlite":
            return parsed.database or "(in memory)"
        return parsed.set(drivername=self.dialect).render_as_string(hide_password=True)

    def check_reachable(self) -> None:
        """Connect once; a database that cannot be reached or opened is a ConfigError naming
        it and the driver's reason on one line (not the driver's stack trace)."""
        try:
            with self.engine.connect():
                pass
        except DBAPIError as e:
            reason = " ".join(str(e.orig or e).split())[:500]
            raise ConfigError(f"cannot open the database {self.describe()}: {reason}") from e

    def upgrade(self) -> None:
        """Bring the schema to the newest migration (Alembic, never create_all)."""
        self.check_reachable()
        command.upgrade(self.alembic_config(), "head")

    def alembic_config(self, *, target_metadata: MetaData | None = None) -> Config:
        """Alembic's configuration for this database; ``target_metadata`` is only needed to
        compare or autogenerate (:func:`threadkeep.schema.alembic_config` passes the whole
        schema), never to upgrade."""
        cfg = Config()
        cfg.set_main_option("script_location", str(_MIGRATIONS))
        cfg.attributes["engine"] = self.engine
        if target_metadata is not None:
            cfg.attributes["target_metadata"] = target_metadata
        return cfg

    def settle_deletion(self) -> None:
        """After a person's deletion, leave no readable copy of what was deleted behind.

        SQLite (``secure_delete`` is on, so the deleted cells were zeroed in the new page
        images): ``VACUUM`` rebuilds the file without free pages — an old copy of a row (a
        finished job's payload, a moved cell) can otherwise outlive the row on a page the
        freelist keeps — then checkpoint the WAL into the file and truncate it, so neither the
        old pages in the WAL nor the old page images remain. A checkpoint blocked by a long
        reader is retried briefly; what it could not copy is copied by the next one. The
        vacuum rewrites the whole file (seconds per 100 MB): deletions are rare.
        PostgreSQL: ``VACUUM user_keys`` prunes the dead row versions that still held the
        wrapped key (an UPDATE or DELETE only marks them dead). Dead versions in other tables
        hold ciphertext whose key is gone; autovacuum reclaims them (docs/RELIABILITY.md).
        """
        if self.dialect == "sqlite":
            with self._write_lock or nullcontext():
                raw = self.engine.raw_connection()  # outside any transaction (autocommit)
                try:
                    raw.cursor().execute("VACUUM")
                except Exception as e:  # a reader holds the file: the checkpoint still runs
                    log.warning("VACUUM after a deletion did not run: %s", e)
                finally:
                    raw.close()
            for attempt in range(5):
                raw = self.engine.raw_connection()  # outside any transaction (autocommit)
                try:
                    busy = raw.cursor().execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
                finally:
                    raw.close()
                if busy is None or not busy[0]:
                    return
                time.sleep(0.05 * (2**attempt))
            return
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            # VACUUM FULL rewrites the (small) table without the dead versions; it waits for
            # an exclusive lock, so it gives up after 5 s behind long transactions and leaves
            # the dead versions to the next deletion's rewrite (or autovacuum).
            c.exec_driver_sql("SET lock_timeout = '5s'")
            try:
                c.exec_driver_sql("VACUUM FULL user_keys")
            except OperationalError as e:
                log.warning("VACUUM FULL user_keys after a deletion did not get its lock: %s", e)
            finally:
                c.exec_driver_sql("RESET lock_timeout")

    def is_empty(self) -> bool:
        return "users" not in inspect(self.engine).get_table_names()

    def dispose(self) -> None:
        self.engine.dispose()


def _locked(e: BaseException) -> bool:
    return isinstance(e, OperationalError) and "locked" in str(e).lower()


def _refuse_nul(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
    rows = parameters if executemany else [parameters]
    for row in rows or ():
        values = row.values() if isinstance(row, dict) else row
        for value in values or ():
            if isinstance(value, str) and "\x00" in value:
                raise InvalidText("an identifier or name contains a NUL byte")


def _sqlite_begin(conn):  # type: ignore[no-untyped-def]
    readonly = conn.get_execution_options().get("threadkeep_readonly", False)
    conn.exec_driver_sql("BEGIN" if readonly else "BEGIN IMMEDIATE")


def _sqlite_pragmas(dbapi_conn, _record):  # type: ignore[no-untyped-def]
    # Python's sqlite3 opens transactions on its own; let SQLAlchemy's "begin" event do it.
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    # Deleted content is overwritten with zeros, not left in free space: shredding a person
    # must not leave their wrapped key readable in the file (see Database.settle_deletion).
    cur.execute("PRAGMA secure_delete=ON")
    cur.close()
