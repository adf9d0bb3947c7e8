"""Claude's ``conversations.json`` (claude.ai data export), read as a stream.

The file is a JSON list of conversations: ``uuid``, ``name``, ``created_at`` (ISO 8601),
``chat_messages`` — each ``{uuid, sender: "human"|"assistant", text, content: [{type,
text}, …], created_at, attachments, files}``, in order.

Kept: human messages as ``user`` and assistant messages as ``assistant``, their text — the
``text`` blocks of ``content`` joined (the plain ``text`` field when there is no
``content``) — and their ``created_at``; the conversation's ``name`` as its title, its
``created_at`` and ``uuid``. When the export carries the branch structure
(``current_leaf_message_uuid`` and each message's ``parent_message_uuid``), only the branch
ending at the current leaf is kept (a branch whose parents form a cycle is refused). A
voice note (a ``voice_note`` block: the app's transcript of what the person said, in
``text``) is kept as the person's words. Skipped and counted: other senders, tool use and
tool results, thinking blocks, attachments and files (their names and extracted text), empty
messages.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from threadkeep.imports.model import ImportedConversation, ImportedMessage, ImportFormatError
from threadkeep.imports.reading import CountingReader, read_conversation_list

__all__ = ["read_claude", "conversation_from_json", "parse_time"]

_WHAT = "a JSON list of conversations (conversations.json from Claude's data export)"
_ROLES = {"human": "user", "user": "user", "assistant": "assistant"}


def read_claude(
    path: Path, *, reader_out: list[CountingReader] | None = None, name: str | None = None
) -> Iterator[ImportedConversation]:
    """Conversations of a Claude export (``conversations.json`` or the export's ``.zip``)."""
    return read_conversation_list(path, _WHAT, conversation_from_json, reader_out=reader_out, name=name)


def parse_time(value: Any) -> datetime | None:
    """An ISO 8601 time (``2024-05-01T10:00:00.123456Z``) as aware UTC; naive means UTC."""
    if not isinstance(value, str) or not value:
        return None
    try:
        at = datetime.fromisoformat(value.replace("Z", "+00:00") if value.endswith("Z") else value)
    except ValueError:
        return None
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def _fail(name: str, where: str, problem: str) -> ImportFormatError:
    return ImportFormatError(f"{name}: {where}: {problem}")


def _count(skipped: dict[str, int], reason: str, n: int = 1) -> None:
    skipped[reason] = skipped.get(reason, 0) + n


def conversation_from_json(raw: Any, *, index: int, name: str = "conversations.json") -> ImportedConversation:
    where = f"conversation #{index}"
    if not isinstance(raw, dict):
        raise _fail(name, where, f"expected an object, found {type(raw).__name__}")
    cid = raw.get("uuid")
    if not isinstance(cid, str) or not cid:
        raise _fail(name, where, "it has no 'uuid'")
    where = f"conversation #{index} (uuid {cid})"
    chat = raw.get("chat_messages")
    if chat is None:
        chat = []
    if not isinstance(chat, list):
        raise _fail(name, where, "'chat_messages' is not a list")
    started = parse_time(raw.get("created_at"))
    skipped: dict[str, int] = {}
    messages: list[ImportedMessage] = []
    previous = started
    for i, msg in enumerate(_branch(chat, raw.get("current_leaf_message_uuid"), name, where)):
        if not isinstance(msg, dict):
            raise _fail(name, where, f"message #{i + 1} is not an object")
        role = _ROLES.get(str(msg.get("sender")))
        if role is None:
            _count(skipped, f"{msg.get('sender') or 'unknown'} messages")
            continue
        text = _text(msg, skipped)
        if not text:
            _count(skipped, "empty messages")
            continue
        at = parse_time(msg.get("created_at")) or previous
        if at is None:
            raise _fail(name, where, f"message #{i + 1} has no created_at, nor has the conversation")
        previous = at
        mid = msg.get("uuid")
        if not isinstance(mid, str) or not mid:
            raise _fail(name, where, f"message #{i + 1} has no 'uuid'")
        messages.append(ImportedMessage(role, text, at, f"claude:{cid}:{mid}"))
    title = raw.get("name") if isinstance(raw.get("name"), str) else None
    return ImportedConversation(
        f"claude:{cid}",
        title,
        started or (messages[0].created_at if messages else None),
        tuple(messages),
        where,
        skipped,
    )


def _branch(chat: list[Any], leaf: Any, name: str, where: str) -> list[Any]:
    """The messages of the current branch when the export says which; else all, in order."""
    if not isinstance(leaf, str):
        return chat
    by_id = {m.get("uuid"): m for m in chat if isinstance(m, dict)}
    if leaf not in by_id or not all(isinstance(m, dict) and "parent_message_uuid" in m for m in chat):
        return chat
    path: list[Any] = []
    seen: set[str] = set()
    node: Any = leaf
    while isinstance(node, str) and node in by_id:
        if node in seen:
            raise _fail(name, where, f"the message branch has a cycle at message {node}")
        seen.add(node)
        path.append(by_id[node])
        node = by_id[node].get("parent_message_uuid")
    path.reverse()
    return path


def _text(msg: dict[str, Any], skipped: dict[str, int]) -> str:
    content = msg.get("content")
    attached = len(msg.get("attachments") or []) + len(msg.get("files") or [])
    if attached:
        _count(skipped, "attachments and files", attached)
    if isinstance(content, list) and content:
        texts: list[str] = []
        for block in content:
            kind = block.get("type") if isinstance(block, dict) else None
            if kind in ("text", "voice_note") and isinstance(block.get("text"), str):
                if block["text"].strip():
                    texts.append(block["text"])
            else:
                _count(skipped, f"{kind or 'unknown'} blocks")
        return "\n\n".join(texts).strip()
    text = msg.get("text")
    return text.strip() if isinstance(text, str) else ""
