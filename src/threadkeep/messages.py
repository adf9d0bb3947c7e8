"""Messages as plain values: one tagged union of parts, serialised through one adapter.

Identity (ids, timestamps, ownership) belongs to storage, not to these values.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

__all__ = [
    "Role",
    "TextPart",
    "ToolCallPart",
    "ToolResultPart",
    "Part",
    "ChatMessage",
    "part_to_dict",
    "part_from_dict",
    "message_to_dict",
    "message_from_dict",
    "SourceMessage",
    "SegmentName",
    "SEGMENT_ORDER",
    "ToolSpec",
    "ToolChoice",
    "OutputSpec",
    "Segment",
    "Breakpoint",
    "ModelRequest",
]

Role = Literal["user", "assistant"]


class SourceMessage(NamedTuple):
    """A stored message as the summariser and the request assembly see it: its storage id (a
    string, so compaction blocks and summary items can name their sources), role and text."""

    id: str
    role: str
    text: str
    # The day it was said, as the summary writes dates ("3 May 2026"); "" when unknown. A fold
    # dates what an update superseded with it.
    at: str = ""


@dataclass(frozen=True, slots=True)
class TextPart:
    text: str
    kind: Literal["text"] = "text"


@dataclass(frozen=True, slots=True)
class ToolCallPart:
    call_id: str
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    kind: Literal["tool_call"] = "tool_call"


@dataclass(frozen=True, slots=True)
class ToolResultPart:
    call_id: str
    content: str
    is_error: bool = False
    kind: Literal["tool_result"] = "tool_result"


Part = TextPart | ToolCallPart | ToolResultPart


@dataclass(frozen=True, slots=True)
class ChatMessage:
    role: Role
    parts: tuple[Part, ...]

    @classmethod
    def user(cls, text: str) -> ChatMessage:
        return cls("user", (TextPart(text),))

    @classmethod
    def assistant(cls, text: str) -> ChatMessage:
        return cls("assistant", (TextPart(text),))

    @property
    def text(self) -> str:
        """The concatenated text parts (tool parts are not text)."""
        return "".join(p.text for p in self.parts if isinstance(p, TextPart))


def part_to_dict(part: Part) -> dict[str, Any]:
    if isinstance(part, TextPart):
        return {"kind": "text", "text": part.text}
    if isinstance(part, ToolCallPart):
        return {"kind": "tool_call", "call_id": part.call_id, "name": part.name, "arguments": part.arguments}
    return {"kind": "tool_result", "call_id": part.call_id, "content": part.content, "is_error": part.is_error}


def part_from_dict(data: dict[str, Any]) -> Part:
    kind = data.get("kind")
    if kind == "text":
        return TextPart(str(data["text"]))
    if kind == "tool_call":
        return ToolCallPart(str(data["call_id"]), str(data["name"]), dict(data.get("arguments") or {}))
    if kind == "tool_result":
        return ToolResultPart(str(data["call_id"]), str(data["content"]), bool(data.get("is_error")))
    raise ValueError(f"unknown message part kind: {kind!r}")


def message_to_dict(message: ChatMessage) -> dict[str, Any]:
    return {"role": message.role, "parts": [part_to_dict(p) for p in message.parts]}


def message_from_dict(data: dict[str, Any]) -> ChatMessage:
    role = data.get("role")
    if role not in ("user", "assistant"):
        raise ValueError(f"unknown role: {role!r}")
    return ChatMessage(role, tuple(part_from_dict(p) for p in data.get("parts", [])))


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no insignificant whitespace: the same value, the same bytes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# -- the provider-neutral request of one turn ---------------------------------------------
# A request is a sequence of segments, most stable first (ARCHITECTURE §3). Provider adapters
# render it into their wire format; the cache planner places breakpoints at segment ends.

SegmentName = Literal[
    "tools",  # 1. tool definitions (carried in ModelRequest.tools)
    "system",  # 2. system prompt (carried in ModelRequest.system)
    "startup",  # 3. start-up bundle, frozen into the first user message
    "summary",  # 4. rolling summary block
    "history",  # 5. verbatim history
    "turn_context",  # 6. clock, relevant facts, recall, per-turn compaction
    "new_message",  # 7. the new message
    "tool_round",  # 7b. tool calls and results inside the turn
]

SEGMENT_ORDER: tuple[SegmentName, ...] = (
    "tools",
    "system",
    "startup",
    "summary",
    "history",
    "turn_context",
    "new_message",
    "tool_round",
)


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool offered to the model: name, description and a JSON schema for its arguments."""

    name: str
    description: str
    parameters: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ToolChoice:
    """Whether the model must call a tool: ``auto`` (it decides), ``none``, ``required`` (some
    tool), or ``tool`` (the one named ``name``). Adapters render it in their wire format."""

    mode: Literal["auto", "none", "required", "tool"] = "auto"
    name: str | None = None


@dataclass(frozen=True, slots=True)
class OutputSpec:
    """A structured answer the model must give instead of free text: its name and the JSON
    Schema of its value. Each adapter asks for it with its provider's own mechanism (OpenAI
    ``response_format`` json_schema strict, Anthropic a forced tool call, ...), and
    :func:`threadkeep.llm.structured.complete_structured` reads and validates the answer."""

    name: str
    schema: dict[str, Any]
    description: str = ""


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
    # None: the provider's default (the model decides when tools are offered).
    tool_choice: ToolChoice | None = None
    max_tokens: int = 1024
    temperature: float | None = None
    # The client's sampling settings on a drop-in request (None / empty: the provider's default).
    top_p: float | None = None
    stop: tuple[str, ...] = ()
    # A stable per-conversation key (OpenAI's prompt_cache_key); never a per-request value.
    cache_key: str | None = None
    breakpoints: tuple[Breakpoint, ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict)
    # A structured answer instead of text (folds, fact extraction); None for chat turns.
    output: OutputSpec | None = None

    @property
    def messages(self) -> tuple[ChatMessage, ...]:
        """All messages in order; consecutive same-role messages are merged by adapters."""
        out: list[ChatMessage] = []
        for seg in self.segments:
            out.extend(seg.messages)
        return tuple(out)
