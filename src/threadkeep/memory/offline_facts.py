"""Which of the person's facts a question about them asks for (the offline default).

A fact is picked when it holds most of the question's words, or when it is the one the
question is nearest to by e5 similarity and stands out from the person's other facts by
:data:`MIN_STANDOUT` over their median. What the question says is the person's own ("my dog's
name", «мою собаку») must be named in a picked fact, so "my dog's name" never finds the name.

The rule (the nearest fact only, the floor over the median, the owned thing by its words) and
:data:`MIN_STANDOUT` (the middle of the best range) were chosen on a hand-written list of
people and questions, and checked on a second list written apart
(``bench/bench_self_questions.py``; docs/BENCHMARKS.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from threadkeep.retrieval.tokenizer import tokenize

__all__ = ["MIN_STANDOUT", "Similarity", "owned_terms", "pick_facts", "terms"]

MIN_STANDOUT = 0.03
# The e5 cosine of a query to each text; None without an embedder.
Similarity = Callable[[str, list[str]], "list[float] | None"]
_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# The thing a possessive of the first person names ("my dog's", «мою собаку»): its head word.
_POSSESSED = re.compile(
    r"(?i)(?<![\w'])(?:my|мой|моя|моё|мое|мои|моего|моей|моему|моим|моих|мою|моём|моем)"
    r"\s+([^\W\d_]{1,40})"
)


def terms(text: str) -> set[str]:
    """Content words (stop words dropped, stemmed) and CJK bigrams, as retrieval sees them."""
    return {t for t in tokenize(text) if len(t) >= 3 or _CJK_CHAR.match(t)}


def owned_terms(question: str) -> list[set[str]]:
    """The terms of each thing the question says is the person's own ("my dog's" → {dog})."""
    return [terms(m.group(1)) for m in _POSSESSED.finditer(question)]


def _nearest(sims: list[float], floor: float) -> int | None:
    """The fact nearest the question when it stands out from the median by ``floor``."""
    if len(sims) < 3:  # the median of one or two facts says nothing about standing out
        return None
    best = max(range(len(sims)), key=lambda i: sims[i])
    return best if sims[best] - sorted(sims)[len(sims) // 2] >= floor else None


def pick_facts(question: str, facts: list[str], similarity: Similarity, *, standout: float = MIN_STANDOUT) -> list[int]:
    """The indexes of the ``facts`` a question about the person asks for, in order."""
    wanted = terms(question)
    owned = owned_terms(question)
    fact_terms = [terms(f) for f in facts]
    fits = [all(t <= ft for t in owned) for ft in fact_terms]
    picked = {i for i, ft in enumerate(fact_terms) if fits[i] and wanted and len(wanted & ft) * 2 >= len(wanted)}
    sims = similarity(question, facts)
    nearest = _nearest(sims, standout) if sims is not None and len(sims) == len(facts) else None
    if nearest is not None and fits[nearest]:
        picked.add(nearest)
    return sorted(picked)
