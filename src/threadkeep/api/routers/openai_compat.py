"""OpenAI-compatible ``POST /v1/chat/completions`` that answers with threadkeep's memory.

The **last message with role ``user``** in ``messages`` is the new turn. The conversation
comes from the ``X-Threadkeep-Conversation`` header or the ``conversation_id`` field (the
header wins). Without either, threadkeep recognises the conversation from the history a
standard client resends (a keyed fingerprint of the earlier user and assistant messages, see
``engine/openai_threads.py``): earlier messages it has not seen are stored before the new
one, and a history it does not know opens a new conversation with that history stored. The
model always answers from threadkeep's copy of the conversation, never the client's. Every
response carries the conversation id in the ``X-Threadkeep-Conversation`` header (and in a
``conversation_id`` field).

Honoured: ``messages`` (``system`` and ``developer`` messages are the client's instructions,
kept with the conversation after threadkeep's own system prompt: ``engine/client_settings.py``),
``stream``, ``stream_options.include_usage``, ``conversation_id``, ``temperature``, ``top_p``,
``stop``, ``max_tokens``/``max_completion_tokens`` (capped by the answer reserve), ``tools`` and
``tool_choice`` with the tool rounds after the new message (``api/openai_tools.py``: the calls
come back with ``finish_reason: "tool_calls"``, the follow-up goes on with the same turn), and
``regenerate`` (or the ``X-Threadkeep-Regenerate`` header): a new answer to the last message, in
place of the stored one. ``model`` may be any name: the configured model answers, and the
response names it. Refused: ``n`` other than 1, images. Not used: ``parallel_tool_calls``,
``response_format``, ``seed``, ``user``, penalties and the other fields (docs/API.md lists
them). Errors for over-long input are OpenAI's 400 ``context_length_exceeded``
(``api/errors.py``). ``GET /v1/models`` lists the one model that answers, for clients that ask
first; ``GET /v1/models/{id}`` describes it.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Header
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sse_starlette import EventSourceResponse, ServerSentEvent

from threadkeep.api import dropin
from threadkeep.api.deps import MemoryDep, PersonDep, PrincipalDep, StateDep
from threadkeep.api.dropin import CONVERSATION_HEADER, REGENERATE_HELP, text_of
from threadkeep.api.errors import (
    ApiError,
    error_body,
    error_type,
    openai_error,
    retry_headers,
    snake,
    status_for,
)
from threadkeep.api.openai_tools import client_tools, is_tool_call, tool_calls_out
from threadkeep.api.routers.messages import IdempotencyHeader
from threadkeep.api.schemas import ERRORS
from threadkeep.api.sse import SSE_HEADERS
from threadkeep.engine.client_settings import Sampling
from threadkeep.engine.client_tools import ClientTools
from threadkeep.engine.openai_threads import Turn
from threadkeep.errors import ThreadkeepError
from threadkeep.events import AnswerDelta, ToolCallsAsked, TurnDone, TurnFailed

router = APIRouter(prefix="/v1", tags=["openai-compatible"], responses=ERRORS)


class ChatMessageIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[dict[str, Any]] | None = None
    tool_calls: list[dict[str, Any]] | None = None
    tool_call_id: str | None = None


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="allow")
    include_usage: bool = False


class ChatCompletionIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    messages: list[ChatMessageIn]
    model: str | None = None
    # OpenAI's ranges: a value outside them is a 400, as at OpenAI.
    temperature: float | None = Field(default=None, ge=0, le=2)
    top_p: float | None = Field(default=None, ge=0, le=1)
    stop: str | list[str] | None = None
    max_tokens: int | None = Field(default=None, ge=1)
    max_completion_tokens: int | None = Field(default=None, ge=1)
    stream: bool = False
    stream_options: StreamOptions | None = None
    conversation_id: str | None = Field(default=None, max_length=64)
    n: int | None = None
    tools: list[Any] | None = None
    tool_choice: Any = None
    regenerate: bool = False


def _model_card(name: str) -> dict[str, Any]:
    return {"id": name, "object": "model", "created": 0, "owned_by": "threadkeep"}


@router.get("/models")
async def list_models(memory: MemoryDep, _: PrincipalDep) -> dict[str, Any]:
    """The one model that answers (many OpenAI clients ask before chatting)."""
    return {"object": "list", "data": [_model_card(memory.model.name)]}


@router.get("/models/{model_id}")
async def retrieve_model(model_id: str, memory: MemoryDep, _: PrincipalDep) -> dict[str, Any]:
    """The model that answers, by its id (``client.models.retrieve``)."""
    if model_id != memory.model.name:
        raise ApiError(
            404,
            f"model {model_id!r} not found: this server answers with {memory.model.name!r} "
            "(chat requests accept any model name and are answered by it)",
        )
    return _model_card(model_id)


# Most stop sequences OpenAI takes in one request.
MAX_STOP = 4
_INSTRUCTION_ROLES = ("system", "developer")


def _texts(body: ChatCompletionIn) -> list[str]:
    """Each message's text; a part that is not text (an image) is refused here, before anything."""
    # An assistant's refusal is its text as the client holds it.
    return [
        text_of(m.content, where=f"messages[{i}]", handled=("refusal",) if m.role == "assistant" else ())
        for i, m in enumerate(body.messages)
    ]


