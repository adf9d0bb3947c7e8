"""Issue 15, part 2: a turn sent twice is stored once.

Real servers on loopback over real databases; the provider is the scripted model (failing
with the provider errors a real adapter raises). The OpenAI test drives the official
``openai`` SDK with its default retries.
"""

from __future__ import annotations

import os
import threading

import pytest
from sqlalchemy import func, select

from tests.conftest_api import ApiHarness, api, echo_responder, start_harness, stop_harness  # noqa: F401
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.errors import ProviderServerError
from threadkeep.llm.scripted import Step
from threadkeep.store.models import Conversation, IdempotencyKey, Message, User

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def _stored(h: ApiHarness, person: str) -> tuple[int, int]:
    """(conversations, user messages) of a person."""
    with h.memory.db.session() as s:
        uid = s.scalar(select(User.id).where(User.name == person))
        convs = s.scalar(select(func.count()).select_from(Conversation).where(Conversation.user_id == uid))
        users = s.scalar(
            select(func.count()).select_from(Message).where(Message.user_id == uid, Message.role == "user")
        )
    return int(convs or 0), int(users or 0)


def _fail() -> Step:
    return Step(error=ProviderServerError("the provider answered 502", status=502))


def test_same_key_three_times_stores_one_turn(api: ApiHarness) -> None:  # noqa: F811
    c, person = api.person()
    headers = {"Idempotency-Key": "order-7f3a"}
    first = c.post("/v1/messages", json={"text": "Book the Lisbon trip"}, headers=headers)
    assert first.status_code == 200, first.text
    again = [c.post("/v1/messages", json={"text": "Book the Lisbon trip"}, headers=headers) for _ in range(2)]
    for r in again:
        assert r.status_code == 200, r.text
        body = r.json()
        for field in ("conversation_id", "user_message_id", "assistant_message_id", "text"):
            assert body[field] == first.json()[field]
        assert body["report"]["replayed"] is True
    assert _stored(api, person) == (1, 1)
    assert len(api.model.calls) == 1  # the model answered once
    # Streamed replay: the stored answer as events.
    streamed = c.post("/v1/messages", json={"text": "Book the Lisbon trip", "stream": True}, headers=headers)
    assert "event: done" in streamed.text and first.json()["assistant_message_id"] in streamed.text
    # The same key for another request is refused, and nothing is stored.
    other = c.post("/v1/messages", json={"text": "Something else"}, headers=headers)
    assert other.status_code == 422, other.text
    assert "Idempotency-Key" in other.json()["error"]["message"]
    assert _stored(api, person) == (1, 1)
    # Keys belong to their person: another person's same key is a new turn.
    c2, person2 = api.person()
    assert c2.post("/v1/messages", json={"text": "Book the Lisbon trip"}, headers=headers).status_code == 200
    assert _stored(api, person2) == (1, 1)
    assert (
        c.post("/v1/messages", json={"text": "x"}, headers={"Idempotency-Key": "é".encode("latin-1") * 3}).status_code
        == 400
    )  # type: ignore[dict-item]


