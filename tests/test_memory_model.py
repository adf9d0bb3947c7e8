"""Model-first memory (issue 38): with a provider's chat model configured, folds, fact
extraction and the profile go to that provider's small model with its documented
structured-output fields, in the background, with their cost logged; ``THREADKEEP_FOLD_MODEL
=extractive`` sends none; a failing fold model never loses messages or moves the cursor past
what was not folded. The providers are faked over real HTTP (tests/provider_fakes.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select

from tests.provider_fakes import FakeProviderServer, Reply
from threadkeep.cache.report import build_report
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.llm.specs import memory_model_spec
from threadkeep.store.cache_tables import MemoryCall
from threadkeep.store.models import Conversation

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def test_default_memory_models_are_data() -> None:
    assert memory_model_spec("anthropic:claude-sonnet-4-5", None) == "anthropic:claude-haiku-4-5"
    assert memory_model_spec("openai:gpt-4.1", None) == "openai:gpt-4.1-mini"
    assert memory_model_spec("ollama:llama3.1@http://gpu:11434/v1", None) == "ollama:llama3.1@http://gpu:11434/v1"
    assert memory_model_spec("openai-compatible:m@http://h:1/v1", None) == "openai-compatible:m@http://h:1/v1"
    assert memory_model_spec("offline", None) is None
    assert memory_model_spec("simulator:anthropic", None) is None
    assert memory_model_spec("openai:gpt-4.1", "extractive") is None
    assert memory_model_spec("openai:gpt-4.1", "EXTRACTIVE") is None
    assert memory_model_spec("openai:gpt-4.1", "openai:gpt-4.1-nano") == "openai:gpt-4.1-nano"


def _answer(style: str, body: dict[str, Any]) -> Reply:
    """A chat answer in text; a fold or an extraction as their structured value."""
    tool = (body.get("tool_choice") or {}).get("name")
    schema = (body.get("response_format") or {}).get("json_schema", {}).get("name") or tool
    if schema == "summary_operations":
        return Reply({"language": "English", "ops": []})
    if schema == "fact_operations":
        return Reply({"operations": []})
    return Reply(text="Noted.")


@pytest.fixture
def server() -> Iterator[FakeProviderServer]:
    fake = FakeProviderServer(_answer)
    yield fake
    fake.close()


def _open(tmp_path, monkeypatch, server: FakeProviderServer, spec: str, fold: str | None = None) -> Memory:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("THREADKEEP_LLM_BASE_URL", server.url + "/v1")
    settings = Settings(home=tmp_path / "home", model=spec, fold_model=fold, fold_threshold=30, fold_tail=16)
    return Memory.open(f"sqlite:///{tmp_path / 'm.db'}", settings=settings, master_key=MasterKey(b"k" * 32, "test"))


async def _talk(memory: Memory, turns: int) -> str:
    cid = None
    for i in range(turns):
        result = await memory.send(
            f"I work at Lumen Analytics and turn {i} is about the Harwick budget.", user="alice", conversation_id=cid
        )
        cid = result.conversation_id
    await memory.drain_jobs()
    assert cid is not None
    return cid


@pytest.mark.parametrize(
    ("spec", "small"), [("openai:gpt-4.1", "gpt-4.1-mini"), ("anthropic:claude-sonnet-4-5", "claude-haiku-4-5")]
)
async def test_a_provider_brings_its_small_model_for_memory(
    tmp_path,
    monkeypatch,
    server: FakeProviderServer,  # type: ignore[no-untyped-def]
    spec: str,
    small: str,
) -> None:
    memory = _open(tmp_path, monkeypatch, server, spec)
    try:
        cid = await _talk(memory, 17)  # 34 messages: one fold is due
        with memory.db.session() as s:
            assert s.get(Conversation, cid).summary_cursor > 0
            calls = s.scalars(select(MemoryCall)).all()
            report = build_report(s)
    finally:
        await memory.close()
    # The profile is prose (also the small model's); folds and extractions are structured.
    structured = [
        (style, b)
        for style, b in server.requests
        if b.get("model") == small and ("response_format" in b or "tool_choice" in b)
    ]
    assert any(b.get("model") == small and (style, b) not in structured for style, b in server.requests)
    chat = [b for _style, b in server.requests if b.get("model") != small]
    assert chat and all("response_format" not in b and "json_schema" not in str(b.get("tool_choice")) for b in chat)
    kinds = set()
    for style, body in structured:
        if style == "openai":
            rf = body["response_format"]
            assert rf["type"] == "json_schema" and rf["json_schema"]["strict"] is True
            kinds.add(rf["json_schema"]["name"])
        else:
            assert body["tool_choice"]["type"] == "tool"
            assert [t["name"] for t in body["tools"]] == [body["tool_choice"]["name"]]
            kinds.add(body["tool_choice"]["name"])
        assert body["temperature"] <= 0.2
    assert {"summary_operations", "fact_operations"} <= kinds
    # Their tokens and cost are logged beside the chat model's.
    assert {c.kind for c in calls} >= {"fold", "facts", "profile"} and all(c.method == "model" for c in calls)
    assert report.memory["fold"]["calls"] >= 1 and report.memory_cost > 0


async def test_extractive_opts_out(tmp_path, monkeypatch, server: FakeProviderServer) -> None:  # type: ignore[no-untyped-def]
    memory = _open(tmp_path, monkeypatch, server, "openai:gpt-4.1", fold="extractive")
    try:
        cid = await _talk(memory, 17)
        with memory.db.session() as s:
            assert s.get(Conversation, cid).summary_cursor > 0
            assert s.scalars(select(MemoryCall)).all() == []
    finally:
        await memory.close()
    assert all(b.get("model") == "gpt-4.1" and "response_format" not in b for _s, b in server.requests)


async def test_a_failing_fold_model_keeps_the_cursor_then_falls_back(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def answer(style: str, body: dict[str, Any]) -> Reply:
        if (body.get("response_format") or {}).get("json_schema", {}).get("name") == "summary_operations":
            return Reply({"language": "English", "ops": []}, fail_mid_stream=True)
        return _answer(style, body)

    fake = FakeProviderServer(answer)
    memory = _open(tmp_path, monkeypatch, fake, "openai:gpt-4.1")
    try:
        cid = None
        for i in range(17):
            cid = (
                await memory.send(f"Harwick note {i}: the budget is {100 + i}k.", user="alice", conversation_id=cid)
            ).conversation_id
        assert cid is not None
        with pytest.raises(Exception, match="stream"):
            await memory.background.folds.fold_once(cid, last_try=False)
        with memory.db.session() as s:
            assert s.get(Conversation, cid).summary_cursor == 0  # nothing folded, nothing lost
        assert await memory.background.folds.fold_once(cid, last_try=True)
        with memory.db.session() as s:
            conv = s.get(Conversation, cid)
            assert conv.summary_cursor > 0
            (call,) = s.scalars(select(MemoryCall).where(MemoryCall.kind == "fold")).all()
            assert call.method == "extractive" and call.fallback and "provider error" in call.fallback
    finally:
        await memory.close()
        fake.close()


def test_folds_never_run_in_a_turn(tmp_path, monkeypatch, server: FakeProviderServer) -> None:  # type: ignore[no-untyped-def]
    """A turn queues its fold; only the job runs it (the structured requests come after)."""
    memory = _open(tmp_path, monkeypatch, server, "openai:gpt-4.1")

    async def run() -> None:
        cid = None
        for i in range(17):
            cid = (await memory.send(f"Harwick item {i}.", user="alice", conversation_id=cid)).conversation_id
        assert all("response_format" not in b for _s, b in server.requests)
        await memory.drain_jobs()
        assert any("response_format" in b for _s, b in server.requests)
        await memory.close()

    asyncio.run(run())
