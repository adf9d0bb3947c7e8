"""Request and response bodies of the public API (the OpenAPI schema is generated from these)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "SendMessage",
    "TurnAnswer",
    "ConversationSummary",
    "ConversationPage",
    "MessageOut",
    "ConversationDetail",
    "ConversationPatch",
    "FeedbackIn",
    "ErrorBody",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SendMessage(_Strict):
    text: str = Field(description="What the person says. Limit: THREADKEEP_MAX_MESSAGE_BYTES UTF-8 bytes.")
    conversation_id: str | None = Field(
        default=None, max_length=64, description="Continue this conversation; omit to open a new one."
    )
    stream: bool | None = Field(
        default=None,
        description="SSE when true; JSON when false; "
        "when omitted, SSE if the Accept header asks for text/event-stream.",
    )
    context: str | None = Field(
        default=None,
        max_length=50_000,
        description="Context for this one turn only (e.g. a page selection): "
        "shown to the model next to the message, never stored as a message.",
    )
    system: str | None = Field(
        default=None,
        description=(
            "The client's instructions for this conversation (a persona, rules, an output format): kept "
            "with the conversation from this message on and given to the model after threadkeep's own "
            'system prompt; "" clears them, omitted leaves them as they are. Limit: '
            "THREADKEEP_MAX_MESSAGE_BYTES UTF-8 bytes."
        ),
    )


class TurnAnswer(BaseModel):
    conversation_id: str
    created: bool = Field(description="Whether this turn opened the conversation.")
    user_message_id: str
    assistant_message_id: str
    text: str
    usage: dict[str, int]
    report: dict[str, Any] = Field(description="The turn report: how the request was built (tokens, compaction).")
    tools: list[dict[str, Any]] = []
    citations: list[dict[str, Any]] = []


class ConversationSummary(BaseModel):
    id: str
    title: str | None
    channel: str
    created_at: str
    last_activity_at: str
    message_count: int
    keep_warm: bool


class ConversationPage(BaseModel):
    conversations: list[ConversationSummary]
    next_before: str | None = Field(description="Pass as `before` for the next (older) page; null at the end.")


class MessageOut(BaseModel):
    id: str
    role: str = Field(description="user or assistant")
    text: str
    created_at: str
    status: str
    rating: str | None


class ConversationDetail(ConversationSummary):
    messages: list[MessageOut]


class ConversationPatch(_Strict):
    title: str | None = Field(default=None, description="New title (1-200 characters).")
    keep_warm: bool | None = Field(default=None, description="Keep this conversation's prompt cache warm.")


class FeedbackIn(_Strict):
    rating: Literal["up", "down"]


class _ErrorDetail(BaseModel):
    type: str
    message: str


class ErrorBody(BaseModel):
    error: _ErrorDetail


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": desc}
    for code, desc in (
        (400, "Refused input"),
        (401, "Not authenticated"),
        (404, "Not found (or not yours)"),
        (413, "Too large"),
        (422, "Invalid request"),
        (429, "Rate limited"),
    )
}
