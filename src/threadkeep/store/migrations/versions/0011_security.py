"""security: keyed call-log fingerprints, shared rate-limit buckets, tombstones, hashed
visitor names, server-side web sessions

Revision ID: 0011_security
Revises: 0010_recall
Create Date: 2026-11-30 21:30:00

Fingerprints written before this revision are plain SHA-256 of what the person said: anyone
with the database could confirm a guessed message. They cannot be re-keyed (the text they
were made from is not kept in plaintext anywhere), so they are dropped: the rows stay (usage,
cost, miss cause, divergence — the cache report is unchanged), their ``fingerprints`` become
``{}``. The next call of each such conversation has no previous fingerprint to compare with
(no divergence for that one call), and keep-warm leaves such a conversation cool until its
next turn logs a keyed fingerprint.

Anonymous visitors were named ``visitor:<their id>`` — the id is the credential that brings
the visitor back, so it was readable by anyone with the database (and listed by
``GET /v1/admin/people``). Their names (and local identities) become ``visitor:<sha256>`` of
the id; the browser still holds the id, and the server accepts it while that person exists.
"""

import hashlib

import sqlalchemy as sa
from alembic import op

from threadkeep.store.base import UtcDateTime

revision = "0011_security"
down_revision = "0010_recall"
branch_labels = None
depends_on = None


def _visitor_person(visitor_id: str) -> str:
    # Same as threadkeep.api.auth.visitor_person (copied: a migration must not change later).
    return "visitor:" + hashlib.sha256(b"threadkeep-visitor\x00" + visitor_id.encode()).hexdigest()


def upgrade() -> None:
    op.execute("UPDATE model_calls SET fingerprints = '{}'")
    conn = op.get_bind()
    users = sa.table("users", sa.column("id", sa.String), sa.column("name", sa.String))
    idents = sa.table("identities", sa.column("channel", sa.String), sa.column("external_id", sa.String))
    for uid, name in conn.execute(sa.select(users.c.id, users.c.name).where(users.c.name.like("visitor:%"))).all():
        raw = name[len("visitor:") :]
        if len(raw) == 64 and all(ch in "0123456789abcdef" for ch in raw):
            continue  # already hashed
        hashed = _visitor_person(raw)
        conn.execute(sa.update(users).where(users.c.id == uid).values(name=hashed))
        conn.execute(
            sa.update(idents)
            .where(idents.c.channel == "local", idents.c.external_id == name)
            .values(external_id=hashed)
        )
    op.create_table(
        "deleted_people",
        sa.Column("name_mac", sa.String(64), nullable=False),
        sa.Column("deleted_at", UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name_mac", name=op.f("pk_deleted_people")),
    )
    op.create_table(
        "web_sessions",
        sa.Column("id_hash", sa.String(64), nullable=False),
        sa.Column("key_id", sa.String(36), nullable=True),
        sa.Column("person", sa.String(200), nullable=True),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["key_id"], ["api_keys.id"], name=op.f("fk_web_sessions_key_id_api_keys"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id_hash", name=op.f("pk_web_sessions")),
    )
    op.create_index(op.f("ix_web_sessions_key_id"), "web_sessions", ["key_id"])
    op.create_index(op.f("ix_web_sessions_person"), "web_sessions", ["person"])
    op.create_index(op.f("ix_web_sessions_expires_at"), "web_sessions", ["expires_at"])
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
    op.drop_table("web_sessions")
    # Keyed fingerprints are unreadable to older code (format version 2): it sees none.
    pass
