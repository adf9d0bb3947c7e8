"""What a per-turn compaction block says: the extractive summary of the messages that did not fit.

:mod:`threadkeep.context.compaction` frames and memoises the blocks; what goes in them is
memory's: the model-free summariser (fast, deterministic, so a range always gives the same
bytes), folded from an empty summary within the block's token budget.
"""

from __future__ import annotations

from collections.abc import Sequence

from threadkeep.context.compaction import DEFAULT_COMPACTION_CAP, Compactor
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SummaryState, render_summary
from threadkeep.messages import SourceMessage
from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["extractive_body", "extractive_compactor"]


def extractive_body(messages: Sequence[SourceMessage], budget: int, counter: TokenCounter) -> str:
    """The summary of ``messages`` (oldest first) in at most ``budget`` tokens ("" when nothing
    in them is notable)."""
    from threadkeep.memory.summary.extractive import ExtractiveSummariser  # patterns: on first use

    folded = fold_summary(SummaryState(), messages, summariser=ExtractiveSummariser(), cap=budget,
                          counter=counter)
    return render_summary(folded.state)


def extractive_compactor(*, counter: TokenCounter | None = None, cap: int = DEFAULT_COMPACTION_CAP,
                         size: int = 256) -> Compactor:
    """A :class:`Compactor` whose blocks hold the extractive summary (what a turn uses)."""
    return Compactor(extractive_body, cap=cap, counter=counter or default_counter(), size=size)
