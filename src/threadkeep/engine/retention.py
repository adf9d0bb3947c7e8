"""Retention policy: conversations idle for longer than N days are deleted by a background job.

Off by default (ARCHITECTURE §2: a conversation never expires from idleness unless the
deployment says so). Stored in the ``settings`` table under ``retention``:
``{"enabled": false, "days": 365}``. Age is measured from the conversation's last activity,
so a thread someone still uses is never cut in the middle. Deleting a conversation removes
everything under it, as a person's own delete does.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from threadkeep.errors import InputError
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.insights_tables import ReaskMark
from threadkeep.store.models import Conversation, Setting

__all__ = ["RETENTION_SETTING", "RetentionPolicy", "load_policy", "save_policy", "apply_retention"]

RETENTION_SETTING = "retention"
MAX_DAYS = 36_500
BATCH = 500


@dataclass(frozen=True, slots=True)
class RetentionPolicy:
    enabled: bool = False
    days: int = 365

    @classmethod
    def from_json(cls, data: Any) -> RetentionPolicy:
        """Parse an admin's value; unknown keys and bad numbers are refused with the reason."""
        if not isinstance(data, dict):
            raise InputError('the retention policy is an object: {"enabled": bool, "days": int}')
        unknown = set(data) - {"enabled", "days"}
        if unknown:
            raise InputError(f"unknown retention keys: {', '.join(sorted(unknown))}")
        enabled = data.get("enabled", False)
        days = data.get("days", 365)
        if not isinstance(enabled, bool):
            raise InputError("retention 'enabled' must be true or false")
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_DAYS:
            raise InputError(f"retention 'days' must be a whole number from 1 to {MAX_DAYS}")
        return cls(enabled, days)

    def to_json(self) -> dict[str, Any]:
        return {"enabled": self.enabled, "days": self.days}


def load_policy(session: Session) -> RetentionPolicy:
    row = session.get(Setting, RETENTION_SETTING)
    if row is None:
        return RetentionPolicy()
    try:
        return RetentionPolicy.from_json(row.value)
    except InputError:
        return RetentionPolicy()  # a hand-edited bad value must not delete anything


def save_policy(session: Session, policy: RetentionPolicy) -> None:
    repo.save_setting(session, RETENTION_SETTING, policy.to_json())


def apply_retention(session: Session, *, now: datetime | None = None, policy: RetentionPolicy | None = None) -> int:
    """Delete up to one batch of conversations older than the policy allows; returns how many."""
    policy = policy or load_policy(session)
    if not policy.enabled:
        return 0
    cutoff = (now or utcnow()) - timedelta(days=policy.days)
    old = session.execute(
        select(Conversation.id, Conversation.user_id).where(Conversation.last_activity_at < cutoff).limit(BATCH)
    ).all()
    for cid, uid in old:
        # Explicitly too: the outcome must not depend on SQLite's foreign-key pragma.
        session.execute(delete(ReaskMark).where(ReaskMark.conversation_id == cid))
        repo.delete_conversation(session, user_id=uid, conversation_id=cid)
    return len(old)
