"""Tables of the prompt-cache layer: the model call log, keep-warm state and scheduler leases.

Nothing here holds a person's text: the call log keeps token counts, hashes and causes, so it
stays plaintext and can be aggregated by the cache report without any key.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from threadkeep.store.base import Base, UtcDateTime, new_id, utcnow

__all__ = ["ModelCall", "MemoryCall", "WarmState", "SchedulerLease"]

ID = String(36)


class ModelCall(Base):
    """One model call: usage, fingerprints (hashes only), pause and miss cause."""

    __tablename__ = "model_calls"
    __table_args__ = (
        Index("ix_model_calls_conversation_started", "conversation_id", "started_at"),
        Index("ix_model_calls_started", "started_at"),
    )

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    conversation_id: Mapped[str] = mapped_column(ID, ForeignKey("conversations.id", ondelete="CASCADE"))
    user_id: Mapped[str | None] = mapped_column(ID, nullable=True)
    kind: Mapped[str] = mapped_column(String(16))  # turn | ping | fold
    model: Mapped[str] = mapped_column(String(200))
    started_at: Mapped[datetime] = mapped_column(UtcDateTime)
    # Seconds since the previous call of this conversation started; None for the first.
    pause_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    # TTL of the entry at the end of this call's cached prefix (None: provider chooses).
    ttl_s: Mapped[int | None] = mapped_column(Integer, nullable=True)
    input_tokens: Mapped[int] = mapped_column(Integer, default=0)  # uncached input
    cache_read_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cache_write_tokens: Mapped[int] = mapped_column(Integer, default=0)
    # Of the writes, those into 1-hour entries, as the provider reported (Anthropic's
    # usage.cache_creation); None when it gives no split (the TTL of the prefix end decides).
    cache_write_1h_tokens: Mapped[int | None] = mapped_column(Integer, nullable=True)
    output_tokens: Mapped[int] = mapped_column(Integer, default=0)
    # Estimated tokens up to the end of the cached prefix (from the fingerprints).
    prefix_tokens: Mapped[int] = mapped_column(Integer, default=0)
    fingerprints: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    divergence: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # cold_start | ttl_expired | prefix_changed:<segment> | below_minimum | evicted_early | hit
    miss_cause: Mapped[str | None] = mapped_column(String(48), nullable=True)
    cost: Mapped[float | None] = mapped_column(Float, nullable=True)
    cost_without_cache: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class MemoryCall(Base):
    """One model call the memory made in the background — a fold, a fact extraction, a profile
    — with its usage and cost beside the chat model's, how its answer was used (``method``:
    ``model``, or ``extractive``/``rule`` when it fell back) and why it fell back (``fallback``:
    the kind of failure, never the person's text)."""

    __tablename__ = "memory_calls"
    __table_args__ = (Index("ix_memory_calls_started", "started_at"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    conversation_id: Mapped[str | None] = mapped_column(
        ID, ForeignKey("conversations.id", ondelete="CASCADE"), nullable=True
    )
    kind: Mapped[str] = mapped_column(String(16))  # fold | facts | profile
    model: Mapped[str] = mapped_column(String(200))
    method: Mapped[str] = mapped_column(String(16))
    fallback: Mapped[str | None] = mapped_column(String(300), nullable=True)
    input_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cache_read_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cache_write_tokens: Mapped[int] = mapped_column(Integer, default=0)
    output_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost: Mapped[float | None] = mapped_column(Float, nullable=True)
    started_at: Mapped[datetime] = mapped_column(UtcDateTime)


class WarmState(Base):
    """Keep-warm bookkeeping of one conversation; a flag stops pings until cleared."""

    __tablename__ = "warm_state"

    conversation_id: Mapped[str] = mapped_column(
        ID, ForeignKey("conversations.id", ondelete="CASCADE"), primary_key=True
    )
    state: Mapped[str] = mapped_column(String(16), default="warm")  # warm | cooled | flagged
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    warm_since: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    last_ping_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    pings: Mapped[int] = mapped_column(Integer, default=0)  # all pings ever
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class SchedulerLease(Base):
    """A named lease: the replica whose ``holder`` has not expired is the one that acts."""

    __tablename__ = "scheduler_leases"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    holder: Mapped[str] = mapped_column(String(128))
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
