"""Alembic environment: runs on the engine handed over by Database.alembic_config().

It imports no table: an upgrade runs the revisions in ``versions/``, which need no metadata.
Autogenerate and schema comparisons get the complete metadata through
``config.attributes["target_metadata"]`` (:func:`threadkeep.schema.alembic_config`), so the
storage layer never imports the features whose tables it migrates. Revision ids from before
the renumbering are mapped first (:mod:`threadkeep.store.migrations.renumbered`).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine, create_engine

from threadkeep.store.migrations.renumbered import restamp

config = context.config
engine: Engine | None = config.attributes.get("engine")
if engine is None:
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")

with engine.connect() as connection:
    # A database stamped before the chain was renumbered continues from the same revision.
    restamp(connection)
    connection.commit()
    context.configure(
        connection=connection,
        target_metadata=config.attributes.get("target_metadata"),
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
