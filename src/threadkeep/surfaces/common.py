"""What every chat surface shares: settings, people, threads, events once, the answer, splitting.

A surface is a thin client of the engine. Its webhook only verifies, stores the event (the
person's words sealed with their key) and queues a durable job in the same transaction, then
acknowledges. The job (:func:`answer_event`) runs the turn through :meth:`Memory.stream` and
hands the finished answer to the surface's :class:`Poster`. Every step records its progress
on the event row, so a job that runs again after a crash continues where the last run
stopped: a stored answer is posted, not asked of the model again; posted parts are skipped.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from typing import Any, Protocol

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from threadkeep import jobs
from threadkeep.engine import Memory, conversations, people, surface_events
from threadkeep.engine.surface_events import (
    JOB_KIND,
    StoredEvent,
    note_error,
    post_owner,
    record_event,
    surface_status,
)
from threadkeep.errors import Conflict, Gone, InputError, ProviderError
from threadkeep.events import (
    AnswerDelta,
    ConversationOpened,
    MessageStored,
    TurnDone,
    TurnEvent,
    TurnFailed,
)
from threadkeep.store.base import utcnow
from threadkeep.validate import clean_text

__all__ = [
    "SurfaceSettings",
    "Poster",
    "StoredEvent",
    "JOB_KIND",
    "person_for",
    "record_event",
    "answer_event",
    "split_text",
    "acceptable_text",
    "secret_equals",
    "note_error",
    "post_owner",
    "surface_status",
]
# A turn still answered by a live run is looked at again this much later.
IN_FLIGHT_RECHECK_S = 5.0

# A slower answer is shown while it is written (where the surface can edit a message).
PROGRESS_EVERY_S = 1.5


class SurfaceSettings(BaseSettings):
    """Secrets and endpoints of the chat surfaces, from ``THREADKEEP_<NAME>`` variables.

    A surface whose secret is unset refuses its webhook (503): it is simply not configured.
    The API base URLs exist so tests (and self-hosted gateways) can point them elsewhere.
    """

    model_config = SettingsConfigDict(env_prefix="THREADKEEP_", extra="ignore")

    slack_signing_secret: SecretStr | None = Field(default=None, description="Slack app signing secret.")
    slack_bot_token: SecretStr | None = Field(default=None, description="Slack bot token (xoxb-…).")
    slack_api_url: str = Field(default="https://slack.com/api", description="Slack Web API base URL.")
    slack_progress_s: float = Field(
        default=1.5,
        gt=0,
        description="Show a slower answer while it is written, updating the message at most this often.",
    )
    slack_bot_user_id: str | None = Field(
        default=None, description="The bot's Slack user id, when events do not carry `authorizations`."
    )
    telegram_secret: SecretStr | None = Field(default=None, description="secret_token given to setWebhook.")
    telegram_bot_token: SecretStr | None = Field(default=None, description="Telegram bot token.")
    telegram_api_url: str = Field(default="https://api.telegram.org", description="Telegram Bot API base URL.")
    mattermost_token: SecretStr | None = Field(default=None, description="Outgoing webhook token.")
    mattermost_bot_token: SecretStr | None = Field(default=None, description="Bot access token for the REST API.")
    mattermost_url: str | None = Field(
        default=None, description="Mattermost server URL, e.g. https://chat.example.org."
    )
    mattermost_bot_user_id: str | None = Field(default=None, description="The bot's user id (its posts are ignored).")
    http_timeout_s: float = Field(default=20.0, gt=0, description="Timeout of calls to the chat platforms.")
    public_url: str | None = Field(
        default=None,
        description="This server's address as the chat platforms "
        "reach it, e.g. https://tk.example.org: Mattermost's thumbs buttons call "
        "back to it (without it, Mattermost answers carry no buttons).",
    )

    def missing(self) -> dict[str, list[str]]:
        """Per chat surface, the variables it needs (``THREADKEEP_<FIELD>``) that are unset."""
        prefix = str(self.model_config.get("env_prefix", ""))
        return {
            surface: [f"{prefix}{field}".upper() for field in fields if not _is_set(getattr(self, field))]
            for surface, fields in REQUIRED.items()
        }


# What a chat surface needs to be configured: its webhook's secret, and a token to answer with.
REQUIRED: dict[str, tuple[str, ...]] = {
    "slack": ("slack_signing_secret", "slack_bot_token"),
    "telegram": ("telegram_secret", "telegram_bot_token"),
    "mattermost": ("mattermost_token",),
}


def _is_set(value: object) -> bool:
    return bool(value.get_secret_value() if isinstance(value, SecretStr) else value)


def secret_equals(given: str | bytes | None, expected: SecretStr | None) -> bool:
    """Constant-time comparison; an unset secret matches nothing."""
    if given is None or expected is None or not expected.get_secret_value():
        return False
    a = given.encode() if isinstance(given, str) else given
    return hmac.compare_digest(a, expected.get_secret_value().encode())


def acceptable_text(memory: Memory, text: str) -> str | None:
    """The text when the engine would take it as a message, else None (NUL, empty, too big).

    Checked before anything is stored: an event the engine would refuse is acknowledged and
    dropped, rather than queued to fail on every retry.
    """
    try:
        return clean_text(text, max_bytes=memory.settings.max_message_bytes)
    except InputError:
        return None


# -- people ------------------------------------------------------------------------------
def person_for(memory: Memory, *, channel: str, external_id: str, handle: str) -> tuple[str, str]:
    """The person behind a platform user as ``(user_id, name)``; a new one is made on first sight.

    An unknown platform user becomes a person of their own (named ``handle``) linked to this
    identity. Joining them to an existing person is an explicit admin act (re-linking),
    never a guess from display names.
    """
    return people.person_for_identity(memory, channel=channel, external_id=external_id, handle=handle)


def store_inbound(
    memory: Memory,
    *,
    channel: str,
    external_id: str,
    event_key: str,
    thread_key: str,
    text: str,
    target: dict[str, Any],
    kind: str = "message",
) -> str | None:
    """Store what a platform user sent, for its answer job; None if dropped or already seen.

    Text the engine would refuse is acknowledged and dropped (see :func:`acceptable_text`).
    The sender is their person, made on first sight and named ``<channel>:<external id>``. A
    command (``kind`` other than ``message``, e.g. Telegram's ``/new``) keeps no text. A
    person who was deleted stays deleted: their messages are acknowledged and dropped.
    """
    if acceptable_text(memory, text) is None:
        return None
    try:
        uid, _ = person_for(memory, channel=channel, external_id=external_id, handle=f"{channel}:{external_id}")
    except Gone:
        return None  # the person deleted themselves: acknowledged (no platform retries), nothing kept
    return record_event(
        memory,
        channel=channel,
        event_key=event_key,
        user_id=uid,
        thread_key=thread_key,
        text=text if kind == "message" else None,
        target=target,
        kind=kind,
    )


class Poster(Protocol):
    """What a surface does on the platform; each call may be repeated after a crash."""

    channel: str
    limit: int

    async def started(self, event: StoredEvent) -> None:
        """Work began (a processing reaction); failures here must not stop the answer."""

    async def post(
        self, event: StoredEvent, text: str, *, index: int, last: bool, assistant_message_id: str | None
    ) -> str:
        """Post one part of the answer; returns the platform's id of the posted message."""

    async def finished(self, event: StoredEvent) -> None:
        """The answer is posted (remove the processing reaction)."""

    async def resolve_thread(self, event: StoredEvent) -> str:
        """The thread key, when the webhook could not know it (Mattermost replies)."""

    # Optional, for surfaces that can edit a posted message (Slack):
    #   async def progress(event, text_so_far, shown_key | None) -> shown_key
    #   async def replace(event, shown_key, text, *, last, assistant_message_id) -> post id


# -- the job -----------------------------------------------------------------------------
async def answer_event(memory: Memory, poster: Poster, event_id: str) -> None:
    """Answer one stored event exactly once, continuing whatever an earlier run left undone."""
    ev = await asyncio.to_thread(surface_events.load_event, memory, event_id)
    if ev is None or ev.status in ("posted", "ignored"):
        return
    if ev.kind == "new":
        await asyncio.to_thread(
            surface_events.set_thread,
            memory,
            channel=ev.channel,
            thread_key=ev.thread_key,
            user_id=ev.user_id,
            conversation_id=None,
        )
        if not ev.posted:
            pid = await poster.post(ev, "Started a new conversation.", index=0, last=True, assistant_message_id=None)
            await asyncio.to_thread(surface_events.update_event, memory, ev.id, posted=[pid])
        await asyncio.to_thread(surface_events.update_event, memory, ev.id, status="posted", posted_at=utcnow())
        return
    if not ev.thread_key:
        thread_key = await poster.resolve_thread(ev)
        await asyncio.to_thread(surface_events.update_event, memory, ev.id, thread_key=thread_key)
        ev = replace(ev, thread_key=thread_key)
    if ev.assistant_message_id is None:
        try:
            await poster.started(ev)
        except Exception as e:  # a missing reaction scope must not cost the answer
            await asyncio.to_thread(note_error, memory, ev.channel, f"processing reaction: {e}")
        progress = _Progress(memory, poster, ev)
        aid, answer = await _run_turn(memory, ev, progress)
        shown = progress.key
    else:
        aid, shown = ev.assistant_message_id, ev.target.get("progress")
        answer = await asyncio.to_thread(conversations.message_text, memory, aid)
    parts = split_text(answer or "…", poster.limit)
    posted = list(ev.posted)
    replace_shown = getattr(poster, "replace", None)
    for i in range(len(posted), len(parts)):
        last = i == len(parts) - 1
        if i == 0 and shown and replace_shown is not None:
            # The answer was shown while it was written: the first part takes that message's place.
            pid = await replace_shown(ev, shown, parts[0], last=last, assistant_message_id=aid)
        else:
            pid = await poster.post(ev, parts[i], index=i, last=last, assistant_message_id=aid)
        posted.append(pid)
        await asyncio.to_thread(surface_events.record_post, memory, ev, pid, aid, posted)
    await asyncio.to_thread(surface_events.finish_event, memory, ev.id, ev.channel)
    try:
        await poster.finished(ev)
    except Exception as e:  # the answer is out; a stale reaction is cosmetic
        await asyncio.to_thread(note_error, memory, ev.channel, f"removing reaction: {e}")


class _Progress:
    """Shows a slow answer while it is written, on surfaces that can edit a posted message.

    Nothing is shown for an answer that is done within the poster's ``progress_every_s``
    (default ``PROGRESS_EVERY_S``); after that, the
    message is updated at most that often. The shown message's id is stored on the event, so
    a re-run after a crash edits it rather than posting a second one.
    """

    def __init__(self, memory: Memory, poster: Poster, ev: StoredEvent) -> None:
        self.memory, self.ev = memory, ev
        self.show = getattr(poster, "progress", None)
        self.every = float(getattr(poster, "progress_every_s", PROGRESS_EVERY_S))
        self.key: str | None = ev.target.get("progress")
        self.text = ""
        self.last = time.monotonic()

    async def delta(self, text: str) -> None:
        self.text += text
        if self.show is None or time.monotonic() - self.last < self.every:
            return
        self.last = time.monotonic()
        try:
            key = await self.show(self.ev, self.text, self.key)
        except Exception as e:  # showing progress is a courtesy; the answer still comes
            await asyncio.to_thread(note_error, self.memory, self.ev.channel, f"progress: {e}")
            return
        if key != self.key:
            self.key = key
            target = {**self.ev.target, "progress": key}
            await asyncio.to_thread(surface_events.update_event, self.memory, self.ev.id, target=target)


async def _run_turn(memory: Memory, ev: StoredEvent, progress: _Progress) -> tuple[str, str]:
    """The answer's (assistant message id, text): a turn run now, or the one already stored."""
    if ev.user_message_id is not None:
        done = await asyncio.to_thread(conversations.answer_to, memory, ev.user_message_id)
        if done is not None:
            await asyncio.to_thread(
                surface_events.update_event,
                memory,
                ev.id,
                assistant_message_id=done[0],
                status="answered",
                answered_at=utcnow(),
            )
            return done
        # An earlier run left the message: it is reused, not stored twice. The engine takes a
        # pending turn over only when the process answering it is dead; one still answered by
        # a live process (this job's earlier run, whose lease lapsed on a busy machine) is
        # waited for instead of answered a second time.
        events = memory.retry(ev.user_message_id, user=ev.person)
    else:
        cid = await asyncio.to_thread(
            surface_events.thread_conversation, memory, channel=ev.channel, thread_key=ev.thread_key, user_id=ev.user_id
        )
        if cid is not None and not await asyncio.to_thread(conversations.conversation_exists, memory, cid, ev.user_id):
            cid = None  # deleted on another surface: this thread starts afresh
        events = memory.stream(ev.text, user=ev.person, conversation_id=cid, channel=ev.channel)
    try:
        async for item in _in_flight_deferred(events):
            if isinstance(item, AnswerDelta):
                await progress.delta(item.text)
            elif isinstance(item, ConversationOpened) and item.created:
                await asyncio.to_thread(
                    surface_events.set_thread,
                    memory,
                    channel=ev.channel,
                    thread_key=ev.thread_key,
                    user_id=ev.user_id,
                    conversation_id=item.conversation_id,
                )
            elif isinstance(item, MessageStored):
                await asyncio.to_thread(surface_events.update_event, memory, ev.id, user_message_id=item.message_id)
            elif isinstance(item, TurnDone):
                await asyncio.to_thread(
                    surface_events.update_event,
                    memory,
                    ev.id,
                    assistant_message_id=item.assistant_message_id,
                    status="answered",
                    answered_at=utcnow(),
                )
                return item.assistant_message_id, item.text
            elif isinstance(item, TurnFailed):
                # Raising hands the event back to the job queue, which retries with backoff.
                raise ProviderError(f"the turn failed: {item.error}")
    finally:
        await events.aclose()  # type: ignore[attr-defined]
    raise RuntimeError("the turn ended without an answer")


async def _in_flight_deferred(events: AsyncIterator[TurnEvent]) -> AsyncIterator[TurnEvent]:
    """The turn's events; a turn another live run is still answering defers this job."""
    try:
        async for item in events:
            yield item
    except Conflict as e:
        raise jobs.Defer(utcnow() + timedelta(seconds=IN_FLIGHT_RECHECK_S)) from e


# -- text --------------------------------------------------------------------------------
def split_text(text: str, limit: int) -> list[str]:
    """Split into parts of at most ``limit`` characters, at paragraph, line or word breaks.

    A code fence cut in two is closed at the end of one part and reopened in the next, so
    each part renders on its own.
    """
    if limit < 16:
        raise ValueError("limit too small to split sensibly")
    parts: list[str] = []
    rest = text
    fence_open = False
    while rest:
        prefix = "```\n" if fence_open else ""
        room = limit - len(prefix)
        if len(rest) <= room:
            parts.append(prefix + rest)
            break
        room -= 4  # keep space to close a fence cut in two
        cut = _break_at(rest, room)
        chunk, rest = rest[:cut].rstrip(), rest[cut:].lstrip("\n ")
        if (prefix + chunk).count("```") % 2 == 1:
            parts.append(prefix + chunk + "\n```")
            fence_open = True
        else:
            parts.append(prefix + chunk)
            fence_open = False
    return [p for p in parts if p.strip()] or [""]


def _break_at(text: str, room: int) -> int:
    window = text[:room]
    for sep in ("\n\n", "\n", ". ", " "):
        at = window.rfind(sep)
        if at > room // 2:
            return at + len(sep)
    return room
