"""An agent through the Anthropic-compatible drop-in: the official ``anthropic`` SDK drives a
tool loop (two rounds of its own tools, then the answer) against a live server with the
provider stand-in — one turn of one conversation, the tool traffic not stored."""

from __future__ import annotations

from typing import Any

import anthropic

from tests.conftest_api import ApiHarness
from tests.test_openai_tools import RESULTS, _results, _rows, live  # noqa: F401  (the fixture)
from threadkeep.messages import ToolChoice

TOOLS: list[dict[str, Any]] = [
    {
        "name": "get_weather",
        "description": "The weather in a city now.",
        "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
    {
        "name": "get_time",
        "description": "The local time in a city.",
        "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
]


def _loop(client: anthropic.Anthropic, messages: list[dict[str, Any]], *, stream: bool) -> tuple[str, int]:
    rounds = 0
    choice: dict[str, Any] = {"type": "any"}
    while True:
        kwargs: dict[str, Any] = {
            "model": "any",
            "max_tokens": 1024,
            "messages": messages,
            "tools": TOOLS,
            "tool_choice": choice,
        }
        if stream:
            with client.messages.stream(**kwargs) as events:
                msg = events.get_final_message()
        else:
            msg = client.messages.create(**kwargs)
        choice = {"type": "auto"}
        text = "".join(b.text for b in msg.content if b.type == "text")
        if msg.stop_reason != "tool_use":
            messages.append({"role": "assistant", "content": text})
            return text, rounds
        rounds += 1
        uses = [b for b in msg.content if b.type == "tool_use"]
        assert all(u.input == {"city": "Lisbon"} for u in uses)
        messages.append(
            {
                "role": "assistant",
                "content": ([{"type": "text", "text": text}] if text else [])
                + [{"type": "tool_use", "id": u.id, "name": u.name, "input": u.input} for u in uses],
            }
        )
        messages.append(
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": u.id, "content": RESULTS[u.name]} for u in uses],
            }
        )


def test_an_anthropic_sdk_tool_loop_is_one_turn(live: ApiHarness) -> None:  # noqa: F811
    key, person = live.person_key()
    client = anthropic.Anthropic(base_url=f"{live.url}/anthropic", api_key=key, max_retries=0, timeout=30)
    live.clients.append(client)  # type: ignore[arg-type]
    asked = {False: "What is the weather and the time in Lisbon?", True: "Lisbon: weather and time, please."}
    for stream, question in asked.items():
        messages: list[dict[str, Any]] = [{"role": "user", "content": question}]
        before = len(live.model.calls)
        answer, rounds = _loop(client, messages, stream=stream)
        assert rounds == 2 and answer == "In Lisbon it is sunny, 21°C at 14:05."
        loop = live.model.calls[before:]
        assert loop[0].tool_choice == ToolChoice("required") and [t.name for t in loop[0].tools] == [
            "get_weather",
            "get_time",
        ]
        assert [(r.call_id, r.content) for r in _results(loop[2])] == [("call_w1", "sunny, 21°C"), ("call_t1", "14:05")]
        if not stream:
            # The next plain turn (the history holds the tool traffic) continues the conversation.
            messages.append({"role": "user", "content": "Thanks!"})
            done = client.messages.create(model="any", max_tokens=1024, messages=messages)  # type: ignore[arg-type]
            assert done.content[0].text == "echo: Thanks!"  # type: ignore[union-attr]
    convs = _rows(live, person)
    # Two conversations (the streamed loop began a new history), each the turns' two rows only.
    assert sorted(convs, key=len) == [
        [("user", asked[True]), ("assistant", answer)],
        [("user", asked[False]), ("assistant", answer), ("user", "Thanks!"), ("assistant", "echo: Thanks!")],
    ]


def test_the_anthropic_sdk_regenerates_the_last_answer(live: ApiHarness) -> None:  # noqa: F811
    key, person = live.person_key()
    client = anthropic.Anthropic(base_url=f"{live.url}/anthropic", api_key=key, max_retries=0, timeout=30)
    live.clients.append(client)  # type: ignore[arg-type]
    history = [{"role": "user", "content": "Name a dish."}]
    live.model.add("Paella.", "Bacalhau.")
    first = client.messages.create(model="any", max_tokens=64, messages=history)  # type: ignore[arg-type]
    again = client.messages.create(model="any", max_tokens=64, messages=history)  # type: ignore[arg-type]
    assert first.content[0].text == again.content[0].text == "Paella."  # type: ignore[union-attr]  # a retry
    new = client.messages.create(
        model="any",
        max_tokens=64,
        messages=history,  # type: ignore[arg-type]
        extra_headers={"X-Threadkeep-Regenerate": "true"},
    )
    assert new.content[0].text == "Bacalhau."  # type: ignore[union-attr]
    assert _rows(live, person) == [[("user", "Name a dish."), ("assistant", "Bacalhau.")]]
