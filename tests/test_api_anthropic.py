"""The Anthropic-compatible endpoint, driven by the official ``anthropic`` SDK over a real server.

The provider behind threadkeep is the scripted model (echo, or queued steps and errors); the
SDK talks to a real uvicorn server on loopback, so what is tested is the wire format the SDK
parses: the message, the event stream, and the error classes it raises.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import anthropic
import pytest

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.errors import ProviderServerError
from threadkeep.llm.scripted import Step


@pytest.fixture
def live(tmp_path, settings: Settings) -> Iterator[ApiHarness]:  # type: ignore[no-untyped-def]
    settings = settings.model_copy(update={"embeddings": False})
    h = start_harness(f"sqlite:///{tmp_path / 'a.db'}", MasterKey(os.urandom(32), "a"), settings)
    try:
        yield h
    finally:
        stop_harness(h)


def test_sdk_keeps_one_conversation_streamed_and_not(live: ApiHarness) -> None:
    key, _ = live.person_key()
    client = anthropic.Anthropic(base_url=f"{live.url}/anthropic", api_key=key, max_retries=0, timeout=30)
    history: list[anthropic.types.MessageParam] = [{"role": "user", "content": "Our launch code name is Bluebird."}]
    raw = client.messages.with_raw_response.create(
        model="claude-any", max_tokens=256, system="Be terse.", messages=history
    )
    first = raw.parse()
    cid = raw.headers["X-Threadkeep-Conversation"]
    assert first.type == "message" and first.role == "assistant" and first.model == live.memory.model.name
    assert first.content[0].type == "text" and first.content[0].text == "echo: Our launch code name is Bluebird."
    assert first.stop_reason == "end_turn" and first.usage.output_tokens >= 1

    # The client resends its history: the same conversation, answered as a stream.
    history += [
        {"role": "assistant", "content": [{"type": "text", "text": first.content[0].text}]},
        {"role": "user", "content": [{"type": "text", "text": "What is the code name?"}]},
    ]
    live.model.add(Step(text="It is Bluebird.", chunk=3))
    with client.messages.stream(model="claude-any", max_tokens=256, messages=history) as stream:
        deltas = list(stream.text_stream)
        final = stream.get_final_message()
    assert len(deltas) > 1 and "".join(deltas) == "It is Bluebird."
    assert final.content[0].text == "It is Bluebird." and final.stop_reason == "end_turn"
    assert final.usage.output_tokens >= 1

    # Two turns in one conversation, each stored once; the model saw threadkeep's history.
    c = live.client(key)
    msgs = c.get(f"/v1/conversations/{cid}").json()["messages"]
    assert [(m["role"], m["text"]) for m in msgs] == [
        ("user", "Our launch code name is Bluebird."),
        ("assistant", "echo: Our launch code name is Bluebird."),
        ("user", "What is the code name?"),
        ("assistant", "It is Bluebird."),
    ]
    seen = [m.text for seg in live.model.calls[-1].segments for m in seg.messages]
    assert seen.count("Our launch code name is Bluebird.") == 1
    assert c.get("/v1/conversations").json()["conversations"][0]["id"] == cid
    assert len(c.get("/v1/conversations").json()["conversations"]) == 1
    client.close()


def test_sdk_error_classes(live: ApiHarness) -> None:
    key, _ = live.person_key()
    client = anthropic.Anthropic(base_url=f"{live.url}/anthropic", api_key=key, max_retries=0, timeout=30)
    with (
        anthropic.Anthropic(base_url=f"{live.url}/anthropic", api_key="tk-wrong", max_retries=0) as wrong,
        pytest.raises(anthropic.AuthenticationError) as auth,
    ):
        wrong.messages.create(model="m", max_tokens=10, messages=[{"role": "user", "content": "hi"}])
    assert auth.value.body["error"]["type"] == "authentication_error"  # type: ignore[index]
    with pytest.raises(anthropic.BadRequestError) as bad:
        client.messages.create(model="m", max_tokens=10, messages=[{"role": "assistant", "content": "no user"}])
    assert bad.value.body["type"] == "error" and "role 'user'" in bad.value.message  # type: ignore[index]
    with pytest.raises(anthropic.BadRequestError):  # a malformed body is Anthropic's 400, not 422
        client.messages.create(model="m", max_tokens=10, messages=[{"role": "user"}])  # type: ignore[typeddict-item]
    with pytest.raises(anthropic.NotFoundError):
        client.messages.create(
            model="m",
            max_tokens=10,
            messages=[{"role": "user", "content": "hi"}],
            extra_headers={"X-Threadkeep-Conversation": "no-such-conversation"},
        )

    # A provider failure: InternalServerError with the kept message's ids; the same request
    # sent again answers that message instead of storing it twice.
    live.model.add(Step(error=ProviderServerError("the provider answered 502", status=502)))
    with pytest.raises(anthropic.InternalServerError) as failed:
        client.messages.create(model="m", max_tokens=10, messages=[{"role": "user", "content": "Plan my week"}])
    error = failed.value.body["error"]  # type: ignore[index]
    assert error["type"] == "api_error" and error["retryable"] is True and error["user_message_id"]
    again = client.messages.create(model="m", max_tokens=10, messages=[{"role": "user", "content": "Plan my week"}])
    assert again.content[0].text == "echo: Plan my week"
    msgs = live.client(key).get(f"/v1/conversations/{error['conversation_id']}").json()["messages"]
    assert [m["role"] for m in msgs] == ["user", "assistant"]

    # Mid-stream failure: the SDK raises from the stream's error event.
    live.model.add(Step(error=ProviderServerError("the provider answered 502", status=502)))
    with (
        pytest.raises(anthropic.APIStatusError),
        client.messages.stream(
            model="m", max_tokens=10, messages=[{"role": "user", "content": "Stream and fail"}]
        ) as stream,
    ):
        list(stream.text_stream)
    models = client.models.list()
    assert [m.id for m in models.data] == ["scripted"]
    client.close()