def _split(body: ChatCompletionIn) -> tuple[list[Turn], str, ClientTools | None, str]:
    """The client's earlier user and assistant messages (with text; tool rounds of earlier
    turns left out), the new message, the client's tools with this turn's rounds, and its
    instructions (its system and developer messages, in order)."""
    if not body.messages:
        raise ApiError(400, "messages is empty: send the conversation, ending with the new message (role 'user')")
    texts = _texts(body)
    last = max((i for i, m in enumerate(body.messages) if m.role == "user"), default=None)
    if last is None:
        raise ApiError(400, "messages has no message with role 'user': send the new message as the last user message")
    history = [(m.role, texts[i]) for i, m in enumerate(body.messages[:last]) if not is_tool_call(m)]
    instructions = "\n\n".join(
        texts[i] for i, m in enumerate(body.messages) if m.role in _INSTRUCTION_ROLES and texts[i].strip()
    )
    tools = client_tools(body.tools, body.tool_choice, body.messages[last + 1 :])
    return history, texts[last], tools, instructions


def _sampling(body: ChatCompletionIn) -> Sampling:
    stop = [body.stop] if isinstance(body.stop, str) else list(body.stop or [])
    if len(stop) > MAX_STOP:
        raise ApiError(400, f"stop: at most {MAX_STOP} sequences (got {len(stop)})")
    if any(not s for s in stop):
        raise ApiError(400, "stop: a stop sequence cannot be empty")
    # max_completion_tokens is the current name; a client sending both means the newer one.
    return Sampling(body.temperature, body.top_p, tuple(stop), body.max_completion_tokens or body.max_tokens)


def _finish(report: dict[str, Any]) -> str:
    return "length" if report.get("stop_reason") == "max_tokens" else "stop"


def _refusal(e: ThreadkeepError, cid: str, headers: dict[str, str]) -> JSONResponse:
    """An error after the turn started, in OpenAI's shape and status."""
    body, status = openai_error(error_body(error_type(e), str(e), conversation_id=cid), status_for(e))
    return JSONResponse(body, status, headers={**headers, **retry_headers(status)})


def _usage(usage: dict[str, int]) -> dict[str, Any]:
    prompt = usage.get("input_tokens", 0) + usage.get("cache_read_tokens", 0) + usage.get("cache_write_tokens", 0)
    out = usage.get("output_tokens", 0)
    return {
        "prompt_tokens": prompt,
        "completion_tokens": out,
        "total_tokens": prompt + out,
        "prompt_tokens_details": {"cached_tokens": usage.get("cache_read_tokens", 0)},
    }


