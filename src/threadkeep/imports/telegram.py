"""Telegram Desktop's JSON export (``result.json``), read as a stream of events.

Two shapes: one chat (``{"name", "type", "id", "messages": [...]}``, from a chat's "Export
chat history") or the whole account (``{"personal_information": {"user_id"}, "chats":
{"list": [chat, …]}}``, from Settings → Advanced → Export Telegram data). A message has
``id``, ``type`` (``message`` or ``service``), ``date`` (local time, no zone) and
``date_unixtime``, ``from``, ``from_id`` (``user123``), and ``text`` — a string, or a list
of strings and entity objects ``{type, text}``.

Who is the person (their messages become ``user``; everyone else's ``assistant``):

1. ``person`` (``--as``) when given: a ``from_id`` (``user123`` or ``123``) or a display name
   (``from``, compared case-insensitively);
2. else, in an account export, its owner (``personal_information.user_id``);
3. else, in a personal or bot chat, whoever is not the other side: Telegram names a private
   chat by the other side, so its ``id`` is the other side's user id;
4. a group or channel with none of these is refused: say who you are with ``--as``.

In a group, other members' messages are kept as ``assistant`` messages starting with the
sender's name (``Bob: …``): recall finds what was said and by whom, and facts are only ever
taken from the person's own messages.

A chat is cut into conversations at pauses longer than :data:`GAP` (and every
:data:`MAX_MESSAGES` messages): a chat of years is many sessions, each folded on its own.
The cut depends only on the messages before it, so a later export of the same chat makes the
same cuts, and message ids (``telegram:<chat id>:<message id>``) are unique per person, so
nothing is stored twice either way.

Kept: text and captions, with their ``date_unixtime`` (``date`` read as UTC when it is
missing). Skipped and counted: service messages (joins, pins, calls), media without a
caption (stickers, photos, voice), empty messages. In an account export, private chats,
bot chats and Saved Messages are imported unless ``chats`` names the ones to take; groups and
channels only when named; left chats never.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import ijson
from ijson.common import ObjectBuilder

from threadkeep.imports.model import (
    ImportedConversation,
    ImportedMessage,
    ImportFormatError,
    from_epoch,
)
from threadkeep.imports.reading import (
    CountingReader,
    expect_start,
    is_json_error,
    json_error,
    open_export,
)

__all__ = ["read_telegram", "GAP", "MAX_MESSAGES", "PRIVATE_TYPES"]

GAP = timedelta(hours=6)
MAX_MESSAGES = 1000
PRIVATE_TYPES = ("personal_chat", "bot_chat", "saved_messages")
_WHAT = "a JSON object (result.json from Telegram Desktop's export)"
_MEDIA_KEYS = ("photo", "file", "media_type", "sticker_emoji", "contact_information", "location_information",
               "poll", "game_title", "invoice_information")


@dataclass(slots=True)
class _Chat:
    index: int
    single: bool = False  # the whole file is this one chat
    name: str | None = None
    type: str | None = None
    id: str | None = None
    take: bool | None = None  # decided when the first message arrives
    session: list[ImportedMessage] = field(default_factory=list)
    first_id: str | None = None
    last_id: str | None = None
    skipped: dict[str, int] = field(default_factory=dict)

    @property
    def where(self) -> str:
        return f"chat #{self.index}" + (f" (id {self.id})" if self.id else "")


def _count(skipped: dict[str, int], reason: str) -> None:
    skipped[reason] = skipped.get(reason, 0) + 1


def _plain(value: Any) -> str:
    """``text`` as one string: a string, or the pieces of a list of strings and entities."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(p if isinstance(p, str) else str(p.get("text") or "") if isinstance(p, dict) else ""
                       for p in value)
    return ""


