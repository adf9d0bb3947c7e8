"""Mattermost: an outgoing webhook in, the REST API (``POST /api/v4/posts``) out.

The outgoing webhook carries its token in the payload (form-encoded or JSON); the answer is
posted by a bot account into the thread. A thread (``root_id``, else the post itself) is a
conversation. Outgoing webhooks do not always say which thread a post belongs to, so the
worker asks the server for the post when the payload does not tell.

The last part of an answer carries thumbs buttons (interactive message actions) when
``THREADKEEP_PUBLIC_URL`` says where Mattermost reaches threadkeep. A button press comes back
to ``/surfaces/mattermost/actions`` with the context the button was made with; Mattermost does
not sign these requests, so the context carries an HMAC (keyed with the outgoing webhook token)
of the message id and rating, and only the person the answer was for can rate it.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import SecretStr

from threadkeep.errors import PlatformError
from threadkeep.surfaces.common import StoredEvent, SurfaceSettings

if TYPE_CHECKING:  # httpx loads with the first post (issue 28: serve start-up)
    import httpx

__all__ = [
    "CHANNEL",
    "Inbound",
    "inbound_post",
    "MattermostPoster",
    "MattermostError",
    "PART_LIMIT",
    "ACTIONS_PATH",
    "thumbs_props",
    "action_rating",
]

CHANNEL = "mattermost"
# Mattermost's post limit is 16383 characters (older servers: 4000, raised by config).
PART_LIMIT = 16_000
ACTIONS_PATH = "/surfaces/mattermost/actions"
_THUMBS = (("up", "▲ Good", "good"), ("down", "▼ Bad", "danger"))


class MattermostError(PlatformError):
    """The Mattermost server refused a call (or could not be reached)."""


@dataclass(frozen=True, slots=True)
class Inbound:
    """A post that triggered the outgoing webhook."""

    user: str
    channel_id: str
    post_id: str
    root_id: str
    text: str

    @property
    def thread_key(self) -> str:
        # Empty when unknown: the worker resolves it from the post (see resolve_thread).
        return f"{self.channel_id}:{self.root_id}" if self.root_id else ""

    @property
    def target(self) -> dict[str, Any]:
        return {"channel_id": self.channel_id, "post_id": self.post_id, "root_id": self.root_id}


def inbound_post(payload: dict[str, Any], bot_user: str | None) -> Inbound | None:
    """The post to answer, or None (the bot's own posts, empty text)."""
    user, channel, post = (str(payload.get(k) or "") for k in ("user_id", "channel_id", "post_id"))
    text = str(payload.get("text") or "")
    trigger = str(payload.get("trigger_word") or "")
    if trigger and text.startswith(trigger):
        text = text[len(trigger) :]
    text = text.strip()
    if not user or not channel or not post or not text or (bot_user and user == bot_user):
        return None
    return Inbound(user, channel, post, str(payload.get("root_id") or ""), text)


def _signature(token: SecretStr, message_id: str, rating: str) -> str:
    key = token.get_secret_value().encode()
    return hmac.new(key, f"mattermost-thumbs:{message_id}:{rating}".encode(), hashlib.sha256).hexdigest()


def thumbs_props(settings: SurfaceSettings, message_id: str) -> dict[str, Any] | None:
    """The ``props`` of a post with thumbs buttons for ``message_id``; None when not reachable."""
    token, public = settings.mattermost_token, (settings.public_url or "").rstrip("/")
    if token is None or not public:
        return None
    actions = [
        {
            "id": f"thumbs{rating}",
            "name": label,
            "type": "button",
            "style": style,
            "integration": {
                "url": public + ACTIONS_PATH,
                "context": {"message_id": message_id, "rating": rating, "sig": _signature(token, message_id, rating)},
            },
        }
        for rating, label, style in _THUMBS
    ]
    return {"attachments": [{"text": "Was this answer useful?", "actions": actions}]}


def action_rating(payload: dict[str, Any], token: SecretStr) -> tuple[str, str, str] | None:
    """``(user id, assistant message id, rating)`` of a genuine thumbs press, else None."""
    context = payload.get("context")
    user = str(payload.get("user_id") or "")
    if not isinstance(context, dict) or not user:
        return None
    message_id, rating, sig = (str(context.get(k) or "") for k in ("message_id", "rating", "sig"))
    if rating not in ("up", "down") or not message_id:
        return None
    if not hmac.compare_digest(sig.encode(), _signature(token, message_id, rating).encode()):
        return None
    return user, message_id, rating


class MattermostPoster:
    """Posts answers as the bot account, as replies in the thread."""

    channel = CHANNEL
    limit = PART_LIMIT

    def __init__(self, settings: SurfaceSettings, client: httpx.AsyncClient) -> None:
        self.settings = settings
        self.client = client

    async def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        token, base = self.settings.mattermost_bot_token, self.settings.mattermost_url
        if token is None or not base:
            raise MattermostError(
                "THREADKEEP_MATTERMOST_URL and THREADKEEP_MATTERMOST_BOT_TOKEN must be set to post answers"
            )
        import httpx  # lazy: start-up (tests/test_serve_startup.py)

        try:
            r = await self.client.request(
                method,
                base.rstrip("/") + path,
                json=body,
                headers={"Authorization": f"Bearer {token.get_secret_value()}"},
            )
        except httpx.HTTPError as e:
            raise MattermostError(f"{method} {path}: {e}") from e
        if r.status_code >= 400:
            raise MattermostError(f"{method} {path}: HTTP {r.status_code}")
        return r.json()  # type: ignore[no-any-return]

    async def started(self, event: StoredEvent) -> None:
        return None

    async def finished(self, event: StoredEvent) -> None:
        return None

    def _root(self, event: StoredEvent) -> str:
        return event.thread_key.split(":", 1)[1] if ":" in event.thread_key else event.target["post_id"]

    async def post(
        self, event: StoredEvent, text: str, *, index: int, last: bool, assistant_message_id: str | None
    ) -> str:
        body: dict[str, Any] = {"channel_id": event.target["channel_id"], "message": text, "root_id": self._root(event)}
        props = thumbs_props(self.settings, assistant_message_id) if last and assistant_message_id else None
        if props is not None:
            body["props"] = props
        data = await self.call("POST", "/api/v4/posts", body)
        return str(data["id"])

    async def resolve_thread(self, event: StoredEvent) -> str:
        post_id = event.target["post_id"]
        try:
            post = await self.call("GET", f"/api/v4/posts/{post_id}")
            root = str(post.get("root_id") or "") or post_id
        except MattermostError:
            root = post_id  # the answer still goes out; it opens a thread of its own
        return f"{event.target['channel_id']}:{root}"
