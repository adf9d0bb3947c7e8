"""Repository functions of the turn and the fold (keyword-only, in the caller's session).

What :mod:`threadkeep.engine.turn` and :mod:`threadkeep.engine.background` write and read
beyond the conversation and message basics of :mod:`threadkeep.store.repo`: the turn's
status changes, the adoption of a summary version, the fold's compare-and-swap.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import bindparam, delete, func, or_, select, update
from sqlalchemy.orm import Session

from threadkeep.store.base import rows_affected, utcnow
from threadkeep.store.memory_tables import MessageChunk, MessageVector
from threadkeep.store.models import AnswerVersion, Conversation, Message, SummaryVersion
from threadkeep.store.vault import Vault

__all__ = [
    "person_message",
    "turn_rows",
    "fail_turn",
    "fail_dead_turn",
    "adopt_summary",
    "advance_fold",
    "add_summary_version",
    "said_by_person",
    "answer_of",
    "latest_channel",
    "pause_turn",
    "replace_answer",
    "unfail_answered",
    "conversation_instructions",
    "set_instructions",
]

# A turn's completion reads its conversation (locked on PostgreSQL) and message: built once.
_TURN_ROWS = (
    select(Conversation, Message)
    .join(Message, Message.conversation_id == Conversation.id)
    .where(Conversation.id == bindparam("cid"), Message.id == bindparam("mid"))
    .with_for_update(of=Conversation)
)


def person_message(session: Session, *, user_id: str, message_id: str) -> Message | None:
    """The person's message ``message_id`` (None: no such message, or someone else's)."""
    return session.scalar(select(Message).where(Message.id == message_id, Message.user_id == user_id))


def turn_rows(session: Session, *, conversation_id: str, message_id: str) -> tuple[Conversation, Message] | None:
    """The conversation (row-locked: concurrent turns take sequence numbers one at a time)
    and the person's message of a turn, in one statement; None when either is gone."""
    row = session.execute(_TURN_ROWS, {"cid": conversation_id, "mid": message_id}).first()
    return None if row is None else (row[0], row[1])


def fail_turn(session: Session, *, message_id: str, owner: str, error: str) -> None:
    """Mark a pending turn failed, if it is still ``owner``'s attempt (or nobody's): another
    process may have taken it over since."""
    session.execute(
        update(Message)
        .where(
            Message.id == message_id, Message.status == "pending", or_(Message.owner == owner, Message.owner.is_(None))
        )
        .values(status="failed", error=error[:2000], failed_at=utcnow())
    )


def fail_dead_turn(session: Session, *, message_id: str, owner: str | None, error: str) -> None:
    """Mark a pending turn failed whose owning process is dead (only if ``owner`` still
    holds it)."""
    session.execute(
        update(Message)
        .where(Message.id == message_id, Message.status == "pending", Message.owner == owner)
        .values(status="failed", error=error, failed_at=utcnow())
    )


def adopt_summary(session: Session, *, conversation_id: str, seen_version: int, version: int, cursor: int) -> bool:
    """Switch the conversation's requests to summary ``version`` (folded up to ``cursor``),
    compare-and-swap: only if its adopted version is still ``seen_version``."""
    moved = rows_affected(
        session.execute(
            update(Conversation)
            .where(Conversation.id == conversation_id, Conversation.adopted_version == seen_version)
            .values(adopted_version=version, adopted_cursor=cursor)
        )
    )
    return moved == 1


def advance_fold(session: Session, *, conversation_id: str, cursor: int, version: int, new_cursor: int) -> bool:
    """Move the summary cursor to ``new_cursor`` and the version up by one, compare-and-swap
    on both: False when someone folded in between (nothing is changed then)."""
    moved = session.execute(
        update(Conversation)
        .where(
            Conversation.id == conversation_id,
            Conversation.summary_cursor == cursor,
            Conversation.summary_version == version,
        )
        .values(summary_cursor=new_cursor, summary_version=version + 1)
    )
    return rows_affected(moved) == 1


def add_summary_version(
    session: Session,
    vault: Vault,
    *,
    conversation_id: str,
    user_id: str,
    version: int,
    cursor: int,
    method: str,
    state_json: str,
    tokens: int,
) -> SummaryVersion:
    """Store a summary version, its state sealed to the row's id."""
    row = SummaryVersion(
        conversation_id=conversation_id,
        user_id=user_id,
        version=version,
        cursor=cursor,
        method=method,
        state_ct=b"",
        tokens=tokens,
    )
    session.add(row)
    session.flush()
    row.state_ct = vault.seal(session, user_id, state_json, table="summary_versions", column="state", row_id=row.id)
    return row


