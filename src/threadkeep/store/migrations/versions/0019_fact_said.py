"""fact said: the words a fact's value was read from (issue 26)

Revision ID: 0019_fact_said
Revises: 0018_speakers
Create Date: 2026-12-02 01:30:00

A fact's value is stored in its base form ("Москва", "東京"); the words as the person said them
("в Москве" → "Москве", "東京に") are kept beside it, sealed with the person's key like the
value (``facts.said_ct``). NULL when the words are the value, and for facts stored before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0019_fact_said"
down_revision = "0018_speakers"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("facts") as batch:
        batch.add_column(sa.Column("said_ct", sa.LargeBinary(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("facts") as batch:
        batch.drop_column("said_ct")
