"""Anthropic-compatible ``POST /anthropic/v1/messages`` that answers with threadkeep's memory.

``anthropic.Anthropic(base_url="http://host:port/anthropic", api_key=<threadkeep key>)``
works unchanged: the key comes in ``x-api-key`` (or as a bearer key). The memory semantics
are the OpenAI drop-in's (``api/dropin.py``): the **last message with role ``user``** is the
new turn, the conversation is named by the ``X-Threadkeep-Conversation`` header or a
``conversation_id`` field, or recognised from the history the client resends; unseen history
is stored first, and the model answers from threadkeep's copy of the conversation.

Honoured: ``messages`` (string content, or the ``text`` blocks of a content array joined with
newlines), ``stream``, ``conversation_id``, ``model`` (echoed back only), ``tools`` and
``tool_choice`` with the tool rounds after the new message (``api/anthropic_tools.py``: the
calls come back as ``tool_use`` blocks with ``stop_reason: "tool_use"``, the follow-up goes on
with the same turn), and ``regenerate`` (or the ``X-Threadkeep-Regenerate`` header) as on the
OpenAI drop-in. Ignored: ``system``, ``max_tokens``, ``temperature``, ``top_p``,
``top_k``, ``stop_sequences``, ``metadata``, ``thinking`` and anything else. The answer is a
``message`` with one ``text`` block, or Anthropic's event stream (``message_start``, ``content_block_start``,
``ping``, ``content_block_delta``…, ``content_block_stop``, ``message_delta``,
``message_stop``); errors are Anthropic's ``{"type": "error", "error": {...}}`` (see
``api/errors.py``), mid-stream as an ``error`` event.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Header
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sse_starlette import EventSourceResponse, ServerSentEvent

from threadkeep.api import dropin
from threadkeep.api.anthropic_tools import client_tools, is_tool_traffic, tool_use_blocks
from threadkeep.api.deps import AnthropicPersonDep, AnthropicPrincipalDep, MemoryDep, StateDep
from threadkeep.api.dropin import CONVERSATION_HEADER, REGENERATE_HELP, DropInTurn
from threadkeep.api.errors import (
    ApiError,
    anthropic_error,
    error_body,
    error_type,
    snake,
    status_for,
)
from threadkeep.api.routers.messages import IdempotencyHeader
from threadkeep.api.sse import SSE_HEADERS
from threadkeep.engine.client_tools import ClientTools
from threadkeep.engine.openai_threads import Turn
from threadkeep.errors import ThreadkeepError
from threadkeep.events import AnswerDelta, ToolCallsAsked, TurnDone, TurnFailed

router = APIRouter(prefix="/anthropic/v1", tags=["anthropic-compatible"])


class MessageIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[dict[str, Any]]


class MessagesIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    messages: list[MessageIn] = Field(min_length=1)
    model: str | None = None
    max_tokens: int | None = None
    stream: bool = False
    conversation_id: str | None = Field(default=None, max_length=64)
    tools: list[Any] | None = None
    tool_choice: Any = None
    regenerate: bool = False


def _text(msg: MessageIn) -> str:
    if isinstance(msg.content, str):
        return msg.content
    parts = [b.get("text") for b in msg.content if b.get("type") == "text"]
    return "\n".join(p for p in parts if isinstance(p, str))


def _split(body: MessagesIn) -> tuple[list[Turn], str, ClientTools | None]:
    """Earlier turns (their tool traffic left out), the new message (the last user message that
    is not tool results), and the client's tools with this turn's rounds."""
    last = max((i for i, m in enumerate(body.messages) if m.role == "user" and not is_tool_traffic(m)), default=None)
    if last is None:
        raise ApiError(400, "messages has no message with role 'user': send the new message as the last user message")
    history = [(m.role, _text(m)) for m in body.messages[:last] if not is_tool_traffic(m)]
    return history, _text(body.messages[last]), client_tools(body.tools, body.tool_choice, body.messages[last + 1:])


def _usage(usage: dict[str, int]) -> dict[str, int]:
    return {"input_tokens": usage.get("input_tokens", 0), "output_tokens": usage.get("output_tokens", 0),
            "cache_creation_input_tokens": usage.get("cache_write_tokens", 0),
            "cache_read_input_tokens": usage.get("cache_read_tokens", 0)}


def _failure(ev: TurnFailed | ThreadkeepError, cid: str) -> tuple[dict[str, Any], int]:
    if isinstance(ev, TurnFailed):
        body = error_body(snake(ev.error_type), ev.error, retryable=ev.retryable, conversation_id=cid,
                          user_message_id=ev.user_message_id)
        return anthropic_error(body, 502)
    return anthropic_error(error_body(error_type(ev), str(ev), conversation_id=cid), status_for(ev))


@router.get("/models")
async def list_models(memory: MemoryDep, _: AnthropicPrincipalDep) -> dict[str, Any]:
    """The one model that answers, in Anthropic's list shape."""
    card = {"type": "model", "id": memory.model.name, "display_name": memory.model.name,
            "created_at": "1970-01-01T00:00:00Z"}
    return {"data": [card], "has_more": False, "first_id": card["id"], "last_id": card["id"]}


