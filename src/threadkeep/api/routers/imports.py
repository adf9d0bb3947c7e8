"""Importing an export over HTTP: ``POST /v1/me/imports`` and its progress.

The upload (``multipart/form-data``: a ``file`` part, a ``format`` field — ``chatgpt``,
``claude`` or ``telegram`` — and for Telegram optional ``as`` and repeatable ``chat``
fields) is streamed to a temporary file as it arrives: the multipart parsing and the disk
writes run in worker threads, never on the event loop, and nothing holds the whole file in
memory. The response (202) carries the import's id at once; the file is then read and
stored in a worker thread, and the background work (facts, folds, recall index, profile)
is run by the server's job workers. ``GET /v1/me/imports/{id}`` reports ``status``,
``progress`` (both stages), ``counts`` and ``error``.

Who may import: the person (a person key or their web session) or an admin acting for a
person (``X-Threadkeep-User``). Surface keys and anonymous visitors may not.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from python_multipart.multipart import MultipartParser, parse_options_header

from threadkeep.api.deps import MemoryDep, PersonDep, PrincipalDep, StateDep
from threadkeep.api.errors import ApiError
from threadkeep.api.schemas import ERRORS
from threadkeep.engine import Memory
from threadkeep.errors import InputError
from threadkeep.imports import runs as import_runs
from threadkeep.imports import service as import_service

__all__ = ["router", "IMPORT_PATH"]

log = logging.getLogger("threadkeep.api.imports")
router = APIRouter(prefix="/v1/me/imports", tags=["me"], responses=ERRORS)
IMPORT_PATH = "/v1/me/imports"
_FIELD_LIMIT = 1000  # bytes of a text field (format, as, chat)
# Imports being read and stored by this process (kept so the tasks are not collected).
_RUNNING: set[asyncio.Task[Any]] = set()


def _may_import(principal: Any) -> None:
    if principal.scope not in ("person", "admin"):
        raise ApiError(
            403,
            "imports are made by the person (a person key or their session) or by an "
            "admin acting for them; a surface key cannot import",
        )


class _Upload:
    """python-multipart callbacks: the ``file`` part into a temporary file, fields in memory."""

    def __init__(self, path: Path, limit: int) -> None:
        self.path = path
        self.file = path.open("wb")
        self.limit = limit
        self.fields: dict[str, list[str]] = {}
        self.file_bytes = 0
        self.had_file = False
        self._name: str | None = None
        self._is_file = False
        self._value = bytearray()
        self._header_field = bytearray()
        self._header_value = bytearray()
        self._disposition = b""
        self.filename: str | None = None  # the uploaded file's own name (what errors call it)

    def callbacks(self) -> dict[str, Any]:
        return {
            "on_part_begin": self._begin,
            "on_part_data": self._data,
            "on_part_end": self._end,
            "on_header_field": self._hfield,
            "on_header_value": self._hvalue,
            "on_header_end": self._hend,
            "on_headers_finished": self._headers_done,
        }

    def _begin(self) -> None:
        self._name, self._is_file, self._disposition = None, False, b""
        self._value = bytearray()

    def _hfield(self, data: bytes, start: int, end: int) -> None:
        self._header_field += data[start:end]

    def _hvalue(self, data: bytes, start: int, end: int) -> None:
        self._header_value += data[start:end]

    def _hend(self) -> None:
        if bytes(self._header_field).lower() == b"content-disposition":
            self._disposition = bytes(self._header_value)
        self._header_field, self._header_value = bytearray(), bytearray()

    def _headers_done(self) -> None:
        _, params = parse_options_header(self._disposition)
        name = params.get(b"name", b"").decode("utf-8", "replace")
        self._name = name
        self._is_file = name == "file"
        if self._is_file:
            if self.had_file:
                raise ApiError(400, "send one file per import")
            self.had_file = True
            raw = params.get(b"filename", b"").decode("utf-8", "replace")
            shown = raw.replace("\\", "/").rsplit("/", 1)[-1].strip()
            self.filename = "".join(c for c in shown if c.isprintable())[:200] or None

    def _data(self, data: bytes, start: int, end: int) -> None:
        if self._is_file:
            self.file_bytes += end - start
            self.file.write(data[start:end])
        else:
            self._value += data[start:end]
            if len(self._value) > _FIELD_LIMIT:
                raise ApiError(400, f"the form field {self._name!r} is longer than {_FIELD_LIMIT} bytes")

    def _end(self) -> None:
        if not self._is_file and self._name:
            self.fields.setdefault(self._name, []).append(self._value.decode("utf-8", "replace"))

    def field(self, name: str) -> str | None:
        values = self.fields.get(name)
        return values[-1].strip() if values else None


async def _receive(request: Request, upload: _Upload, boundary: bytes, memory: Memory, import_id: str) -> None:
    parser = MultipartParser(boundary, upload.callbacks())
    last = time.monotonic()
    async for chunk in request.stream():
        if chunk:
            await asyncio.to_thread(parser.write, chunk)
        if time.monotonic() - last > 10:  # a long upload is alive: say so in its status
            last = time.monotonic()
            await asyncio.to_thread(import_runs.note_received, memory, import_id, upload.file_bytes)
    await asyncio.to_thread(parser.finalize)
    await asyncio.to_thread(upload.file.close)


_UPLOAD_SCHEMA = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {
                        "file": {
                            "type": "string",
                            "format": "binary",
                            "description": "conversations.json (ChatGPT, Claude), result.json (Telegram), or the export's .zip",
                        },
                        "format": {
                            "type": "string",
                            "enum": list(import_service.READERS),
                            "description": "optional: without it the file's structure tells the format",
                        },
                        "as": {
                            "type": "string",
                            "description": "Telegram: which member you are (display name or from_id)",
                        },
                        "chat": {
                            "type": "array",
                            "items": {"type": "string"},
                            "description": "Telegram account export: the chats to import (names or ids)",
                        },
                    },
                }
            }
        },
    }
}


@router.post("", status_code=202, openapi_extra=_UPLOAD_SCHEMA)
async def create_import(
    request: Request, memory: MemoryDep, person: PersonDep, principal: PrincipalDep, state: StateDep, response: Response
) -> dict[str, Any]:
    """Upload an export (multipart: ``file``, ``format``; for Telegram ``as``, ``chat``); the
    import's status at once (202). Poll ``GET /v1/me/imports/{id}`` for its progress."""
    _may_import(principal)
    ctype, params = parse_options_header(request.headers.get("content-type", ""))
    boundary = params.get(b"boundary")
    if ctype != b"multipart/form-data" or not boundary:
        raise ApiError(415, "send the export as multipart/form-data with a 'file' part and a 'format' field")
    length = request.headers.get("content-length")
    if length is None or not length.strip().isdigit():
        raise ApiError(411, "an import upload needs a Content-Length header (a number of bytes)")
    limit = state.service.max_import_bytes
    if int(length) > limit:
        raise ApiError(
            413, f"the upload is {int(length)} bytes; the limit is {limit} bytes (THREADKEEP_API_MAX_IMPORT_BYTES)"
        )
    busy = await asyncio.to_thread(import_runs.running_imports, memory, user=person)
    if busy >= state.service.max_running_imports:
        raise ApiError(
            409,
            f"{busy} import(s) of this person are still being stored; the limit is "
            f"{state.service.max_running_imports} at once (THREADKEEP_API_MAX_RUNNING_IMPORTS)",
        )
    import_id = await asyncio.to_thread(
        import_runs.start_import, memory, user=person, format="upload", bytes_total=None, status="receiving"
    )
    fd, name = tempfile.mkstemp(prefix="threadkeep-import-", suffix=".upload")
    os.close(fd)
    path = Path(name)
    upload = _Upload(path, limit)
    handed_over = False
    try:
        try:
            await _receive(request, upload, boundary, memory, import_id)
        except ApiError:
            raise
        except Exception as e:
            raise ApiError(400, f"the upload could not be read as multipart/form-data: {type(e).__name__}") from e
        given = (upload.field("format") or "").lower() or None
        if given is not None and given not in import_service.READERS:
            raise ApiError(
                400,
                f"the 'format' field must be one of {', '.join(import_service.READERS)} "
                "(or left out: the file's structure tells)",
            )
        if not upload.had_file or upload.file_bytes == 0:
            raise ApiError(400, "the upload has no 'file' part (or it is empty)")
        shown = upload.filename or "the uploaded file"
        chats = [c.strip() for c in upload.fields.get("chat", []) if c.strip()]
        who = upload.field("as") or None
        try:
            fmt = await asyncio.to_thread(import_service.check_upload, path, given, name=shown, person=who, chats=chats)
        except InputError as e:
            raise ApiError(400, str(e)) from e
        await asyncio.to_thread(import_runs.begin_storing, memory, import_id, format=fmt, bytes_total=upload.file_bytes)
        task = asyncio.create_task(_store(memory, path, person, fmt, who, chats, import_id, shown))
        _RUNNING.add(task)
        task.add_done_callback(_RUNNING.discard)
        handed_over = True
    except BaseException:
        # Refused or interrupted before its file was read: no record of it stays.
        with contextlib.suppress(Exception):
            await asyncio.to_thread(import_runs.drop_import, memory, import_id)
        raise
    finally:
        if not upload.file.closed:
            upload.file.close()
        if not handed_over:
            path.unlink(missing_ok=True)
    response.headers["Location"] = f"{IMPORT_PATH}/{import_id}"
    return await asyncio.to_thread(import_runs.import_status, memory, import_id, user=person)


