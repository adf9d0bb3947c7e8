"""model call log, keep-warm state, scheduler leases

Revision ID: 0004_cache
Revises: 0003_facts
Create Date: 2026-11-29 21:05:00
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0004_cache"
down_revision = "0003_facts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "model_calls",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("conversation_id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("model", sa.String(length=200), nullable=False),
        sa.Column("started_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("pause_s", sa.Float(), nullable=True),
        sa.Column("ttl_s", sa.Integer(), nullable=True),
        sa.Column("input_tokens", sa.Integer(), nullable=False),
        sa.Column("cache_read_tokens", sa.Integer(), nullable=False),
        sa.Column("cache_write_tokens", sa.Integer(), nullable=False),
        sa.Column("output_tokens", sa.Integer(), nullable=False),
        sa.Column("prefix_tokens", sa.Integer(), nullable=False),
        sa.Column("fingerprints", sa.JSON(), nullable=False),
        sa.Column("divergence", sa.String(length=32), nullable=True),
        sa.Column("miss_cause", sa.String(length=48), nullable=True),
        sa.Column("cost", sa.Float(), nullable=True),
        sa.Column("cost_without_cache", sa.Float(), nullable=True),
        sa.Column("created_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.id"],
            name=op.f("fk_model_calls_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_model_calls")),
    )
    with op.batch_alter_table("model_calls", schema=None) as batch_op:
        batch_op.create_index("ix_model_calls_conversation_started", ["conversation_id", "started_at"], unique=False)
        batch_op.create_index("ix_model_calls_started", ["started_at"], unique=False)

    op.create_table(
        "warm_state",
        sa.Column("conversation_id", sa.String(length=36), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("warm_since", threadkeep.store.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("last_ping_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("pings", sa.Integer(), nullable=False),
        sa.Column("updated_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.id"],
            name=op.f("fk_warm_state_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("conversation_id", name=op.f("pk_warm_state")),
    )
    op.create_table(
        "scheduler_leases",
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("holder", sa.String(length=128), nullable=False),
        sa.Column("expires_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_scheduler_leases")),
    )


def downgrade() -> None:
    op.drop_table("scheduler_leases")
    op.drop_table("warm_state")
    with op.batch_alter_table("model_calls", schema=None) as batch_op:
        batch_op.drop_index("ix_model_calls_started")
        batch_op.drop_index("ix_model_calls_conversation_started")
    op.drop_table("model_calls")
