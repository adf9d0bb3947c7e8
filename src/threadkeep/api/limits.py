"""Request body size limit as plain ASGI middleware, so an oversized upload is refused early.

A declared ``Content-Length`` over the limit is refused before reading. A body without one
(``Transfer-Encoding: chunked``) is read here first, at most ``max_bytes`` of it, and refused
with the same 413 as soon as it passes the limit — before the app sees any of it (an error
raised while the app was parsing surfaced as a 400); under the limit it is handed on whole.
"""

from __future__ import annotations

import json
from typing import Any

from threadkeep.api.errors import dropin_error

__all__ = ["BodyLimit"]


class BodyLimit:
    def __init__(self, app: Any, *, max_bytes: int, streamed: dict[str, int] | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        # Paths whose route streams the body itself (an import upload), with their own limit:
        # a declared length over it is refused here; the body is never buffered here.
        self.streamed = streamed or {}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        own = self.streamed.get(scope.get("path", "")) if scope.get("method") == "POST" else None
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0
                if declared > (own or self.max_bytes):
                    await self._refuse(scope, send, declared, own or self.max_bytes)
                    return
        if own is not None:
            await self.app(scope, receive, send)  # the route needs Content-Length and streams
            return
        if not any(name == b"content-length" for name, _ in scope.get("headers", ())):
            body = bytearray()
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client went away
                body += message.get("body", b"")
                if len(body) > self.max_bytes:
                    await self._refuse(scope, send, len(body))
                    return
                if not message.get("more_body", False):
                    break
            replayed = False

            async def replay() -> dict[str, Any]:
                nonlocal replayed
                if not replayed:
                    replayed = True
                    return {"type": "http.request", "body": bytes(body), "more_body": False}
                return await receive()

            await self.app(scope, replay, send)
            return
        await self.app(scope, receive, send)

    async def _refuse(self, scope: dict[str, Any], send: Any, size: int, limit: int | None = None) -> None:
        # In the drop-ins' own error shapes too: their SDKs pick the exception class from it.
        refusal, status = dropin_error(
            scope.get("path", ""),
            {
                "error": {
                    "type": "request_too_large",
                    "message": f"the request body is at least {size} bytes; the limit is "
                    f"{limit or self.max_bytes} bytes",
                }
            },
            413,
        )
        body = json.dumps(refusal).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
