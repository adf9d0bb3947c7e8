"""cache write split: the call log keeps the writes into 1-hour entries as the provider said

Revision ID: 0017_cache_write_split
Revises: 0016_import_progress
Create Date: 2026-12-01 21:00:00

Anthropic reports its cache writes split by entry lifetime (``usage.cache_creation``:
``ephemeral_5m_input_tokens`` / ``ephemeral_1h_input_tokens``), and 1-hour writes cost 2x base
input against 1.25x. ``model_calls.cache_write_1h_tokens`` keeps that split so the cost report
prices writes from the provider's own figures; NULL where the provider gives none (rows logged
before, OpenAI) and the TTL of the prefix end decides as before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0017_cache_write_split"
down_revision = "0016_import_progress"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("model_calls") as batch:
        batch.add_column(sa.Column("cache_write_1h_tokens", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("model_calls") as batch:
        batch.drop_column("cache_write_1h_tokens")
