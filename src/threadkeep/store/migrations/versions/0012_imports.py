"""imports: import runs (progress) and the source-id map that makes re-imports add nothing

Revision ID: 0012_imports
Revises: 0011_security
Create Date: 2026-12-01 00:30:00
"""

import sqlalchemy as sa
from alembic import op

from threadkeep.store.base import UtcDateTime

revision = "0012_imports"
down_revision = "0011_security"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "imports",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("user_id", sa.String(36), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("bytes_total", sa.BigInteger(), nullable=True),
        sa.Column("bytes_read", sa.BigInteger(), nullable=False),
        sa.Column("conversations", sa.Integer(), nullable=False),
        sa.Column("messages", sa.Integer(), nullable=False),
        sa.Column("skipped_conversations", sa.Integer(), nullable=False),
        sa.Column("skipped_messages", sa.Integer(), nullable=False),
        sa.Column("jobs_total", sa.Integer(), nullable=False),
        sa.Column("left_out", sa.JSON(), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("finished_at", UtcDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_imports_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_imports")),
    )
    op.create_index("ix_imports_user_created", "imports", ["user_id", "created_at"])
    op.create_table(
        "import_sources",
        sa.Column("user_id", sa.String(36), nullable=False),
        sa.Column("source_id", sa.String(255), nullable=False),
        sa.Column("conversation_id", sa.String(36), nullable=False),
        sa.Column("message_id", sa.String(36), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_import_sources_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["conversation_id"],
            ["conversations.id"],
            name=op.f("fk_import_sources_conversation_id_conversations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "source_id", name=op.f("pk_import_sources")),
    )
    op.create_index("ix_import_sources_conversation", "import_sources", ["conversation_id"])


def downgrade() -> None:
    op.drop_index("ix_import_sources_conversation", table_name="import_sources")
    op.drop_table("import_sources")
    op.drop_index("ix_imports_user_created", table_name="imports")
    op.drop_table("imports")
