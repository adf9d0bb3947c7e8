"""What the engine needs around one turn: the frozen prefix, the request, background jobs.

The engine owns the transaction boundaries; this module decides what goes into a request
and what work a completed turn leaves behind.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from threadkeep import jobs
from threadkeep.context.request import ModelRequest, Segment
from threadkeep.errors import NotFound
from threadkeep.messages import ChatMessage
from threadkeep.store import repo
from threadkeep.store.models import Conversation, Message

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = ["TurnBuilder"]


class TurnBuilder:
    def __init__(self, memory: Memory) -> None:
        self.m = memory

    # -- the frozen prefix ---------------------------------------------------------------
    def freeze_prefix(self, s: Session, user_id: str, channel: str) -> tuple[str, str]:
        """System prompt and start-up bundle for a new conversation, fixed for its lifetime."""
        started = datetime.now(UTC).strftime("%Y-%m-%d")
        startup = f"Conversation started on {started} (UTC), channel: {channel}."
        return self.m.settings.system_prompt, startup

    # -- one request ---------------------------------------------------------------------
    def build(self, user_id: str, conversation_id: str, message_id: str) -> tuple[ModelRequest, dict[str, Any]]:
        with self.m.db.session() as s:
            conv = s.get(Conversation, conversation_id)
            if conv is None or conv.user_id != user_id:
                raise NotFound(f"conversation {conversation_id} not found")
            vault = self.m.vault
            system = vault.open_text(s, user_id, conv.system_prompt_ct, table="conversations",
                                     column="system_prompt", row_id=conv.id)
            startup = vault.open_text(s, user_id, conv.startup_ct, table="conversations",
                                      column="startup", row_id=conv.id)
            history = repo.read_messages(s, vault, conv=conv, after_seq=conv.summary_cursor)
        current = next(m for m in history if m.id == message_id)
        before = [m for m in history if m.id != message_id and m.seq < current.seq]
        segments = (
            Segment("startup", (ChatMessage.user(startup),)),
            Segment("history", tuple(ChatMessage(m.role, ChatMessage.user(m.text).parts) for m in before)),  # type: ignore[arg-type]
            Segment("new_message", (ChatMessage.user(current.text),)),
        )
        request = ModelRequest(system=system, segments=segments, max_tokens=self.m.settings.max_answer_tokens,
                               cache_key=conversation_id)
        report = {"segments": {"history": len(before)}, "trace": {}}
        return request, report

    # -- after the turn -----------------------------------------------------------------
    def after_turn(self, s: Session, conv: Conversation, user_msg: Message) -> None:
        """Queue the background work a completed turn leaves (inside the turn's transaction)."""
        verbatim = conv.message_count - conv.summary_cursor
        if verbatim > self.m.settings.fold_threshold:
            jobs.enqueue(s, kind="fold", payload={"conversation_id": conv.id},
                         dedupe_key=f"fold:{conv.id}")

    def job_handlers(self) -> dict[str, jobs.Handler]:
        return {"fold": self._fold_job}

    async def _fold_job(self, payload: dict[str, Any]) -> None:
        return None
