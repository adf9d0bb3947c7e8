"""Hybrid ranking over in-memory items: dense (e5) + lexical (BM25), fused by reciprocal rank.

Pure functions and small classes with no database access, so facts retrieval, message recall,
the knowledge base and the LoCoMo evaluation share one ranking. Items are whatever the caller
holds; the index only sees their texts and (optionally) their vectors, and answers with
positions.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

import numpy as np

from threadkeep.retrieval.bm25 import Bm25Index
from threadkeep.retrieval.tokenizer import tokenize

__all__ = [
    "PersonCache",
    "HybridIndex",
    "rrf_fuse",
    "RRF_K",
    "Ranked",
]

# The constant from Cormack et al. (2009); it damps the weight of the very first ranks.
RRF_K = 60


def _top(scores: np.ndarray, k: int, *, positive_only: bool) -> list[int]:
    if positive_only:
        cand = np.flatnonzero(scores > 0)
    else:
        cand = np.arange(scores.shape[0])
    if cand.size == 0:
        return []
    if cand.size > k:
        part = np.argpartition(-scores[cand], k - 1)[:k]
        cand = cand[part]
    # Stable order on ties (position) keeps rankings reproducible run to run.
    return sorted(cand.tolist(), key=lambda i: (-float(scores[i]), i))


def rrf_fuse(
    rankings: Sequence[Sequence[int]], *, k: int = RRF_K, weights: Sequence[float] | None = None
) -> list[tuple[int, float]]:
    """Reciprocal-rank fusion of several ranked lists of positions, best first."""
    fused: dict[int, float] = defaultdict(float)
    for r, ranking in enumerate(rankings):
        w = 1.0 if weights is None else weights[r]
        for rank, pos in enumerate(ranking):
            fused[pos] += w / (k + rank + 1)
    return sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))


@dataclass(frozen=True, slots=True)
class Ranked:
    """A position in the index, its fused score and the ranks it had on each side."""

    pos: int
    score: float
    dense: float | None
    lexical: float


class HybridIndex:
    """BM25 plus an optional dense matrix over the same items, searched together.

    Items can be appended and removed, so a cache can follow a few changes without rebuilding;
    positions are stable until the index is rebuilt.
    """

    def __init__(
        self,
        texts: Sequence[str],
        vectors: np.ndarray | None = None,
        *,
        tokens: Sequence[Sequence[str]] | None = None,
        dim: int | None = None,
    ) -> None:
        """``tokens`` (one list per text, from :func:`tokenize`) skips re-tokenising texts a
        caller already holds tokenised. Dense search is on when ``vectors`` or ``dim`` is given."""
        self.bm25 = Bm25Index(tokens if tokens is not None else [tokenize(t) for t in texts])
        if vectors is not None and vectors.shape[0] != len(texts):
            raise ValueError("one vector per text, or none at all")
        if vectors is None and dim is not None:
            vectors = np.zeros((0, dim), dtype=np.float32)
        self._mat = None if vectors is None else np.array(vectors, dtype=np.float32, copy=True)
        self._rows = len(texts)
        self._dead: set[int] = set()

    @property
    def size(self) -> int:
        """Positions ever assigned (removed ones included)."""
        return self._rows

    @property
    def dead(self) -> int:
        return len(self._dead)

    @property
    def vectors(self) -> np.ndarray | None:
        return None if self._mat is None else self._mat[: self._rows]

    def add(
        self, texts: Sequence[str], vectors: np.ndarray | None = None, *, tokens: Sequence[Sequence[str]] | None = None
    ) -> list[int]:
        """Append items; returns their positions."""
        if self._mat is not None:
            if vectors is None or vectors.shape[0] != len(texts):
                raise ValueError("this index is dense: give one vector per text")
            need = self._rows + len(texts)
            if need > self._mat.shape[0]:
                # Grow by doubling so a stream of single additions stays amortised O(1).
                grown = np.zeros((max(need, 2 * self._mat.shape[0], 16), self._mat.shape[1]), np.float32)
                grown[: self._rows] = self._mat[: self._rows]
                self._mat = grown
            self._mat[self._rows : need] = vectors
        positions = self.bm25.add(tokens if tokens is not None else [tokenize(t) for t in texts])
        self._rows += len(texts)
        return positions

    def remove(self, positions: Iterable[int]) -> None:
        positions = [p for p in positions if p not in self._dead]
        self._dead.update(positions)
        self.bm25.remove(positions)

    def search(
        self,
        query: str,
        query_vector: np.ndarray | None,
        *,
        k: int,
        depth: int = 100,
        min_similarity: float = 0.0,
        allowed: np.ndarray | None = None,
        weights: tuple[float, float] = (1.0, 1.0),
    ) -> list[Ranked]:
        """The ``k`` best live items for ``query``; ``depth`` is how far each side is read
        before fusing, ``weights`` the (lexical, dense) weights of the fusion. Dense
        candidates under ``min_similarity`` are left out; ``allowed`` (a bool per position)
        narrows the candidates further."""
        if self._rows - len(self._dead) <= 0 or k <= 0:
            return []
        mask = np.ones(self._rows, dtype=bool) if allowed is None else allowed.astype(bool, copy=True)
        if self._dead:
            mask[list(self._dead)] = False
        lex = self.bm25.scores(tokenize(query), mask)
        rankings = [_top(lex, depth, positive_only=True)]
        dense: np.ndarray | None = None
        if self._mat is not None and query_vector is not None:
            # einsum runs single-threaded SIMD loops; a BLAS gemv here would wake OpenBLAS's
            # thread pool, whose spinning threads then slow the next e5 embedding several-fold.
            dense = np.einsum("ij,j->i", self._mat[: self._rows], np.asarray(query_vector, dtype=np.float32))
            ranked_dense = _top(np.where(mask, dense, -np.inf), depth, positive_only=False)
            rankings.append([i for i in ranked_dense if mask[i] and dense[i] >= min_similarity])
        out = []
        for pos, score in rrf_fuse(rankings, weights=weights[: len(rankings)])[:k]:
            out.append(Ranked(pos, score, None if dense is None else float(dense[pos]), float(lex[pos])))
        return out


class _HasEmbedder(Protocol):
    embedder: str | None


E = TypeVar("E", bound=_HasEmbedder)


class PersonCache(Generic[E]):
    """Per-person decrypted state held in process: a bounded LRU, thread-safe, whose entry is
    made anew when the embedder changes (vectors of another model cannot be mixed in).

    Bounded twice: at most ``size`` people, and — since one person's entry grows with their
    history — at most ``max_items`` items over all of them, as ``weigh`` counts an entry's
    items. Over either, the least recently used people go (the one being fetched stays, so a
    single person larger than ``max_items`` is still served, alone)."""

    def __init__(
        self,
        make: Callable[[str | None], E],
        size: int,
        *,
        max_items: int | None = None,
        weigh: Callable[[E], int] | None = None,
    ) -> None:
        if (max_items is None) != (weigh is None):
            raise ValueError("max_items and weigh go together")
        self._make = make
        self._size = size
        self._max_items = max_items
        self._weigh = weigh
        self._items: OrderedDict[str, E] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, user_id: str, embedder: str | None) -> E:
        with self._lock:
            entry = self._items.get(user_id)
            if entry is None or entry.embedder != embedder:
                entry = self._items[user_id] = self._make(embedder)
            self._items.move_to_end(user_id)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
            if self._weigh is not None and self._max_items is not None:
                # Entries grow after they are handed out, so the total is counted here, at the
                # next fetch: O(people held), a few attribute reads each.
                total = sum(self._weigh(e) for e in self._items.values())
                while total > self._max_items and len(self._items) > 1:
                    _, old = self._items.popitem(last=False)
                    total -= self._weigh(old)
            return entry

    def held(self) -> int:
        """Items held over every person (as ``weigh`` counts them; 0 without ``weigh``)."""
        with self._lock:
            return sum(self._weigh(e) for e in self._items.values()) if self._weigh else 0

    def clear(self, user_id: str | None = None) -> None:
        """Forget one person's entry, or everyone's."""
        with self._lock:
            if user_id is None:
                self._items.clear()
            else:
                self._items.pop(user_id, None)
