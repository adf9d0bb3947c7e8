"""What operators read and change through the faces: keep-warm limits and the warm sessions,
the cache report, feedback analytics and the admin content policy, the tool catalogue, the
retention policy, re-ask figures, what the surfaces last heard, queued digest runs, and the
master key a rotation finishes with.

Each function runs its storage work off the event loop in one transaction, so the admin
routes and the CLI hold no session of their own.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import inspect, select

from threadkeep import jobs
from threadkeep.cache import report as cache_report
from threadkeep.cache import warm_settings
from threadkeep.cache.keepwarm import warm_status
from threadkeep.cache.warm_settings import KeepWarmSettings
from threadkeep.crypto import MasterKey
from threadkeep.engine import feedback, retention
from threadkeep.engine.insight_jobs import enqueue_digests
from threadkeep.engine.tools import TOOLS_SETTING, tool_settings
from threadkeep.errors import MasterKeyError
from threadkeep.llm.pricing import ANTHROPIC_PRICING, Pricing
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.models import ApiKey, Conversation, User
from threadkeep.store.surface_tables import SurfaceStatus

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from threadkeep.engine.memory import Memory

__all__ = [
    "keep_warm_settings",
    "save_keep_warm_settings",
    "cache_report_since",
    "cache_report_at",
    "rotation_to_finish",
    "key_file",
    "content_policy",
    "set_content_policy",
    "feedback_report",
    "rated_conversation",
    "tools",
    "save_tools",
    "retention_policy",
    "save_retention_policy",
    "warm_sessions",
    "reask_figures",
    "SurfaceActivity",
    "surface_activity",
    "queue_digests",
]


async def keep_warm_settings(memory: Memory) -> KeepWarmSettings:
    """The keep-warm limits in force (the defaults, off, until an operator saves some)."""
    return await asyncio.to_thread(memory.db.write, warm_settings.load_settings)


async def save_keep_warm_settings(memory: Memory, settings: KeepWarmSettings) -> None:
    """Replace the keep-warm limits."""
    await asyncio.to_thread(memory.db.write, lambda s: warm_settings.save_settings(s, settings))


async def cache_report_since(memory: Memory, *, since: datetime | None = None) -> cache_report.CacheReport:
    """What the prompt cache did (from ``since`` when given): resumptions, rewrites, cost."""
    return await asyncio.to_thread(memory.db.write, lambda s: cache_report.build_report(s, since=since))


def cache_report_at(
    database_url: str,
    *,
    since: datetime | None = None,
    prices: Pricing = ANTHROPIC_PRICING,
    resume_after_s: float = 300.0,
    create_folder: bool = False,
) -> cache_report.CacheReport:
    """The cache report of the database at ``database_url``, without a master key (the call log
    holds no sealed text): for the CLI, which may run beside a busy server. ``create_folder``:
    the default database's folder may not exist yet (:class:`~threadkeep.store.db.Database`)."""
    db = Database(database_url, create_folder=create_folder)
    try:
        db.upgrade()
        with db.reading() as s:  # a report only reads: it never waits behind a busy server's writes
            return cache_report.build_report(s, since=since, prices=prices, resume_after_s=resume_after_s)
    finally:
        db.dispose()


async def rotation_to_finish(memory: Memory) -> MasterKey:
    """The master key an interrupted rotation finishes with: the database's current key, which
    must be among the keys this memory holds (MasterKeyError, saying what to do, when not)."""

    def read() -> str | None:
        with memory.db.reading() as s:
            return memory.vault.active_key_id(s)

    active = await asyncio.to_thread(read)
    held = {k.key_id: k for k in memory.vault.held()}
    if active is None or active not in held:
        raise MasterKeyError(
            "No rotation to finish with the keys given: pass --new-key-file, or put the "
            f"database's current key ({active}) first in the key file."
        )
    return held[active]


def key_file(memory: Memory) -> Path | None:
    """The key file the memory's master keys came from (None: from the environment)."""
    return memory.vault.path


async def content_policy(memory: Memory) -> bool:
    """Whether admins may read the text of rated conversations (off by default)."""
    return await asyncio.to_thread(memory.db.write, feedback.content_allowed)


async def set_content_policy(memory: Memory, enabled: bool) -> None:
    """Allow or refuse admins the text of rated conversations."""
    await asyncio.to_thread(memory.db.write, lambda s: feedback.set_content_allowed(s, enabled))


async def feedback_report(
    memory: Memory, *, since: datetime | None = None, until: datetime | None = None
) -> dict[str, Any]:
    """Thumbs up/down by day, by surface and by knowledge search, and the rated answers (no text)."""
    return await asyncio.to_thread(
        memory.db.write, lambda s: feedback.feedback_report(s, memory.vault, since=since, until=until)
    )


