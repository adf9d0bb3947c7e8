"""The web app: static files served by the same process (no build step)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

WEB_DIR = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter(include_in_schema=False)

_TYPES = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
# A page that talks to the API with cookies should not be framed by other sites.
_HEADERS = {"X-Frame-Options": "SAMEORIGIN", "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-cache"}


@router.get("/")
async def index() -> Response:
    return FileResponse(WEB_DIR / "index.html", media_type="text/html; charset=utf-8", headers=_HEADERS)


@router.get("/web/{name}")
async def asset(name: str) -> Response:
    if name not in _TYPES:
        return Response(status_code=404)
    return FileResponse(WEB_DIR / name, media_type=_TYPES[name], headers=_HEADERS)
