"""A turn's first step: store the person's message, or find the stored turn a request repeats.

Every path ends in a :class:`Begun` that says what the turn does next: ``answer`` (call the
model), ``replay`` (the stored answer), ``calls`` (the tool calls an earlier attempt of the same
request paused with) or ``wait`` (another attempt is answering it). The
message is written in its own transaction before the model is called, so nothing the person
said is lost to a provider failure or a crash. A regenerated turn (:meth:`TurnOpener.regenerate`)
reopens the conversation's last answered message; its answer is replaced when the new one is
complete (:func:`threadkeep.store.turns.replace_answer`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep import jobs
from threadkeep.config import Settings
from threadkeep.engine import idempotency
from threadkeep.engine.client_settings import clean_instructions
from threadkeep.engine.client_tools import ClientTools
from threadkeep.engine.idempotency import REQUEST_KEY_PREFIX
from threadkeep.engine.request import TurnBuilder
from threadkeep.errors import Conflict, InputError, NotFound
from threadkeep.messages import ToolCallPart
from threadkeep.store import repo, turns
from threadkeep.store.base import utcnow
from threadkeep.store.leases import TurnLeaseHolder, owner_alive
from threadkeep.store.models import Conversation, IdempotencyKey, Message
from threadkeep.store.vault import Vault

__all__ = ["Begun", "TurnOpener", "PAUSED"]

# The status of a person's message whose turn waits for the client's tool results.
PAUSED = "tools"


@dataclass(frozen=True, slots=True)
class Begun:
    """A stored turn a request goes on with: ``answer`` it, ``replay`` its stored answer, give
    back the ``calls`` its request paused with, or ``wait`` for the attempt in flight (another
    request with the same key). ``regenerating``: the message was answered, and the new answer
    replaces that one. ``key``: the request's idempotency key (its row keeps the calls the turn
    pauses with). ``instructions_changed``: the client's instructions were replaced by this
    request (its model call is a counted rebuild)."""

    uid: str
    cid: str
    created: bool
    mid: str
    then: str = "answer"
    regenerating: bool = False
    key: str | None = None
    calls: idempotency.StoredCalls | None = None
    instructions_changed: bool = False


class TurnOpener:
    """Stores a turn's message, or finds the turn a repeated request names."""

    def __init__(self, vault: Vault, settings: Settings, builder: TurnBuilder, lease: TurnLeaseHolder) -> None:
        self.vault = vault
        self.settings = settings
        self.builder = builder
        self.lease = lease

    def resume(self, s: Session, uid: str, msg: Message, *, created: bool, row: IdempotencyKey | None = None) -> Begun:
        """A request repeating one whose turn is stored (``row``: the key that names it): give
        back the tool calls it paused with, replay its answer, wait for it, or — failed, paused
        for tool results, or its process dead — answer it again on the same message."""
        key = row.key if row is not None else None
        kept = idempotency.calls_of(s, self.vault, row) if row is not None else None
        if row is not None and kept is not None:
            if self._still_replayed(row.key, kept):
                return Begun(uid, msg.conversation_id, created, msg.id, "calls", key=key, calls=kept)
            # The same request long after: asked again, like a late resend of an answered turn.
            idempotency.forget_calls(s, message_id=msg.id, key=row.key)
        if msg.status == "answered":
            return Begun(uid, msg.conversation_id, created, msg.id, "replay", key=key)
        if msg.status == "pending" and owner_alive(s, msg.owner, me=self.lease.id):
            return Begun(uid, msg.conversation_id, created, msg.id, "wait", key=key)
        return self.reopen(s, uid, msg, created=created, key=key)

    def instructions(self, instructions: str | None) -> str | None:
        """The client's instructions as they are kept (None: the request leaves them as they are)."""
        return (
            None
            if instructions is None
            else clean_instructions(instructions, max_bytes=self.settings.max_message_bytes)
        )

    def settle(self, s: Session, begun: Begun, client: ClientTools | None, instructions: str | None) -> Begun:
        """``begun`` once the request's own parts are checked and kept, in its transaction: tool
        results must answer calls this server made for the turn, and the client's instructions
        become the conversation's (a change is a counted rebuild of the prefix)."""
        if begun.then != "answer":
            return begun
        if client is not None and client.rounds:
            sent = {p.call_id for m in client.rounds for p in m.parts if isinstance(p, ToolCallPart)}
            unknown = sent - idempotency.issued_call_ids(s, self.vault, user_id=begun.uid, message_id=begun.mid)
            if unknown:
                raise InputError(
                    f"tool results for calls this server did not make for this turn: {sorted(unknown)} "
                    "(send the calls the last response gave, with their ids)"
                )
        if instructions is None:
            return begun
        conv = s.get(Conversation, begun.cid)
        changed = conv is not None and turns.set_instructions(s, self.vault, conv=conv, text=instructions)
        return replace(begun, instructions_changed=changed and not begun.created)

    def _still_replayed(self, key: str, kept: idempotency.StoredCalls) -> bool:
        """Whether a repeat of a request gets the calls it paused with: always for a client's
        own Idempotency-Key (it means "this request"); for a drop-in request that is its own key,
        within ``regenerate_after_s`` (an SDK retry) — later, the same request asks again."""
        if not key.startswith(REQUEST_KEY_PREFIX):
            return True
        return (utcnow() - kept.at).total_seconds() <= self.settings.regenerate_after_s

    def reopen(
        self, s: Session, uid: str, msg: Message, *, created: bool, regenerating: bool = False, key: str | None = None
    ) -> Begun:
        """Take the turn of ``msg`` for this process (status ``pending``, owned by our lease). A
        message that has an answer (a regeneration that failed or paused for tool results) is
        regenerating: its answer is replaced, not stored beside."""
        msg.status, msg.error, msg.failed_at, msg.owner = "pending", None, None, self.lease.id
        self.lease.ensure(s)
        return Begun(
            uid, msg.conversation_id, created, msg.id, regenerating=regenerating or _has_answer(s, msg), key=key
        )

    def regenerate(self, s: Session, user: str, message_id: str, key: str | None = None) -> Begun:
        """Reopen the conversation's last turn to answer it again; a regenerate of it already
        in flight is joined. Only the last turn: a newer one was answered from this answer."""
        uid = repo.person_id(s, self.vault, name=user, create=False)
        msg = turns.person_message(s, user_id=uid, message_id=message_id)
        if msg is None or msg.role != "user":
            raise NotFound(f"message {message_id} not found")
        if repo.last_user_message_id(s, conversation_id=msg.conversation_id) != msg.id:
            raise Conflict(
                "only the conversation's last answer can be regenerated: a later turn was answered after this one"
            )
        if msg.status == "pending" and owner_alive(s, msg.owner, me=self.lease.id):
            return Begun(uid, msg.conversation_id, False, msg.id, "wait", regenerating=True, key=key)
        return self.reopen(s, uid, msg, created=False, key=key)

    def begin(
        self,
        s: Session,
        user: str,
        conversation_id: str | None,
        text: str,
        channel: str,
        key: str | None = None,
        endpoint: str = "messages",
        earlier: Sequence[tuple[str, str]] = (),
        follow_up: bool = False,
    ) -> Begun:
        """Store the message (and ``earlier`` history the client holds) as a new turn, or —
        its key seen, or the resend of a failed message — go on with the stored one.
        ``follow_up``: the request carries tool results, so it must continue a stored turn."""
        uid = repo.person_id(s, self.vault, name=user, create=True)
        now = utcnow()
        if key is not None:
            row = idempotency.find_key(s, user_id=uid, key=key, now=now)
            if row is not None:
                msg = idempotency.same_request(
                    s,
                    self.vault,
                    row,
                    s.get(Message, row.message_id),
                    endpoint=endpoint,
                    conversation_id=conversation_id,
                    text=text,
                )
                return self.resume(s, uid, msg, created=conversation_id is None, row=row)
        if follow_up:
            raise InputError(
                "tool results for calls this server did not make: send the request that got the "
                "tool calls first (its history and message), then its results"
            )
        conv = (
            repo.get_conversation(s, user_id=uid, conversation_id=conversation_id, lock=True)
            if conversation_id is not None
            else None
        )
        resent = idempotency.recent_failed(
            s,
            self.vault,
            user_id=uid,
            conversation=conv,
            channel=channel,
            text=text,
            window_s=self.settings.resend_window_s,
            now=now,
        )
        if resent is not None:
            begun = self.reopen(s, uid, resent, created=conv is None, key=key)
        else:
            created = conv is None
            if conv is None:
                from threadkeep.memory.profile import (
                    read_profile,  # lazy: start-up (tests/test_serve_startup.py)
                )

                system, startup = self.builder.freeze_prefix(read_profile(s, self.vault, user_id=uid), channel)
                conv = repo.create_conversation(
                    s, self.vault, user_id=uid, channel=channel, system_prompt=system, startup=startup
                )
                first = next((t for role, t in earlier if role == "user"), text)
                repo.set_title(s, self.vault, conv=conv, title=_auto_title(first))
            asked: str | None = None
            learn: list[jobs.JobSpec] = []
            paused = _abandoned(s, self.vault, conv.id, earlier) if not created else None
            if paused is not None:
                # The client gave up the tool round of this message and carries it in its
                # history: not stored twice. It stays unanswered (out of later requests, like
                # a failed turn) unless the client's history holds an answer to it.
                earlier = earlier[1:]
                if earlier and earlier[0][0] == "assistant":
                    paused.status, asked = "answered", paused.id
            for role, said in earlier:
                stored = repo.append_message(
                    s,
                    self.vault,
                    conv=conv,
                    role=role,
                    text=said,
                    status="answered" if role == "user" else "ok",
                    reply_to=None if role == "user" else asked,
                )
                if role == "user":
                    asked = stored.id
                    # The person's own words, as if said here: facts are learnt from them too.
                    learn.append(jobs.JobSpec("facts", {"message_id": stored.id}, f"facts:{stored.id}"))
            jobs.enqueue_many(s, learn)
            msg = repo.append_message(
                s, self.vault, conv=conv, role="user", text=text, status="pending", owner=self.lease.id
            )
            self.lease.ensure(s)
            begun = Begun(uid, conv.id, created, msg.id, key=key)
        if key is not None:
            idempotency.remember_key(
                s,
                user_id=uid,
                key=key,
                endpoint=endpoint,
                conversation_id=conversation_id,
                message_id=begun.mid,
                now=now,
                ttl_s=self.settings.idempotency_ttl_s,
            )
        return begun


def _abandoned(s: Session, vault: Vault, conversation_id: str, earlier: Sequence[tuple[str, str]]) -> Message | None:
    """The conversation's last message when it is a turn paused for tool results that the
    client's unseen history starts with (the client went on without finishing the round)."""
    if not earlier or earlier[0][0] != "user":
        return None
    last = s.scalar(
        select(Message).where(Message.conversation_id == conversation_id).order_by(Message.seq.desc()).limit(1)
    )
    if last is None or last.role != "user" or last.status != PAUSED:
        return None
    return last if repo.open_message_text(s, vault, last).strip() == earlier[0][1].strip() else None


def _has_answer(s: Session, msg: Message) -> bool:
    return (
        s.scalar(
            select(Message.id)
            .where(
                Message.conversation_id == msg.conversation_id, Message.reply_to == msg.id, Message.role == "assistant"
            )
            .limit(1)
        )
        is not None
    )


def _auto_title(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 60 else line[:57].rstrip() + "…"
