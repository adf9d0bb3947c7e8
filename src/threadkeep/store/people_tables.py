"""Tables of merges between people and of the audit log.

A merge row exists from the moment person B is merged into person A until the end of time:
while ``pending`` it carries the undo data (sealed under B's key, who is kept until then);
``confirm`` or ``undo`` drop that data and leave only ids, counts and timestamps.

The audit log holds who did what to which people, when, with counts: ids and numbers only,
never anything a person wrote.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from threadkeep.store.base import Base, UtcDateTime, new_id, utcnow

__all__ = ["PersonMerge", "AuditEntry", "MERGED_PREFIX"]

ID = String(36)
# A person merged into another, while the merge is pending, is renamed to this prefix plus
# the merge id: hidden from lists, unreachable by name, kept (with their key) for an undo.
MERGED_PREFIX = "__merged__:"


class PersonMerge(Base):
    """Person ``source`` merged into person ``target``: pending, confirmed or undone."""

    __tablename__ = "person_merges"
    __table_args__ = (Index("ix_person_merges_status", "status"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    target_user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # No foreign key: the source person is deleted when the merge is confirmed, the row stays.
    source_user_id: Mapped[str] = mapped_column(ID, index=True)
    # The source's handle while pending (an operator-chosen identifier, plaintext like
    # users.name): the handle is refused while the merge is pending and restored by an undo.
    source_name: Mapped[str | None] = mapped_column(String(200), nullable=True, index=True)
    # The identity whose link started the merge ("slack:U123"), or None for a direct merge.
    via: Mapped[str | None] = mapped_column(String(240), nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending | confirmed | undone
    counts: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # What an undo needs (moved row ids, A's replaced fact and profile rows), JSON sealed
    # with the source person's key; NULL once the merge is confirmed or undone.
    undo_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    actor: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class AuditEntry(Base):
    """One administrative act on people's data: who, when, what, which people, counts."""

    __tablename__ = "audit_log"
    __table_args__ = (Index("ix_audit_log_at", "at"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    actor: Mapped[str] = mapped_column(String(200))
    action: Mapped[str] = mapped_column(String(64))  # merge.start | merge.undo | merge.confirm
    # Ids of the people concerned and of the object (a merge id), and counts: never text.
    subject: Mapped[str | None] = mapped_column(ID, nullable=True, index=True)
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
