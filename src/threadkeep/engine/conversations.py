"""Conversations of a person: list, read, rename, delete, export, feedback, keep-warm.

:class:`Conversations` is what :class:`~threadkeep.engine.memory.Memory` delegates to. The
blocking functions below are what the chat surfaces read about conversations and messages,
without a session of their own (one read transaction each; the surfaces' answer job runs them
with ``asyncio.to_thread``). They answer for stored rows only; the turn is
:mod:`threadkeep.engine.turn`'s.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Protocol, TypeVar

from sqlalchemy.orm import Session

from threadkeep.cache.keepwarm import mark_keep_warm
from threadkeep.errors import Conflict, InputError, NotFound
from threadkeep.export import ConversationView, to_json, to_markdown
from threadkeep.store import repo, turns
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation, Message
from threadkeep.store.vault import Vault
from threadkeep.validate import clean_title

T = TypeVar("T")

__all__ = ["Conversations", "InvalidRating", "answer_to", "message_text", "conversation_exists", "latest_channel"]


class Stored(Protocol):
    """What the surface helpers below need of an open memory: its database and vault."""

    @property
    def db(self) -> Database: ...

    @property
    def vault(self) -> Vault: ...


class InvalidRating(InputError):
    """A feedback rating other than up or down."""


class Conversations:
    """A person's conversations, as the faces manage them (one transaction per call)."""

    def __init__(self, db: Database, vault: Vault) -> None:
        self.db = db
        self.vault = vault

    def _view(self, s: Session, conv: Conversation, *, messages: bool) -> ConversationView:
        msgs = tuple(repo.read_messages(s, self.vault, conv=conv)) if messages else ()
        return ConversationView(
            id=conv.id,
            title=repo.conversation_title(s, self.vault, conv),
            channel=conv.channel,
            created_at=conv.created_at,
            last_activity_at=conv.last_activity_at,
            message_count=conv.message_count,
            keep_warm=conv.keep_warm,
            messages=msgs,
        )

    def _reading(self, fn: Callable[[Session], T]) -> T:
        with self.db.reading() as s:
            return fn(s)

    async def list_conversations(
        self, *, user: str, limit: int = 50, before: datetime | None = None, before_id: str | None = None
    ) -> list[ConversationView]:
        """Newest activity first; page with the last view's ``(last_activity_at, id)``."""

        def run(s: Session) -> list[ConversationView]:
            found = repo.find_user(s, name=user)
            if found is None:
                return []
            return [
                self._view(s, c, messages=False)
                for c in repo.list_conversations(s, user_id=found.id, limit=limit, before=before, before_id=before_id)
            ]

        return await asyncio.to_thread(self._reading, run)

    async def get_conversation(self, conversation_id: str, *, user: str) -> ConversationView:
        """One conversation with its messages."""

        def run(s: Session) -> ConversationView:
            uid = repo.person_id(s, self.vault, name=user, create=False)
            return self._view(s, repo.get_conversation(s, user_id=uid, conversation_id=conversation_id), messages=True)

        return await asyncio.to_thread(self._reading, run)

    async def rename(self, conversation_id: str, title: str, *, user: str) -> None:
        clean = clean_title(title)

        def run(s: Session) -> None:
            uid = repo.person_id(s, self.vault, name=user, create=False)
            conv = repo.get_conversation(s, user_id=uid, conversation_id=conversation_id)
            repo.set_title(s, self.vault, conv=conv, title=clean)

        await asyncio.to_thread(self.db.write, run)

    async def delete_conversation(self, conversation_id: str, *, user: str) -> None:
        def run(s: Session) -> None:
            uid = repo.person_id(s, self.vault, name=user, create=False)
            repo.delete_conversation(s, user_id=uid, conversation_id=conversation_id)

        await asyncio.to_thread(self.db.write, run)

    async def export(self, conversation_id: str, *, user: str, format: str = "markdown") -> str:
        """The conversation as a person reads it: ``markdown`` or ``json``."""
        if format not in ("markdown", "json"):
            raise ValueError("format must be 'markdown' or 'json'")
        view = await self.get_conversation(conversation_id, user=user)
        return to_markdown(view) if format == "markdown" else to_json(view)

    async def set_feedback(self, message_id: str, rating: str | None, *, user: str) -> None:
        """Thumbs up/down (``"up"``/``"down"``) on an assistant message; ``None`` clears it."""
        if rating not in ("up", "down", None):
            raise InvalidRating(f"rating must be 'up' or 'down', not {rating!r}")

        def run(s: Session) -> None:
            uid = repo.person_id(s, self.vault, name=user, create=False)
            msg = turns.person_message(s, user_id=uid, message_id=message_id)
            if msg is None:
                raise NotFound(f"message {message_id} not found")
            if msg.role != "assistant":
                raise Conflict("feedback goes on an assistant message, not on the person's own")
            msg.rating = rating
            msg.rated_at = utcnow() if rating else None

        await asyncio.to_thread(self.db.write, run)

    async def set_keep_warm(self, conversation_id: str, on: bool, *, user: str) -> None:
        """Mark (or unmark) a conversation to be kept warm in the provider's prompt cache."""

        def run(s: Session) -> None:
            uid = repo.person_id(s, self.vault, name=user, create=False)
            conv = repo.get_conversation(s, user_id=uid, conversation_id=conversation_id)
            mark_keep_warm(s, conv.id, on)

        await asyncio.to_thread(self.db.write, run)


def answer_to(memory: Stored, user_message_id: str) -> tuple[str, str] | None:
    """``(assistant message id, its text)`` once a person's message is answered, else None."""
    with memory.db.reading() as s:
        msg = s.get(Message, user_message_id)
        if msg is None or msg.status != "answered":
            return None
        answer = turns.answer_of(s, message_id=user_message_id)
        if answer is None:
            return None
        return answer.id, repo.open_message_text(s, memory.vault, answer)


def message_text(memory: Stored, message_id: str) -> str:
    """A stored message's text ("" when there is no such message)."""
    with memory.db.reading() as s:
        msg = s.get(Message, message_id)
        return repo.open_message_text(s, memory.vault, msg) if msg is not None else ""


def conversation_exists(memory: Stored, conversation_id: str, user_id: str) -> bool:
    """Whether the person still has this conversation (not deleted, not someone else's)."""
    try:
        with memory.db.reading() as s:
            repo.get_conversation(s, user_id=user_id, conversation_id=conversation_id)
        return True
    except NotFound:
        return False


def latest_channel(memory: Stored, user_id: str) -> str | None:
    """The channel of the person's most recently active conversation (None: no conversation)."""
    with memory.db.reading() as s:
        return turns.latest_channel(s, user_id=user_id)
