"""Filler out of recalled turns: the sentences that carry nothing, and turns that are only that.

A chat turn wraps its one fact in greetings and reactions ("Hey Mel! Good to see you! I'm
swamped with the kids & work. What's up with you?"), and many turns are nothing else ("Thanks,
Melanie!"). Recalled text is paid in full every turn, so what carries no information takes the
room of turns that do. Which sentence carries information is read from the person's own
index, in any language: a sentence is *informative* when its words are rare enough there —
their summed IDF reaches :data:`MIN_MASS` words said once, or one of them was said only once
(a name, a place, "Biscuit"), or it holds a word of the query that is not itself said
everywhere. Vocatives and reactions are said hundreds of times in a long
chat, so they weigh little; a short history makes every word rare and keeps everything.

Turns of :data:`WHOLE_WORDS` words or fewer are kept whole (cutting them saves little and
loses their sense), and a kept passage is widened to a neighbouring sentence until it holds
:data:`CONTEXT_WORDS` words, so an excerpt never shrinks to a fragment.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from threadkeep.retrieval.tokenizer import tokenize

__all__ = ["MIN_MASS", "WHOLE_WORDS", "CONTEXT_WORDS", "informative_excerpt"]

MIN_MASS = 1.0       # summed IDF, in units of the IDF of a word said once
RARE = 0.999         # a word this close to "said once" makes its sentence informative alone
QUERY_SHARE = 0.5    # a query word this rare keeps its sentence (a name said everywhere does not)
WHOLE_WORDS = 12
CONTEXT_WORDS = 10
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+")


def informative_excerpt(text: str, idf: Callable[[Sequence[str]], Mapping[str, float]],
                        said_once: float, query_terms: frozenset[str] | set[str] = frozenset()) -> str | None:
    """``text`` without its uninformative sentences (gaps marked "…"), ``text`` itself when
    every sentence informs or it is short, None when no sentence does (the turn is filler).
    ``idf`` gives the IDF of tokens in the person's index; ``said_once`` is the IDF of a word
    said once there."""
    sentences = [x for x in _SENTENCE.split(text.strip()) if x]
    if not sentences or said_once <= 0:
        return text
    weights = idf([t for s in sentences for t in tokenize(s)])
    keep = []
    for s in sentences:
        toks = set(tokenize(s))
        vals = [weights.get(t, said_once) for t in toks]
        asked = [weights.get(t, said_once) for t in toks & query_terms]
        keep.append(bool(vals) and (sum(vals) >= MIN_MASS * said_once or max(vals) >= RARE * said_once
                                    or any(w >= QUERY_SHARE * said_once for w in asked)))
    if not any(keep):
        return None
    if all(keep) or len(text.split()) <= WHOLE_WORDS:
        return text
    _widen(sentences, keep)
    parts: list[str] = []
    for s, k in zip(sentences, keep, strict=True):
        if k:
            parts.append(s)
        elif not parts or parts[-1] != "…":
            parts.append("…")
    return " ".join(parts)


def _widen(sentences: Sequence[str], keep: list[bool]) -> None:
    """Grow each run of kept sentences by its neighbours (the following ones first) until it
    holds :data:`CONTEXT_WORDS` words or nothing is left to add. Linear in the sentences."""
    words = [len(s.split()) for s in sentences]
    n, i = len(keep), 0
    while i < n:
        if not keep[i]:
            i += 1
            continue
        j, count = i, words[i]
        while j + 1 < n and keep[j + 1]:
            j += 1
            count += words[j]
        while count < CONTEXT_WORDS:
            if j + 1 < n:
                j += 1
                keep[j] = True
                count += words[j]
                while j + 1 < n and keep[j + 1]:
                    j += 1
                    count += words[j]
            elif i > 0:
                i -= 1
                count += words[i]
                keep[i] = True
            else:
                break
        i = j + 1
