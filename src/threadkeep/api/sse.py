"""A turn over HTTP: as a typed SSE stream, or collected into one JSON answer.

The first event is awaited before the response starts, so refusals that happen before the
model is called (empty or oversized text, someone else's conversation) are ordinary JSON
errors with their status; after that, a failure is an ``error`` event in the stream.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi.responses import JSONResponse
from sse_starlette import EventSourceResponse, ServerSentEvent

from threadkeep.api.errors import error_body, error_type, provider_error_type, status_for
from threadkeep.errors import ThreadkeepError
from threadkeep.events import (
    Citations,
    ConversationOpened,
    ToolActivity,
    TurnDone,
    TurnEvent,
    TurnFailed,
    event_to_dict,
)

__all__ = ["StartedTurn", "start_turn", "sse_turn", "json_turn", "wants_stream", "SSE_HEADERS"]

log = logging.getLogger("threadkeep.api")

# No proxy buffering, no transformation: each event must reach the client as it is sent.
SSE_HEADERS = {"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"}


class StartedTurn:
    """A turn whose first event has arrived (so it was accepted), and the rest of it."""

    def __init__(self, first: TurnEvent, rest: AsyncIterator[TurnEvent]) -> None:
        self.first = first
        self.rest = rest

    async def events(self) -> AsyncIterator[TurnEvent]:
        yield self.first
        async for ev in self.rest:
            yield ev


async def start_turn(events: AsyncIterator[TurnEvent]) -> StartedTurn:
    """Run the turn up to its first event; errors before it raise to the error handlers."""
    first = await events.__anext__()
    return StartedTurn(first, events)


def wants_stream(stream_field: bool | None, accept: str | None) -> bool:
    if stream_field is not None:
        return stream_field
    return "text/event-stream" in (accept or "")


def _failure_event(exc: BaseException, ids: dict[str, Any]) -> dict[str, Any]:
    if isinstance(exc, ThreadkeepError):
        return {
            "type": "error",
            "error": str(exc),
            "error_type": error_type(exc),
            "status": status_for(exc),
            "retryable": bool(getattr(exc, "retryable", False)),
            **ids,
        }
    log.exception("turn failed mid-stream", exc_info=exc)
    return {
        "type": "error",
        "error": "the server failed; see its log",
        "error_type": "internal_error",
        "status": 500,
        "retryable": False,
        **ids,
    }


def _ids(ev: TurnEvent, ids: dict[str, Any]) -> None:
    if isinstance(ev, ConversationOpened):
        ids["conversation_id"] = ev.conversation_id
    elif ev.type == "message":
        ids["user_message_id"] = ev.message_id  # type: ignore[union-attr]


def sse_turn(turn: StartedTurn, *, ping_s: float, headers: dict[str, str] | None = None) -> EventSourceResponse:
    """The turn as Server-Sent Events: ``event: <type>`` and ``data: <json>`` per event."""

    async def gen() -> AsyncIterator[ServerSentEvent]:
        ids: dict[str, Any] = {}
        try:
            async for ev in turn.events():
                _ids(ev, ids)
                data = event_to_dict(ev)
                if isinstance(ev, TurnFailed):
                    data["status"] = 502
                    data["error_type"] = provider_error_type(ev.error_type)
                yield ServerSentEvent(data=json.dumps(data, ensure_ascii=False), event=ev.type)
        except Exception as e:  # after the first byte the status is sent: report in-band
            yield ServerSentEvent(data=json.dumps(_failure_event(e, ids), ensure_ascii=False), event="error")

    return EventSourceResponse(gen(), ping=ping_s, sep="\n", headers={**SSE_HEADERS, **(headers or {})})


async def json_turn(turn: StartedTurn, *, headers: dict[str, str] | None = None) -> JSONResponse:
    """The turn collected: the answer with ids, usage and report — or the error with the ids."""
    ids: dict[str, Any] = {}
    created = False
    tools: list[dict[str, Any]] = []
    citations: list[dict[str, Any]] = []
    try:
        async for ev in turn.events():
            _ids(ev, ids)
            if isinstance(ev, ConversationOpened):
                created = ev.created
            elif isinstance(ev, ToolActivity):
                tools.append(event_to_dict(ev))
            elif isinstance(ev, Citations):
                citations.extend(ev.items)
            elif isinstance(ev, TurnDone):
                body = {
                    "conversation_id": ev.conversation_id,
                    "created": created,
                    "user_message_id": ev.user_message_id,
                    "assistant_message_id": ev.assistant_message_id,
                    "text": ev.text,
                    "usage": ev.usage,
                    "report": ev.report,
                    "tools": tools,
                    "citations": citations,
                }
                return JSONResponse(body, headers=headers)
            elif isinstance(ev, TurnFailed):
                # The person's message is kept (status failed): say how to retry it.
                return JSONResponse(
                    error_body(provider_error_type(ev.error_type), ev.error, retryable=ev.retryable, **ids),
                    502,
                    headers=headers,
                )
    except ThreadkeepError as e:
        return JSONResponse(error_body(error_type(e), str(e), **ids), status_for(e), headers=headers)
    raise RuntimeError("a turn ended without done or error")
