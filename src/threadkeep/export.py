"""Exports show the conversation as a person reads it: messages only, no machinery."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from threadkeep.store.repo import StoredMessage
from threadkeep.wording import counted

__all__ = ["ConversationView", "to_markdown", "to_json"]


@dataclass(frozen=True, slots=True)
class ConversationView:
    id: str
    title: str | None
    channel: str
    created_at: datetime
    last_activity_at: datetime
    message_count: int
    keep_warm: bool
    messages: tuple[StoredMessage, ...] = ()

    def as_dict(self, *, with_messages: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "channel": self.channel,
            "created_at": self.created_at.isoformat(),
            "last_activity_at": self.last_activity_at.isoformat(),
            "message_count": self.message_count,
            "keep_warm": self.keep_warm,
        }
        if with_messages:
            out["messages"] = [
                {
                    "id": m.id,
                    "role": m.role,
                    "text": m.text,
                    "created_at": m.created_at.isoformat(),
                    "status": m.status,
                    "offline": m.offline,
                    "rating": m.rating,
                }
                for m in self.messages
            ]
        return out


def _stamp(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%d %H:%M UTC")


def to_markdown(view: ConversationView) -> str:
    lines = [f"# {view.title or 'Conversation'}", ""]
    lines.append(f"_Started {_stamp(view.created_at)} · {counted(view.message_count, 'message')} · id {view.id}_")
    for m in view.messages:
        who = "You" if m.role == "user" else "Assistant"
        note = {"failed": " — not answered (failed)", "tools": " — not answered (its tool round was not finished)"}.get(
            m.status, ""
        )
        note = note or (" — offline: quotes from memory" if m.offline else "")
        lines += ["", f"**{who}** ({_stamp(m.created_at)}){note}:", "", m.text]
    return "\n".join(lines) + "\n"


def to_json(view: ConversationView) -> str:
    return json.dumps(view.as_dict(), ensure_ascii=False, indent=2)
