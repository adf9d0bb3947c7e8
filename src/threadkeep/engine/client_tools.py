"""A client's own tools inside a turn (an agent through a drop-in endpoint).

The client sends its tools (and ``tool_choice``); the model is offered exactly those — the
server's own tools (knowledge and web search) are not offered beside them, so every call the
model makes goes back to the client and the client's history holds every call it answered.
When the model calls them, the turn pauses (its message keeps status ``tools``) and the calls
go back to the client; the client's follow-up resends the history with the round(s) of calls
and results after its message, and the turn goes on with them appended after the new
message, in order. Only the final answer is stored: the tool traffic lives in the client's
requests, never in the conversation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from threadkeep.context.budget import MemoCounter, request_tokens
from threadkeep.errors import InputError
from threadkeep.messages import (
    ChatMessage,
    ModelRequest,
    Segment,
    ToolCallPart,
    ToolChoice,
    ToolSpec,
)

__all__ = ["ClientTools", "MAX_CLIENT_TOOLS", "with_client_tools", "asked_calls"]

# OpenAI's own limit on tools per request.
MAX_CLIENT_TOOLS = 128


@dataclass(frozen=True, slots=True)
class ClientTools:
    """The client's tools for one request, its ``tool_choice``, and the turn's tool rounds so
    far (assistant messages with calls, then user messages with their results, in order)."""

    specs: tuple[ToolSpec, ...]
    choice: ToolChoice | None = None
    rounds: tuple[ChatMessage, ...] = ()

    def __post_init__(self) -> None:
        if len(self.specs) > MAX_CLIENT_TOOLS:
            raise InputError(f"at most {MAX_CLIENT_TOOLS} tools per request (got {len(self.specs)})")
        names = [t.name for t in self.specs]
        if len(set(names)) != len(names):
            raise InputError("tools: every tool needs its own name")
        if self.choice is not None and self.choice.mode == "tool" and self.choice.name not in names:
            raise InputError(f"tool_choice names {self.choice.name!r}, which is not among the tools sent")

    @property
    def names(self) -> frozenset[str]:
        return frozenset(t.name for t in self.specs)


def with_client_tools(request: ModelRequest, tools: ClientTools, *, ceiling: int, counter: MemoCounter) -> ModelRequest:
    """The turn's request with the client's tools, its choice and the rounds so far (after the
    new message, where nothing cached before them moves). Rounds that do not fit under the
    token ceiling are refused — cutting a client's tool result would answer from half of it."""
    segments = request.segments + ((Segment("tool_round", tools.rounds),) if tools.rounds else ())
    out = replace(request, tools=tools.specs, tool_choice=tools.choice, segments=segments)
    used = request_tokens(out, counter)
    if used > ceiling:
        raise InputError(
            f"the tool calls and results of this turn take the request to {used} tokens, over the "
            f"model's limit of {ceiling}: send shorter tool results"
        )
    return out


def asked_calls(calls: Sequence[ToolCallPart]) -> list[dict[str, Any]]:
    """The calls as the client gets them: id, tool name, arguments (an object)."""
    return [{"id": c.call_id, "name": c.name, "arguments": dict(c.arguments)} for c in calls]
