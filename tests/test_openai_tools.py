"""An agent through the OpenAI drop-in (issue 28, item 1): the official ``openai`` SDK drives a
tool loop — two rounds of the client's own tools, then the answer — against a live server whose
provider stand-in asks for those tools. One conversation, one turn, two stored rows; the tool
traffic reaches the model and is not stored; memory rides along in every call of the loop."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import openai
import pytest
from sqlalchemy import func, select

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.llm.anthropic import render_request as anthropic_render
from threadkeep.llm.openai import render_request as openai_render
from threadkeep.llm.scripted import Step
from threadkeep.messages import (
    ChatMessage,
    ModelRequest,
    Segment,
    ToolCallPart,
    ToolChoice,
    ToolResultPart,
    ToolSpec,
)
from threadkeep.store.models import AnswerVersion, Conversation, Message, User
from threadkeep.testing.checks import check_database

TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "The weather in a city now.",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
        },
    },
    {
        "type": "function",
        "function": {
            "name": "get_time",
            "description": "The local time in a city.",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
        },
    },
]
RESULTS = {"get_weather": "sunny, 21°C", "get_time": "14:05"}


def _results(request: ModelRequest) -> list[ToolResultPart]:
    return [
        p
        for seg in request.segments
        if seg.name == "tool_round"
        for m in seg.messages
        for p in m.parts
        if isinstance(p, ToolResultPart)
    ]


def agent_model(request: ModelRequest) -> Step:
    """The provider stand-in: with the client's tools it asks for the weather, then the time
    (with a sentence before the call), then answers from both results; without, it echoes."""
    new = next(seg for seg in request.segments if seg.name == "new_message").messages[-1].text
    if "get_weather" not in [t.name for t in request.tools]:
        return Step(text=f"echo: {new}", chunk=5)
    got = _results(request)
    if not got:
        return Step(tool_calls=[ToolCallPart("call_w1", "get_weather", {"city": "Lisbon"})])
    if len(got) == 1:
        return Step(text="Now the time. ", tool_calls=[ToolCallPart("call_t1", "get_time", {"city": "Lisbon"})])
    return Step(text=f"In Lisbon it is {got[0].content} at {got[1].content}.", chunk=6)


@pytest.fixture
def live(backend: tuple[str, MasterKey], settings: Settings) -> Iterator[ApiHarness]:
    """A live server on each database (SQLite and PostgreSQL) with the agent stand-in."""
    url, key = backend
    h = start_harness(url, key, settings.model_copy(update={"embeddings": False}), responder=agent_model)
    try:
        yield h
    finally:
        stop_harness(h)


def _ask(
    client: openai.OpenAI, messages: list[dict[str, Any]], *, stream: bool, tools: bool = True, **extra: Any
) -> tuple[str, list[dict[str, Any]], str | None]:
    """One request as an agent sends it: (text, tool calls, finish_reason)."""
    if tools:
        extra["tools"] = TOOLS
    if not stream:
        done = client.chat.completions.create(model="gpt-4o-mini", messages=messages, **extra)  # type: ignore[arg-type]
        msg = done.choices[0].message
        calls = [
            {"id": c.id, "name": c.function.name, "arguments": c.function.arguments}  # type: ignore[union-attr]
            for c in msg.tool_calls or []
        ]
        return msg.content or "", calls, done.choices[0].finish_reason
    text, slots, finish = "", {}, None
    for ch in client.chat.completions.create(
        model="gpt-4o-mini",
        messages=messages,
        stream=True,  # type: ignore[arg-type]
        **extra,
    ):
        if not ch.choices:
            continue
        delta = ch.choices[0].delta
        text += delta.content or ""
        for tc in delta.tool_calls or []:
            slot = slots.setdefault(tc.index, {"id": None, "name": "", "arguments": ""})
            slot["id"] = tc.id or slot["id"]
            if tc.function is not None:
                slot["name"] += tc.function.name or ""
                slot["arguments"] += tc.function.arguments or ""
        finish = ch.choices[0].finish_reason or finish
    return text, [slots[i] for i in sorted(slots)], finish


def _run_loop(client: openai.OpenAI, messages: list[dict[str, Any]], *, stream: bool) -> tuple[str, int]:
    """The agent loop: run each tool the model calls, send the results, until it answers."""
    rounds = 0
    choice: Any = "required"
    while True:
        text, calls, finish = _ask(client, messages, stream=stream, tool_choice=choice)
        choice = "auto"
        if finish != "tool_calls":
            assert finish == "stop" and not calls
            messages.append({"role": "assistant", "content": text})
            return text, rounds
        rounds += 1
        messages.append(
            {
                "role": "assistant",
                "content": text or None,
                "tool_calls": [
                    {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
                    for c in calls
                ],
            }
        )
        for c in calls:
            assert json.loads(c["arguments"]) == {"city": "Lisbon"}
            messages.append({"role": "tool", "tool_call_id": c["id"], "content": RESULTS[c["name"]]})


def _rows(h: ApiHarness, person: str) -> list[list[tuple[str, str]]]:
    from threadkeep.store import repo

    with h.memory.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == person))
        out = []
        for conv in s.scalars(select(Conversation).where(Conversation.user_id == uid)):
            msgs = s.scalars(select(Message).where(Message.conversation_id == conv.id).order_by(Message.seq))
            out.append([(m.role, repo.open_message_text(s, h.memory.vault, m)) for m in msgs])
        return out


def _problems(h: ApiHarness, person: str) -> list[str]:
    """The integrity check's findings on this person's conversations (the PostgreSQL database
    is shared by the session's tests)."""
    with h.memory.db.reading() as s:
        mine = set(
            s.scalars(select(Conversation.id).join(User, User.id == Conversation.user_id).where(User.name == person))
        )
    found = check_database(h.memory.db.engine.url.render_as_string(hide_password=False)).problems
    return [p for p in found if p.split(":", 1)[0] in mine]


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_an_sdk_tool_loop_is_one_turn_of_one_conversation(live: ApiHarness, stream: bool) -> None:
    key, person = live.person_key()
    client = openai.OpenAI(base_url=f"{live.url}/v1", api_key=key, max_retries=0, timeout=30)
    live.clients.append(client)  # type: ignore[arg-type]
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are an agent."},
        {"role": "user", "content": "I live in Lisbon and my dog is called Pixel."},
    ]
    first, _, _ = _ask(client, messages, stream=stream, tools=False)  # a plain turn
    messages.append({"role": "assistant", "content": first})
    asyncio.run(live.memory.drain_jobs())  # facts from the first message
    before = len(live.model.calls)

    messages.append({"role": "user", "content": "What is the weather and the time where I live?"})
    answer, rounds = _run_loop(client, messages, stream=stream)

    assert rounds == 2
    assert answer == "In Lisbon it is sunny, 21°C at 14:05."
    loop = live.model.calls[before:]
    assert len(loop) == 3  # one model call per request of the loop
    assert loop[0].tool_choice == ToolChoice("required") and loop[1].tool_choice == ToolChoice("auto")
    assert [t.name for t in loop[0].tools] == ["get_weather", "get_time"]  # the client's tools, not the server's
    # The model got the tool results: the first round in the second call, both in the third.
    assert [r.content for r in _results(loop[1])] == ["sunny, 21°C"]
    assert [(r.call_id, r.content) for r in _results(loop[2])] == [("call_w1", "sunny, 21°C"), ("call_t1", "14:05")]
    for call in loop:
        names = [seg.name for seg in call.segments]
        history = " ".join(m.text for seg in call.segments if seg.name == "history" for m in seg.messages)
        context = " ".join(m.text for seg in call.segments if seg.name == "turn_context" for m in seg.messages)
        assert "my dog is called Pixel" in history  # the conversation so far
        assert "Relevant facts:\n- Statement: I live in Lisbon" in context  # a fact learnt from it
        assert names.index("new_message") < len(names) - 1 or call is loop[0]  # rounds after the new message
    # The cached prefix is the same bytes in every call of the loop (everything before the turn's context).
    cut = [seg.name for seg in loop[0].segments].index("turn_context")
    assert all(c.segments[:cut] == loop[0].segments[:cut] and c.system == loop[0].system for c in loop)
    assert openai_render(loop[1], "m").to_bytes()[:200] == openai_render(loop[2], "m").to_bytes()[:200]

    # Stored: one conversation, the two rows of each turn — no tool call, no tool result.
    convs = _rows(live, person)
    assert convs == [
        [
            ("user", "I live in Lisbon and my dog is called Pixel."),
            ("assistant", first),
            ("user", "What is the weather and the time where I live?"),
            ("assistant", answer),
        ]
    ]

    # The next normal turn (the client's history holds the tool traffic) continues it.
    messages.append({"role": "user", "content": "Thanks!"})
    done = client.chat.completions.create(model="gpt-4o-mini", messages=messages)  # type: ignore[arg-type]
    assert done.choices[0].message.content == "echo: Thanks!"
    convs = _rows(live, person)
    assert len(convs) == 1 and convs[0][-2:] == [("user", "Thanks!"), ("assistant", "echo: Thanks!")]
    assert len(convs[0]) == 6
    assert _problems(live, person) == []


