"""The admin console's routes: tool catalogue, retention, content policy, warm sessions,
re-asks, feedback analytics, surface status, digests — and the person's own digests.

Every ``/v1/admin`` route needs an admin key or an admin web session (403 otherwise). The
admin page (``/admin``) is static; it logs in by exchanging an admin key for the same signed
session cookie the web app uses, so the key never stays in the browser.
"""

from __future__ import annotations

import asyncio
from datetime import date, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from threadkeep.api.deps import AdminDep, MemoryDep, PersonDep, StateDep
from threadkeep.api.errors import ApiError
from threadkeep.api.routers.session import start_session
from threadkeep.api.routers.web import WEB_DIR
from threadkeep.api.schemas import ERRORS
from threadkeep.engine import admin as admin_service
from threadkeep.engine import digest, retention
from threadkeep.errors import NotFound
from threadkeep.store.base import utcnow
from threadkeep.surfaces.common import SurfaceSettings

router = APIRouter(responses={**ERRORS, 403: {"description": "Needs an admin key"}})
ADMIN = ["admin"]
_PAGE_HEADERS = {"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"}


class WebSearchIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    enabled: bool
    provider: Literal["searxng"] = "searxng"
    url: str | None = Field(default=None, max_length=500, description="The provider's base URL (http/https).")


class ToolsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    web_search: WebSearchIn


class Toggle(BaseModel):
    model_config = ConfigDict(extra="forbid")
    enabled: bool


class DigestRunIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    period: Literal["week", "month"] = "week"
    start: date | None = Field(default=None, description="A day inside the period; default: the last ended one.")
    person: str | None = Field(default=None, max_length=200)


# -- the admin page and its login ----------------------------------------------------------
@router.get("/admin", include_in_schema=False)
async def admin_page() -> Response:
    return FileResponse(WEB_DIR / "admin.html", media_type="text/html; charset=utf-8", headers=_PAGE_HEADERS)


@router.get("/admin/admin.js", include_in_schema=False)
async def admin_script() -> Response:
    return FileResponse(WEB_DIR / "admin.js", media_type="text/javascript; charset=utf-8", headers=_PAGE_HEADERS)


@router.post("/v1/admin/session", tags=["admin"])
async def admin_login(principal: AdminDep, state: StateDep, response: Response) -> dict[str, Any]:
    """Exchange the admin key sent as Bearer for a session cookie (HttpOnly, SameSite=Strict)."""
    await start_session(state, response, key_id=principal.key_id)
    return {"scope": "admin", "via": "session"}


@router.get("/v1/admin/whoami", tags=["admin"])
async def admin_whoami(principal: AdminDep) -> dict[str, Any]:
    """200 for an admin key or admin session: how the admin page knows it may show itself."""
    return {"scope": principal.scope, "via": principal.via, "key_id": principal.key_id}


