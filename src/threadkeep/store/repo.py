"""Repository functions for people, conversations and messages (keyword-only, one session).

Every function that reads a conversation takes the caller's person id and treats a
conversation of someone else exactly like an unknown one: ``NotFound``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, or_, select, update
from sqlalchemy.orm import Session

from threadkeep.errors import Conflict, Gone, NotFound
from threadkeep.store.base import new_id, rows_affected, utcnow
from threadkeep.store.leases import INTERRUPTED, recover_dead_turns
from threadkeep.store.models import (
    Conversation,
    DeletedPerson,
    Identity,
    KeyringMeta,
    Message,
    Setting,
    SummaryVersion,
    User,
)
from threadkeep.store.people_tables import MERGED_PREFIX, PersonMerge
from threadkeep.store.vault import SYSTEM_USER, Vault

__all__ = [
    "StoredMessage",
    "get_or_create_user",
    "find_user",
    "refuse_merged",
    "person_id",
    "last_user_message_id",
    "keyring_exists",
    "person_names",
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
    offline: bool = False  # an offline answer: quotes of memory, never memory itself


def find_user(session: Session, *, name: str) -> User | None:
    return session.scalar(_USER_BY_NAME, {"name": name})


# Every turn looks its person and conversation up: the statements are built once.
_USER_BY_NAME = select(User).where(User.name == bindparam("name"))


def get_or_create_user(session: Session, vault: Vault, *, name: str, revive: bool = False) -> User:
    """The person with this handle, made (with a fresh data key) on first use.

    A deleted handle stays deleted: a request still holding a credential of the deleted
    person (a cached key, a session, a surface retrying) gets :class:`Gone` and nothing is
    stored. Only an administrator's explicit act (``revive``: making a person key for the
    handle) lifts the tombstone and starts a new, empty person.
    """
    if name == SYSTEM_USER:
        raise NotFound("that name is reserved")
    user = find_user(session, name=name)
    if user is None or user.name.startswith(MERGED_PREFIX):
        refuse_merged(session, name)
    if user is None:
        any_stone = session.scalar(select(DeletedPerson.name_mac).limit(1)) is not None
        stone = session.get(DeletedPerson, vault.tombstone(session, name)) if any_stone else None
        if stone is not None:
            if not revive:
                raise Gone(
                    f"person {name!r} was deleted, and a deletion is final; an administrator "
                    "can admit the name again by creating a person key for it"
                )
            session.delete(stone)
        user = User(id=new_id(), name=name)
        session.add(user)
        session.flush()
        vault.create_key(session, user.id)
        session.add(Identity(user_id=user.id, channel="local", external_id=name))
    return user


def refuse_merged(session: Session, name: str) -> None:
    """A person merged into another is unreachable by name until the merge is confirmed
    (then the handle is deleted) or undone (then the person is back)."""
    if name.startswith(MERGED_PREFIX):
        raise Conflict("that person was merged into another; confirm or undo the merge (`threadkeep users merge list`)")
    merged = session.execute(
        select(PersonMerge.id, User.name)
        .join(User, User.id == PersonMerge.target_user_id)
        .where(PersonMerge.source_name == name, PersonMerge.status == "pending")
    ).first()
    if merged is not None:
        raise Conflict(
            f"person {name!r} was merged into {merged[1]!r} (merge {merged[0]}, pending): "
            f"their conversations are {merged[1]!r}'s now. Confirm the merge "
            f"(`threadkeep users merge confirm {merged[0]}`) or undo it "
            f"(`threadkeep users merge undo {merged[0]}`) first."
        )


def person_id(session: Session, vault: Vault, *, name: str, create: bool) -> str:
    """The id of the person called ``name``, created first when ``create``; for one who does
    not exist: ``NotFound``, or the merge notice when they were merged into someone else."""
    if create:
        return get_or_create_user(session, vault, name=name).id
    found = find_user(session, name=name)
    if found is None or found.name.startswith(MERGED_PREFIX):
        refuse_merged(session, name)  # merged into someone else: say so, not "not found"
        raise NotFound(f"person {name!r} not found")
    return found.id


def last_user_message_id(session: Session, *, conversation_id: str) -> str | None:
    """The id of the conversation's latest message from the person (None: none yet)."""
    return session.scalar(
        select(Message.id)
        .where(Message.conversation_id == conversation_id, Message.role == "user")
        .order_by(Message.seq.desc())
        .limit(1)
    )


def get_conversation(session: Session, *, user_id: str, conversation_id: str, lock: bool = False) -> Conversation:
    """The caller's conversation; someone else's id is NotFound, never a leak."""
    # FOR UPDATE on PostgreSQL when locking; SQLite has none and needs none (BEGIN IMMEDIATE).
    conv = session.scalar(
        _OWN_CONVERSATION_LOCKED if lock else _OWN_CONVERSATION, {"cid": conversation_id, "uid": user_id}
    )
    if conv is None:
        raise NotFound(f"conversation {conversation_id} not found")
    return conv