def test_same_key_while_in_flight_waits_for_the_one_answer(tmp_path, settings: Settings) -> None:
    settings = settings.model_copy(update={"embeddings": False})
    h = start_harness(
        f"sqlite:///{tmp_path / 'i.db'}", MasterKey(os.urandom(32), "i"), settings, responder=echo_responder(delay=1.0)
    )
    try:
        c, person = h.person()
        out: list[dict] = []

        def send() -> None:
            r = c.post("/v1/messages", json={"text": "slow question"}, headers={"Idempotency-Key": "k-inflight"})
            out.append({"status": r.status_code, **r.json()})

        threads = [threading.Thread(target=send) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert [o["status"] for o in out] == [200, 200, 200], out
        assert len({o["assistant_message_id"] for o in out}) == 1
        assert _stored(h, person) == (1, 1) and len(h.model.calls) == 1
    finally:
        stop_harness(h)


def test_same_key_after_a_failure_answers_the_stored_message(api: ApiHarness) -> None:  # noqa: F811
    c, person = api.person()
    headers = {"Idempotency-Key": "retry-me"}
    api.model.add(_fail())
    failed = c.post("/v1/messages", json={"text": "Will this arrive?"}, headers=headers)
    assert failed.status_code == 502
    mid = failed.json()["error"]["user_message_id"]
    ok = c.post("/v1/messages", json={"text": "Will this arrive?"}, headers=headers)
    assert ok.status_code == 200, ok.text
    assert ok.json()["user_message_id"] == mid
    assert _stored(api, person) == (1, 1)
    # The retry endpoint with a key: retried once, replayed after.
    api.model.add(_fail())
    cid = ok.json()["conversation_id"]
    failed = c.post("/v1/messages", json={"text": "second", "conversation_id": cid})
    mid2 = failed.json()["error"]["user_message_id"]
    rk = {"Idempotency-Key": "retry-endpoint-1"}
    first = c.post(f"/v1/messages/{mid2}/retry", headers=rk)
    assert first.status_code == 200, first.text
    second = c.post(f"/v1/messages/{mid2}/retry", headers=rk)
    assert second.status_code == 200 and second.json()["assistant_message_id"] == first.json()["assistant_message_id"]
    assert c.post(f"/v1/messages/{mid2}/retry").status_code == 409  # no key: it is answered
    assert _stored(api, person) == (1, 2)
    with api.memory.db.session() as s:
        assert (
            s.scalar(
                select(func.count())
                .select_from(IdempotencyKey)
                .where(IdempotencyKey.key.in_(["retry-me", "retry-endpoint-1"]))
            )
            == 2
        )


def test_identical_resend_after_a_failure_reuses_the_failed_message(api: ApiHarness) -> None:  # noqa: F811
    c, person = api.person()
    api.model.add(_fail())
    failed = c.post("/v1/messages", json={"text": "Hello there"})
    assert failed.status_code == 502
    err = failed.json()["error"]
    again = c.post("/v1/messages", json={"text": "Hello there"})  # no conversation named, no key
    assert again.status_code == 200, again.text
    assert again.json()["user_message_id"] == err["user_message_id"]
    assert again.json()["conversation_id"] == err["conversation_id"]
    cid = err["conversation_id"]
    api.model.add(_fail())
    failed = c.post("/v1/messages", json={"text": "Next one", "conversation_id": cid})
    again = c.post("/v1/messages", json={"text": "Next one", "conversation_id": cid})
    assert again.json()["user_message_id"] == failed.json()["error"]["user_message_id"]
    # A different text is a new message.
    api.model.add(_fail())
    c.post("/v1/messages", json={"text": "Third", "conversation_id": cid})
    assert c.post("/v1/messages", json={"text": "Third, reworded", "conversation_id": cid}).status_code == 200
    assert _stored(api, person) == (1, 4)
    msgs = c.get(f"/v1/conversations/{cid}").json()["messages"]
    assert [m["status"] for m in msgs if m["role"] == "user"] == ["answered", "answered", "failed", "answered"]


def test_openai_sdk_default_retries_store_one_user_message(tmp_path, settings: Settings) -> None:
    openai = pytest.importorskip("openai")
    settings = settings.model_copy(update={"embeddings": False})
    h = start_harness(f"sqlite:///{tmp_path / 'o.db'}", MasterKey(os.urandom(32), "o"), settings)
    try:
        key, person = h.person_key()
        client = openai.OpenAI(base_url=f"{h.url}/v1", api_key=key)  # default: 2 retries
        # Every attempt fails: the SDK tries three times, one message is stored (failed).
        h.model.add(_fail(), _fail(), _fail())
        with pytest.raises(openai.InternalServerError):
            client.chat.completions.create(model="any", messages=[{"role": "user", "content": "Plan my week"}])
        assert len(h.model.calls) == 3  # the SDK did retry, and each retry reached the provider
        assert _stored(h, person) == (1, 1)
        # Two failures, then the provider answers: the SDK returns it, still one message.
        h.model.add(_fail(), _fail())
        done = client.chat.completions.create(model="any", messages=[{"role": "user", "content": "Plan my day"}])
        assert done.choices[0].message.content == "echo: Plan my day"
        assert _stored(h, person) == (2, 2)
        with h.memory.db.session() as s:
            statuses = sorted(
                s.scalars(
                    select(Message.status)
                    .join(User, User.id == Message.user_id)
                    .where(User.name == person, Message.role == "user")
                )
            )
        assert statuses == ["answered", "failed"]
        # With an explicit key the SDK's own idempotency_key option works the same way.
        h.model.add(_fail())
        done = client.chat.completions.create(
            model="any",
            messages=[{"role": "user", "content": "Plan it"}],
            extra_headers={"Idempotency-Key": "sdk-key-1"},
        )
        again = client.chat.completions.create(
            model="any",
            messages=[{"role": "user", "content": "Plan it"}],
            extra_headers={"Idempotency-Key": "sdk-key-1"},
        )
        assert again.id == done.id
        assert _stored(h, person) == (3, 3)
        client.close()
    finally:
        stop_harness(h)


@pytest.mark.slow
def test_openai_sdk_timeout_retries_join_the_turn_in_flight_and_replay_it(tmp_path, settings: Settings) -> None:
    """Issue 28: with a provider slower than the client's timeout, the SDK's own retries (no
    Idempotency-Key) stored the turn three times and called the model three times."""
    import time

    import openai

    settings = settings.model_copy(update={"embeddings": False})
    h = start_harness(f"sqlite:///{tmp_path / 't.db'}", MasterKey(os.urandom(32), "t"), settings)
    try:
        key, person = h.person_key()
        fast = openai.OpenAI(base_url=f"{h.url}/v1", api_key=key, max_retries=0, timeout=30)
        history = [{"role": "user", "content": "u1"}]
        a1 = fast.chat.completions.create(model="any", messages=history).choices[0].message.content
        history += [{"role": "assistant", "content": a1}, {"role": "user", "content": "u2"}]
        calls = len(h.model.calls)

        # The provider now takes 5 s; the client gives up after 2.5 s and retries twice.
        h.model.add(Step(text="echo: u2", delay=5.0, chunk=4))
        slow = openai.OpenAI(base_url=f"{h.url}/v1", api_key=key, timeout=2.5, max_retries=2)
        got = slow.chat.completions.create(model="any", messages=history)
        assert got.choices[0].message.content == "echo: u2"
        assert len(h.model.calls) == calls + 1  # one model call, whatever the SDK retried
        assert _stored(h, person) == (1, 2)  # one conversation, one pair of rows for u2

        # A retry after the turn finished gets the stored answer: no model call, no copy.
        again = fast.chat.completions.create(model="any", messages=history)
        assert again.choices[0].message.content == "echo: u2" and len(h.model.calls) == calls + 1
        # The client's next turn continues the same conversation.
        history += [{"role": "assistant", "content": "echo: u2"}, {"role": "user", "content": "u3"}]
        fast.chat.completions.create(model="any", messages=history)
        assert _stored(h, person) == (1, 3)
        cid = h.client(key).get("/v1/conversations").json()["conversations"][0]["id"]
        msgs = h.client(key).get(f"/v1/conversations/{cid}").json()["messages"]
        assert [(m["role"], m["text"]) for m in msgs] == [
            ("user", "u1"),
            ("assistant", a1),
            ("user", "u2"),
            ("assistant", "echo: u2"),
            ("user", "u3"),
            ("assistant", "echo: u3"),
        ]

        # Every attempt times out (the provider takes longer than all three): the SDK raises,
        # the turn still happens once, and the resend afterwards is answered from it.
        h.model.add(Step(text="echo: u4", delay=9.0, chunk=4))
        history += [{"role": "assistant", "content": "echo: u3"}, {"role": "user", "content": "u4"}]
        with pytest.raises(openai.APITimeoutError):
            slow.chat.completions.create(model="any", messages=history)
        time.sleep(4)  # the provider finishes the turn meanwhile
        later = openai.OpenAI(base_url=f"{h.url}/v1", api_key=key, max_retries=0, timeout=30)
        assert later.chat.completions.create(model="any", messages=history).choices[0].message.content == "echo: u4"
        assert _stored(h, person) == (1, 4)
        assert [c for c in h.model.calls[calls:] if c.segments[-1].messages[-1].text == "u4"].__len__() == 1
        for c in (fast, slow, later):
            c.close()
    finally:
        stop_harness(h)
