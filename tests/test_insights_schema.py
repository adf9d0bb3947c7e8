"""The 0006_insights migration builds exactly the tables the models describe, on both databases."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tests.test_cache_helpers import open_db
from threadkeep.insights import tables
from threadkeep.store.base import Base

OURS = {tables.ReaskMark.__tablename__, tables.Digest.__tablename__}


def _mentions_ours(diff: object) -> bool:
    return any(name in repr(diff) for name in OURS)


def test_migrated_insights_schema_matches_the_models(backend) -> None:  # type: ignore[no-untyped-def]
    url, _key = backend
    db = open_db(url)
    with db.engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
        names = set(db.engine.dialect.get_table_names(conn))
    db.dispose()
    assert OURS <= names
    assert [d for d in diffs if _mentions_ours(d)] == []
