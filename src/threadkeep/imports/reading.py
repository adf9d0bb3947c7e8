"""Opening an export for streaming, and turning parser failures into errors that name a place.

An export is read as a byte stream with ijson (never loaded whole), through
:class:`CountingReader`, which knows how many bytes the parser has taken so far: the
progress of the storing stage, and the place a malformed or truncated file broke. A ``.zip``
(the archive the tool hands out) is read in place: the right member is streamed out of it.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import ijson

from threadkeep.imports.model import ImportedConversation, ImportFormatError

__all__ = ["CountingReader", "open_export", "json_error", "is_json_error", "expect_start", "read_conversation_list",
           "READ_CHUNK"]

# Bytes handed to the parser per read: the precision of an error's byte range.
READ_CHUNK = 16 * 1024


class CountingReader(io.RawIOBase):
    """A readable byte stream that counts what was read (and where the last read started)."""

    def __init__(self, raw: IO[bytes], total: int | None) -> None:
        self.raw = raw
        self.total = total
        self.read_bytes = 0
        self.last_start = 0
        self._pending = b""

    def readable(self) -> bool:
        return True

    def first_byte(self) -> bytes:
        """The first byte of the JSON text (after whitespace and a UTF-8 BOM), not consumed."""
        while len(self._pending) < 4096:
            more = self.raw.read(READ_CHUNK)
            if not more:
                break
            self._pending += more
        text = self._pending.removeprefix(b"\xef\xbb\xbf").lstrip()
        return text[:1]

    def read(self, size: int = -1) -> bytes:
        want = size if size is not None and size >= 0 else READ_CHUNK
        if self._pending:
            data, self._pending = self._pending[:want], self._pending[want:]
        else:
            data = self.raw.read(want)
        self.last_start = self.read_bytes
        self.read_bytes += len(data)
        return data

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


@contextmanager
def open_export(path: Path, member: str) -> Iterator[CountingReader]:
    """The export at ``path`` as a counting byte stream: the file itself, or — a ``.zip`` —
    its member named ``member`` (at any depth)."""
    path = Path(path)
    if not path.is_file():
        raise ImportFormatError(f"{path}: no such file")
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as zf:
            names = [n for n in zf.namelist() if n.rsplit("/", 1)[-1] == member]
            if not names:
                raise ImportFormatError(f"{path}: the zip archive holds no {member}")
            info = zf.getinfo(min(names, key=len))
            with zf.open(info) as raw:
                yield CountingReader(raw, info.file_size)
        return
    with path.open("rb") as raw:
        yield CountingReader(raw, path.stat().st_size)


def json_error(name: str, reader: CountingReader, where: str, error: Exception) -> ImportFormatError:
    """A parser failure as an error naming the file, the place in the export, and the bytes.

    Only the parser's own first line is kept: yajl quotes the text around the fault, and an
    error is shown and stored where a person's words must not be.
    """
    raw = error.args[0] if error.args else ""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    reason = text.strip().splitlines()[0] if text.strip() else type(error).__name__
    if reader.total is not None and reader.read_bytes >= reader.total and "premature EOF" in reason:
        reason = "the file ends too early (truncated?): " + reason
    span = f"bytes {reader.last_start}–{reader.read_bytes}"
    return ImportFormatError(f"{name}: malformed JSON {where}, between {span}: {reason}")


def is_json_error(error: Exception) -> bool:
    return isinstance(error, (ijson.JSONError, ijson.IncompleteJSONError, UnicodeDecodeError))


def expect_start(name: str, reader: CountingReader, char: bytes, what: str) -> None:
    """Refuse, before parsing, a file whose JSON does not start with ``char`` (``[`` or ``{``)."""
    first = reader.first_byte()
    if first == char:
        return
    if not first:
        raise ImportFormatError(f"{name}: the file is empty; expected {what}")
    if first in (b"[", b"{"):
        raise ImportFormatError(f"{name}: the JSON is {'a list' if first == b'[' else 'an object'}; expected {what}")
    raise ImportFormatError(f"{name}: not a JSON file (it starts with byte {first!r}); expected {what}")


def read_conversation_list(path: Path, what: str,
                           parse: Callable[..., ImportedConversation], *,
                           reader_out: list[CountingReader] | None = None) -> Iterator[ImportedConversation]:
    """The conversations of an export that is one JSON list (``conversations.json``, or the
    export's ``.zip``), streamed one at a time through ``parse(raw, index=, name=)``. A JSON
    error names the conversation it broke in. ``reader_out`` receives the byte stream (for
    progress)."""
    name = Path(path).name
    with open_export(Path(path), "conversations.json") as reader:
        if reader_out is not None:
            reader_out.append(reader)
        expect_start(name, reader, b"[", what)
        items = ijson.items(reader, "item", use_float=True, buf_size=16 * 1024)
        index, last_id = 0, None
        while True:
            try:
                raw: Any = next(items)
            except StopIteration:
                return
            except Exception as e:
                if is_json_error(e):
                    after = f" (after id {last_id})" if last_id else ""
                    raise json_error(name, reader, f"in conversation #{index + 1}{after}", e) from None
                raise
            index += 1
            conv = parse(raw, index=index, name=name)
            last_id = conv.source_id.split(":", 1)[1]
            yield conv