def test_tool_loop_refusals_say_what_is_wrong(live: ApiHarness) -> None:
    key, _ = live.person_key()
    c = live.client(key)
    base = [{"role": "user", "content": "hi"}]
    bad_tool = c.post("/v1/chat/completions", json={"messages": base, "tools": [{"type": "code_interpreter"}]})
    assert bad_tool.status_code == 400 and "function" in bad_tool.json()["error"]["message"]
    no_tools = c.post("/v1/chat/completions", json={"messages": base, "tool_choice": "required"})
    assert no_tools.status_code == 400 and "needs tools" in no_tools.json()["error"]["message"]
    unanswered = c.post(
        "/v1/chat/completions",
        json={
            "messages": [
                *base,
                {
                    "role": "assistant",
                    "tool_calls": [
                        {"id": "c1", "type": "function", "function": {"name": "get_time", "arguments": "{}"}}
                    ],
                },
            ],
            "tools": TOOLS,
        },
    )
    assert unanswered.status_code == 400 and "without a result" in unanswered.json()["error"]["message"]
    bad_args = c.post(
        "/v1/chat/completions",
        json={
            "messages": [
                *base,
                {
                    "role": "assistant",
                    "tool_calls": [
                        {"id": "c1", "type": "function", "function": {"name": "get_time", "arguments": "{oops"}}
                    ],
                },
                {"role": "tool", "tool_call_id": "c1", "content": "x"},
            ],
            "tools": TOOLS,
        },
    )
    assert bad_args.status_code == 400 and "not valid JSON" in bad_args.json()["error"]["message"]
    twice = c.post("/v1/chat/completions", json={"messages": base, "tools": [TOOLS[0], TOOLS[0]]})
    assert twice.status_code == 400 and "its own name" in twice.json()["error"]["message"]
    unknown = c.post(
        "/v1/chat/completions",
        json={
            "messages": base,
            "tools": TOOLS,
            "tool_choice": {"type": "function", "function": {"name": "book_flight"}},
        },
    )
    assert unknown.status_code == 400 and "book_flight" in unknown.json()["error"]["message"]
    not_a_string = c.post(
        "/v1/chat/completions",
        json={
            "messages": [
                *base,
                {
                    "role": "assistant",
                    "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "get_time", "arguments": 5}}],
                },
                {"role": "tool", "tool_call_id": "c1", "content": "x"},
            ],
            "tools": TOOLS,
        },
    )
    assert not_a_string.status_code == 400 and "JSON string" in not_a_string.json()["error"]["message"]
    assert len(live.model.calls) == 0  # refused before the model, nothing stored


