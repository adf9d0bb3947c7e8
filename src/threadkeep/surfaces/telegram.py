"""Telegram over a webhook: a chat is a conversation until ``/new`` starts the next one.

Telegram sends the ``secret_token`` given to ``setWebhook`` in the
``X-Telegram-Bot-Api-Secret-Token`` header and retries an update until it is acknowledged,
so updates are de-duplicated on ``update_id``. Answers are sent with ``sendMessage``, split
within the 4096-character limit; the last part carries thumbs buttons whose callback
becomes feedback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from threadkeep.errors import PlatformError
from threadkeep.surfaces.common import StoredEvent, SurfaceSettings

if TYPE_CHECKING:  # httpx loads with the first post (issue 28: serve start-up)
    import httpx

__all__ = ["CHANNEL", "Inbound", "inbound_update", "callback_rating", "TelegramPoster", "TelegramError", "PART_LIMIT"]

CHANNEL = "telegram"
PART_LIMIT = 4096
_NEW = re.compile(r"^/new(@\w+)?\s*$", re.IGNORECASE)


class TelegramError(PlatformError):
    """The Bot API said ``ok: false`` (or could not be reached)."""


@dataclass(frozen=True, slots=True)
class Inbound:
    """A text message (or ``/new``) from a person in a chat."""

    update_id: int
    user: str
    chat_id: str
    message_id: int
    text: str
    kind: str  # message | new

    @property
    def event_key(self) -> str:
        return str(self.update_id)

    @property
    def target(self) -> dict[str, Any]:
        return {"chat_id": self.chat_id, "message_id": self.message_id}


def inbound_update(update: dict[str, Any]) -> Inbound | None:
    """The message of an update worth answering, or None (edits, bots, stickers, joins)."""
    msg, update_id = update.get("message"), update.get("update_id")
    if not isinstance(msg, dict) or not isinstance(update_id, int) or isinstance(update_id, bool):
        return None
    sender, chat, text = msg.get("from"), msg.get("chat"), msg.get("text")
    if not isinstance(sender, dict) or not isinstance(chat, dict) or not isinstance(text, str):
        return None
    if not sender.get("id") or sender.get("is_bot") or chat.get("id") is None:
        return None
    text = text.strip()
    if not text:
        return None
    kind = "new" if _NEW.match(text) else "message"
    message_id = msg.get("message_id")
    return Inbound(
        update_id, str(sender["id"]), str(chat["id"]), message_id if isinstance(message_id, int) else 0, text, kind
    )


def callback_rating(update: dict[str, Any]) -> tuple[str, str, str, str] | None:
    """``(callback id, user, assistant message id, rating)`` of a thumbs button, or None."""
    cb = update.get("callback_query")
    if not isinstance(cb, dict):
        return None
    data, sender = str(cb.get("data") or ""), cb.get("from")
    rating, _, aid = data.partition(":")
    if rating not in ("up", "down") or not aid or not isinstance(sender, dict):
        return None
    return str(cb.get("id") or ""), str(sender.get("id") or ""), aid, rating


class TelegramPoster:
    """Sends answers with the bot token, replying to the person's message."""

    channel = CHANNEL
    limit = PART_LIMIT

    def __init__(self, settings: SurfaceSettings, client: httpx.AsyncClient) -> None:
        self.settings = settings
        self.client = client

    async def call(self, method: str, body: dict[str, Any]) -> dict[str, Any]:
        token = self.settings.telegram_bot_token
        if token is None:
            raise TelegramError("THREADKEEP_TELEGRAM_BOT_TOKEN is not set: the answer cannot be sent")
        url = f"{self.settings.telegram_api_url.rstrip('/')}/bot{token.get_secret_value()}/{method}"
        import httpx  # lazy: start-up (tests/test_serve_startup.py)

        try:
            r = await self.client.post(url, json=body)
            data = r.json()
        except (httpx.HTTPError, ValueError) as e:
            # The URL holds the token: name the method only.
            raise TelegramError(f"{method}: {type(e).__name__}") from None
        if not data.get("ok"):
            raise TelegramError(f"{method}: {data.get('description') or r.status_code}")
        return data  # type: ignore[no-any-return]

    async def started(self, event: StoredEvent) -> None:
        await self.call("sendChatAction", {"chat_id": event.target["chat_id"], "action": "typing"})

    async def finished(self, event: StoredEvent) -> None:
        return None

    async def post(
        self, event: StoredEvent, text: str, *, index: int, last: bool, assistant_message_id: str | None
    ) -> str:
        body: dict[str, Any] = {"chat_id": event.target["chat_id"], "text": text}
        if index == 0 and event.target.get("message_id"):
            body["reply_parameters"] = {"message_id": event.target["message_id"], "allow_sending_without_reply": True}
        if last and assistant_message_id:
            body["reply_markup"] = {
                "inline_keyboard": [
                    [
                        {"text": "👍", "callback_data": f"up:{assistant_message_id}"},
                        {"text": "👎", "callback_data": f"down:{assistant_message_id}"},
                    ]
                ]
            }
        data = await self.call("sendMessage", body)
        return f"{event.target['chat_id']}:{data['result']['message_id']}"

    async def resolve_thread(self, event: StoredEvent) -> str:
        return event.thread_key
