"""What the chat surfaces read about conversations and messages, without a session of their own.

Blocking functions (one read transaction each): the surfaces' answer job runs them with
``asyncio.to_thread``. They answer for stored rows only; the turn itself is :class:`Memory`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import select

from threadkeep.errors import NotFound
from threadkeep.store import repo
from threadkeep.store.models import Conversation, Message

if TYPE_CHECKING:
    from threadkeep.engine.turn import Memory

__all__ = ["answer_to", "message_text", "conversation_exists", "latest_channel"]


def answer_to(memory: Memory, user_message_id: str) -> tuple[str, str] | None:
    """``(assistant message id, its text)`` once a person's message is answered, else None."""
    with memory.db.reading() as s:
        msg = s.get(Message, user_message_id)
        if msg is None or msg.status != "answered":
            return None
        answer = s.scalar(select(Message).where(Message.reply_to == user_message_id,
                                                Message.role == "assistant"))
        if answer is None:
            return None
        return answer.id, repo.open_message_text(s, memory.vault, answer)


def message_text(memory: Memory, message_id: str) -> str:
    """A stored message's text ("" when there is no such message)."""
    with memory.db.reading() as s:
        msg = s.get(Message, message_id)
        return repo.open_message_text(s, memory.vault, msg) if msg is not None else ""


def conversation_exists(memory: Memory, conversation_id: str, user_id: str) -> bool:
    """Whether the person still has this conversation (not deleted, not someone else's)."""
    try:
        with memory.db.reading() as s:
            repo.get_conversation(s, user_id=user_id, conversation_id=conversation_id)
        return True
    except NotFound:
        return False


def latest_channel(memory: Memory, user_id: str) -> str | None:
    """The channel of the person's most recently active conversation (None: no conversation)."""
    with memory.db.reading() as s:
        return s.scalar(select(Conversation.channel).where(Conversation.user_id == user_id)
                        .order_by(Conversation.last_activity_at.desc()).limit(1))
