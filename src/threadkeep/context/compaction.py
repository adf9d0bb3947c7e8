"""Per-turn compaction: the oldest verbatim messages that do not fit become one block.

What the block says comes from a summariser passed in (the engine passes memory's extractive
one: fast, no model, deterministic, :mod:`threadkeep.memory.summary.compaction`); the block is framed
and memoised here by message range, so the same range yields byte-identical text on every later
turn — a block that changed each turn would break the provider's prefix cache every turn (§3).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from threadkeep.messages import SourceMessage
from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["DEFAULT_COMPACTION_CAP", "Compactor", "Summarise"]

DEFAULT_COMPACTION_CAP = 300

# What a block says about its messages (oldest first) within a token budget, counted with the
# given counter; "" when nothing in them is notable. Must be deterministic.
Summarise = Callable[[Sequence[SourceMessage], int, TokenCounter], str]


def _digest(messages: Sequence[SourceMessage]) -> str:
    h = hashlib.sha256()
    for m in messages:
        for part in (m[0], m[1], m[2]):
            h.update(part.encode("utf-8"))
            h.update(b"\x00")
    return h.hexdigest()[:16]


@dataclass
class Compactor:
    """Makes compaction blocks and remembers them by (first id, last id, content, cap).

    One instance per conversation (or process) is enough; the memo is a bounded LRU.
    """

    summarise: Summarise
    cap: int = DEFAULT_COMPACTION_CAP
    counter: TokenCounter = field(default_factory=default_counter)
    size: int = 256
    made: int = 0  # blocks actually computed (not served from the memo): for tests and logs
    _memo: OrderedDict[tuple[str, str, str, int], str] = field(default_factory=OrderedDict,
                                                              repr=False)

    def block(self, messages: Sequence[SourceMessage]) -> str:
        """The compaction block for ``messages`` (oldest first), the same bytes every time."""
        if not messages:
            return ""
        key = (str(messages[0][0]), str(messages[-1][0]), _digest(messages), self.cap)
        hit = self._memo.get(key)
        if hit is not None:
            self._memo.move_to_end(key)
            return hit
        text = self._make(messages)
        self.made += 1
        self._memo[key] = text
        if len(self._memo) > self.size:
            self._memo.popitem(last=False)
        return text

    def _make(self, messages: Sequence[SourceMessage]) -> str:
        # How many were compacted is left out: a bare count beside the person's own numbers
        # reads like one of them ("(40)" beside a 40-month contract).
        head = f"Earlier messages {messages[0][0]}–{messages[-1][0]} did not fit and are compacted here:"
        budget = max(0, self.cap - self.counter.count(head) - 2)
        body = self.summarise(messages, budget, self.counter)
        return f"{head}\n{body}" if body else f"{head}\n(nothing notable)"
