"""One JSON error shape for every failure: ``{"error": {"type", "message", ...}}``.

``type`` is the snake_case name of the exception class (``not_found``, ``message_too_large``,
``provider_timeout``) or of the HTTP condition (``unauthorized``, ``rate_limited``). Provider
failures are 502 and carry the ids of the kept message so the turn can be retried.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from threadkeep.errors import ProviderError, ThreadkeepError

__all__ = [
    "install_error_handlers",
    "anthropic_error",
    "openai_error",
    "dropin_error",
    "retry_headers",
    "ANTHROPIC_PREFIX",
    "OPENAI_CHAT_PATH",
    "error_body",
    "error_type",
    "provider_error_type",
    "snake",
    "status_for",
    "ApiError",
]

log = logging.getLogger("threadkeep.api")

_HTTP_TYPES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    413: "request_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
    429: "rate_limited",
}


class ApiError(Exception):
    """An HTTP-level refusal raised by the API itself (auth, scope, rate limit)."""

    def __init__(
        self, status: int, message: str, *, type: str | None = None, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.type = type or _HTTP_TYPES.get(status, "error")
        self.headers = headers


def snake(class_name: str) -> str:
    """``ProviderTimeout`` -> ``provider_timeout``: the ``type`` of an error body."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", class_name).lower()


def provider_error_type(class_name: str) -> str:
    """The API's type for a provider failure: always in the documented ``provider_*`` family."""
    name = snake(class_name)
    return name if name.startswith("provider") else f"provider_{name}"


def error_type(exc: BaseException) -> str:
    if isinstance(exc, ProviderError):
        return provider_error_type(type(exc).__name__)
    return snake(type(exc).__name__)


def status_for(exc: ThreadkeepError) -> int:
    """HTTP status of a threadkeep error: its own ``status_code``, 502 for providers, else 500."""
    if isinstance(exc, ProviderError):
        return 502
    return int(getattr(exc, "status_code", 500))


def error_body(type_: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"type": type_, "message": message, **extra}}


ANTHROPIC_PREFIX = "/anthropic/"

# Anthropic's error types by status; its SDK picks the exception class from the status.
_ANTHROPIC_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    529: "overloaded_error",
}


def anthropic_error(body: dict[str, Any], status: int) -> tuple[dict[str, Any], int]:
    """A threadkeep error body and status as Anthropic's API would send them:
    ``{"type": "error", "error": {"type", "message", ...}}``. Anthropic answers a malformed
    body with 400, never 422, so validation errors become 400 (``BadRequestError`` in the
    SDK); threadkeep's own type stays beside the message as ``threadkeep_type``."""
    inner = dict(body.get("error", {}))
    status = 400 if status == 422 else status
    own = inner.pop("type", "error")
    kind = _ANTHROPIC_TYPES.get(status, "api_error" if status >= 500 else "invalid_request_error")
    return {"type": "error", "error": {"type": kind, "threadkeep_type": own, **inner}}, status


OPENAI_CHAT_PATH = "/v1/chat/completions"
# Threadkeep's refusals of input that is too long for the model: OpenAI answers those with 400
# ``context_length_exceeded``, which the SDK raises as ``BadRequestError`` and litellm maps to
# its ``ContextWindowExceededError``; Anthropic with 413 ``request_too_large``.
_TOO_LONG = frozenset({"message_too_large", "context_overflow", "request_too_large"})


def openai_error(body: dict[str, Any], status: int) -> tuple[dict[str, Any], int]:
    """A threadkeep error body and status as OpenAI's Chat Completions API would send them for
    the same refusal: over-long input is 400 with ``code: "context_length_exceeded"`` (type
    ``invalid_request_error``, ``param: "messages"``; threadkeep's own type stays as
    ``threadkeep_type``), and a body that does not match the schema is 400, never 422."""
    inner = dict(body.get("error", {}))
    if status == 413 and inner.get("type") in _TOO_LONG:
        own = inner.pop("type")
        return {
            "error": {
                **inner,
                "type": "invalid_request_error",
                "param": "messages",
                "code": "context_length_exceeded",
                "threadkeep_type": own,
            }
        }, 400
    return body, 400 if status == 422 else status


