"""Opening an export for streaming, within limits, and turning parser failures into errors
that name a place.

An export is read as a byte stream with ijson (never loaded whole), through
:class:`CountingReader`, which knows how many bytes the parser has taken so far: the
progress of the storing stage, and the place a malformed or truncated file broke. A ``.zip``
(the archive the tool hands out) is read in place: the right member is streamed out of it.

Every input is bounded (docs/IMPORT.md, "Limits"), whatever the file holds:

* nesting deeper than :data:`MAX_DEPTH` is refused (ijson's own prefixes grow with the
  square of the depth, so readers use its prefix-free ``basic_parse`` events here and track
  only the few levels they need);
* one item — a ChatGPT or Claude conversation, a Telegram message, an archive entry, or any
  stretch of the file between two items — may take at most :data:`MAX_ITEM_BYTES` of the
  stream; the limit is checked as bytes are handed to the parser, so even one endless string
  is refused before it is held;
* a zip's directory may list at most :data:`MAX_ZIP_ENTRIES` entries (read from its end
  record before the directory is parsed), and an entry may expand at most
  :data:`MAX_ZIP_RATIO` times its compressed size (past :data:`ZIP_RATIO_FLOOR`) and to at
  most :data:`MAX_ZIP_MEMBER_BYTES`.

Peak memory is then bounded by one item, not by the file (measured in docs/BENCHMARKS.md,
"Hostile files").
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import ijson
from ijson.common import ObjectBuilder

from threadkeep.imports.model import ImportedConversation, ImportFormatError, ImportLimitError

__all__ = [
    "CountingReader",
    "open_export",
    "json_error",
    "is_json_error",
    "expect_start",
    "read_conversation_list",
    "READ_CHUNK",
    "MAX_DEPTH",
    "MAX_ITEM_BYTES",
    "MAX_ZIP_RATIO",
    "ZIP_RATIO_FLOOR",
    "MAX_ZIP_ENTRIES",
    "MAX_ZIP_MEMBER_BYTES",
    "events",
    "list_items",
    "open_zip",
    "check_ratio",
    "mib",
]

# Bytes handed to the parser per read: the precision of an error's byte range.
READ_CHUNK = 16 * 1024
# Nesting levels of JSON (arrays and objects). The exports nest about 10 deep (ChatGPT:
# list, conversation, mapping, node, message, content, parts, metadata…).
MAX_DEPTH = 64
# Bytes of one item of an export (a conversation, a Telegram message, an archive entry).
MAX_ITEM_BYTES = 16 * 1024 * 1024
# A zip entry expanding more than this many times its compressed size is a zip bomb (JSON
# exports compress 5–15×) — checked once it passed ZIP_RATIO_FLOOR bytes, so small, very
# compressible entries are not refused.
MAX_ZIP_RATIO = 100
ZIP_RATIO_FLOOR = 16 * 1024 * 1024
MAX_ZIP_MEMBER_BYTES = 8 * 1024 * 1024 * 1024
MAX_ZIP_ENTRIES = 200_000


def mib(n: int) -> str:
    return f"{n / (1024 * 1024):g} MiB"


class CountingReader(io.RawIOBase):
    """A readable byte stream that counts what was read (and where the last read started).

    ``window_end``: the stream may not pass this byte (the current item's limit; a reader
    moves it as items start and end); ``compressed``: a zip member's compressed size, for the
    expansion limit. Both raise :class:`ImportLimitError` from :meth:`read`, so the parser
    never holds more than the limit.
    """

    def __init__(
        self, raw: IO[bytes], total: int | None, *, name: str = "the file", compressed: int | None = None
    ) -> None:
        self.raw = raw
        self.total = total
        self.name = name
        self.compressed = compressed
        self.read_bytes = 0
        self.last_start = 0
        self.window_end: int | None = None
        self.window_what: Callable[[], str] = lambda: "one item"
        self._pending = b""

    def readable(self) -> bool:
        return True

    def open_window(self, what: Callable[[], str]) -> None:
        """From here, at most MAX_ITEM_BYTES more until the next :meth:`open_window`."""
        self.window_end = self.read_bytes + MAX_ITEM_BYTES
        self.window_what = what

    def first_byte(self) -> bytes:
        """The first byte of the JSON text (after whitespace and a UTF-8 BOM), not consumed."""
        scanned = 0
        while True:
            text = self._pending.removeprefix(b"\xef\xbb\xbf").lstrip()
            if text:
                return text[:1]
            more = self.raw.read(READ_CHUNK)
            if not more:
                return b""
            scanned += len(more)
            if scanned > MAX_ITEM_BYTES:
                raise ImportLimitError(
                    f"{self.name}: more than {mib(MAX_ITEM_BYTES)} of whitespace before any JSON: not an export"
                )
            self._pending = text + more  # whitespace already seen is dropped

    def read(self, size: int = -1) -> bytes:
        want = size if size is not None and size >= 0 else READ_CHUNK
        if self._pending:
            data, self._pending = self._pending[:want], self._pending[want:]
        else:
            data = self.raw.read(want)
        self.last_start = self.read_bytes
        self.read_bytes += len(data)
        if self.window_end is not None and self.read_bytes > self.window_end:
            raise ImportLimitError(
                f"{self.name}: {self.window_what()} is larger than the limit of "
                f"{mib(MAX_ITEM_BYTES)} (at byte {self.read_bytes})"
            )
        if self.compressed is not None:
            if self.read_bytes > max(ZIP_RATIO_FLOOR, MAX_ZIP_RATIO * self.compressed):
                raise ImportLimitError(
                    f"{self.name}: the zip entry expands more than {MAX_ZIP_RATIO} times its compressed size "
                    f"({self.compressed} bytes): a zip bomb, not an export"
                )
            if self.read_bytes > MAX_ZIP_MEMBER_BYTES:
                raise ImportLimitError(
                    f"{self.name}: the zip entry expands past the limit of {mib(MAX_ZIP_MEMBER_BYTES)}"
                )
        return data

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _zip_entries(path: Path) -> int | None:
    """How many entries a zip's end record says its directory holds (before parsing it)."""
    with path.open("rb") as f:
        end = zipfile._EndRecData(f)  # type: ignore[attr-defined]  # the stdlib's own end-record reader
    return int(end[zipfile._ECD_ENTRIES_TOTAL]) if end else None  # type: ignore[attr-defined]


