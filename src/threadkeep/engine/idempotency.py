"""Sending a turn twice stores it once: ``Idempotency-Key`` and the resend of a failed message.

With a key (per person, remembered ``idempotency_ttl_s``, 24 h by default), the first request
stores its turn and the key names it; a later request with the same key gets that turn's
outcome — the stored answer, or the in-flight attempt's result once it ends — and a turn
whose attempt failed is answered again on the same stored message. The same key with a
different request (another text, conversation or endpoint) is refused (422).

A request whose turn paused for the client's tools keeps the calls it got on its key's row
(sealed): a retry gets the same calls, ids included, without a model call, and a follow-up's
tool results are checked against the calls this server made. They are cleared when the turn
is answered, and expire with the row.

Without a key, an identical message sent again within ``resend_window_s`` of a failed attempt
— to the same conversation, or, when no conversation is named, the resend of a message that
opened a conversation and failed — reuses the failed message instead of storing another.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.orm import Session

from threadkeep.errors import InputError
from threadkeep.store import repo
from threadkeep.store.models import Conversation, IdempotencyKey, Message
from threadkeep.store.vault import Vault

__all__ = [
    "KEY_MAX_CHARS",
    "REQUEST_KEY_PREFIX",
    "IdempotencyMismatch",
    "check_key",
    "find_key",
    "remember_key",
    "same_request",
    "recent_failed",
    "Outcome",
    "stored_outcome",
    "StoredCalls",
    "keep_calls",
    "calls_of",
    "calls_for_key",
    "issued_call_ids",
    "forget_calls",
]

KEY_MAX_CHARS = 255
# The keys a drop-in request is its own key under (engine/openai_threads.py: request_key_for).
REQUEST_KEY_PREFIX = "tk-turn-"


class IdempotencyMismatch(InputError):
    """An Idempotency-Key reused for a different request."""

    status_code = 422


def check_key(key: str | None) -> str | None:
    """The key as given, or a clear error: 1–255 printable ASCII characters."""
    if key is None:
        return None
    if not 1 <= len(key) <= KEY_MAX_CHARS or not key.isascii() or not key.isprintable():
        raise InputError(f"Idempotency-Key must be 1 to {KEY_MAX_CHARS} printable ASCII characters")
    return key


def find_key(s: Session, *, user_id: str, key: str, now: datetime) -> IdempotencyKey | None:
    """The person's live row for ``key`` (their expired rows are forgotten on the way)."""
    s.execute(delete(IdempotencyKey).where(IdempotencyKey.user_id == user_id, IdempotencyKey.expires_at < now))
    return s.scalar(select(IdempotencyKey).where(IdempotencyKey.user_id == user_id, IdempotencyKey.key == key))


def remember_key(
    s: Session,
    *,
    user_id: str,
    key: str,
    endpoint: str,
    conversation_id: str | None,
    message_id: str,
    now: datetime,
    ttl_s: float,
) -> None:
    s.add(
        IdempotencyKey(
            user_id=user_id,
            key=key,
            endpoint=endpoint,
            requested_conversation_id=conversation_id,
            message_id=message_id,
            created_at=now,
            expires_at=now + timedelta(seconds=ttl_s),
        )
    )
    s.flush()  # a concurrent first use of the key fails here, and the caller looks again


def same_request(
    s: Session,
    vault: Vault,
    row: IdempotencyKey,
    msg: Message | None,
    *,
    endpoint: str,
    conversation_id: str | None,
    text: str | None,
) -> Message:
    """The row's message when the request is the one the key was first used for, else 422."""
    if (
        msg is None
        or row.endpoint != endpoint
        or row.requested_conversation_id != conversation_id
        or (text is not None and repo.open_message_text(s, vault, msg) != text)
    ):
        raise IdempotencyMismatch(
            "this Idempotency-Key was used for a different request in the last "
            "24 hours; use a new key for a new request"
        )
    return msg


def recent_failed(
    s: Session,
    vault: Vault,
    *,
    user_id: str,
    conversation: Conversation | None,
    channel: str,
    text: str,
    window_s: float,
    now: datetime,
) -> Message | None:
    """A failed message with this text from the last ``window_s`` seconds that a resend reuses:
    the conversation's last message, or (no conversation named) the only message of the
    person's newest conversation on this channel."""
    if window_s <= 0:
        return None
    if conversation is None:
        conversation = s.scalar(
            select(Conversation)
            .where(Conversation.user_id == user_id, Conversation.channel == channel)
            .order_by(Conversation.last_activity_at.desc())
            .limit(1)
        )
        if conversation is None or conversation.message_count != 1:
            return None
    last = s.execute(_LAST_MESSAGE, {"cid": conversation.id}).first()
    if (
        last is None
        or last.role != "user"
        or last.status != "failed"
        or last.failed_at is None
        or last.failed_at < now - timedelta(seconds=window_s)
    ):
        return None
    return s.get(Message, last.id) if repo.open_message_text(s, vault, last) == text else None