def retry_headers(status: int) -> dict[str, str]:
    """``x-should-retry: false`` on a 409: the OpenAI and Anthropic SDKs retry a 409 by default,
    and a conflict here (a turn in another state, an identity taken) is the same on a retry."""
    return {"x-should-retry": "false"} if status == 409 else {}


def dropin_error(path: str, body: dict[str, Any], status: int) -> tuple[dict[str, Any], int]:
    """An error body and status in the shape of the API ``path`` imitates (Anthropic's, OpenAI's
    Chat Completions) — or as they are, for threadkeep's own routes."""
    if path.startswith(ANTHROPIC_PREFIX):
        return anthropic_error(body, status)
    if path == OPENAI_CHAT_PATH:
        return openai_error(body, status)
    return body, status


def _reply(request: Request, body: dict[str, Any], status: int, headers: Any = None) -> JSONResponse:
    body, status = dropin_error(request.url.path, body, status)
    extra = retry_headers(status)
    return JSONResponse(body, status, headers={**(headers or {}), **extra} if extra else headers)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ThreadkeepError)
    async def _threadkeep(request: Request, exc: ThreadkeepError) -> JSONResponse:
        status = status_for(exc)
        if status >= 500 and not isinstance(exc, ProviderError):
            # Configuration or integrity problems: the operator needs the detail, the caller not.
            log.error("internal error: %s: %s", type(exc).__name__, exc)
            return _reply(request, error_body("internal_error", "the server failed; see its log"), status)
        extra = {"retryable": exc.retryable} if isinstance(exc, ProviderError) else {}
        return _reply(request, error_body(error_type(exc), str(exc), **extra), status)

    @app.exception_handler(ApiError)
    async def _api(request: Request, exc: ApiError) -> JSONResponse:
        return _reply(request, error_body(exc.type, str(exc)), exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        details = [{"loc": list(e.get("loc", ())), "msg": e.get("msg", "")} for e in errors]
        broken = next((e for e in errors if e.get("type") == "json_invalid"), None)
        if broken is not None:
            # Not "body.13: JSON decode error": say what is wrong and where.
            loc = list(broken.get("loc", ()))
            at = f" at character {loc[-1]}" if loc and isinstance(loc[-1], int) else ""
            reason = str((broken.get("ctx") or {}).get("error") or "it cannot be parsed")
            return _reply(
                request,
                error_body("validation_error", f"the request body is not valid JSON{at}: {reason}", details=details),
                422,
            )
        first = details[0] if details else {"loc": [], "msg": "invalid request"}
        where = ".".join(str(p) for p in first["loc"])
        return _reply(request, error_body("validation_error", f"{where}: {first['msg']}", details=details), 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _reply(
            request,
            error_body(_HTTP_TYPES.get(exc.status_code, "error"), str(exc.detail)),
            exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    @app.exception_handler(OperationalError)
    async def _database(request: Request, exc: OperationalError) -> JSONResponse:
        # The database went away (restart, failover, full disk): a clear, retryable 503 rather
        # than a 500, and handled here so the connection to the client stays open.
        text = str(exc.orig or exc).lower()
        if "full" in text and ("disk" in text or "database" in text):
            log.error("storage full: %s", exc)
            return _reply(request, error_body("storage_full", "the server's storage is full; nothing was written"), 507)
        log.warning("database unavailable: %s", exc)
        return _reply(
            request,
            error_body("database_unavailable", "the database is unavailable; retry shortly"),
            503,
            headers={"Retry-After": "1"},
        )

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return _reply(request, error_body("internal_error", "the server failed; see its log"), 500)