@router.post(
    "/chat/completions",
    response_model=None,
    responses={
        200: {
            "description": "`chat.completion`, or with `stream` a `chat.completion.chunk` SSE stream ending "
            "with `data: [DONE]`.",
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        },
        502: {"description": "The model provider failed; the message is kept."},
    },
)
async def chat_completions(
    body: ChatCompletionIn,
    memory: MemoryDep,
    person: PersonDep,
    state: StateDep,
    x_threadkeep_conversation: Annotated[str | None, Header(max_length=64)] = None,
    idempotency_key: IdempotencyHeader = None,
    x_threadkeep_regenerate: Annotated[bool, Header(description=REGENERATE_HELP)] = False,
) -> Response:
    """Chat Completions with threadkeep's memory; the conversation is recognised from its history."""
    if body.n not in (None, 1):
        raise ApiError(400, "only n=1 is supported")
    history, text, tools, instructions = _split(body)
    begun = await dropin.begin(
        memory,
        state,
        person=person,
        history=history,
        text=text,
        conversation_id=x_threadkeep_conversation or body.conversation_id,
        idempotency_key=idempotency_key,
        channel="openai",
        endpoint="chat_completions",
        client_tools=tools,
        regenerate=body.regenerate or x_threadkeep_regenerate,
        instructions=instructions,
        sampling=_sampling(body),
    )
    cid = begun.conversation_id
    headers = {CONVERSATION_HEADER: cid}
    # The name of the model that really answers, whatever the client asked for (docs/API.md).
    model = memory.model.name
    created = int(time.time())
    events = begun.events()

    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        return EventSourceResponse(
            _chunks(events, cid, model, created, include_usage),
            ping=state.service.sse_ping_s,
            sep="\n",
            headers={**SSE_HEADERS, **headers},
        )
    try:
        async for ev in events:
            if isinstance(ev, TurnDone):
                return JSONResponse(
                    {
                        "id": f"chatcmpl-{ev.assistant_message_id}",
                        "object": "chat.completion",
                        "created": created,
                        "model": model,
                        "conversation_id": ev.conversation_id,
                        "choices": [
                            {
                                "index": 0,
                                "message": {"role": "assistant", "content": ev.text},
                                "finish_reason": _finish(ev.report),
                                "logprobs": None,
                            }
                        ],
                        "usage": _usage(ev.usage),
                    },
                    headers=headers,
                )
            if isinstance(ev, ToolCallsAsked):  # the client runs its tools; the turn waits
                return JSONResponse(
                    {
                        "id": f"chatcmpl-{ev.user_message_id}-tools",
                        "object": "chat.completion",
                        "created": created,
                        "model": model,
                        "conversation_id": ev.conversation_id,
                        "choices": [
                            {
                                "index": 0,
                                "message": {
                                    "role": "assistant",
                                    "content": ev.text or None,
                                    "tool_calls": tool_calls_out(ev.calls),
                                },
                                "finish_reason": "tool_calls",
                                "logprobs": None,
                            }
                        ],
                        "usage": _usage(ev.usage),
                    },
                    headers=headers,
                )
            if isinstance(ev, TurnFailed):
                return JSONResponse(
                    error_body(
                        snake(ev.error_type),
                        ev.error,
                        retryable=ev.retryable,
                        conversation_id=cid,
                        user_message_id=ev.user_message_id,
                    ),
                    502,
                    headers={**headers, **dropin.no_retry(ev)},
                )
    except ThreadkeepError as e:
        return _refusal(e, cid, headers)
    raise RuntimeError("a turn ended without done or error")


async def _chunks(
    events: AsyncIterator[Any], cid: str, model: str, created: int, include_usage: bool
) -> AsyncIterator[ServerSentEvent]:
    chunk_id = f"chatcmpl-{cid}-{created}"

    def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> ServerSentEvent:
        data = {
            "id": chunk_id,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "conversation_id": cid,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}],
            **extra,
        }
        return ServerSentEvent(data=json.dumps(data, ensure_ascii=False))

    yield chunk({"role": "assistant", "content": ""})
    try:
        async for ev in events:
            if isinstance(ev, AnswerDelta):
                yield chunk({"content": ev.text})
            elif isinstance(ev, TurnDone | ToolCallsAsked):
                if isinstance(ev, TurnDone):
                    yield chunk({}, _finish(ev.report))
                else:
                    for i, call in enumerate(tool_calls_out(ev.calls)):
                        # Name and id first, then the arguments, as OpenAI streams them.
                        yield chunk(
                            {
                                "tool_calls": [
                                    {
                                        "index": i,
                                        "id": call["id"],
                                        "type": "function",
                                        "function": {"name": call["function"]["name"], "arguments": ""},
                                    }
                                ]
                            }
                        )
                        yield chunk(
                            {"tool_calls": [{"index": i, "function": {"arguments": call["function"]["arguments"]}}]}
                        )
                    yield chunk({}, "tool_calls")
                if include_usage:
                    yield ServerSentEvent(
                        data=json.dumps(
                            {
                                "id": chunk_id,
                                "object": "chat.completion.chunk",
                                "created": created,
                                "model": model,
                                "conversation_id": cid,
                                "choices": [],
                                "usage": _usage(ev.usage),
                            }
                        )
                    )
            elif isinstance(ev, TurnFailed):
                yield ServerSentEvent(
                    data=json.dumps(
                        error_body(
                            snake(ev.error_type),
                            ev.error,
                            retryable=ev.retryable,
                            conversation_id=cid,
                            user_message_id=ev.user_message_id,
                        )
                    )
                )
    except ThreadkeepError as e:
        yield ServerSentEvent(data=json.dumps(error_body(error_type(e), str(e), conversation_id=cid)))
    yield ServerSentEvent(data="[DONE]")
