"""Anthropic Messages API adapter (``POST /v1/messages``), spoken over httpx without the SDK.

Wire format first (pure functions, no credentials), the client last:

- :func:`render_request` turns a :class:`ModelRequest` into the JSON body: ``system`` as a list
  of text blocks, ``tools`` (``name``/``description``/``input_schema``), ``messages`` with
  consecutive same-role messages merged, tool calls as ``tool_use`` blocks and tool results as
  ``tool_result`` blocks in a user message; a structured answer (``request.output``) as one
  more tool, forced with ``tool_choice: {"type": "tool"}``. Each :class:`Breakpoint` becomes a
  ``cache_control: {"type": "ephemeral"}`` (``"ttl": "1h"`` for 3600 s) on the last content
  block of the segment it names — the last tool for ``tools``, the last system block for
  ``system``. At most 4, and 1-hour breakpoints must come before 5-minute ones.
- :class:`StreamDecoder` (in :mod:`threadkeep.llm.anthropic_stream`) turns the SSE events
  (``message_start``, ``content_block_start``/``_delta``/``_stop``, ``message_delta``,
  ``message_stop``, ``ping``, ``error``) into :mod:`threadkeep.llm.base` events. Tool input
  arrives as ``input_json_delta`` fragments and is parsed once the block stops.
- :class:`AnthropicModel` adds the key, the version header, HTTP and retries.

The body is serialised with sorted keys and no insignificant whitespace, so the same request
is the same bytes on every turn (ARCHITECTURE §3).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx

from threadkeep.errors import ConfigError, MalformedResponse
from threadkeep.llm._http import (
    DEFAULT_TIMEOUT,
    HttpChatModel,
    decode_sse,
    error_for_transport,
    post_stream,
)
from threadkeep.llm.anthropic_stream import PROVIDER, StreamDecoder, events_from_message
from threadkeep.llm.base import Capabilities, StreamEvent
from threadkeep.llm.retry import RetryPolicy
from threadkeep.messages import (
    ChatMessage,
    ModelRequest,
    TextPart,
    ToolCallPart,
    ToolChoice,
    ToolResultPart,
    canonical_json,
)
from threadkeep.tokens import counter_for

__all__ = [
    "PROVIDER",
    "DEFAULT_BASE_URL",
    "API_VERSION",
    "MAX_BREAKPOINTS",
    "AnthropicRendering",
    "render_request",
    "min_cacheable_tokens",
    "capabilities_for",
    "StreamDecoder",
    "events_from_message",
    "AnthropicModel",
]

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"
MAX_BREAKPOINTS = 4
_TTL_WIRE = {300: None, 3600: "1h"}  # seconds -> cache_control "ttl" (None: the 5 min default)

# Minimum cacheable prefix per model family, from Anthropic's prompt-caching table. Shorter
# prefixes are processed without caching and without an error. Checked in order.
_MIN_CACHEABLE: tuple[tuple[str, int], ...] = (
    ("haiku-4", 4096),
    ("opus-4-5", 4096),
    ("opus-4-6", 4096),
    ("sonnet-4-6", 2048),
    ("haiku", 2048),  # Claude 3 / 3.5 Haiku
)
_DEFAULT_MIN_CACHEABLE = 1024  # Sonnet 4.5, Sonnet 4, Opus 4 / 4.1, Sonnet 3.7


def min_cacheable_tokens(model: str) -> int:
    """The documented minimum cacheable prompt length for ``model``."""
    name = model.lower()
    for marker, tokens in _MIN_CACHEABLE:
        if marker in name:
            return tokens
    return _DEFAULT_MIN_CACHEABLE


def capabilities_for(model: str) -> Capabilities:
    """What the planner and keep-warm need to know about an Anthropic model."""
    return Capabilities(
        cache_style="explicit",
        cache_ttls=(300, 3600),
        min_cacheable_tokens=min_cacheable_tokens(model),
        max_breakpoints=MAX_BREAKPOINTS,
        # max_tokens: 0 pre-warms the cache without output; it is not allowed with streaming,
        # so the adapter sends such a request without "stream" (see AnthropicModel).
        allows_zero_max_tokens=True,
        context_window=200_000,
        tokenizer=PROVIDER,  # not published: o200k with a margin (threadkeep.tokens)
    )


# --------------------------------------------------------------------------- rendering


@dataclass(frozen=True, slots=True)
class AnthropicRendering:
    """The request body and, for every cacheable block in prefix order, its segment name.

    Block order is: each tool, each system block, then each content block of each message.
    The simulator hashes the same blocks, so a byte change here is a byte change there.
    """

    body: dict[str, Any]
    block_segments: tuple[str, ...]

    def to_bytes(self) -> bytes:
        """The exact bytes sent on the wire."""
        return canonical_json(self.body).encode("utf-8")


def _part_block(part: TextPart | ToolCallPart | ToolResultPart) -> tuple[str | None, dict[str, Any]]:
    """(forced role or None, content block) for one message part."""
    if isinstance(part, TextPart):
        return None, {"type": "text", "text": part.text}
    if isinstance(part, ToolCallPart):
        return "assistant", {"type": "tool_use", "id": part.call_id, "name": part.name, "input": dict(part.arguments)}
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": part.call_id, "content": part.content}
    if part.is_error:
        block["is_error"] = True
    # Tool results travel in a user message whatever role the stored message had.
    return "user", block


def _message_blocks(message: ChatMessage) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for part in message.parts:
        if isinstance(part, TextPart) and part.text == "":
            continue  # the API refuses empty text blocks
        role, block = _part_block(part)
        out.append((role or message.role, block))
    return out


def _cache_control(ttl_seconds: int) -> dict[str, str]:
    if ttl_seconds not in _TTL_WIRE:
        raise ConfigError(
            f"Anthropic cache TTL must be 300 or 3600 seconds, got {ttl_seconds}; fix the breakpoint plan"
        )
    wire = _TTL_WIRE[ttl_seconds]
    return {"type": "ephemeral"} if wire is None else {"type": "ephemeral", "ttl": wire}


def _prefix_end(request: ModelRequest, n_system: int) -> tuple[int, int] | None:
    """The last block of what every request starts with: the system blocks, else the tools."""
    if n_system:
        return (1, n_system - 1)
    if request.tools:
        return (0, len(request.tools) - 1)
    return None


def _breakpoint_target(
    request: ModelRequest, segment: int, last_block_of_segment: dict[int, int], n_system: int
) -> tuple[int, int] | None:
    """The block a breakpoint on ``segment`` lands on, walking back past empty segments.

    None when nothing precedes it to cache.
    """
    for idx in range(segment, -1, -1):
        name = request.segments[idx].name
        if name == "tools":
            return (0, len(request.tools) - 1) if request.tools else None
        if name == "system":
            return _prefix_end(request, n_system)
        if idx in last_block_of_segment:
            return (2, last_block_of_segment[idx])
    # No tools/system segment listed before it: the prefix still starts with them.
    return _prefix_end(request, n_system)


def _check_breakpoints(targets: dict[tuple[int, int], int]) -> None:
    """Refuse what Anthropic would: too many breakpoints, or a 1-hour one after a 5-minute one."""
    if len(targets) > MAX_BREAKPOINTS:
        raise ConfigError(f"Anthropic allows at most {MAX_BREAKPOINTS} cache breakpoints, the plan has {len(targets)}")
    seen_short = False
    for pos in sorted(targets):
        if targets[pos] == 300:
            seen_short = True
        elif seen_short:
            raise ConfigError(
                "Anthropic requires 1-hour cache breakpoints before 5-minute ones; fix the breakpoint plan"
            )


def _resolve_breakpoints(
    request: ModelRequest, last_block_of_segment: dict[int, int], n_system: int
) -> dict[tuple[int, int], int]:
    """Map each breakpoint to a block position ``(area, index)`` -> TTL.

    Areas: 0 tools, 1 system, 2 messages (index into the flat block list). A breakpoint on a
    segment without blocks moves back to the end of the nearest earlier segment that has one:
    the cached prefix is the same bytes.
    """
    targets: dict[tuple[int, int], int] = {}
    for bp in request.breakpoints:
        if not 0 <= bp.segment < len(request.segments):
            raise ConfigError(
                f"breakpoint names segment {bp.segment} but the request has "
                f"{len(request.segments)} segments; fix the breakpoint plan"
            )
        _cache_control(bp.ttl_seconds)  # validates the TTL
        target = _breakpoint_target(request, bp.segment, last_block_of_segment, n_system)
        if target is None:
            continue  # nothing before it to cache
        targets[target] = max(targets.get(target, 0), bp.ttl_seconds)
    _check_breakpoints(targets)
    return targets


def _anthropic_tool_choice(choice: ToolChoice) -> dict[str, Any]:
    # Anthropic names "required" ``any``, and one tool ``{"type": "tool", "name": ...}``.
    if choice.mode == "tool":
        return {"type": "tool", "name": choice.name}
    return {"type": {"required": "any"}.get(choice.mode, choice.mode)}


ANTHROPIC_MAX_TEMPERATURE = 1.0


def _tools(request: ModelRequest) -> list[dict[str, Any]]:
    """The request's tools, and a structured answer as one more (forced in ``tool_choice``)."""
    tools: list[dict[str, Any]] = [
        {"name": t.name, "description": t.description, "input_schema": t.parameters} for t in request.tools
    ]
    if request.output is not None:
        # A structured answer is a forced call of one tool whose input schema is the answer's.
        tools.append(
            {
                "name": request.output.name,
                "description": request.output.description or f"Give your answer as {request.output.name}.",
                "input_schema": request.output.schema,
            }
        )
    return tools


