"""OpenAI-compatible adapter against the documented wire format, over a faked transport."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from threadkeep.errors import (
    ConfigError,
    MalformedResponse,
    ProviderQuotaExceeded,
    ProviderRateLimited,
)
from threadkeep.llm.anthropic import AnthropicModel
from threadkeep.llm.base import Stop, TextDelta, Usage, UsageReport
from threadkeep.llm.openai import PRESETS, OpenAICompatibleModel
from threadkeep.llm.registry import build_model
from threadkeep.llm.retry import RetryPolicy
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.llm.specs import parse_spec
from threadkeep.messages import (
    Breakpoint,
    ChatMessage,
    ModelRequest,
    Segment,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    ToolSpec,
)
from threadkeep.testing.simulator import SimulatedModel

FIXTURES = Path(__file__).parent / "fixtures" / "llm"

SYSTEM = "You are threadkeep's assistant. Search the knowledge base when it may know."
SEARCH = ToolSpec(
    "search_knowledge",
    "Search the knowledge base with a standalone query.",
    {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
)


def representative_request() -> ModelRequest:
    return ModelRequest(
        system=SYSTEM,
        tools=(SEARCH,),
        segments=(
            Segment("tools"),
            Segment("system"),
            Segment("summary", (ChatMessage.user("Summary: Ada leads project Ajax."),)),
            Segment("history", (ChatMessage.user("Who leads Ajax?"), ChatMessage.assistant("Ada does."))),
            Segment("new_message", (ChatMessage.user("When is the Ajax deadline?"),)),
            Segment(
                "tool_round",
                (
                    ChatMessage(
                        "assistant",
                        (
                            ToolCallPart("call_1", "search_knowledge", {"query": "deadline of project Ajax"}),
                            ToolCallPart("call_2", "search_knowledge", {"query": "Ajax milestones"}),
                        ),
                    ),
                    ChatMessage(
                        "user",
                        (
                            ToolResultPart("call_1", "Ajax deadline: 2026-12-15 [doc 7]"),
                            ToolResultPart("call_2", "no match", is_error=True),
                        ),
                    ),
                ),
            ),
        ),
        max_tokens=512,
        temperature=0.0,
        cache_key="conv-42",
        breakpoints=(Breakpoint(1, 300), Breakpoint(3, 300), Breakpoint(4, 300)),
    )


def expected_messages() -> list[dict[str, object]]:
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": "Summary: Ada leads project Ajax."},
        {"role": "user", "content": "Who leads Ajax?"},
        {"role": "assistant", "content": "Ada does."},
        {"role": "user", "content": "When is the Ajax deadline?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "search_knowledge", "arguments": '{"query":"deadline of project Ajax"}'},
                },
                {
                    "id": "call_2",
                    "type": "function",
                    "function": {"name": "search_knowledge", "arguments": '{"query":"Ajax milestones"}'},
                },
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "Ajax deadline: 2026-12-15 [doc 7]"},
        {"role": "tool", "tool_call_id": "call_2", "content": "Error: no match"},
    ]


EXPECTED_TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "search_knowledge",
            "description": "Search the knowledge base with a standalone query.",
            "parameters": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
        },
    }
]


class Recorder:
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


def model_with(rec: Recorder, preset: str = "openai", **kwargs: object) -> OpenAICompatibleModel:
    client = httpx.AsyncClient(transport=httpx.MockTransport(rec))
    key = kwargs.pop("api_key", "sk-test" if preset == "openai" else None)
    return OpenAICompatibleModel(
        kwargs.pop("model", "gpt-4.1-mini"),
        preset=preset,  # type: ignore[arg-type]
        api_key=key,
        client=client,  # type: ignore[arg-type]
        retry=RetryPolicy(sleep=no_sleep),
        **kwargs,
    )  # type: ignore[arg-type]


async def collect(model: OpenAICompatibleModel, request: ModelRequest) -> list[object]:
    return [e async for e in model.stream(request)]


async def test_openai_request_body_whole() -> None:
    rec = Recorder(sse("openai_text.sse"))
    await collect(model_with(rec), representative_request())
    (sent,) = rec.requests
    assert str(sent.url) == "https://api.openai.com/v1/chat/completions"
    assert sent.headers["authorization"] == "Bearer sk-test"
    assert json.loads(sent.content) == {
        "model": "gpt-4.1-mini",
        "messages": expected_messages(),
        "tools": EXPECTED_TOOLS,
        "stream": True,
        "stream_options": {"include_usage": True},
        "max_completion_tokens": 512,
        "temperature": 0.0,
        "prompt_cache_key": "conv-42",
    }


async def test_ollama_preset_body_whole_without_cache_key_or_auth() -> None:
    rec = Recorder(sse("openai_text.sse"))
    await collect(model_with(rec, "ollama", model="llama3.1"), representative_request())
    (sent,) = rec.requests
    assert str(sent.url) == "http://127.0.0.1:11434/v1/chat/completions"
    assert "authorization" not in sent.headers
    assert json.loads(sent.content) == {
        "model": "llama3.1",
        "messages": expected_messages(),
        "tools": EXPECTED_TOOLS,
        "stream": True,
        "stream_options": {"include_usage": True},
        "max_tokens": 512,
        "temperature": 0.0,
    }


@pytest.mark.parametrize(
    "preset, url",
    [
        ("llamacpp", "http://127.0.0.1:8080/v1/chat/completions"),
        ("vllm", "http://127.0.0.1:8001/v1/chat/completions"),
    ],
)
async def test_local_presets_default_urls(preset: str, url: str) -> None:
    rec = Recorder(sse("openai_text.sse"))
    await collect(model_with(rec, preset, model="m", send_cache_key=True), representative_request())
    assert str(rec.requests[0].url) == url
    assert json.loads(rec.requests[0].content)["prompt_cache_key"] == "conv-42"


async def test_text_stream_replay_maps_cached_tokens() -> None:
    events = await collect(model_with(Recorder(sse("openai_text.sse"))), representative_request())
    assert events == [
        TextDelta("Hello"),
        TextDelta(", Ada!"),
        UsageReport(Usage(input_tokens=86, output_tokens=300, cache_read_tokens=1920)),
        Stop("end_turn"),
    ]


async def test_tool_calls_accumulate_by_index() -> None:
    events = await collect(model_with(Recorder(sse("openai_tool_calls.sse"))), representative_request())
    assert events == [
        ToolCallPart("call_abc", "search_knowledge", {"query": "deadline of project Ajax"}),
        ToolCallPart("call_def", "web_search", {"q": "Ajax release"}),
        UsageReport(Usage(input_tokens=1200, output_tokens=40)),
        Stop("tool_use"),
    ]


async def test_truncated_stream_is_malformed_after_partial_output() -> None:
    rec = Recorder(sse("openai_truncated.sse"), sse("openai_text.sse"))
    seen: list[object] = []
    with pytest.raises(MalformedResponse):
        async for event in model_with(rec, "ollama", model="llama3.1").stream(representative_request()):
            seen.append(event)
    assert seen == [TextDelta("The ans")]
    assert len(rec.requests) == 1


async def test_error_chunk_inside_stream_is_mapped() -> None:
    body = b'data: {"error": {"message": "slow down", "type": "rate_limit_exceeded", "code": 429}}\n\n'
    rec = Recorder(
        *[httpx.Response(200, content=body, headers={"content-type": "text/event-stream"}) for _ in range(3)]
    )
    with pytest.raises(ProviderRateLimited):
        await collect(model_with(rec), representative_request())
    assert len(rec.requests) == 3  # nothing reached the caller, so it was retried


async def test_usage_without_done_but_with_finish_reason_is_accepted() -> None:
    text = (FIXTURES / "openai_text.sse").read_text().replace("data: [DONE]", "")
    rec = Recorder(httpx.Response(200, content=text.encode(), headers={"content-type": "text/event-stream"}))
    events = await collect(model_with(rec), representative_request())
    assert events[-1] == Stop("end_turn")


def test_openai_needs_a_key_and_says_which_variable() -> None:
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        OpenAICompatibleModel("gpt-4.1-mini", preset="openai")


def test_presets_capabilities() -> None:
    caps = PRESETS["openai"].capabilities
    assert (caps.cache_style, caps.min_cacheable_tokens, caps.allows_zero_max_tokens) == ("automatic", 1024, False)
    assert PRESETS["ollama"].send_cache_key is False
    assert PRESETS["openai"].max_tokens_field == "max_completion_tokens"


def test_text_alongside_tool_call_is_kept() -> None:
    model = OpenAICompatibleModel("m", preset="vllm")
    request = ModelRequest(
        system="",
        segments=(
            Segment("tool_round", (ChatMessage("assistant", (TextPart("Checking."), ToolCallPart("c", "t", {}))),)),
        ),
    )
    assert model.render(request).body["messages"] == [
        {
            "role": "assistant",
            "content": "Checking.",
            "tool_calls": [{"id": "c", "type": "function", "function": {"name": "t", "arguments": "{}"}}],
        },
    ]


# ---------------------------------------------------------------- registry (spec strings)


@pytest.mark.parametrize(
    "spec, parsed",
    [
        ("anthropic:claude-sonnet-4-5", ("anthropic", "claude-sonnet-4-5", None)),
        ("vllm:Qwen/Qwen2.5-7B-Instruct", ("vllm", "Qwen/Qwen2.5-7B-Instruct", None)),
        (
            "openai-compatible:my@model@http://10.0.0.5:9000/v1",
            ("openai-compatible", "my@model", "http://10.0.0.5:9000/v1"),
        ),
        ("offline", ("offline", "", None)),
    ],
)
def test_parse_spec(spec: str, parsed: tuple[str, str, str | None]) -> None:
    assert parse_spec(spec) == parsed


@pytest.mark.parametrize(
    "spec, name, url",
    [
        ("openai:gpt-4.1-mini", "openai:gpt-4.1-mini", "https://api.openai.com/v1"),
        ("ollama:llama3.1", "ollama:llama3.1", "http://127.0.0.1:11434/v1"),
        ("llamacpp:default", "llamacpp:default", "http://127.0.0.1:8080/v1"),
        ("llamacpp", "llamacpp:default", "http://127.0.0.1:8080/v1"),
        ("vllm:Qwen/Qwen2.5-7B-Instruct", "vllm:Qwen/Qwen2.5-7B-Instruct", "http://127.0.0.1:8001/v1"),
        ("openai-compatible:m@http://gpu:9000/v1", "openai-compatible:m", "http://gpu:9000/v1"),
        ("ollama:llama3.1@http://gpu:11434/v1", "ollama:llama3.1", "http://gpu:11434/v1"),
    ],
)
def test_registry_builds_openai_style_models(spec: str, name: str, url: str) -> None:
    model = build_model(spec, env={"OPENAI_API_KEY": "sk"})
    assert isinstance(model, OpenAICompatibleModel)
    assert (model.name, model.base_url) == (name, url)


def test_registry_other_models() -> None:
    model = build_model("anthropic:claude-haiku-4-5", env={"ANTHROPIC_API_KEY": "k"})
    assert isinstance(model, AnthropicModel) and model.capabilities.min_cacheable_tokens == 4096
    assert isinstance(build_model("scripted", env={}), ScriptedModel)
    sim = build_model("simulator:openai", env={})
    assert isinstance(sim, SimulatedModel) and sim.capabilities.cache_style == "automatic"
    assert build_model("simulator:anthropic", env={}).capabilities.cache_style == "explicit"
    assert build_model("offline", env={}).name


def test_registry_local_key_and_url_from_env() -> None:
    model = build_model(
        "openai-compatible:m",
        env={
            "THREADKEEP_LLM_API_KEY": "local-key",
            "THREADKEEP_LLM_BASE_URL": "http://box:1/v1",
            "THREADKEEP_LLM_SEND_CACHE_KEY": "1",
        },
    )
    assert isinstance(model, OpenAICompatibleModel)
    assert model.base_url == "http://box:1/v1" and model.preset.send_cache_key
    assert model._headers()["authorization"] == "Bearer local-key"


@pytest.mark.parametrize(
    "spec, env, message",
    [
        ("anthropic:claude-sonnet-4-5", {}, "ANTHROPIC_API_KEY"),
        ("openai:gpt-4.1-mini", {}, "OPENAI_API_KEY"),
        ("openai-compatible:m", {}, "THREADKEEP_LLM_BASE_URL"),
        ("mystery:x", {}, "unknown model provider"),
        ("simulator:gemini", {}, "anthropic or openai"),
        ("", {}, "empty"),
    ],
)
def test_registry_config_errors_say_how_to_fix(spec: str, env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        build_model(spec, env=env)


def test_every_model_the_registry_builds_is_a_chat_model() -> None:
    from threadkeep.llm.base import ChatModel

    env = {"ANTHROPIC_API_KEY": "k", "OPENAI_API_KEY": "k"}
    for spec in (
        "anthropic:claude-sonnet-4-5",
        "openai:gpt-4.1-mini",
        "ollama:llama3.1",
        "llamacpp",
        "vllm:m",
        "openai-compatible:m@http://h:1/v1",
        "scripted",
        "simulator:anthropic",
        "simulator:openai",
        "offline",
    ):
        model = build_model(spec, env=env)
        assert isinstance(model, ChatModel), spec
        assert model.count_tokens("hello world") > 0, spec


# ---------------------------------------------------------------- issue 28: cache retention, quota, ports


async def test_extended_retention_for_the_models_that_take_it() -> None:
    """gpt-4.1 is in the capability table: "24h" goes on the wire and the planner is told."""
    rec = Recorder(sse("openai_text.sse"), sse("openai_text.sse"), sse("openai_text.sse"), sse("openai_text.sse"))
    listed = model_with(rec, model="gpt-4.1")
    await collect(listed, representative_request())
    assert json.loads(rec.requests[-1].content)["prompt_cache_retention"] == "24h"
    assert listed.capabilities.automatic_ttl_s == 86_400
    dated = model_with(rec, model="gpt-5.1-2025-11-13")  # a dated snapshot of a listed model
    await collect(dated, representative_request())
    assert json.loads(rec.requests[-1].content)["prompt_cache_retention"] == "24h"
    # Not in the table: nothing sent, the in-memory lifetime assumed.
    unlisted = model_with(rec, model="gpt-4.1-mini")
    await collect(unlisted, representative_request())
    assert "prompt_cache_retention" not in json.loads(rec.requests[-1].content)
    assert unlisted.capabilities.automatic_ttl_s == 300
    # The setting turns it off, and local servers never get the field by default.
    await collect(model_with(rec, model="gpt-4.1", cache_retention="off"), representative_request())
    assert "prompt_cache_retention" not in json.loads(rec.requests[-1].content)
    assert model_with(Recorder(), "vllm", model="gpt-4.1").cache_retention is None


def test_retention_setting_from_the_environment() -> None:
    env = {"OPENAI_API_KEY": "sk"}
    assert build_model("openai:gpt-5.1", env=env).cache_retention == "24h"  # type: ignore[attr-defined]
    assert (
        build_model("openai:gpt-5.1", env={**env, "THREADKEEP_OPENAI_CACHE_RETENTION": "off"}).cache_retention is None
    )  # type: ignore[attr-defined]
    assert (
        build_model("openai:gpt-4.1-mini", env={**env, "THREADKEEP_OPENAI_CACHE_RETENTION": "24h"}).cache_retention
        == "24h"
    )  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match="THREADKEEP_OPENAI_CACHE_RETENTION must be one of"):
        build_model("openai:gpt-5.1", env={**env, "THREADKEEP_OPENAI_CACHE_RETENTION": "forever"})


async def test_insufficient_quota_is_not_retried_and_says_what_to_do() -> None:
    body = {
        "error": {
            "message": "You exceeded your current quota, please check your plan and billing details.",
            "type": "insufficient_quota",
            "param": None,
            "code": "insufficient_quota",
        }
    }
    rec = Recorder(*[httpx.Response(429, json=body) for _ in range(5)])
    with pytest.raises(ProviderQuotaExceeded) as raised:
        await collect(model_with(rec), representative_request())
    assert len(rec.requests) == 1  # a rate limit is retried; an empty account is not
    assert raised.value.retryable is False and not isinstance(raised.value, ProviderRateLimited)
    assert "add credit" in str(raised.value) and "retrying will not help" in str(raised.value)
    # The same error inside a stream.
    chunk = "data: " + json.dumps(body) + "\n\n"
    rec = Recorder(httpx.Response(200, content=chunk.encode(), headers={"content-type": "text/event-stream"}))
    with pytest.raises(ProviderQuotaExceeded):
        await collect(model_with(rec), representative_request())


def test_local_presets_do_not_default_to_threadkeeps_own_port() -> None:
    from threadkeep.cli.service import serve

    (own,) = [p.default for p in serve.params if p.name == "port"]  # `threadkeep serve`'s port
    assert own == 8000
    for name in ("vllm", "openai-compatible", "ollama", "llamacpp"):
        assert httpx.URL(PRESETS[name].base_url).port != own, name


async def test_the_real_adapter_against_the_wire_simulator_keeps_its_cache_over_a_pause() -> None:
    """What the bench measures: the adapter's own bytes, the simulator's cache, the usage
    decoded back. After a 20-minute pause the in-memory cache is gone, extended retention not."""
    from threadkeep.testing.simulator import ManualClock, SimulatorConfig
    from threadkeep.testing.simulator_wire import wire_transport

    long_system = " ".join(f"rule{i} keep answers short and exact" for i in range(400))
    request = ModelRequest(
        system=long_system,
        segments=(Segment("new_message", (ChatMessage.user("hi"),)),),
        max_tokens=64,
        cache_key="conv-1",
    )
    shares = {}
    for retention in ("24h", "off"):
        clock = ManualClock()
        sim = SimulatedModel(SimulatorConfig.openai("gpt-4.1"), now=clock)
        client = httpx.AsyncClient(transport=wire_transport(sim, lambda _body: "fine"))
        model = OpenAICompatibleModel(
            "gpt-4.1", preset="openai", api_key="sk", client=client, cache_retention=retention
        )  # type: ignore[arg-type]
        await collect(model, request)
        clock.advance(20 * 60)
        events = await collect(model, request)
        (usage,) = [e.usage for e in events if isinstance(e, UsageReport)]
        shares[retention] = usage.cache_read_tokens / usage.total_input
    assert shares["24h"] > 0.9 and shares["off"] == 0.0
