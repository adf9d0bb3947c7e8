"""Anthropic-compatible ``POST /anthropic/v1/messages`` that answers with threadkeep's memory.

``anthropic.Anthropic(base_url="http://host:port/anthropic", api_key=<threadkeep key>)``
works unchanged: the key comes in ``x-api-key`` (or as a bearer key). The memory semantics
are the OpenAI drop-in's (``api/dropin.py``): the **last message with role ``user``** is the
new turn, the conversation is named by the ``X-Threadkeep-Conversation`` header or a
``conversation_id`` field, or recognised from the history the client resends; unseen history
is stored first, and the model answers from threadkeep's copy of the conversation.

Honoured: ``messages`` (string content, or the ``text`` blocks of a content array joined with
newlines; images are refused), ``system`` (the client's instructions, kept with the
conversation after threadkeep's own system prompt), ``stream``, ``conversation_id``,
``max_tokens`` (capped by the answer reserve), ``temperature``, ``top_p``, ``stop_sequences``,
``tools`` and ``tool_choice`` with the tool rounds after the new message
(``api/anthropic_tools.py``: the calls come back as ``tool_use`` blocks with ``stop_reason:
"tool_use"``, the follow-up goes on with the same turn), and ``regenerate`` (or the
``X-Threadkeep-Regenerate`` header) as on the OpenAI drop-in. ``model`` may be any name: the
configured model answers and the response names it. Refused: ``top_k``, extended
``thinking``. Not used: ``metadata``, ``service_tier`` and other fields. The answer is a
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
from threadkeep.api.dropin import CONVERSATION_HEADER, REGENERATE_HELP, DropInTurn, text_of
from threadkeep.api.errors import (
    ApiError,
    anthropic_error,
    error_body,
    error_type,
    retry_headers,
    snake,
    status_for,
)
from threadkeep.api.routers.messages import IdempotencyHeader
from threadkeep.api.sse import SSE_HEADERS
from threadkeep.engine.client_settings import Sampling
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
    messages: list[MessageIn]
    model: str | None = None
    system: str | list[dict[str, Any]] | None = None
    # Anthropic's ranges: a value outside them is a 400, as at Anthropic.
    max_tokens: int | None = Field(default=None, ge=1)
    temperature: float | None = Field(default=None, ge=0, le=1)
    top_p: float | None = Field(default=None, ge=0, le=1)
    top_k: int | None = None
    stop_sequences: list[str] | None = None
    thinking: dict[str, Any] | None = None
    stream: bool = False
    conversation_id: str | None = Field(default=None, max_length=64)
    tools: list[Any] | None = None
    tool_choice: Any = None
    regenerate: bool = False


# The blocks besides text each role may carry (tool traffic, read by api/anthropic_tools.py).
_TOOL_BLOCKS = {"user": ("tool_result",), "assistant": ("tool_use",)}


def _split(body: MessagesIn) -> tuple[list[Turn], str, ClientTools | None]:
    """Earlier turns (their tool traffic left out), the new message (the last user message that
    is not tool results), and the client's tools with this turn's rounds."""
    if not body.messages:
        raise ApiError(400, "messages is empty: send the conversation, ending with the new message (role 'user')")
    texts = [
        text_of(m.content, where=f"messages[{i}]", handled=_TOOL_BLOCKS.get(m.role, ()))
        for i, m in enumerate(body.messages)
    ]
    last = max((i for i, m in enumerate(body.messages) if m.role == "user" and not is_tool_traffic(m)), default=None)
    if last is None:
        raise ApiError(400, "messages has no message with role 'user': send the new message as the last user message")
    history = [(m.role, texts[i]) for i, m in enumerate(body.messages[:last]) if not is_tool_traffic(m)]
    return history, texts[last], client_tools(body.tools, body.tool_choice, body.messages[last + 1 :])


def _sampling(body: MessagesIn) -> Sampling:
    """The request's sampling settings; those no provider threadkeep speaks to shares are refused."""
    if body.top_k is not None:
        raise ApiError(
            400, "top_k is not supported (not every provider behind this server has it): use temperature or top_p"
        )
    if body.thinking is not None and body.thinking.get("type") not in (None, "disabled"):
        raise ApiError(400, "extended thinking is not supported by this server: leave thinking out")
    stop = tuple(body.stop_sequences or ())
    if any(not s for s in stop):
        raise ApiError(400, "stop_sequences: a stop sequence cannot be empty")
    return Sampling(body.temperature, body.top_p, stop, body.max_tokens)


def _stop_reason(report: dict[str, Any]) -> str:
    return "max_tokens" if report.get("stop_reason") == "max_tokens" else "end_turn"


def _usage(usage: dict[str, int]) -> dict[str, int]:
    return {
        "input_tokens": usage.get("input_tokens", 0),
        "output_tokens": usage.get("output_tokens", 0),
        "cache_creation_input_tokens": usage.get("cache_write_tokens", 0),
        "cache_read_input_tokens": usage.get("cache_read_tokens", 0),
    }


def _failure(ev: TurnFailed | ThreadkeepError, cid: str) -> tuple[dict[str, Any], int]:
    if isinstance(ev, TurnFailed):
        body = error_body(
            snake(ev.error_type),
            ev.error,
            retryable=ev.retryable,
            conversation_id=cid,
            user_message_id=ev.user_message_id,
        )
        return anthropic_error(body, 502)
    return anthropic_error(error_body(error_type(ev), str(ev), conversation_id=cid), status_for(ev))


def _instructions(body: MessagesIn) -> str:
    """The ``system`` field's text: a string, or its text blocks joined with newlines."""
    return text_of(body.system, where="system")