async def _store(
    memory: Memory, path: Path, person: str, fmt: str, who: str | None, chats: list[str], import_id: str, shown: str
) -> None:
    """Read and store the uploaded file in a worker thread; the job workers do the rest."""
    try:
        await asyncio.to_thread(
            import_service.import_file,
            memory,
            path,
            user=person,
            format=fmt,
            person=who,
            chats=chats,
            import_id=import_id,
            name=shown,
        )
    except Exception as e:  # recorded in the run (store_conversations marks it failed)
        log.info("import %s failed: %s", import_id, e)
    finally:
        path.unlink(missing_ok=True)


@router.get("")
async def list_imports(memory: MemoryDep, person: PersonDep, principal: PrincipalDep) -> dict[str, Any]:
    """The person's imports, newest first, with their progress."""
    _may_import(principal)
    return {"imports": await asyncio.to_thread(import_runs.list_imports, memory, user=person)}


@router.get("/{import_id}")
async def get_import(import_id: str, memory: MemoryDep, person: PersonDep, principal: PrincipalDep) -> dict[str, Any]:
    """One import: ``status`` (receiving, storing, indexing, done, failed), ``progress``
    (``stage``; ``storing`` and ``background`` as fractions 0–1; bytes and jobs), ``counts``,
    ``left_out`` and ``error``."""
    _may_import(principal)
    return await asyncio.to_thread(import_runs.import_status, memory, import_id, user=person)
