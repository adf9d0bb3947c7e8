"""A retry gets what its first attempt produced (issue 39, item 3): the official ``openai`` and
``anthropic`` SDKs with client timeouts shorter than the model, streamed and not, answered with
text and with tool calls. Each case makes one model call, the client receives the answer or
the tool calls (the same ids), and the turn is stored once.

Not streamed, the SDK's own retries (``max_retries=2``) join the attempt in flight. Streamed,
the SDK gets its headers at once and then times out reading: it does not retry, so the client
sends the request again, which joins the turn (it ran on after the client left) or gets what
it stored.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import anthropic
import openai
import pytest
from sqlalchemy import select

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.llm.scripted import Step
from threadkeep.messages import ModelRequest, ToolCallPart, ToolResultPart
from threadkeep.store import repo
from threadkeep.store.models import Message, User

pytestmark = pytest.mark.slow

TIMEOUT = 2.5  # the client's
SLOW = 4.5  # the model's, on the first call
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "The weather now.",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
        },
    }
]
A_TOOLS = [
    {
        "name": "get_weather",
        "description": "The weather now.",
        "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
    }
]
QUESTION = "What is the weather in Lisbon?"


def answer(request: ModelRequest) -> Step:
    """After a tool round, the answer from its result; otherwise an echo of the message."""
    results = [
        p
        for seg in request.segments
        if seg.name == "tool_round"
        for m in seg.messages
        for p in m.parts
        if isinstance(p, ToolResultPart)
    ]
    if results:
        return Step(text=f"It is {results[-1].content}.")
    new = next(seg for seg in request.segments if seg.name == "new_message").messages[-1].text
    return Step(text=f"echo: {new}")


@pytest.fixture
def live(tmp_path, settings: Settings) -> Iterator[ApiHarness]:  # type: ignore[no-untyped-def]
    h = start_harness(
        f"sqlite:///{tmp_path / 'r.db'}",
        MasterKey(os.urandom(32), "r"),
        settings.model_copy(update={"embeddings": False}),
        responder=answer,
    )
    try:
        yield h
    finally:
        stop_harness(h)


def _slow(h: ApiHarness, *, tools: bool) -> None:
    """The next model call takes longer than the client waits, then asks for a tool or answers."""
    if tools:
        h.model.add(Step(tool_calls=[ToolCallPart("call_slow_1", "get_weather", {"city": "Lisbon"})], delay=SLOW))
    else:
        h.model.add(Step(text="Lisbon is sunny.", delay=SLOW, chunk=4))


def _rows(h: ApiHarness, person: str) -> list[tuple[str, str, str]]:
    with h.memory.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == person))
        return [
            (m.role, m.status, repo.open_message_text(s, h.memory.vault, m))
            for m in s.scalars(select(Message).where(Message.user_id == uid).order_by(Message.created_at, Message.seq))
        ]


def _settled(h: ApiHarness, person: str, status: str) -> list[tuple[str, str, str]]:
    """The person's rows once their message has ``status`` (the turn ran on after the client left)."""
    deadline = time.monotonic() + 60
    while True:
        rows = _rows(h, person)
        if rows and rows[0][1] == status:
            return rows
        assert time.monotonic() < deadline, rows
        time.sleep(0.1)


def _openai(h: ApiHarness, key: str, retries: int) -> openai.OpenAI:
    client = openai.OpenAI(base_url=f"{h.url}/v1", api_key=key, timeout=TIMEOUT, max_retries=retries)
    h.clients.append(client)  # type: ignore[arg-type]
    return client


def _anthropic(h: ApiHarness, key: str, retries: int) -> anthropic.Anthropic:
    client = anthropic.Anthropic(base_url=f"{h.url}/anthropic", api_key=key, timeout=TIMEOUT, max_retries=retries)
    h.clients.append(client)  # type: ignore[arg-type]
    return client


def _openai_stream(client: openai.OpenAI, messages: list[dict[str, Any]], **extra: Any) -> tuple[str, list[str]]:
    """(text, tool call ids) of a streamed request."""
    text, ids = "", []
    for ch in client.chat.completions.create(model="gpt-4o", messages=messages, stream=True, **extra):  # type: ignore[arg-type]
        for choice in ch.choices:
            text += choice.delta.content or ""
            ids += [tc.id for tc in choice.delta.tool_calls or [] if tc.id]
    return text, ids


def _anthropic_stream(client: anthropic.Anthropic, messages: list[dict[str, Any]], **extra: Any) -> Any:
    with client.messages.stream(model="claude-any", max_tokens=512, messages=messages, **extra) as stream:  # type: ignore[arg-type]
        return stream.get_final_message()


@pytest.mark.parametrize("tools", [False, True], ids=["text", "tool_calls"])
def test_openai_sdk_retries_after_a_timeout_join_the_turn(live: ApiHarness, tools: bool) -> None:
    key, person = live.person_key()
    _slow(live, tools=tools)
    done = _openai(live, key, retries=2).chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": QUESTION}], **({"tools": TOOLS} if tools else {})
    )
    message = done.choices[0].message
    assert len(live.model.calls) == 1  # the retries joined the first attempt: no second model call
    if not tools:
        assert message.content == "Lisbon is sunny." and done.choices[0].finish_reason == "stop"
        assert _rows(live, person) == [("user", "answered", QUESTION), ("assistant", "ok", "Lisbon is sunny.")]
        return
    assert done.choices[0].finish_reason == "tool_calls" and message.tool_calls[0].id == "call_slow_1"
    follow_up = [
        {"role": "user", "content": QUESTION},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_slow_1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": message.tool_calls[0].function.arguments},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_slow_1", "content": "sunny"},
    ]
    final = _openai(live, key, retries=0).chat.completions.create(model="gpt-4o", messages=follow_up, tools=TOOLS)
    assert final.choices[0].message.content == "It is sunny."
    assert len(live.model.calls) == 2
    assert _rows(live, person) == [("user", "answered", QUESTION), ("assistant", "ok", "It is sunny.")]


