"""security: keyed call-log fingerprints, shared rate-limit buckets, tombstones

Revision ID: 0010_security
Revises: 0007_fold_adoption
Create Date: 2026-11-30 21:30:00

Fingerprints written before this revision are plain SHA-256 of what the person said: anyone
with the database could confirm a guessed message. They cannot be re-keyed (the text they
were made from is not kept in plaintext anywhere), so they are dropped: the rows stay (usage,
cost, miss cause, divergence — the cache report is unchanged), their ``fingerprints`` become
``{}``. The next call of each such conversation has no previous fingerprint to compare with
(no divergence for that one call), and keep-warm leaves such a conversation cool until its
next turn logs a keyed fingerprint.
"""

import sqlalchemy as sa
from alembic import op

from threadkeep.store.base import UtcDateTime

revision = "0010_security"
down_revision = "0007_fold_adoption"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("UPDATE model_calls SET fingerprints = '{}'")
    op.create_table(
        "deleted_people",
        sa.Column("name_mac", sa.String(64), nullable=False),
        sa.Column("deleted_at", UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name_mac", name=op.f("pk_deleted_people")),
    )
    op.create_table(
        "rate_buckets",
        sa.Column("bucket", sa.String(200), nullable=False),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("stamp", sa.Float(), nullable=False),
        sa.Column("allowed", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.PrimaryKeyConstraint("bucket", name=op.f("pk_rate_buckets")),
    )


def downgrade() -> None:
    op.drop_table("rate_buckets")
    op.drop_table("deleted_people")
    # Keyed fingerprints are unreadable to older code (format version 2): it sees none.
    pass
