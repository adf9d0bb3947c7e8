"""Anthropic adapter against the documented wire format, over a faked transport (no network)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from threadkeep.errors import ConfigError, MalformedResponse, ProviderServerError
from threadkeep.llm.anthropic import (
    AnthropicModel,
    min_cacheable_tokens,
    render_request,
)
from threadkeep.llm.base import Stop, TextDelta, Usage, UsageReport, complete
from threadkeep.llm.retry import RetryPolicy
from threadkeep.messages import (
    Breakpoint,
    ChatMessage,
    ModelRequest,
    Segment,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    ToolSpec,
    canonical_json,
)

FIXTURES = Path(__file__).parent / "fixtures" / "llm"

SYSTEM = "You are threadkeep's assistant. Search the knowledge base when it may know."
SEARCH = ToolSpec(
    "search_knowledge",
    "Search the knowledge base with a standalone query.",
    {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
)
WEB = ToolSpec("web_search", "Search the web.", {"type": "object", "properties": {"q": {"type": "string"}}})


def representative_request() -> ModelRequest:
    """Tools, a merged user run, history, per-turn context, a tool round and 3 breakpoints."""
    return ModelRequest(
        system=SYSTEM,
        tools=(SEARCH, WEB),
        segments=(
            Segment("tools"),
            Segment("system"),
            Segment("startup", (ChatMessage.user("Conversation began 2026-11-01 on web."),)),
            Segment("summary", (ChatMessage.user("Summary: Ada leads project Ajax."),)),
            Segment("history", (ChatMessage.user("Who leads Ajax?"), ChatMessage.assistant("Ada does."))),
            Segment("turn_context", (ChatMessage.user("Now: 2026-11-29 20:00 UTC"),)),
            Segment("new_message", (ChatMessage.user("When is the Ajax deadline?"),)),
            Segment(
                "tool_round",
                (
                    ChatMessage(
                        "assistant",
                        (
                            TextPart("Let me check."),
                            ToolCallPart("toolu_1", "search_knowledge", {"query": "deadline of project Ajax"}),
                        ),
                    ),
                    ChatMessage("user", (ToolResultPart("toolu_1", "Ajax deadline: 2026-12-15 [doc 7]"),)),
                ),
            ),
        ),
        max_tokens=1024,
        temperature=0.2,
        cache_key="conv-42",
        breakpoints=(Breakpoint(1, 3600), Breakpoint(3, 3600), Breakpoint(4, 300)),
    )


EXPECTED_BODY = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 1024,
    "stream": True,
    "temperature": 0.2,
    "system": [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
    "tools": [
        {
            "name": "search_knowledge",
            "description": "Search the knowledge base with a standalone query.",
            "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
        },
        {
            "name": "web_search",
            "description": "Search the web.",
            "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}},
        },
    ],
    "messages": [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Conversation began 2026-11-01 on web."},
                {
                    "type": "text",
                    "text": "Summary: Ada leads project Ajax.",
                    "cache_control": {"type": "ephemeral", "ttl": "1h"},
                },
                {"type": "text", "text": "Who leads Ajax?"},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Ada does.", "cache_control": {"type": "ephemeral"}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Now: 2026-11-29 20:00 UTC"},
                {"type": "text", "text": "When is the Ajax deadline?"},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Let me check."},
                {
                    "type": "tool_use",
                    "id": "toolu_1",
                    "name": "search_knowledge",
                    "input": {"query": "deadline of project Ajax"},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "Ajax deadline: 2026-12-15 [doc 7]"},
            ],
        },
    ],
}


class Recorder:
    """A MockTransport handler that answers from a fixture and remembers every request."""

    def __init__(self, *responses: httpx.Response) -> None:
        self.responses = list(responses)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.responses.pop(0)


def sse(name: str) -> httpx.Response:
    return httpx.Response(200, content=(FIXTURES / name).read_bytes(), headers={"content-type": "text/event-stream"})


async def no_sleep(_: float) -> None:
    return None


def model_with(recorder: Recorder, name: str = "claude-sonnet-4-5") -> AnthropicModel:
    client = httpx.AsyncClient(transport=httpx.MockTransport(recorder))
    return AnthropicModel(name, api_key="sk-test", client=client, retry=RetryPolicy(sleep=no_sleep))


async def collect(model: AnthropicModel, request: ModelRequest) -> list[object]:
    return [event async for event in model.stream(request)]


async def test_request_body_and_headers_whole() -> None:
    rec = Recorder(sse("anthropic_text.sse"))
    await collect(model_with(rec), representative_request())
    (sent,) = rec.requests
    assert sent.method == "POST"
    assert str(sent.url) == "https://api.anthropic.com/v1/messages"
    assert sent.headers["x-api-key"] == "sk-test"
    assert sent.headers["anthropic-version"] == "2023-06-01"
    assert sent.headers["content-type"] == "application/json"
    assert json.loads(sent.content) == EXPECTED_BODY
    # Canonical bytes: the same request is the same bytes on every turn.
    assert sent.content == canonical_json(EXPECTED_BODY).encode()


def test_rendering_is_byte_stable_and_names_segments() -> None:
    a = render_request(representative_request(), "claude-sonnet-4-5")
    b = render_request(representative_request(), "claude-sonnet-4-5")
    assert a.to_bytes() == b.to_bytes()
    assert a.block_segments == (
        "tools",
        "tools",
        "system",
        "startup",
        "summary",
        "history",
        "history",
        "turn_context",
        "new_message",
        "tool_round",
        "tool_round",
        "tool_round",
    )


async def test_text_stream_replay() -> None:
    events = await collect(model_with(Recorder(sse("anthropic_text.sse"))), representative_request())
    assert events == [
        TextDelta("Hello"),
        TextDelta(", Ada!"),
        UsageReport(Usage(input_tokens=21, output_tokens=15, cache_read_tokens=5200, cache_write_tokens=1800)),
        Stop("end_turn"),
    ]


async def test_tool_use_stream_replay_accumulates_partial_json() -> None:
    events = await collect(model_with(Recorder(sse("anthropic_tool_use.sse"))), representative_request())
    assert events == [
        TextDelta("Let me search."),
        ToolCallPart(
            "toolu_01T1x1fJ34qAmk2tNTrN7Up6", "search_knowledge", {"query": "deadline of project Ajax", "top_k": 5}
        ),
        ToolCallPart("toolu_02", "web_search", {"q": "Ajax release"}),
        UsageReport(Usage(input_tokens=472, output_tokens=89, cache_read_tokens=3000)),
        Stop("tool_use"),
    ]


async def test_error_event_mid_stream_is_mapped_and_not_retried() -> None:
    rec = Recorder(sse("anthropic_overloaded.sse"), sse("anthropic_text.sse"))
    model = model_with(rec)
    seen: list[object] = []
    with pytest.raises(ProviderServerError) as info:
        async for event in model.stream(representative_request()):
            seen.append(event)
    assert seen == [TextDelta("Part")]
    assert info.value.status == 529
    assert len(rec.requests) == 1  # output had reached the caller: no retry


async def test_stream_without_message_stop_is_malformed() -> None:
    body = (FIXTURES / "anthropic_text.sse").read_text().split("event: message_delta")[0]
    rec = Recorder(httpx.Response(200, content=body.encode(), headers={"content-type": "text/event-stream"}))
    with pytest.raises(MalformedResponse):
        await collect(model_with(rec), representative_request())


async def test_bad_tool_json_is_malformed() -> None:
    body = (FIXTURES / "anthropic_tool_use.sse").read_text().replace('ax\\", \\"top_k\\": 5}', 'ax\\", \\"top_k\\": ')
    rec = Recorder(httpx.Response(200, content=body.encode(), headers={"content-type": "text/event-stream"}))
    with pytest.raises(MalformedResponse) as info:
        await collect(model_with(rec), representative_request())
    assert info.value.__cause__ is not None


async def test_zero_max_tokens_is_sent_without_streaming() -> None:
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "content": [],
        "model": "claude-sonnet-4-5",
        "stop_reason": "max_tokens",
        "stop_sequence": None,
        "usage": {
            "input_tokens": 12,
            "output_tokens": 0,
            "cache_read_input_tokens": 4096,
            "cache_creation_input_tokens": 0,
        },
    }
    rec = Recorder(httpx.Response(200, json=message))
    request = ModelRequest(
        system=SYSTEM, segments=(Segment("system"),), max_tokens=0, breakpoints=(Breakpoint(0, 3600),)
    )
    result = await complete(model_with(rec), request)
    body = json.loads(rec.requests[0].content)
    assert body == {
        "model": "claude-sonnet-4-5",
        "max_tokens": 0,
        "system": [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
        "messages": [],
    }
    assert result.usage == Usage(input_tokens=12, cache_read_tokens=4096)
    assert result.text == ""


def test_tools_breakpoint_goes_on_last_tool_and_empty_segments_move_back() -> None:
    request = ModelRequest(
        system=SYSTEM,
        tools=(SEARCH, WEB),
        segments=(
            Segment("tools"),
            Segment("system"),
            Segment("summary"),
            Segment("new_message", (ChatMessage.user("hi"),)),
        ),
        breakpoints=(Breakpoint(0, 3600), Breakpoint(2, 300)),
    )
    body = render_request(request, "claude-sonnet-4-5").body
    assert "cache_control" not in body["tools"][0]
    assert body["tools"][1]["cache_control"] == {"type": "ephemeral", "ttl": "1h"}
    # The summary segment is empty: its breakpoint lands on the end of the system prompt.
    assert body["system"][0]["cache_control"] == {"type": "ephemeral"}
    assert "cache_control" not in body["messages"][0]["content"][0]


@pytest.mark.parametrize(
    "breakpoints, message",
    [
        ((Breakpoint(0, 300), Breakpoint(1, 3600)), "1-hour"),
        ((Breakpoint(1, 600),), "300 or 3600"),
        (tuple(Breakpoint(i, 300) for i in range(5)), "at most 4"),
        ((Breakpoint(9, 300),), "segment 9"),
    ],
)
def test_invalid_breakpoint_plans_are_config_errors(breakpoints: tuple[Breakpoint, ...], message: str) -> None:
    request = ModelRequest(
        system=SYSTEM,
        tools=(SEARCH,),
        segments=(
            Segment("tools"),
            Segment("system"),
            Segment("history", (ChatMessage.user("a"), ChatMessage.assistant("b"))),
            Segment("turn_context", (ChatMessage.user("c"),)),
            Segment("new_message", (ChatMessage.user("d"),)),
        ),
        breakpoints=breakpoints,
    )
    with pytest.raises(ConfigError, match=message):
        render_request(request, "claude-sonnet-4-5")


def test_minimum_cacheable_tokens_per_model_family() -> None:
    assert min_cacheable_tokens("claude-sonnet-4-5") == 1024
    assert min_cacheable_tokens("claude-opus-4-1") == 1024
    assert min_cacheable_tokens("claude-3-5-haiku-latest") == 2048
    assert min_cacheable_tokens("claude-haiku-4-5") == 4096
    caps = model_with(Recorder()).capabilities
    assert (caps.cache_style, caps.cache_ttls, caps.max_breakpoints) == ("explicit", (300, 3600), 4)


def test_missing_key_says_which_variable() -> None:
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        AnthropicModel("claude-sonnet-4-5", api_key="")


def test_breakpoint_before_any_message_falls_back_to_the_system_prompt() -> None:
    request = ModelRequest(
        system=SYSTEM,
        segments=(Segment("summary"), Segment("new_message", (ChatMessage.user("hi"),))),
        breakpoints=(Breakpoint(0, 300),),
    )
    body = render_request(request, "claude-sonnet-4-5").body
    assert body["system"] == [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]


@pytest.mark.parametrize(
    ("spec", "env_url", "expected"),
    [
        (
            "anthropic:claude-sonnet-4-5",
            "https://gateway.internal/anthropic",
            "https://gateway.internal/anthropic/v1/messages",
        ),
        ("anthropic:claude-sonnet-4-5", "http://127.0.0.1:4000/v1/", "http://127.0.0.1:4000/v1/messages"),
        (
            "anthropic:claude-sonnet-4-5@http://spec-wins:9/",
            "https://gateway.internal",
            "http://spec-wins:9/v1/messages",
        ),
        ("anthropic:claude-sonnet-4-5", None, "https://api.anthropic.com/v1/messages"),
    ],
)
async def test_llm_base_url_is_honoured_for_anthropic(spec: str, env_url: str | None, expected: str) -> None:
    from threadkeep.llm.registry import build_model

    rec = Recorder(sse("anthropic_text.sse"))
    env = {"ANTHROPIC_API_KEY": "sk-gateway"} | ({"THREADKEEP_LLM_BASE_URL": env_url} if env_url else {})
    model = build_model(
        spec, env=env, client=httpx.AsyncClient(transport=httpx.MockTransport(rec)), retry=RetryPolicy(sleep=no_sleep)
    )
    await collect(model, representative_request())  # type: ignore[arg-type]
    (sent,) = rec.requests
    # The request and the key went to the configured endpoint, and nowhere else.
    assert str(sent.url) == expected
    assert sent.headers["x-api-key"] == "sk-gateway"
