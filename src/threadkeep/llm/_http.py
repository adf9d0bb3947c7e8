"""HTTP and server-sent-event plumbing shared by the provider adapters.

Everything here is wire-level and provider-neutral: reading SSE frames (httpx-sse), turning an HTTP status
or an httpx exception into the one :mod:`threadkeep.errors` tree, and reading ``retry-after``.
Credentials and request shapes live in the provider modules.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import time
import weakref
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol

import httpx
from httpx_sse import EventSource, SSEError

from threadkeep.errors import (
    MalformedResponse,
    ProviderAuthError,
    ProviderBadRequest,
    ProviderConnectionError,
    ProviderError,
    ProviderQuotaExceeded,
    ProviderRateLimited,
    ProviderServerError,
    ProviderTimeout,
)
from threadkeep.llm.base import StreamEvent
from threadkeep.llm.retry import RetryPolicy, stream_with_retry
from threadkeep.messages import ModelRequest

__all__ = [
    "SseEvent",
    "HttpChatModel",
    "StreamDecoding",
    "decode_sse",
    "DEFAULT_TIMEOUT",
    "parse_retry_after",
    "error_for_status",
    "quota_exceeded",
    "error_for_transport",
    "post_stream",
    "error_message_from_body",
]

# Reads may pause for a long time while a model thinks; connecting should fail fast so a retry
# can start. Nothing here may be shorter than a cache TTL would need (ARCHITECTURE §7): the
# read timeout is per chunk, not for the whole answer.
DEFAULT_TIMEOUT = httpx.Timeout(connect=10.0, read=300.0, write=60.0, pool=30.0)


@dataclass(frozen=True, slots=True)
class SseEvent:
    """One server-sent event: its ``event:`` name (``message`` when absent, as the SSE spec
    says) and its joined ``data:`` lines."""

    event: str
    data: str


def parse_retry_after(headers: httpx.Headers | dict[str, str], *, now: float | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` (preferred, more precise) or ``retry-after``.

    ``retry-after`` may be a number of seconds or an HTTP date. Unparseable values give None.
    """
    h = httpx.Headers(headers)
    ms = h.get("retry-after-ms")
    if ms is not None:
        try:
            value = float(ms) / 1000.0
            if value >= 0:
                return value
        except ValueError:
            pass
    raw = h.get("retry-after")
    if raw is None:
        return None
    try:
        value = float(raw)
        return value if value >= 0 else None
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    delta = when.timestamp() - (time.time() if now is None else now)
    return max(0.0, delta)


def error_message_from_body(body: bytes | str) -> tuple[str, str]:
    """(error type, message) from an Anthropic- or OpenAI-style error body; raw text otherwise."""
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    try:
        payload: Any = json.loads(text)
    except ValueError:
        return "", text.strip()[:500]
    if isinstance(payload, dict):
        err = payload.get("error", payload)
        if isinstance(err, dict):
            kind = str(err.get("type") or err.get("code") or "")
            return kind, str(err.get("message") or text)[:500]
        if isinstance(err, str):
            return "", err[:500]
    return "", text.strip()[:500]


def quota_exceeded(detail: str, provider: str) -> ProviderQuotaExceeded:
    """OpenAI's 429 ``insufficient_quota``: not a rate limit — no wait makes it pass."""
    return ProviderQuotaExceeded(
        f"{detail} — the {provider} account has no quota left: add credit or raise its spending "
        "limit in the provider's billing settings (OpenAI: platform.openai.com/settings/organization/billing), "
        "or use another API key or THREADKEEP_MODEL; retrying will not help",
        provider=provider,
    )


def error_for_status(
    status: int, body: bytes | str, headers: httpx.Headers | dict[str, str], *, provider: str
) -> ProviderError:
    """The :class:`ProviderError` for a non-2xx HTTP answer (every status has a mapping)."""
    kind, message = error_message_from_body(body)
    detail = f"{provider} answered HTTP {status}" + (f" ({kind})" if kind else "") + (f": {message}" if message else "")
    if status in (401, 403):
        return ProviderAuthError(detail + " — check the API key setting", provider=provider, status=status)
    if status == 429 and kind == "insufficient_quota":
        return quota_exceeded(detail, provider)
    if status == 429:
        return ProviderRateLimited(detail, provider=provider, status=status, retry_after=parse_retry_after(headers))
    if status == 408:
        return ProviderTimeout(detail, provider=provider, status=status)
    if status >= 500:
        # 529 is Anthropic's "overloaded"; every 5xx is worth another try.
        return ProviderServerError(detail, provider=provider, status=status)
    if 400 <= status < 500:
        # 400, 404, 409, 413, 422 ...: our request was refused; sending it again will not help.
        return ProviderBadRequest(detail, provider=provider, status=status)
    # A 1xx/3xx that reached us means a proxy or redirect we do not follow.
    return MalformedResponse(detail, provider=provider, status=status)


