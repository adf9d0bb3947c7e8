"""The calling person: who they are, profile, facts (list, history, undo, delete), deleting them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response
from pydantic import BaseModel, ConfigDict, Field

from threadkeep.api.deps import MemoryDep, PersonDep, PrincipalDep, StateDep
from threadkeep.api.schemas import ERRORS
from threadkeep.api.state import SESSION_COOKIE
from threadkeep.engine import people
from threadkeep.errors import NotFound
from threadkeep.memory.facts.candidate import render_fact
from threadkeep.store import facts as fact_rows

router = APIRouter(prefix="/v1/me", tags=["me"], responses=ERRORS)


class UndoIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    fact_id: str | None = Field(
        default=None, description="Undo the newest change of this fact; omit to undo the newest change of any fact."
    )


@router.get("")
async def whoami(principal: PrincipalDep, person: PersonDep) -> dict[str, Any]:
    """Who the request acts for, and with which kind of credential."""
    return {"person": person, "scope": principal.scope, "via": principal.via}


@router.delete("", status_code=204)
async def delete_me(memory: MemoryDep, person: PersonDep, state: StateDep) -> Response:
    """Delete the person and everything of theirs; their data key is destroyed first."""
    await memory.delete_user(person)
    state.forget_principals()  # their keys went with them
    response = Response(status_code=204)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


def _fact(f: fact_rows.FactRecord) -> dict[str, Any]:
    return {
        "id": f.id,
        "key": f.key,
        "category": f.category,
        "value": f.value,
        "text": render_fact(f.key, f.value),
        "status": f.status,
        "method": f.method,
        "times_seen": f.times_seen,
        "first_seen": f.first_seen.isoformat(),
        "last_seen": f.last_seen.isoformat(),
        "updated_at": f.updated_at.isoformat(),
        "source_message_id": f.source_message_id,
    }


@router.get("/profile")
async def profile(memory: MemoryDep, person: PersonDep) -> dict[str, Any]:
    """The short standing description of the person; null before its first refresh."""
    rec = await people.current_profile(memory, user=person)
    if rec is None:
        return {"profile": None}
    return {
        "profile": rec.text,
        "version": rec.version,
        "method": rec.method,
        "built_at": rec.built_at.isoformat(),
        "messages_at_build": rec.messages_at_build,
    }


@router.get("/facts")
async def list_facts(memory: MemoryDep, person: PersonDep, include_retired: bool = False) -> dict[str, Any]:
    """What threadkeep holds as facts about the person (retired ones on request)."""
    rows = await people.fact_records(memory, user=person, include_retired=include_retired)
    return {"facts": [_fact(f) for f in rows]}


@router.get("/facts/{fact_id}/history")
async def fact_history(fact_id: str, memory: MemoryDep, person: PersonDep) -> dict[str, Any]:
    """Every version of one fact, oldest first."""
    rows = await people.fact_version_records(memory, fact_id, user=person)
    if not rows:
        raise NotFound(f"fact {fact_id} not found")
    return {
        "fact_id": fact_id,
        "versions": [
            {
                "version": v.version,
                "op": v.op,
                "old_value": v.old_value,
                "new_value": v.new_value,
                "old_status": v.old_status,
                "new_status": v.new_status,
                "at": v.at.isoformat(),
                "source_message_id": v.source_message_id,
            }
            for v in rows
        ],
    }


@router.post("/facts/undo")
async def undo_fact_change(memory: MemoryDep, person: PersonDep, body: UndoIn | None = None) -> dict[str, Any]:
    """Undo the newest change (of one fact, or of any); ``undone`` is null when nothing was left."""
    fact_id = body.fact_id if body else None
    change = await people.undo_change_record(memory, user=person, fact_id=fact_id)
    if change is None:
        return {"undone": None}
    return {
        "undone": {"fact_id": change.fact_id, "key": change.key, "value": change.value, "replaced": change.old_value}
    }


@router.delete("/facts/{fact_id}", status_code=204)
async def delete_fact(fact_id: str, memory: MemoryDep, person: PersonDep) -> Response:
    """Forget one fact: gone from every list and turn, kept in its history, and brought back
    by ``POST /v1/me/facts/undo`` (``DELETE /v1/me/facts`` erases everything for good)."""
    done = await people.forget_fact_record(memory, fact_id, user=person)
    if done is None:
        raise NotFound(f"fact {fact_id} not found")
    return Response(status_code=204)


@router.delete("/facts")
async def delete_all_facts(memory: MemoryDep, person: PersonDep) -> dict[str, int]:
    """Forget every fact about the person."""
    n = await people.forget_all_facts(memory, user=person)
    return {"deleted": n}
