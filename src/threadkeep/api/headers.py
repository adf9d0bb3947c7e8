"""Security headers on every response, and a Content-Security-Policy for the pages.

The web app and the admin console load only their own scripts and styles (no inline script,
no third-party origin), so the policy allows ``'self'`` and nothing else; the admin page's one
inline ``<style>`` is allowed by its SHA-256, computed from the file at start-up, so editing
the page never silently loosens the policy. ``/docs`` and ``/redoc`` (Swagger UI and ReDoc,
which load from a CDN and run inline script) get the other headers but no policy.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from typing import Any

__all__ = ["SecurityHeaders", "content_security_policy"]

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
_STYLE = re.compile(r"<style>(.*?)</style>", re.S)
_UNPOLICED = ("/docs", "/redoc")


def _inline_style_hashes() -> list[str]:
    out = []
    for page in ("index.html", "admin.html"):
        path = WEB_DIR / page
        if path.exists():
            for block in _STYLE.findall(path.read_text("utf-8")):
                digest = base64.b64encode(hashlib.sha256(block.encode("utf-8")).digest()).decode()
                out.append(f"'sha256-{digest}'")
    return out


def content_security_policy() -> str:
    styles = " ".join(["'self'", *_inline_style_hashes()])
    return (
        "default-src 'self'; script-src 'self'; "
        f"style-src {styles}; "
        "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'self'"
    )


class SecurityHeaders:
    """Plain ASGI middleware: adds the headers a response does not set itself."""

    def __init__(self, app: Any, *, hsts: bool = False) -> None:
        self.app = app
        common = [
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            (b"cross-origin-opener-policy", b"same-origin"),
            (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
        ]
        if hsts:  # only behind HTTPS (THREADKEEP_API_COOKIE_SECURE)
            common.append((b"strict-transport-security", b"max-age=31536000"))
        self._common = common
        self._csp = (b"content-security-policy", content_security_policy().encode())

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = list(self._common)
        if not str(scope.get("path", "")).startswith(_UNPOLICED):
            extra.append(self._csp)

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers += [(n, v) for n, v in extra if n not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
