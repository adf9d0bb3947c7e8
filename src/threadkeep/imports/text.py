"""The text of an imported message or title as it can be stored: cleaned, cut into parts
under the size limit, and a conversation's one-line title."""

from __future__ import annotations

from threadkeep.imports.model import ImportedConversation
from threadkeep.validate import MAX_TITLE_CHARS

__all__ = ["clean_text", "message_parts", "conversation_title"]


def clean_text(text: str) -> str:
    """Text as it can be stored: NUL bytes and lone surrogates replaced."""
    if "\x00" in text:
        text = text.replace("\x00", "\ufffd")
    if text.isascii():
        return text
    return text.encode("utf-8", "replace").decode("utf-8")


def message_parts(text: str, limit: int) -> list[str]:
    """A message's text in parts of at most ``limit`` UTF-8 bytes, cut at a paragraph, line
    or space where one is near (nothing is dropped)."""
    raw = text.encode("utf-8")
    if len(raw) <= limit:
        return [text]
    parts: list[str] = []
    while len(raw) > limit:
        head = raw[:limit].decode("utf-8", "ignore")  # never half a character
        cut = max(head.rfind("\n\n"), head.rfind("\n"), head.rfind(" "))
        if cut < len(head) // 2:
            cut = len(head)
        parts.append(head[:cut])
        raw = raw[len(head[:cut].encode("utf-8")) :]
    if raw:
        parts.append(raw.decode("utf-8"))
    return [p for p in parts if p.strip()] or [text[:1]]


def conversation_title(conv: ImportedConversation) -> str | None:
    """The stored title: the export's own, else the first thing the person said; one line,
    at most MAX_TITLE_CHARS characters."""
    title = " ".join((conv.title or "").replace("\x00", "").split())
    if not title:
        first = next((m.text for m in conv.messages if m.role == "user"), "")
        title = " ".join(first.replace("\x00", "").split())
    if not title:
        return None
    title = title.encode("utf-8", "replace").decode("utf-8")
    return title if len(title) <= MAX_TITLE_CHARS else title[: MAX_TITLE_CHARS - 1].rstrip() + "…"