@pytest.mark.parametrize("tools", [False, True], ids=["text", "tool_calls"])
def test_a_streamed_request_whose_client_timed_out_keeps_its_outcome(live: ApiHarness, tools: bool) -> None:
    key, person = live.person_key()
    _slow(live, tools=tools)
    client = _openai(live, key, retries=0)
    messages = [{"role": "user", "content": QUESTION}]
    extra = {"tools": TOOLS} if tools else {}
    with pytest.raises((openai.APITimeoutError, openai.APIConnectionError)):
        _openai_stream(client, messages, **extra)
    # The client went away; the turn runs on and its outcome is stored.
    rows = _settled(live, person, "tools" if tools else "answered")
    # The same request again gets that outcome: no second model call.
    text, ids = _openai_stream(_openai(live, key, retries=0), messages, **extra)
    assert len(live.model.calls) == 1
    if tools:
        assert ids == ["call_slow_1"] and rows == [("user", "tools", QUESTION)]
    else:
        assert text == "Lisbon is sunny."
        assert rows == [("user", "answered", QUESTION), ("assistant", "ok", "Lisbon is sunny.")]


def test_a_streamed_resend_while_the_first_attempt_runs_joins_it(live: ApiHarness) -> None:
    key, person = live.person_key()
    _slow(live, tools=False)
    messages = [{"role": "user", "content": QUESTION}]
    with pytest.raises((openai.APITimeoutError, openai.APIConnectionError)):
        _openai_stream(_openai(live, key, retries=0), messages)
    patient = openai.OpenAI(base_url=f"{live.url}/v1", api_key=key, timeout=30, max_retries=0)
    live.clients.append(patient)  # type: ignore[arg-type]
    text, _ = _openai_stream(patient, messages)  # sent at once: the first attempt is still answering
    assert text == "Lisbon is sunny." and len(live.model.calls) == 1
    assert _rows(live, person) == [("user", "answered", QUESTION), ("assistant", "ok", "Lisbon is sunny.")]


@pytest.mark.parametrize("tools", [False, True], ids=["text", "tool_calls"])
def test_anthropic_sdk_retries_after_a_timeout_join_the_turn(live: ApiHarness, tools: bool) -> None:
    key, person = live.person_key()
    _slow(live, tools=tools)
    reply = _anthropic(live, key, retries=2).messages.create(
        model="claude-any",
        max_tokens=512,
        messages=[{"role": "user", "content": QUESTION}],
        **({"tools": A_TOOLS} if tools else {}),
    )  # type: ignore[arg-type]
    assert len(live.model.calls) == 1
    if not tools:
        assert reply.content[0].text == "Lisbon is sunny." and reply.stop_reason == "end_turn"  # type: ignore[union-attr]
        assert _rows(live, person) == [("user", "answered", QUESTION), ("assistant", "ok", "Lisbon is sunny.")]
        return
    (use,) = [b for b in reply.content if b.type == "tool_use"]
    assert reply.stop_reason == "tool_use" and use.id == "call_slow_1"
    follow_up = [
        {"role": "user", "content": QUESTION},
        {"role": "assistant", "content": reply.content},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": use.id, "content": "sunny"}]},
    ]
    final = _anthropic(live, key, retries=0).messages.create(
        model="claude-any", max_tokens=512, messages=follow_up, tools=A_TOOLS
    )  # type: ignore[arg-type]
    assert final.content[0].text == "It is sunny." and len(live.model.calls) == 2  # type: ignore[union-attr]
    assert _rows(live, person) == [("user", "answered", QUESTION), ("assistant", "ok", "It is sunny.")]


@pytest.mark.parametrize("tools", [False, True], ids=["text", "tool_calls"])
def test_an_anthropic_stream_whose_client_timed_out_keeps_its_outcome(live: ApiHarness, tools: bool) -> None:
    key, person = live.person_key()
    _slow(live, tools=tools)
    messages = [{"role": "user", "content": QUESTION}]
    extra = {"tools": A_TOOLS} if tools else {}
    with pytest.raises((anthropic.APITimeoutError, anthropic.APIConnectionError)):
        _anthropic_stream(_anthropic(live, key, retries=0), messages, **extra)
    rows = _settled(live, person, "tools" if tools else "answered")
    final = _anthropic_stream(_anthropic(live, key, retries=0), messages, **extra)
    assert len(live.model.calls) == 1
    if tools:
        assert [b.id for b in final.content if b.type == "tool_use"] == ["call_slow_1"]
        assert final.stop_reason == "tool_use" and rows == [("user", "tools", QUESTION)]
    else:
        assert final.content[0].text == "Lisbon is sunny."
        assert rows == [("user", "answered", QUESTION), ("assistant", "ok", "Lisbon is sunny.")]
