"""Alembic environment: runs on the engine handed over by Database.alembic_config()."""

from alembic import context

from threadkeep.store.migrations.tables import metadata

config = context.config
engine = config.attributes.get("engine")
if engine is None:
    from sqlalchemy import create_engine

    engine = create_engine(config.get_main_option("sqlalchemy.url"))

with engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
