"""insights: re-ask marks per assistant message, sealed weekly/monthly digests

Revision ID: 0006_insights
Revises: 0005_surfaces
Create Date: 2026-11-29 21:45:00
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0006_insights"
down_revision = "0005_surfaces"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reask_marks",
        sa.Column("message_id", sa.String(length=36), nullable=False),
        sa.Column("conversation_id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("config", sa.String(length=300), nullable=False),
        sa.Column("questions", sa.Integer(), nullable=False),
        sa.Column("reasks", sa.Integer(), nullable=False),
        sa.Column("reask", sa.Boolean(), nullable=False),
        sa.Column("detail_ct", sa.LargeBinary(), nullable=True),
        sa.Column("checked_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.id"],
            name=op.f("fk_reask_marks_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["message_id"], ["messages.id"], name=op.f("fk_reask_marks_message_id_messages"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_reask_marks_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("message_id", name=op.f("pk_reask_marks")),
    )
    with op.batch_alter_table("reask_marks", schema=None) as batch_op:
        batch_op.create_index("ix_reask_marks_day", ["day"], unique=False)
        batch_op.create_index(batch_op.f("ix_reask_marks_conversation_id"), ["conversation_id"], unique=False)

    op.create_table(
        "digests",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("period", sa.String(length=8), nullable=False),
        sa.Column("start", sa.String(length=10), nullable=False),
        sa.Column("end", sa.String(length=10), nullable=False),
        sa.Column("conversations", sa.Integer(), nullable=False),
        sa.Column("body_ct", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_digests_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_digests")),
        sa.UniqueConstraint("user_id", "period", "start", name="uq_digests_user_period_start"),
    )
    with op.batch_alter_table("digests", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_digests_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("digests", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_digests_user_id"))
    op.drop_table("digests")
    with op.batch_alter_table("reask_marks", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_reask_marks_conversation_id"))
        batch_op.drop_index("ix_reask_marks_day")
    op.drop_table("reask_marks")
