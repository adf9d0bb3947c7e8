"""perf: the person's messages by time, so recall follows new messages without a scan

Revision ID: 0015_perf
Revises: 0014_recall_notes
Create Date: 2026-12-01 00:30:00

Recall keeps each person's messages indexed in process and, per turn, reads only what is new
since its last look (``memory/recall/``: messages created since a watermark, and the few it
saw pending). ``messages(user_id, created_at)`` makes that read a range scan of the new rows
and the change check (count and newest time) a covering-index lookup, instead of reading the
id and status of every message of the person each turn.
"""

from alembic import op

revision = "0015_perf"
down_revision = "0014_recall_notes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_messages_user_created", "messages", ["user_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_messages_user_created", table_name="messages")
