"""A standard OpenAI client (the official SDK, no threadkeep header) against a live server:
one conversation across turns, recognised from the history the client resends."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import openai
import pytest
from sqlalchemy import select

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.errors import ProviderServerError
from threadkeep.llm.scripted import Step
from threadkeep.memory.offline import OfflineModel
from threadkeep.store.models import Conversation, OpenAIThread, User


@pytest.fixture
def offline(backend: tuple[str, MasterKey], settings: Settings) -> Iterator[ApiHarness]:
    """A live server answering with the offline model (it quotes what threadkeep remembers)."""
    url, key = backend
    h = start_harness(url, key, settings, model=OfflineModel())  # type: ignore[arg-type]
    try:
        yield h
    finally:
        stop_harness(h)


@pytest.fixture
def echo(backend: tuple[str, MasterKey], settings: Settings) -> Iterator[ApiHarness]:
    url, key = backend
    h = start_harness(url, key, settings)
    try:
        yield h
    finally:
        stop_harness(h)


def _sdk(h: ApiHarness, key: str) -> openai.OpenAI:
    client = openai.OpenAI(base_url=f"{h.url}/v1", api_key=key, max_retries=0, timeout=30)
    h.clients.append(client)  # type: ignore[arg-type]  # closed with the harness
    return client


def _conversations(h: ApiHarness, person: str) -> list[str]:
    with h.memory.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == person))
        return list(s.scalars(select(Conversation.id).where(Conversation.user_id == uid)))


def _transcript(h: ApiHarness, key: str, cid: str) -> list[tuple[str, str]]:
    c = h.client(key)
    return [(m["role"], m["text"]) for m in c.get(f"/v1/conversations/{cid}").json()["messages"]]


def test_the_official_sdk_holds_one_conversation_and_is_answered_from_memory(offline: ApiHarness) -> None:
    key, person = offline.person_key()
    client = _sdk(offline, key)
    history: list[dict[str, str]] = [{"role": "system", "content": "You are a helpful assistant."}]

    def say(text: str, *, stream: bool = False) -> str:
        history.append({"role": "user", "content": text})
        if stream:
            chunks = client.chat.completions.create(model="gpt-4o-mini", messages=history, stream=True)  # type: ignore[arg-type]
            answer = "".join(ch.choices[0].delta.content or "" for ch in chunks if ch.choices)
        else:
            done = client.chat.completions.create(model="gpt-4o-mini", messages=history)  # type: ignore[arg-type]
            answer = done.choices[0].message.content or ""
        history.append({"role": "assistant", "content": answer})
        return answer

    say("Our launch code name is Bluebird and it ships in March.")
    second = say("What is the launch code name?")
    # Answered from threadkeep's copy of the conversation (the client's copy is never read).
    assert "(earlier in this conversation) Our launch code name is Bluebird" in second
    third = say("When does the launch ship?", stream=True)
    assert "ships in March" in third

    convs = _conversations(offline, person)
    assert len(convs) == 1, "every turn must continue the one conversation"
    stored = _transcript(offline, key, convs[0])
    # Exactly the client's messages, each once (the system prompt is threadkeep's own).
    assert stored == [(m["role"], m["content"]) for m in history[1:]]


def test_history_threadkeep_has_not_seen_is_stored_and_used(offline: ApiHarness) -> None:
    key, person = offline.person_key()
    client = _sdk(offline, key)
    # A conversation the client had elsewhere, now continued through threadkeep.
    earlier = [
        {"role": "user", "content": "The wifi password in room Aurora is hunter-two."},
        {"role": "assistant", "content": "Noted."},
    ]
    raw = client.chat.completions.with_raw_response.create(
        model="any", messages=[*earlier, {"role": "user", "content": "What is the wifi password?"}]
    )  # type: ignore[list-item]
    answer = raw.parse().choices[0].message.content or ""
    assert "The wifi password in room Aurora is hunter-two." in answer
    cid = raw.headers["X-Threadkeep-Conversation"]
    assert _transcript(offline, key, cid)[:2] == [("user", earlier[0]["content"]), ("assistant", "Noted.")]

    # The client continues, adding a turn of its own in between (threadkeep never saw it).
    history = [
        *earlier,
        {"role": "user", "content": "What is the wifi password?"},
        {"role": "assistant", "content": answer},
        {"role": "user", "content": "Printer is on floor three."},
        {"role": "assistant", "content": "Thanks."},
        {"role": "user", "content": "Which floor is the printer on?"},
    ]
    reply = client.chat.completions.with_raw_response.create(model="any", messages=history)  # type: ignore[arg-type]
    assert reply.headers["X-Threadkeep-Conversation"] == cid
    assert "Printer is on floor three." in (reply.parse().choices[0].message.content or "")
    assert _conversations(offline, person) == [cid]
    assert [t for _, t in _transcript(offline, key, cid)][4:7] == [
        "Printer is on floor three.",
        "Thanks.",
        "Which floor is the printer on?",
    ]


def test_an_edited_history_branches_and_another_person_never_matches(echo: ApiHarness) -> None:
    key, person = echo.person_key()
    client = _sdk(echo, key)
    first = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "alpha"}])
    a1 = first.choices[0].message.content or ""
    base = [{"role": "user", "content": "alpha"}, {"role": "assistant", "content": a1}]
    client.chat.completions.create(model="m", messages=[*base, {"role": "user", "content": "beta"}])  # type: ignore[list-item]
    assert len(_conversations(echo, person)) == 1
    # The client regenerates from an earlier point: a branch, not a mix of two histories.
    branch = client.chat.completions.with_raw_response.create(
        model="m", messages=[*base, {"role": "user", "content": "gamma"}]
    )  # type: ignore[list-item]
    cid = branch.headers["X-Threadkeep-Conversation"]
    assert len(_conversations(echo, person)) == 2
    assert [t for _, t in _transcript(echo, key, cid)] == ["alpha", a1, "gamma", "echo: gamma"]

    # Someone else sending the very same history gets a conversation of their own.
    key2, person2 = echo.person_key()
    other = _sdk(echo, key2).chat.completions.with_raw_response.create(
        model="m", messages=[*base, {"role": "user", "content": "beta"}]
    )  # type: ignore[list-item]
    assert other.headers["X-Threadkeep-Conversation"] not in _conversations(echo, person)
    assert len(_conversations(echo, person2)) == 1

    # The fingerprints are keyed per person: equal histories, different stored values, and
    # none is a plain hash of the text.
    with echo.memory.db.reading() as s:
        people = select(User.id).where(User.name.in_([person, person2]))
        heads = list(s.scalars(select(OpenAIThread.head).where(OpenAIThread.user_id.in_(people))))
    assert len(set(heads)) == len(heads) == 3  # one per conversation: two of the first person's, one
    plain = {hashlib.sha256(t.encode()).hexdigest() for t in ("alpha", "beta", "gamma", a1, "alpha\x00" + a1)}
    assert not plain & set(heads)


def test_a_failed_turn_resent_by_the_client_is_retried_not_duplicated(echo: ApiHarness) -> None:
    key, person = echo.person_key()
    client = _sdk(echo, key)
    first = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "one"}])
    history = [
        {"role": "user", "content": "one"},
        {"role": "assistant", "content": first.choices[0].message.content or ""},
        {"role": "user", "content": "two"},
    ]
    echo.model.add(Step(error=ProviderServerError("upstream down", provider="scripted")))
    with pytest.raises(openai.APIStatusError) as failed:
        client.chat.completions.create(model="m", messages=history)  # type: ignore[arg-type]
    assert failed.value.status_code == 502
    error = failed.value.body  # the SDK hands over the body's "error" object
    assert isinstance(error, dict)
    cid = _conversations(echo, person)[0]
    assert error["conversation_id"] == cid and error["user_message_id"]
    # The client (or the SDK's own retry) sends the same request again.
    again = client.chat.completions.create(model="m", messages=history)  # type: ignore[arg-type]
    assert again.choices[0].message.content == "echo: two"
    assert [t for _, t in _transcript(echo, key, cid)] == ["one", "echo: one", "two", "echo: two"]


def test_models_retrieve(echo: ApiHarness) -> None:
    key, _ = echo.person_key()
    client = _sdk(echo, key)
    assert client.models.retrieve("scripted").id == "scripted"
    assert [m.id for m in client.models.list()] == ["scripted"]
    with pytest.raises(openai.NotFoundError, match="answers with 'scripted'"):
        client.models.retrieve("gpt-4o")
