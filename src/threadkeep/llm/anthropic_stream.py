"""Anthropic's answer, decoded: SSE stream events and complete Message objects become
:mod:`threadkeep.llm.base` events (usage, tool calls, stop reasons, in-stream errors).

The wire half of the Anthropic adapter; :mod:`threadkeep.llm.anthropic` renders the request and
owns the client.
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
from threadkeep.llm._http import SseEvent
from threadkeep.llm.base import Stop, StreamEvent, TextDelta, Usage, UsageReport
from threadkeep.messages import ToolCallPart

__all__ = ["PROVIDER", "StreamDecoder", "events_from_message"]

PROVIDER = "anthropic"

_STOP_REASONS = {
    "end_turn": "end_turn",
    "stop_sequence": "end_turn",
    "tool_use": "tool_use",
    "max_tokens": "max_tokens",
    # Claude's safety classifiers declined to go on (Claude 4 models).
    "refusal": "refusal",
}


def _usage_from(raw: dict[str, Any], base: Usage | None = None) -> Usage:
    """Merge an Anthropic usage object into ``base`` (later counts are cumulative)."""
    base = base or Usage()

    def pick(key: str, current: int) -> int:
        value = raw.get(key)
        return int(value) if isinstance(value, int | float) else current

    # The per-TTL split of the writes: 1-hour entries cost 2x base input, 5-minute 1.25x.
    split = raw.get("cache_creation")
    one_hour = base.cache_write_1h_tokens
    if isinstance(split, dict) and isinstance(split.get("ephemeral_1h_input_tokens"), int | float):
        one_hour = int(split["ephemeral_1h_input_tokens"])
    return Usage(
        input_tokens=pick("input_tokens", base.input_tokens),
        output_tokens=pick("output_tokens", base.output_tokens),
        cache_read_tokens=pick("cache_read_input_tokens", base.cache_read_tokens),
        cache_write_tokens=pick("cache_creation_input_tokens", base.cache_write_tokens),
        cache_write_1h_tokens=one_hour,
    )


def _stream_error(error: Any) -> ProviderError:
    """Map an ``error`` event (or error body) to the exception tree."""
    kind = str(error.get("type", "")) if isinstance(error, dict) else ""
    message = str(error.get("message", "")) if isinstance(error, dict) else str(error)
    detail = f"anthropic stream error ({kind or 'unknown'}): {message}"
    if kind == "overloaded_error":
        return ProviderServerError(detail, provider=PROVIDER, status=529)
    if kind == "rate_limit_error":
        return ProviderRateLimited(detail, provider=PROVIDER)
    if kind in ("authentication_error", "permission_error"):
        return ProviderAuthError(detail, provider=PROVIDER)
    if kind in ("invalid_request_error", "not_found_error", "request_too_large"):
        return ProviderBadRequest(detail, provider=PROVIDER)
    return ProviderServerError(detail, provider=PROVIDER)  # api_error and anything new


@dataclass
class _OpenBlock:
    kind: str
    call_id: str = ""
    name: str = ""
    initial: dict[str, Any] = field(default_factory=dict)
    json_parts: list[str] = field(default_factory=list)


class StreamDecoder:
    """Turns Anthropic SSE events into stream events; :meth:`finish` checks the stream ended."""

    def __init__(self) -> None:
        self.usage = Usage()
        self.stop_reason: str | None = None
        self.done = False
        self._blocks: dict[int, _OpenBlock] = {}
        # A tool input that did not parse: an error unless the answer was cut at max_tokens.
        self._broken: MalformedResponse | None = None

    def feed(self, sse: SseEvent) -> list[StreamEvent]:
        """Decode one SSE event; raises :class:`ProviderError` for ``error`` events."""
        if not sse.data:
            return []
        try:
            payload = json.loads(sse.data)
        except ValueError as e:
            raise MalformedResponse(
                f"anthropic sent an event that is not JSON: {sse.data[:200]!r}", provider=PROVIDER
            ) from e
        if not isinstance(payload, dict):
            raise MalformedResponse("anthropic sent a non-object event", provider=PROVIDER)
        kind = payload.get("type") or sse.event
        try:
            return self._dispatch(kind, payload)
        except (KeyError, TypeError, AttributeError) as e:
            raise MalformedResponse(f"anthropic {kind} event lacks a documented field: {e}", provider=PROVIDER) from e

    def _dispatch(self, kind: str, payload: dict[str, Any]) -> list[StreamEvent]:
        if kind == "message_start":
            self.usage = _usage_from(payload["message"].get("usage") or {})
            return []
        if kind == "content_block_start":
            block = payload["content_block"]
            if block["type"] == "tool_use":
                # The start event carries "input": {} and the arguments follow as
                # input_json_delta fragments; a non-empty input here is used if none follow.
                self._blocks[payload["index"]] = _OpenBlock(
                    "tool_use", block["id"], block["name"], initial=dict(block.get("input") or {})
                )
                return []
            self._blocks[payload["index"]] = _OpenBlock(block["type"])
            text = block.get("text") if block["type"] == "text" else None
            return [TextDelta(text)] if text else []
        if kind == "content_block_delta":
            delta = payload["delta"]
            if delta["type"] == "text_delta":
                return [TextDelta(delta["text"])] if delta["text"] else []
            if delta["type"] == "input_json_delta":
                opened = self._blocks[payload["index"]]
                opened.json_parts.append(delta["partial_json"])
                return []
            return []  # thinking_delta, signature_delta, citations: not part of the answer
        if kind == "content_block_stop":
            closed = self._blocks.pop(payload["index"], None)
            if closed is None or closed.kind != "tool_use":
                return []
            try:
                return [ToolCallPart(closed.call_id, closed.name, _parse_tool_input(closed))]
            except MalformedResponse as e:
                # Cut off mid-argument at max_tokens is a complete stream with an incomplete
                # answer (the stop reason says so); anything else breaks the format.
                self._broken = e
                return []
        if kind == "message_delta":
            reason = (payload.get("delta") or {}).get("stop_reason")
            if reason:
                self.stop_reason = reason
            self.usage = _usage_from(payload.get("usage") or {}, self.usage)
            return []
        if kind == "message_stop":
            if self._broken is not None and self.stop_reason != "max_tokens":
                raise self._broken
            self.done = True
            return [UsageReport(self.usage), Stop(_STOP_REASONS.get(self.stop_reason or "", "other"))]
        if kind == "error":
            raise _stream_error(payload.get("error"))
        return []  # ping and event types added after this adapter was written

    def finish(self) -> list[StreamEvent]:
        """At end of body: nothing is owed after ``message_stop``; without it, raise
        :class:`MalformedResponse` (the answer was cut)."""
        if not self.done:
            raise MalformedResponse("anthropic stream ended without message_stop", provider=PROVIDER)
        return []


def _parse_tool_input(block: _OpenBlock) -> dict[str, Any]:
    raw = "".join(block.json_parts)
    if raw.strip() == "":
        return block.initial
    try:
        value = json.loads(raw)
    except ValueError as e:
        raise MalformedResponse(
            f"anthropic tool_use {block.name!r} input is not valid JSON: {raw[:200]!r}", provider=PROVIDER
        ) from e
    if not isinstance(value, dict):
        raise MalformedResponse(f"anthropic tool_use {block.name!r} input is not an object", provider=PROVIDER)
    return value


def events_from_message(message: dict[str, Any]) -> list[StreamEvent]:
    """Events for a complete (non-streamed) Message object, as ``max_tokens: 0`` returns."""
    if message.get("type") == "error":
        raise _stream_error(message.get("error"))
    try:
        events: list[StreamEvent] = []
        for block in message.get("content") or []:
            if block["type"] == "text" and block.get("text"):
                events.append(TextDelta(block["text"]))
            elif block["type"] == "tool_use":
                events.append(ToolCallPart(block["id"], block["name"], dict(block.get("input") or {})))
        usage = _usage_from(message.get("usage") or {})
        reason = message.get("stop_reason") or ""
    except (KeyError, TypeError, AttributeError) as e:
        raise MalformedResponse(f"anthropic message lacks a documented field: {e}", provider=PROVIDER) from e
    return [*events, UsageReport(usage), Stop(_STOP_REASONS.get(reason, "other"))]
