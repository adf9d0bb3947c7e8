"""surface threads, events, posts and status (Slack, Telegram, Mattermost)

Revision ID: 0005_surfaces
Revises: 0004_cache
Create Date: 2026-11-29 21:50:00
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0005_surfaces"
down_revision = "0004_cache"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "surface_status",
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("last_event_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("last_answer_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("last_error_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("channel", name=op.f("pk_surface_status")),
    )
    op.create_table(
        "surface_events",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("event_key", sa.String(length=300), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("thread_key", sa.String(length=300), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("text_ct", sa.LargeBinary(), nullable=True),
        sa.Column("target", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("user_message_id", sa.String(length=36), nullable=True),
        sa.Column("assistant_message_id", sa.String(length=36), nullable=True),
        sa.Column("posted", sa.JSON(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("answered_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("posted_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_surface_events_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_surface_events")),
        sa.UniqueConstraint("channel", "event_key", name="uq_surface_events_key"),
    )
    op.create_index("ix_surface_events_created", "surface_events", ["created_at"], unique=False)
    op.create_index(op.f("ix_surface_events_user_id"), "surface_events", ["user_id"], unique=False)
    op.create_table(
        "surface_posts",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("post_key", sa.String(length=300), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("assistant_message_id", sa.String(length=36), nullable=False),
        sa.Column("created_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_surface_posts_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_surface_posts")),
        sa.UniqueConstraint("channel", "post_key", name="uq_surface_posts_key"),
    )
    op.create_index(op.f("ix_surface_posts_user_id"), "surface_posts", ["user_id"], unique=False)
    op.create_table(
        "surface_threads",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("thread_key", sa.String(length=300), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("conversation_id", sa.String(length=36), nullable=True),
        sa.Column("created_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_surface_threads_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_surface_threads")),
        sa.UniqueConstraint("channel", "thread_key", "user_id", name="uq_surface_threads_key"),
    )
    op.create_index(op.f("ix_surface_threads_user_id"), "surface_threads", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_surface_threads_user_id"), table_name="surface_threads")
    op.drop_table("surface_threads")
    op.drop_index(op.f("ix_surface_posts_user_id"), table_name="surface_posts")
    op.drop_table("surface_posts")
    op.drop_index(op.f("ix_surface_events_user_id"), table_name="surface_events")
    op.drop_index("ix_surface_events_created", table_name="surface_events")
    op.drop_table("surface_events")
    op.drop_table("surface_status")
