"""Conversations of the calling person: list, read, rename / keep-warm, delete, export."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response

from threadkeep.api.deps import MemoryDep, PersonDep
from threadkeep.api.errors import ApiError
from threadkeep.api.schemas import (
    ERRORS,
    ConversationDetail,
    ConversationPage,
    ConversationPatch,
    ConversationSummary,
)
from threadkeep.export import ConversationView

router = APIRouter(prefix="/v1/conversations", tags=["conversations"], responses=ERRORS)


def _summary(v: ConversationView) -> dict[str, object]:
    return v.as_dict(with_messages=False)


@router.get("", response_model=ConversationPage)
async def list_conversations(
    memory: MemoryDep,
    person: PersonDep,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    before: Annotated[str | None, Query(description="Cursor: `next_before` of the previous page.")] = None,
) -> dict[str, object]:
    """The person's conversations, newest activity first, one page at a time."""
    cursor, cursor_id = _parse_cursor(before) if before is not None else (None, None)
    views = await memory.list_conversations(user=person, limit=limit, before=cursor, before_id=cursor_id)
    nxt = f"{views[-1].last_activity_at.isoformat()}{CURSOR_SEP}{views[-1].id}" if len(views) == limit else None
    return {"conversations": [_summary(v) for v in views], "next_before": nxt}


# next_before is "<last activity, ISO 8601 with offset>~<conversation id>"; a bare timestamp
# (the form of earlier versions) is still accepted and pages strictly before that instant.
CURSOR_SEP = "~"


def _parse_cursor(before: str) -> tuple[datetime, str | None]:
    stamp, _sep, cid = before.partition(CURSOR_SEP)
    try:
        cursor = datetime.fromisoformat(stamp)
    except ValueError as e:
        raise ApiError(400, "before must be the next_before value of a previous page") from e
    if cursor.tzinfo is None:
        raise ApiError(400, "before must carry its UTC offset, as next_before does")
    if _sep and not cid:
        raise ApiError(400, "before must be the next_before value of a previous page")
    return cursor, cid or None


@router.get("/{conversation_id}", response_model=ConversationDetail)
async def get_conversation(conversation_id: str, memory: MemoryDep, person: PersonDep) -> dict[str, object]:
    """One conversation with its messages, oldest first."""
    return (await memory.get_conversation(conversation_id, user=person)).as_dict()


@router.patch("/{conversation_id}", response_model=ConversationSummary)
async def update_conversation(
    conversation_id: str, body: ConversationPatch, memory: MemoryDep, person: PersonDep
) -> dict[str, object]:
    """Rename and/or set the keep-warm mark."""
    if body.title is None and body.keep_warm is None:
        raise ApiError(400, "send title and/or keep_warm")
    if body.title is not None:
        await memory.rename(conversation_id, body.title, user=person)
    if body.keep_warm is not None:
        await memory.set_keep_warm(conversation_id, body.keep_warm, user=person)
    view = await memory.get_conversation(conversation_id, user=person)
    return _summary(view)


@router.delete("/{conversation_id}", status_code=204)
async def delete_conversation(conversation_id: str, memory: MemoryDep, person: PersonDep) -> Response:
    """Delete the conversation and everything under it."""
    await memory.delete_conversation(conversation_id, user=person)
    return Response(status_code=204)


@router.get(
    "/{conversation_id}/export",
    response_class=Response,
    responses={200: {"content": {"text/markdown": {}, "application/json": {}}}},
)
async def export_conversation(
    conversation_id: str,
    memory: MemoryDep,
    person: PersonDep,
    format: Literal["markdown", "json"] = "markdown",
) -> Response:
    """The conversation as a person reads it (messages only), as a download."""
    text = await memory.export(conversation_id, user=person, format=format)
    ext, media = ("md", "text/markdown; charset=utf-8") if format == "markdown" else ("json", "application/json")
    return Response(
        text,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="conversation-{conversation_id}.{ext}"'},
    )
