"""Tables of the chat surfaces (Slack, Telegram, Mattermost).

A surface keeps only what it needs to be a thin client that survives restarts:
which platform thread belongs to which conversation, every inbound event once (so a retried
delivery is never answered twice), which posted message carries which answer (thumbs), and
when each surface last heard from its platform (the admin status page). The person's words
of an event are sealed with their data key, as messages are; ids and platform coordinates
(channel ids, timestamps) stay plaintext because the worker must route by them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from threadkeep.store.base import Base, UtcDateTime, new_id, utcnow

__all__ = ["SurfaceThread", "SurfaceEvent", "SurfacePost", "SurfaceStatus"]

ID = String(36)


class SurfaceThread(Base):
    """A platform thread (Slack thread, Telegram chat, Mattermost root post) of one person.

    ``conversation_id`` is None until the next message opens a conversation: that is how
    Telegram's ``/new`` works, and how a conversation deleted on the web is replaced.
    """

    __tablename__ = "surface_threads"
    __table_args__ = (UniqueConstraint("channel", "thread_key", "user_id", name="uq_surface_threads_key"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    channel: Mapped[str] = mapped_column(String(32))
    thread_key: Mapped[str] = mapped_column(String(300))
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    conversation_id: Mapped[str | None] = mapped_column(ID, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class SurfaceEvent(Base):
    """One inbound platform event, stored before it is acknowledged; the job's only input.

    ``event_key`` is unique per channel: Slack retries, a duplicate ``update_id`` or the
    same message delivered as both ``message`` and ``app_mention`` collide here and are
    dropped. ``status``: queued → answered (the turn is stored) → posted; or ignored.
    """

    __tablename__ = "surface_events"
    __table_args__ = (
        UniqueConstraint("channel", "event_key", name="uq_surface_events_key"),
        Index("ix_surface_events_created", "created_at"),
    )

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    channel: Mapped[str] = mapped_column(String(32))
    event_key: Mapped[str] = mapped_column(String(300))
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    thread_key: Mapped[str] = mapped_column(String(300))
    # "message" (answer it) or "new" (Telegram /new: the next message opens a conversation).
    kind: Mapped[str] = mapped_column(String(16), default="message")
    text_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    # Where to answer: platform ids only (channel, thread ts, chat id, post id).
    target: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(16), default="queued")
    user_message_id: Mapped[str | None] = mapped_column(ID, nullable=True)
    assistant_message_id: Mapped[str | None] = mapped_column(ID, nullable=True)
    # Ids of the parts already posted, in order: a re-run continues after the last one.
    posted: Mapped[list[str]] = mapped_column(JSON, default=list)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    answered_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    posted_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class SurfacePost(Base):
    """A message the bot posted, and the assistant message it carries (for thumbs)."""

    __tablename__ = "surface_posts"
    __table_args__ = (UniqueConstraint("channel", "post_key", name="uq_surface_posts_key"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    channel: Mapped[str] = mapped_column(String(32))
    post_key: Mapped[str] = mapped_column(String(300))
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    assistant_message_id: Mapped[str] = mapped_column(ID)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class SurfaceStatus(Base):
    """When a surface last received an event and last answered, and its last error."""

    __tablename__ = "surface_status"

    channel: Mapped[str] = mapped_column(String(32), primary_key=True)
    last_event_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    last_answer_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    last_error_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
