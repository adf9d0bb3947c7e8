"""Retries happen only before the first event reached the caller, with the provider's wait."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from threadkeep.errors import (
    MalformedResponse,
    ProviderAuthError,
    ProviderRateLimited,
    ProviderServerError,
)
from threadkeep.llm.anthropic import AnthropicModel
from threadkeep.llm.base import TextDelta, complete
from threadkeep.llm.retry import RetryingModel, RetryPolicy
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.messages import ChatMessage, ModelRequest, Segment

FIXTURES = Path(__file__).parent / "fixtures" / "llm"
REQUEST = ModelRequest(system="s", segments=(Segment("new_message", (ChatMessage.user("hi"),)),))


class Script:
    """Answers each POST with the next queued response (or raises it)."""

    def __init__(self, *answers: httpx.Response | type[httpx.HTTPError]) -> None:
        self.answers = list(answers)
        self.calls = 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.calls += 1
        answer = self.answers.pop(0)
        if isinstance(answer, httpx.Response):
            return answer
        raise answer("simulated", request=request)  # type: ignore[call-arg]


class Sleeps:
    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def ok() -> httpx.Response:
    return httpx.Response(
        200, content=(FIXTURES / "anthropic_text.sse").read_bytes(), headers={"content-type": "text/event-stream"}
    )


def model(script: Script, sleeps: Sleeps, **policy: float) -> AnthropicModel:
    return AnthropicModel(
        "claude-sonnet-4-5",
        api_key="k",
        client=httpx.AsyncClient(transport=httpx.MockTransport(script)),
        retry=RetryPolicy(sleep=sleeps, **policy),  # type: ignore[arg-type]
    )


async def test_5xx_then_success_is_retried_with_backoff() -> None:
    script, sleeps = Script(httpx.Response(529), httpx.Response(503), ok()), Sleeps()
    result = await complete(model(script, sleeps), REQUEST)
    assert result.text == "Hello, Ada!"
    assert script.calls == 3
    assert len(sleeps.waits) == 2 and all(0 < w <= 20 for w in sleeps.waits)


async def test_connection_error_then_success() -> None:
    script, sleeps = Script(httpx.ConnectError, ok()), Sleeps()
    assert (await complete(model(script, sleeps), REQUEST)).text == "Hello, Ada!"
    assert script.calls == 2


async def test_429_honours_retry_after_ms() -> None:
    limited = httpx.Response(429, headers={"retry-after-ms": "1500", "retry-after": "2"})
    script, sleeps = Script(limited, ok()), Sleeps()
    await complete(model(script, sleeps), REQUEST)
    assert sleeps.waits == [1.5]


async def test_429_with_a_wait_too_long_is_not_slept_through() -> None:
    script, sleeps = Script(httpx.Response(429, headers={"retry-after": "3600"}), ok()), Sleeps()
    with pytest.raises(ProviderRateLimited) as info:
        await complete(model(script, sleeps), REQUEST)
    assert info.value.retry_after == 3600
    assert script.calls == 1 and sleeps.waits == []


async def test_auth_errors_are_never_retried() -> None:
    script, sleeps = Script(httpx.Response(401), ok()), Sleeps()
    with pytest.raises(ProviderAuthError):
        await complete(model(script, sleeps), REQUEST)
    assert script.calls == 1


async def test_gives_up_after_max_attempts() -> None:
    script, sleeps = Script(*[httpx.Response(500) for _ in range(3)]), Sleeps()
    with pytest.raises(ProviderServerError):
        await complete(model(script, sleeps, max_attempts=3), REQUEST)
    assert script.calls == 3


async def test_failure_after_first_event_is_not_retried() -> None:
    cut = (FIXTURES / "anthropic_text.sse").read_text().split("event: content_block_stop")[0]
    script, sleeps = (
        Script(httpx.Response(200, content=cut.encode(), headers={"content-type": "text/event-stream"}), ok()),
        Sleeps(),
    )
    seen: list[object] = []
    with pytest.raises(MalformedResponse):
        async for event in model(script, sleeps).stream(REQUEST):
            seen.append(event)
    assert seen == [TextDelta("Hello"), TextDelta(", Ada!")]
    assert script.calls == 1


async def test_retrying_model_wraps_any_chat_model() -> None:
    scripted = ScriptedModel([Step(error=ProviderServerError("down", status=503)), "fine"])
    sleeps = Sleeps()
    wrapped = RetryingModel(scripted, RetryPolicy(sleep=sleeps))
    assert (await complete(wrapped, REQUEST)).text == "fine"
    assert len(scripted.calls) == 2
    scripted.assert_done()