class _Reader:
    def __init__(self, name: str, person: str | None, chats: Sequence[str]) -> None:
        self.name = name
        self.person = person.strip() if person else None
        self.chats = [c.strip().casefold() for c in chats if c.strip()]
        self.owner: str | None = None
        self.chat: _Chat | None = None
        self.seen_chats = 0
        self.taken_chats = 0

    # -- who and which ----------------------------------------------------------------
    def _wanted(self, chat: _Chat) -> bool:
        if self.chats:
            return (chat.id or "").casefold() in self.chats or (chat.name or "").casefold() in self.chats
        # A one-chat export is the chat the person chose; in an account export, private ones.
        return chat.single or chat.type in PRIVATE_TYPES

    def _is_person(self, chat: _Chat, msg: dict[str, Any]) -> bool:
        from_id = str(msg.get("from_id") or msg.get("actor_id") or "")
        if self.person:
            p = self.person.casefold()
            return (from_id.casefold() in (p, f"user{p}")
                    or str(msg.get("from") or "").casefold() == p)
        if self.owner:
            return from_id == f"user{self.owner}"
        if chat.type == "saved_messages":
            return True
        if chat.type in ("personal_chat", "bot_chat") and chat.id:
            return from_id != f"user{chat.id}"
        raise ImportFormatError(
            f"{self.name}: {chat.where} is a {chat.type or 'chat of unknown type'}: say which member you are "
            "with --as NAME_OR_ID (a display name or a from_id such as user123)")

    # -- messages ---------------------------------------------------------------------
    def message(self, chat: _Chat, msg: Any) -> Iterator[ImportedConversation]:
        if not isinstance(msg, dict):
            raise ImportFormatError(f"{self.name}: {chat.where}: a message is not an object")
        if chat.take is None:
            chat.take = self._wanted(chat)
            if chat.take:
                self.taken_chats += 1
        if not chat.take:
            return
        mid = msg.get("id")
        if mid is None:
            raise ImportFormatError(f"{self.name}: {chat.where}: a message has no id (after message {chat.last_id})")
        chat.last_id = str(mid)
        if msg.get("type") != "message":
            _count(chat.skipped, f"{msg.get('type') or 'untyped'} messages")
            return
        text = _plain(msg.get("text")).strip()
        if not text:
            _count(chat.skipped, "media without a caption" if any(k in msg for k in _MEDIA_KEYS) else "empty messages")
            return
        at = from_epoch(int(msg["date_unixtime"])) if str(msg.get("date_unixtime") or "").isdigit() else None
        if at is None and isinstance(msg.get("date"), str):
            try:
                parsed = datetime.fromisoformat(msg["date"])
                at = parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
            except ValueError:
                at = None
        if at is None:
            raise ImportFormatError(f"{self.name}: {chat.where}: message {mid} has no readable date")
        mine = self._is_person(chat, msg)
        if not mine and chat.type not in ("personal_chat", "bot_chat"):
            text = f"{str(msg.get('from') or 'someone').strip()}: {text}"
        if chat.session and (at - chat.session[-1].created_at > GAP or len(chat.session) >= MAX_MESSAGES):
            yield self._flush(chat)
        if not chat.session:
            chat.first_id = str(mid)
        chat.session.append(ImportedMessage("user" if mine else "assistant", text, at,
                                            f"telegram:{chat.id}:{mid}"))

    def _flush(self, chat: _Chat) -> ImportedConversation:
        msgs = tuple(chat.session)
        chat.session = []
        title = f"{chat.name or 'Telegram'} · {msgs[0].created_at:%Y-%m-%d}"
        skipped, chat.skipped = chat.skipped, {}
        return ImportedConversation(f"telegram:{chat.id}@{chat.first_id}", title, msgs[0].created_at, msgs,
                                    f"{chat.where}, from message {chat.first_id}", skipped)

    def end_chat(self, chat: _Chat) -> Iterator[ImportedConversation]:
        if chat.session:
            yield self._flush(chat)

    # -- the event stream ---------------------------------------------------------------
    def run(self, reader: CountingReader) -> Iterator[ImportedConversation]:
        builder: ObjectBuilder | None = None
        depth_prefix = ""
        single = _Chat(index=1, single=True)
        events = ijson.parse(reader, use_float=True, buf_size=16 * 1024)
        found_messages = False
        while True:
            try:
                prefix, event, value = next(events)
            except StopIteration:
                break
            except Exception as e:
                if is_json_error(e):
                    chat = self.chat or single
                    after = f", after message {chat.last_id}" if chat.last_id else ""
                    raise json_error(self.name, reader, f"in {chat.where}{after}", e) from None
                raise
            if builder is not None:
                builder.event(event, value)
                if prefix == depth_prefix and event == "end_map":
                    chat = self.chat or single
                    yield from self.message(chat, builder.value)
                    builder = None
                continue
            if prefix in ("messages.item", "chats.list.item.messages.item") and event == "start_map":
                found_messages = True
                if prefix == "messages.item":
                    self.chat = single
                if self.chat is None:
                    raise ImportFormatError(f"{self.name}: messages outside a chat")
                if self.chat.id is None:
                    raise ImportFormatError(f"{self.name}: {self.chat.where}: the chat's id must come before "
                                            "its messages (as Telegram Desktop writes it)")
                builder = ObjectBuilder()
                builder.event(event, value)
                depth_prefix = prefix
            elif prefix == "personal_information.user_id" and event in ("number", "string"):
                self.owner = str(value)
            elif prefix in ("name", "type", "id") and event in ("string", "number"):
                setattr(single, prefix, str(value))
            elif prefix == "messages" and event == "end_array":
                yield from self.end_chat(single)
            elif prefix == "chats.list.item" and event == "start_map":
                self.seen_chats += 1
                self.chat = _Chat(index=self.seen_chats)
            elif prefix == "chats.list.item" and event == "end_map" and self.chat is not None:
                yield from self.end_chat(self.chat)
                self.chat = None
            elif prefix in ("chats.list.item.name", "chats.list.item.type", "chats.list.item.id") \
                    and event in ("string", "number") and self.chat is not None:
                setattr(self.chat, prefix.rsplit(".", 1)[1], str(value))
        if not found_messages and not self.seen_chats and single.id is None:
            raise ImportFormatError(f"{self.name}: no chat found; expected {_WHAT}: one chat's export "
                                    "(with 'messages') or the account's (with 'chats')")


def read_telegram(path: Path, *, person: str | None = None, chats: Sequence[str] = (),
                  reader_out: list[CountingReader] | None = None) -> Iterator[ImportedConversation]:
    """Conversations of a Telegram Desktop JSON export (``result.json`` or a ``.zip`` of it).

    ``person``: who the person is (``--as``), a display name or ``from_id``; ``chats``: in an
    account export, the chats to take (names or ids; default: private chats). See the module
    docstring for the rules.
    """
    name = Path(path).name
    with open_export(Path(path), "result.json") as reader:
        if reader_out is not None:
            reader_out.append(reader)
        expect_start(name, reader, b"{", _WHAT)
        yield from _Reader(name, person, chats).run(reader)
