"""A scripted model that ships inside the library, for tests and load runs.

It replays queued responses in order, records every request it received, and fails loudly
on a call it did not expect (:class:`UnexpectedCall`) or, at :meth:`ScriptedModel.assert_done`,
on steps left unused.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from threadkeep.errors import ProviderError
from threadkeep.llm.base import Capabilities, Stop, StreamEvent, TextDelta, Usage, UsageReport
from threadkeep.messages import ModelRequest, ToolCallPart
from threadkeep.tokens import default_counter

__all__ = ["SERVED_SCRIPTED_CALLS", "ScriptedModel", "Step", "UnexpectedCall", "LeftoverSteps"]

# How many recent requests a scripted model that serves indefinitely keeps in ``calls``.
SERVED_SCRIPTED_CALLS = 100


class UnexpectedCall(AssertionError):
    """The scripted model was called with no step left to replay."""


class LeftoverSteps(AssertionError):
    """The test ended with scripted steps that were never used."""


@dataclass
class Step:
    """One scripted answer: text (streamed in ``chunk``-sized deltas), tool calls, or an error.

    ``stop_reason`` overrides the stop the answer ends with (``max_tokens`` for an answer cut
    off, ``refusal`` with ``stop_detail``); ``error_after_text`` raises ``error`` after the text
    was streamed (a provider failing mid-stream) instead of before it."""

    text: str = ""
    tool_calls: list[ToolCallPart] = field(default_factory=list)
    error: ProviderError | None = None
    usage: Usage | None = None
    chunk: int = 8
    delay: float = 0.0
    stop_reason: str | None = None
    stop_detail: str = ""
    error_after_text: bool = False


class ScriptedModel:
    """Replays :class:`Step` values; ``responder`` (if given) answers when the queue is empty."""

    def __init__(
        self,
        steps: list[Step | str] | None = None,
        *,
        responder: Callable[[ModelRequest], Step | str] | None = None,
        name: str = "scripted",
        capabilities: Capabilities | None = None,
        pace: float = 0.0,
        keep_calls: int | None = None,
    ) -> None:
        """``keep_calls`` bounds :attr:`calls` to the latest requests — at least that many, at
        most twice (``None``: every one, for tests). A model that serves indefinitely (``--model scripted``, load runs) sets it: each
        request holds the whole window it was sent, so keeping them all grew a served process by
        ~50 KB a turn, and more as conversations lengthen."""
        if keep_calls is not None and keep_calls < 1:
            raise ValueError("keep_calls must be at least 1 (or None to keep every call)")
        self.name = name
        # Seconds between text deltas, so a streaming client (or a person) can watch it.
        self.pace = pace
        self.capabilities = capabilities or Capabilities(context_window=200_000)
        self._steps: deque[Step] = deque(_as_step(s) for s in (steps or []))
        self._responder = responder
        self.calls: list[ModelRequest] = []
        self.call_count = 0  # every call, including those no longer kept in ``calls``
        self._keep = keep_calls

    def add(self, *steps: Step | str) -> None:
        self._steps.extend(_as_step(s) for s in steps)

    @property
    def pending(self) -> int:
        return len(self._steps)

    def assert_done(self) -> None:
        if self._steps:
            raise LeftoverSteps(f"{len(self._steps)} scripted step(s) were never used")

    def count_tokens(self, text: str) -> int:
        return default_counter().count(text)

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        self.calls.append(request)
        self.call_count += 1
        if self._keep is not None and len(self.calls) > 2 * self._keep:
            del self.calls[: -self._keep]  # trimmed in halves: amortised O(1) a call
        if self._steps:
            step = self._steps.popleft()
        elif self._responder is not None:
            step = _as_step(self._responder(request))
        else:
            raise UnexpectedCall(f"scripted model {self.name!r} got call #{self.call_count} with no step queued")
        if step.delay:
            await asyncio.sleep(step.delay)
        if step.error is not None and not step.error_after_text:
            raise step.error
        for i in range(0, len(step.text), max(1, step.chunk)):
            if self.pace and i:
                await asyncio.sleep(self.pace)
            yield TextDelta(step.text[i : i + step.chunk])
        if step.error is not None:
            raise step.error
        for call in step.tool_calls:
            yield call
        usage = step.usage or Usage(
            input_tokens=sum(len(m.text) for m in request.messages) // 4 + len(request.system) // 4,
            output_tokens=max(1, len(step.text) // 4),
        )
        yield UsageReport(usage)
        yield Stop(step.stop_reason or ("tool_use" if step.tool_calls else "end_turn"), detail=step.stop_detail)


def _as_step(value: Step | str) -> Step:
    return Step(text=value) if isinstance(value, str) else value
