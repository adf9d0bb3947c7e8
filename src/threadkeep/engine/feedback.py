"""Feedback analytics: thumbs up/down by day, by surface and by whether knowledge was searched.

Counts come from plaintext columns (``rating``, ``rated_at``, the conversation's ``channel``).
Whether the answer searched the knowledge base is in the sealed retrieval trace, so each rated
answer's trace is opened in memory with its owner's key and only the yes/no leaves this module.

Admins see text only where the deployment allows it: the ``admin_content`` setting
(``{"enabled": false}`` by default). Without it an admin gets counts and ids, never words.
"""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.store import repo
from threadkeep.store.models import Conversation, Message, Setting, User
from threadkeep.store.vault import Vault

__all__ = [
    "CONTENT_SETTING",
    "content_allowed",
    "set_content_allowed",
    "feedback_report",
    "rated_conversation",
    "searched_knowledge",
]

CONTENT_SETTING = "admin_content"
MAX_LISTED = 200


def content_allowed(session: Session) -> bool:
    """Whether the deployment lets admins read rated conversations (off by default)."""
    row = session.get(Setting, CONTENT_SETTING)
    return bool(row is not None and isinstance(row.value, dict) and row.value.get("enabled") is True)


def set_content_allowed(session: Session, enabled: bool) -> None:
    repo.save_setting(session, CONTENT_SETTING, {"enabled": enabled})


def searched_knowledge(session: Session, vault: Vault, msg: Message) -> bool:
    """Whether the answer called ``search_knowledge`` (read from its sealed trace, in memory)."""
    if msg.trace_ct is None:
        return False
    try:
        trace = json.loads(
            vault.open_text(session, msg.user_id, msg.trace_ct, table="messages", column="trace", row_id=msg.id)
        )
    except ValueError:
        return False
    searches = trace.get("searches", []) if isinstance(trace, dict) else []
    return any(isinstance(s, dict) and s.get("tool") == "search_knowledge" for s in searches)


def _rates(counts: dict[str, int]) -> dict[str, Any]:
    total = counts["up"] + counts["down"]
    return {
        "up": counts["up"],
        "down": counts["down"],
        "total": total,
        "up_rate": round(counts["up"] / total, 4) if total else None,
    }


def feedback_report(
    session: Session, vault: Vault, *, since: datetime | None = None, until: datetime | None = None
) -> dict[str, Any]:
    """Rates by day (of the rating), by surface and by knowledge search, and the rated answers."""
    q = (
        select(Message, Conversation.channel, User.name)
        .join(Conversation, Conversation.id == Message.conversation_id)
        .join(User, User.id == Message.user_id)
        .where(Message.role == "assistant", Message.rating.is_not(None))
    )
    if since is not None:
        q = q.where(Message.rated_at >= since)
    if until is not None:
        q = q.where(Message.rated_at < until)

    def blank() -> dict[str, int]:
        return {"up": 0, "down": 0}

    by_day: dict[str, dict[str, int]] = defaultdict(blank)
    by_surface: dict[str, dict[str, int]] = defaultdict(blank)
    by_search: dict[str, dict[str, int]] = {"searched": blank(), "not_searched": blank()}
    totals = blank()
    rated: list[dict[str, Any]] = []
    for msg, channel, person in session.execute(q.order_by(Message.rated_at.desc(), Message.id)):
        rating = msg.rating if msg.rating in ("up", "down") else None
        if rating is None:
            continue
        at = msg.rated_at or msg.created_at
        searched = searched_knowledge(session, vault, msg)
        by_day[at.strftime("%Y-%m-%d")][rating] += 1
        by_surface[channel][rating] += 1
        by_search["searched" if searched else "not_searched"][rating] += 1
        totals[rating] += 1
        if len(rated) < MAX_LISTED:
            rated.append(
                {
                    "message_id": msg.id,
                    "conversation_id": msg.conversation_id,
                    "person": person,
                    "channel": channel,
                    "rating": rating,
                    "rated_at": at.isoformat(),
                    "searched_knowledge": searched,
                }
            )
    return {
        "totals": _rates(totals),
        "by_day": {d: _rates(c) for d, c in sorted(by_day.items())},
        "by_surface": {s: _rates(c) for s, c in sorted(by_surface.items())},
        "by_search": {k: _rates(c) for k, c in by_search.items()},
        "rated": rated,
        "content_allowed": content_allowed(session),
    }


def rated_conversation(
    session: Session, vault: Vault, *, conversation_id: str, with_text: bool
) -> dict[str, Any] | None:
    """One conversation for the admin: ratings and roles always, text only when allowed."""
    conv = session.get(Conversation, conversation_id)
    if conv is None:
        return None
    person = session.scalar(select(User.name).where(User.id == conv.user_id))
    messages = []
    for m in repo.read_messages(session, vault, conv=conv) if with_text else []:
        messages.append(
            {
                "id": m.id,
                "seq": m.seq,
                "role": m.role,
                "rating": m.rating,
                "created_at": m.created_at.isoformat(),
                "text": m.text,
            }
        )
    if not with_text:
        for row in session.scalars(select(Message).where(Message.conversation_id == conv.id).order_by(Message.seq)):
            messages.append(
                {
                    "id": row.id,
                    "seq": row.seq,
                    "role": row.role,
                    "rating": row.rating,
                    "created_at": row.created_at.isoformat(),
                    "text": None,
                }
            )
    return {
        "id": conv.id,
        "person": person,
        "channel": conv.channel,
        "content_allowed": with_text,
        "messages": messages,
    }
