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
    "ToolCallsAsked",
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


@dataclass(frozen=True, slots=True)
class ToolCallsAsked:
    """The model called the client's own tools: the turn waits for their results, which the
    client sends back in a follow-up request (nothing of the round is stored)."""

    conversation_id: str
    user_message_id: str
    text: str
    calls: list[dict[str, Any]]  # {"id", "name", "arguments"} per call, in the model's order
    usage: dict[str, int]
    type: Literal["tool_calls"] = "tool_calls"


TurnEvent = (
    ConversationOpened | MessageStored | ToolActivity | AnswerDelta | Citations | TurnDone | TurnFailed | ToolCallsAsked
)


def event_to_dict(event: TurnEvent) -> dict[str, Any]:
    return asdict(event)
