"""Values the knowledge base hands out: documents, search hits, progress, retrieval traces."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

__all__ = ["DocumentInfo", "Hit", "IngestProgress", "retrieval_trace"]


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """A stored document as listed to an administrator. ``duplicate`` is True when an add
    found the same content already stored and returned that document instead."""

    id: str
    title: str
    source: str | None
    media_type: str
    groups: tuple[str, ...]
    public: bool
    chunk_count: int
    token_count: int
    created_at: datetime
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class Hit:
    """One retrieved chunk, with what a citation needs.

    ``score`` is the fused (reciprocal rank) score used for ordering; ``dense_score`` is the
    cosine similarity to the query (None if the chunk was only found lexically) and
    ``lexical_score`` its BM25 score (None if only found densely).
    """

    chunk_id: str
    document_id: str
    title: str
    text: str
    ordinal: int
    score: float
    dense_score: float | None
    lexical_score: float | None
    rare_words: float = 0.0  # recall's evidence (knowledge/index.py Candidate)
    dense_margin: float | None = None

    def citation(self) -> str:
        """A short human reference, e.g. ``Handbook §3``."""
        return f"{self.title} §{self.ordinal + 1}"


@dataclass(frozen=True, slots=True)
class IngestProgress:
    """Reported while ``add_files`` works: files and chunks done out of their totals."""

    files_done: int
    files_total: int
    chunks_done: int
    chunks_total: int
    path: str
    document: DocumentInfo | None = None  # set when a file has just been stored


def retrieval_trace(query: str, hits: Sequence[Hit]) -> dict[str, Any]:
    """References and scores of a search, for storage beside an answer — never chunk text.

    The query is kept because an audit needs to know what was asked; it is the person's
    words, so the caller stores the trace sealed like the rest of the turn.
    """
    return {
        "query": query,
        "hits": [
            {
                "chunk_id": h.chunk_id,
                "document_id": h.document_id,
                "ordinal": h.ordinal,
                "score": round(h.score, 6),
                "dense": None if h.dense_score is None else round(h.dense_score, 6),
                "lexical": None if h.lexical_score is None else round(h.lexical_score, 6),
            }
            for h in hits
        ],
    }
