"""Checks on what a person sends, before anything is stored."""

from __future__ import annotations

from threadkeep.errors import EmptyMessage, InvalidText, MessageTooLarge

__all__ = ["clean_text", "clean_title"]

MAX_TITLE_CHARS = 200


def _decode(text: str | bytes) -> str:
    if isinstance(text, bytes):
        try:
            return text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InvalidText(f"the text is not valid UTF-8 (bad byte at position {e.start})") from e
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        # Lone surrogates come from mis-decoded input; they cannot be stored faithfully.
        raise InvalidText(f"the text is not valid UTF-8 (lone surrogate at position {e.start})") from e
    return text


def clean_text(text: str | bytes, *, max_bytes: int) -> str:
    """Return the message text, or raise a clear InputError; the text itself is not altered."""
    value = _decode(text)
    if "\x00" in value:
        raise InvalidText(f"the text contains a NUL byte (at position {value.index(chr(0))})")
    if not value.strip():
        raise EmptyMessage("the message is empty")
    size = len(value.encode("utf-8"))
    if size > max_bytes:
        raise MessageTooLarge(f"the message is {size} bytes; the limit is {max_bytes} bytes")
    return value


def clean_title(title: str | bytes) -> str:
    value = _decode(title).strip()
    if "\x00" in value:
        raise InvalidText("the title contains a NUL byte")
    if not value:
        raise EmptyMessage("the title is empty")
    if len(value) > MAX_TITLE_CHARS:
        raise MessageTooLarge(f"the title is {len(value)} characters; the limit is {MAX_TITLE_CHARS}")
    return value
