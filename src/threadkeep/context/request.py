"""The provider-neutral request of one turn.

A request is a sequence of segments, most stable first (ARCHITECTURE §3). Provider adapters
render it into their wire format; the cache planner places breakpoints at segment ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from threadkeep.messages import ChatMessage

__all__ = ["SegmentName", "SEGMENT_ORDER", "ToolSpec", "Segment", "Breakpoint", "ModelRequest"]

SegmentName = Literal[
    "tools",         # 1. tool definitions (carried in ModelRequest.tools)
    "system",        # 2. system prompt (carried in ModelRequest.system)
    "startup",       # 3. start-up bundle, frozen into the first user message
    "summary",       # 4. rolling summary block
    "history",       # 5. verbatim history
    "turn_context",  # 6. clock, relevant facts, recall, per-turn compaction
    "new_message",   # 7. the new message
    "tool_round",    # 7b. tool calls and results inside the turn
]

SEGMENT_ORDER: tuple[SegmentName, ...] = (
    "tools", "system", "startup", "summary", "history", "turn_context", "new_message", "tool_round",
)


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool offered to the model: name, description and a JSON schema for its arguments."""

    name: str
    description: str
    parameters: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Segment:
    """One layer of the request. ``messages`` is empty for ``tools`` and ``system``."""

    name: SegmentName
    messages: tuple[ChatMessage, ...] = ()


@dataclass(frozen=True, slots=True)
class Breakpoint:
    """Cache everything up to the end of segment ``segment`` (an index into ``segments``)."""

    segment: int
    ttl_seconds: int = 300


@dataclass(frozen=True, slots=True)
class ModelRequest:
    """Everything one model call needs, with no provider-specific shape."""

    system: str
    tools: tuple[ToolSpec, ...] = ()
    segments: tuple[Segment, ...] = ()
    max_tokens: int = 1024
    temperature: float | None = None
    # A stable per-conversation key (OpenAI's prompt_cache_key); never a per-request value.
    cache_key: str | None = None
    breakpoints: tuple[Breakpoint, ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def messages(self) -> tuple[ChatMessage, ...]:
        """All messages in order; consecutive same-role messages are merged by adapters."""
        out: list[ChatMessage] = []
        for seg in self.segments:
            out.extend(seg.messages)
        return tuple(out)