def error_for_transport(exc: httpx.HTTPError, *, provider: str) -> ProviderError:
    """The :class:`ProviderError` for an httpx exception raised while talking to a provider."""
    name = type(exc).__name__
    if isinstance(exc, httpx.TimeoutException):
        return ProviderTimeout(f"{provider} timed out ({name}): {exc}", provider=provider)
    if isinstance(exc, httpx.HTTPStatusError):
        r = exc.response
        try:
            body = r.content
        except httpx.ResponseNotRead:
            body = b""
        return error_for_status(r.status_code, body, r.headers, provider=provider)
    if isinstance(exc, httpx.DecodingError | httpx.RemoteProtocolError):
        # The server spoke broken HTTP or ended the body mid-way.
        return MalformedResponse(f"{provider} sent a broken response ({name}): {exc}", provider=provider)
    if isinstance(exc, httpx.TransportError):
        return ProviderConnectionError(f"cannot reach {provider} ({name}): {exc}", provider=provider)
    # InvalidURL, TooManyRedirects, StreamError and other request-side mistakes.
    return ProviderBadRequest(f"request to {provider} failed ({name}): {exc}", provider=provider)


@asynccontextmanager
async def post_stream(
    client: httpx.AsyncClient, url: str, *, content: bytes, headers: dict[str, str], provider: str
) -> AsyncIterator[httpx.Response]:
    """POST ``content`` and open the response as a stream; a non-2xx answer raises mapped.

    Transport failures while connecting are mapped here; the caller maps failures while reading
    the body. The response is always closed on the way out.
    """
    request = client.build_request("POST", url, content=content, headers=headers)
    try:
        response = await client.send(request, stream=True)
    except httpx.HTTPError as e:
        raise error_for_transport(e, provider=provider) from e
    try:
        if response.status_code >= 300:
            try:
                body = await response.aread()
            except httpx.HTTPError:
                body = b""
            try:
                response.raise_for_status()
            except httpx.HTTPStatusError as e:
                raise error_for_status(response.status_code, body, response.headers, provider=provider) from e
        yield response
    finally:
        await response.aclose()


class StreamDecoding(Protocol):
    """A provider's stream decoder: events per SSE event, ``done`` at the end marker, and
    ``finish`` at the end of the body (events still owed, or ``MalformedResponse`` if cut)."""

    done: bool

    def feed(self, sse: SseEvent) -> Iterable[StreamEvent]: ...

    def finish(self) -> Iterable[StreamEvent]: ...


async def decode_sse(response: httpx.Response, decoder: StreamDecoding, *, provider: str) -> AsyncIterator[StreamEvent]:
    """The events of a streamed response body; transport failures while reading are mapped.

    The SSE framing is httpx-sse's; a body that is not ``text/event-stream`` is malformed."""
    try:
        async for sse in EventSource(response).aiter_sse():
            for event in decoder.feed(SseEvent(sse.event, sse.data)):
                yield event
            if decoder.done:
                return
    except SSEError as e:  # before HTTPError: httpx-sse raises it as a TransportError
        raise MalformedResponse(f"{provider} did not answer with an event stream: {e}", provider=provider) from e
    except httpx.HTTPError as e:
        raise error_for_transport(e, provider=provider) from e
    for event in decoder.finish():
        yield event


class HttpChatModel:
    """What the HTTP adapters share: one client, made on first use and closed only if made
    here, and retries until the first event (see :mod:`.retry`). Subclasses set ``name`` and
    ``capabilities`` and write ``_stream_once``."""

    def __init__(
        self,
        *,
        client: httpx.AsyncClient | None,
        timeout: httpx.Timeout,
        retry: RetryPolicy | None,
        extra_headers: dict[str, str] | None,
    ) -> None:
        self.retry = retry or RetryPolicy()
        self._extra_headers = dict(extra_headers or {})
        self._client = client
        self._owns_client = client is None
        self._timeout = timeout
        # Clients made here, one per event loop: turns stream on the serving loop while
        # background work (surface replies, keep-warm pings, folds) runs on a loop of its own,
        # and an httpx client's connections belong to the loop that opened them.
        self._loop_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, httpx.AsyncClient] = (
            weakref.WeakKeyDictionary()
        )

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        """Stream one call; retried only until the first event (see :mod:`.retry`)."""
        return stream_with_retry(lambda: self._stream_once(request), self.retry)

    def _stream_once(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        raise NotImplementedError

    async def aclose(self) -> None:
        """Close the HTTP client this model made for the running loop (a given one is the
        caller's to close)."""
        if self._owns_client:
            client = self._loop_clients.pop(asyncio.get_running_loop(), None)
            if client is not None:
                await client.aclose()

    def _http(self) -> httpx.AsyncClient:
        if self._client is not None:
            return self._client
        loop = asyncio.get_running_loop()
        client = self._loop_clients.get(loop)
        if client is None:
            client = self._loop_clients[loop] = httpx.AsyncClient(timeout=self._timeout)
        return client
