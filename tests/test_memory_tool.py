"""``search_memory`` (issue 41): offered beside the other tools once the person has history,
run in the one parallel round through both real adapters against their faked HTTP wire
formats, scoped to the person whose turn it is, never stored, under the one ceiling."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import httpx
from sqlalchemy import select

from threadkeep.crypto import MasterKey
from threadkeep.events import ToolActivity, TurnDone
from threadkeep.llm.openai import OpenAICompatibleModel
from threadkeep.memory.recall.tool import NOTHING_RECALLED
from threadkeep.store.models import Message

from .helpers import open_memory, unique_user
from .test_turn_tools import FakeAnthropic, _anthropic, _anthropic_message

POTTERY = "I signed up for a pottery class at the Alderby community centre."
CAMPING = "We went camping by the lake with the kids in August."
QUESTION = "What activities do I do with my family?"


def _memory(tmp_path, settings, model):  # type: ignore[no-untyped-def]
    # Lexical recall only: what automatic recall brings is then decided by shared words alone
    # (the question shares none with the earlier turns, so only the tool can find them).
    settings.embeddings = False
    return open_memory(f"sqlite:///{tmp_path / 'memory_tool.db'}", MasterKey(os.urandom(32), "t"), settings, model)


def _line(text: str) -> re.Pattern[str]:
    """A recalled line: its own date, who said it ("you": the person), what was said."""
    return re.compile(r"\[\d{4}-\d{2}-\d{2}\] you: " + re.escape(text))


def _stored_texts(m) -> list[str]:  # type: ignore[no-untyped-def]
    with m.db.session() as s:
        return [
            m.vault.open_text(s, x.user_id, x.text_ct, table="messages", column="text", row_id=x.id)
            for x in s.scalars(select(Message))
        ]


def _trace(m, message_id: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    with m.db.session() as s:
        answer = s.get(Message, message_id)
        return json.loads(
            m.vault.open_text(s, answer.user_id, answer.trace_ct, table="messages", column="trace", row_id=answer.id)
        )


async def test_search_memory_round_through_anthropic(tmp_path, settings) -> None:
    calls = [
        {"type": "tool_use", "id": "toolu_p", "name": "search_memory", "input": {"query": "pottery class"}},
        {
            "type": "tool_use",
            "id": "toolu_c",
            "name": "search_memory",
            "input": {"query": "camping trip with the kids"},
        },
    ]
    fake = FakeAnthropic(
        [
            _anthropic_message([{"type": "text", "text": "Nice!"}], "end_turn"),
            _anthropic_message([{"type": "text", "text": "Lovely."}], "end_turn"),
            _anthropic_message([{"type": "text", "text": "Let me look back. "}, *calls], "tool_use"),
            _anthropic_message([{"type": "text", "text": "Pottery, and camping with the kids."}], "end_turn"),
        ]
    )
    m = _memory(tmp_path, settings, _anthropic(fake))
    ann = unique_user()
    first = await m.send(POTTERY, user=ann)
    await m.send(CAMPING, user=ann, conversation_id=first.conversation_id)
    # No history outside the conversation: not offered in the person's first conversation.
    assert "tools" not in fake.requests[0] and "tools" not in fake.requests[1]
    events = [ev async for ev in m.stream(QUESTION, user=ann)]
    assert [t["name"] for t in fake.requests[2]["tools"]] == ["search_memory"]
    assert "Use it when the person asks about something from the past" in fake.requests[2]["tools"][0]["description"]
    assert "memory search tool is offered" in json.dumps(fake.requests[2]["system"])
    # Automatic recall found nothing (no shared word): what the model learns comes from the tool.
    assert "pottery" not in json.dumps(fake.requests[2]["messages"])
    # One round: both calls ran, then one more model call answered.
    assert len(fake.requests) == 4
    follow_up = fake.requests[3]["messages"]
    assert [u["id"] for u in follow_up[-2]["content"] if u["type"] == "tool_use"] == ["toolu_p", "toolu_c"]
    results = {
        b["tool_use_id"]: b["content"] if isinstance(b["content"], str) else json.dumps(b["content"])
        for b in follow_up[-1]["content"]
        if b["type"] == "tool_result"
    }
    assert _line(POTTERY).search(results["toolu_p"])
    assert _line(CAMPING).search(results["toolu_c"])
    searching = [e for e in events if isinstance(e, ToolActivity) and e.status == "searching"]
    assert {e.query for e in searching} == {"pottery class", "camping trip with the kids"}
    done = events[-1]
    assert isinstance(done, TurnDone) and done.text == "Let me look back. Pottery, and camping with the kids."
    assert done.report["tools_offered"] == ["search_memory"]
    assert done.report["tool_round_tokens"] <= m.builder.ceiling
    # Never stored: three turns are six rows, none holding a result; the trace keeps ids.
    texts = _stored_texts(m)
    assert len(texts) == 6 and not any("] you: " in t for t in texts)
    trace = _trace(m, done.assistant_message_id)
    assert [q["tool"] for q in trace["searches"]] == ["search_memory", "search_memory"]
    assert all(
        q["results"] and {"message_id", "conversation_id", "score"} == set(q["results"][0]) for q in trace["searches"]
    )
    assert "pottery" not in json.dumps(trace["searches"][1]) and "Alderby" not in json.dumps(trace)
    await m.close()


# -- OpenAI-compatible wire format (chat completions, streamed) -------------------------------
def _chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "c",
        "object": "chat.completion.chunk",
        "model": "gpt-4.1-mini",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def _openai_body(chunks: list[dict[str, Any]]) -> bytes:
    usage = {
        "id": "c",
        "object": "chat.completion.chunk",
        "model": "gpt-4.1-mini",
        "choices": [],
        "usage": {"prompt_tokens": 100, "completion_tokens": 5, "prompt_tokens_details": {"cached_tokens": 0}},
    }
    return ("".join(f"data: {json.dumps(c)}\n\n" for c in [*chunks, usage]) + "data: [DONE]\n\n").encode()


def _openai_text(text: str) -> bytes:
    return _openai_body([_chunk({"role": "assistant", "content": text}), _chunk({}, "stop")])


def _openai_calls(*queries: str) -> bytes:
    chunks = [_chunk({"role": "assistant", "content": None})]
    for i, q in enumerate(queries):
        args = json.dumps({"query": q})
        chunks += [
            _chunk(
                {
                    "tool_calls": [
                        {
                            "index": i,
                            "id": f"call_{i}",
                            "type": "function",
                            "function": {"name": "search_memory", "arguments": ""},
                        }
                    ]
                }
            ),
            _chunk({"tool_calls": [{"index": i, "function": {"arguments": args[:9]}}]}),
            _chunk({"tool_calls": [{"index": i, "function": {"arguments": args[9:]}}]}),
        ]
    return _openai_body([*chunks, _chunk({}, "tool_calls")])


class FakeOpenAI:
    """Answers /v1/chat/completions from a queue of SSE bodies and keeps every request body."""

    def __init__(self, bodies: list[bytes]) -> None:
        self.bodies = bodies
        self.requests: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        assert request.url.path == "/v1/chat/completions"
        assert request.headers["authorization"] == "Bearer sk-test"
        self.requests.append(json.loads(request.content))
        return httpx.Response(200, content=self.bodies.pop(0), headers={"content-type": "text/event-stream"})


async def test_search_memory_through_openai_is_scoped_to_the_person(tmp_path, settings) -> None:
    fake = FakeOpenAI(
        [
            _openai_text("Nice!"),
            _openai_text("Lovely."),  # Ann's history
            _openai_text("Good luck with it."),  # Bob's history
            _openai_calls("pottery class Alderby"),
            _openai_text("I don't know."),  # Bob asks
            _openai_calls("pottery class", "camping kids"),
            _openai_text("Pottery and camping."),  # Ann asks
        ]
    )
    model = OpenAICompatibleModel(
        "gpt-4.1-mini",
        preset="openai",
        api_key="sk-test",
        client=httpx.AsyncClient(transport=httpx.MockTransport(fake)),
    )
    m = _memory(tmp_path, settings, model)
    ann, bob = unique_user(), unique_user()
    first = await m.send(POTTERY, user=ann)
    await m.send(CAMPING, user=ann, conversation_id=first.conversation_id)
    await m.send("I repaired my bicycle at home today.", user=bob)
    # Bob's model searches with Ann's words: Bob's memory holds nothing of hers.
    bob_turn = await m.send("What did I sign up for?", user=bob)
    assert [t["function"]["name"] for t in fake.requests[3]["tools"]] == ["search_memory"]
    tool_messages = [x for x in fake.requests[4]["messages"] if x["role"] == "tool"]
    assert [x["tool_call_id"] for x in tool_messages] == ["call_0"]
    assert tool_messages[0]["content"] == NOTHING_RECALLED
    bob_sees = json.dumps(fake.requests[4]["messages"])
    assert "community centre" not in bob_sees and "camping" not in bob_sees
    assert bob_turn.text == "I don't know." and _trace(m, bob_turn.assistant_message_id)["searches"][0]["results"] == []
    # Ann's own search finds her lines, both calls in one round.
    ann_turn = await m.send(QUESTION, user=ann)
    results = {x["tool_call_id"]: x["content"] for x in fake.requests[6]["messages"] if x["role"] == "tool"}
    assert _line(POTTERY).search(results["call_0"]) and _line(CAMPING).search(results["call_1"])
    assert "bicycle" not in json.dumps(fake.requests[6]["messages"])
    assert ann_turn.text == "Pottery and camping." and len(fake.requests) == 7
    await m.close()


async def test_results_are_sized_to_the_room_under_the_ceiling(tmp_path, settings) -> None:
    # A small context window and long earlier turns: the lines each call returns fit its share
    # of what the round has left, so the round stays under the one ceiling and no line is cut.
    settings.context_window = 2_000
    settings.answer_reserve = 1_024
    fake = FakeOpenAI(
        [
            *(_openai_text("Noted.") for _ in range(24)),
            _openai_calls("codeword1", "codeword2", "codeword3", "codeword4"),
            _openai_text("Done."),
        ]
    )
    model = OpenAICompatibleModel(
        "gpt-4.1-mini",
        preset="openai",
        api_key="sk-test",
        client=httpx.AsyncClient(transport=httpx.MockTransport(fake)),
    )
    m = _memory(tmp_path, settings, model)
    ann = unique_user()
    chat = (
        "Today was long: the train was late, the office was cold, the meeting ran over and the "
        "coffee machine broke again, so I walked to the bakery at lunch and read on a bench."
    )
    for n in range(12):  # twelve earlier conversations of two long turns
        first = await m.send(f"{chat} My note for today is codeword{n}.", user=ann)
        await m.send(f"{chat} Nothing else to add.", user=ann, conversation_id=first.conversation_id)
    done = await m.send(QUESTION, user=ann)
    assert done.report["tool_round_tokens"] <= m.builder.ceiling
    contents = [x["content"] for x in fake.requests[-1]["messages"] if x["role"] == "tool"]
    assert len(contents) == 4 and all("[result left out" not in c for c in contents)
    found = [c for c in contents if c != NOTHING_RECALLED]
    assert found and all(
        re.fullmatch(r"(\[\d{4}-\d{2}-\d{2}\] (you|the assistant): [^\n]+\n?)+", block)
        for c in found
        for block in c.split("\n\n")
    )
    # Each call found its own turn, whole, though the four shares could not hold them all
    # with their neighbours.
    assert all(f"is codeword{i}." in c for i, c in enumerate(contents, 1))
    await m.close()


async def test_history_means_an_earlier_conversation(tmp_path, settings) -> None:
    from threadkeep.engine.memory_tool import has_history
    from threadkeep.memory.offline import OfflineModel

    m = _memory(tmp_path, settings, OfflineModel())
    ann, bob = unique_user(), unique_user()
    first = await m.send(POTTERY, user=ann)
    second = await m.send(CAMPING, user=ann)
    other = await m.send("I repaired my bicycle.", user=bob)
    ann_id, bob_id = _uid(m, ann), _uid(m, bob)
    with m.db.reading() as s:
        assert has_history(s, ann_id, second.conversation_id)
        # The first conversation began before the second: a later one does not count, so
        # the first one's tools do not change while it goes on.
        assert not has_history(s, ann_id, first.conversation_id)
        # Another person's conversation is never anyone's history.
        assert not has_history(s, ann_id, other.conversation_id)
        assert not has_history(s, bob_id, other.conversation_id)
    # The offline model calls no tools: search_memory is not offered to it.
    assert "search_memory" not in (second.report.get("tools_offered") or [])
    await m.close()


def _uid(m, user: str) -> str:  # type: ignore[no-untyped-def]
    from threadkeep.store import repo

    with m.db.reading() as s:
        return repo.person_id(s, m.vault, name=user, create=False)
