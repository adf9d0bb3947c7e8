"""A "summarise briefly" baseline with no structure, for the five-questions evaluation only.

It keeps the lead sentence of each user message, in order, and when over the cap drops the
oldest — what a generic extractive summary does. It knows nothing about roles, decisions or
corrections; comparing it with the structured summary is the point of the evaluation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from threadkeep.memory.summary.items import DEFAULT_CAP_TOKENS, SourceMessage
from threadkeep.memory.summary.text import split_sentences
from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["BriefSummary", "brief_fold"]


@dataclass(frozen=True, slots=True)
class BriefSummary:
    """Lead sentences, oldest first."""

    sentences: tuple[str, ...] = ()

    def render(self) -> str:
        return " ".join(self.sentences)


def brief_fold(
    old: BriefSummary,
    new_messages: Sequence[SourceMessage],
    *,
    cap: int = DEFAULT_CAP_TOKENS,
    counter: TokenCounter | None = None,
) -> BriefSummary:
    """Append the lead sentence of each new user message; drop the oldest over ``cap``."""
    counter = counter or default_counter()
    kept = list(old.sentences)
    for m in new_messages:
        if m[1] != "user":
            continue
        lead = split_sentences(m[2])[:1]
        if lead and lead[0] not in kept[-3:]:
            kept.append(lead[0])
    costs = [counter.count(s) + 1 for s in kept]
    total = sum(costs)
    start = 0
    while start < len(kept) and total > cap:
        total -= costs[start]
        start += 1
    return BriefSummary(tuple(kept[start:]))
