"""The web app: static files served by the same process (no build step), and ``/docs``.

``/docs`` is Swagger UI from the files the ``swagger-ui-bundle-v2`` package ships, served
here: it works on a server without internet access (FastAPI's default page loads a CDN).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, Response

WEB_DIR = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter(include_in_schema=False)

_TYPES = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
# A page that talks to the API with cookies should not be framed by other sites.
_HEADERS = {"X-Frame-Options": "SAMEORIGIN", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"}


@router.get("/")
async def index() -> Response:
    return FileResponse(WEB_DIR / "index.html", media_type="text/html; charset=utf-8", headers=_HEADERS)


@router.get("/web/{name}")
async def asset(name: str) -> Response:
    if name not in _TYPES:
        return Response(status_code=404)
    return FileResponse(WEB_DIR / name, media_type=_TYPES[name], headers=_HEADERS)


# The files of Swagger UI that /docs uses (the bundle holds more; nothing else is served).
_SWAGGER_TYPES = {
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
    "favicon-32x32.png": "image/png",
}


def _swagger_dir() -> Path | None:
    try:
        from swagger_ui_bundle import swagger_ui_path  # lazy: optional extra server
    except ImportError:
        return None
    return Path(swagger_ui_path)


@router.get("/docs")
async def api_docs() -> Response:
    """The interactive API reference over /openapi.json."""
    if _swagger_dir() is None:
        return HTMLResponse(
            "<p>The interactive reference needs the swagger-ui-bundle-v2 package "
            "(pip install 'threadkeep[server]'). The spec itself is at "
            '<a href="/openapi.json">/openapi.json</a>.</p>',
            status_code=503,
        )
    return get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="threadkeep API",
        swagger_js_url="/docs/assets/swagger-ui-bundle.js",
        swagger_css_url="/docs/assets/swagger-ui.css",
        swagger_favicon_url="/docs/assets/favicon-32x32.png",
    )


@router.get("/docs/assets/{name}")
async def api_docs_asset(name: str) -> Response:
    folder = _swagger_dir()
    if folder is None or name not in _SWAGGER_TYPES:
        return Response(status_code=404)
    # The bundle is versioned with the package: a day's caching is safe.
    return FileResponse(
        folder / name,
        media_type=_SWAGGER_TYPES[name],
        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "max-age=86400"},
    )
