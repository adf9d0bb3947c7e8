"""Telegram Desktop's JSON export (``result.json``), read as a stream of events.

Two shapes: one chat (``{"name", "type", "id", "messages": [...]}``, from a chat's "Export
chat history") or the whole account (``{"personal_information": {"user_id"}, "chats":
{"list": [chat, …]}}``, from Settings → Advanced → Export Telegram data). A message has
``id``, ``type`` (``message`` or ``service``), ``date`` (local time, no zone) and
``date_unixtime``, ``from``, ``from_id`` (``user123``), and ``text`` — a string, or a list
of strings and entity objects ``{type, text}``.

Who is the person (their messages become ``user``; everyone else's ``assistant``):

1. ``person`` (``--as``) when given: a ``from_id`` (``user123`` or ``123``) or a display name
   (``from``, compared case-insensitively). It must match a sender of the chats taken, else
   the import is refused with the senders seen and their message counts;
2. else, in an account export, its owner (``personal_information.user_id``);
3. else, in a personal or bot chat, whoever is not the other side: Telegram names a private
   chat by the other side, so its ``id`` is the other side's user id. When two or more
   senders differ from that id (an export whose chat id is not a sender's), nobody can be
   told apart: the import is refused, listing the senders, and asks for ``--as``;
4. a group or channel with none of these is refused: say who you are with ``--as``.

These are decided by a first pass over the file (senders and counts per chat, a few bytes
per sender) before anything is stored.

A forwarded message (``forwarded_from``) is not its sender's own words: it is stored as a
quote naming its origin (``Forwarded from Carla:`` then ``> `` lines) and never mined for the
person's facts (Saved Messages is mostly forwards).

Every message keeps its sender's display name (``from``) as its speaker: recall names who
said each line it brings back. In a group, other members' messages are also kept as
``assistant`` messages starting with the sender's name (``Bob: …``), so exports and search
read who said them; facts are only ever taken from the person's own messages.

A chat is cut into conversations at pauses longer than :data:`GAP` (and every
:data:`MAX_MESSAGES` messages or :data:`MAX_SESSION_CHARS` characters), titled with the
chat's name and the first message's date as the export wrote it (``date``: the exporting
device's local time): a chat of years is many sessions, each folded on its own.
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

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from ijson.common import ObjectBuilder

from threadkeep.imports.model import (
    ImportedConversation,
    ImportedMessage,
    ImportFormatError,
    from_epoch,
)
from threadkeep.imports.reading import CountingReader, events, expect_start, open_export

__all__ = ["read_telegram", "GAP", "MAX_MESSAGES", "MAX_SESSION_CHARS", "PRIVATE_TYPES"]

GAP = timedelta(hours=6)
MAX_MESSAGES = 1000
MAX_SESSION_CHARS = 4_000_000
PRIVATE_TYPES = ("personal_chat", "bot_chat", "saved_messages")
_WHAT = "a JSON object (result.json from Telegram Desktop's export)"
_MAX_NAME = 200  # a display name longer than this is cut (Telegram allows 64 + 64 characters)
_MEDIA_KEYS = (
    "photo",
    "file",
    "media_type",
    "sticker_emoji",
    "contact_information",
    "location_information",
    "poll",
    "game_title",
    "invoice_information",
)
_SHOWN_SENDERS = 12  # senders listed in an error
_PATH_DEPTH = 6  # levels of the file whose keys are tracked (chats.list.item.messages.item is 5)
_MESSAGE_PATHS = ("messages.item", "chats.list.item.messages.item")


@dataclass(slots=True)
class _Chat:
    index: int
    single: bool = False  # the whole file is this one chat
    name: str | None = None
    type: str | None = None
    id: str | None = None
    take: bool | None = None  # decided when the first message arrives
    session: list[ImportedMessage] = field(default_factory=list)
    session_chars: int = 0
    first_id: str | None = None
    first_day: str | None = None  # the first message's local date, as exported
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
        return "".join(
            p if isinstance(p, str) else str(p.get("text") or "") if isinstance(p, dict) else "" for p in value
        )
    return ""


def _sender(msg: dict[str, Any]) -> tuple[str, str]:
    return str(msg.get("from_id") or msg.get("actor_id") or ""), str(msg.get("from") or "").strip()


def _matches(person: str, sender: tuple[str, str]) -> bool:
    p = person.casefold()
    return sender[0].casefold() in (p, f"user{p}") or sender[1].casefold() == p


def _senders(counts: Counter[tuple[str, str]]) -> str:
    shown = ", ".join(
        f"{name or '(no name)'} ({fid or 'no id'}): {n}" for (fid, name), n in counts.most_common(_SHOWN_SENDERS)
    )
    more = len(counts) - _SHOWN_SENDERS
    return shown + (f", and {more} more" if more > 0 else "")


def _path(loc: list[str]) -> str:
    """The dotted path of ``loc`` (``chats.list.item.id``); "" deeper than any tracked path."""
    return ".".join(loc) if len(loc) <= _PATH_DEPTH else ""


class _Scan:
    """One pass over a result.json: its chats and their messages, from prefix-free events.

    ``on_message(chat, msg)`` and ``on_end(chat)`` are generators whose conversations the
    pass yields.
    """

    def __init__(self, name: str, chats: Sequence[str]) -> None:
        self.name = name
        self.chats = [c.strip().casefold() for c in chats if c.strip()]
        self.owner: str | None = None
        self.chat: _Chat | None = None
        self.seen_chats = 0
        self.taken_chats = 0

    def wanted(self, chat: _Chat) -> bool:
        if self.chats:
            return (chat.id or "").casefold() in self.chats or (chat.name or "").casefold() in self.chats
        # A one-chat export is the chat the person chose; in an account export, private ones.
        return chat.single or chat.type in PRIVATE_TYPES

    def on_message(self, chat: _Chat, msg: dict[str, Any]) -> Iterator[ImportedConversation]:
        return iter(())

    def on_end(self, chat: _Chat) -> Iterator[ImportedConversation]:
        return iter(())

    def _message(self, chat: _Chat, msg: Any) -> Iterator[ImportedConversation]:
        if not isinstance(msg, dict):
            raise ImportFormatError(f"{self.name}: {chat.where}: a message is not an object")
        if chat.take is None:
            chat.take = self.wanted(chat)
            if chat.take:
                self.taken_chats += 1
        if not chat.take:
            return
        mid = msg.get("id")
        if mid is None:
            raise ImportFormatError(f"{self.name}: {chat.where}: a message has no id (after message {chat.last_id})")
        chat.last_id = str(mid)
        yield from self.on_message(chat, msg)

    def _enter_message(self, prefix: str, single: _Chat) -> None:
        """A message object starts at ``prefix``: check it belongs to a chat whose id is known.

        Messages are keyed by their chat's id, so a chat must say its id first.
        """
        if prefix == "messages.item":
            self.chat = single
        if self.chat is None:
            raise ImportFormatError(f"{self.name}: messages outside a chat")
        if self.chat.id is None:
            raise ImportFormatError(
                f"{self.name}: {self.chat.where}: the chat's id must come before "
                "its messages (as Telegram Desktop writes it)"
            )

    def _open(self, event: str, prefix: str, loc: list[str]) -> None:
        """An object or list (not a message) starts: an account export's chat begins here."""
        if event == "start_map" and prefix == "chats.list.item":
            self.seen_chats += 1
            self.chat = _Chat(index=self.seen_chats)
        loc.append("item" if event == "start_array" else "")

    def _close(self, event: str, prefix: str, single: _Chat) -> Iterator[ImportedConversation]:
        """An object or list ends at ``prefix`` (its parent's path): a chat's messages may be over."""
        if event == "end_array" and prefix == "messages":
            yield from self.on_end(single)
        elif event == "end_map" and prefix == "chats.list.item" and self.chat is not None:
            yield from self.on_end(self.chat)
            self.chat = None

    def _scalar(self, prefix: str, value: Any, single: _Chat) -> None:
        """A string or number at ``prefix``: the owner's id, or a chat's name, type or id."""
        if prefix == "personal_information.user_id":
            self.owner = str(value)
        elif prefix in ("name", "type", "id"):
            setattr(single, prefix, str(value))
        elif prefix in ("chats.list.item.name", "chats.list.item.type", "chats.list.item.id") and self.chat is not None:
            setattr(self.chat, prefix.rsplit(".", 1)[1], str(value))

    def run(self, reader: CountingReader) -> Iterator[ImportedConversation]:
        """The pass itself: each message is built whole and handed on; the rest only steers."""
        single = _Chat(index=1, single=True)
        loc: list[str] = []  # the keys down to the current event ("item" in a list)
        builder: ObjectBuilder | None = None  # the message being built, whole, from its events
        built_at = 0
        found_messages = False

        def where() -> str:
            chat = self.chat or single
            return f"{chat.where}" + (f", after message {chat.last_id}" if chat.last_id else "")

        def message_where() -> str:
            return f"a message of {where()}"

        reader.open_window(where)
        for event, value, depth in events(reader, where):
            if builder is not None:
                builder.event(event, value)
                if depth == built_at - 1 and event == "end_map":
                    yield from self._message(self.chat or single, builder.value)
                    builder = None
                    reader.open_window(where)
                continue
            if event == "map_key":
                loc[-1] = value if len(value) <= 64 else "?"
                continue
            prefix = _path(loc)
            if event == "start_map" and prefix in _MESSAGE_PATHS:
                found_messages = True
                self._enter_message(prefix, single)
                builder = ObjectBuilder()
                builder.event(event, value)
                built_at = depth
                reader.open_window(message_where)
            elif event in ("start_map", "start_array"):
                self._open(event, prefix, loc)
            elif event in ("end_map", "end_array"):
                loc.pop()
                yield from self._close(event, _path(loc), single)
            elif event in ("string", "number"):
                self._scalar(prefix, value, single)
        if not found_messages and not self.seen_chats and single.id is None:
            raise ImportFormatError(
                f"{self.name}: no chat found; expected {_WHAT}: one chat's export "
                "(with 'messages') or the account's (with 'chats')"
            )


