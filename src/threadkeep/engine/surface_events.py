"""What the chat surfaces keep in the database: inbound events, platform threads, posted answers.

The surfaces (:mod:`threadkeep.surfaces.common` and the Slack, Telegram and Mattermost modules)
call these to store an event once and queue its answer job, to follow its progress, to map a
platform thread to a conversation and to record what they posted; none of them opens a
session itself. Blocking functions, one transaction each: async callers run them with
``asyncio.to_thread``. The tables are in :mod:`threadkeep.store.surface_tables`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError as SAIntegrityError
from sqlalchemy.orm import Session

from threadkeep import jobs
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.models import User
from threadkeep.store.surface_tables import SurfaceEvent, SurfacePost, SurfaceStatus, SurfaceThread

if TYPE_CHECKING:
    from threadkeep.engine.memory import Memory

__all__ = [
    "JOB_KIND",
    "StoredEvent",
    "record_event",
    "note_error",
    "surface_status",
    "post_owner",
    "load_event",
    "update_event",
    "event_channel",
    "thread_conversation",
    "set_thread",
    "record_post",
    "finish_event",
]

JOB_KIND = "surface.answer"
_SEAL = {"table": "surface_events", "column": "text"}


# -- events ------------------------------------------------------------------------------
def record_event(
    memory: Memory,
    *,
    channel: str,
    event_key: str,
    user_id: str,
    thread_key: str,
    text: str | None,
    target: dict[str, Any],
    kind: str = "message",
) -> str | None:
    """Store an inbound event and queue its job in one transaction; None if already seen."""

    def run(s: Session) -> str | None:
        if (
            s.scalar(
                select(SurfaceEvent.id).where(SurfaceEvent.channel == channel, SurfaceEvent.event_key == event_key)
            )
            is not None
        ):
            return None
        eid = new_id()
        sealed = memory.vault.seal(s, user_id, text, row_id=eid, **_SEAL) if text is not None else None
        try:
            with s.begin_nested():
                s.add(
                    SurfaceEvent(
                        id=eid,
                        channel=channel,
                        event_key=event_key,
                        user_id=user_id,
                        thread_key=thread_key,
                        kind=kind,
                        text_ct=sealed,
                        target=target,
                    )
                )
                s.flush()
        except SAIntegrityError:
            return None  # a concurrent delivery of the same event won the unique key
        jobs.enqueue(s, kind=JOB_KIND, payload={"event": eid}, dedupe_key=f"surface:{eid}")
        _touch_status(s, channel, last_event_at=utcnow())
        return eid

    return memory.db.write(run)


def _touch_status(s: Session, channel: str, **values: Any) -> None:
    row = s.get(SurfaceStatus, channel)
    if row is None:
        row = SurfaceStatus(channel=channel)
        s.add(row)
    for k, v in values.items():
        setattr(row, k, v)


def note_error(memory: Memory, channel: str, error: str) -> None:
    """Remember a surface's last failure for the status page."""
    memory.db.write(lambda s: _touch_status(s, channel, last_error=error[:2000], last_error_at=utcnow()))


def surface_status(memory: Memory) -> list[dict[str, Any]]:
    """Per surface: last event, last answer, last error (for an admin status page)."""
    with memory.db.reading() as s:
        rows = s.scalars(select(SurfaceStatus).order_by(SurfaceStatus.channel)).all()
        return [
            {
                "surface": r.channel,
                "last_event_at": r.last_event_at,
                "last_answer_at": r.last_answer_at,
                "last_error": r.last_error,
                "last_error_at": r.last_error_at,
            }
            for r in rows
        ]


