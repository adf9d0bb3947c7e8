"""memory_calls: the background model calls of the memory, with their cost (issue 38)

Revision ID: 0021_memory_calls
Revises: 0020_answer_versions
Create Date: 2026-12-06 06:00:00

With a provider configured, folds, fact extraction and the profile call a small model in the
background. Each call is logged here with its usage and cost (the cost report shows them beside
the chat model's) and, when its answer could not be used, the kind of failure it fell back on.
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0021_memory_calls"
down_revision = "0020_answer_versions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "memory_calls",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("conversation_id", sa.String(length=36), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("model", sa.String(length=200), nullable=False),
        sa.Column("method", sa.String(length=16), nullable=False),
        sa.Column("fallback", sa.String(length=300), nullable=True),
        sa.Column("input_tokens", sa.Integer(), nullable=False),
        sa.Column("cache_read_tokens", sa.Integer(), nullable=False),
        sa.Column("cache_write_tokens", sa.Integer(), nullable=False),
        sa.Column("output_tokens", sa.Integer(), nullable=False),
        sa.Column("cost", sa.Float(), nullable=True),
        sa.Column("started_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.id"],
            name=op.f("fk_memory_calls_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_memory_calls_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_memory_calls")),
    )
    with op.batch_alter_table("memory_calls") as batch:
        batch.create_index("ix_memory_calls_started", ["started_at"], unique=False)
        batch.create_index(batch.f("ix_memory_calls_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_table("memory_calls")
