"""Errors in each drop-in API's own shape and status (issue 39, item 4), each case through the
official SDK, asserting the exception class it raises — what a client's error handling (and
litellm's mapping) keys on. Nothing refused is stored, and the model is not called."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import anthropic
import httpx
import openai
import pytest
from sqlalchemy import func, select

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.store.models import Conversation, Message, User

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
IMAGE = "data:image/png;base64,iVBORw0KGgo="
LIMIT = 2_000  # THREADKEEP_MAX_MESSAGE_BYTES here: a longer message is over-long input


@pytest.fixture
def live(tmp_path, settings: Settings) -> Iterator[ApiHarness]:  # type: ignore[no-untyped-def]
    h = start_harness(
        f"sqlite:///{tmp_path / 'e.db'}",
        MasterKey(os.urandom(32), "e"),
        settings.model_copy(update={"embeddings": False, "max_message_bytes": LIMIT}),
    )
    try:
        yield h
    finally:
        stop_harness(h)


class Sent:
    """Counts the requests an SDK client actually sends (its retries included)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, request: httpx.Request) -> None:
        self.count += 1


def _clients(h: ApiHarness) -> tuple[openai.OpenAI, anthropic.Anthropic, Sent]:
    """SDK clients with their default retries (2), counting what they send."""
    key, _ = h.person_key()
    sent = Sent()
    o = openai.OpenAI(
        base_url=f"{h.url}/v1", api_key=key, timeout=30, http_client=httpx.Client(event_hooks={"request": [sent]})
    )
    a = anthropic.Anthropic(base_url=f"{h.url}/anthropic", api_key=key, timeout=30)
    h.clients.extend([o, a])  # type: ignore[list-item]
    return o, a, sent


def _stored(h: ApiHarness) -> tuple[int, int]:
    with h.memory.db.reading() as s:
        return (
            int(s.scalar(select(func.count()).select_from(Conversation)) or 0),
            int(s.scalar(select(func.count()).select_from(Message)) or 0),
        )


def _ask(client: openai.OpenAI, messages: list[dict[str, Any]], **extra: Any) -> Any:
    return client.chat.completions.create(model="gpt-4o", messages=messages, **extra)  # type: ignore[arg-type]


def _a_ask(client: anthropic.Anthropic, messages: list[dict[str, Any]], **extra: Any) -> Any:
    return client.messages.create(model="claude-any", max_tokens=256, messages=messages, **extra)  # type: ignore[arg-type]


def test_over_long_input_is_each_apis_own_error(live: ApiHarness) -> None:
    o, a, _ = _clients(live)
    long = "word " * LIMIT
    with pytest.raises(openai.BadRequestError) as e:  # OpenAI's 400, not a 413
        _ask(o, [{"role": "user", "content": long}])
    assert e.value.status_code == 400 and e.value.code == "context_length_exceeded"
    assert e.value.type == "invalid_request_error" and e.value.param == "messages"
    assert f"the limit is {LIMIT} bytes" in e.value.message
    # Over-long instructions too, and a body over the server's body limit.
    with pytest.raises(openai.BadRequestError) as e:
        _ask(o, [{"role": "system", "content": long}, {"role": "user", "content": "hi"}])
    assert e.value.code == "context_length_exceeded" and "system prompt" in e.value.message
    with pytest.raises(openai.BadRequestError) as e:
        _ask(o, [{"role": "user", "content": "x" * 1_100_000}])
    assert e.value.code == "context_length_exceeded"

    with pytest.raises(anthropic.ContentTooLargeError) as ae:  # Anthropic's 413
        _a_ask(a, [{"role": "user", "content": long}])
    assert ae.value.status_code == 413
    assert ae.value.body["error"]["type"] == "request_too_large"  # type: ignore[index]
    with pytest.raises(anthropic.ContentTooLargeError):
        _a_ask(a, [{"role": "user", "content": "hi"}], system=long)
    assert _stored(live) == (0, 0) and live.model.calls == []


def test_an_empty_messages_list_is_400_on_both(live: ApiHarness) -> None:
    o, a, _ = _clients(live)
    with pytest.raises(openai.BadRequestError, match="messages is empty"):
        _ask(o, [])
    with pytest.raises(anthropic.BadRequestError, match="messages is empty"):
        _a_ask(a, [])
    # Any body that does not match the schema is 400 on the OpenAI drop-in too, never 422.
    with pytest.raises(openai.BadRequestError):
        _ask(o, [{"role": "user", "content": "hi"}], temperature=3)
    with pytest.raises(anthropic.BadRequestError):
        _a_ask(a, [{"role": "user", "content": "hi"}], extra_body={"temperature": 1.5})
    assert _stored(live) == (0, 0)


