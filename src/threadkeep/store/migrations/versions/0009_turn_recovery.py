"""turn recovery: process leases, turn owners, idempotency keys

Revision ID: 0009_turn_recovery
Revises: 0008_openai_threads
Create Date: 2026-11-30 21:20:00
"""

import sqlalchemy as sa
from alembic import op

from threadkeep.store.base import UtcDateTime

revision = "0009_turn_recovery"
down_revision = "0008_openai_threads"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("owner", sa.String(36), nullable=True))
        batch_op.add_column(sa.Column("failed_at", UtcDateTime(timezone=True), nullable=True))
        batch_op.create_index("ix_messages_status_owner", ["status", "owner"], unique=False)
    op.create_table(
        "turn_leases",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("boot_id", sa.String(64), nullable=False),
        sa.Column("pid_ns", sa.String(64), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("started", sa.String(32), nullable=False),
        sa.Column("heartbeat_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "idempotency_keys",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("user_id", sa.String(36), nullable=False),
        sa.Column("key", sa.String(255), nullable=False),
        sa.Column("endpoint", sa.String(32), nullable=False),
        sa.Column("requested_conversation_id", sa.String(36), nullable=True),
        sa.Column("message_id", sa.String(36), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["message_id"], ["messages.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "key", name="uq_idempotency_keys_user_key"),
    )
    op.create_index("ix_idempotency_keys_expires", "idempotency_keys", ["expires_at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_idempotency_keys_expires", table_name="idempotency_keys")
    op.drop_table("idempotency_keys")
    op.drop_table("turn_leases")
    with op.batch_alter_table("messages", schema=None) as batch_op:
        batch_op.drop_index("ix_messages_status_owner")
        batch_op.drop_column("failed_at")
        batch_op.drop_column("owner")