class _Census(_Scan):
    """The first pass: who sent how many messages in each chat taken."""

    def __init__(self, name: str, chats: Sequence[str]) -> None:
        super().__init__(name, chats)
        self.senders: dict[int, tuple[_Chat, Counter[tuple[str, str]]]] = {}

    def on_message(self, chat: _Chat, msg: dict[str, Any]) -> Iterator[ImportedConversation]:
        if msg.get("type") == "message":
            entry = self.senders.setdefault(chat.index, (chat, Counter()))
            entry[1][_sender(msg)] += 1
        return iter(())


class _Reader(_Scan):
    """The second pass: the conversations, with who is the person settled by the census."""

    def __init__(self, name: str, person: str | None, chats: Sequence[str], census: _Census) -> None:
        super().__init__(name, chats)
        self.person = person.strip() if person else None
        self.census = census
        self.owner = census.owner
        self._settle()

    def _settle(self) -> None:
        """Refuse, before anything is stored, a chat whose person cannot be told for sure."""
        chats = self.census.senders
        if self.person:
            if not any(_matches(self.person, s) for _, counts in chats.values() for s in counts):
                seen = "; ".join(f"{c.where}: {_senders(counts)}" for c, counts in chats.values()) or "none"
                raise ImportFormatError(
                    f"{self.name}: --as {self.person!r} matches no sender of the chats "
                    f"imported; senders seen (messages): {seen}"
                )
            return
        if self.owner:
            return
        for chat, counts in chats.values():
            if chat.type in ("personal_chat", "bot_chat") and chat.id:
                others = Counter({s: n for s, n in counts.items() if s[0] != f"user{chat.id}"})
                if len({s[0] for s in others}) >= 2:
                    raise ImportFormatError(
                        f"{self.name}: {chat.where} is a private chat, but {len(others)} senders differ from "
                        f"its id, so which one is you cannot be told: say which with --as NAME_OR_ID; "
                        f"senders seen (messages): {_senders(counts)}"
                    )

    def _is_person(self, chat: _Chat, msg: dict[str, Any]) -> bool:
        sender = _sender(msg)
        if self.person:
            return _matches(self.person, sender)
        if self.owner:
            return sender[0] == f"user{self.owner}"
        if chat.type == "saved_messages":
            return True
        if chat.type in ("personal_chat", "bot_chat") and chat.id:
            return sender[0] != f"user{chat.id}"
        raise ImportFormatError(
            f"{self.name}: {chat.where} is a {chat.type or 'chat of unknown type'}: say which member you are "
            "with --as NAME_OR_ID (a display name or a from_id such as user123)"
        )

    def on_message(self, chat: _Chat, msg: dict[str, Any]) -> Iterator[ImportedConversation]:
        mid = chat.last_id
        if msg.get("type") != "message":
            _count(chat.skipped, f"{msg.get('type') or 'untyped'} messages")
            return
        text = _plain(msg.get("text")).strip()
        if not text:
            _count(chat.skipped, "media without a caption" if any(k in msg for k in _MEDIA_KEYS) else "empty messages")
            return
        at = from_epoch(int(msg["date_unixtime"])) if str(msg.get("date_unixtime") or "").isdigit() else None
        local = msg.get("date") if isinstance(msg.get("date"), str) else None
        if at is None and local:
            try:
                parsed = datetime.fromisoformat(local)
                at = parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
            except ValueError:
                at = None
        if at is None:
            raise ImportFormatError(f"{self.name}: {chat.where}: message {mid} has no readable date")
        mine = self._is_person(chat, msg)
        speaker = str(msg.get("from") or "").strip()[:_MAX_NAME] or None
        quoted = "forwarded_from" in msg
        if quoted:
            origin = str(msg.get("forwarded_from") or "").strip() or "a hidden account"
            text = f"Forwarded from {origin}:\n" + "\n".join(f"> {line}" for line in text.splitlines())
            _count(chat.skipped, "forwarded messages kept as quotes, not mined for facts")
        if not mine and chat.type not in ("personal_chat", "bot_chat"):
            text = f"{str(msg.get('from') or 'someone').strip()}: {text}"
        if chat.session and (
            at - chat.session[-1].created_at > GAP
            or len(chat.session) >= MAX_MESSAGES
            or chat.session_chars + len(text) > MAX_SESSION_CHARS
        ):
            yield self._flush(chat)
        if not chat.session:
            chat.first_id = str(mid)
            chat.first_day = local[:10] if local and len(local) >= 10 and local[4] == "-" else None
        chat.session.append(
            ImportedMessage(
                "user" if mine else "assistant", text, at, f"telegram:{chat.id}:{mid}", quoted=quoted, speaker=speaker
            )
        )
        chat.session_chars += len(text)

    def _flush(self, chat: _Chat) -> ImportedConversation:
        msgs = tuple(chat.session)
        chat.session, chat.session_chars = [], 0
        title = f"{chat.name or 'Telegram'} · {chat.first_day or f'{msgs[0].created_at:%Y-%m-%d}'}"
        skipped, chat.skipped = chat.skipped, {}
        return ImportedConversation(
            f"telegram:{chat.id}@{chat.first_id}",
            title,
            msgs[0].created_at,
            msgs,
            f"{chat.where}, from message {chat.first_id}",
            skipped,
        )

    def on_end(self, chat: _Chat) -> Iterator[ImportedConversation]:
        if chat.session:
            yield self._flush(chat)


def read_telegram(
    path: Path,
    *,
    person: str | None = None,
    chats: Sequence[str] = (),
    reader_out: list[CountingReader] | None = None,
    name: str | None = None,
) -> Iterator[ImportedConversation]:
    """Conversations of a Telegram Desktop JSON export (``result.json`` or a ``.zip`` of it).

    ``person``: who the person is (``--as``), a display name or ``from_id``; ``chats``: in an
    account export, the chats to take (names or ids; default: private chats). See the module
    docstring for the rules. The file is read twice: senders first, then the conversations.
    """
    with open_export(Path(path), "result.json", name) as reader:
        expect_start(reader.name, reader, b"{", _WHAT)
        census = _Census(reader.name, chats)
        for _ in census.run(reader):
            pass
    with open_export(Path(path), "result.json", name) as reader:
        if reader_out is not None:
            reader_out.append(reader)
        expect_start(reader.name, reader, b"{", _WHAT)
        yield from _Reader(reader.name, person, chats, census).run(reader)
