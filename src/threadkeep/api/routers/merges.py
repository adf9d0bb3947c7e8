"""Merges of two people (admin keys only): list, start, undo, confirm; and the audit log.

A merge starts either here (``POST /v1/admin/merges``) or by linking an identity that belongs
to another person (``POST /v1/admin/identities``). It stays pending — undoable — until it is
confirmed. See docs/ARCHITECTURE.md, "Merging people".
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from threadkeep.api.deps import AdminDep, MemoryDep, StateDep
from threadkeep.api.schemas import ERRORS
from threadkeep.engine import merges as service
from threadkeep.engine.access import Principal

router = APIRouter(prefix="/v1/admin", tags=["admin"], responses={**ERRORS, 403: {"description": "Needs an admin key"}})


class MergeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    source: str = Field(min_length=1, max_length=200, description="The handle of the person merged away.")
    into: str = Field(min_length=1, max_length=200, description="The handle of the person who stays.")


def actor_of(principal: Principal) -> str:
    """How the audit log names an API caller: the admin key's id."""
    return f"api key {principal.key_id}" if principal.key_id else f"api {principal.via}"


@router.get("/merges")
async def list_merges(_: AdminDep, memory: MemoryDep, all: bool = False) -> dict[str, Any]:  # noqa: A002
    """Pending merges (``all=true``: confirmed and undone ones too), newest first."""
    found = await service.list_merges(memory, include_finished=all)
    return {"merges": [m.as_dict() for m in found]}


@router.post("/merges", status_code=201)
async def start_merge(body: MergeIn, principal: AdminDep, memory: MemoryDep, state: StateDep) -> dict[str, Any]:
    """Merge person ``source`` into person ``into`` (pending until confirmed)."""
    info = await service.start_merge(memory, source=body.source, into=body.into, actor=actor_of(principal))
    state.forget_principals()  # the source's person keys are suspended
    return info.as_dict()


@router.get("/merges/{merge_id}")
async def get_merge(merge_id: str, _: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """One merge: who into whom, status, counts."""
    return (await service.get_merge(memory, merge_id=merge_id)).as_dict()


@router.post("/merges/{merge_id}/undo")
async def undo_merge(merge_id: str, principal: AdminDep, memory: MemoryDep, state: StateDep) -> dict[str, Any]:
    """Put both people back as they were (409 once the merge is confirmed or undone)."""
    info = await service.undo_merge(memory, merge_id=merge_id, actor=actor_of(principal))
    state.forget_principals()
    return info.as_dict()


@router.post("/merges/{merge_id}/confirm")
async def confirm_merge(merge_id: str, principal: AdminDep, memory: MemoryDep, state: StateDep) -> dict[str, Any]:
    """Make the merge final: the merged-away person is deleted (their key shredded)."""
    info = await service.confirm_merge(memory, merge_id=merge_id, actor=actor_of(principal))
    state.forget_principals()
    return info.as_dict()


@router.get("/audit")
async def audit(_: AdminDep, memory: MemoryDep, subject: str | None = None, limit: int = 100) -> dict[str, Any]:
    """The newest audit entries (of one merge id with ``subject``): who, when, what, counts."""
    rows = await service.audit_entries(memory, subject=subject, limit=limit)
    return {"entries": rows}
