"""answer_versions: the earlier answers of a regenerated turn (issue 28)

Revision ID: 0020_answer_versions
Revises: 0019_fact_said
Create Date: 2026-12-02 01:00:00

A drop-in client that regenerates its last answer (the same history without that answer)
gets a new answer in the same conversation: the assistant row is updated in place and what it
said before is kept here, sealed with the person's key like the message text.
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0020_answer_versions"
down_revision = "0019_fact_said"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "answer_versions",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("answer_id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("text_ct", sa.LargeBinary(), nullable=False),
        sa.Column("model", sa.String(length=200), nullable=True),
        sa.Column("usage", sa.JSON(), nullable=True),
        sa.Column("created_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("replaced_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["answer_id"], ["messages.id"], name=op.f("fk_answer_versions_answer_id_messages"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_answer_versions_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_answer_versions")),
        sa.UniqueConstraint("answer_id", "version", name="uq_answer_versions_answer_version"),
    )
    with op.batch_alter_table("answer_versions") as batch:
        batch.create_index(batch.f("ix_answer_versions_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_table("answer_versions")