@contextmanager
def open_zip(path: Path, name: str) -> Iterator[zipfile.ZipFile]:
    """A zip file whose directory is within MAX_ZIP_ENTRIES (a bigger directory would be
    held whole by :mod:`zipfile`)."""
    try:
        entries = _zip_entries(path)
    except OSError as e:
        raise ImportFormatError(f"{name}: cannot read the zip archive ({e})") from e
    if entries is not None and entries > MAX_ZIP_ENTRIES:
        raise ImportLimitError(
            f"{name}: the zip archive lists {entries} entries, more than the limit of {MAX_ZIP_ENTRIES}"
        )
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, EOFError) as e:
        raise ImportFormatError(f"{name}: not a zip archive, or a truncated one ({e})") from e
    with zf:
        yield zf


def check_ratio(info: zipfile.ZipInfo, name: str) -> None:
    """Refuse an entry whose declared sizes already make it a zip bomb."""
    declared = info.file_size
    if declared > MAX_ZIP_MEMBER_BYTES:
        raise ImportLimitError(
            f"{name}: {info.filename} would expand to {declared} bytes, past the limit of {mib(MAX_ZIP_MEMBER_BYTES)}"
        )
    if declared > max(ZIP_RATIO_FLOOR, MAX_ZIP_RATIO * info.compress_size):
        raise ImportLimitError(
            f"{name}: {info.filename} expands more than {MAX_ZIP_RATIO} times its compressed "
            f"size ({info.compress_size} bytes): a zip bomb, not an export"
        )


