"""Administration of the prompt cache (admin keys only): keep-warm limits and the cache report."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import PlainTextResponse, Response

from threadkeep.api.deps import AdminDep, MemoryDep
from threadkeep.api.errors import ApiError
from threadkeep.api.schemas import ERRORS
from threadkeep.cache import report as cache_report
from threadkeep.cache import warm_settings
from threadkeep.engine import admin
from threadkeep.errors import ConfigError

router = APIRouter(prefix="/v1/admin", tags=["admin"], responses={**ERRORS, 403: {"description": "Needs an admin key"}})


@router.get("/keep-warm")
async def get_keep_warm(_: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Keep-warm limits (off by default): sessions, warm duration, quiet hours, pings per idle span."""
    settings = await admin.keep_warm_settings(memory)
    return settings.to_json()


@router.put("/keep-warm")
async def put_keep_warm(body: dict[str, Any], _: AdminDep, memory: MemoryDep) -> dict[str, Any]:
    """Replace the keep-warm limits; missing keys take their defaults, unknown keys are refused."""
    try:
        parsed = warm_settings.KeepWarmSettings.from_json(body)
    except (ConfigError, TypeError, AttributeError) as e:
        # A bad value sent by a caller is a 400, not a server configuration error.
        raise ApiError(400, str(e) or "invalid keep-warm settings") from e
    await admin.save_keep_warm_settings(memory, parsed)
    return parsed.to_json()


@router.get(
    "/cache-report", response_model=None, responses={200: {"content": {"application/json": {}, "text/plain": {}}}}
)
async def get_cache_report(
    _: AdminDep,
    memory: MemoryDep,
    since: Annotated[datetime | None, Query(description="Only calls from this instant (ISO 8601 with offset).")] = None,
    format: Literal["json", "text"] = "json",
) -> Response | dict[str, Any]:
    """Resumptions, cache rewrites (and those under the TTL), tokens rewritten for nothing, cost;
    ``model`` names the model and its cache style, ``note`` says why the report is empty when
    the model has no prompt cache (offline mode)."""
    if since is not None and since.tzinfo is None:
        raise ApiError(400, "since must carry its UTC offset, e.g. 2026-11-01T00:00:00+00:00")
    report = await admin.cache_report_since(memory, since=since)
    note = _no_cache_note(memory)
    if format == "text":
        return PlainTextResponse(cache_report.render_table(report) + (f"\n\n{note}" if note else ""))
    return {
        **report.to_dict(),
        "model": {"name": memory.model.name, "prompt_cache": memory.model.capabilities.cache_style},
        "note": note,
    }


def _no_cache_note(memory: Any) -> str | None:
    """Why the report is empty when the model has no prompt cache (offline mode above all)."""
    if memory.model.capabilities.cache_style != "none":
        return None
    if memory.model.name == "offline":
        return (
            "Offline mode: no language model is configured, so no provider is called and there is no "
            "prompt cache to report — these figures and charts stay empty. Set THREADKEEP_MODEL "
            "(e.g. anthropic:claude-sonnet-4-5 or openai:gpt-4.1; docs/PROVIDERS.md) and restart to see them."
        )
    return (
        f"The model {memory.model.name!r} has no provider prompt cache, so there are no cache reads, "
        "writes or rewrites to report; costs are shown as they are."
    )
