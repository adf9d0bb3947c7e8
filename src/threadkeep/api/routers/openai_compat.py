"""OpenAI-compatible ``POST /v1/chat/completions`` that answers with threadkeep's memory.

The client sends only its new message: the **last message with role ``user``** in
``messages`` is the new turn; everything else in ``messages`` (system prompt, earlier turns)
is ignored, because threadkeep already holds the conversation. The conversation comes from
the ``X-Threadkeep-Conversation`` header or the ``conversation_id`` field (the header wins);
without either a new conversation opens, and every response carries its id in the
``X-Threadkeep-Conversation`` header (and in a ``conversation_id`` field) to continue it.

Honoured: ``messages`` (last user message; text content or text parts), ``stream``,
``stream_options.include_usage``, ``conversation_id``, ``model`` (echoed back only). Ignored:
``temperature``, ``top_p``, ``max_tokens``/``max_completion_tokens``, ``tools``,
``tool_choice``, ``user``, ``seed``, ``stop`` and any other field — the server's configured
model and settings answer. Refused: ``n`` other than 1. ``GET /v1/models`` lists the one
model that answers, for clients that ask first.
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

from threadkeep.api.deps import MemoryDep, PersonDep, PrincipalDep, StateDep
from threadkeep.api.errors import ApiError, error_body, error_type, snake, status_for
from threadkeep.api.routers.messages import IdempotencyHeader
from threadkeep.api.schemas import ERRORS
from threadkeep.api.sse import SSE_HEADERS, start_turn
from threadkeep.errors import ThreadkeepError
from threadkeep.events import AnswerDelta, ConversationOpened, TurnDone, TurnFailed

router = APIRouter(prefix="/v1", tags=["openai-compatible"], responses=ERRORS)

CONVERSATION_HEADER = "X-Threadkeep-Conversation"


class ChatMessageIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[dict[str, Any]] | None = None


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="allow")
    include_usage: bool = False


class ChatCompletionIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    messages: list[ChatMessageIn] = Field(min_length=1)
    model: str | None = None
    stream: bool = False
    stream_options: StreamOptions | None = None
    conversation_id: str | None = Field(default=None, max_length=64)
    n: int | None = None


@router.get("/models")
async def list_models(memory: MemoryDep, _: PrincipalDep) -> dict[str, Any]:
    """The one model that answers (many OpenAI clients ask before chatting)."""
    return {"object": "list", "data": [{"id": memory.model.name, "object": "model", "created": 0,
                                        "owned_by": "threadkeep"}]}


def _new_text(body: ChatCompletionIn) -> str:
    for msg in reversed(body.messages):
        if msg.role == "user":
            if isinstance(msg.content, str):
                return msg.content
            parts = [p.get("text") for p in (msg.content or []) if p.get("type") == "text"]
            return "\n".join(p for p in parts if isinstance(p, str))
    raise ApiError(400, "messages has no message with role 'user': send the new message as the last user message")


def _usage(usage: dict[str, int]) -> dict[str, Any]:
    prompt = usage.get("input_tokens", 0) + usage.get("cache_read_tokens", 0) + usage.get("cache_write_tokens", 0)
    out = usage.get("output_tokens", 0)
    return {"prompt_tokens": prompt, "completion_tokens": out, "total_tokens": prompt + out,
            "prompt_tokens_details": {"cached_tokens": usage.get("cache_read_tokens", 0)}}


@router.post("/chat/completions", response_model=None, responses={
    200: {"description": "`chat.completion`, or with `stream` a `chat.completion.chunk` SSE stream ending "
                         "with `data: [DONE]`.", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
    502: {"description": "The model provider failed; the message is kept."}})
async def chat_completions(
    body: ChatCompletionIn, memory: MemoryDep, person: PersonDep, state: StateDep,
    x_threadkeep_conversation: Annotated[str | None, Header(max_length=64)] = None,
    idempotency_key: IdempotencyHeader = None,
) -> Response:
    """Chat Completions with threadkeep's memory: send only the new message."""
    if body.n not in (None, 1):
        raise ApiError(400, "only n=1 is supported")
    cid = x_threadkeep_conversation or body.conversation_id
    turn = await start_turn(state.admitted(
        memory.stream(_new_text(body), user=person, conversation_id=cid, channel="openai",
                      idempotency_key=idempotency_key, endpoint="chat_completions")))
    opened = turn.first
    assert isinstance(opened, ConversationOpened)
    headers = {CONVERSATION_HEADER: opened.conversation_id}
    model = body.model or memory.model.name
    created = int(time.time())
    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        return EventSourceResponse(_chunks(turn.rest, opened.conversation_id, model, created, include_usage),
                                   ping=state.service.sse_ping_s, sep="\n", headers={**SSE_HEADERS, **headers})
    try:
        async for ev in turn.rest:
            if isinstance(ev, TurnDone):
                return JSONResponse({
                    "id": f"chatcmpl-{ev.assistant_message_id}", "object": "chat.completion", "created": created,
                    "model": model, "conversation_id": ev.conversation_id,
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": ev.text},
                                 "finish_reason": "stop", "logprobs": None}],
                    "usage": _usage(ev.usage)}, headers=headers)
            if isinstance(ev, TurnFailed):
                return JSONResponse(error_body(snake(ev.error_type), ev.error, retryable=ev.retryable,
                                               user_message_id=ev.user_message_id), 502, headers=headers)
    except ThreadkeepError as e:
        return JSONResponse(error_body(error_type(e), str(e)), status_for(e), headers=headers)
    raise RuntimeError("a turn ended without done or error")


async def _chunks(events: AsyncIterator[Any], cid: str, model: str, created: int,
                  include_usage: bool) -> AsyncIterator[ServerSentEvent]:
    chunk_id = f"chatcmpl-{cid}-{created}"

    def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> ServerSentEvent:
        data = {"id": chunk_id, "object": "chat.completion.chunk", "created": created, "model": model,
                "conversation_id": cid,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}], **extra}
        return ServerSentEvent(data=json.dumps(data, ensure_ascii=False))

    yield chunk({"role": "assistant", "content": ""})
    try:
        async for ev in events:
            if isinstance(ev, AnswerDelta):
                yield chunk({"content": ev.text})
            elif isinstance(ev, TurnDone):
                yield chunk({}, "stop")
                if include_usage:
                    yield ServerSentEvent(data=json.dumps({
                        "id": chunk_id, "object": "chat.completion.chunk", "created": created, "model": model,
                        "conversation_id": cid, "choices": [], "usage": _usage(ev.usage)}))
            elif isinstance(ev, TurnFailed):
                yield ServerSentEvent(data=json.dumps(error_body(snake(ev.error_type), ev.error, retryable=ev.retryable,
                                                                 user_message_id=ev.user_message_id)))
    except ThreadkeepError as e:
        yield ServerSentEvent(data=json.dumps(error_body(error_type(e), str(e))))
    yield ServerSentEvent(data="[DONE]")
