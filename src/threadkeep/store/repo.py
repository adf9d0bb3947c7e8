"""Repository functions for people, conversations and messages (keyword-only, one session).

Every function that reads a conversation takes the caller's person id and treats a
conversation of someone else exactly like an unknown one: ``NotFound``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session

from threadkeep.errors import NotFound
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.models import Conversation, Identity, Message, SummaryVersion, User, UserKey
from threadkeep.store.vault import SYSTEM_USER, Vault

__all__ = [
    "StoredMessage",
    "get_or_create_user",
    "find_user",
    "delete_user",
    "get_conversation",
    "create_conversation",
    "append_message",
    "read_messages",
    "list_conversations",
    "conversation_title",
    "set_title",
    "delete_conversation",
    "open_message_text",
    "latest_summary",
    "summary_at",
]


@dataclass(frozen=True, slots=True)
class StoredMessage:
    """A decrypted message with its storage identity."""

    id: str
    seq: int
    role: str
    text: str
    status: str
    created_at: datetime
    rating: str | None = None
    error: str | None = None
    reply_to: str | None = None


def find_user(session: Session, *, name: str) -> User | None:
    return session.scalar(select(User).where(User.name == name))


def get_or_create_user(session: Session, vault: Vault, *, name: str) -> User:
    """The person with this handle, made (with a fresh data key) on first use."""
    if name == SYSTEM_USER:
        raise NotFound("that name is reserved")
    user = find_user(session, name=name)
    if user is None:
        user = User(id=new_id(), name=name)
        session.add(user)
        session.flush()
        vault.create_key(session, user.id)
        session.add(Identity(user_id=user.id, channel="local", external_id=name))
    return user


def delete_user(session: Session, vault: Vault, *, user_id: str) -> None:
    """Delete a person: their data key first (crypto-shredding), then every row of theirs."""
    session.execute(delete(UserKey).where(UserKey.user_id == user_id))
    session.execute(delete(User).where(User.id == user_id))
    vault.forget(user_id)


def get_conversation(session: Session, *, user_id: str, conversation_id: str, lock: bool = False) -> Conversation:
    """The caller's conversation; someone else's id is NotFound, never a leak."""
    stmt = select(Conversation).where(Conversation.id == conversation_id, Conversation.user_id == user_id)
    if lock:
        # FOR UPDATE on PostgreSQL; SQLite has none and needs none (BEGIN IMMEDIATE).
        stmt = stmt.with_for_update()
    conv = session.scalar(stmt)
    if conv is None:
        raise NotFound(f"conversation {conversation_id} not found")
    return conv


def create_conversation(
    session: Session,
    vault: Vault,
    *,
    user_id: str,
    channel: str,
    system_prompt: str,
    startup: str,
    conversation_id: str | None = None,
) -> Conversation:
    """A new conversation with its system prompt and start-up bundle frozen (sealed)."""
    cid = conversation_id or new_id()
    conv = Conversation(id=cid, user_id=user_id, channel=channel)
    conv.system_prompt_ct = vault.seal(session, user_id, system_prompt, table="conversations", column="system_prompt", row_id=cid)
    conv.startup_ct = vault.seal(session, user_id, startup, table="conversations", column="startup", row_id=cid)
    session.add(conv)
    session.flush()
    return conv


def append_message(
    session: Session,
    vault: Vault,
    *,
    conv: Conversation,
    role: str,
    text: str,
    status: str,
    reply_to: str | None = None,
    model: str | None = None,
    usage: dict[str, Any] | None = None,
    trace: str | None = None,
) -> Message:
    """Append one message at the next sequence number of the conversation."""
    mid = new_id()
    conv.message_count += 1
    now = utcnow()
    conv.last_activity_at = now
    msg = Message(
        id=mid,
        conversation_id=conv.id,
        user_id=conv.user_id,
        seq=conv.message_count,
        role=role,
        status=status,
        reply_to=reply_to,
        model=model,
        usage=usage,
        created_at=now,
        text_ct=vault.seal(session, conv.user_id, text, table="messages", column="text", row_id=mid),
    )
    if trace is not None:
        msg.trace_ct = vault.seal(session, conv.user_id, trace, table="messages", column="trace", row_id=mid)
    session.add(msg)
    session.flush()
    return msg


def open_message_text(session: Session, vault: Vault, msg: Message) -> str:
    return vault.open_text(session, msg.user_id, msg.text_ct, table="messages", column="text", row_id=msg.id)


def read_messages(
    session: Session, vault: Vault, *, conv: Conversation, after_seq: int = 0, limit: int | None = None
) -> list[StoredMessage]:
    """Decrypted messages with ``seq > after_seq``, in order."""
    stmt = (
        select(Message)
        .where(Message.conversation_id == conv.id, Message.seq > after_seq)
        .order_by(Message.seq)
    )
    if limit is not None:
        stmt = stmt.limit(limit)
    return [
        StoredMessage(
            id=m.id, seq=m.seq, role=m.role, text=open_message_text(session, vault, m), status=m.status,
            created_at=m.created_at, rating=m.rating, error=m.error, reply_to=m.reply_to,
        )
        for m in session.scalars(stmt)
    ]


def conversation_title(session: Session, vault: Vault, conv: Conversation) -> str | None:
    if conv.title_ct is None:
        return None
    return vault.open_text(session, conv.user_id, conv.title_ct, table="conversations", column="title", row_id=conv.id)


def set_title(session: Session, vault: Vault, *, conv: Conversation, title: str) -> None:
    conv.title_ct = vault.seal(session, conv.user_id, title, table="conversations", column="title", row_id=conv.id)


def list_conversations(
    session: Session, *, user_id: str, limit: int = 50, before: datetime | None = None,
    before_id: str | None = None,
) -> list[Conversation]:
    """The person's conversations, newest activity first, then by id.

    Page with the last row's ``(last_activity_at, id)`` as ``(before, before_id)``: a keyset
    cursor, so conversations sharing one instant are neither skipped nor repeated. ``before``
    alone (the older cursor form) pages strictly before that instant.
    """
    stmt = select(Conversation).where(Conversation.user_id == user_id)
    if before is not None and before_id is not None:
        stmt = stmt.where(or_(Conversation.last_activity_at < before,
                              (Conversation.last_activity_at == before) & (Conversation.id > before_id)))
    elif before is not None:
        stmt = stmt.where(Conversation.last_activity_at < before)
    stmt = stmt.order_by(Conversation.last_activity_at.desc(), Conversation.id).limit(limit)
    return list(session.scalars(stmt))


def delete_conversation(session: Session, *, user_id: str, conversation_id: str) -> None:
    """Delete a conversation and, by cascade, everything under it."""
    conv = get_conversation(session, user_id=user_id, conversation_id=conversation_id)
    # Explicit deletes as well as ON DELETE CASCADE, so the result does not depend on the
    # SQLite connection having foreign keys switched on.
    session.execute(delete(Message).where(Message.conversation_id == conv.id))
    session.execute(delete(SummaryVersion).where(SummaryVersion.conversation_id == conv.id))
    session.delete(conv)


def latest_summary(session: Session, *, conversation_id: str) -> SummaryVersion | None:
    return session.scalar(
        select(SummaryVersion)
        .where(SummaryVersion.conversation_id == conversation_id)
        .order_by(SummaryVersion.version.desc())
        .limit(1)
    )


def summary_at(session: Session, *, conversation_id: str, version: int) -> SummaryVersion | None:
    """Summary version ``version`` of a conversation (0, or a missing one: None)."""
    if version <= 0:
        return None
    return session.scalar(select(SummaryVersion).where(
        SummaryVersion.conversation_id == conversation_id, SummaryVersion.version == version))


def mark_stale_pending(session: Session, *, older_than: datetime) -> int:
    """Turns whose process died mark failed (retryable): those whose owner's lease is dead
    (:mod:`threadkeep.store.leases`) at once, and — a backstop for a live process that could
    not record a failure, the database being away — any turn still pending since before
    ``older_than``."""
    from threadkeep.store.leases import INTERRUPTED, recover_dead_turns

    result = session.execute(
        update(Message)
        .where(Message.status == "pending", Message.created_at < older_than)
        .values(status="failed", error=INTERRUPTED, failed_at=utcnow())
    )
    return int(result.rowcount or 0) + recover_dead_turns(session)
