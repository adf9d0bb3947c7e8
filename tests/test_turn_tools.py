"""Issue 4: the turn end to end with each adapter (faked HTTP), the simulator and offline;
tools offered only when they should be; one parallel round; citations and trace; no payloads."""

from __future__ import annotations

import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from threadkeep.crypto import MasterKey
from threadkeep.engine.tools import TOOLS_SETTING
from threadkeep.engine.turn_input import TurnInput
from threadkeep.events import Citations, ToolActivity, TurnDone
from threadkeep.llm.anthropic import AnthropicModel
from threadkeep.llm.openai import OpenAICompatibleModel
from threadkeep.memory.offline import OfflineModel
from threadkeep.store.models import Message, Setting
from threadkeep.testing.simulator import SimulatedModel

from .helpers import all_table_bytes, open_memory, unique_user

PASSAGE = "Quokka rule: expense reports are due on the fifth working day of each month."


def _sse(events: list[dict[str, Any]]) -> bytes:
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()


def _anthropic_message(blocks: list[dict[str, Any]], stop: str) -> bytes:
    events: list[dict[str, Any]] = [
        {
            "type": "message_start",
            "message": {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": {
                    "input_tokens": 100,
                    "output_tokens": 1,
                    "cache_read_input_tokens": 0,
                    "cache_creation_input_tokens": 0,
                },
            },
        }
    ]
    for i, block in enumerate(blocks):
        if block["type"] == "text":
            events += [
                {"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}},
                {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": block["text"]}},
            ]
        else:
            args = json.dumps(block["input"])
            events += [
                {
                    "type": "content_block_start",
                    "index": i,
                    "content_block": {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}},
                },
                {
                    "type": "content_block_delta",
                    "index": i,
                    "delta": {"type": "input_json_delta", "partial_json": args[:7]},
                },
                {
                    "type": "content_block_delta",
                    "index": i,
                    "delta": {"type": "input_json_delta", "partial_json": args[7:]},
                },
            ]
        events.append({"type": "content_block_stop", "index": i})
    events += [
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": None},
            "usage": {"output_tokens": 20},
        },
        {"type": "message_stop"},
    ]
    return _sse(events)


class FakeAnthropic:
    """Answers /v1/messages from a queue of SSE bodies and keeps every request body."""

    def __init__(self, bodies: list[bytes]) -> None:
        self.bodies = bodies
        self.requests: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        assert request.url.path == "/v1/messages"
        assert request.headers["x-api-key"] == "test-key"
        self.requests.append(json.loads(request.content))
        return httpx.Response(200, content=self.bodies.pop(0), headers={"content-type": "text/event-stream"})


def _anthropic(fake: FakeAnthropic) -> AnthropicModel:
    client = httpx.AsyncClient(transport=httpx.MockTransport(fake))
    return AnthropicModel("claude-sonnet-4-5", api_key="test-key", client=client)


def _memory(tmp_path, settings, model):  # type: ignore[no-untyped-def]
    return open_memory(f"sqlite:///{tmp_path / 'tools.db'}", MasterKey(os.urandom(32), "t"), settings, model)


async def test_empty_knowledge_base_offers_no_tool(tmp_path, settings) -> None:
    fake = FakeAnthropic([_anthropic_message([{"type": "text", "text": "Hi there."}], "end_turn")])
    m = _memory(tmp_path, settings, _anthropic(fake))
    r = await m.send("Hello", user=unique_user())
    assert r.text == "Hi there."
    body = fake.requests[0]
    assert "tools" not in body
    assert body["model"] == "claude-sonnet-4-5" and body["stream"] is True
    assert body["messages"][-1]["role"] == "user"
    assert "Hello" in json.dumps(body["messages"][-1])
    await m.close()


