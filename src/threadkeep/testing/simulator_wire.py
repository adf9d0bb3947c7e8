"""The provider simulator on the wire: an httpx transport that answers the real adapters.

``SimulatedModel`` used as a model renders each request itself; here the real adapter
(:class:`~threadkeep.llm.anthropic.AnthropicModel` or
:class:`~threadkeep.llm.openai.OpenAICompatibleModel`) renders and sends it, and this
transport reads the JSON body it sent — the exact bytes a provider would get, with the
adapter's own breakpoints, TTLs, ``prompt_cache_key`` and ``prompt_cache_retention`` — accounts
it against the simulator's cache, and answers in the provider's own streaming format with the
usage that provider reports (Anthropic: reads, writes and the per-TTL split of writes in
``usage.cache_creation``; OpenAI: ``prompt_tokens`` and ``prompt_tokens_details.cached_tokens``).
So what the engine's call log and the cache report record is what the adapter decoded.

Give the adapter ``httpx.AsyncClient(transport=wire_transport(sim, answer))``; ``answer(body)``
gives the answer's text, or a :class:`~threadkeep.llm.scripted.Step` whose ``tool_calls`` are
streamed in the provider's format (Anthropic ``tool_use`` blocks with ``input_json_delta``;
OpenAI ``delta.tool_calls`` with the id and name first, then the arguments) and end the answer
with the provider's tool stop reason.

:func:`from_spec` is the other way in: ``THREADKEEP_MODEL=simulator:anthropic`` (the
``threadkeep.models`` entry point) makes a simulator that renders its own requests.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx

from threadkeep.errors import ConfigError
from threadkeep.llm.scripted import Step
from threadkeep.messages import ToolCallPart
from threadkeep.testing.simulator import CallRecord, SimulatedModel
from threadkeep.testing.simulator_config import SimulatorConfig
from threadkeep.testing.simulator_layout import token_ids

__all__ = ["wire_transport", "from_spec"]


def _sse(events: list[tuple[str | None, dict[str, Any] | str]]) -> bytes:
    out: list[str] = []
    for name, data in events:
        payload = data if isinstance(data, str) else json.dumps(data)
        out.append((f"event: {name}\n" if name else "") + f"data: {payload}\n\n")
    return "".join(out).encode()


def _anthropic_usage(record: CallRecord) -> dict[str, Any]:
    return {
        "input_tokens": record.uncached_tokens,
        "output_tokens": record.output_tokens,
        "cache_read_input_tokens": record.cache_read_tokens,
        "cache_creation_input_tokens": record.cache_write_tokens,
        "cache_creation": {
            "ephemeral_5m_input_tokens": record.cache_write_5m_tokens,
            "ephemeral_1h_input_tokens": record.cache_write_1h_tokens,
        },
    }


def _anthropic(
    record: CallRecord, body: dict[str, Any], text: str, calls: list[ToolCallPart], cut: bool = False
) -> httpx.Response:
    usage = _anthropic_usage(record)
    message = {
        "id": f"msg_sim_{record.call}",
        "type": "message",
        "role": "assistant",
        "model": body.get("model"),
        "stop_reason": None,
        "stop_sequence": None,
    }
    if not body.get("stream"):  # max_tokens 0: a keep-warm ping, answered as one message
        return httpx.Response(200, json={**message, "content": [], "stop_reason": "max_tokens", "usage": usage})
    start_usage = {**usage, "output_tokens": 1}
    events: list[tuple[str | None, dict[str, Any] | str]] = [
        ("message_start", {"type": "message_start", "message": {**message, "content": [], "usage": start_usage}}),
        (
            "content_block_start",
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        ),
        ("ping", {"type": "ping"}),
    ]
    for i in range(0, len(text), 16):
        events.append(
            (
                "content_block_delta",
                {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text[i : i + 16]}},
            )
        )
    events.append(("content_block_stop", {"type": "content_block_stop", "index": 0}))
    for n, call in enumerate(calls, 1):
        args = json.dumps(call.arguments)
        events += [
            (
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": n,
                    "content_block": {"type": "tool_use", "id": call.call_id, "name": call.name, "input": {}},
                },
            ),
            (
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": n,
                    "delta": {"type": "input_json_delta", "partial_json": args},
                },
            ),
            ("content_block_stop", {"type": "content_block_stop", "index": n}),
        ]
    stop = "tool_use" if calls else "max_tokens" if cut else "end_turn"
    events += [
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": record.output_tokens},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return httpx.Response(200, content=_sse(events), headers={"content-type": "text/event-stream"})


def _openai(
    record: CallRecord, body: dict[str, Any], text: str, calls: list[ToolCallPart], cut: bool = False
) -> httpx.Response:
    base = {
        "id": f"chatcmpl-sim-{record.call}",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": body.get("model"),
    }
    events: list[tuple[str | None, dict[str, Any] | str]] = [
        (
            None,
            {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]},
        )
    ]
    for i in range(0, len(text), 16):
        events.append(
            (None, {**base, "choices": [{"index": 0, "delta": {"content": text[i : i + 16]}, "finish_reason": None}]})
        )
    for i, call in enumerate(calls):
        start = {"index": i, "id": call.call_id, "type": "function", "function": {"name": call.name, "arguments": ""}}
        rest = {"index": i, "function": {"arguments": json.dumps(call.arguments)}}
        for piece in (start, rest):
            events.append(
                (None, {**base, "choices": [{"index": 0, "delta": {"tool_calls": [piece]}, "finish_reason": None}]})
            )
    finish = "tool_calls" if calls else "length" if cut else "stop"
    events.append((None, {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}))
    # OpenAI counts written tokens as plain input: prompt_tokens is everything, cached_tokens the read.
    events.append(
        (
            None,
            {
                **base,
                "choices": [],
                "usage": {
                    "prompt_tokens": record.prompt_tokens,
                    "completion_tokens": record.output_tokens,
                    "total_tokens": record.prompt_tokens + record.output_tokens,
                    "prompt_tokens_details": {"cached_tokens": record.cache_read_tokens},
                },
            },
        )
    )
    events.append((None, "[DONE]"))
    return httpx.Response(200, content=_sse(events), headers={"content-type": "text/event-stream"})


def wire_transport(sim: SimulatedModel, answer: Callable[[dict[str, Any]], str | Step]) -> httpx.MockTransport:
    """A transport for the real adapter matching ``sim``'s style (explicit: Anthropic's
    ``/v1/messages``; automatic: OpenAI's ``/chat/completions``)."""
    explicit = sim.config.style == "explicit"

    def handle(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        wanted = "/v1/messages" if explicit else "/chat/completions"
        if not request.url.path.endswith(wanted):
            return httpx.Response(404, json={"error": {"type": "not_found", "message": request.url.path}})
        said = answer(body)
        text, calls = (said.text, list(said.tool_calls)) if isinstance(said, Step) else (said, [])
        limit = int(body.get("max_tokens") or body.get("max_completion_tokens") or 0)
        ids = token_ids(text) if text and limit > 0 else ()
        cut = len(ids) > limit  # the answer stops at max_tokens, and says so
        if cut:
            text, ids = text[: len(text) * limit // max(1, len(ids))], ids[:limit]
        elif limit <= 0:
            text = ""
        session = str(body.get("prompt_cache_key") or (body.get("metadata") or {}).get("user_id") or "wire")
        record = sim.account_wire(body, session=session, output_tokens=len(ids))
        return _anthropic(record, body, text, calls, cut) if explicit else _openai(record, body, text, calls, cut)

    return httpx.MockTransport(handle)


def from_spec(rest: str, **options: Any) -> SimulatedModel:
    """The model ``simulator:STYLE[:MODEL]`` names (entry point ``threadkeep.models``).

    In a running service the simulator keeps real time; tests inject a :class:`ManualClock`.
    """
    style, _, model = rest.partition(":")
    if style == "anthropic":
        config = SimulatorConfig.anthropic(model) if model else SimulatorConfig.anthropic()
    elif style == "openai":
        config = SimulatorConfig.openai(model) if model else SimulatorConfig.openai()
    else:
        raise ConfigError(f"simulator style must be anthropic or openai, got {style!r}")
    options.setdefault("now", time.monotonic)
    return SimulatedModel(config, **options)
