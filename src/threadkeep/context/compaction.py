"""Per-turn compaction: the oldest verbatim messages that do not fit become one block.

What the block says is each message's opening, clipped to an equal share of the block's budget
(:func:`message_heads`): no language rules run per turn, and the messages themselves stay
stored and recallable. The block is framed and memoised here by message range, so the same
range yields byte-identical text on every later turn — a block that changed each turn would
break the provider's prefix cache every turn (§3).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from threadkeep.messages import SourceMessage
from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["DEFAULT_COMPACTION_CAP", "Compactor", "Summarise", "message_heads"]

DEFAULT_COMPACTION_CAP = 300

# What a block says about its messages (oldest first) within a token budget, counted with the
# given counter; "" when nothing in them is notable. Must be deterministic.
Summarise = Callable[[Sequence[SourceMessage], int, TokenCounter], str]


# A message's opening in a block is at least this many tokens (fewer messages are shown instead).
_MIN_SHARE = 16


def message_heads(messages: Sequence[SourceMessage], budget: int, counter: TokenCounter) -> str:
    """Each message as ``role: its opening…``, the newest ones when not all fit ``budget``."""
    if budget <= 0 or not messages:
        return ""
    shown = messages[-max(1, budget // _MIN_SHARE) :]
    share = max(_MIN_SHARE, budget // len(shown))
    lines: list[str] = []
    for m in shown:
        text = " ".join(m[2].split())
        if counter.count(text) > share:
            words = text.split(" ") if " " in text else list(text)
            lo, hi = 1, len(words)
            while lo < hi:  # the most words that fit the share
                mid = (lo + hi + 1) // 2
                lo, hi = (
                    (mid, hi)
                    if counter.count(" ".join(words[:mid]) if " " in text else "".join(words[:mid])) <= share
                    else (lo, mid - 1)
                )
            text = (" ".join(words[:lo]) if " " in text else "".join(words[:lo])) + "…"
        lines.append(f"{m[1]}: {text}")
    while lines and counter.count("\n".join(lines)) > budget:
        lines.pop(0)
    return "\n".join(lines)


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

    summarise: Summarise = message_heads
    cap: int = DEFAULT_COMPACTION_CAP
    counter: TokenCounter = field(default_factory=default_counter)
    size: int = 256
    made: int = 0  # blocks actually computed (not served from the memo): for tests and logs
    _memo: OrderedDict[tuple[str, str, str, int], str] = field(default_factory=OrderedDict, repr=False)

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
        return f"{head}\n{body}" if body else f"{head}\n(too long to show)"
