"""Short excerpts of lower-ranked recalled turns: one window of their most informative words.

Recall's budget holds a few dozen whole turns; a question whose answer is spread over several
sessions needs more of them than fit. The best hits are shown whole (the answer is usually
in them, anywhere in the turn); the rest — neighbours brought in by a hit, and hits far down
the ranking — are shown as one contiguous window of :data:`WINDOW_WORDS` words, the one whose
words are rarest in the person's index (query words counting :data:`QUERY_WEIGHT` times),
so the sentence that says what happened is kept and its greetings are not.

Words are whitespace-separated: a turn in a language written without spaces (Japanese) is
one "word" and stays whole.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from threadkeep.retrieval.tokenizer import tokenize

__all__ = ["WINDOW_WORDS", "QUERY_WEIGHT", "best_window"]

WINDOW_WORDS = 16
QUERY_WEIGHT = 2.0
_GAP = "…"


def best_window(text: str, idf: Callable[[Sequence[str]], Mapping[str, float]], said_once: float,
                query_terms: frozenset[str] | set[str] = frozenset(), words: int = WINDOW_WORDS) -> str:
    """``text`` cut to its ``words``-word window of most information (gaps marked "…");
    ``text`` itself when it is not longer than that. A token's information is its IDF in the
    person's index (``idf``; unknown tokens count as ``said_once``), counted once per window,
    query tokens :data:`QUERY_WEIGHT` times. Linear in the words of ``text`` times ``words``."""
    parts = text.split()
    if len(parts) <= words or words <= 0:
        return text
    toks = [tokenize(p) for p in parts]
    weights = idf([t for ts in toks for t in ts])

    def value(t: str) -> float:
        w = weights.get(t, said_once)
        return w * QUERY_WEIGHT if t in query_terms else w

    best, start = -1.0, 0
    for i in range(len(parts) - words + 1):
        seen = {t for ts in toks[i : i + words] for t in ts}
        score = sum(value(t) for t in seen)
        if score > best:
            best, start = score, i
    out = " ".join(parts[start : start + words])
    if start > 0:
        out = f"{_GAP} {out}"
    if start + words < len(parts):
        out = f"{out} {_GAP}"
    return out
