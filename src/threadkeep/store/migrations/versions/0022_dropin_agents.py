"""drop-in agents: the client's instructions per conversation, a paused request's tool calls (issue 39)

Revision ID: 0022_dropin_agents
Revises: 0021_memory_calls
Create Date: 2026-12-03 01:00:00

An agent's system prompt is kept with its conversation (``conversations.instructions_ct``,
sealed with the person's key like the frozen system prompt) and goes into every request after
threadkeep's own text. A drop-in request whose turn paused for the client's tools keeps the
calls it got on its idempotency row (``calls_ct`` sealed, ``calls_at``), so a retry of that
request gets the same calls without asking the model again; they are cleared when the turn is
answered and expire with the row.
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0022_dropin_agents"
down_revision = "0021_memory_calls"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("conversations") as batch:
        batch.add_column(sa.Column("instructions_ct", sa.LargeBinary(), nullable=True))
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.add_column(sa.Column("calls_ct", sa.LargeBinary(), nullable=True))
        batch.add_column(sa.Column("calls_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.drop_column("calls_at")
        batch.drop_column("calls_ct")
    with op.batch_alter_table("conversations") as batch:
        batch.drop_column("instructions_ct")