@router.post("/messages", response_model=None, responses={
    200: {"description": "A `message`, or with `stream` Anthropic's SSE events ending with `message_stop`.",
          "content": {"text/event-stream": {"schema": {"type": "string"}}}},
    502: {"description": "The model provider failed; the message is kept."}})
async def messages(
    body: MessagesIn, memory: MemoryDep, person: AnthropicPersonDep, state: StateDep,
    x_threadkeep_conversation: Annotated[str | None, Header(max_length=64)] = None,
    idempotency_key: IdempotencyHeader = None,
    x_threadkeep_regenerate: Annotated[bool, Header(description=REGENERATE_HELP)] = False,
) -> Response:
    """Anthropic Messages with threadkeep's memory; the conversation is recognised from its history."""
    history, text, tools = _split(body)
    begun = await dropin.begin(memory, state, person=person, history=history, text=text,
                               conversation_id=x_threadkeep_conversation or body.conversation_id,
                               idempotency_key=idempotency_key, channel="anthropic",
                               endpoint="anthropic_messages", client_tools=tools,
                               regenerate=body.regenerate or x_threadkeep_regenerate)
    headers = {CONVERSATION_HEADER: begun.conversation_id}
    model = body.model or memory.model.name
    if body.stream:
        return EventSourceResponse(_events(begun, model), ping=state.service.sse_ping_s, sep="\n",
                                   headers={**SSE_HEADERS, **headers})
    try:
        async for ev in begun.turn.rest:
            if isinstance(ev, TurnDone):
                await begun.answered(ev)
                return JSONResponse({
                    "id": f"msg_{ev.assistant_message_id}", "type": "message", "role": "assistant",
                    "model": model, "content": [{"type": "text", "text": ev.text}],
                    "stop_reason": "end_turn", "stop_sequence": None, "usage": _usage(ev.usage),
                    "conversation_id": ev.conversation_id}, headers=headers)
            if isinstance(ev, ToolCallsAsked):  # the client runs its tools; the turn waits
                return JSONResponse({
                    "id": f"msg_{ev.user_message_id}_tools", "type": "message", "role": "assistant",
                    "model": model, "content": ([{"type": "text", "text": ev.text}] if ev.text else [])
                    + tool_use_blocks(ev.calls), "stop_reason": "tool_use", "stop_sequence": None,
                    "usage": _usage(ev.usage), "conversation_id": ev.conversation_id}, headers=headers)
            if isinstance(ev, TurnFailed):
                failed, status = _failure(ev, begun.conversation_id)
                return JSONResponse(failed, status, headers={**headers, **dropin.no_retry(ev)})
    except ThreadkeepError as e:
        failed, status = _failure(e, begun.conversation_id)
        return JSONResponse(failed, status, headers=headers)
    raise RuntimeError("a turn ended without done or error")


def _event(name: str, data: dict[str, Any]) -> ServerSentEvent:
    return ServerSentEvent(event=name, data=json.dumps({"type": name, **data}, ensure_ascii=False))


async def _events(begun: DropInTurn, model: str) -> AsyncIterator[ServerSentEvent]:
    cid = begun.conversation_id
    yield _event("message_start", {"message": {
        "id": f"msg_{uuid.uuid4().hex}", "type": "message", "role": "assistant", "model": model, "content": [],
        "stop_reason": None, "stop_sequence": None, "conversation_id": cid,
        "usage": {"input_tokens": 0, "output_tokens": 0}}})
    yield _event("content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}})
    yield _event("ping", {})
    try:
        async for ev in begun.turn.rest:
            if isinstance(ev, AnswerDelta):
                yield _event("content_block_delta", {"index": 0, "delta": {"type": "text_delta", "text": ev.text}})
            elif isinstance(ev, TurnDone):
                await begun.answered(ev)  # before the client can send its next turn
                yield _event("content_block_stop", {"index": 0})
                yield _event("message_delta", {"delta": {"stop_reason": "end_turn", "stop_sequence": None},
                                               "usage": _usage(ev.usage)})
                yield _event("message_stop", {})
                return
            elif isinstance(ev, ToolCallsAsked):
                yield _event("content_block_stop", {"index": 0})
                for i, block in enumerate(tool_use_blocks(ev.calls), 1):
                    # The block with an empty input, then the input as one JSON delta.
                    yield _event("content_block_start", {"index": i, "content_block": {**block, "input": {}}})
                    yield _event("content_block_delta", {"index": i, "delta": {
                        "type": "input_json_delta", "partial_json": json.dumps(block["input"], ensure_ascii=False)}})
                    yield _event("content_block_stop", {"index": i})
                yield _event("message_delta", {"delta": {"stop_reason": "tool_use", "stop_sequence": None},
                                               "usage": _usage(ev.usage)})
                yield _event("message_stop", {})
                return
            elif isinstance(ev, TurnFailed):
                yield _event("error", _failure(ev, cid)[0])
                return
    except ThreadkeepError as e:
        yield _event("error", _failure(e, cid)[0])
