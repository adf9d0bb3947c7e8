"""fact erasures: when the person last erased a fact for good (issue 40)

Revision ID: 0024_fact_erasures
Revises: 0023_offline_answers
Create Date: 2026-12-06 07:30:00

Erasing a fact deletes it with its history, so nothing in ``fact_versions`` says it happened;
``facts_state.erased_at`` does, and an undo of "the last change" stops there instead of
reverting an older, unrelated change. NULL: nothing erased since the column exists.
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0024_fact_erasures"
down_revision = "0023_offline_answers"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("facts_state") as batch:
        batch.add_column(sa.Column("erased_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("facts_state") as batch:
        batch.drop_column("erased_at")
