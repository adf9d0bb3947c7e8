"""Typed events of one turn, as the library streams them and the API sends them over SSE."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

__all__ = [
    "ConversationOpened",
    "MessageStored",
    "ToolActivity",
    "AnswerDelta",
    "Citations",
    "TurnDone",
    "TurnFailed",
    "TurnEvent",
    "event_to_dict",
]


@dataclass(frozen=True, slots=True)
class ConversationOpened:
    conversation_id: str
    created: bool
    type: Literal["conversation"] = "conversation"


@dataclass(frozen=True, slots=True)
class MessageStored:
    message_id: str
    type: Literal["message"] = "message"


@dataclass(frozen=True, slots=True)
class ToolActivity:
    tool: str
    status: str  # searching | done | failed
    query: str | None = None
    type: Literal["tool"] = "tool"


@dataclass(frozen=True, slots=True)
class AnswerDelta:
    text: str
    type: Literal["delta"] = "delta"


@dataclass(frozen=True, slots=True)
class Citations:
    items: list[dict[str, Any]] = field(default_factory=list)
    type: Literal["citations"] = "citations"


@dataclass(frozen=True, slots=True)
class TurnDone:
    conversation_id: str
    user_message_id: str
    assistant_message_id: str
    text: str
    usage: dict[str, int]
    report: dict[str, Any]
    type: Literal["done"] = "done"


@dataclass(frozen=True, slots=True)
class TurnFailed:
    conversation_id: str
    user_message_id: str
    error: str
    error_type: str
    retryable: bool
    type: Literal["error"] = "error"


TurnEvent = ConversationOpened | MessageStored | ToolActivity | AnswerDelta | Citations | TurnDone | TurnFailed


def event_to_dict(event: TurnEvent) -> dict[str, Any]:
    return asdict(event)
