"""The one BM25: Okapi BM25 over token lists that grows and shrinks in place.

Static BM25 libraries (bm25s) rebuild on every change; a person's messages arrive one at a
time and a knowledge base changes a document at a time on several replicas, so documents are
appended (they get the next position) and removed (tombstoned) without a rebuild. Document
frequency, IDF and length normalisation are taken at query time from the live documents (and
kept per term until the next change), so an added document costs O(its tokens). Scoring is
vectorised per query term with numpy.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

__all__ = ["Bm25Index"]


class Bm25Index:
    """Documents (token lists, see :func:`threadkeep.retrieval.tokenizer.tokenize`) at
    positions ``0..n-1`` in the order they were added. Not thread-safe on its own."""

    def __init__(self, docs: Sequence[Sequence[str]] = (), *, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.n = 0  # positions ever assigned (removed ones included)
        self._live = 0
        self._total_len = 0
        # Growable arrays (capacity doubles): an append does not copy 10,000 entries.
        self._lengths = np.zeros(16, dtype=np.float32)
        self._alive = np.zeros(16, dtype=bool)
        self._vocab: dict[str, int] = {}
        # Per term id: its postings (positions and term frequencies) in arrays that grow by
        # doubling, and how much of them is used. A query reads them as they are: adding a
        # document never makes a term's postings be rebuilt.
        self._ids: list[np.ndarray] = []
        self._tfs: list[np.ndarray] = []
        self._used: list[int] = []
        # term id -> (its postings' scores, the change count they were computed at)
        self._weights: dict[int, tuple[np.ndarray, int]] = {}
        self._changes = 0  # additions and removals so far
        self.add(docs)

    def __len__(self) -> int:
        """Live documents."""
        return self._live

    def add(self, docs: Sequence[Sequence[str]]) -> list[int]:
        """Append documents; returns their positions."""
        first = self.n
        self._grow(first + len(docs))
        postings: dict[int, tuple[list[int], list[int]]] = {}
        for pos, doc in enumerate(docs, start=first):
            for term, tf in Counter(doc).items():
                tid = self._vocab.get(term)
                if tid is None:
                    tid = self._vocab[term] = len(self._ids)
                    self._ids.append(np.empty(4, dtype=np.int64))
                    self._tfs.append(np.empty(4, dtype=np.float32))
                    self._used.append(0)
                ids, tfs = postings.setdefault(tid, ([], []))
                ids.append(pos)
                tfs.append(tf)
            self._lengths[pos] = len(doc)
            self._alive[pos] = True
            self._live += 1
            self._total_len += len(doc)
        for tid, (ids, tfs) in postings.items():
            used = self._used[tid]
            need = used + len(ids)
            if need > self._ids[tid].shape[0]:
                cap = max(need, 2 * self._ids[tid].shape[0])
                self._ids[tid] = np.concatenate([self._ids[tid][:used], np.empty(cap - used, np.int64)])
                self._tfs[tid] = np.concatenate([self._tfs[tid][:used], np.empty(cap - used, np.float32)])
            self._ids[tid][used:need] = ids
            self._tfs[tid][used:need] = tfs
            self._used[tid] = need
        self.n = first + len(docs)
        self._changes += 1
        return list(range(first, self.n))

    def remove(self, positions: Iterable[int]) -> None:
        """Tombstone documents: they score 0 and leave the statistics (postings stay)."""
        for pos in positions:
            if self._alive[pos]:
                self._alive[pos] = False
                self._live -= 1
                self._total_len -= int(self._lengths[pos])
                self._changes += 1

    def idf(self, tokens: Sequence[str]) -> dict[str, float]:
        """The IDF of each of ``tokens`` that occurs in a live document, and under ``""`` the
        IDF of a word said once (the highest there is: the scale for how rare a match was)."""
        out: dict[str, float] = {}
        if not self._live:
            return out
        out[""] = self._idf(1)
        for term in set(tokens):
            tid = self._vocab.get(term)
            if tid is not None and (df := self._df(tid)):
                out[term] = self._idf(df)
        return out

    def matched_idf(self, query_tokens: Sequence[str]) -> np.ndarray:
        """Per position, the summed IDF of the distinct query tokens it holds (0 for removed
        documents): how much of the query's rare vocabulary a document shares, read from the
        postings (no document is tokenised again)."""
        out = np.zeros(self.n, dtype=np.float32)
        if not self._live:
            return out
        for term in set(query_tokens):
            tid = self._vocab.get(term)
            if tid is None:
                continue
            ids = self._ids[tid][: self._used[tid]]
            live = ids[self._alive[ids]]
            if live.size:
                out[live] += self._idf(int(live.size))
        return out

    def scores(self, query_tokens: Sequence[str], allowed: np.ndarray | None = None) -> np.ndarray:
        """A score per position: 0 where no query token occurs, for removed documents and
        where ``allowed`` (a bool per position, or longer) is False."""
        out = np.zeros(self.n, dtype=np.float32)
        if not self._live:
            return out
        for term in set(query_tokens):
            tid = self._vocab.get(term)
            if tid is not None:
                ids, weights = self._postings(tid)
                out[ids] += weights
        mask = self._alive[: self.n] if allowed is None else self._alive[: self.n] & allowed[: self.n]
        out[~mask] = 0.0
        return out

    def _idf(self, df: int) -> float:
        return math.log(1 + (self._live - df + 0.5) / (df + 0.5))

    def _df(self, tid: int) -> int:
        """Live documents holding the term (removed ones keep their postings until a rebuild)."""
        return int(np.count_nonzero(self._alive[self._ids[tid][: self._used[tid]]]))

    def _postings(self, tid: int) -> tuple[np.ndarray, np.ndarray]:
        """Positions of a term and their IDF-weighted, length-normalised scores, kept until
        the index changes (a knowledge base between changes pays for them once)."""
        used = self._used[tid]
        ids, tf = self._ids[tid][:used], self._tfs[tid][:used]
        cached = self._weights.get(tid)
        if cached is None or cached[1] != self._changes:
            df = int(np.count_nonzero(self._alive[ids]))
            avg = max(self._total_len / self._live, 1e-9)
            norm = self.k1 * (1 - self.b + self.b * self._lengths[ids] / avg)
            weights = (self._idf(df) * tf * (self.k1 + 1) / (tf + norm)) if df else np.zeros_like(tf)
            cached = (weights.astype(np.float32), self._changes)
            self._weights[tid] = cached
        return ids, cached[0]

    def _grow(self, need: int) -> None:
        if need > self._lengths.shape[0]:
            cap = max(need, 2 * self._lengths.shape[0])
            self._lengths = np.concatenate([self._lengths, np.zeros(cap - self._lengths.shape[0], np.float32)])
            self._alive = np.concatenate([self._alive, np.zeros(cap - self._alive.shape[0], bool)])
