"""recall: resolved dates beside each message's vector, and chunk vectors of long messages

Revision ID: 0010_recall
Revises: 0009_turn_recovery
Create Date: 2026-11-30 21:30:00
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0010_recall"
down_revision = "0009_turn_recovery"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("message_vectors", schema=None) as batch_op:
        batch_op.add_column(sa.Column("dates_ct", sa.LargeBinary(), nullable=True))
    op.create_table(
        "message_chunks",
        sa.Column("message_id", sa.String(length=36), nullable=False),
        sa.Column("chunk", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("start", sa.Integer(), nullable=False),
        sa.Column("end", sa.Integer(), nullable=False),
        sa.Column("model", sa.String(length=64), nullable=False),
        sa.Column("vector_ct", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["message_id"], ["messages.id"], name=op.f("fk_message_chunks_message_id_messages"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_message_chunks_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("message_id", "chunk", name=op.f("pk_message_chunks")),
    )
    with op.batch_alter_table("message_chunks", schema=None) as batch_op:
        batch_op.create_index("ix_message_chunks_user", ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("message_chunks", schema=None) as batch_op:
        batch_op.drop_index("ix_message_chunks_user")
    op.drop_table("message_chunks")
    with op.batch_alter_table("message_vectors", schema=None) as batch_op:
        batch_op.drop_column("dates_ct")
