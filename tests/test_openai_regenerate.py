"""Regenerate through the OpenAI drop-in (issue 28, item 2), with the official ``openai`` SDK:
the same history without its last answer, sent again on purpose, answers the same conversation
again — the new answer replaces the last one, the old one is kept as an earlier version, the
export shows the current one, and facts are not learnt twice; an SDK retry of the same request
still gets the stored answer."""

from __future__ import annotations

import asyncio
import io
import json
import time
import zipfile
from collections.abc import Iterator
from typing import Any

import openai
import pytest
from sqlalchemy import select

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from tests.test_openai_tools import _problems
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.llm.scripted import Step
from threadkeep.messages import ModelRequest
from threadkeep.store.models import AnswerVersion, Conversation, Job, Message, User

WINDOW_S = 2.0


def numbered() -> Any:
    """The stand-in: ``answer #N to <message>``, N counting every call."""
    calls = {"n": 0}

    def respond(request: ModelRequest) -> Step:
        calls["n"] += 1
        new = next(seg for seg in request.segments if seg.name == "new_message").messages[-1].text
        return Step(text=f"answer #{calls['n']} to {new}", chunk=5)

    return respond


@pytest.fixture
def live(backend: tuple[str, MasterKey], settings: Settings) -> Iterator[ApiHarness]:
    """A live server on each database (SQLite and PostgreSQL) with the numbering stand-in."""
    url, key = backend
    s = settings.model_copy(update={"embeddings": False, "regenerate_after_s": WINDOW_S})
    h = start_harness(url, key, s, responder=numbered())
    try:
        yield h
    finally:
        stop_harness(h)


def _say(client: openai.OpenAI, messages: list[dict[str, Any]], *, stream: bool = False, **extra: Any) -> str:
    if stream:
        chunks = client.chat.completions.create(model="any", messages=messages, stream=True, **extra)  # type: ignore[arg-type]
        return "".join(ch.choices[0].delta.content or "" for ch in chunks if ch.choices)
    done = client.chat.completions.create(model="any", messages=messages, **extra)  # type: ignore[arg-type]
    return done.choices[0].message.content or ""


def _stored(h: ApiHarness, person: str) -> tuple[list[list[tuple[str, str]]], list[str]]:
    """Every conversation's rows, and the earlier versions of the person's answers (oldest first)."""
    from threadkeep.store import repo

    with h.memory.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == person))
        convs = []
        for conv in s.scalars(select(Conversation).where(Conversation.user_id == uid)):
            msgs = s.scalars(select(Message).where(Message.conversation_id == conv.id).order_by(Message.seq))
            convs.append([(m.role, repo.open_message_text(s, h.memory.vault, m)) for m in msgs])
        versions = [
            h.memory.vault.open_text(s, uid, v.text_ct, table="answer_versions", column="text", row_id=v.id)
            for v in s.scalars(
                select(AnswerVersion).where(AnswerVersion.user_id == uid).order_by(AnswerVersion.version)
            )
        ]
        return convs, versions


