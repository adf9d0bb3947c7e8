"""Which export a file is, told by its structure (not its name), within the readers' limits.

* a zip holding ``manifest.json``: a threadkeep personal export (``threadkeep``); a zip
  holding ``conversations.json`` or ``result.json``: that file is looked at;
* a JSON list whose first conversation has ``mapping`` (or ``current_node``): ChatGPT; one
  with ``chat_messages`` (or ``uuid`` with ``name``): Claude;
* a JSON object with ``messages``, ``chats`` or ``personal_information``: Telegram Desktop.

Only the start of the file is read: the keys of the first conversation (or of the object),
at most :data:`SNIFF_BYTES`.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from threadkeep.imports.model import ImportFormatError
from threadkeep.imports.reading import CountingReader, events, open_zip

__all__ = ["detect_format", "FORMAT_NAMES", "SNIFF_BYTES", "looks_like"]

SNIFF_BYTES = 4 * 1024 * 1024
FORMAT_NAMES = {
    "chatgpt": "a ChatGPT export",
    "claude": "a Claude export",
    "telegram": "a Telegram Desktop export",
    "threadkeep": "a threadkeep personal export",
}
_CHATGPT = frozenset(("mapping", "current_node"))
_CLAUDE = frozenset(("chat_messages",))
_TELEGRAM = frozenset(("messages", "chats", "personal_information"))


def _sniff_json(reader: CountingReader) -> str | None:
    keys: set[str] = set()
    top: str | None = None
    try:
        for event, value, depth in events(reader, lambda: "the start of the file"):
            if reader.read_bytes > SNIFF_BYTES:
                break
            if top is None:
                top = event
                if event not in ("start_array", "start_map"):
                    return None
                continue
            if top == "start_map" and depth == 1 and event == "map_key":
                if value in _TELEGRAM:
                    return "telegram"
            elif top == "start_array":
                if depth == 2 and event == "map_key":
                    keys.add(value)
                    if value in _CHATGPT:
                        return "chatgpt"
                    if value in _CLAUDE:
                        return "claude"
                elif depth == 1 and event in ("end_map", "end_array"):
                    break  # the first conversation ended without a telling key
                elif depth == 0:
                    return None
    except ImportFormatError:
        return None
    return _by_key_set(keys)


def _by_key_set(keys: set[str]) -> str | None:
    """The format a first conversation's keys point to together when no single key told."""
    if {"uuid", "name"} <= keys:
        return "claude"
    if {"id", "title", "create_time"} <= keys:
        return "chatgpt"
    return None


def detect_format(path: Path, name: str | None = None) -> str | None:
    """``chatgpt``, ``claude``, ``telegram`` or ``threadkeep`` by the file's structure; None
    when it is none of them (or too damaged to tell)."""
    path = Path(path)
    name = name or path.name
    try:
        if zipfile.is_zipfile(path):
            with open_zip(path, name) as zf:
                names = zf.namelist()
                if "manifest.json" in names:
                    return "threadkeep"
                for member in ("conversations.json", "result.json"):
                    found = [n for n in names if n.rsplit("/", 1)[-1] == member]
                    if found:
                        info = zf.getinfo(min(found, key=len))
                        with zf.open(info) as raw:
                            return _sniff_json(
                                CountingReader(raw, info.file_size, name=name, compressed=info.compress_size)
                            )
                return None
        with path.open("rb") as raw:
            return _sniff_json(CountingReader(raw, path.stat().st_size, name=name))
    except (ImportFormatError, OSError, zipfile.BadZipFile, EOFError):
        return None


def looks_like(found: str | None) -> str:
    """How an error names what the file looks like."""
    return f"it looks like {FORMAT_NAMES[found]}" if found else "its structure is not one of the known exports"
