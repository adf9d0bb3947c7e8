"""Tables of the person-level memory: facts, their versions, profile, recall vectors.

Everything derived from a person's words is sealed with their data key (``*_ct`` columns,
associated data ``(table, column, row id)``). Only structure stays in plaintext: ids, the
coarse fact ``category`` (employer, city, preference…, a word we chose, not the person),
status, counters and timestamps. The full slot key (``preference:sushi``) is sealed because
its topic comes from the person; lookups use keyed hashes of it (a blind index).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, Integer, LargeBinary, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from threadkeep.store.base import Base, UtcDateTime, new_id, utcnow

__all__ = [
    "RecallNote",
    "Fact",
    "FactVersion",
    "FactExtraction",
    "FactsState",
    "Profile",
    "MessageVector",
    "MessageChunk",
]

ID = String(36)


class Fact(Base):
    """One current-or-retired fact about a person; a changed single-valued fact is updated in place
    (and versioned), so a person has at most one current row per slot."""

    __tablename__ = "facts"
    __table_args__ = (
        Index("ix_facts_user_status", "user_id", "status"),
        Index("ix_facts_user_slot", "user_id", "slot_hash"),
        Index("ix_facts_user_changed", "user_id", "changed_gen"),
    )

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"))
    category: Mapped[str] = mapped_column(String(32))
    key_ct: Mapped[bytes] = mapped_column(LargeBinary)
    value_ct: Mapped[bytes] = mapped_column(LargeBinary)
    # The value's words as said ("Москве" for Москва), sealed; NULL when they are the value.
    said_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    # Blind index: keyed hashes (a subkey of the person's data key) of the slot key and of the
    # normalised value. Dedup finds "the same slot / the same value" without decrypting the
    # person's other facts; without the key they reveal nothing but equality within a person.
    slot_hash: Mapped[str] = mapped_column(String(32))
    value_hash: Mapped[str] = mapped_column(String(32))
    # float32 embedding of the rendered fact, sealed; NULL when no embedder was available.
    vector_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="current")  # current | retired
    method: Mapped[str] = mapped_column(String(16), default="rule")  # rule | model | manual
    times_seen: Mapped[int] = mapped_column(Integer, default=1)
    # The person's facts generation that last touched this row: caches read only rows newer
    # than the generation they hold (exact, unlike timestamps across replicas).
    changed_gen: Mapped[int] = mapped_column(Integer, default=0)
    source_message_id: Mapped[str | None] = mapped_column(ID, nullable=True)
    first_seen: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class FactVersion(Base):
    """One change to a fact: add, update (supersede), retire, restore. Values are sealed."""

    __tablename__ = "fact_versions"
    __table_args__ = (UniqueConstraint("fact_id", "version", name="uq_fact_versions_fact_version"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    fact_id: Mapped[str] = mapped_column(ID, ForeignKey("facts.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    op: Mapped[str] = mapped_column(String(16))
    old_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    new_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    old_status: Mapped[str | None] = mapped_column(String(16), nullable=True)
    new_status: Mapped[str | None] = mapped_column(String(16), nullable=True)
    source_message_id: Mapped[str | None] = mapped_column(ID, nullable=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class FactExtraction(Base):
    """A message already mined for facts: makes extraction idempotent per message id."""

    __tablename__ = "fact_extractions"

    message_id: Mapped[str] = mapped_column(ID, primary_key=True)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    method: Mapped[str] = mapped_column(String(16))
    changes: Mapped[int] = mapped_column(Integer, default=0)
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class FactsState(Base):
    """A per-person generation counter, bumped on every fact change.

    In-process caches of decrypted facts compare it each turn (one indexed read), so a change
    made by another worker or replica invalidates them.
    """

    __tablename__ = "facts_state"

    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    generation: Mapped[int] = mapped_column(Integer, default=0)
    # Hard deletes leave no row to read; caches compare this count to notice them.
    deletions: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    # When a fact was last erased for good: an undo of "the last change" stops there.
    erased_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class Profile(Base):
    """The current standing description of a person (one row per person, sealed text)."""

    __tablename__ = "profiles"

    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    text_ct: Mapped[bytes] = mapped_column(LargeBinary)
    version: Mapped[int] = mapped_column(Integer, default=1)
    method: Mapped[str] = mapped_column(String(16))  # facts | model
    # How many of the person's own messages existed when it was built: the refresh clock.
    messages_at_build: Mapped[int] = mapped_column(Integer, default=0)
    built_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class MessageVector(Base):
    """A sealed float32 embedding of one message, for recall without re-embedding."""

    __tablename__ = "message_vectors"
    __table_args__ = (Index("ix_message_vectors_user", "user_id", "created_at"),)

    message_id: Mapped[str] = mapped_column(ID, ForeignKey("messages.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"))
    conversation_id: Mapped[str] = mapped_column(ID, ForeignKey("conversations.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    model: Mapped[str] = mapped_column(String(64))
    vector_ct: Mapped[bytes] = mapped_column(LargeBinary)
    # Relative dates of the text resolved against its timestamp (JSON, sealed): see memory.dates.
    dates_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class MessageChunk(Base):
    """A sealed embedding of one chunk (a run of whole sentences) of a long message, so recall
    finds any part of a pasted document, not only its beginning. ``start``/``end`` are
    character offsets into the message text (positions only, no content)."""

    __tablename__ = "message_chunks"
    __table_args__ = (Index("ix_message_chunks_user", "user_id"),)

    message_id: Mapped[str] = mapped_column(ID, ForeignKey("messages.id", ondelete="CASCADE"), primary_key=True)
    chunk: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"))
    start: Mapped[int] = mapped_column(Integer)
    end: Mapped[int] = mapped_column(Integer)
    model: Mapped[str] = mapped_column(String(64))
    vector_ct: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class RecallNote(Base):
    """Recalled blocks a turn first needed, sealed, tied to the person's message of that turn."""

    __tablename__ = "recall_notes"
    __table_args__ = (Index("ix_recall_notes_conversation_seq", "conversation_id", "seq"),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    conversation_id: Mapped[str] = mapped_column(String(36), ForeignKey("conversations.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(String(36), ForeignKey("users.id", ondelete="CASCADE"))
    # The person's message whose turn first needed the note (one note per turn at most).
    message_id: Mapped[str] = mapped_column(String(36), ForeignKey("messages.id", ondelete="CASCADE"), unique=True)
    seq: Mapped[int] = mapped_column(Integer)  # that message's sequence number
    text_ct: Mapped[bytes] = mapped_column(LargeBinary)
    # What the note carries: "<message id>#<chunk>" keys (ids only, no content).
    sources: Mapped[list[str]] = mapped_column(JSON, default=list)
    # What the turn showed in its per-turn context only (recalled for the first time, with
    # ``recall_note_after`` 2): a later turn that recalls it again makes it a note.
    shown: Mapped[list[str]] = mapped_column(JSON, default=list)
    tokens: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