# -- tool catalogue --------------------------------------------------------------------------
@router.get("/v1/admin/tools", tags=["admin"])
async def get_tools(_: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """The tool catalogue: ``web_search`` on/off and its provider (off by default)."""
    return await admin_service.tools(memory)


@router.put("/v1/admin/tools", tags=["admin"])
async def put_tools(body: ToolsIn, _: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Enable or disable web search; enabling needs the provider's http(s) URL."""
    ws = body.web_search
    url = (ws.url or "").strip() or None
    if url is not None and not url.startswith(("http://", "https://")):
        raise ApiError(400, "the web search URL must start with http:// or https://")
    if ws.enabled and url is None:
        raise ApiError(400, "web search needs its provider URL to be enabled")
    value = {"web_search": {"enabled": ws.enabled, "provider": ws.provider, "url": url}}
    return await admin_service.save_tools(memory, value)


# -- retention and content policy ------------------------------------------------------------
@router.get("/v1/admin/retention", tags=["admin"])
async def get_retention(_: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Delete conversations idle longer than ``days`` (off by default)."""
    return (await admin_service.retention_policy(memory)).to_json()


@router.put("/v1/admin/retention", tags=["admin"])
async def put_retention(body: dict[str, Any], _: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Set the policy; the daily background job applies it (``?apply`` runs it now, in the queue)."""
    policy = retention.RetentionPolicy.from_json(body)
    await admin_service.save_retention_policy(memory, policy)
    return policy.to_json()


@router.get("/v1/admin/content-policy", tags=["admin"])
async def get_content_policy(_: AdminDep, memory: MemoryDep) -> dict[str, bool]:
    """Whether admins may read rated conversations (off by default: counts only)."""
    return {"enabled": await admin_service.content_policy(memory)}


@router.put("/v1/admin/content-policy", tags=["admin"])
async def put_content_policy(body: Toggle, _: AdminDep, memory: MemoryDep) -> dict[str, bool]:
    await admin_service.set_content_policy(memory, body.enabled)
    return {"enabled": body.enabled}


# -- keep-warm sessions ----------------------------------------------------------------------
@router.get("/v1/admin/keep-warm/sessions", tags=["admin"])
async def warm_sessions(_: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Conversations marked to keep warm, and their state: warm, cooled or flagged (with reason)."""
    return {"sessions": await admin_service.warm_sessions(memory)}


# -- re-asks and feedback ----------------------------------------------------------------------
@router.get("/v1/admin/reasks", tags=["admin"])
async def reasks(
    _: AdminDep, memory: MemoryDep, since: Annotated[date | None, Query(description="First day (UTC).")] = None
) -> dict[str, Any]:
    """How often answers re-asked something known, per day and per configuration."""
    return await admin_service.reask_figures(memory, since=since)


def _aware(value: datetime | None, name: str) -> datetime | None:
    if value is not None and value.tzinfo is None:
        raise ApiError(400, f"{name} must carry its UTC offset, e.g. 2026-11-01T00:00:00+00:00")
    return value


@router.get("/v1/admin/feedback", tags=["admin"])
async def feedback_analytics(
    _: AdminDep, memory: MemoryDep, since: datetime | None = None, until: datetime | None = None
) -> dict[str, Any]:
    """Thumbs up/down by day, by surface and by knowledge search, and the rated answers (no text)."""
    lo, hi = _aware(since, "since"), _aware(until, "until")
    return await admin_service.feedback_report(memory, since=lo, until=hi)


@router.get("/v1/admin/feedback/conversations/{conversation_id}", tags=["admin"])
async def rated_conversation(conversation_id: str, _: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """A rated conversation: roles and ratings; its text only when the content policy allows."""
    found = await admin_service.rated_conversation(memory, conversation_id)
    if found is None:
        raise NotFound(f"conversation {conversation_id} not found")
    return found


# -- surfaces --------------------------------------------------------------------------------
@router.get("/v1/admin/surfaces", tags=["admin"])
async def surfaces(request: Request, _: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Slack, Telegram, Mattermost, MCP: configured or not, and when each last heard anything."""
    seen = await admin_service.surface_activity(memory)
    # The settings the webhooks answer with (read once, at start), not a second reading.
    configured: SurfaceSettings = getattr(request.app.state, "surfaces", None) or SurfaceSettings()
    out = []
    for name, missing in configured.missing().items():
        row = seen.channels.get(name, {})
        out.append(
            {
                "surface": name,
                "configured": not missing,
                "missing": missing,
                "last_event_at": row.get("last_event_at"),
                "last_answer_at": row.get("last_answer_at"),
                "last_error": row.get("last_error"),
            }
        )
    # MCP is a client of the API with its own key: configured when a live key is named for it.
    last = seen.mcp_last_used
    out.append(
        {
            "surface": "mcp",
            "configured": bool(seen.mcp_keys),
            "missing": [] if seen.mcp_keys else ["an API key named 'mcp'"],
            "last_event_at": last.isoformat() if last else None,
            "last_answer_at": None,
            "last_error": None,
        }
    )
    return {"surfaces": out}


# -- digests ---------------------------------------------------------------------------------
@router.post("/v1/admin/digests/run", tags=["admin"], status_code=202)
async def run_digests(body: DigestRunIn, _: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Queue the digests of a period (built by the background job runner, never in a turn)."""
    today = utcnow().date()
    start, end = (
        digest.period_bounds(body.period, body.start) if body.start else digest.previous_period(body.period, today)
    )
    queued = await admin_service.queue_digests(memory, period=body.period, start=start, person=body.person)
    return {"queued": queued, "period": body.period, "start": start.isoformat(), "end": end.isoformat()}


@router.get("/v1/me/digests", tags=["me"])
async def my_digests(
    memory: MemoryDep,
    person: PersonDep,
    period: Literal["week", "month"] | None = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> dict[str, Any]:
    """The person's weekly and monthly digests, newest first: recurring topics, decisions, open items."""
    found = await asyncio.to_thread(digest.digests_of, memory, person=person, period=period, limit=limit)
    return {"digests": [d.to_dict() for d in found]}


__all__ = ["router"]