_OWN_CONVERSATION = select(Conversation).where(
    Conversation.id == bindparam("cid"), Conversation.user_id == bindparam("uid")
)
_OWN_CONVERSATION_LOCKED = _OWN_CONVERSATION.with_for_update()


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
    conv.system_prompt_ct = vault.seal(
        session, user_id, system_prompt, table="conversations", column="system_prompt", row_id=cid
    )
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
    owner: str | None = None,
    speaker: str | None = None,
    offline: bool = False,
) -> Message:
    """Append one message at the next sequence number of the conversation (``owner``: the
    turn lease of the process answering it, set in the same INSERT; ``speaker``: who said it,
    when a name is known — sealed)."""
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
        owner=owner,
        offline=offline,
        text_ct=vault.seal(session, conv.user_id, text, table="messages", column="text", row_id=mid),
    )
    if trace is not None:
        msg.trace_ct = vault.seal(session, conv.user_id, trace, table="messages", column="trace", row_id=mid)
    if speaker:
        msg.speaker_ct = vault.seal(session, conv.user_id, speaker, table="messages", column="speaker", row_id=mid)
    session.add(msg)
    session.flush()
    return msg


def open_message_text(session: Session, vault: Vault, msg: Message | Any) -> str:
    """The text of ``msg`` (a Message, or a row with its id, user_id and text_ct)."""
    return vault.open_text(session, msg.user_id, msg.text_ct, table="messages", column="text", row_id=msg.id)


def read_messages(
    session: Session, vault: Vault, *, conv: Conversation, after_seq: int = 0, limit: int | None = None
) -> list[StoredMessage]:
    """Decrypted messages with ``seq > after_seq``, in order."""
    params: dict[str, Any] = {"cid": conv.id, "after": after_seq}
    if limit is not None:
        params["limit"] = limit
    return [
        StoredMessage(
            id=m.id,
            seq=m.seq,
            role=m.role,
            text=open_message_text(session, vault, m),
            status=m.status,
            created_at=m.created_at,
            rating=m.rating,
            error=m.error,
            reply_to=m.reply_to,
            offline=m.offline,
        )
        for m in session.execute(_AFTER_SEQ if limit is None else _AFTER_SEQ_LIMIT, params)
    ]


# Every turn reads its window: the statement is built once (building it cost more CPU than
# running it), and reads the columns a StoredMessage needs as plain rows (an ORM object per
# message cost more than the row).
_AFTER_SEQ = (
    select(
        Message.id,
        Message.user_id,
        Message.seq,
        Message.role,
        Message.text_ct,
        Message.status,
        Message.created_at,
        Message.rating,
        Message.error,
        Message.reply_to,
        Message.offline,
    )
    .where(Message.conversation_id == bindparam("cid"), Message.seq > bindparam("after"))
    .order_by(Message.seq)
)
_AFTER_SEQ_LIMIT = _AFTER_SEQ.limit(bindparam("limit"))


def save_setting(session: Session, key: str, value: Any) -> None:
    """Store ``value`` under the deployment setting ``key`` (added, or replaced in place)."""
    row = session.get(Setting, key)
    if row is None:
        session.add(Setting(key=key, value=value, updated_at=utcnow()))
    else:
        row.value, row.updated_at = value, utcnow()


def conversation_title(session: Session, vault: Vault, conv: Conversation) -> str | None:
    if conv.title_ct is None:
        return None
    return vault.open_text(session, conv.user_id, conv.title_ct, table="conversations", column="title", row_id=conv.id)


def set_title(session: Session, vault: Vault, *, conv: Conversation, title: str) -> None:
    conv.title_ct = vault.seal(session, conv.user_id, title, table="conversations", column="title", row_id=conv.id)


def list_conversations(
    session: Session,
    *,
    user_id: str,
    limit: int = 50,
    before: datetime | None = None,
    before_id: str | None = None,
) -> list[Conversation]:
    """The person's conversations, newest activity first, then by id.

    Page with the last row's ``(last_activity_at, id)`` as ``(before, before_id)``: a keyset
    cursor, so conversations sharing one instant are neither skipped nor repeated. ``before``
    alone (the older cursor form) pages strictly before that instant.
    """
    stmt = select(Conversation).where(Conversation.user_id == user_id)
    if before is not None and before_id is not None:
        stmt = stmt.where(
            or_(
                Conversation.last_activity_at < before,
                (Conversation.last_activity_at == before) & (Conversation.id > before_id),
            )
        )
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
    return session.scalar(
        select(SummaryVersion).where(
            SummaryVersion.conversation_id == conversation_id, SummaryVersion.version == version
        )
    )


def mark_stale_pending(session: Session, *, older_than: datetime) -> int:
    """Turns whose process died mark failed (retryable): those whose owner's lease is dead
    (:mod:`threadkeep.store.leases`) at once, and — a backstop for a live process that could
    not record a failure, the database being away — any turn still pending since before
    ``older_than``."""
    result = session.execute(
        update(Message)
        .where(Message.status == "pending", Message.created_at < older_than)
        .values(status="failed", error=INTERRUPTED, failed_at=utcnow())
    )
    return rows_affected(result) + recover_dead_turns(session)


def keyring_exists(session: Session) -> bool:
    """Whether the database holds a keyring (data sealed under some master key)."""
    return session.scalar(select(KeyringMeta.key_id).limit(1)) is not None


def person_names(session: Session) -> list[str]:
    """Every person's name, sorted; anonymous visitors and system rows left out (their names
    are hashes of a bearer credential, or internal)."""
    return [u for u in session.scalars(select(User.name).order_by(User.name)) if not u.startswith(("__", "visitor:"))]
