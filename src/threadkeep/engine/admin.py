"""What operators read and change through the faces: keep-warm limits, the cache report,
feedback analytics and the admin content policy, and the master key a rotation finishes with.

Each function runs its storage work off the event loop in one transaction, so the admin
routes and the CLI hold no session of their own.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from threadkeep.cache import report as cache_report
from threadkeep.cache import warm_settings
from threadkeep.cache.warm_settings import KeepWarmSettings
from threadkeep.crypto import MasterKey
from threadkeep.engine import feedback
from threadkeep.errors import MasterKeyError

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from threadkeep.engine.turn import Memory

__all__ = ["keep_warm_settings", "save_keep_warm_settings", "cache_report_since", "rotation_to_finish",
           "key_file", "content_policy", "set_content_policy", "feedback_report", "rated_conversation"]


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


async def content_policy(memory: Memory) -> bool:
    """Whether admins may read the text of rated conversations (off by default)."""
    return await asyncio.to_thread(memory.db.write, feedback.content_allowed)


async def set_content_policy(memory: Memory, enabled: bool) -> None:
    """Allow or refuse admins the text of rated conversations."""
    await asyncio.to_thread(memory.db.write, lambda s: feedback.set_content_allowed(s, enabled))


async def feedback_report(memory: Memory, *, since: datetime | None = None,
                          until: datetime | None = None) -> dict[str, Any]:
    """Thumbs up/down by day, by surface and by knowledge search, and the rated answers (no text)."""
    return await asyncio.to_thread(memory.db.write, lambda s: feedback.feedback_report(
        s, memory.vault, since=since, until=until))


async def rated_conversation(memory: Memory, conversation_id: str) -> dict[str, Any] | None:
    """A rated conversation's roles and ratings, its text only when the content policy allows;
    None when there is no such conversation."""
    def run(s: Session) -> dict[str, Any] | None:
        return feedback.rated_conversation(s, memory.vault, conversation_id=conversation_id,
                                           with_text=feedback.content_allowed(s))

    return await asyncio.to_thread(memory.db.write, run)