def test_an_abandoned_tool_round_leaves_the_message_and_is_not_stored_twice(live: ApiHarness) -> None:
    key, person = live.person_key()
    client = openai.OpenAI(base_url=f"{live.url}/v1", api_key=key, max_retries=0, timeout=30)
    live.clients.append(client)  # type: ignore[arg-type]
    messages: list[dict[str, Any]] = [{"role": "user", "content": "hello"}]
    first, _, _ = _ask(client, messages, stream=False, tools=False)
    messages += [{"role": "assistant", "content": first}, {"role": "user", "content": "weather?"}]
    _, calls, finish = _ask(client, messages, stream=False)
    assert finish == "tool_calls" and calls[0]["name"] == "get_weather"
    # The client gives up the round and just talks on, its history still holding "weather?".
    messages.append({"role": "user", "content": "never mind"})
    done = client.chat.completions.create(model="gpt-4o-mini", messages=messages)  # type: ignore[arg-type]
    assert done.choices[0].message.content == "echo: never mind"
    assert _rows(live, person) == [
        [
            ("user", "hello"),
            ("assistant", first),
            ("user", "weather?"),
            ("user", "never mind"),
            ("assistant", "echo: never mind"),
        ]
    ]
    with live.memory.db.reading() as s:  # the unfinished turn stays unanswered, out of later requests
        uid = s.scalar(select(User.id).where(User.name == person))
        assert [
            m.status
            for m in s.scalars(
                select(Message).where(Message.role == "user", Message.user_id == uid).order_by(Message.seq)
            )
        ] == ["answered", "tools", "answered"]
    said = [m.text for seg in live.model.calls[-1].segments if seg.name == "history" for m in seg.messages]
    assert not any("weather?" in t for t in said)