@router.get("/models")
async def list_models(memory: MemoryDep, _: AnthropicPrincipalDep) -> dict[str, Any]:
    """The one model that answers, in Anthropic's list shape."""
    card = {
        "type": "model",
        "id": memory.model.name,
        "display_name": memory.model.name,
        "created_at": "1970-01-01T00:00:00Z",
    }
    return {"data": [card], "has_more": False, "first_id": card["id"], "last_id": card["id"]}


@router.post(
    "/messages",
    response_model=None,
    responses={
        200: {
            "description": "A `message`, or with `stream` Anthropic's SSE events ending with `message_stop`.",
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        },
        502: {"description": "The model provider failed; the message is kept."},
    },
)
async def messages(
    body: MessagesIn,
    memory: MemoryDep,
    person: AnthropicPersonDep,
    state: StateDep,
    x_threadkeep_conversation: Annotated[str | None, Header(max_length=64)] = None,
    idempotency_key: IdempotencyHeader = None,
    x_threadkeep_regenerate: Annotated[bool, Header(description=REGENERATE_HELP)] = False,
) -> Response:
    """Anthropic Messages with threadkeep's memory; the conversation is recognised from its history."""
    history, text, tools = _split(body)
    begun = await dropin.begin(
        memory,
        state,
        person=person,
        history=history,
        text=text,
        conversation_id=x_threadkeep_conversation or body.conversation_id,
        idempotency_key=idempotency_key,
        channel="anthropic",
        endpoint="anthropic_messages",
        client_tools=tools,
        regenerate=body.regenerate or x_threadkeep_regenerate,
        instructions=_instructions(body),
        sampling=_sampling(body),
    )
    headers = {CONVERSATION_HEADER: begun.conversation_id}
    # The name of the model that really answers, whatever the client asked for (docs/API.md).
    model = memory.model.name
    events = begun.events()
    if body.stream:
        return EventSourceResponse(
            _events(begun, events, model), ping=state.service.sse_ping_s, sep="\n", headers={**SSE_HEADERS, **headers}
        )
    try:
        async for ev in events:
            if isinstance(ev, TurnDone):
                return JSONResponse(
                    {
                        "id": f"msg_{ev.assistant_message_id}",
                        "type": "message",
                        "role": "assistant",
                        "model": model,
                        "content": [{"type": "text", "text": ev.text}],
                        "stop_reason": _stop_reason(ev.report),
                        "stop_sequence": None,
                        "usage": _usage(ev.usage),
                        "conversation_id": ev.conversation_id,
                    },
                    headers=headers,
                )
            if isinstance(ev, ToolCallsAsked):  # the client runs its tools; the turn waits
                return JSONResponse(
                    {
                        "id": f"msg_{ev.user_message_id}_tools",
                        "type": "message",
                        "role": "assistant",
                        "model": model,
                        "content": ([{"type": "text", "text": ev.text}] if ev.text else []) + tool_use_blocks(ev.calls),
                        "stop_reason": "tool_use",
                        "stop_sequence": None,
                        "usage": _usage(ev.usage),
                        "conversation_id": ev.conversation_id,
                    },
                    headers=headers,
                )
            if isinstance(ev, TurnFailed):
                failed, status = _failure(ev, begun.conversation_id)
                return JSONResponse(failed, status, headers={**headers, **dropin.no_retry(ev)})
    except ThreadkeepError as e:
        failed, status = _failure(e, begun.conversation_id)
        return JSONResponse(failed, status, headers={**headers, **retry_headers(status)})
    raise RuntimeError("a turn ended without done or error")


def _event(name: str, data: dict[str, Any]) -> ServerSentEvent:
    return ServerSentEvent(event=name, data=json.dumps({"type": name, **data}, ensure_ascii=False))


async def _events(begun: DropInTurn, events: AsyncIterator[Any], model: str) -> AsyncIterator[ServerSentEvent]:
    cid = begun.conversation_id
    yield _event(
        "message_start",
        {
            "message": {
                "id": f"msg_{uuid.uuid4().hex}",
                "type": "message",
                "role": "assistant",
                "model": model,
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "conversation_id": cid,
                "usage": {"input_tokens": 0, "output_tokens": 0},
            }
        },
    )
    yield _event("content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}})
    yield _event("ping", {})
    try:
        async for ev in events:
            if isinstance(ev, AnswerDelta):
                yield _event("content_block_delta", {"index": 0, "delta": {"type": "text_delta", "text": ev.text}})
            elif isinstance(ev, TurnDone):
                yield _event("content_block_stop", {"index": 0})
                yield _event(
                    "message_delta",
                    {
                        "delta": {"stop_reason": _stop_reason(ev.report), "stop_sequence": None},
                        "usage": _usage(ev.usage),
                    },
                )
                yield _event("message_stop", {})
                return
            elif isinstance(ev, ToolCallsAsked):
                yield _event("content_block_stop", {"index": 0})
                for i, block in enumerate(tool_use_blocks(ev.calls), 1):
                    # The block with an empty input, then the input as one JSON delta.
                    yield _event("content_block_start", {"index": i, "content_block": {**block, "input": {}}})
                    yield _event(
                        "content_block_delta",
                        {
                            "index": i,
                            "delta": {
                                "type": "input_json_delta",
                                "partial_json": json.dumps(block["input"], ensure_ascii=False),
                            },
                        },
                    )
                    yield _event("content_block_stop", {"index": i})
                yield _event(
                    "message_delta",
                    {"delta": {"stop_reason": "tool_use", "stop_sequence": None}, "usage": _usage(ev.usage)},
                )
                yield _event("message_stop", {})
                return
            elif isinstance(ev, TurnFailed):
                yield _event("error", _failure(ev, cid)[0])
                return
    except ThreadkeepError as e:
        yield _event("error", _failure(e, cid)[0])
