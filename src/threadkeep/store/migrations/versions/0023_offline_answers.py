"""offline answers: an assistant row that quotes memory is marked, so memory skips it (issue 40)

Revision ID: 0023_offline_answers
Revises: 0022_dropin_agents
Create Date: 2026-12-06 08:00:00

The offline default answers by quoting memory. Its answer is stored as the assistant's row
like any other, with ``messages.offline`` set: recall, fact extraction, folds and re-asks
skip such a row (it holds no new memory, only quotes), while the conversation and its export
show it. Answers stored before this revision by the offline model (``model = 'offline'``) are
marked here.
"""

import sqlalchemy as sa
from alembic import op

revision = "0023_offline_answers"
down_revision = "0022_dropin_agents"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("offline", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.execute(
        sa.text("UPDATE messages SET offline = :yes WHERE role = 'assistant' AND model = 'offline'").bindparams(
            yes=True
        )
    )


def downgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.drop_column("offline")