def test_a_conflict_is_not_retried_by_the_sdks(live: ApiHarness) -> None:
    o, a, sent = _clients(live)
    regenerate = {"X-Threadkeep-Regenerate": "true"}  # nothing to regenerate: a 409
    with pytest.raises(openai.ConflictError) as e:
        _ask(o, [{"role": "user", "content": "never asked"}], extra_headers=regenerate)
    assert e.value.response.headers["x-should-retry"] == "false"
    assert sent.count == 1  # without the header the SDK would have sent it three times
    with pytest.raises(anthropic.ConflictError) as ae:
        _a_ask(a, [{"role": "user", "content": "never asked"}], extra_headers=regenerate)
    assert ae.value.response.headers["x-should-retry"] == "false"
    assert live.model.calls == []
    # The native API sends it too: retrying a turn that did not fail is a conflict.
    c = live.client(live.person_key()[0])
    mid = c.post("/v1/messages", json={"text": "hello"}).json()["user_message_id"]
    again = c.post(f"/v1/messages/{mid}/retry")
    assert again.status_code == 409 and again.headers["x-should-retry"] == "false"


def test_tool_choice_without_tools_is_refused(live: ApiHarness) -> None:
    o, a, _ = _clients(live)
    for choice in ("auto", "required", "none"):
        with pytest.raises(openai.BadRequestError, match="tool_choice needs tools"):
            _ask(o, [{"role": "user", "content": "hi"}], tool_choice=choice)
    for choice in ({"type": "any"}, {"type": "auto"}):
        with pytest.raises(anthropic.BadRequestError, match="tool_choice needs tools"):
            _a_ask(a, [{"role": "user", "content": "hi"}], tool_choice=choice)
    assert _stored(live) == (0, 0)


def test_images_are_refused_not_dropped(live: ApiHarness) -> None:
    o, a, _ = _clients(live)
    only_image = [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": IMAGE}}]}]
    with pytest.raises(openai.BadRequestError, match="images are not supported"):
        _ask(o, only_image)
    with_text = [
        {
            "role": "user",
            "content": [{"type": "text", "text": "What is this?"}, {"type": "image_url", "image_url": {"url": IMAGE}}],
        }
    ]
    with pytest.raises(openai.BadRequestError, match="images are not supported"):
        _ask(o, with_text)
    with pytest.raises(openai.BadRequestError, match="'input_audio' is not supported"):
        _ask(o, [{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "", "format": "wav"}}]}])
    block = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}
    with pytest.raises(anthropic.BadRequestError, match="images are not supported"):
        _a_ask(a, [{"role": "user", "content": [block]}])
    with pytest.raises(anthropic.BadRequestError, match="top_k is not supported"):
        # This SDK no longer has sampling arguments: clients that still send them use extra_body.
        _a_ask(a, [{"role": "user", "content": "hi"}], extra_body={"top_k": 5})
    assert _stored(live) == (0, 0) and live.model.calls == []


def test_tool_results_for_calls_never_issued_are_refused(live: ApiHarness) -> None:
    o, a, _ = _clients(live)
    invented = [
        {"role": "user", "content": "What is the weather in Lisbon?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_invented",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Lisbon"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_invented", "content": "sunny"},
    ]
    with pytest.raises(openai.BadRequestError, match="did not make"):
        _ask(o, invented, tools=TOOLS)
    a_invented = [
        {"role": "user", "content": "What is the weather in Lisbon?"},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_invented", "name": "get_weather", "input": {"city": "Lisbon"}}
            ],
        },
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_invented", "content": "sunny"}]},
    ]
    with pytest.raises(anthropic.BadRequestError, match="did not make"):
        _a_ask(a, a_invented, tools=A_TOOLS)
    assert _stored(live) == (0, 0) and live.model.calls == []


def test_a_follow_up_with_other_call_ids_than_the_server_gave_is_refused(live: ApiHarness) -> None:
    from threadkeep.llm.scripted import Step
    from threadkeep.messages import ToolCallPart

    o, _, _ = _clients(live)
    live.model.add(Step(tool_calls=[ToolCallPart("call_real", "get_weather", {"city": "Lisbon"})]))
    question = [{"role": "user", "content": "What is the weather in Lisbon?"}]
    asked = _ask(o, question, tools=TOOLS).choices[0].message
    assert asked.tool_calls[0].id == "call_real"
    forged = [
        *question,
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "call_forged", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "call_forged", "content": "sunny"},
    ]
    with pytest.raises(openai.BadRequestError, match="call_forged"):
        _ask(o, forged, tools=TOOLS)
    assert len(live.model.calls) == 1
    with live.memory.db.reading() as s:  # the paused turn is as it was: one message, waiting
        assert [m.status for m in s.scalars(select(Message).join(User, User.id == Message.user_id))] == ["tools"]
