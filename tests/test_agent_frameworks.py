"""Agent frameworks against a live server (issue 39): the snippets of docs/API.md, "Agent
frameworks", run as they are — openai-agents, LangChain/LangGraph, Pydantic AI, LiteLLM and the
Anthropic SDK, each with its own tool loop — against threadkeep, whose real OpenAI adapter speaks
to the wire simulator (prefix-cache semantics, no network).

For each: the agent's instructions ("Always answer in French.") are in every model request,
after threadkeep's own system prompt; every loop is one turn of one conversation (two stored
rows a turn, no tool traffic stored); memory carries from run to run; the call log has no
unexplained prefix change; and a loop on a warm conversation reads at least 90 % of its prompt
from the provider's cache.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import os
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from tests.test_openai_tools import _rows
from tests.test_openai_tools_adapters import _results_in, _tool_names
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine.client_settings import INSTRUCTIONS_HEADING
from threadkeep.llm.openai import OpenAICompatibleModel
from threadkeep.llm.scripted import Step
from threadkeep.messages import ToolCallPart
from threadkeep.store.cache_tables import ModelCall
from threadkeep.store.models import Conversation, User
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig
from threadkeep.testing.simulator_wire import wire_transport

API_MD = Path(__file__).resolve().parent.parent / "docs" / "API.md"
SNIPPET = re.compile(r"<!-- snippet: (?P<name>[\w-]+) -->\n```python\n(?P<code>.*?)\n```", re.S)
INSTRUCTIONS = "Always answer in French."
# Long enough for the provider to cache (OpenAI needs 1,024 tokens).
SYSTEM = " ".join(f"Rule {i}: answer briefly and exactly." for i in range(300))
# Which snippets run the agent twice (the second run continues the conversation).
TWO_RUNS = {"openai-agents": True, "pydantic-ai": True, "langgraph": True, "litellm": False, "anthropic": False}


def snippets() -> dict[str, str]:
    """The runnable snippets of docs/API.md by name."""
    return {m["name"]: m["code"] for m in SNIPPET.finditer(API_MD.read_text(encoding="utf-8"))}


class Provider:
    """The provider behind the simulator: offered tools and given no result yet, it calls the
    first tool for Lisbon; with a result, it answers (in French) from it; without tools, it
    answers plainly. Every request body is kept."""

    def __init__(self) -> None:
        self.bodies: list[dict[str, Any]] = []

    def __call__(self, body: dict[str, Any]) -> str | Step:
        self.bodies.append(body)
        tools = _tool_names(body)
        if not tools:
            return "D'accord."
        got = _results_in(body)
        if not got:
            return Step(tool_calls=[ToolCallPart(f"call_{len(self.bodies)}", tools[0], {"city": "Lisbon"})])
        return f"Il fait {got[-1][1]} à Lisbonne."


@pytest.fixture
def wired(
    tmp_path, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[ApiHarness, Provider, SimulatedModel]]:  # type: ignore[no-untyped-def]
    # LiteLLM would fetch its price list from the internet at import; its own copy is enough.
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    monkeypatch.setenv("OPENAI_AGENTS_DISABLE_TRACING", "1")
    provider = Provider()
    sim = SimulatedModel(SimulatorConfig.openai("gpt-4.1"), now=ManualClock())
    model = OpenAICompatibleModel(
        "gpt-4.1", preset="openai", api_key="sk", client=httpx.AsyncClient(transport=wire_transport(sim, provider))
    )
    h = start_harness(
        f"sqlite:///{tmp_path / 'f.db'}",
        MasterKey(os.urandom(32), "f"),
        settings.model_copy(update={"embeddings": False, "system_prompt": SYSTEM}),
        model=model,
    )
    try:
        yield h, provider, sim
    finally:
        stop_harness(h)


def _run(h: ApiHarness, name: str, key: str) -> str:
    """Run the snippet ``name`` of docs/API.md against ``h`` as ``key``; what it printed."""
    code = snippets()[name].replace("http://127.0.0.1:8000", h.url)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"docs/API.md:{name}", "exec"), {"KEY": key, "__name__": f"snippet_{name}"})
    finally:
        if name == "litellm":
            _release_litellm()
    return out.getvalue()


def _release_litellm() -> None:
    """LiteLLM keeps its HTTP clients at module level, for reuse across calls, and leaves an
    event loop set on the thread that called it: close those, and collect what it dropped now,
    so their sockets are not reported against a later test. Its design, not the snippet's leak."""
    import litellm

    cache = litellm.in_memory_llm_clients_cache
    for client in list(getattr(cache, "cache_dict", {}).values()):
        close = getattr(client, "close", None)
        if callable(close) and not asyncio.iscoroutinefunction(close):
            close()
    cache.flush_cache()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        # Its sync calls leave an event loop set as this thread's current one.
        loop = asyncio.get_event_loop_policy().get_event_loop()
        if not loop.is_running():
            loop.close()
            asyncio.set_event_loop(None)
        gc.collect()


def test_every_framework_has_a_snippet() -> None:
    assert sorted(snippets()) == sorted(TWO_RUNS)


@pytest.mark.parametrize("name", sorted(TWO_RUNS))
def test_a_framework_runs_its_tool_loop_with_its_instructions(
    wired: tuple[ApiHarness, Provider, SimulatedModel], name: str
) -> None:
    h, provider, sim = wired
    key, person = h.person_key()
    printed = _run(h, name, key)
    runs = 2 if TWO_RUNS[name] else 1
    assert printed.count("Il fait sunny, 21°C") == runs, printed

    # The agent's instructions are in every model request, after threadkeep's own text.
    assert len(provider.bodies) == 2 * runs  # per run: the call asking for the tool, the answer
    expected = f"{SYSTEM}\n\n{INSTRUCTIONS_HEADING}\n{INSTRUCTIONS}"
    for body in provider.bodies:
        assert body["messages"][0] == {"role": "system", "content": expected}
        assert _tool_names(body) == ["get_weather"]  # the framework's tools, not the server's

    # One conversation; each run one turn of two rows; no tool traffic stored.
    (rows,) = _rows(h, person)
    assert [role for role, _ in rows] == ["user", "assistant"] * runs
    assert rows[0] == ("user", "What is the weather in Lisbon?")
    assert all(text.startswith("Il fait ") for role, text in rows if role == "assistant")

    with h.memory.db.reading() as s:
        cid = s.scalar(select(Conversation.id).join(User, User.id == Conversation.user_id).where(User.name == person))
        causes = list(
            s.scalars(
                select(ModelCall.miss_cause).where(ModelCall.conversation_id == cid).order_by(ModelCall.started_at)
            )
        )
    assert len(causes) == 2 * runs and not any(c and c.startswith("prefix_changed") for c in causes), causes

    # Memory carries: the second run's requests hold the first turn as history.
    if runs == 2:
        assert any("What is the weather in Lisbon?" in str(m.get("content")) for m in provider.bodies[-1]["messages"])
    # Cached share of a loop: the warm run reads ≥ 90 % of its prompt (the first call of the
    # conversation writes the cache; after it, every call reads the prefix).
    records = [r for r in sim.records if r.prompt_tokens > 0]
    warm = records[2:] if runs == 2 else records[1:]
    share = sum(r.cache_read_tokens for r in warm) / sum(r.prompt_tokens for r in warm)
    assert share >= 0.9, [(r.cache_read_tokens, r.prompt_tokens) for r in records]
