"""Tables of the insights layer: per-message re-ask marks and per-person digests.

Plaintext columns hold only flags, counts, dates and the answering configuration (model name
and fold settings — operator choices, not anything a person wrote). What a person wrote or
what was derived from it (the re-asked slot and its evidence, a digest's topics) is sealed
with the person's data key, like every other ``_ct`` column.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, LargeBinary, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from threadkeep.store.base import Base, UtcDateTime, new_id, utcnow

__all__ = ["ReaskMark", "Digest"]

ID = String(36)


class ReaskMark(Base):
    """Re-ask detection of one assistant message: written once by the ``reask`` job."""

    __tablename__ = "reask_marks"
    __table_args__ = (Index("ix_reask_marks_day", "day"),)

    message_id: Mapped[str] = mapped_column(ID, ForeignKey("messages.id", ondelete="CASCADE"), primary_key=True)
    conversation_id: Mapped[str] = mapped_column(ID, ForeignKey("conversations.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"))
    day: Mapped[str] = mapped_column(String(10))  # UTC date of the answer, YYYY-MM-DD
    # model name + fold threshold/tail + fold model: what produced the answer's context.
    config: Mapped[str] = mapped_column(String(300))
    questions: Mapped[int] = mapped_column(Integer, default=0)  # slot questions the answer asked
    reasks: Mapped[int] = mapped_column(Integer, default=0)  # of those, already known
    reask: Mapped[bool] = mapped_column(Boolean, default=False)
    # Sealed JSON: [{"slot", "question", "known_from": "conversation"|"fact", "evidence"}].
    detail_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    checked_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class Digest(Base):
    """A weekly or monthly digest of one person's conversations, sealed with their key."""

    __tablename__ = "digests"
    __table_args__ = (UniqueConstraint("user_id", "period", "start", name="uq_digests_user_period_start"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    period: Mapped[str] = mapped_column(String(8))  # week | month
    start: Mapped[str] = mapped_column(String(10))  # first day (UTC), YYYY-MM-DD
    end: Mapped[str] = mapped_column(String(10))  # day after the last, YYYY-MM-DD
    conversations: Mapped[int] = mapped_column(Integer, default=0)
    body_ct: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
