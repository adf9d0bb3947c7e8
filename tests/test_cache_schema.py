"""The 0004_cache migration builds exactly the tables the models describe, on both databases."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tests.test_cache_helpers import open_db
from threadkeep.cache import tables
from threadkeep.store.base import Base

OURS = {tables.ModelCall.__tablename__, tables.WarmState.__tablename__,
        tables.SchedulerLease.__tablename__}


def _table_of(diff: object) -> str | None:
    """The table a diff entry of ``compare_metadata`` is about."""
    item = diff[0] if isinstance(diff, list) else diff
    for part in item[1:] if isinstance(item, tuple) else ():  # type: ignore[misc]
        name = getattr(part, "name", None) if not isinstance(part, str) else None
        table = getattr(part, "table", None)
        if table is not None and getattr(table, "name", None):
            return str(table.name)
        if isinstance(part, str) and part in OURS:
            return part
        if name in OURS:
            return str(name)
    return None


def test_migrated_schema_matches_the_models(backend) -> None:  # type: ignore[no-untyped-def]
    url, _key = backend
    db = open_db(url)
    with db.engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}),
                                 Base.metadata)
        names = set(db.engine.dialect.get_table_names(conn))
    db.dispose()
    assert OURS <= names
    ours = [d for d in diffs if _table_of(d) in OURS]
    assert ours == []