def _fact_jobs(h: ApiHarness, message_text: str, person: str) -> int:
    from threadkeep.store import repo

    with h.memory.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == person))
        mid = next(
            m.id
            for m in s.scalars(select(Message).where(Message.user_id == uid, Message.role == "user"))
            if repo.open_message_text(s, h.memory.vault, m) == message_text
        )
        # Done jobs stay (their dedupe key cleared): every facts job ever queued for it.
        return sum(1 for p in s.scalars(select(Job.payload).where(Job.kind == "facts")) if p.get("message_id") == mid)


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_regenerate_replaces_the_last_answer_and_keeps_the_old_one(live: ApiHarness, stream: bool) -> None:
    key, person = live.person_key()
    client = openai.OpenAI(base_url=f"{live.url}/v1", api_key=key, max_retries=0, timeout=30)
    live.clients.append(client)  # type: ignore[arg-type]
    history: list[dict[str, Any]] = [{"role": "user", "content": "I live in Lisbon."}]
    a1 = _say(client, history, stream=stream)
    history += [{"role": "assistant", "content": a1}, {"role": "user", "content": "Name a dish to cook tonight."}]
    first = _say(client, history, stream=stream)
    asyncio.run(live.memory.drain_jobs())
    calls = len(live.model.calls)

    # A retry (the same request at once, as the SDK resends after a timeout): the stored answer.
    assert _say(client, history, stream=stream) == first and len(live.model.calls) == calls

    # Regenerate, asked for explicitly: a new answer in the same conversation, the old one kept.
    second = _say(client, history, stream=stream, extra_headers={"X-Threadkeep-Regenerate": "true"})
    assert second != first and second.startswith("answer #") and len(live.model.calls) == calls + 1
    regenerated = live.model.calls[-1]
    # The model answered the same message from the history before it, without the old answer.
    said = [m.text for seg in regenerated.segments if seg.name == "history" for m in seg.messages]
    assert "I live in Lisbon." in said[0] and first not in " ".join(said)
    convs, versions = _stored(live, person)
    turn = [("user", "I live in Lisbon."), ("assistant", a1), ("user", "Name a dish to cook tonight.")]
    assert convs == [[*turn, ("assistant", second)]] and versions == [first]

    # Later than the retry window, the same request regenerates by itself (a chat UI's button).
    time.sleep(WINDOW_S + 0.5)
    third = _say(client, history, stream=stream)
    assert third not in (first, second)
    convs, versions = _stored(live, person)
    assert convs == [[*turn, ("assistant", third)]] and versions == [first, second]

    # The export shows the current answer only; facts were mined once from the message.
    cid = client.chat.completions.with_raw_response.create(
        model="any",
        messages=[  # type: ignore[arg-type]
            *history,
            {"role": "assistant", "content": third},
            {"role": "user", "content": "Thanks"},
        ],
    ).headers["X-Threadkeep-Conversation"]
    exported = live.client(key).get(f"/v1/conversations/{cid}/export", params={"format": "markdown"}).text
    assert third in exported and first not in exported and second not in exported
    asyncio.run(live.memory.drain_jobs())
    assert _fact_jobs(live, "Name a dish to cook tonight.", person) == 1
    # The personal export (everything held about the person) carries the earlier versions too.
    with zipfile.ZipFile(io.BytesIO(live.client(key).get("/v1/me/export").content)) as zf:
        rows = json.loads(zf.read(f"conversations/{cid}.json"))["messages"]
    (regenerated_row,) = [r for r in rows if r.get("earlier_versions")]
    assert regenerated_row["text"] == third
    assert [v["text"] for v in regenerated_row["earlier_versions"]] == [first, second]
    # The next turn (the client holds the regenerated answer) continued the same conversation.
    convs, _ = _stored(live, person)
    assert len(convs) == 1 and convs[0][:4] == [*turn, ("assistant", third)] and convs[0][4] == ("user", "Thanks")
    assert _problems(live, person) == []


def test_only_the_last_answer_is_regenerated_and_a_failed_regeneration_keeps_it(live: ApiHarness) -> None:
    from threadkeep.errors import ProviderServerError

    key, person = live.person_key()
    client = openai.OpenAI(base_url=f"{live.url}/v1", api_key=key, max_retries=0, timeout=30)
    live.clients.append(client)  # type: ignore[arg-type]
    one: list[dict[str, Any]] = [{"role": "user", "content": "one"}]
    a1 = _say(client, one)
    two = [*one, {"role": "assistant", "content": a1}, {"role": "user", "content": "two"}]
    a2 = _say(client, two)

    # An older turn cannot be regenerated: a newer one was answered from it.
    with pytest.raises(openai.ConflictError, match="only the conversation's last answer"):
        _say(client, one, extra_headers={"X-Threadkeep-Regenerate": "true"})
    # Nothing to regenerate for a history never answered here.
    with pytest.raises(openai.ConflictError, match="nothing to regenerate"):
        _say(client, [{"role": "user", "content": "never sent"}], extra_body={"regenerate": True})

    # The provider fails the regeneration: the stored answer stays current, the turn answered.
    live.model.add(Step(error=ProviderServerError("upstream 500", provider="scripted")))
    with pytest.raises(openai.APIStatusError):
        _say(client, two, extra_headers={"X-Threadkeep-Regenerate": "true"})
    convs, versions = _stored(live, person)
    assert convs == [[("user", "one"), ("assistant", a1), ("user", "two"), ("assistant", a2)]] and versions == []
    with live.memory.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == person))
        assert set(s.scalars(select(Message.status).where(Message.role == "user", Message.user_id == uid))) == {
            "answered"
        }
    # A retry of the plain request still gets the stored answer.
    assert _say(client, two) == a2


def test_the_native_api_regenerates_by_message_id(live: ApiHarness) -> None:
    key, person = live.person_key()
    c = live.client(key)
    first = c.post("/v1/messages", json={"text": "Name a dish."}).json()
    again = c.post(f"/v1/messages/{first['user_message_id']}/regenerate")
    assert again.status_code == 200, again.text
    body = again.json()
    assert body["assistant_message_id"] == first["assistant_message_id"] and body["text"] != first["text"]
    convs, versions = _stored(live, person)
    assert convs == [[("user", "Name a dish."), ("assistant", body["text"])]] and versions == [first["text"]]
    later = c.post("/v1/messages", json={"text": "Another?", "conversation_id": first["conversation_id"]}).json()
    old = c.post(f"/v1/messages/{first['user_message_id']}/regenerate")
    assert old.status_code == 409 and "last answer" in old.json()["error"]["message"]
    assert c.post("/v1/messages/nope/regenerate").status_code == 404
    assert later["text"].startswith("answer #")
