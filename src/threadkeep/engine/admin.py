"""What operators read and change through the faces: keep-warm limits, the cache report, and
the master key a rotation finishes with.

Each function runs its storage work off the event loop in one transaction, so the admin
routes and the CLI hold no session of their own.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from threadkeep.cache import report as cache_report
from threadkeep.cache import warm_settings
from threadkeep.cache.warm_settings import KeepWarmSettings
from threadkeep.crypto import MasterKey
from threadkeep.errors import MasterKeyError

if TYPE_CHECKING:
    from threadkeep.engine.turn import Memory

__all__ = ["keep_warm_settings", "save_keep_warm_settings", "cache_report_since", "rotation_to_finish",
           "key_file"]


async def keep_warm_settings(memory: Memory) -> KeepWarmSettings:
    """The keep-warm limits in force (the defaults, off, until an operator saves some)."""
    return await asyncio.to_thread(memory.db.write, warm_settings.load_settings)


async def save_keep_warm_settings(memory: Memory, settings: KeepWarmSettings) -> None:
    """Replace the keep-warm limits."""
    await asyncio.to_thread(memory.db.write, lambda s: warm_settings.save_settings(s, settings))


async def cache_report_since(memory: Memory, *, since: datetime | None = None) -> cache_report.CacheReport:
    """What the prompt cache did (from ``since`` when given): resumptions, rewrites, cost."""
    return await asyncio.to_thread(memory.db.write, lambda s: cache_report.build_report(s, since=since))


async def rotation_to_finish(memory: Memory) -> MasterKey:
    """The master key an interrupted rotation finishes with: the database's current key, which
    must be among the keys this memory holds (MasterKeyError, saying what to do, when not)."""
    active = await asyncio.to_thread(memory._read, memory.vault.active_key_id)
    held = {k.key_id: k for k in memory.vault.held()}
    if active is None or active not in held:
        raise MasterKeyError(
            "No rotation to finish with the keys given: pass --new-key-file, or put the "
            f"database's current key ({active}) first in the key file.")
    return held[active]


def key_file(memory: Memory) -> Path | None:
    """The key file the memory's master keys came from (None: from the environment)."""
    return memory.vault.path