async def test_parallel_tool_round_citations_trace_and_no_payload_stored(tmp_path, settings) -> None:
    calls = [
        {
            "type": "tool_use",
            "id": "toolu_a",
            "name": "search_knowledge",
            "input": {"query": "expense report deadline"},
        },
        {"type": "tool_use", "id": "toolu_b", "name": "search_knowledge", "input": {"query": "quokka rule"}},
    ]
    fake = FakeAnthropic(
        [
            _anthropic_message([{"type": "text", "text": "Let me check. "}, *calls], "tool_use"),
            _anthropic_message([{"type": "text", "text": "They are due on the fifth working day [1]."}], "end_turn"),
        ]
    )
    m = _memory(tmp_path, settings, _anthropic(fake))
    m.knowledge.add_document(
        title="Finance handbook", text=PASSAGE + "\n\nTravel is booked through the portal.", groups=(), public=True
    )
    user = unique_user()
    events = [ev async for ev in m.stream("When are expense reports due?", user=user)]
    # Both calls in one round, then exactly one more model call.
    assert len(fake.requests) == 2
    assert [t["name"] for t in fake.requests[0]["tools"]] == ["search_knowledge"]
    follow_up = fake.requests[1]["messages"]
    results = [b for b in follow_up[-1]["content"] if b["type"] == "tool_result"]
    assert {b["tool_use_id"] for b in results} == {"toolu_a", "toolu_b"}
    assert any("Quokka rule" in json.dumps(b) for b in results)
    uses = [b for b in follow_up[-2]["content"] if b["type"] == "tool_use"]
    assert [u["id"] for u in uses] == ["toolu_a", "toolu_b"]
    searching = [e for e in events if isinstance(e, ToolActivity) and e.status == "searching"]
    assert {e.query for e in searching} == {"expense report deadline", "quokka rule"}
    (cites,) = [e for e in events if isinstance(e, Citations)]
    assert cites.items[0]["key"] == 1 and cites.items[0]["title"] == "Finance handbook"
    done = events[-1]
    assert isinstance(done, TurnDone) and done.text == "Let me check. They are due on the fifth working day [1]."
    # The trace keeps references (query, chunk ids, scores), never the passage.
    with m.db.session() as s:
        answer = s.get(Message, done.assistant_message_id)
        trace = json.loads(
            m.vault.open_text(s, answer.user_id, answer.trace_ct, table="messages", column="trace", row_id=answer.id)
        )
        texts = [
            m.vault.open_text(s, x.user_id, x.text_ct, table="messages", column="text", row_id=x.id)
            for x in s.scalars(select(Message))
        ]
    assert trace["cited"] == [cites.items[0]["chunk_id"]]
    assert {q["query"] for q in trace["searches"]} == {"expense report deadline", "quokka rule"}
    assert "Quokka" not in json.dumps(trace)
    assert len(texts) == 2 and not any("Quokka" in t for t in texts)
    assert b"Quokka" not in all_table_bytes(m)
    await m.close()


class _Searx(BaseHTTPRequestHandler):
    queries: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        from urllib.parse import parse_qs, urlparse

        q = parse_qs(urlparse(self.path).query)
        _Searx.queries.append(q["q"][0])
        body = json.dumps(
            {
                "results": [
                    {"title": "Cup final", "url": "https://example.org/cup", "content": "West Germany won in 1954."}
                ]
            }
        ).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def searx_url():  # type: ignore[no-untyped-def]
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Searx)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


async def test_web_search_only_when_enabled(tmp_path, settings, searx_url) -> None:
    fake = FakeAnthropic(
        [
            _anthropic_message([{"type": "text", "text": "No tools here."}], "end_turn"),
            _anthropic_message(
                [
                    {
                        "type": "tool_use",
                        "id": "toolu_w",
                        "name": "web_search",
                        "input": {"query": "1954 world cup winner"},
                    }
                ],
                "tool_use",
            ),
            _anthropic_message([{"type": "text", "text": "West Germany."}], "end_turn"),
        ]
    )
    m = _memory(tmp_path, settings, _anthropic(fake))
    user = unique_user()
    await m.send("Who won in 1954?", user=user)
    assert "tools" not in fake.requests[0]  # off by default: not in the request at all
    with m.db.session() as s:
        s.add(Setting(key=TOOLS_SETTING, value={"web_search": {"enabled": True, "url": searx_url}}))
    r = await m.send("Who won in 1954?", user=user)
    # The person has history now (the first conversation): search_memory is offered too.
    assert [t["name"] for t in fake.requests[1]["tools"]] == ["search_memory", "web_search"]
    assert _Searx.queries[-1] == "1954 world cup winner"
    assert "West Germany won in 1954." in json.dumps(fake.requests[2]["messages"][-1])
    assert r.text == "West Germany."
    await m.close()


