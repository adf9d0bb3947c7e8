"""Knowledge-base tables: documents, their chunks, and the change counter replicas watch.

The knowledge base belongs to the deployment, so its text is sealed under the system key
holder (``Vault.system_user_id``) with associated data ``(table, column, row id)``. Plaintext
is limited to structure: ids, ordinals, token counts, access groups (operator-chosen names)
and a keyed content hash used for de-duplication (an HMAC, so it cannot confirm a guessed
document without the key).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from threadkeep.store.base import Base, UtcDateTime, new_id, utcnow

__all__ = ["KnowledgeDocument", "KnowledgeChunk", "KnowledgeState", "STATE_ROW_ID"]

ID = String(36)
# The single row of ``knowledge_state``; the migration inserts it so an UPDATE always finds it.
STATE_ROW_ID = 1


class KnowledgeDocument(Base):
    """One ingested document. Its chunks go with it (ON DELETE CASCADE)."""

    __tablename__ = "knowledge_documents"

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    title_ct: Mapped[bytes] = mapped_column(LargeBinary)
    # Where it came from (a path or URL) can itself be telling, so it is sealed too.
    source_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    media_type: Mapped[str] = mapped_column(String(64), default="text/plain")
    # Access control: a caller sees the document when its groups intersect these, or when
    # the document is public.
    groups: Mapped[list[str]] = mapped_column(JSON, default=list)
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    chunk_count: Mapped[int] = mapped_column(Integer, default=0)
    token_count: Mapped[int] = mapped_column(Integer, default=0)
    # HMAC-SHA256 of the normalised text under the system data key: unique, so two replicas
    # ingesting the same file at once cannot both store it.
    content_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # The knowledge generation that added it; lets a replica tell what it has not loaded.
    generation: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class KnowledgeChunk(Base):
    """A passage of a document: sealed text and sealed float32 embedding."""

    __tablename__ = "knowledge_chunks"
    __table_args__ = (Index("ix_knowledge_chunks_document_ordinal", "document_id", "ordinal", unique=True),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    document_id: Mapped[str] = mapped_column(ID, ForeignKey("knowledge_documents.id", ondelete="CASCADE"))
    ordinal: Mapped[int] = mapped_column(Integer)
    token_count: Mapped[int] = mapped_column(Integer, default=0)
    text_ct: Mapped[bytes] = mapped_column(LargeBinary)
    embedding_ct: Mapped[bytes] = mapped_column(LargeBinary)


class KnowledgeState(Base):
    """One row: a counter bumped in the same transaction as every add or remove.

    Each replica keeps the generation its in-process index reflects and compares it on
    every search; a mismatch means another replica (or this one) changed the documents.
    """

    __tablename__ = "knowledge_state"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    generation: Mapped[int] = mapped_column(Integer, default=0)
    # Name and dimension of the embedder whose vectors are stored: mixing two is refused.
    embedder: Mapped[str | None] = mapped_column(String(200), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
