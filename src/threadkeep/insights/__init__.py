"""Conversation insights for operators and people: re-asks, feedback, digests, retention.

Everything here runs from the durable job queue or from admin routes — never inside a turn.
:func:`install` registers the job kinds with a :class:`~threadkeep.engine.Memory`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = ["install"]


def install(memory: Memory) -> None:
    """Register the insight jobs and make sure the daily job is queued (idempotent)."""
    from threadkeep.engine import insight_jobs

    insight_jobs.install(memory)
