"""``GET /v1/me/export``: the calling person's full personal export, as one zip download."""

from __future__ import annotations

import os
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse
from starlette.background import BackgroundTask

from threadkeep.api.deps import MemoryDep, PersonDep, PrincipalDep
from threadkeep.api.errors import ApiError
from threadkeep.api.schemas import ERRORS
from threadkeep.personal_export import archive_filename, export_to_temp

router = APIRouter(prefix="/v1/me", tags=["me"], responses=ERRORS)


@router.get("/export", response_class=FileResponse,
            responses={200: {"content": {"application/zip": {}},
                             "description": "A zip archive: manifest.json, person.json, conversations/, "
                                            "facts, profile, digests, feedback (docs/EXPORT.md)."}})
async def export_me(memory: MemoryDep, principal: PrincipalDep, person: PersonDep) -> Any:
    """Everything threadkeep holds about the person, decrypted for them only (admin or the person)."""
    if principal.scope == "surface":
        # A chat surface relays messages; it never takes a person's whole history away.
        raise ApiError(403, "a surface key cannot export a person's data: use the person's own key "
                            "or an admin key")
    # Built in a temporary file by a worker thread (never on the event loop), then streamed.
    done = await export_to_temp(memory.db, memory.vault, user=person)
    return FileResponse(done.path, media_type="application/zip",
                        filename=archive_filename(person, done.exported_at),
                        background=BackgroundTask(os.unlink, done.path))
