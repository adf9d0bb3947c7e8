"""merges: pending/confirmed merges of two people, and an audit log of such acts

Revision ID: 0013_merges
Revises: 0012_imports
Create Date: 2026-12-01 00:30:00
"""

import sqlalchemy as sa
from alembic import op

from threadkeep.store.base import UtcDateTime

revision = "0013_merges"
down_revision = "0012_imports"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "person_merges",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("target_user_id", sa.String(36), nullable=False),
        sa.Column("source_user_id", sa.String(36), nullable=False),
        sa.Column("source_name", sa.String(200), nullable=True),
        sa.Column("via", sa.String(240), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("counts", sa.JSON(), nullable=False),
        sa.Column("undo_ct", sa.LargeBinary(), nullable=True),
        sa.Column("actor", sa.String(200), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("finished_at", UtcDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["target_user_id"], ["users.id"], name=op.f("fk_person_merges_target_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_person_merges")),
    )
    op.create_index("ix_person_merges_status", "person_merges", ["status"])
    op.create_index(op.f("ix_person_merges_target_user_id"), "person_merges", ["target_user_id"])
    op.create_index(op.f("ix_person_merges_source_user_id"), "person_merges", ["source_user_id"])
    op.create_index(op.f("ix_person_merges_source_name"), "person_merges", ["source_name"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(200), nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("subject", sa.String(36), nullable=True),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    op.create_index("ix_audit_log_at", "audit_log", ["at"])
    op.create_index(op.f("ix_audit_log_subject"), "audit_log", ["subject"])


def downgrade() -> None:
    op.drop_table("audit_log")
    op.drop_table("person_merges")
