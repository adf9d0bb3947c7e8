"""The one chat-model interface every provider implements.

A model streams typed events for a :class:`~threadkeep.messages.ModelRequest`:
text deltas, complete tool calls, usage (with cache read/write) and a final stop event.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

from threadkeep.messages import ModelRequest, ToolCallPart

__all__ = [
    "Usage",
    "TextDelta",
    "UsageReport",
    "Stop",
    "StreamEvent",
    "Capabilities",
    "ChatModel",
    "Completion",
    "complete",
]


@dataclass(frozen=True, slots=True)
class Usage:
    """Token usage of one call. ``input_tokens`` excludes cached reads and writes.

    ``cache_write_1h_tokens``: of ``cache_write_tokens``, those written as 1-hour entries, when
    the provider says (Anthropic's ``usage.cache_creation``); None when it does not, and the
    price of the writes then follows the TTL of the prefix end.
    """

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    cache_write_1h_tokens: int | None = None

    @property
    def total_input(self) -> int:
        return self.input_tokens + self.cache_read_tokens + self.cache_write_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            self.cache_read_tokens + other.cache_read_tokens,
            self.cache_write_tokens + other.cache_write_tokens,
            None
            if self.cache_write_1h_tokens is None and other.cache_write_1h_tokens is None
            else (self.cache_write_1h_tokens or 0) + (other.cache_write_1h_tokens or 0),
        )


@dataclass(frozen=True, slots=True)
class TextDelta:
    text: str
    type: Literal["text"] = "text"


@dataclass(frozen=True, slots=True)
class UsageReport:
    usage: Usage
    type: Literal["usage"] = "usage"


@dataclass(frozen=True, slots=True)
class Stop:
    reason: str = "end_turn"  # end_turn | tool_use | max_tokens | refusal | other
    type: Literal["stop"] = "stop"
    # What the provider said with a refusal (OpenAI's ``refusal`` text), else "".
    detail: str = ""


StreamEvent = TextDelta | ToolCallPart | UsageReport | Stop


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a provider can do, as the cache planner and keep-warm need to know it."""

    cache_style: Literal["explicit", "automatic", "none"] = "none"
    cache_ttls: tuple[int, ...] = ()  # seconds, e.g. (300, 3600)
    min_cacheable_tokens: int = 0
    max_breakpoints: int = 0
    allows_zero_max_tokens: bool = False
    context_window: int = 128_000
    supports_tools: bool = True
    # Which offline token counter measures requests for this model (threadkeep.tokens.counter_for):
    # "openai" (o200k), "anthropic" or "local" (o200k + 15 %: their tokenizers are not ours).
    tokenizer: str = "local"
    # Automatic caches only: how long an unused prefix is assumed to stay (OpenAI's in-memory
    # cache "5 to 10 minutes of inactivity": the lower bound; 24 h with extended retention).
    automatic_ttl_s: int = 300
    # The offline default: its answers quote memory, so they are stored marked and memory skips them.
    quotes_memory: bool = False


@runtime_checkable
class ChatModel(Protocol):
    """A chat model. ``stream`` yields events; it raises only ``ProviderError`` subclasses."""

    name: str
    capabilities: Capabilities

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]: ...

    def count_tokens(self, text: str) -> int: ...


@dataclass(slots=True)
class Completion:
    text: str = ""
    tool_calls: list[ToolCallPart] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    stop_reason: str = "end_turn"
    stop_detail: str = ""


async def complete(model: ChatModel, request: ModelRequest) -> Completion:
    """Drain a stream into one completion (for folds, extraction and tests)."""
    out = Completion()
    chunks: list[str] = []
    async for event in model.stream(request):
        if isinstance(event, TextDelta):
            chunks.append(event.text)
        elif isinstance(event, ToolCallPart):
            out.tool_calls.append(event)
        elif isinstance(event, UsageReport):
            out.usage = out.usage + event.usage
        elif isinstance(event, Stop):
            out.stop_reason = event.reason
            out.stop_detail = event.detail
    out.text = "".join(chunks)
    return out
