"""Thumbs up / down on an assistant message, and clearing it."""

from __future__ import annotations

from fastapi import APIRouter, Response

from threadkeep.api.deps import MemoryDep, PersonDep
from threadkeep.api.schemas import ERRORS, FeedbackIn

router = APIRouter(
    prefix="/v1/messages", tags=["feedback"], responses={**ERRORS, 409: {"description": "Not an assistant message"}}
)


@router.put("/{message_id}/feedback", status_code=204)
async def put_feedback(message_id: str, body: FeedbackIn, memory: MemoryDep, person: PersonDep) -> Response:
    """Rate an assistant message (replaces an earlier rating)."""
    await memory.set_feedback(message_id, body.rating, user=person)
    return Response(status_code=204)


@router.delete("/{message_id}/feedback", status_code=204)
async def delete_feedback(message_id: str, memory: MemoryDep, person: PersonDep) -> Response:
    """Clear the rating of an assistant message."""
    await memory.set_feedback(message_id, None, user=person)
    return Response(status_code=204)
