"""Slack over the Events API: verify, pick the messages to answer, post answers in the thread.

Slack gives a request 3 seconds and holds no stream, so the webhook only stores the event
and queues it (:mod:`threadkeep.surfaces.common`); :class:`SlackPoster` posts the answer
later — a slow one is shown while it is written and edited in place (``chat.update``).
A thread (``thread_ts``, else the message's own ``ts``) is one conversation of the person
who wrote in it. Thumbs arrive as reactions on the bot's answer or as the
answer's buttons, and become feedback on the assistant message the answer carries.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import SecretStr

from threadkeep.errors import PlatformError
from threadkeep.surfaces.common import StoredEvent, SurfaceSettings

if TYPE_CHECKING:  # httpx loads with the first post (issue 28: serve start-up)
    import httpx

__all__ = [
    "CHANNEL",
    "verify_signature",
    "Inbound",
    "inbound_message",
    "reaction_rating",
    "button_rating",
    "SlackPoster",
    "SlackError",
    "FEEDBACK_ACTIONS",
]

CHANNEL = "slack"
MAX_SKEW_S = 300
# A section block holds at most 3000 characters; parts this size can carry the buttons.
PART_LIMIT = 3000
FEEDBACK_ACTIONS = {"threadkeep_up": "up", "threadkeep_down": "down"}
_REACTIONS = {"+1": "up", "thumbsup": "up", "-1": "down", "thumbsdown": "down"}
_MENTION = re.compile(r"<@([UW][A-Z0-9]+)(?:\|[^>]*)?>")


class SlackError(PlatformError):
    """The Slack Web API said ``ok: false`` (or could not be reached)."""


def verify_signature(
    secret: SecretStr | None, body: bytes, timestamp: str | None, signature: str | None, *, now: float | None = None
) -> bool:
    """Slack's v0 request signature: HMAC-SHA256 of ``v0:{timestamp}:{body}``, 5 minutes' skew."""
    if secret is None or not secret.get_secret_value() or not timestamp or not signature:
        return False
    try:
        ts = int(timestamp)
    except ValueError:
        return False
    # An old signed request replayed later is refused, not only a forged one.
    if abs((now if now is not None else time.time()) - ts) > MAX_SKEW_S:
        return False
    base = b"v0:" + timestamp.encode() + b":" + body
    expected = "v0=" + hmac.new(secret.get_secret_value().encode(), base, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), signature.encode())


def sign(secret: str, body: bytes, timestamp: str) -> str:
    """The signature Slack would send (for tests and local tools)."""
    base = b"v0:" + timestamp.encode() + b":" + body
    return "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()


@dataclass(frozen=True, slots=True)
class Inbound:
    """A Slack message that the bot should answer."""

    event_key: str
    team: str
    user: str
    text: str
    channel_id: str
    ts: str
    thread_ts: str

    @property
    def thread_key(self) -> str:
        return f"{self.team}:{self.channel_id}:{self.thread_ts}"

    @property
    def target(self) -> dict[str, Any]:
        return {"channel": self.channel_id, "ts": self.ts, "thread_ts": self.thread_ts}


def bot_user_of(payload: dict[str, Any], configured: str | None) -> str | None:
    """The bot's own user id: from the event's ``authorizations``, else the configured one."""
    auths = payload.get("authorizations")
    for auth in auths if isinstance(auths, list) else ():
        if isinstance(auth, dict) and auth.get("is_bot") and auth.get("user_id"):
            return str(auth["user_id"])
    return configured


def inbound_message(payload: dict[str, Any], bot_user: str | None) -> Inbound | None:
    """The message to answer in an ``event_callback``, or None when the bot stays quiet.

    DMs are always answered, channel messages only when the bot is mentioned. Bots (the
    bot itself above all) and message subtypes (edits, joins, deletions) never are.
    """
    event = payload.get("event")
    if not isinstance(event, dict) or event.get("type") not in ("message", "app_mention"):
        return None
    kind = event["type"]
    if event.get("subtype") or event.get("bot_id") or event.get("bot_profile"):
        return None
    user, text, channel, ts = event.get("user"), event.get("text"), event.get("channel"), event.get("ts")
    if not (isinstance(user, str) and isinstance(text, str) and isinstance(channel, str) and isinstance(ts, str)):
        return None  # a shape Slack does not send
    if not (user and channel and ts) or (bot_user and user == bot_user):
        return None
    mentioned = bot_user is not None and any(m == bot_user for m in _MENTION.findall(text))
    if kind == "message" and event.get("channel_type") != "im" and not mentioned:
        return None
    clean = _MENTION.sub(lambda m: "" if m.group(1) == bot_user else m.group(0), text).strip()
    if not clean:
        return None
    thread_ts = event.get("thread_ts")
    team = str(event.get("team") or payload.get("team_id") or "")
    # Keyed by the message, not the event id: a mention in a DM arrives as both `message` and
    # `app_mention` events, and must get one answer.
    return Inbound(
        f"{team}:{channel}:{ts}",
        team,
        str(user),
        clean,
        str(channel),
        str(ts),
        str(thread_ts if isinstance(thread_ts, str) and thread_ts else ts),
    )


def reaction_rating(event: dict[str, Any]) -> tuple[str, str, str, str | None] | None:
    """``(reacting user, channel, ts, rating)`` of a thumbs reaction; removal clears (None)."""
    if not isinstance(event, dict) or event.get("type") not in ("reaction_added", "reaction_removed"):
        return None
    name = str(event.get("reaction") or "").split("::")[0]  # skin tones: "+1::skin-tone-2"
    rating = _REACTIONS.get(name)
    item = event.get("item")
    if rating is None or not isinstance(item, dict) or item.get("type") != "message" or not item.get("ts"):
        return None
    return (
        str(event.get("user") or ""),
        str(item.get("channel") or ""),
        str(item["ts"]),
        rating if event["type"] == "reaction_added" else None,
    )


def button_rating(payload: dict[str, Any]) -> tuple[str, str, str, str] | None:
    """``(team, user, assistant message id, rating)`` of a thumbs button press, or None."""
    user, team_of, actions = payload.get("user"), payload.get("team"), payload.get("actions")
    if payload.get("type") != "block_actions" or not isinstance(user, dict) or not isinstance(actions, list):
        return None
    team = str((team_of.get("id") if isinstance(team_of, dict) else None) or user.get("team_id") or "")
    for action in actions:
        if not isinstance(action, dict):
            continue
        rating = FEEDBACK_ACTIONS.get(str(action.get("action_id")))
        if rating and action.get("value"):
            return team, str(user.get("id") or ""), str(action["value"]), rating
    return None


def feedback_blocks(text: str, assistant_message_id: str) -> list[dict[str, Any]]:
    """The answer as a section, with thumbs buttons that carry the assistant message id."""

    def button(label: str, action: str) -> dict[str, Any]:
        return {
            "type": "button",
            "text": {"type": "plain_text", "text": label, "emoji": True},
            "action_id": action,
            "value": assistant_message_id,
        }

    return [
        {"type": "section", "text": {"type": "mrkdwn", "text": text}},
        {"type": "actions", "elements": [button(":+1:", "threadkeep_up"), button(":-1:", "threadkeep_down")]},
    ]


class SlackPoster:
    """Posts answers in the thread with the bot token, with an "eyes" reaction while working."""

    channel = CHANNEL
    limit = PART_LIMIT

    def __init__(self, settings: SurfaceSettings, client: httpx.AsyncClient) -> None:
        self.settings = settings
        self.client = client
        self.progress_every_s = settings.slack_progress_s

    async def call(self, method: str, body: dict[str, Any]) -> dict[str, Any]:
        """One Web API call; a refusal raises, so the job is retried with backoff."""
        token = self.settings.slack_bot_token
        if token is None:
            raise SlackError("THREADKEEP_SLACK_BOT_TOKEN is not set: the answer cannot be posted")
        url = self.settings.slack_api_url.rstrip("/") + "/" + method
        import httpx  # lazy: start-up (tests/test_serve_startup.py)

        try:
            r = await self.client.post(url, json=body, headers={"Authorization": f"Bearer {token.get_secret_value()}"})
        except httpx.HTTPError as e:
            raise SlackError(f"{method}: {e}") from e
        if r.status_code == 429:
            raise SlackError(f"{method}: rate limited (retry after {r.headers.get('Retry-After', '?')} s)")
        data = r.json() if r.headers.get("content-type", "").startswith("application/json") else {}
        if r.status_code >= 400 or not data.get("ok"):
            raise SlackError(f"{method}: {data.get('error') or r.status_code}")
        return data

    async def started(self, event: StoredEvent) -> None:
        await self._reaction("reactions.add", event, tolerate="already_reacted")

    async def finished(self, event: StoredEvent) -> None:
        await self._reaction("reactions.remove", event, tolerate="no_reaction")

    async def _reaction(self, method: str, event: StoredEvent, *, tolerate: str) -> None:
        try:
            await self.call(
                method, {"channel": event.target["channel"], "timestamp": event.target["ts"], "name": "eyes"}
            )
        except SlackError as e:
            if tolerate not in str(e):  # a repeat after a crash finds it already done
                raise

    async def post(
        self, event: StoredEvent, text: str, *, index: int, last: bool, assistant_message_id: str | None
    ) -> str:
        body: dict[str, Any] = {
            "channel": event.target["channel"],
            "thread_ts": event.target["thread_ts"],
            "text": text,
            "unfurl_links": False,
        }
        if last and assistant_message_id:
            body["blocks"] = feedback_blocks(text, assistant_message_id)
        data = await self.call("chat.postMessage", body)
        return f"{data.get('channel') or event.target['channel']}:{data['ts']}"

    async def progress(self, event: StoredEvent, text: str, shown: str | None) -> str:
        """Show the answer so far: posted once, then edited in place (``chat.update``)."""
        partial = (text if len(text) <= self.limit - 2 else text[: self.limit - 2]) + " …"
        if shown is None:
            data = await self.call(
                "chat.postMessage",
                {
                    "channel": event.target["channel"],
                    "text": partial,
                    "thread_ts": event.target["thread_ts"],
                    "unfurl_links": False,
                },
            )
            return f"{data.get('channel') or event.target['channel']}:{data['ts']}"
        channel, ts = shown.split(":", 1)
        await self.call("chat.update", {"channel": channel, "ts": ts, "text": partial})
        return shown

    async def replace(
        self, event: StoredEvent, shown: str, text: str, *, last: bool, assistant_message_id: str | None
    ) -> str:
        """Put the first part of the finished answer in place of the progress message."""
        channel, ts = shown.split(":", 1)
        body: dict[str, Any] = {"channel": channel, "ts": ts, "text": text}
        if last and assistant_message_id:
            body["blocks"] = feedback_blocks(text, assistant_message_id)
        await self.call("chat.update", body)
        return shown

    async def resolve_thread(self, event: StoredEvent) -> str:
        return event.thread_key
