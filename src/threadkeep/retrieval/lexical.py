"""A small incremental BM25 index over decrypted chunk text, kept only in memory.

bm25s builds a static index; the knowledge base changes one document at a time on several
replicas, so this index supports adding and removing chunks without a rebuild. Scoring is
vectorised per query term with numpy.

Tokens: Unicode words, lower-cased after NFKC, for scripts that separate words with spaces
(Latin, Cyrillic, Greek…). Chinese, Japanese and Korean runs have no spaces, so they are
indexed as characters plus overlapping character bigrams — the usual dictionary-free
approach for CJK retrieval.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter

import numpy as np

__all__ = ["BM25Index", "tokenize"]

_CJK = "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff66-\uff9f"
_TOKEN = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>(?:(?![{_CJK}])\w)+)")


def tokenize(text: str) -> list[str]:
    """Index terms of ``text``: words, or character bigrams inside CJK runs."""
    terms: list[str] = []
    for m in _TOKEN.finditer(unicodedata.normalize("NFKC", text).lower()):
        run = m.group("cjk")
        if run is None:
            word = m.group("word")
            if word != "_":
                terms.append(word)
        else:
            # Unigrams let a one-character query match; bigrams carry most of the precision.
            terms.extend(run)
            terms.extend(run[i : i + 2] for i in range(len(run) - 1))
    return terms


class BM25Index:
    """Okapi BM25 over integer labels (the dense index uses the same labels)."""

    def __init__(self, *, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1 = k1
        self.b = b
        self._vocab: dict[str, int] = {}
        self._post_labels: list[list[int]] = []
        self._post_tfs: list[list[int]] = []
        self._arrays: dict[int, tuple[np.ndarray, np.ndarray, float]] = {}
        self._df: list[int] = []  # document frequency among live labels
        self._terms_of: dict[int, np.ndarray] = {}  # label -> its distinct term ids
        self._lengths = np.zeros(1024, dtype=np.float32)
        self._alive = np.zeros(1024, dtype=bool)
        self._live = 0
        self._total_length = 0.0

    def __len__(self) -> int:
        return self._live

    def add(self, label: int, text: str) -> None:
        """Index ``text`` under ``label`` (a label is added once)."""
        counts = Counter(tokenize(text))
        self._ensure(label + 1)
        ids = np.empty(len(counts), dtype=np.int64)
        for i, (term, tf) in enumerate(counts.items()):
            tid = self._vocab.get(term)
            if tid is None:
                tid = len(self._post_labels)
                self._vocab[term] = tid
                self._post_labels.append([])
                self._post_tfs.append([])
                self._df.append(0)
            self._post_labels[tid].append(label)
            self._post_tfs[tid].append(tf)
            self._df[tid] += 1
            self._arrays.pop(tid, None)
            ids[i] = tid
        self._terms_of[label] = ids
        length = float(sum(counts.values()))
        self._lengths[label] = length
        self._alive[label] = True
        self._live += 1
        self._total_length += length

    def remove(self, label: int) -> None:
        """Forget ``label``. Its postings stay until a rebuild but no longer score."""
        ids = self._terms_of.pop(label, None)
        if ids is None:
            return
        for tid in ids:
            self._df[int(tid)] -= 1
        self._alive[label] = False
        self._live -= 1
        self._total_length -= float(self._lengths[label])

    def scores(self, query: str, size: int, allowed: np.ndarray | None = None) -> np.ndarray:
        """BM25 scores of labels ``0..size-1`` (0 when not allowed, removed, or no match)."""
        self._ensure(size)
        out = np.zeros(size, dtype=np.float32)
        if not self._live:
            return out
        avgdl = max(self._total_length / self._live, 1.0)
        for term in set(tokenize(query)):
            tid = self._vocab.get(term)
            if tid is None or self._df[tid] <= 0:
                continue
            labels, weights = self._postings(tid, avgdl)
            df = self._df[tid]
            idf = math.log(1.0 + (self._live - df + 0.5) / (df + 0.5))
            out[labels] += idf * weights
        mask = self._alive[:size] if allowed is None else (self._alive[:size] & allowed[:size])
        out[~mask] = 0.0
        return out

    def _postings(self, tid: int, avgdl: float) -> tuple[np.ndarray, np.ndarray]:
        """Labels of a term and their length-normalised tf weights (cached).

        The weights depend on the average length, which drifts as chunks come and go; a
        cached array is reused while that average is within 2 % of the one it was built
        with — far below what changes a ranking, and it spares the per-query arithmetic
        over long posting lists (the bulk of BM25 time at 100k chunks).
        """
        cached = self._arrays.get(tid)
        if cached is None or abs(cached[2] - avgdl) > 0.02 * avgdl:
            labels = np.asarray(self._post_labels[tid], dtype=np.int64)
            tfs = np.asarray(self._post_tfs[tid], dtype=np.float32)
            norm = self.k1 * (1.0 - self.b + self.b * self._lengths[labels] / avgdl)
            cached = (labels, (tfs * (self.k1 + 1.0) / (tfs + norm)).astype(np.float32), avgdl)
            self._arrays[tid] = cached
        return cached[0], cached[1]

    def _ensure(self, size: int) -> None:
        if size <= len(self._alive):
            return
        new = max(size, 2 * len(self._alive))
        lengths = np.zeros(new, dtype=np.float32)
        lengths[: len(self._lengths)] = self._lengths
        self._lengths = lengths
        alive = np.zeros(new, dtype=bool)
        alive[: len(self._alive)] = self._alive
        self._alive = alive
