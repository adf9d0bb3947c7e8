"""The OpenAI-compatible endpoint, driven the way an OpenAI client drives it."""

from __future__ import annotations

import json

from tests.conftest_api import ApiHarness, api  # noqa: F401
from threadkeep.errors import ProviderTimeout
from threadkeep.llm.scripted import Step

# What the OpenAI SDK sends: the whole history it keeps, a system prompt, sampling knobs.
CLIENT_HEADERS = {"User-Agent": "OpenAI/Python 1.50.0", "X-Stainless-Lang": "python"}


def _request(text: str, **extra: object) -> dict[str, object]:
    return {
        "model": "gpt-4.1-mini",
        "temperature": 0.2,
        "max_tokens": 256,
        "user": "ignored",
        "messages": [
            {"role": "system", "content": "You are terse."},
            {"role": "user", "content": "an old message the client kept"},
            {"role": "assistant", "content": "an old answer"},
            {"role": "user", "content": text},
        ],
        **extra,
    }


def test_non_streaming_then_continue_by_header(api: ApiHarness) -> None:  # noqa: F811
    key, _ = api.person_key()
    c = api.client(key, **CLIENT_HEADERS)
    r = c.post("/v1/chat/completions", json=_request("What is our deadline?"))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["object"] == "chat.completion" and body["model"] == api.memory.model.name  # the model that answered
    assert body["choices"][0]["message"] == {"role": "assistant", "content": "echo: What is our deadline?"}
    assert body["choices"][0]["finish_reason"] == "stop"
    assert body["usage"]["total_tokens"] == body["usage"]["prompt_tokens"] + body["usage"]["completion_tokens"]
    cid = r.headers["X-Threadkeep-Conversation"]
    assert body["conversation_id"] == cid

    # The history the client sent was new to threadkeep: stored before the new message.
    msgs = c.get(f"/v1/conversations/{cid}").json()["messages"]
    assert [(m["role"], m["text"]) for m in msgs] == [
        ("user", "an old message the client kept"),
        ("assistant", "an old answer"),
        ("user", "What is our deadline?"),
        ("assistant", "echo: What is our deadline?"),
    ]

    again = c.post("/v1/chat/completions", json=_request("And the budget?"), headers={"X-Threadkeep-Conversation": cid})
    assert again.headers["X-Threadkeep-Conversation"] == cid
    # With the header only the new message is stored: threadkeep keeps the history.
    msgs = c.get(f"/v1/conversations/{cid}").json()["messages"]
    assert [m["text"] for m in msgs if m["role"] == "user"] == [
        "an old message the client kept",
        "What is our deadline?",
        "And the budget?",
    ]
    # The model saw threadkeep's history (once), not the client's copy as well.
    seen = [m.text for seg in api.model.calls[-1].segments for m in seg.messages]
    assert seen.count("an old message the client kept") == 1 and "What is our deadline?" in seen

    by_field = c.post("/v1/chat/completions", json=_request("Third", conversation_id=cid))
    assert by_field.headers["X-Threadkeep-Conversation"] == cid


def test_streaming_chunks_and_done(api: ApiHarness) -> None:  # noqa: F811
    key, _ = api.person_key()
    c = api.client(key, **CLIENT_HEADERS)
    api.model.add(Step(text="a streamed reply", chunk=4))
    req = _request("stream please", stream=True, stream_options={"include_usage": True})
    with c.stream("POST", "/v1/chat/completions", json=req) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        cid = r.headers["X-Threadkeep-Conversation"]
        datas = [line[5:].strip() for line in r.iter_lines() if line.startswith("data:")]
    assert datas[-1] == "[DONE]"
    chunks = [json.loads(d) for d in datas[:-1]]
    assert all(ch["object"] == "chat.completion.chunk" for ch in chunks)
    assert chunks[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    text = "".join(ch["choices"][0]["delta"].get("content", "") for ch in chunks if ch["choices"])
    assert text == "a streamed reply"
    finishes = [ch["choices"][0]["finish_reason"] for ch in chunks if ch["choices"]]
    assert finishes[-1] == "stop" and set(finishes[:-1]) == {None}
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"]["completion_tokens"] >= 1
    assert len({ch["id"] for ch in chunks}) == 1
    # The client's two earlier messages (new to threadkeep), then this turn's two.
    assert c.get(f"/v1/conversations/{cid}").json()["message_count"] == 4


def test_refusals_and_provider_failure(api: ApiHarness) -> None:  # noqa: F811
    key, _ = api.person_key()
    c = api.client(key)
    no_user = c.post("/v1/chat/completions", json={"model": "x", "messages": [{"role": "system", "content": "hi"}]})
    assert no_user.status_code == 400 and "user" in no_user.json()["error"]["message"]
    empty = c.post("/v1/chat/completions", json={"messages": []})  # OpenAI's 400, as on the Anthropic drop-in
    assert empty.status_code == 400 and "messages is empty" in empty.json()["error"]["message"]
    assert c.post("/v1/chat/completions", json=_request("hi", n=2)).status_code == 400
    other = c.post("/v1/chat/completions", json=_request("hi"), headers={"X-Threadkeep-Conversation": "nope"})
    assert other.status_code == 404
    parts = c.post(
        "/v1/chat/completions",
        json={
            "messages": [
                {"role": "user", "content": [{"type": "text", "text": "in"}, {"type": "text", "text": "parts"}]}
            ]
        },
    )
    assert parts.json()["choices"][0]["message"]["content"] == "echo: in\nparts"

    api.model.add(Step(error=ProviderTimeout("took too long", provider="scripted")))
    failed = c.post("/v1/chat/completions", json=_request("slow"))
    assert failed.status_code == 502 and failed.json()["error"]["type"] == "provider_timeout"
    # The kept message can be found and retried: the body names both ids (docs/API.md).
    error = failed.json()["error"]
    assert error["conversation_id"] == failed.headers["X-Threadkeep-Conversation"]
    assert error["user_message_id"] and error["retryable"] is True


def test_models_and_a_surface_key_acting_for_a_person(api: ApiHarness) -> None:  # noqa: F811
    surface = api.client(api.key("surface"), **{"X-Threadkeep-User": "frank"})
    models = surface.get("/v1/models").json()
    assert models["object"] == "list" and models["data"][0]["id"] == "scripted"
    r = surface.post("/v1/chat/completions", json=_request("from a bridge"))
    assert r.status_code == 200
    cid = r.headers["X-Threadkeep-Conversation"]
    other = api.client(api.key("surface"), **{"X-Threadkeep-User": "grace"})
    assert (
        other.post(
            "/v1/chat/completions", json=_request("hijack"), headers={"X-Threadkeep-Conversation": cid}
        ).status_code
        == 404
    )


def test_a_malformed_json_body_says_so(api: ApiHarness) -> None:  # noqa: F811
    key, _ = api.person_key()
    c = api.client(key, **{"Content-Type": "application/json"})
    r = c.post("/v1/chat/completions", content=b'{"messages": [{"role": "user" "content": "hi"}]}')
    assert r.status_code == 400  # OpenAI answers a malformed body with 400, never 422
    message = r.json()["error"]["message"]
    assert message.startswith("the request body is not valid JSON at character ") and "delimiter" in message
