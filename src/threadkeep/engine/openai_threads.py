"""Recognise an OpenAI client's conversation from the history it resends.

A standard OpenAI client keeps the conversation itself and sends all of it on every turn, with
no conversation id. After each answered turn threadkeep stores one fingerprint of the
conversation as such a client now holds it (its user and assistant messages in order, ending
with the answer). A later request's earlier messages are fingerprinted the same way, prefix by
prefix: the longest prefix that is a conversation's stored fingerprint names that conversation,
and the messages after that prefix are history threadkeep has not seen (stored before the new
message). No prefix known: a new conversation, with the whole history stored first.

The fingerprint is a chain of HMAC-SHA256 under a subkey of the person's data key, so the
database holds nothing that confirms a guessed message, and shredding the person's key makes
their fingerprints meaningless. System, developer and tool messages, and messages without
text, are left out: a client that puts today's date in its system prompt keeps its thread.
Text is compared after trimming surrounding whitespace and normalising line ends.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from threadkeep.engine import idempotency
from threadkeep.engine.idempotency import REQUEST_KEY_PREFIX
from threadkeep.store import repo, turns
from threadkeep.store.base import utcnow
from threadkeep.store.models import Conversation, Message, OpenAIThread
from threadkeep.store.vault import Vault

if TYPE_CHECKING:
    from threadkeep.engine.memory import Memory

__all__ = [
    "OpenAIThread",
    "Recognised",
    "RequestKey",
    "Turn",
    "fingerprint",
    "normalise",
    "recognise",
    "remember",
    "recognise_for",
    "remember_for",
    "request_key_for",
    "REQUEST_KEY_PREFIX",
]

Turn = tuple[str, str]  # (role, text): role is "user" or "assistant"
ROLES = ("user", "assistant")
# Prefixes looked up per query, newest first: a resent history matches at or near its end.
_LOOKUP_BATCH = 400
_SUBKEY_LABEL = b"threadkeep openai thread fingerprint v1"
_START = "00" * 32


@dataclass(frozen=True, slots=True)
class Recognised:
    """What a resent history says: the conversation (None: a new one) and what it adds."""

    conversation_id: str | None
    unseen: tuple[Turn, ...]
    # The conversation's last message is a failed turn with this same new text: answer it
    # again instead of storing the message twice (the OpenAI SDK retries a 502 by itself).
    retry_message_id: str | None = None


def normalise(text: str) -> str:
    """The text as fingerprinted: line ends normalised, surrounding whitespace trimmed."""
    return text.replace("\r\n", "\n").strip()


def _key(session: Session, vault: Vault, user_id: str) -> bytes:
    # A subkey, so the data key itself is used for AES-GCM only.
    return hmac.new(vault.data_key(session, user_id), _SUBKEY_LABEL, hashlib.sha256).digest()


def _link(key: bytes, head: str, role: str, text: str) -> str:
    body = b"\x00".join((bytes.fromhex(head), role.encode(), normalise(text).encode("utf-8")))
    return hmac.new(key, body, hashlib.sha256).hexdigest()


def fingerprint(key: bytes, turns: Sequence[Turn]) -> list[str]:
    """The fingerprint of every prefix of ``turns``: index ``i`` stands for ``turns[:i]``."""
    heads = [_START]
    for role, text in turns:
        heads.append(_link(key, heads[-1], role, text))
    return heads


def recognise(session: Session, vault: Vault, *, user_id: str, history: Sequence[Turn], new_text: str) -> Recognised:
    """Find the person's conversation that ``history`` (the messages before the new one) continues."""
    heads = fingerprint(_key(session, vault, user_id), history)
    # Longest prefix first; the empty prefix (index 0) names no conversation.
    for stop in range(len(heads), 1, -_LOOKUP_BATCH):
        batch = heads[max(1, stop - _LOOKUP_BATCH) : stop]
        rows = session.execute(
            select(OpenAIThread.head, OpenAIThread.conversation_id)
            .join(Conversation, Conversation.id == OpenAIThread.conversation_id)
            .where(OpenAIThread.user_id == user_id, Conversation.user_id == user_id, OpenAIThread.head.in_(batch))
            .order_by(OpenAIThread.updated_at.desc())
        ).all()
        if rows:
            found = {head: cid for head, cid in reversed(rows)}  # the newest wins a tie
            length = max(i for i, h in enumerate(heads) if h in found)
            cid = found[heads[length]]
            unseen = tuple(history[length:])
            retry = None if unseen else _failed_turn(session, vault, cid, new_text)
            return Recognised(cid, unseen, retry)
    return Recognised(None, tuple(history))