# Built once: every turn checks whether it resends a failed one (a few columns: the message
# itself is loaded only when it is one).
_LAST_MESSAGE = (
    select(Message.id, Message.user_id, Message.text_ct, Message.role, Message.status, Message.failed_at)
    .where(Message.conversation_id == bindparam("cid"))
    .order_by(Message.seq.desc())
    .limit(1)
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a stored turn ended: ``answered`` (with its answer), ``failed`` or ``pending``."""

    status: str
    owner: str | None = None
    answer_id: str = ""
    text: str = ""
    usage: dict[str, Any] | None = None
    trace: str = "{}"
    error: str = ""


def stored_outcome(s: Session, vault: Vault, message_id: str) -> Outcome:
    msg = s.get(Message, message_id)
    if msg is None:
        return Outcome("failed", error="NotFound: the message was deleted")
    if msg.status != "answered":
        return Outcome(msg.status, owner=msg.owner, error=msg.error or "")
    answer = s.scalar(
        select(Message)
        .where(
            Message.conversation_id == msg.conversation_id, Message.reply_to == message_id, Message.role == "assistant"
        )
        .order_by(Message.seq.desc())
        .limit(1)
    )
    if answer is None:
        return Outcome("failed", error="NotFound: the answer was deleted")
    trace = (
        vault.open_text(s, answer.user_id, answer.trace_ct, table="messages", column="trace", row_id=answer.id)
        if answer.trace_ct is not None
        else "{}"
    )
    return Outcome(
        "answered",
        answer_id=answer.id,
        text=repo.open_message_text(s, vault, answer),
        usage=dict(answer.usage or {}),
        trace=trace,
    )


@dataclass(frozen=True, slots=True)
class StoredCalls:
    """The tool calls a request's turn paused with: text said before them, the calls as the
    client got them (``id``, ``name``, ``arguments``), the usage of the model calls, and when."""

    text: str
    calls: list[dict[str, Any]]
    usage: dict[str, int]
    at: datetime


def keep_calls(
    s: Session,
    vault: Vault,
    *,
    user_id: str,
    key: str,
    text: str,
    calls: list[dict[str, Any]],
    usage: dict[str, int],
    now: datetime,
) -> None:
    """Seal the calls a paused turn got onto its request's key row (if the row is there)."""
    row = s.scalar(select(IdempotencyKey).where(IdempotencyKey.user_id == user_id, IdempotencyKey.key == key))
    if row is None:
        return
    payload = json.dumps({"text": text, "calls": calls, "usage": usage}, ensure_ascii=False, sort_keys=True)
    row.calls_ct = vault.seal(s, user_id, payload, table="idempotency_keys", column="calls", row_id=row.id)
    row.calls_at = now


def calls_of(s: Session, vault: Vault, row: IdempotencyKey) -> StoredCalls | None:
    """The calls kept on a key row (None: its request did not pause, or they were cleared)."""
    if row.calls_ct is None or row.calls_at is None:
        return None
    data = json.loads(
        vault.open_text(s, row.user_id, row.calls_ct, table="idempotency_keys", column="calls", row_id=row.id)
    )
    return StoredCalls(
        str(data.get("text") or ""),
        list(data.get("calls") or []),
        {k: int(v) for k, v in (data.get("usage") or {}).items()},
        row.calls_at,
    )


def calls_for_key(s: Session, vault: Vault, *, user_id: str, key: str) -> StoredCalls | None:
    """:func:`calls_of` the person's row for ``key`` (None when there is none)."""
    row = s.scalar(select(IdempotencyKey).where(IdempotencyKey.user_id == user_id, IdempotencyKey.key == key))
    return None if row is None else calls_of(s, vault, row)


def issued_call_ids(s: Session, vault: Vault, *, user_id: str, message_id: str) -> set[str]:
    """The ids of every tool call this server gave a client for the turn of ``message_id``."""
    rows = s.scalars(
        select(IdempotencyKey).where(
            IdempotencyKey.user_id == user_id,
            IdempotencyKey.message_id == message_id,
            IdempotencyKey.calls_ct.is_not(None),
        )
    )
    return {str(c.get("id")) for row in rows if (kept := calls_of(s, vault, row)) for c in kept.calls}


def forget_calls(s: Session, *, message_id: str, key: str | None = None) -> None:
    """Clear the kept calls of a turn (the turn is answered), or of one request's ``key``."""
    where = [IdempotencyKey.message_id == message_id]
    if key is not None:
        where.append(IdempotencyKey.key == key)
    s.execute(update(IdempotencyKey).where(*where).values(calls_ct=None, calls_at=None))
