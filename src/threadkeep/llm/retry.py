"""Retrying a model stream, only where it is safe.

A stream may be retried while nothing has reached the caller: once a text delta has been
passed on, trying again would show the person the start of the answer twice. So the retried
unit is "open the stream and read its first event"; everything after the first event is passed
through untouched and a failure there ends the turn (the person's message is kept upstream).

Which errors are retried is decided by ``ProviderError.retryable`` (timeouts, connection errors,
429 and 5xx). A 429 that names its wait (``retry-after``/``retry-after-ms``) is honoured, up to
``max_retry_after``; a longer wait is not slept through — the error goes to the caller.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

from tenacity import (
    AsyncRetrying,
    RetryCallState,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential_jitter,
)

from threadkeep.errors import ProviderError, ProviderRateLimited
from threadkeep.llm.base import Capabilities, ChatModel, StreamEvent
from threadkeep.messages import ModelRequest

__all__ = ["RetryPolicy", "NO_RETRY", "stream_with_retry", "RetryingModel"]


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently to retry. ``sleep`` is injectable so tests do not wait."""

    max_attempts: int = 3
    initial_delay: float = 0.5
    max_delay: float = 20.0
    jitter: float = 0.5
    # A provider asking us to wait longer than this is treated as "not now": fail the turn.
    max_retry_after: float = 60.0
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep, compare=False)

    def should_retry(self, exc: BaseException) -> bool:
        """True for retryable provider errors whose requested wait we are willing to honour."""
        if not isinstance(exc, ProviderError) or not exc.retryable:
            return False
        if isinstance(exc, ProviderRateLimited) and exc.retry_after is not None:
            return exc.retry_after <= self.max_retry_after
        return True

    def wait_seconds(self, state: RetryCallState) -> float:
        """The provider's ``retry-after`` when given, else exponential backoff with jitter."""
        exc = state.outcome.exception() if state.outcome is not None else None
        if isinstance(exc, ProviderRateLimited) and exc.retry_after is not None:
            return exc.retry_after
        backoff = wait_exponential_jitter(multiplier=self.initial_delay, max=self.max_delay, jitter=self.jitter)
        return float(backoff(state))


NO_RETRY = RetryPolicy(max_attempts=1)


async def stream_with_retry(
    open_stream: Callable[[], AsyncIterator[StreamEvent]], policy: RetryPolicy
) -> AsyncIterator[StreamEvent]:
    """Yield the events of ``open_stream()``, retrying it until its first event arrives."""

    async def first_event() -> tuple[AsyncIterator[StreamEvent], StreamEvent | None]:
        stream = open_stream()
        try:
            return stream, await anext(stream)
        except StopAsyncIteration:
            return stream, None

    retrying = AsyncRetrying(
        stop=stop_after_attempt(max(1, policy.max_attempts)),
        wait=policy.wait_seconds,
        retry=retry_if_exception(policy.should_retry),
        sleep=policy.sleep,
        reraise=True,
    )
    stream: AsyncIterator[StreamEvent]
    first: StreamEvent | None
    stream, first = await retrying(first_event)
    if first is None:
        return
    try:
        yield first
        # From here on output has reached the caller: failures pass through, never retried.
        async for event in stream:
            yield event
    finally:
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            await aclose()


class RetryingModel:
    """Wraps any :class:`ChatModel` so its streams are retried under ``policy``."""

    def __init__(self, model: ChatModel, policy: RetryPolicy | None = None) -> None:
        self.inner = model
        self.policy = policy or RetryPolicy()
        self.name: str = model.name
        self.capabilities: Capabilities = model.capabilities

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        """Stream ``request`` through the wrapped model with retries before the first event."""
        return stream_with_retry(lambda: self.inner.stream(request), self.policy)

    def count_tokens(self, text: str) -> int:
        """Delegate token counting to the wrapped model."""
        return self.inner.count_tokens(text)
