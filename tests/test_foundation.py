"""Issue 2: conversations, two-row turns, failures and retry, cascade, export, bad input."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from threadkeep.errors import (
    Conflict,
    EmptyMessage,
    InvalidText,
    MessageTooLarge,
    NotFound,
    ProviderRateLimited,
    ProviderServerError,
)
from threadkeep.events import AnswerDelta, ConversationOpened, MessageStored, TurnDone, TurnFailed
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.store.models import Conversation, Message, SummaryVersion  # noqa: F401

from .helpers import open_memory, unique_user


def _count(memory, model, **where) -> int:  # type: ignore[no-untyped-def]
    with memory.db.session() as s:
        stmt = select(func.count()).select_from(model)
        for k, v in where.items():
            stmt = stmt.where(getattr(model, k) == v)
        return int(s.scalar(stmt) or 0)


async def test_turn_writes_two_rows_and_continues_lazily(backend, settings) -> None:
    url, key = backend
    model = ScriptedModel(["first answer", "second answer"])
    m = open_memory(url, key, settings, model)
    user = unique_user()
    r1 = await m.send("hello there", user=user)
    assert r1.created and r1.text == "first answer"
    assert _count(m, Message, conversation_id=r1.conversation_id) == 2
    r2 = await m.send("and again", user=user, conversation_id=r1.conversation_id)
    assert not r2.created and r2.conversation_id == r1.conversation_id
    view = await m.get_conversation(r1.conversation_id, user=user)
    assert [(x.role, x.text, x.seq) for x in view.messages] == [
        ("user", "hello there", 1),
        ("assistant", "first answer", 2),
        ("user", "and again", 3),
        ("assistant", "second answer", 4),
    ]
    assert all(x.status in ("answered", "ok") for x in view.messages)
    # Without an id a new conversation opens; the first one is untouched.
    model.add("third")
    r3 = await m.send("new thread", user=user)
    assert r3.created and r3.conversation_id != r1.conversation_id
    model.assert_done()
    await m.close()


async def test_ids_are_random_uuids(backend, settings) -> None:
    import uuid

    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(["a"]))
    r = await m.send("x", user=unique_user())
    for value in (r.conversation_id, r.user_message_id, r.assistant_message_id):
        assert uuid.UUID(value).version == 4
    await m.close()


async def test_unknown_or_foreign_conversation_is_not_found(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(["a"]))
    alice, bob = unique_user(), unique_user()
    r = await m.send("alice's secret thread", user=alice)
    with pytest.raises(NotFound):
        await m.send("sneaky", user=bob, conversation_id=r.conversation_id)
    with pytest.raises(NotFound):
        await m.send("lost", user=alice, conversation_id="00000000-0000-4000-8000-000000000000")
    with pytest.raises(NotFound):
        await m.get_conversation(r.conversation_id, user=bob)
    # Nothing was created by the refused attempts.
    assert len(await m.list_conversations(user=alice)) == 1
    assert not await m.list_conversations(user=bob)
    assert _count(m, Message, conversation_id=r.conversation_id) == 2
    await m.close()


async def test_model_failure_keeps_message_and_retry_completes(backend, settings) -> None:
    url, key = backend
    model = ScriptedModel([Step(error=ProviderServerError("upstream 503", status=503)), "recovered"])
    m = open_memory(url, key, settings, model)
    user = unique_user()
    events = [ev async for ev in m.stream("please answer", user=user)]
    assert isinstance(events[0], ConversationOpened) and isinstance(events[1], MessageStored)
    failed = events[-1]
    assert isinstance(failed, TurnFailed) and failed.retryable and "503" in failed.error
    view = await m.get_conversation(failed.conversation_id, user=user)
    assert [(x.role, x.status, x.text) for x in view.messages] == [("user", "failed", "please answer")]
    retried = [ev async for ev in m.retry(failed.user_message_id, user=user)]
    done = retried[-1]
    assert isinstance(done, TurnDone) and done.text == "recovered"
    view = await m.get_conversation(failed.conversation_id, user=user)
    assert [(x.role, x.status) for x in view.messages] == [("user", "answered"), ("assistant", "ok")]
    with pytest.raises(Conflict):
        [ev async for ev in m.retry(failed.user_message_id, user=user)]
    model.assert_done()
    await m.close()


async def test_send_raises_the_provider_error_class(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel([Step(error=ProviderRateLimited("slow down", retry_after=3))]))
    user = unique_user()
    with pytest.raises(ProviderRateLimited):
        await m.send("hi", user=user)
    (conv,) = await m.list_conversations(user=user)
    assert _count(m, Message, conversation_id=conv.id, status="failed") == 1
    await m.close()


async def test_interrupted_stream_marks_turn_failed(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel([Step(text="a long answer " * 20, chunk=4)]))
    user = unique_user()
    stream = m.stream("tell me", user=user)
    async for ev in stream:
        if isinstance(ev, AnswerDelta):
            break  # the client goes away mid-answer
    await stream.aclose()
    (conv,) = await m.list_conversations(user=user)
    assert _count(m, Message, conversation_id=conv.id, role="assistant") == 0
    assert _count(m, Message, conversation_id=conv.id, status="failed") == 1
    await m.close()


async def test_list_rename_delete_cascade(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(responder=lambda req: "ok"))
    user = unique_user()
    first = await m.send("first thread", user=user)
    second = await m.send("second thread", user=user)
    listed = await m.list_conversations(user=user)
    assert [c.id for c in listed] == [second.conversation_id, first.conversation_id]
    assert listed[1].title == "first thread"
    await m.rename(first.conversation_id, "Renamed ✓ Переименовано", user=user)
    assert (await m.get_conversation(first.conversation_id, user=user)).title == "Renamed ✓ Переименовано"
    # A summary version under the conversation goes with it.
    with m.db.session() as s:
        uid = s.scalar(select(Conversation.user_id).where(Conversation.id == first.conversation_id))
        s.add(
            SummaryVersion(
                conversation_id=first.conversation_id,
                user_id=uid,
                version=1,
                cursor=0,
                state_ct=b"x",
                method="extractive",
            )
        )
    await m.delete_conversation(first.conversation_id, user=user)
    assert _count(m, Message, conversation_id=first.conversation_id) == 0
    assert _count(m, SummaryVersion, conversation_id=first.conversation_id) == 0
    assert _count(m, Message, conversation_id=second.conversation_id) == 2
    with pytest.raises(NotFound):
        await m.get_conversation(first.conversation_id, user=user)
    await m.close()


async def test_export_markdown_and_json_show_only_the_conversation(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(["ответ 答え"]))
    user = unique_user()
    r = await m.send("Привет! こんにちは", user=user)
    md = await m.export(r.conversation_id, user=user, format="markdown")
    assert "Привет! こんにちは" in md and "ответ 答え" in md and "**You**" in md
    data = json.loads(await m.export(r.conversation_id, user=user, format="json"))
    assert [x["text"] for x in data["messages"]] == ["Привет! こんにちは", "ответ 答え"]
    assert set(data) == {
        "id",
        "title",
        "channel",
        "created_at",
        "last_activity_at",
        "message_count",
        "keep_warm",
        "messages",
    }
    await m.close()


@pytest.mark.parametrize(
    ("text", "error", "fragment"),
    [
        ("", EmptyMessage, "empty"),
        ("   \n\t", EmptyMessage, "empty"),
        ("a\x00b", InvalidText, "NUL"),
        (b"\xff\xfe broken", InvalidText, "UTF-8"),
        ("x" * 2001, MessageTooLarge, "2001 bytes; the limit is 2000 bytes"),
    ],
)
async def test_bad_input_is_refused_and_nothing_stored(backend, settings, text, error, fragment) -> None:
    url, key = backend
    settings.max_message_bytes = 2000
    m = open_memory(url, key, settings, ScriptedModel())
    user = unique_user()
    with pytest.raises(error, match=fragment):
        await m.send(text, user=user)
    # Refused before anything was written: not even the person was created.
    with pytest.raises(NotFound):
        await m.user_id(user)
    await m.close()


async def test_concurrent_turns_keep_order_and_lose_nothing(backend, settings) -> None:
    import asyncio

    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(responder=lambda req: Step(text="ok", delay=0.01)))
    user = unique_user()
    r = await m.send("start", user=user)
    await asyncio.gather(*(m.send(f"msg {i}", user=user, conversation_id=r.conversation_id) for i in range(8)))
    view = await m.get_conversation(r.conversation_id, user=user)
    seqs = [x.seq for x in view.messages]
    assert seqs == list(range(1, 19))
    assert sorted(x.text for x in view.messages if x.role == "user") == sorted(
        ["start"] + [f"msg {i}" for i in range(8)]
    )
    assert sum(1 for x in view.messages if x.role == "assistant") == 9
    await m.close()


async def test_feedback_up_down_clear(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(["rated answer"]))
    user = unique_user()
    r = await m.send("rate me", user=user)
    await m.set_feedback(r.assistant_message_id, "up", user=user)
    assert (await m.get_conversation(r.conversation_id, user=user)).messages[1].rating == "up"
    await m.set_feedback(r.assistant_message_id, "down", user=user)
    assert (await m.get_conversation(r.conversation_id, user=user)).messages[1].rating == "down"
    await m.set_feedback(r.assistant_message_id, None, user=user)
    assert (await m.get_conversation(r.conversation_id, user=user)).messages[1].rating is None
    with pytest.raises(Conflict):
        await m.set_feedback(r.user_message_id, "up", user=user)
    other = unique_user()
    await m.user_id(other, create=True)
    with pytest.raises(NotFound):
        await m.set_feedback(r.assistant_message_id, "up", user=other)
    await m.close()


async def test_background_sweep_fails_turns_left_pending(tmp_path, settings) -> None:
    import os as _os
    from datetime import timedelta

    from sqlalchemy import update

    from threadkeep.crypto import MasterKey
    from threadkeep.store.base import utcnow

    m = open_memory(f"sqlite:///{tmp_path / 's.db'}", MasterKey(_os.urandom(32), "t"), settings, ScriptedModel(["ok"]))
    user = unique_user()
    r = await m.send("hello", user=user)
    with m.db.session() as s:  # as if the database vanished mid-turn: left pending, long ago
        s.execute(
            update(Message)
            .where(Message.id == r.user_message_id)
            .values(status="pending", created_at=utcnow() - timedelta(hours=1))
        )
    m.start_background(keep_warm=False)
    import asyncio as _asyncio

    for _ in range(100):
        view = await m.get_conversation(r.conversation_id, user=user)
        if view.messages[0].status == "failed":
            break
        await _asyncio.sleep(0.05)
    assert view.messages[0].status == "failed"
    await m.close()
