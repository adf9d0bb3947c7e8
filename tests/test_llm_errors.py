"""Every HTTP status class and every httpx exception type maps into the one error tree."""

from __future__ import annotations

import inspect

import httpx
import pytest

from threadkeep.errors import (
    MalformedResponse,
    ProviderAuthError,
    ProviderBadRequest,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimited,
    ProviderServerError,
    ProviderTimeout,
)
from threadkeep.llm._http import error_for_status, error_for_transport, parse_retry_after
from threadkeep.llm.anthropic import AnthropicModel
from threadkeep.llm.openai import OpenAICompatibleModel
from threadkeep.llm.retry import NO_RETRY
from threadkeep.messages import ChatMessage, ModelRequest, Segment

REQUEST = ModelRequest(system="s", segments=(Segment("new_message", (ChatMessage.user("hi"),)),))
ANTHROPIC_ERROR = b'{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'


@pytest.mark.parametrize(
    "status, expected",
    [
        (400, ProviderBadRequest),
        (401, ProviderAuthError),
        (403, ProviderAuthError),
        (404, ProviderBadRequest),
        (408, ProviderTimeout),
        (409, ProviderBadRequest),
        (413, ProviderBadRequest),
        (422, ProviderBadRequest),
        (429, ProviderRateLimited),
        (500, ProviderServerError),
        (502, ProviderServerError),
        (503, ProviderServerError),
        (504, ProviderServerError),
        (529, ProviderServerError),
    ],
)
def test_documented_statuses(status: int, expected: type[ProviderError]) -> None:
    err = error_for_status(status, ANTHROPIC_ERROR, {}, provider="anthropic")
    assert type(err) is expected
    assert err.status == status
    assert err.provider == "anthropic"


def test_every_status_class_maps_to_a_provider_error() -> None:
    for status in range(100, 600):
        if 200 <= status < 300:
            continue
        err = error_for_status(status, b"", {}, provider="p")
        assert isinstance(err, ProviderError), status
        assert err.retryable == (status in (408, 429) or status >= 500), status


def test_error_body_message_is_kept() -> None:
    err = error_for_status(529, ANTHROPIC_ERROR, {}, provider="anthropic")
    assert "overloaded_error" in str(err) and "Overloaded" in str(err)
    err = error_for_status(
        400, b'{"error":{"message":"bad tools","type":"invalid_request_error"}}', {}, provider="openai"
    )
    assert "bad tools" in str(err)
    assert "check the API key" in str(error_for_status(401, b"nope", {}, provider="openai"))


@pytest.mark.parametrize(
    "headers, expected",
    [
        ({"retry-after": "7"}, 7.0),
        ({"retry-after-ms": "1500", "retry-after": "7"}, 1.5),
        ({"retry-after": "Thu, 01 Jan 2037 00:00:10 GMT"}, 10.0),
        ({"retry-after": "soon"}, None),
        ({}, None),
    ],
)
def test_retry_after(headers: dict[str, str], expected: float | None) -> None:
    now = 2114380800.0  # 2037-01-01T00:00:00Z
    assert parse_retry_after(headers, now=now) == expected


def test_429_carries_retry_after() -> None:
    err = error_for_status(429, b"", {"retry-after-ms": "250"}, provider="openai")
    assert isinstance(err, ProviderRateLimited) and err.retry_after == 0.25


def _all_httpx_errors() -> list[type[httpx.HTTPError]]:
    return [obj for _, obj in inspect.getmembers(httpx, inspect.isclass) if issubclass(obj, httpx.HTTPError)]


EXPECTED_TRANSPORT = {
    "TimeoutException": ProviderTimeout,
    "ConnectTimeout": ProviderTimeout,
    "ReadTimeout": ProviderTimeout,
    "WriteTimeout": ProviderTimeout,
    "PoolTimeout": ProviderTimeout,
    "ConnectError": ProviderConnectionError,
    "ReadError": ProviderConnectionError,
    "WriteError": ProviderConnectionError,
    "CloseError": ProviderConnectionError,
    "NetworkError": ProviderConnectionError,
    "ProxyError": ProviderConnectionError,
    "UnsupportedProtocol": ProviderConnectionError,
    "TransportError": ProviderConnectionError,
    "ProtocolError": ProviderConnectionError,
    "LocalProtocolError": ProviderConnectionError,
    "RemoteProtocolError": MalformedResponse,
    "DecodingError": MalformedResponse,
    "TooManyRedirects": ProviderBadRequest,
    "RequestError": ProviderBadRequest,
    "HTTPError": ProviderBadRequest,
    "HTTPStatusError": ProviderServerError,  # built below with a 503 response
}


def test_every_httpx_exception_type_is_mapped() -> None:
    request = httpx.Request("POST", "https://api.example/v1")
    classes = _all_httpx_errors()
    assert {c.__name__ for c in classes} <= set(EXPECTED_TRANSPORT), "new httpx error type"
    for cls in classes:
        if cls is httpx.HTTPStatusError:
            response = httpx.Response(503, request=request, content=b"down")
            exc: httpx.HTTPError = cls("503", request=request, response=response)
        elif issubclass(cls, httpx.RequestError):
            exc = cls("boom", request=request)
        else:
            exc = cls("boom")
        mapped = error_for_transport(exc, provider="p")
        assert type(mapped) is EXPECTED_TRANSPORT[cls.__name__], cls.__name__


def _raising(exc_type: type[httpx.HTTPError]) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        raise exc_type("simulated", request=request)  # type: ignore[call-arg]

    return httpx.MockTransport(handler)


@pytest.mark.parametrize(
    "exc_type, expected",
    [
        (httpx.ConnectError, ProviderConnectionError),
        (httpx.ConnectTimeout, ProviderTimeout),
        (httpx.ReadTimeout, ProviderTimeout),
        (httpx.RemoteProtocolError, MalformedResponse),
    ],
)
async def test_adapters_raise_from_the_httpx_error(
    exc_type: type[httpx.HTTPError], expected: type[ProviderError]
) -> None:
    for model in (
        AnthropicModel(
            "claude-sonnet-4-5", api_key="k", retry=NO_RETRY, client=httpx.AsyncClient(transport=_raising(exc_type))
        ),
        OpenAICompatibleModel(
            "m", preset="vllm", retry=NO_RETRY, client=httpx.AsyncClient(transport=_raising(exc_type))
        ),
    ):
        with pytest.raises(expected) as info:
            async for _ in model.stream(REQUEST):
                pass
        assert isinstance(info.value.__cause__, exc_type)


@pytest.mark.parametrize(
    "status, expected",
    [
        (401, ProviderAuthError),
        (404, ProviderBadRequest),
        (429, ProviderRateLimited),
        (529, ProviderServerError),
    ],
)
async def test_adapters_map_http_status(status: int, expected: type[ProviderError]) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, content=ANTHROPIC_ERROR, headers={"retry-after": "2"})

    model = AnthropicModel(
        "claude-sonnet-4-5",
        api_key="k",
        retry=NO_RETRY,
        client=httpx.AsyncClient(transport=httpx.MockTransport(handler)),
    )
    with pytest.raises(expected) as info:
        async for _ in model.stream(REQUEST):
            pass
    assert info.value.status == status
    assert isinstance(info.value.__cause__, httpx.HTTPStatusError)
