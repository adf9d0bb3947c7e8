"""Administration (admin keys only): API keys, anonymous visitors, people, identity links."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, ConfigDict, Field

from threadkeep.api.deps import AdminDep, MemoryDep, StateDep
from threadkeep.api.routers import merges
from threadkeep.api.schemas import ERRORS
from threadkeep.api.state import ANONYMOUS_SETTING
from threadkeep.engine import merges as merge_service
from threadkeep.engine import people as people_service
from threadkeep.errors import NotFound

router = APIRouter(prefix="/v1/admin", tags=["admin"], responses={**ERRORS, 403: {"description": "Needs an admin key"}})


class KeyIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scope: Literal["admin", "surface", "person"]
    person: str | None = Field(default=None, max_length=200, description="Required for person keys.")
    name: str | None = Field(default=None, max_length=200, description="A label for operators.")


class IdentityIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    person: str = Field(min_length=1, max_length=200, description="The person's handle.")
    channel: str = Field(min_length=1, max_length=32, description="e.g. slack, telegram, mattermost, web.")
    external_id: str = Field(min_length=1, max_length=200, description="The user's id on that channel.")


class Toggle(BaseModel):
    model_config = ConfigDict(extra="forbid")
    enabled: bool


@router.get("/keys")
async def list_keys(_: AdminDep, memory: MemoryDep, include_revoked: bool = False) -> dict[str, Any]:
    """Every API key (hash never shown; the prefix identifies it)."""
    keys = await asyncio.to_thread(memory.access.list_keys, include_revoked=include_revoked)
    return {"keys": [k.as_dict() for k in keys]}


@router.post("/keys", status_code=201)
async def create_key(body: KeyIn, _: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Make a key; the response is the only time the key itself is shown."""
    key, info = await asyncio.to_thread(memory.access.create_key, scope=body.scope, person=body.person, name=body.name)
    return {"key": key, **info.as_dict()}


@router.delete("/keys/{key_id}", status_code=204)
async def revoke_key(key_id: str, _: AdminDep, memory: MemoryDep, state: StateDep) -> Response:
    """Revoke a key (by id or prefix); its web sessions end with it."""
    await asyncio.to_thread(memory.access.revoke_key, key_id)
    state.forget_principals()
    return Response(status_code=204)


@router.get("/anonymous-visitors")
async def get_anonymous(_: AdminDep, state: StateDep) -> dict[str, bool]:
    """Whether the public widget may open anonymous visitor sessions (off by default)."""
    return {"enabled": bool(await state.setting(ANONYMOUS_SETTING, False))}


@router.put("/anonymous-visitors")
async def put_anonymous(body: Toggle, _: AdminDep, state: StateDep) -> dict[str, bool]:
    """Allow or stop anonymous visitors; existing visitor sessions stop working when off."""
    await state.put_setting(ANONYMOUS_SETTING, body.enabled)
    return {"enabled": body.enabled}


@router.get("/people")
async def people(_: AdminDep, memory: MemoryDep) -> dict[str, list[str]]:
    """Every person's handle."""
    return {"people": await memory.people()}


@router.get("/people/{person}/identities")
async def list_identities(person: str, _: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """The channel identities linked to a person."""
    uid = await memory.user_id(person)
    pairs = await people_service.identities_of(memory, user_id=uid)
    return {"person": person, "identities": [{"channel": c, "external_id": e} for c, e in pairs]}


@router.post("/identities", status_code=201)
async def link_identity(body: IdentityIn, principal: AdminDep, memory: MemoryDep, state: StateDep) -> dict[str, Any]:
    """Link a channel identity to a person.

    When the identity belongs to another person, that person is merged into this one
    (conversations, facts, profile, identities): ``merge`` describes the pending merge, which
    ``POST /v1/admin/merges/{id}/undo`` takes back and ``.../confirm`` makes final.
    """
    uid = await memory.user_id(body.person)
    linked = await merge_service.link_or_merge(
        memory, user_id=uid, channel=body.channel, external_id=body.external_id, actor=merges.actor_of(principal)
    )
    if linked.merge is not None:
        state.forget_principals()  # the merged person's own keys are suspended
    return {
        "id": linked.identity_id,
        "person": body.person,
        "channel": body.channel,
        "external_id": body.external_id,
        "merge": linked.merge.as_dict() if linked.merge is not None else None,
    }


@router.delete("/identities/{channel}/{external_id}", status_code=204)
async def unlink_identity(channel: str, external_id: str, _: AdminDep, memory: MemoryDep) -> Response:
    """Remove a link; 404 when there was none."""
    if not await people_service.unlink_identity(memory, channel=channel, external_id=external_id):
        raise NotFound(f"{channel}:{external_id} is not linked")
    return Response(status_code=204)