def _flat_blocks(
    request: ModelRequest,
) -> tuple[list[tuple[int, str, dict[str, Any]]], dict[int, int]]:
    """Every message's content blocks in order as (segment index, role, block), and the index
    of each segment's last block (a segment without blocks has none)."""
    flat: list[tuple[int, str, dict[str, Any]]] = []
    last_block_of_segment: dict[int, int] = {}
    for seg_index, segment in enumerate(request.segments):
        for message in segment.messages:
            for role, block in _message_blocks(message):
                flat.append((seg_index, role, block))
        if flat and flat[-1][0] == seg_index:
            last_block_of_segment[seg_index] = len(flat) - 1
    return flat, last_block_of_segment


def _merged_messages(flat: list[tuple[int, str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """The blocks as messages, consecutive blocks of one role in one message (the API
    wants roles to alternate)."""
    messages: list[dict[str, Any]] = []
    for _seg, role, block in flat:
        if messages and messages[-1]["role"] == role:
            messages[-1]["content"].append(block)
        else:
            messages.append({"role": role, "content": [block]})
    return messages


def _options(request: ModelRequest, stream: bool) -> dict[str, Any]:
    """The body's optional fields after the content: tool choice, sampling, stop, stream."""
    options: dict[str, Any] = {}
    if request.output is not None:
        options["tool_choice"] = {"type": "tool", "name": request.output.name}
    elif request.tool_choice is not None:
        options["tool_choice"] = _anthropic_tool_choice(request.tool_choice)
    if request.temperature is not None:
        # Anthropic's range is 0-1 (OpenAI's 0-2): a client's higher value is its highest.
        options["temperature"] = min(request.temperature, ANTHROPIC_MAX_TEMPERATURE)
    if request.top_p is not None:
        options["top_p"] = request.top_p
    if request.stop:
        options["stop_sequences"] = list(request.stop)
    if stream:
        options["stream"] = True
    return options


def render_request(request: ModelRequest, model: str, *, stream: bool = True) -> AnthropicRendering:
    """Render ``request`` into a Messages API body for ``model``."""
    tools = _tools(request)
    system: list[dict[str, Any]] = [{"type": "text", "text": request.system}] if request.system else []
    flat, last_block_of_segment = _flat_blocks(request)

    targets = _resolve_breakpoints(request, last_block_of_segment, len(system))
    for (area, index), ttl in targets.items():
        block = (tools, system)[area][index] if area < 2 else flat[index][2]
        block["cache_control"] = _cache_control(ttl)

    body: dict[str, Any] = {"model": model, "max_tokens": request.max_tokens, "messages": _merged_messages(flat)}
    if system:
        body["system"] = system
    if tools:
        body["tools"] = tools
    body.update(_options(request, stream))

    names = [s.name for s in request.segments]
    segments = ["tools"] * len(tools) + ["system"] * len(system)
    segments += [names[seg] for seg, _r, _b in flat]
    return AnthropicRendering(body, tuple(segments))


# --------------------------------------------------------------------------- client


class AnthropicModel(HttpChatModel):
    """A :class:`~threadkeep.llm.base.ChatModel` for Anthropic's Messages API."""

    def __init__(
        self,
        model: str,
        *,
        api_key: str,
        base_url: str = DEFAULT_BASE_URL,
        client: httpx.AsyncClient | None = None,
        timeout: httpx.Timeout = DEFAULT_TIMEOUT,
        retry: RetryPolicy | None = None,
        extra_headers: dict[str, str] | None = None,
        capabilities: Capabilities | None = None,
    ) -> None:
        if not api_key:
            raise ConfigError("the Anthropic adapter needs an API key: set ANTHROPIC_API_KEY")
        super().__init__(client=client, timeout=timeout, retry=retry, extra_headers=extra_headers)
        self.model = model
        self.name = f"{PROVIDER}:{model}"
        self.capabilities = capabilities or capabilities_for(model)
        self.base_url = base_url.rstrip("/")
        self._api_key = api_key

    def count_tokens(self, text: str) -> int:
        """Offline estimate with a safety margin (Anthropic's tokenizer is not published)."""
        return counter_for(self.capabilities.tokenizer).count(text)

    def _headers(self, streaming: bool) -> dict[str, str]:
        headers = {
            "x-api-key": self._api_key,
            "anthropic-version": API_VERSION,
            "content-type": "application/json",
            "accept": "text/event-stream" if streaming else "application/json",
        }
        headers.update(self._extra_headers)
        return headers

    async def _stream_once(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        streaming = request.max_tokens > 0
        rendering = render_request(request, self.model, stream=streaming)
        url = f"{self.base_url}/v1/messages"
        async with post_stream(
            self._http(), url, content=rendering.to_bytes(), headers=self._headers(streaming), provider=PROVIDER
        ) as response:
            if not streaming:
                try:
                    raw = await response.aread()
                except httpx.HTTPError as e:
                    raise error_for_transport(e, provider=PROVIDER) from e
                try:
                    message = json.loads(raw)
                except ValueError as e:
                    raise MalformedResponse("anthropic answered with a body that is not JSON", provider=PROVIDER) from e
                for event in events_from_message(message):
                    yield event
                return
            async for event in decode_sse(response, StreamDecoder(), provider=PROVIDER):
                yield event
