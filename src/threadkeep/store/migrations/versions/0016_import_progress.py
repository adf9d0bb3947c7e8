"""import progress: chunks to embed and embedded per import, and which import stored a source

Revision ID: 0016_import_progress
Revises: 0015_perf
Create Date: 2026-12-01 21:00:00

An import's background indexing reports its progress in chunks (the units it embeds), not in
jobs: ``imports.chunks_total`` (counted as the messages are stored) and ``imports.chunks_done``
(moved by each bounded step of the recall job). ``import_sources.import_id`` names the run
that stored a message, so that job indexes the import's own messages step by step.
"""

import sqlalchemy as sa
from alembic import op

revision = "0016_import_progress"
down_revision = "0015_perf"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("imports") as batch:
        batch.add_column(sa.Column("chunks_total", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("chunks_done", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("import_sources") as batch:
        batch.add_column(sa.Column("import_id", sa.String(36), nullable=True))
    op.create_index("ix_import_sources_import", "import_sources", ["import_id"])


def downgrade() -> None:
    op.drop_index("ix_import_sources_import", table_name="import_sources")
    with op.batch_alter_table("import_sources") as batch:
        batch.drop_column("import_id")
    with op.batch_alter_table("imports") as batch:
        batch.drop_column("chunks_done")
        batch.drop_column("chunks_total")
