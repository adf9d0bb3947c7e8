"""Token budget of one request: the ceiling, per-message framing, and a memoising counter.

One ceiling covers the whole request: the context window minus the reserve for the answer
(ARCHITECTURE §3). Counts are offline (:mod:`threadkeep.tokens`); each message also costs a
few framing tokens (role markers) that providers do not show, so we add them ourselves.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

from threadkeep.errors import ConfigError
from threadkeep.messages import (
    ChatMessage,
    ModelRequest,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    ToolSpec,
    canonical_json,
)
from threadkeep.tokens import TokenCounter, default_counter

__all__ = [
    "MESSAGE_OVERHEAD",
    "PART_OVERHEAD",
    "ceiling_for",
    "tool_reserve",
    "tools_json",
    "MemoCounter",
    "message_tokens",
    "request_tokens",
    "cut_to_tokens",
]

# Role and separator tokens per message in chat formats (OpenAI documents 3–4).
MESSAGE_OVERHEAD = 4
# A tool call or tool result inside a message: its id and type markers.
PART_OVERHEAD = 8


def ceiling_for(context_window: int, answer_reserve: int) -> int:
    """Tokens the request may use: the window minus the answer reserve; both must be sane."""
    if context_window <= 0 or answer_reserve < 0:
        raise ConfigError("context window must be positive and the answer reserve not negative")
    if answer_reserve >= context_window:
        raise ConfigError(
            f"answer reserve ({answer_reserve}) must be smaller than the context "
            f"window ({context_window}); lower max answer tokens"
        )
    return context_window - answer_reserve


# When tools are offered, a tenth of the ceiling (at most 2,000 tokens) is kept for the tool
# round: the calls and their results are counted inside the same ceiling, never after it.
TOOL_ROUND_SHARE = 10
TOOL_ROUND_MAX = 2000


def tool_reserve(ceiling: int, offered: bool) -> int:
    """Tokens of ``ceiling`` held back from assembly for a tool round (when tools are offered)."""
    return min(TOOL_ROUND_MAX, ceiling // TOOL_ROUND_SHARE) if offered else 0


def tools_json(tools: Sequence[ToolSpec]) -> str:
    """Tool definitions as canonical JSON (sorted keys), in the order given; "" for none."""
    if not tools:
        return ""
    return canonical_json([{"name": t.name, "description": t.description, "parameters": t.parameters} for t in tools])


@dataclass
class MemoCounter:
    """Counts tokens through ``inner``, remembering recent texts.

    History messages are re-counted on every turn; remembering them keeps assembly cost
    proportional to what changed, not to the window. Bounded LRU, so memory stays flat.
    """

    inner: TokenCounter = field(default_factory=default_counter)
    size: int = 4096
    _memo: OrderedDict[str, int] = field(default_factory=OrderedDict, repr=False)

    @property
    def name(self) -> str:
        return self.inner.name

    def count(self, text: str) -> int:
        hit = self._memo.get(text)
        if hit is not None:
            self._memo.move_to_end(text)
            return hit
        n = self.inner.count(text)
        self._memo[text] = n
        if len(self._memo) > self.size:
            self._memo.popitem(last=False)
        return n

    def message(self, text: str) -> int:
        """Tokens of one message including its framing."""
        return self.count(text) + MESSAGE_OVERHEAD


def message_tokens(message: ChatMessage, counter: TokenCounter | MemoCounter) -> int:
    """Tokens of one message: its text as the assembler counts it, plus tool calls and results."""
    if all(isinstance(p, TextPart) for p in message.parts):
        return counter.count(message.text) + MESSAGE_OVERHEAD
    total = MESSAGE_OVERHEAD
    for part in message.parts:
        if isinstance(part, TextPart):
            total += counter.count(part.text)
        elif isinstance(part, ToolCallPart):
            total += counter.count(part.name) + counter.count(canonical_json(part.arguments)) + PART_OVERHEAD
        elif isinstance(part, ToolResultPart):
            total += counter.count(part.content) + PART_OVERHEAD
    return total


def request_tokens(request: ModelRequest, counter: TokenCounter | MemoCounter) -> int:
    """What a whole request costs under the one ceiling: system, tools and every message."""
    return (
        counter.count(request.system)
        + counter.count(tools_json(request.tools))
        + sum(message_tokens(m, counter) for m in request.messages)
    )


def cut_to_tokens(text: str, max_tokens: int, counter: TokenCounter | MemoCounter) -> str:
    """The longest prefix of ``text`` within ``max_tokens`` (with a note of the cut), or "".

    A binary search over the cut position: O(log n) counts, any script.
    """
    if counter.count(text) <= max_tokens:
        return text
    note = "\n[… cut here: no more room under the token ceiling]"
    room = max_tokens - counter.count(note)
    if room <= 0:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if counter.count(text[:mid]) <= room:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + note if lo else ""