def post_owner(memory: Memory, *, channel: str, post_key: str) -> tuple[str, str] | None:
    """``(person name, assistant message id)`` of a posted answer, or None."""
    with memory.db.reading() as s:
        row = s.execute(
            select(User.name, SurfacePost.assistant_message_id)
            .join(User, User.id == SurfacePost.user_id)
            .where(SurfacePost.channel == channel, SurfacePost.post_key == post_key)
        ).first()
    return (row[0], row[1]) if row else None


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as the job sees it: decrypted text, where to answer, and its progress."""

    id: str
    channel: str
    kind: str
    user_id: str
    person: str
    thread_key: str
    text: str
    target: dict[str, Any]
    status: str
    user_message_id: str | None
    assistant_message_id: str | None
    posted: list[str]


def load_event(memory: Memory, event_id: str) -> StoredEvent | None:
    """A stored event with its text opened, or None when there is no such event."""
    with memory.db.reading() as s:
        row = s.get(SurfaceEvent, event_id)
        if row is None:
            return None
        name = s.scalar(select(User.name).where(User.id == row.user_id)) or ""
        text = (
            memory.vault.open_text(s, row.user_id, row.text_ct, row_id=row.id, **_SEAL)
            if row.text_ct is not None
            else ""
        )
        return StoredEvent(
            row.id,
            row.channel,
            row.kind,
            row.user_id,
            name,
            row.thread_key,
            text,
            dict(row.target or {}),
            row.status,
            row.user_message_id,
            row.assistant_message_id,
            list(row.posted or []),
        )


def update_event(memory: Memory, event_id: str, **values: Any) -> None:
    """Record an event's progress (status, message ids, posted parts)."""
    memory.db.write(lambda s: s.execute(update(SurfaceEvent).where(SurfaceEvent.id == event_id).values(**values)))


# -- threads -----------------------------------------------------------------------------
def thread_conversation(memory: Memory, *, channel: str, thread_key: str, user_id: str) -> str | None:
    """The conversation a platform thread of this person continues (None: a new one)."""
    with memory.db.reading() as s:
        return s.scalar(
            select(SurfaceThread.conversation_id).where(
                SurfaceThread.channel == channel,
                SurfaceThread.thread_key == thread_key,
                SurfaceThread.user_id == user_id,
            )
        )


def set_thread(memory: Memory, *, channel: str, thread_key: str, user_id: str, conversation_id: str | None) -> None:
    """Map a platform thread to a conversation (None: the next message opens a new one)."""

    def run(s: Session) -> None:
        row = s.scalar(
            select(SurfaceThread).where(
                SurfaceThread.channel == channel,
                SurfaceThread.thread_key == thread_key,
                SurfaceThread.user_id == user_id,
            )
        )
        if row is None:
            s.add(
                SurfaceThread(channel=channel, thread_key=thread_key, user_id=user_id, conversation_id=conversation_id)
            )
        else:
            row.conversation_id, row.updated_at = conversation_id, utcnow()

    memory.db.write(run)


def record_post(memory: Memory, ev: StoredEvent, post_id: str, aid: str, posted: list[str]) -> None:
    """Remember a posted part of an answer and which answer it carries (for thumbs)."""

    def run(s: Session) -> None:
        s.execute(update(SurfaceEvent).where(SurfaceEvent.id == ev.id).values(posted=list(posted)))
        exists = s.scalar(
            select(SurfacePost.id).where(SurfacePost.channel == ev.channel, SurfacePost.post_key == post_id)
        )
        if exists is None:
            s.add(SurfacePost(channel=ev.channel, post_key=post_id, user_id=ev.user_id, assistant_message_id=aid))

    memory.db.write(run)


def finish_event(memory: Memory, event_id: str, channel: str) -> None:
    """Mark an event posted and drop its copy of the words."""

    def run(s: Session) -> None:
        # The words live on as the stored message; the event no longer needs its copy.
        s.execute(
            update(SurfaceEvent)
            .where(SurfaceEvent.id == event_id)
            .values(status="posted", posted_at=utcnow(), text_ct=None)
        )
        _touch_status(s, channel, last_answer_at=utcnow())

    memory.db.write(run)


def event_channel(memory: Memory, event_id: str) -> str | None:
    """The surface a stored event came from (None: no such event)."""
    with memory.db.reading() as s:
        row = s.get(SurfaceEvent, event_id)
        return row.channel if row is not None else None