def _failed_turn(session: Session, vault: Vault, conversation_id: str, new_text: str) -> str | None:
    last = session.scalar(
        select(Message).where(Message.conversation_id == conversation_id).order_by(Message.seq.desc()).limit(1)
    )
    # "tools": a turn paused for the client's tool results, which a follow-up carries.
    if last is None or last.role != "user" or last.status not in ("failed", "tools"):
        return None
    same = normalise(repo.open_message_text(session, vault, last)) == normalise(new_text)
    return last.id if same else None


def remember(session: Session, vault: Vault, *, user_id: str, conversation_id: str, turns: Sequence[Turn]) -> None:
    """Store the fingerprint of ``turns`` (the client's history, ending with the answer) as the
    conversation's, replacing the previous one."""
    head = fingerprint(_key(session, vault, user_id), turns)[-1]
    row = session.get(OpenAIThread, conversation_id)
    if row is None:
        session.add(OpenAIThread(conversation_id=conversation_id, user_id=user_id, head=head))
    else:
        row.head, row.updated_at = head, utcnow()


def recognise_for(memory: Memory, *, person: str, history: Sequence[Turn], new_text: str) -> Recognised:
    """:func:`recognise` for the person with handle ``person`` (nothing known of a person not
    seen yet); blocking, run it off the event loop."""
    with memory.db.reading() as s:
        user = repo.find_user(s, name=person)
        if user is None:
            return Recognised(None, tuple(history))
        return recognise(s, memory.vault, user_id=user.id, history=history, new_text=new_text)


@dataclass(frozen=True, slots=True)
class RequestKey:
    """The implicit idempotency key of a drop-in request, and what an earlier attempt left."""

    key: str
    # Set when an attempt with this key was seen: the conversation it asked for (None: it
    # opened one) — a repeat must be sent the same way to join or replay it.
    seen: bool = False
    conversation_id: str | None = None
    # The turn the key names, when its answer is stored: when that answer was written, and
    # whether it is still the conversation's last turn (only that one can be regenerated).
    message_id: str | None = None
    answered_at: datetime | None = None
    last_turn: bool = False


def request_key_for(
    memory: Memory,
    *,
    person: str,
    history: Sequence[Turn],
    new_text: str,
    conversation_id: str | None,
    endpoint: str,
    rounds: str | None = None,
) -> RequestKey:
    """The key that names this request — the person, the conversation they named (if any),
    the history they sent and the new message — so that the SDK's own retries (after a
    timeout or a dropped connection, without an ``Idempotency-Key``) join the first attempt
    while it runs and get its stored answer after: one model call, one pair of rows.

    ``endpoint`` is part of the key (the same history sent to the other drop-in is another
    request); ``rounds`` (the client's tool rounds after the new message, as canonical JSON)
    too, so each follow-up of a tool loop is its own request. An HMAC chain under the person's
    subkey, like the thread fingerprints (nothing stored confirms a guessed message). Makes
    the person on first use, as the turn itself would; blocking, run it off the event loop.
    """

    def run(s: Session) -> RequestKey:
        user = repo.get_or_create_user(s, memory.vault, name=person)
        named: list[Turn] = [("endpoint", endpoint)] + ([("conversation", conversation_id)] if conversation_id else [])
        tail: list[Turn] = [("tool_rounds", rounds)] if rounds is not None else []
        head = fingerprint(_key(s, memory.vault, user.id), [*named, *history, ("user", new_text), *tail])[-1]
        key = REQUEST_KEY_PREFIX + head
        row = idempotency.find_key(s, user_id=user.id, key=key, now=utcnow())
        if row is None:
            return RequestKey(key)
        msg = s.get(Message, row.message_id)
        answer = turns.answer_of(s, message_id=row.message_id) if msg is not None else None
        last = msg is not None and repo.last_user_message_id(s, conversation_id=msg.conversation_id) == msg.id
        return RequestKey(
            key,
            True,
            row.requested_conversation_id,
            row.message_id,
            answer.created_at if answer is not None and msg is not None and msg.status == "answered" else None,
            last,
        )

    return memory.db.write(run)


def remember_for(memory: Memory, *, person: str, conversation_id: str, turns: Sequence[Turn]) -> None:
    """:func:`remember` for the person with handle ``person``, in its own transaction;
    blocking, run it off the event loop."""

    def run(s: Session) -> None:
        user = repo.find_user(s, name=person)
        if user is not None:
            remember(s, memory.vault, user_id=user.id, conversation_id=conversation_id, turns=turns)

    try:
        memory.db.write(run)
    except IntegrityError:
        memory.db.write(run)  # another request added the row first: now it is an update
