"""Decoding an OpenAI-compatible Chat Completions stream (the wire format of
:mod:`threadkeep.llm.openai`): text deltas, a refusal (structured outputs), tool calls
accumulated by ``index`` (id and name first, argument fragments after), the ``finish_reason``,
the usage chunk and ``data: [DONE]``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from threadkeep.errors import (
    MalformedResponse,
    ProviderAuthError,
    ProviderBadRequest,
    ProviderError,
    ProviderRateLimited,
    ProviderServerError,
)
from threadkeep.llm._http import SseEvent, quota_exceeded
from threadkeep.llm.base import Stop, StreamEvent, TextDelta, Usage, UsageReport
from threadkeep.messages import ToolCallPart

__all__ = ["ChunkDecoder"]

_FINISH_REASONS = {
    "stop": "end_turn",
    "tool_calls": "tool_use",
    "function_call": "tool_use",
    "length": "max_tokens",
}


def _chunk_error(error: Any, provider: str) -> ProviderError:
    """Map an ``{"error": ...}`` object that arrived inside the stream."""
    if not isinstance(error, dict):
        return ProviderServerError(f"{provider} stream error: {error}", provider=provider)
    kind = str(error.get("type") or error.get("code") or "")
    detail = f"{provider} stream error ({kind or 'unknown'}): {error.get('message', '')}"
    code = error.get("code")
    status = code if isinstance(code, int) else None
    if kind == "insufficient_quota" or error.get("code") == "insufficient_quota":
        return quota_exceeded(detail, provider)
    if kind in ("rate_limit_exceeded", "rate_limit_error") or status == 429:
        return ProviderRateLimited(detail, provider=provider)
    if kind in ("invalid_api_key", "authentication_error") or status in (401, 403):
        return ProviderAuthError(detail, provider=provider, status=status)
    if kind in ("invalid_request_error", "context_length_exceeded") or (status is not None and 400 <= status < 500):
        return ProviderBadRequest(detail, provider=provider, status=status)
    return ProviderServerError(detail, provider=provider, status=status)


@dataclass
class _PendingCall:
    call_id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


class ChunkDecoder:
    """Turns Chat Completions chunks into stream events; :meth:`finish` checks the ending."""

    def __init__(self, provider: str = "openai") -> None:
        self.provider = provider
        self.usage: Usage | None = None
        self.finish_reason: str | None = None
        self.done = False
        self._calls: dict[int, _PendingCall] = {}
        self._calls_emitted = False
        self.refusal: list[str] = []

    def feed(self, sse: SseEvent) -> list[StreamEvent]:
        """Decode one ``data:`` line; ``[DONE]`` closes the stream."""
        data = sse.data.strip()
        if not data:
            return []
        if data == "[DONE]":
            return self._close()
        try:
            chunk = json.loads(data)
        except ValueError as e:
            raise MalformedResponse(
                f"{self.provider} sent a chunk that is not JSON: {data[:200]!r}", provider=self.provider
            ) from e
        if not isinstance(chunk, dict):
            raise MalformedResponse(f"{self.provider} sent a non-object chunk", provider=self.provider)
        if "error" in chunk and chunk["error"]:
            raise _chunk_error(chunk["error"], self.provider)
        try:
            return self._chunk(chunk)
        except (KeyError, TypeError, AttributeError, IndexError) as e:
            raise MalformedResponse(
                f"{self.provider} chunk lacks a documented field: {e}", provider=self.provider
            ) from e

    def _chunk(self, chunk: dict[str, Any]) -> list[StreamEvent]:
        events: list[StreamEvent] = []
        usage = chunk.get("usage")
        if isinstance(usage, dict):
            self.usage = _usage_from(usage)
        for choice in chunk.get("choices") or []:
            if choice.get("index", 0) != 0:
                continue  # we never ask for n > 1
            delta = choice.get("delta") or {}
            text = delta.get("content")
            if text:
                events.append(TextDelta(text))
            if delta.get("refusal"):
                # Structured outputs: the model declined; the text says why, and the answer
                # ends with the stop reason "refusal" rather than as content.
                self.refusal.append(delta["refusal"])
            for fragment in delta.get("tool_calls") or []:
                pending = self._calls.setdefault(int(fragment.get("index", 0)), _PendingCall())
                if fragment.get("id"):
                    pending.call_id = fragment["id"]
                function = fragment.get("function") or {}
                if function.get("name"):
                    pending.name = function["name"]
                if function.get("arguments"):
                    pending.arguments.append(function["arguments"])
            if choice.get("finish_reason"):
                self.finish_reason = choice["finish_reason"]
                events.extend(self._emit_calls())
        return events

    def _emit_calls(self) -> list[StreamEvent]:
        if self._calls_emitted:
            return []
        self._calls_emitted = True
        out: list[StreamEvent] = []
        for index in sorted(self._calls):
            pending = self._calls[index]
            if not pending.name:
                raise MalformedResponse(f"{self.provider} tool call #{index} has no name", provider=self.provider)
            raw = "".join(pending.arguments)
            try:
                args = json.loads(raw) if raw.strip() else {}
            except ValueError as e:
                if self.finish_reason == "length":
                    continue  # cut off at max_tokens: the stop reason tells the caller
                raise MalformedResponse(
                    f"{self.provider} tool call {pending.name!r} arguments are not valid JSON: {raw[:200]!r}",
                    provider=self.provider,
                ) from e
            if not isinstance(args, dict):
                raise MalformedResponse(
                    f"{self.provider} tool call {pending.name!r} arguments are not an object", provider=self.provider
                )
            # Some local servers omit ids; the turn still needs one to pair the result.
            out.append(ToolCallPart(pending.call_id or f"call_{index}", pending.name, args))
        return out

    def _close(self) -> list[StreamEvent]:
        if self.finish_reason is None:
            raise MalformedResponse(f"{self.provider} stream ended without a finish_reason", provider=self.provider)
        self.done = True
        events = self._emit_calls()
        events.append(UsageReport(self.usage or Usage()))
        reason = "refusal" if self.refusal else _FINISH_REASONS.get(self.finish_reason, "other")
        events.append(Stop(reason, detail="".join(self.refusal)))
        return events

    def finish(self) -> list[StreamEvent]:
        """At end of body: events still owed, or :class:`MalformedResponse` if it was cut."""
        if self.done:
            return []
        # A few servers close the body after the usage chunk without [DONE]; a finish_reason
        # means the answer is complete, so accept that. Without one the answer was cut off.
        return self._close()


def _usage_from(raw: dict[str, Any]) -> Usage:
    prompt = int(raw.get("prompt_tokens") or 0)
    details = raw.get("prompt_tokens_details") or {}
    cached = int(details.get("cached_tokens") or 0) if isinstance(details, dict) else 0
    return Usage(
        input_tokens=max(0, prompt - cached),
        output_tokens=int(raw.get("completion_tokens") or 0),
        cache_read_tokens=cached,
        cache_write_tokens=0,  # the Chat Completions API does not report cache writes
    )