async def test_openai_adapter_end_to_end(tmp_path, settings) -> None:
    seen: list[dict[str, Any]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        chunks = [
            {
                "id": "c",
                "object": "chat.completion.chunk",
                "model": "gpt-4.1-mini",
                "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Bonjour"}, "finish_reason": None}],
            },
            {
                "id": "c",
                "object": "chat.completion.chunk",
                "model": "gpt-4.1-mini",
                "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
            },
            {
                "id": "c",
                "object": "chat.completion.chunk",
                "model": "gpt-4.1-mini",
                "choices": [],
                "usage": {"prompt_tokens": 50, "completion_tokens": 2, "prompt_tokens_details": {"cached_tokens": 0}},
            },
        ]
        body = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
        return httpx.Response(200, content=body.encode(), headers={"content-type": "text/event-stream"})

    model = OpenAICompatibleModel(
        "gpt-4.1-mini",
        preset="openai",
        api_key="sk-test",
        client=httpx.AsyncClient(transport=httpx.MockTransport(handler)),
    )
    m = _memory(tmp_path, settings, model)
    r = await m.send("Say hello in French", user=unique_user())
    assert r.text == "Bonjour" and r.usage["input_tokens"] == 50
    body = seen[0]
    assert body["prompt_cache_key"] == r.conversation_id and body["stream"] is True
    assert body["messages"][0]["role"] == "system" and "tools" not in body
    await m.close()


async def test_simulator_end_to_end_reads_the_cache_on_the_next_turn(tmp_path, settings) -> None:
    sim = SimulatedModel(responder=lambda req: "simulated answer")
    settings.system_prompt = "You are a careful assistant. " * 300  # above the minimum cacheable length
    m = _memory(tmp_path, settings, sim)
    user = unique_user()
    r = await m.send("first question", user=user)
    await m.send("second question", user=user, conversation_id=r.conversation_id)
    assert r.text == "simulated answer"
    assert sim.records[0].cache_read_tokens == 0
    await m.close()


async def test_offline_default_answers_from_knowledge_with_its_source(tmp_path, settings) -> None:
    m = _memory(tmp_path, settings, OfflineModel())
    m.knowledge.add_document(title="Finance handbook", text=PASSAGE, groups=(), public=True)
    r = await m.send("When are expense reports due?", user=unique_user())
    assert "Finance handbook" in r.text and "fifth working day" in r.text
    assert r.text.startswith("[offline mode")
    assert r.report["trace"]["searches"][0]["results"]
    await m.close()


async def test_knowledge_outside_the_callers_groups_is_not_offered(tmp_path, settings) -> None:
    fake = FakeAnthropic([_anthropic_message([{"type": "text", "text": "ok"}], "end_turn")] * 2)
    m = _memory(tmp_path, settings, _anthropic(fake))
    m.knowledge.add_document(title="HR only", text="Salary bands are confidential.", groups=("hr",))
    await m.send("salary bands?", user=unique_user())
    assert "tools" not in fake.requests[0]
    await m.send("salary bands?", user=unique_user(), inputs=TurnInput(groups=("hr",)))
    assert [t["name"] for t in fake.requests[1]["tools"]] == ["search_knowledge"]
    await m.close()


async def test_offline_says_honestly_when_knowledge_has_nothing(tmp_path, settings) -> None:
    m = _memory(tmp_path, settings, OfflineModel())
    m.knowledge.add_document(title="Finance handbook", text=PASSAGE, groups=(), public=True)
    r = await m.send("Who painted the Mona Lisa?", user=unique_user())
    assert "knowledge base has nothing on this" in r.text
    await m.close()
