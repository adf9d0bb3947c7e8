"""Messages as plain values: one tagged union of parts, serialised through one adapter.

Identity (ids, timestamps, ownership) belongs to storage, not to these values.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

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
]

Role = Literal["user", "assistant"]


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
        return {"kind": "tool_call", "call_id": part.call_id, "name": part.name,
                "arguments": part.arguments}
    return {"kind": "tool_result", "call_id": part.call_id, "content": part.content,
            "is_error": part.is_error}


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
