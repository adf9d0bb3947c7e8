"""Tables of imports: one row per import run (its progress) and the source-id map.

Nothing here holds a person's text. Source ids are the export's own opaque identifiers
(ChatGPT and Claude UUIDs, Telegram chat and message numbers), and errors name a place in
the file (an index, an id, a byte offset), never its content.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from threadkeep.store.base import Base, UtcDateTime, new_id, utcnow

__all__ = ["ImportRun", "ImportSource"]

ID = String(36)


class ImportRun(Base):
    """One import of one file for one person: what stage it is at and how far it got.

    ``status``: ``receiving`` (upload under way), ``storing`` (conversations being written),
    ``indexing`` (stored; background work queued), ``done`` or ``failed`` (``error`` says why
    and where). ``jobs_total`` background jobs were queued under dedupe keys
    ``import:<id>:…``; those still queued are the background work left.
    """

    __tablename__ = "imports"
    __table_args__ = (Index("ix_imports_user_created", "user_id", "created_at"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"))
    format: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), default="storing")
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    bytes_total: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    bytes_read: Mapped[int] = mapped_column(BigInteger, default=0)
    conversations: Mapped[int] = mapped_column(Integer, default=0)
    messages: Mapped[int] = mapped_column(Integer, default=0)
    skipped_conversations: Mapped[int] = mapped_column(Integer, default=0)
    skipped_messages: Mapped[int] = mapped_column(Integer, default=0)
    jobs_total: Mapped[int] = mapped_column(Integer, default=0)
    # Recall indexing, in chunks (what is embedded): counted as messages are stored, moved by
    # each bounded step of the import's recall job.
    chunks_total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    chunks_done: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # What the readers left out of the export, by reason (``{"system messages": 3}``).
    left_out: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class ImportSource(Base):
    """A source id already imported for a person, and what it became.

    A conversation's row has ``message_id`` None; a message's row names its message. Rows go
    with their conversation (deleting an imported conversation lets a re-import bring it back)
    and with their person.
    """

    __tablename__ = "import_sources"
    __table_args__ = (
        Index("ix_import_sources_conversation", "conversation_id"),
        Index("ix_import_sources_import", "import_id"),
    )

    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    source_id: Mapped[str] = mapped_column(String(255), primary_key=True)
    conversation_id: Mapped[str] = mapped_column(ID, ForeignKey("conversations.id", ondelete="CASCADE"))
    message_id: Mapped[str | None] = mapped_column(ID, nullable=True)
    # The import run that stored it (None for rows from before migration 0016).
    import_id: Mapped[str | None] = mapped_column(ID, nullable=True)