async def rated_conversation(memory: Memory, conversation_id: str) -> dict[str, Any] | None:
    """A rated conversation's roles and ratings, its text only when the content policy allows;
    None when there is no such conversation."""

    def run(s: Session) -> dict[str, Any] | None:
        return feedback.rated_conversation(
            s, memory.vault, conversation_id=conversation_id, with_text=feedback.content_allowed(s)
        )

    return await asyncio.to_thread(memory.db.write, run)


async def tools(memory: Memory) -> dict[str, Any]:
    """The tool catalogue in force: ``web_search`` on/off and its provider (off by default)."""
    return await asyncio.to_thread(memory.db.write, tool_settings)


async def save_tools(memory: Memory, value: dict[str, Any]) -> dict[str, Any]:
    """Save the tool settings (checked by the caller) and return the catalogue now in force."""

    def save(s: Session) -> dict[str, Any]:
        repo.save_setting(s, TOOLS_SETTING, value)
        s.flush()
        return tool_settings(s)

    return await asyncio.to_thread(memory.db.write, save)


async def retention_policy(memory: Memory) -> retention.RetentionPolicy:
    """The retention policy in force (off until an operator enables it)."""
    return await asyncio.to_thread(memory.db.write, retention.load_policy)


async def save_retention_policy(memory: Memory, policy: retention.RetentionPolicy) -> None:
    """Save the policy; an enabled one is applied at once by the daily job, queued now."""

    def save(s: Session) -> None:
        retention.save_policy(s, policy)
        if policy.enabled:
            today = utcnow().date().isoformat()
            jobs.enqueue(s, kind="insights_daily", payload={"day": today}, dedupe_key=f"insights_daily:now:{today}")

    await asyncio.to_thread(memory.db.write, save)


async def warm_sessions(memory: Memory) -> list[dict[str, Any]]:
    """Conversations marked to keep warm (newest activity first, at most 500) and their state."""

    def run(s: Session) -> list[dict[str, Any]]:
        rows = s.execute(
            select(Conversation, User.name)
            .join(User, User.id == Conversation.user_id)
            .where(Conversation.keep_warm.is_(True))
            .order_by(Conversation.last_activity_at.desc())
            .limit(500)
        ).all()
        out = []
        for conv, person in rows:
            st = warm_status(s, conv.id) or {
                "state": "marked",
                "reason": None,
                "pings": 0,
                "warm_since": None,
                "last_ping_at": None,
            }
            out.append(
                {
                    "conversation_id": conv.id,
                    "person": person,
                    "channel": conv.channel,
                    "last_activity_at": conv.last_activity_at.isoformat(),
                    **st,
                }
            )
        return out

    return await asyncio.to_thread(memory.db.write, run)


async def reask_figures(memory: Memory, *, since: date | None = None) -> dict[str, Any]:
    """How often answers re-asked something known, per day and per configuration."""
    day = since.isoformat() if since else None
    from threadkeep.engine import reask_marks  # lazy: start-up (tests/test_serve_startup.py)

    return await asyncio.to_thread(memory.db.write, lambda s: reask_marks.reask_stats(s, since=day))


@dataclass(frozen=True)
class SurfaceActivity:
    """What the surfaces last heard: per chat surface its last event, answer and error, and
    whether a live API key is named for MCP (and when one was last used)."""

    channels: dict[str, dict[str, Any]]
    mcp_keys: int
    mcp_last_used: datetime | None


async def surface_activity(memory: Memory) -> SurfaceActivity:
    """Last event/answer/error per surface, from the surfaces' status table when it exists."""

    def iso(v: datetime | None) -> str | None:
        return v.isoformat() if v is not None else None

    def run(s: Session) -> SurfaceActivity:
        channels: dict[str, dict[str, Any]] = {}
        if SurfaceStatus.__tablename__ in inspect(s.get_bind()).get_table_names():
            channels = {
                r.channel: {
                    "last_event_at": iso(r.last_event_at),
                    "last_answer_at": iso(r.last_answer_at),
                    "last_error": r.last_error,
                    "last_error_at": iso(r.last_error_at),
                }
                for r in s.scalars(select(SurfaceStatus))
            }
        # MCP is a client of the API with its own key: the live keys named for it.
        used = s.execute(
            select(ApiKey.last_used_at).where(ApiKey.revoked_at.is_(None), ApiKey.name.ilike("%mcp%"))
        ).all()
        last = max((r[0] for r in used if r[0] is not None), default=None)
        return SurfaceActivity(channels, len(used), last)

    return await asyncio.to_thread(memory.db.write, run)


async def queue_digests(memory: Memory, *, period: str, start: date, person: str | None = None) -> bool:
    """Queue the digests of a period for the background runner; False when already queued."""
    return await asyncio.to_thread(
        memory.db.write, lambda s: enqueue_digests(s, period=period, start=start, person=person)
    )
