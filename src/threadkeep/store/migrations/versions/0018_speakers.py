"""speakers: who said a message, when a name is known (issue 25)

Revision ID: 0018_speakers
Revises: 0017_cache_write_split
Create Date: 2026-12-01 20:40:00

An imported chat's participants (Telegram's ``from``) and the speakers of an evaluation's
two-party conversations have names; recall names the speaker of every line it brings back.
The name is sealed with the person's key like the text (``messages.speaker_ct``); messages
without one (the person's and the assistant's own turns) keep NULL.
"""

import sqlalchemy as sa
from alembic import op

revision = "0018_speakers"
down_revision = "0017_cache_write_split"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("speaker_ct", sa.LargeBinary(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.drop_column("speaker_ct")