def said_by_person(session: Session, *, user_id: str, message_ids: Iterable[str]) -> set[str]:
    """Those of ``message_ids`` that are the person's own messages (role ``user``)."""
    return set(
        session.scalars(
            select(Message.id).where(
                Message.id.in_(list(message_ids)), Message.role == "user", Message.user_id == user_id
            )
        )
    )


def answer_of(session: Session, *, message_id: str) -> Message | None:
    """The assistant's answer to the person's message ``message_id`` (None: none yet)."""
    return session.scalar(select(Message).where(Message.reply_to == message_id, Message.role == "assistant"))


def latest_channel(session: Session, *, user_id: str) -> str | None:
    """The channel of the person's most recently active conversation (None: none)."""
    return session.scalar(
        select(Conversation.channel)
        .where(Conversation.user_id == user_id)
        .order_by(Conversation.last_activity_at.desc())
        .limit(1)
    )


def pause_turn(session: Session, *, message_id: str, owner: str, status: str) -> bool:
    """Leave our pending turn waiting for the client's tool results (``status``), owned by
    nobody: the client's follow-up, on any process, takes it on. False: not ours any more."""
    return (
        rows_affected(
            session.execute(
                update(Message)
                .where(Message.id == message_id, Message.status == "pending", Message.owner == owner)
                .values(status=status, owner=None)
            )
        )
        == 1
    )


def replace_answer(
    session: Session,
    vault: Vault,
    *,
    answer: Message,
    text: str,
    model: str | None,
    usage: dict[str, Any],
    trace: str | None,
) -> AnswerVersion:
    """Put a regenerated answer in place of ``answer`` (same row: same id and position, so
    the conversation keeps two rows a turn), keeping what it said as the next earlier version.
    Its stored embeddings are dropped: the recall indexer embeds the new text."""
    old = vault.open_text(session, answer.user_id, answer.text_ct, table="messages", column="text", row_id=answer.id)
    number = (
        session.scalar(select(func.max(AnswerVersion.version)).where(AnswerVersion.answer_id == answer.id)) or 0
    ) + 1
    kept = AnswerVersion(
        answer_id=answer.id,
        user_id=answer.user_id,
        version=number,
        text_ct=b"",
        model=answer.model,
        usage=answer.usage,
        created_at=answer.created_at,
    )
    session.add(kept)
    session.flush()
    kept.text_ct = vault.seal(session, answer.user_id, old, table="answer_versions", column="text", row_id=kept.id)
    answer.text_ct = vault.seal(session, answer.user_id, text, table="messages", column="text", row_id=answer.id)
    answer.model, answer.usage, answer.created_at = model, usage, utcnow()
    if trace is not None:
        answer.trace_ct = vault.seal(session, answer.user_id, trace, table="messages", column="trace", row_id=answer.id)
    session.execute(delete(MessageVector).where(MessageVector.message_id == answer.id))
    session.execute(delete(MessageChunk).where(MessageChunk.message_id == answer.id))
    return kept


def unfail_answered(session: Session, *, message_id: str) -> None:
    """A turn marked failed that has an answer (its regeneration failed): answered again,
    with the answer it had."""
    answered = select(Message.id).where(Message.reply_to == message_id, Message.role == "assistant").exists()
    session.execute(
        update(Message)
        .where(Message.id == message_id, Message.status == "failed", answered)
        .values(status="answered", error=None, failed_at=None)
    )


def conversation_instructions(session: Session, vault: Vault, conv: Conversation) -> str:
    """The client's instructions kept with the conversation ("" when none were given)."""
    if conv.instructions_ct is None:
        return ""
    return vault.open_text(
        session, conv.user_id, conv.instructions_ct, table="conversations", column="instructions", row_id=conv.id
    )


def set_instructions(session: Session, vault: Vault, *, conv: Conversation, text: str) -> bool:
    """Keep ``text`` ("" clears) as the conversation's client instructions; True when they changed."""
    if conversation_instructions(session, vault, conv) == text:
        return False
    conv.instructions_ct = (
        vault.seal(session, conv.user_id, text, table="conversations", column="instructions", row_id=conv.id)
        if text
        else None
    )
    return True
