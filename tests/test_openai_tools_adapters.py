"""The client's tool loop through the real provider adapters (issue 28, item 1): the official
``openai`` SDK drives threadkeep, whose OpenAI or Anthropic adapter speaks the provider's wire
format to the simulator's transport. The provider gets the client's tools and ``tool_choice``
in its own format, answers with its own tool calls, and gets the results back as OpenAI
``tool`` messages / Anthropic ``tool_result`` blocks."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import httpx
import openai
import pytest

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from tests.test_openai_tools import RESULTS, _rows, _run_loop
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.llm.anthropic import AnthropicModel
from threadkeep.llm.openai import OpenAICompatibleModel
from threadkeep.llm.scripted import Step
from threadkeep.messages import ToolCallPart
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig
from threadkeep.testing.simulator_wire import wire_transport


def _tool_names(body: dict[str, Any]) -> list[str]:
    return [t["function"]["name"] if "function" in t else t["name"] for t in body.get("tools", [])]


def _results_in(body: dict[str, Any]) -> list[tuple[str, str]]:
    """(call id, result) of every tool result in a provider's request body."""
    out = [(m["tool_call_id"], m["content"]) for m in body["messages"] if m["role"] == "tool"]  # OpenAI
    for m in body["messages"]:  # Anthropic: tool_result blocks in user messages
        for block in m["content"] if isinstance(m["content"], list) else []:
            if block.get("type") == "tool_result":
                content = block["content"]
                text = content if isinstance(content, str) else "".join(b.get("text", "") for b in content)
                out.append((block["tool_use_id"], text))
    return out


class Provider:
    """The provider's side: records every body; with tools, asks for the weather, then the
    time, then answers from both results (as :func:`tests.test_openai_tools.agent_model`)."""

    def __init__(self) -> None:
        self.bodies: list[dict[str, Any]] = []

    def __call__(self, body: dict[str, Any]) -> str | Step:
        self.bodies.append(body)
        if "get_weather" not in _tool_names(body):
            return "fine"
        got = _results_in(body)
        if not got:
            return Step(tool_calls=[ToolCallPart("call_w1", "get_weather", {"city": "Lisbon"})])
        if len(got) == 1:
            return Step(text="Now the time. ", tool_calls=[ToolCallPart("call_t1", "get_time", {"city": "Lisbon"})])
        return f"In Lisbon it is {got[0][1]} at {got[1][1]}."


@pytest.fixture(params=["openai", "anthropic"])
def wired(
    request: pytest.FixtureRequest, tmp_path, settings: Settings
) -> Iterator[tuple[ApiHarness, Provider, str, SimulatedModel]]:  # type: ignore[no-untyped-def]
    provider = Provider()
    if request.param == "openai":
        sim = SimulatedModel(SimulatorConfig.openai("gpt-4.1"), now=ManualClock())
        model: Any = OpenAICompatibleModel(
            "gpt-4.1", preset="openai", api_key="sk", client=httpx.AsyncClient(transport=wire_transport(sim, provider))
        )
    else:
        sim = SimulatedModel(SimulatorConfig.anthropic("claude-sonnet-4-5"), now=ManualClock())
        model = AnthropicModel(
            "claude-sonnet-4-5", api_key="k", client=httpx.AsyncClient(transport=wire_transport(sim, provider))
        )
    # A system prompt long enough for either provider to cache (both need 1024 tokens).
    system = " ".join(f"Rule {i}: answer briefly and exactly." for i in range(300))
    h = start_harness(
        f"sqlite:///{tmp_path / 't.db'}",
        MasterKey(os.urandom(32), "t"),
        settings.model_copy(update={"embeddings": False, "system_prompt": system}),
        model=model,
    )
    try:
        yield h, provider, request.param, sim
    finally:
        stop_harness(h)


def test_the_tool_loop_speaks_each_providers_wire_format(
    wired: tuple[ApiHarness, Provider, str, SimulatedModel],
) -> None:
    h, provider, kind, sim = wired
    key, person = h.person_key()
    client = openai.OpenAI(base_url=f"{h.url}/v1", api_key=key, max_retries=0, timeout=30)
    h.clients.append(client)  # type: ignore[arg-type]
    messages: list[dict[str, Any]] = [{"role": "user", "content": "What is the weather and the time in Lisbon?"}]
    answer, rounds = _run_loop(client, messages, stream=True)
    assert rounds == 2 and answer == "In Lisbon it is sunny, 21°C at 14:05."

    loop = [b for b in provider.bodies if "get_weather" in _tool_names(b)]
    assert len(loop) == 3
    first = loop[0]
    if kind == "openai":
        assert first["tools"][0] == {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "The weather in a city now.",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
            },
        }
        assert first["tool_choice"] == "required" and loop[1]["tool_choice"] == "auto"
        # The follow-up: the assistant's call as OpenAI tool_calls, the result as a tool message.
        (asked,) = [m for m in loop[1]["messages"] if m.get("tool_calls")]
        assert asked["tool_calls"] == [
            {
                "id": "call_w1",
                "type": "function",
                "function": {"name": "get_weather", "arguments": json.dumps({"city": "Lisbon"}, separators=(",", ":"))},
            }
        ]
    else:
        assert first["tools"][0]["name"] == "get_weather" and first["tools"][0]["input_schema"]["required"] == ["city"]
        assert first["tool_choice"] == {"type": "any"} and loop[1]["tool_choice"] == {"type": "auto"}
        uses = [
            b
            for m in loop[2]["messages"]
            if m["role"] == "assistant"
            for b in m["content"]
            if b.get("type") == "tool_use"
        ]
        assert [(u["id"], u["name"], u["input"]) for u in uses] == [
            ("call_w1", "get_weather", {"city": "Lisbon"}),
            ("call_t1", "get_time", {"city": "Lisbon"}),
        ]
    assert _results_in(loop[1]) == [("call_w1", RESULTS["get_weather"])]
    assert _results_in(loop[2]) == [("call_w1", "sunny, 21°C"), ("call_t1", "14:05")]
    assert _rows(h, person) == [[("user", "What is the weather and the time in Lisbon?"), ("assistant", answer)]]
    # The follow-ups add to the end of the request: the provider's cache holds everything
    # before the turn's context (tools, system, start-up), and each follow-up reads it — 94–97 %
    # of its prompt here (2816/2958 and 2944/3026 tokens on OpenAI, 2825/2932 and 2825/2995 on
    # Anthropic).
    records = [r for r in sim.records if r.prompt_tokens > 0][-3:]
    assert records[0].cache_read_tokens == 0  # the loop's first call wrote the cache
    assert all(r.cache_read_tokens >= 0.9 * r.prompt_tokens for r in records[1:]), [
        (r.cache_read_tokens, r.prompt_tokens) for r in records
    ]
