"""What operators read and change through the faces: keep-warm limits and the cache report.

Each function runs its storage work off the event loop in one transaction, so the admin
routes and the CLI hold no session of their own.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import TYPE_CHECKING

from threadkeep.cache import report as cache_report
from threadkeep.cache import warm_settings
from threadkeep.cache.warm_settings import KeepWarmSettings

if TYPE_CHECKING:
    from threadkeep.engine.turn import Memory

__all__ = ["keep_warm_settings", "save_keep_warm_settings", "cache_report_since"]


async def keep_warm_settings(memory: Memory) -> KeepWarmSettings:
    """The keep-warm limits in force (the defaults, off, until an operator saves some)."""
    return await asyncio.to_thread(memory.db.write, warm_settings.load_settings)


async def save_keep_warm_settings(memory: Memory, settings: KeepWarmSettings) -> None:
    """Replace the keep-warm limits."""
    await asyncio.to_thread(memory.db.write, lambda s: warm_settings.save_settings(s, settings))


async def cache_report_since(memory: Memory, *, since: datetime | None = None) -> cache_report.CacheReport:
    """What the prompt cache did (from ``since`` when given): resumptions, rewrites, cost."""
    return await asyncio.to_thread(memory.db.write, lambda s: cache_report.build_report(s, since=since))
