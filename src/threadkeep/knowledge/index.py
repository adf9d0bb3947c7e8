"""The in-process hybrid index: dense vectors and BM25 under shared labels, plus access rules.

It holds no chunk text (only BM25 postings and vectors), so a hit's text is read and opened
from the database when it is returned. Dense and lexical rankings are fused with reciprocal
rank fusion, which needs no score calibration between two very different scales.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from threadkeep.retrieval.bm25 import Bm25Index
from threadkeep.retrieval.dense import EXACT_THRESHOLD, DenseIndex
from threadkeep.retrieval.hybrid import RRF_K, rrf_fuse
from threadkeep.retrieval.tokenizer import tokenize

__all__ = ["IndexedDocument", "KnowledgeIndex", "Candidate", "RRF_K"]


@dataclass(slots=True)
class IndexedDocument:
    """What the index knows of one document: access rules, title, and its labels."""

    id: str
    title: str
    groups: frozenset[str]
    public: bool
    slot: int = -1
    labels: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    def visible_to(self, groups: Iterable[str]) -> bool:
        """True when the document is public or shares a group with the caller."""
        return self.public or not self.groups.isdisjoint(groups)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One fused result, before its text is read from the database."""

    chunk_id: str
    document_id: str
    ordinal: int
    score: float
    dense_score: float | None
    lexical_score: float | None
    dense_rank: int | None
    lexical_rank: int | None
    # Recall's relevance evidence (memory/recall/floor.py): the IDF of the query's words the
    # chunk holds in units of a word's once, and the cosine over the median dense candidate's.
    rare_words: float = 0.0
    dense_margin: float | None = None


class KnowledgeIndex:
    """Not thread-safe on its own: the service serialises changes and searches."""

    def __init__(self, dim: int, *, exact_threshold: int = EXACT_THRESHOLD) -> None:
        self.dense = DenseIndex(dim, exact_threshold=exact_threshold)
        self.lexical = Bm25Index()  # positions are the dense labels: both grow one per chunk
        self.documents: dict[str, IndexedDocument] = {}
        self._chunk_ids: list[str] = []
        self._ordinals: list[int] = []
        self._label_slot = np.zeros(1024, dtype=np.int64)  # label -> document slot
        self._slots: list[IndexedDocument | None] = []
        self._masks: dict[frozenset[str], np.ndarray] = {}

    @property
    def chunk_count(self) -> int:
        """Live chunks in the index."""
        return len(self.dense)

    def add_document(
        self,
        doc: IndexedDocument,
        chunk_ids: Sequence[str],
        ordinals: Sequence[int],
        vectors: np.ndarray,
        texts: Sequence[str],
    ) -> None:
        """Index one document's chunks (``texts`` feed BM25 and are not kept)."""
        if doc.id in self.documents:
            return
        labels = self.dense.add(vectors) if len(chunk_ids) else np.zeros(0, dtype=np.int64)
        positions = self.lexical.add([tokenize(t) for t in texts])
        assert positions == labels.tolist(), "BM25 positions and dense labels drifted apart"
        self._chunk_ids.extend(chunk_ids)
        self._ordinals.extend(ordinals)
        doc.slot = len(self._slots)
        doc.labels = labels
        self._slots.append(doc)
        if len(self._label_slot) < self.dense.size:
            grown = np.zeros(max(self.dense.size, 2 * len(self._label_slot)), dtype=np.int64)
            grown[: len(self._label_slot)] = self._label_slot
            self._label_slot = grown
        self._label_slot[labels] = doc.slot
        self.documents[doc.id] = doc
        self._masks.clear()

    def remove_document(self, document_id: str) -> None:
        """Drop a document's chunks from both indexes."""
        doc = self.documents.pop(document_id, None)
        if doc is None:
            return
        self.dense.remove(doc.labels)
        self.lexical.remove(doc.labels.tolist())
        self._slots[doc.slot] = None
        self._masks.clear()

    def set_access(self, document_id: str, groups: frozenset[str], public: bool) -> None:
        """Apply changed access rules of an indexed document."""
        doc = self.documents.get(document_id)
        if doc is not None and (doc.groups != groups or doc.public != public):
            doc.groups, doc.public = groups, public
            self._masks.clear()

    def allowed(self, groups: Iterable[str]) -> np.ndarray:
        """Boolean mask over labels a caller with ``groups`` may see (cached per group set)."""
        key = frozenset(groups)
        mask = self._masks.get(key)
        if mask is None:
            slot_ok = np.array([d is not None and d.visible_to(key) for d in self._slots], dtype=bool)
            size = self.dense.size
            mask = slot_ok[self._label_slot[:size]] if len(slot_ok) else np.zeros(size, dtype=bool)
            self._masks[key] = mask
        return mask

    def search(self, query_vector: np.ndarray, query_text: str, groups: Iterable[str], k: int) -> list[Candidate]:
        """Hybrid top-``k`` for a caller: dense and BM25 rankings fused by RRF."""
        mask = self.allowed(groups)
        if not mask.any() or k <= 0:
            return []
        depth = max(4 * k, 50)  # each side ranks deeper than k so fusion can reorder
        d_labels, d_scores = self.dense.search(query_vector, depth, mask)
        lex = self.lexical.scores(tokenize(query_text), mask)
        hits = np.flatnonzero(lex > 0)
        if len(hits) > depth:
            hits = hits[np.argpartition(-lex[hits], depth - 1)[:depth]]
        l_labels = hits[np.argsort(-lex[hits], kind="stable")]

        dense_at = {int(lb): (r, float(s)) for r, (lb, s) in enumerate(zip(d_labels, d_scores, strict=True))}
        lex_at = {int(lb): (r, float(lex[lb])) for r, lb in enumerate(l_labels)}
        fused = dict(rrf_fuse([list(dense_at), list(lex_at)]))
        held = self.lexical.matched_idf(tokenize(query_text)) if lex_at else None
        once = self.lexical.idf([]).get("") or 1.0
        median = float(np.median(d_scores)) if len(d_scores) else None
        # Ties (common: one side only) break on the dense similarity, then the label.
        order = sorted(fused, key=lambda lb: (-fused[lb], -dense_at.get(lb, (0, -1.0))[1], lb))[:k]
        out = []
        for label in order:
            doc = self._slots[int(self._label_slot[label])]
            assert doc is not None  # masked labels of removed documents never get here
            d, lx = dense_at.get(label), lex_at.get(label)
            out.append(
                Candidate(
                    chunk_id=self._chunk_ids[label],
                    document_id=doc.id,
                    ordinal=self._ordinals[label],
                    score=fused[label],
                    dense_score=d[1] if d else None,
                    lexical_score=lx[1] if lx else None,
                    dense_rank=d[0] + 1 if d else None,
                    lexical_rank=lx[0] + 1 if lx else None,
                    rare_words=float(held[label]) / once if held is not None and label < len(held) else 0.0,
                    dense_margin=d[1] - median if d and median is not None else None,
                )
            )
        return out

    def warm(self) -> None:
        """Build the ANN graph now rather than on the first large search."""
        self.dense.warm()
