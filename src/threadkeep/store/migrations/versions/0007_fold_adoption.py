"""fold adoption: the summary version and cursor that requests use

Revision ID: 0007_fold_adoption
Revises: 0006_insights
Create Date: 2026-11-30 00:10:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_fold_adoption"
down_revision = "0006_insights"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("conversations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("adopted_version", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("adopted_cursor", sa.Integer(), server_default="0", nullable=False))
    # Existing conversations keep the prefix they were sending: the newest version is adopted.
    op.execute("UPDATE conversations SET adopted_version = summary_version, adopted_cursor = summary_cursor")


def downgrade() -> None:
    with op.batch_alter_table("conversations", schema=None) as batch_op:
        batch_op.drop_column("adopted_cursor")
        batch_op.drop_column("adopted_version")
