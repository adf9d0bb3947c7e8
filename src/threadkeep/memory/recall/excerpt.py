"""How a recalled turn reads: whole, or cut by sentence without what it states (issue 41).

Recalled text is paid in full every turn, so what carries nothing should not take the room of
what does — but a cut must never take the answer. A sentence *carries something* when

- it states a **value**: a word with a digit (numbers, times, dates, and the resolved-date
  notes recall writes in: "yesterday (7 May 2023)"), a capitalised word inside the sentence
  (names, places, months, in any script with letter case), or a word said only once in the
  person's history (a name in a script without case) — a word that is a stopword of the
  person's index (:func:`is_stopword`) is no value: the other participant's name, addressed
  in every turn, says nothing;
- it holds a word of the **query** that is not a stopword of the index; or
- its words are **rare enough** in the person's index: their summed IDF reaches
  :data:`MIN_MASS` words said once.

Greetings and reactions ("Hey Mel! Good to see you!", "Wow, so cool!") are said hundreds of
times in a long chat and carry nothing; a short history makes every word rare and keeps
everything. Then:

- a turn none of whose sentences carries anything is **filler** (:func:`is_filler`) and is
  not shown (what it answers or is answered by may be);
- a turn of fewer than :data:`WHOLE_WORDS` words is shown **whole**: most chat turns are that
  short, cutting them saves a few tokens, and the sentence a cut drops is as likely to be the
  answer as the one it keeps ("I went to Alderby, a small town up north. Saw lovely old
  buildings.");
- a longer turn keeps every sentence that carries something, in order; each run of the others
  becomes one "…" (:func:`recalled_text`).

Everything is read from the sentence's form and the person's own index, never from a word
list, so the rule is the same in every language. Words are counted as written (whitespace
apart), except a run of a script written without spaces (Japanese, Chinese), which counts one
word per two characters; resolved-date notes are not counted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from threadkeep.memory.dates import strip_notes
from threadkeep.retrieval.tokenizer import tokenize

__all__ = [
    "WHOLE_WORDS",
    "STOPWORD_SHARE",
    "RARE",
    "MIN_MASS",
    "GAP",
    "Idf",
    "word_count",
    "sentences",
    "is_stopword",
    "carries_value",
    "is_filler",
    "recalled_text",
    "excerpt",
]

WHOLE_WORDS = 60
# A token whose IDF in the person's index is under this share of the IDF of a word said once
# is a stopword of that index: with N messages, one said in more than about √(1.5·N) of them
# (IDF = ln(1 + (N − df + ½)/(df + ½)), so half the top IDF is where df ≈ √(1.5·N)).
STOPWORD_SHARE = 0.5
RARE = 0.999  # this close to the IDF of a word said once: said once (or unknown to the index)
MIN_MASS = 1.0  # summed IDF, in units of the IDF of a word said once
GAP = "…"

# After .!? followed by space, and after 。！？ whether or not a space follows.
_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*")
_CJK = "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff66-\uff9f"
_CJK_RUN = re.compile(f"[{_CJK}]+")
_HAS_WORD = re.compile(r"[^\W_]")
# Words as written (case kept): a run of a spaceless script, or of letters and digits.
# Two disjoint classes, no backtracking: linear time.
_WORD = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>[^\W_{_CJK}]+)")

Idf = Callable[[Sequence[str]], Mapping[str, float]]


def word_count(text: str) -> int:
    """Words of ``text`` as written, resolved-date notes left out: whitespace-separated words
    (punctuation alone is none), and one word per two characters of a Japanese or Chinese run."""
    n = 0
    for chunk in strip_notes(text).split():
        runs = _CJK_RUN.findall(chunk)
        rest = _CJK_RUN.sub(" ", chunk)
        n += sum((len(r) + 1) // 2 for r in runs) + sum(1 for w in rest.split() if _HAS_WORD.search(w))
    return n


def sentences(text: str) -> list[tuple[str, str]]:
    """``text``'s sentences, each with the space that follows it."""
    out: list[tuple[str, str]] = []
    start = 0
    for m in _SENTENCE.finditer(text):
        if m.end() == start:
            continue
        out.append((text[start : m.start()], m.group(0)))
        start = m.end()
    if start < len(text):
        out.append((text[start:], ""))
    return [(s, sep) for s, sep in out if s.strip()]


def is_stopword(token: str, weights: Mapping[str, float], said_once: float) -> bool:
    """Whether ``token`` is said so often in the person's index that it carries nothing
    (:data:`STOPWORD_SHARE`); a token the index does not hold is as rare as can be."""
    return weights.get(token, said_once) < STOPWORD_SHARE * said_once


