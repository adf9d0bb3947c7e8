"""The migration chain: numbered in chain order, migrating to exactly the models' schema, and
upgrading a database stamped with any revision id from before the renumbering — on SQLite and
PostgreSQL."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from threadkeep import schema
from threadkeep.store.db import Database
from threadkeep.store.migrations.renumbered import OLD_TO_NEW
from threadkeep.testing.proc import drop_postgres, scratch_postgres


def _script() -> ScriptDirectory:
    return ScriptDirectory.from_config(Database("sqlite://").alembic_config())


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def empty_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """An empty database: a new file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        db = Database(str(tmp_path / "migrate.db"))
        yield db
        db.dispose()
        return
    request.getfixturevalue("pg_url")  # skips (or fails under CI) when no server answers
    url = scratch_postgres("tk_chain")
    db = Database(url)
    try:
        yield db
    finally:
        db.dispose()
        drop_postgres(url)


def _current(db: Database) -> str:
    with db.engine.connect() as c:
        return str(c.execute(text("SELECT version_num FROM alembic_version")).scalar_one())


def test_revisions_are_numbered_in_chain_order() -> None:
    script = _script()
    assert len(script.get_heads()) == 1, f"more than one head: {script.get_heads()}"
    chain = list(reversed(list(script.walk_revisions("base", "heads"))))
    for n, rev in enumerate(chain, start=1):
        assert re.fullmatch(rf"{n:04d}_[a-z0-9_]+", rev.revision), (
            f"revision {n} of the chain is {rev.revision!r}: number it {n:04d}_… (down_revision {rev.down_revision!r})"
        )
        assert Path(rev.path).stem == rev.revision, f"{rev.path} holds revision {rev.revision!r}"
    new_ids = {rev.revision for rev in chain}
    assert set(OLD_TO_NEW.values()) <= new_ids
    assert not set(OLD_TO_NEW) & new_ids  # an old id never names another revision now


def test_the_migrated_schema_is_the_models_schema(empty_db: Database) -> None:
    empty_db.upgrade()
    with empty_db.engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), schema.metadata)
    assert diffs == []


@pytest.mark.parametrize("old", sorted(OLD_TO_NEW))
def test_a_database_stamped_with_an_old_id_upgrades(empty_db: Database, old: str) -> None:
    """Built up to the revision ``old`` named, then stamped with ``old`` as it was then."""
    cfg = empty_db.alembic_config()
    command.upgrade(cfg, OLD_TO_NEW[old])
    with empty_db.engine.begin() as c:
        c.execute(text("UPDATE alembic_version SET version_num = :old"), {"old": old})
    empty_db.upgrade()
    assert _current(empty_db) == _script().get_current_head()
    with empty_db.engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), schema.metadata)
    assert diffs == []
    command.downgrade(cfg, OLD_TO_NEW[old])  # and the renamed revisions run down as well
    assert _current(empty_db) == OLD_TO_NEW[old]