def test_adapters_render_the_tool_choice_in_their_wire_format() -> None:
    tool = ToolSpec("get_time", "The time.", {"type": "object", "properties": {}})
    base = ModelRequest(system="s", tools=(tool,), segments=(Segment("new_message", (ChatMessage.user("hi"),)),))
    cases = [
        (ToolChoice("auto"), "auto", {"type": "auto"}),
        (ToolChoice("none"), "none", {"type": "none"}),
        (ToolChoice("required"), "required", {"type": "any"}),
        (
            ToolChoice("tool", "get_time"),
            {"type": "function", "function": {"name": "get_time"}},
            {"type": "tool", "name": "get_time"},
        ),
    ]
    for choice, openai_wire, anthropic_wire in cases:
        req = ModelRequest(system=base.system, tools=base.tools, segments=base.segments, tool_choice=choice)
        assert openai_render(req, "gpt-4o-mini").body["tool_choice"] == openai_wire
        assert anthropic_render(req, "claude").body["tool_choice"] == anthropic_wire
    assert "tool_choice" not in openai_render(base, "m").body and "tool_choice" not in anthropic_render(base, "c").body


@pytest.mark.slow
def test_sdk_timeout_retries_of_a_tool_request_store_the_turn_once(live: ApiHarness) -> None:
    """The provider is slower than the client's timeout on the loop's first request: the SDK's
    retry joins the attempt in flight and gets the tool calls that attempt paused with — the same
    ids, no second model call (issue 39). One turn, two rows, one conversation."""
    key, person = live.person_key()
    slow = openai.OpenAI(base_url=f"{live.url}/v1", api_key=key, timeout=2.5, max_retries=2)
    live.clients.append(slow)  # type: ignore[arg-type]
    live.model.add(Step(tool_calls=[ToolCallPart("call_w1", "get_weather", {"city": "Lisbon"})], delay=4.0))
    messages: list[dict[str, Any]] = [{"role": "user", "content": "What is the weather and the time in Lisbon?"}]
    answer, rounds = _run_loop(slow, messages, stream=False)
    assert rounds == 2 and answer == "In Lisbon it is sunny, 21°C at 14:05."
    # One model call per request of the loop: the slow one, then one per follow-up.
    assert [len(_results(c)) for c in live.model.calls] == [0, 1, 2]
    assert messages[1]["tool_calls"][0]["id"] == "call_w1"
    assert _rows(live, person) == [[("user", "What is the weather and the time in Lisbon?"), ("assistant", answer)]]


def test_regenerating_an_agent_turn_replaces_its_answer_through_a_new_tool_loop(live: ApiHarness) -> None:
    key, person = live.person_key()
    client = openai.OpenAI(base_url=f"{live.url}/v1", api_key=key, max_retries=0, timeout=30)
    live.clients.append(client)  # type: ignore[arg-type]
    question = {"role": "user", "content": "What is the weather and the time in Lisbon?"}
    messages: list[dict[str, Any]] = [dict(question)]
    answer, _ = _run_loop(client, messages, stream=False)
    # Regenerate: the history without the answer, flagged; the model runs the tools again.
    text, calls, finish = _ask(
        client, [dict(question)], stream=False, extra_headers={"X-Threadkeep-Regenerate": "true"}
    )
    assert finish == "tool_calls" and calls[0]["name"] == "get_weather"
    again, rounds = _run_loop(client, [dict(question)], stream=True)  # its follow-ups go on with that turn
    assert rounds == 2 and again == answer
    assert _rows(live, person) == [[("user", question["content"]), ("assistant", answer)]]
    with live.memory.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == person))
        assert s.scalar(select(func.count()).select_from(AnswerVersion).where(AnswerVersion.user_id == uid)) == 1
    assert _problems(live, person) == []
