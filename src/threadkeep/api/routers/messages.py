"""Sending a message (a turn), retrying a failed one, and regenerating the last answer."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Header
from fastapi.responses import JSONResponse, Response

from threadkeep.api.deps import MemoryDep, PersonDep, PrincipalDep, StateDep
from threadkeep.api.routers.knowledge import GroupsHeader
from threadkeep.api.schemas import ERRORS, SendMessage, TurnAnswer
from threadkeep.api.sse import json_turn, sse_turn, start_turn, wants_stream
from threadkeep.engine.access import caller_groups
from threadkeep.engine.turn_input import TurnInput

router = APIRouter(prefix="/v1/messages", tags=["messages"])

# The same key (per person, 24 h) gets the same turn's outcome: see docs/API.md, "Idempotency".
IdempotencyHeader = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        max_length=255,
        description="Any unique string (a UUID): a resend with the same key stores nothing twice and "
        "gets the first request's outcome.",
    ),
]

_STREAM_DOC: dict[int | str, dict[str, Any]] = {
    200: {
        "model": TurnAnswer,
        "description": "The answer as JSON, or (with `stream` / `Accept: text/event-stream`) an SSE stream "
        "of events `conversation`, `message`, `tool`, `delta`, `citations`, `done`, `error`.",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    },
    502: {"description": "The model provider failed; the person's message is kept and can be retried."},
    409: {"description": "Conflict"},
    **ERRORS,
}


@router.post("", responses=_STREAM_DOC, response_model=None)
async def send_message(
    body: SendMessage,
    memory: MemoryDep,
    person: PersonDep,
    principal: PrincipalDep,
    state: StateDep,
    accept: Annotated[str | None, Header()] = None,
    x_threadkeep_groups: GroupsHeader = None,
    idempotency_key: IdempotencyHeader = None,
) -> Response:
    """Send the person's message and get the answer, streamed or as one JSON body."""
    conversation_id = body.conversation_id
    if principal.via == "visitor" and conversation_id is None:
        # A widget visitor has one conversation: a visitor who lost the id continues it.
        existing = await memory.list_conversations(user=person, limit=1)
        conversation_id = existing[0].id if existing else None
    # The knowledge a turn may search: the same rule as /v1/knowledge (admin: everything).
    groups = caller_groups(principal, x_threadkeep_groups)
    if groups is None:  # admin: every group that any document has
        groups = sorted({g for d in await asyncio.to_thread(memory.knowledge.list_documents) for g in d.groups})
    inputs = TurnInput(
        groups=tuple(groups), context=body.context, idempotency_key=idempotency_key, instructions=body.system
    )
    turn = await start_turn(
        state.admitted(
            memory.stream(
                body.text, user=person, conversation_id=conversation_id, channel=_channel(principal.via), inputs=inputs
            )
        )
    )
    if wants_stream(body.stream, accept):
        return sse_turn(turn, ping_s=state.service.sse_ping_s)
    return await json_turn(turn)


@router.post("/{message_id}/retry", responses=_STREAM_DOC, response_model=None)
async def retry_message(
    message_id: str,
    memory: MemoryDep,
    person: PersonDep,
    state: StateDep,
    stream: bool | None = None,
    accept: Annotated[str | None, Header()] = None,
    idempotency_key: IdempotencyHeader = None,
) -> Response:
    """Answer a failed turn again (the person's message id from the failed turn)."""
    turn = await start_turn(
        state.admitted(memory.retry(message_id, user=person, inputs=TurnInput(idempotency_key=idempotency_key)))
    )
    if wants_stream(stream, accept):
        return sse_turn(turn, ping_s=state.service.sse_ping_s)
    result: JSONResponse = await json_turn(turn)
    return result


@router.post("/{message_id}/regenerate", responses=_STREAM_DOC, response_model=None)
async def regenerate_message(
    message_id: str,
    memory: MemoryDep,
    person: PersonDep,
    state: StateDep,
    stream: bool | None = None,
    accept: Annotated[str | None, Header()] = None,
) -> Response:
    """Answer the conversation's last turn again (the person's message id): the new answer
    replaces the stored one, which is kept as an earlier version; 409 for an older turn."""
    turn = await start_turn(state.admitted(memory.regenerate(message_id, user=person)))
    if wants_stream(stream, accept):
        return sse_turn(turn, ping_s=state.service.sse_ping_s)
    result: JSONResponse = await json_turn(turn)
    return result


def _channel(via: str) -> str:
    return {"session": "web", "visitor": "widget"}.get(via, "api")