@dataclass(frozen=True, slots=True)
class _Read:
    """What a sentence holds that does not depend on the index: read once per text
    (:func:`_reading`), so a turn pays only dictionary lookups for a message it saw before."""

    text: str
    sep: str
    tokens: frozenset[str]
    value: bool  # a resolved-date note or a word with a digit: a value whatever the index
    words: frozenset[str]  # the tokens of its words
    inside: frozenset[str]  # the tokens of its words capitalised inside the sentence


def _read_sentence(sentence: str, sep: str) -> _Read:
    value = strip_notes(sentence) != sentence  # a relative date recall resolved: "(7 May 2023)"
    words: set[str] = set()
    inside: set[str] = set()
    for n, m in enumerate(_WORD.finditer(sentence)):
        word = m.group(0)
        if any(c.isdigit() for c in word):
            value = True  # a number is a value however often numbers are said
            break
        toks = tokenize(word)
        words.update(toks)
        if n > 0 and word[0].isupper():
            inside.update(toks)
    return _Read(sentence, sep, frozenset(tokenize(sentence)), value, frozenset(words), frozenset(inside))


# A recalled item is a chat turn or a chunk of a few hundred tokens: a full memo holds ~10 MB.
@lru_cache(maxsize=2048)
def _reading(text: str) -> tuple[tuple[_Read, ...], int]:
    """The sentences of ``text`` (stripped), read, and its :func:`word_count`: the same
    messages come back turn after turn."""
    return tuple(_read_sentence(s, sep) for s, sep in sentences(text.strip())), word_count(text)


def _states_value(read: _Read, weights: Mapping[str, float], said_once: float) -> bool:
    """A value (module docstring): a number or resolved date; a word said once (or about);
    a word capitalised inside the sentence that is no stopword of the index."""
    if read.value:
        return True
    rare, common = RARE * said_once, STOPWORD_SHARE * said_once
    return any(weights.get(t, said_once) >= rare for t in read.words) or any(
        weights.get(t, said_once) >= common for t in read.inside
    )


def carries_value(sentence: str, weights: Mapping[str, float], said_once: float) -> bool:
    """Whether ``sentence`` states a value (see the module docstring); ``weights`` holds the
    IDF of its tokens in the person's index."""
    return _states_value(_read_sentence(sentence, ""), weights, said_once)


def _marks(parts: Sequence[_Read], idf: Idf, said_once: float, query_terms: frozenset[str] | set[str]) -> list[bool]:
    weights = idf([t for p in parts for t in p.tokens] + list(query_terms))
    asked = {t for t in query_terms if not is_stopword(t, weights, said_once)}
    mass = MIN_MASS * said_once
    return [
        bool(p.tokens)
        and (
            sum(weights.get(t, said_once) for t in p.tokens) >= mass
            or not asked.isdisjoint(p.tokens)
            or _states_value(p, weights, said_once)
        )
        for p in parts
    ]


def excerpt(text: str, idf: Idf, said_once: float, query_terms: frozenset[str] | set[str] = frozenset()) -> str | None:
    """``text`` as a recalled line shows it, or None when it is filler: :func:`is_filler` and
    :func:`recalled_text` in one reading of its sentences."""
    if said_once <= 0:
        return text
    parts, words = _reading(text)
    keep = _marks(parts, idf, said_once, query_terms) if parts else []
    if parts and not any(keep):
        return None
    if words < WHOLE_WORDS or all(keep):
        return text
    out: list[str] = []
    gap = False
    for p, k in zip(parts, keep, strict=True):
        if k:
            out.append(p.text + p.sep)
            gap = False
        elif not gap:
            out.append(GAP + (" " if p.sep else ""))
            gap = True
    return "".join(out).strip()


def is_filler(text: str, idf: Idf, said_once: float, query_terms: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether no sentence of ``text`` carries anything (see the module docstring). ``idf``
    gives the IDF of tokens in the person's index; ``said_once`` is the IDF of a word said
    once there (0 or less: no index, nothing is filler)."""
    return excerpt(text, idf, said_once, query_terms) is None


def recalled_text(text: str, idf: Idf, said_once: float, query_terms: frozenset[str] | set[str] = frozenset()) -> str:
    """``text`` as a recalled line shows it: whole under :data:`WHOLE_WORDS` words, else its
    sentences that carry something (a value, a word of ``query_terms``, rare words), in
    order, each run of the others replaced by "…"; whole when none or all do. ``idf`` and
    ``said_once`` as for :func:`is_filler`. Linear in the length of ``text``."""
    shown = excerpt(text, idf, said_once, query_terms)
    return text if shown is None else shown
