"""recall notes: recalled blocks kept in the conversation's cached history (issue 16)

Revision ID: 0014_recall_notes
Revises: 0013_merges
Create Date: 2026-12-01 00:30:00
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0014_recall_notes"
down_revision = "0013_merges"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "recall_notes",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("conversation_id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("message_id", sa.String(length=36), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("text_ct", sa.LargeBinary(), nullable=False),
        sa.Column("sources", sa.JSON(), nullable=False),
        sa.Column("shown", sa.JSON(), nullable=False),
        sa.Column("tokens", sa.Integer(), nullable=False),
        sa.Column("created_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.id"],
            name=op.f("fk_recall_notes_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_recall_notes_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["message_id"], ["messages.id"], name=op.f("fk_recall_notes_message_id_messages"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_recall_notes")),
        sa.UniqueConstraint("message_id", name=op.f("uq_recall_notes_message_id")),
    )
    op.create_index("ix_recall_notes_conversation_seq", "recall_notes", ["conversation_id", "seq"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_recall_notes_conversation_seq", table_name="recall_notes")
    op.drop_table("recall_notes")
