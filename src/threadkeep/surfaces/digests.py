"""Digests delivered where a person talks to threadkeep: Slack or Telegram.

A person who uses threadkeep only through a chat surface never opens the web app, where
digests are shown. When a digest is written for the first time (not when it is rebuilt), the
insight job queues its delivery (:data:`threadkeep.engine.insight_jobs.DELIVER_KIND`); this module
runs it. The digest goes to the surface of the person's most recent conversation when that is
Slack or Telegram — as a direct message to their linked identity there (Slack: the bot's DM
with the user; Telegram: the private chat with the bot). Someone whose latest conversation
was on the web (or the API, or Mattermost) reads digests in the web app and is sent nothing.
The job payload holds ids and dates only; the text is read (decrypted) when it is sent.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from threadkeep.engine import Memory, conversations, digest, people
from threadkeep.surfaces import slack, telegram
from threadkeep.surfaces.common import SurfaceSettings, note_error, split_text
from threadkeep.wording import counted

__all__ = ["Delivery", "delivery_for", "digest_text", "deliver_digest"]

log = logging.getLogger("threadkeep.surfaces")
CHANNELS = (slack.CHANNEL, telegram.CHANNEL)


@dataclass(frozen=True, slots=True)
class Delivery:
    """Where one digest goes: the surface and the address of the person's DM there."""

    channel: str
    address: str
    text: str


def delivery_for(memory: Memory, *, user_id: str, period: str, start: date) -> Delivery | None:
    """The delivery of a person's digest, or None (no such digest, or not a chat-surface user)."""
    latest = conversations.latest_channel(memory, user_id)
    if latest not in CHANNELS:
        return None
    view = digest.digest_of(memory, user_id=user_id, period=period, start=start)
    if view is None:
        return None
    ids = [ext for channel, ext in people.channel_identities(memory, user_id=user_id) if channel == latest]
    if not ids:
        return None
    # Slack identities are "<team>:<user>"; a DM is addressed to the user id.
    address = ids[0].split(":", 1)[1] if latest == slack.CHANNEL and ":" in ids[0] else ids[0]
    return Delivery(latest, address, digest_text(view.to_dict()))


def digest_text(d: dict[str, Any]) -> str:
    """A digest as plain text for a chat message (no markup: every surface shows it as is)."""
    last_day = date.fromisoformat(d["end"]) - timedelta(days=1)
    count = d.get("conversations", 0)
    lines = [
        f"Your {d['period']} in threadkeep, {d['start']} to {last_day.isoformat()} "
        f"({count} conversation{'s' if count != 1 else ''})"
    ]
    if d.get("topics"):
        topics = ", ".join(f"{t['topic']} ({counted(t['conversations'], 'conversation')})" for t in d["topics"])
        lines += ["", f"Recurring topics: {topics}"]
    for title, key in (("Decisions", "decisions"), ("Open items", "open_items")):
        if d.get(key):
            lines += ["", f"{title}:"] + [f"• {item['text']}" for item in d[key]]
    if len(lines) == 1:
        lines += ["", "Nothing recurring or still open this time."]
    return "\n".join(lines)


async def deliver_digest(memory: Memory, settings: SurfaceSettings, payload: dict[str, Any]) -> bool:
    """Send one digest (the job's work); False when there is nothing to send or nowhere to."""
    user_id, period = str(payload["user_id"]), str(payload["period"])
    start = date.fromisoformat(str(payload["start"]))
    found = await asyncio.to_thread(delivery_for, memory, user_id=user_id, period=period, start=start)
    if found is None:
        return False
    import httpx  # lazy: start-up (tests/test_serve_startup.py)

    async with httpx.AsyncClient(timeout=settings.http_timeout_s) as client:
        try:
            if found.channel == slack.CHANNEL:
                if settings.slack_bot_token is None:
                    return False  # the surface is not configured any more: nowhere to send
                poster = slack.SlackPoster(settings, client)
                for part in split_text(found.text, slack.PART_LIMIT):
                    await poster.call(
                        "chat.postMessage", {"channel": found.address, "text": part, "unfurl_links": False}
                    )
            else:
                if settings.telegram_bot_token is None:
                    return False
                tg = telegram.TelegramPoster(settings, client)
                for part in split_text(found.text, telegram.PART_LIMIT):
                    await tg.call("sendMessage", {"chat_id": found.address, "text": part})
        except Exception as e:
            await asyncio.to_thread(note_error, memory, found.channel, f"digest delivery: {type(e).__name__}: {e}")
            raise  # the job is retried with backoff
    log.info("digest %s %s delivered on %s", period, start, found.channel)
    return True
