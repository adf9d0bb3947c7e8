"""``GET /v1/me/export``: the calling person's full personal export, as one zip download."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import Any, BinaryIO

from fastapi import APIRouter
from fastapi.responses import StreamingResponse

from threadkeep.api.deps import MemoryDep, PersonDep, PrincipalDep
from threadkeep.api.errors import ApiError
from threadkeep.api.schemas import ERRORS, ErrorBody
from threadkeep.personal_export import archive_filename, export_to_temp

router = APIRouter(prefix="/v1/me", tags=["me"], responses=ERRORS)

# Exports this process builds at once: each holds a worker thread, a database reader and a
# temporary file the size of a person's history. More are asked to retry shortly.
MAX_CONCURRENT_EXPORTS = 2
_building = threading.BoundedSemaphore(MAX_CONCURRENT_EXPORTS)


def _chunks(f: BinaryIO, size: int = 1 << 16) -> Iterator[bytes]:
    try:
        while chunk := f.read(size):
            yield chunk
    finally:
        f.close()


@router.get(
    "/export",
    response_class=StreamingResponse,
    responses={
        200: {
            "content": {"application/zip": {}},
            "description": "A zip archive: manifest.json, person.json, conversations/, "
            "facts, profile, digests, feedback (docs/EXPORT.md).",
        },
        403: {"model": ErrorBody, "description": "A surface key (relays never export)"},
        503: {"model": ErrorBody, "description": "Exports are being built already: retry"},
    },
)
async def export_me(memory: MemoryDep, principal: PrincipalDep, person: PersonDep) -> Any:
    """Everything threadkeep holds about the person, decrypted for them only (admin or the person)."""
    if principal.scope == "surface":
        # A chat surface relays messages; it never takes a person's whole history away.
        raise ApiError(403, "a surface key cannot export a person's data: use the person's own key or an admin key")
    if not _building.acquire(blocking=False):
        raise ApiError(
            503,
            f"{MAX_CONCURRENT_EXPORTS} exports are being built already: try again in a minute",
            type="export_busy",
            headers={"Retry-After": "30"},
        )
    try:
        # Built in a temporary file by a worker thread (never on the event loop) ...
        done = await export_to_temp(memory, user=person)
    finally:
        _building.release()
    # ... opened and unlinked at once: the decrypted archive has no name on disk while it is
    # sent, and its space is freed when the stream ends or the client goes away.
    f = open(done.path, "rb")  # noqa: SIM115 (closed by the stream)
    os.unlink(done.path)
    size = os.fstat(f.fileno()).st_size
    name = archive_filename(person, done.exported_at)
    return StreamingResponse(
        _chunks(f),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{name}"', "Content-Length": str(size)},
    )