@contextmanager
def open_export(path: Path, member: str, name: str | None = None) -> Iterator[CountingReader]:
    """The export at ``path`` as a counting byte stream: the file itself, or — a ``.zip`` —
    its member named ``member`` (at any depth). ``name`` is what errors call the file (the
    uploaded file's name over HTTP; by default the file's own)."""
    path = Path(path)
    name = name or path.name
    if not path.is_file():
        raise ImportFormatError(f"{name}: no such file")
    if zipfile.is_zipfile(path):
        with open_zip(path, name) as zf:
            names = [n for n in zf.namelist() if n.rsplit("/", 1)[-1] == member]
            if not names:
                raise ImportFormatError(f"{name}: the zip archive holds no {member}")
            info = zf.getinfo(min(names, key=len))
            check_ratio(info, name)
            with zf.open(info) as raw:
                yield CountingReader(raw, info.file_size, name=name, compressed=info.compress_size)
        return
    with path.open("rb") as raw:
        yield CountingReader(raw, path.stat().st_size, name=name)


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


_OPEN = frozenset(("start_map", "start_array"))
_CLOSE = frozenset(("end_map", "end_array"))


def events(reader: CountingReader, where: Callable[[], str]) -> Iterator[tuple[str, Any, int]]:
    """``(event, value, depth)`` of ijson's prefix-free events; depth counts the open arrays
    and objects after the event. Nesting past MAX_DEPTH, and parser failures, raise errors
    naming ``where()``."""
    depth = 0
    parsed = ijson.basic_parse(reader, use_float=True, buf_size=READ_CHUNK)
    while True:
        try:
            event, value = next(parsed)
        except StopIteration:
            return
        except ImportFormatError:
            raise
        except Exception as e:
            if is_json_error(e):
                raise json_error(reader.name, reader, f"in {where()}", e) from None
            raise
        if event in _OPEN:
            depth += 1
            if depth > MAX_DEPTH:
                raise ImportLimitError(
                    f"{reader.name}: {where()}: JSON nested more than {MAX_DEPTH} levels deep "
                    f"(at byte {reader.read_bytes}): not an export"
                )
        elif event in _CLOSE:
            depth -= 1
        yield event, value, depth


def list_items(reader: CountingReader, where: Callable[[int], str]) -> Iterator[Any]:
    """The items of a JSON list (the whole file), each built whole and within MAX_ITEM_BYTES;
    ``where(index)`` names the item being read, for errors."""
    done = 0  # items handed out
    builder: ObjectBuilder | None = None

    def current() -> str:
        return where(done + 1)

    def between() -> str:
        return f"the stretch after {where(done)}" if done else "the start of the list"

    reader.open_window(between)
    for event, value, depth in events(reader, current):
        if builder is not None:
            builder.event(event, value)
            if depth == 1 and event in _CLOSE:
                done += 1
                item = builder.value
                builder = None
                reader.open_window(between)
                yield item
            continue
        if depth == 2 and event in _OPEN:
            builder = ObjectBuilder()
            builder.event(event, value)
            reader.open_window(current)
        elif depth == 1 and event not in _OPEN and event not in _CLOSE:
            done += 1  # a scalar item: the parser hands it whole
            yield value
            reader.open_window(between)


def read_conversation_list(
    path: Path,
    what: str,
    parse: Callable[..., ImportedConversation],
    *,
    reader_out: list[CountingReader] | None = None,
    name: str | None = None,
) -> Iterator[ImportedConversation]:
    """The conversations of an export that is one JSON list (``conversations.json``, or the
    export's ``.zip``), streamed one at a time through ``parse(raw, index=, name=)``. An
    error names the conversation it broke in. ``reader_out`` receives the byte stream (for
    progress); ``name`` is what errors call the file."""
    with open_export(Path(path), "conversations.json", name) as reader:
        if reader_out is not None:
            reader_out.append(reader)
        expect_start(reader.name, reader, b"[", what)
        last = {"id": ""}

        def where(index: int) -> str:
            return f"conversation #{index}" + (f" (after id {last['id']})" if last["id"] and index > 1 else "")

        for index, raw in enumerate(list_items(reader, where), start=1):
            conv = parse(raw, index=index, name=reader.name)
            last["id"] = conv.source_id.split(":", 1)[1]
            yield conv
