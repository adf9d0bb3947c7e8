"""Database.write retries a locked SQLite a bounded number of times (tenacity), and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from threadkeep.store import db as db_module
from threadkeep.store.db import Database


def _flaky(failures: list[str]):  # type: ignore[no-untyped-def]
    calls: list[int] = []

    def fn(s: Session) -> int:
        calls.append(1)
        if failures:
            raise OperationalError("UPDATE x", {}, Exception(failures.pop(0)))
        return len(calls)

    return fn, calls


def test_a_locked_database_is_retried_until_it_answers(tmp_path: Path) -> None:
    db = Database(str(tmp_path / "w.db"))
    fn, calls = _flaky(["database is locked", "database is locked"])
    assert db.write(fn) == 3 and len(calls) == 3
    db.dispose()


def test_retries_are_bounded_and_other_errors_are_not_retried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = Database(str(tmp_path / "w.db"))
    monkeypatch.setattr(db_module, "LOCKED_RETRIES", 2)
    fn, calls = _flaky(["database is locked"] * 5)
    with pytest.raises(OperationalError, match="locked"):
        db.write(fn)
    assert len(calls) == 3  # the first try and two retries
    fn, calls = _flaky(["no such table: x"])
    with pytest.raises(OperationalError, match="no such table"):
        db.write(fn)
    assert len(calls) == 1
    db.dispose()
