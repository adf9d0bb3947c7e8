"""openai threads: the keyed fingerprint of each conversation as an OpenAI client holds it

Revision ID: 0008_openai_threads
Revises: 0007_fold_adoption
Create Date: 2026-11-30 21:20:00
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0008_openai_threads"
down_revision = "0007_fold_adoption"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "openai_threads",
        sa.Column("conversation_id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("head", sa.String(length=64), nullable=False),
        sa.Column("updated_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.id"],
            name=op.f("fk_openai_threads_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_openai_threads_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("conversation_id", name=op.f("pk_openai_threads")),
    )
    op.create_index("ix_openai_threads_user_head", "openai_threads", ["user_id", "head"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_openai_threads_user_head", table_name="openai_threads")
    op.drop_table("openai_threads")
