"""ChatGPT's ``conversations.json`` (the data export), read as a stream.

The file is a JSON list of conversations. Each holds ``mapping`` (node id → ``{message,
parent, children}``) — a tree, because editing a message or regenerating an answer starts a
branch — and ``current_node``, the leaf of the branch the person last saw. Only that branch
is kept: from ``current_node`` up through ``parent`` to the root, then in order.

Kept: the person's (``user``) and ChatGPT's (``assistant``) messages whose content is text
(``content_type`` ``text``, or the text parts of ``multimodal_text``), with their
``create_time``; the conversation's ``title``, ``create_time`` and id (``id`` or
``conversation_id``). Skipped, and counted by reason: ``system`` and ``tool`` nodes, hidden
nodes (``metadata.is_visually_hidden_from_conversation``), assistant messages addressed to a
tool (``recipient`` other than ``all``), non-text content (code, execution output, browsing,
reasoning, custom-instruction context), non-text parts (images, audio), empty messages.

Citation markers — the private-use characters newer exports write around sources
(``\ue200cite\ue202turn0search3\ue201``), and the older ``【4:0†source】`` — are removed;
an entity marker (``\ue200entity\ue202["city","Lisbon",…]\ue201``) is rendered as its
name. A tree whose nodes form a cycle is refused, with or without ``current_node``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from threadkeep.imports.model import (
    ImportedConversation,
    ImportedMessage,
    ImportFormatError,
    from_epoch,
)
from threadkeep.imports.reading import CountingReader, read_conversation_list

__all__ = ["read_chatgpt", "conversation_from_json"]

_WHAT = "a JSON list of conversations (conversations.json from ChatGPT's data export)"


def read_chatgpt(
    path: Path, *, reader_out: list[CountingReader] | None = None, name: str | None = None
) -> Iterator[ImportedConversation]:
    """Conversations of a ChatGPT export (``conversations.json``, or the export's ``.zip``),
    one at a time. ``reader_out`` receives the byte stream (for progress); ``name`` is what
    errors call the file."""
    return read_conversation_list(path, _WHAT, conversation_from_json, reader_out=reader_out, name=name)


# A marker: U+E200, its kind and fields separated by U+E202, U+E201. Character classes only
# (no nested quantifiers): linear time over any text.
_MARKER = re.compile("\ue200([^\ue200\ue201]{0,2000})\ue201")
_PRIVATE = re.compile("[\ue000-\uf8ff]")
_OLD_CITE = re.compile("\u3010[^\u3010\u3011\n]{0,100}\u2020[^\u3010\u3011\n]{0,100}\u3011")


def _marker(match: re.Match[str]) -> str:
    kind, *fields = match.group(1).split("\ue202")
    if kind == "entity" and fields:
        try:
            entity = json.loads(fields[0])
        except ValueError:
            return ""
        if isinstance(entity, list) and len(entity) > 1 and isinstance(entity[1], str):
            return entity[1]
    return ""


def clean_citations(text: str) -> str:
    """Text without ChatGPT's citation markers (entities rendered as their names)."""
    if "\u3010" in text:
        text = _OLD_CITE.sub("", text)
    if not _PRIVATE.search(text):
        return text
    return _PRIVATE.sub("", _MARKER.sub(_marker, text))


def _fail(name: str, where: str, problem: str) -> ImportFormatError:
    return ImportFormatError(f"{name}: {where}: {problem}")


def conversation_from_json(raw: Any, *, index: int, name: str = "conversations.json") -> ImportedConversation:
    """One conversation object of the export as an :class:`ImportedConversation`."""
    where = f"conversation #{index}"
    if not isinstance(raw, dict):
        raise _fail(name, where, f"expected an object, found {type(raw).__name__}")
    cid = raw.get("conversation_id") or raw.get("id")
    if not isinstance(cid, str) or not cid:
        raise _fail(name, where, "it has no id (neither 'id' nor 'conversation_id')")
    where = f"conversation #{index} (id {cid})"
    mapping = raw.get("mapping")
    if not isinstance(mapping, dict):
        raise _fail(name, where, "it has no 'mapping' object (the message tree)")
    started = from_epoch(raw.get("create_time"))
    skipped: dict[str, int] = {}
    messages: list[ImportedMessage] = []
    previous = started or from_epoch(raw.get("update_time"))
    for node_id in _current_branch(mapping, raw.get("current_node"), name, where):
        node = mapping[node_id]
        msg = node.get("message") if isinstance(node, dict) else None
        if not isinstance(msg, dict):
            continue  # the root placeholder of every tree
        kept = _message(msg, skipped)
        if kept is None:
            continue
        role, text = kept
        at = from_epoch(msg.get("create_time")) or previous
        if at is None:
            raise _fail(name, where, f"message {node_id} has no create_time, nor has the conversation")
        previous = at
        messages.append(ImportedMessage(role, text, at, f"chatgpt:{cid}:{node_id}"))
    title = raw.get("title") if isinstance(raw.get("title"), str) else None
    return ImportedConversation(
        f"chatgpt:{cid}",
        title,
        started or (messages[0].created_at if messages else None),
        tuple(messages),
        where,
        skipped,
    )


def _current_branch(mapping: dict[str, Any], current: Any, name: str, where: str) -> list[str]:
    """Node ids from the root to ``current_node``. Without one (older exports), the branch
    ends at the most recent leaf."""
    if not isinstance(current, str) or current not in mapping:
        if current is not None and not isinstance(current, str):
            raise _fail(name, where, "'current_node' is not a node id")
        current = _latest_leaf(mapping)
        if current is None:
            if any(isinstance(n, dict) and isinstance(n.get("message"), dict) for n in mapping.values()):
                raise _fail(name, where, "the message tree has no leaf: its nodes form a cycle")
            return []
    path: list[str] = []
    seen: set[str] = set()
    node_id: Any = current
    while isinstance(node_id, str) and node_id in mapping:
        if node_id in seen:
            raise _fail(name, where, f"the message tree has a cycle at node {node_id}")
        seen.add(node_id)
        path.append(node_id)
        node = mapping[node_id]
        node_id = node.get("parent") if isinstance(node, dict) else None
    path.reverse()
    return path


def _latest_leaf(mapping: dict[str, Any]) -> str | None:
    best: tuple[float, str] | None = None
    for node_id, node in mapping.items():
        if not isinstance(node, dict) or node.get("children"):
            continue
        msg = node.get("message")
        t = msg.get("create_time") if isinstance(msg, dict) else None
        key = (float(t) if isinstance(t, (int, float)) else 0.0, node_id)
        if best is None or key > best:
            best = key
    return best[1] if best else None


def _count(skipped: dict[str, int], reason: str) -> None:
    skipped[reason] = skipped.get(reason, 0) + 1


def _message(msg: dict[str, Any], skipped: dict[str, int]) -> tuple[str, str] | None:
    """(role, text) of a message worth keeping, or None (counted in ``skipped``)."""
    author = msg.get("author")
    role = author.get("role") if isinstance(author, dict) else None
    if role not in ("user", "assistant"):
        _count(skipped, f"{role or 'unknown'} messages")
        return None
    meta = msg.get("metadata") if isinstance(msg.get("metadata"), dict) else {}
    if meta.get("is_visually_hidden_from_conversation"):
        _count(skipped, "hidden messages")
        return None
    if role == "assistant" and msg.get("recipient") not in (None, "all"):
        _count(skipped, "assistant messages to a tool")
        return None
    content = msg.get("content")
    ctype = content.get("content_type") if isinstance(content, dict) else None
    if ctype not in ("text", "multimodal_text"):
        _count(skipped, f"{ctype or 'contentless'} messages")
        return None
    parts = content.get("parts") if isinstance(content, dict) else None
    texts: list[str] = []
    for part in parts if isinstance(parts, list) else []:
        if isinstance(part, str):
            part = clean_citations(part)
            if part.strip():
                texts.append(part)
        elif part is not None:
            _count(skipped, "non-text parts (images, audio, files)")
    text = "\n\n".join(texts).strip()
    if not text:
        _count(skipped, "empty messages")
        return None
    return role, text
