"""Issue 3 on real storage: folds in one transaction, exactly once, never the tail, retried."""

from __future__ import annotations

import asyncio
import os

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from sqlalchemy import select

from threadkeep.crypto import MasterKey
from threadkeep.engine.background import FOLD_MODEL_TRIES
from threadkeep.engine.window import summary_state
from threadkeep.errors import ProviderServerError
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.memory.summary.folding import FoldResult
from threadkeep.memory.summary.items import render_summary
from threadkeep.store.cache_tables import MemoryCall
from threadkeep.store.models import Conversation, Job, SummaryVersion

from .helpers import open_memory, unique_user


def _versions(m, cid):  # type: ignore[no-untyped-def]
    with m.db.session() as s:
        return [
            (v.version, v.cursor, v.method)
            for v in s.scalars(
                select(SummaryVersion).where(SummaryVersion.conversation_id == cid).order_by(SummaryVersion.version)
            )
        ]


def _conv(m, cid) -> Conversation:  # type: ignore[no-untyped-def]
    with m.db.session() as s:
        return s.get(Conversation, cid)


async def test_folds_advance_cursor_keep_tail_and_keep_versions(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(responder=lambda r: "Noted."))
    user = unique_user()
    r = await m.send("We decided to use PostgreSQL for the storage layer.", user=user)
    cid = r.conversation_id
    await m.send("Marina is the tech lead on Borealis.", user=user, conversation_id=cid)
    for i in range(30):
        await m.send(f"small talk number {i}", user=user, conversation_id=cid)
        await m.drain_jobs()
    conv = _conv(m, cid)
    assert conv.message_count == 64
    assert 0 < conv.summary_cursor <= conv.message_count - 16
    versions = _versions(m, cid)
    assert [v for v, _, _ in versions] == list(range(1, len(versions) + 1))
    assert all(method == "extractive" for _, _, method in versions)
    # Each fold starts where the previous ended: every folded message exactly once.
    cursors = [c for _, c, _ in versions]
    assert cursors == sorted(set(cursors))
    with m.db.session() as s:
        state = summary_state(s, m.vault, conv)
    text = render_summary(state)
    assert "PostgreSQL" in text and "Marina" in text
    # The next request holds the summary, and the history starts after the cursor.
    last = await m.send("What did we decide about storage?", user=user, conversation_id=cid)
    request = m.model.calls[-1]
    names = [seg.name for seg in request.segments]
    assert names.index("summary") < names.index("history") < names.index("new_message")
    summary_text = next(seg for seg in request.segments if seg.name == "summary").messages[0].text
    assert "PostgreSQL" in summary_text
    history = next(seg for seg in request.segments if seg.name == "history").messages
    # Every message after the cursor, and recall notes of those turns (docs/CACHE.md §9).
    said = [x for x in history if not x.text.startswith("<recalled_note>")]
    assert len(said) == conv.message_count - conv.summary_cursor
    assert last.report["summary_cursor"] == conv.summary_cursor
    await m.close()


async def test_failed_fold_leaves_cursor_and_is_retried(backend, settings, monkeypatch) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(responder=lambda r: "ok"))
    user = unique_user()
    r = await m.send("Decision: we ship on Friday.", user=user)
    cid = r.conversation_id
    import threadkeep.memory.summary.folding as tc

    real = tc.afold_summary
    calls = {"n": 0}

    async def flaky(*a, **kw):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("summariser crashed")
        return await real(*a, **kw)

    monkeypatch.setattr(tc, "afold_summary", flaky)
    for i in range(16):
        await m.send(f"line {i}", user=user, conversation_id=cid)
    await m.drain_jobs()
    assert _conv(m, cid).summary_cursor == 0  # the failed fold moved nothing
    with m.db.session() as s:
        job = s.scalar(select(Job).where(Job.dedupe_key == f"fold:{cid}"))
        assert job is not None and job.status == "ready" and "summariser crashed" in job.last_error
        job.run_after = job.created_at  # make the retry due now
    await m.drain_jobs()
    conv = _conv(m, cid)
    assert conv.summary_cursor > 0 and _versions(m, cid)[-1][1] == conv.summary_cursor
    await m.close()


async def test_model_fold_waits_out_a_failing_provider_then_falls_back(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    fold_model = ScriptedModel(responder=lambda r: Step(error=ProviderServerError("down", status=503)))
    m = open_memory(
        f"sqlite:///{tmp_path / 'f.db'}",
        MasterKey(os.urandom(32), "t"),
        settings,
        ScriptedModel(responder=lambda r: "ok"),
        fold_model=fold_model,
    )
    user = unique_user()
    r = await m.send("We agreed that Olga owns the migration.", user=user)
    for i in range(16):
        await m.send(f"filler {i}", user=user, conversation_id=r.conversation_id)
    for attempt in range(1, FOLD_MODEL_TRIES + 1):
        await m.drain_jobs()
        versions = _versions(m, r.conversation_id)
        if attempt < FOLD_MODEL_TRIES:  # the cursor waits while the job is retried later
            assert versions == [] and _conv(m, r.conversation_id).summary_cursor == 0
            with m.db.session() as s:
                job = s.scalar(select(Job).where(Job.dedupe_key == f"fold:{r.conversation_id}"))
                assert job is not None and "down" in job.last_error
                job.run_after = job.created_at  # make the retry due now
    assert fold_model.calls, "the fold model was asked first"
    assert versions and versions[-1][2] == "extractive"
    with m.db.session() as s:
        (call,) = s.scalars(select(MemoryCall).where(MemoryCall.kind == "fold")).all()
        assert call.method == "extractive" and call.fallback == "provider error: ProviderServerError"
    await m.close()


async def test_concurrent_folds_cannot_fold_twice(tmp_path, settings) -> None:
    m = open_memory(
        f"sqlite:///{tmp_path / 'c.db'}",
        MasterKey(os.urandom(32), "t"),
        settings,
        ScriptedModel(responder=lambda r: "ok"),
    )
    user = unique_user()
    r = await m.send("start", user=user)
    for i in range(16):
        await m.send(f"m{i}", user=user, conversation_id=r.conversation_id)
    # Two workers prepare the same fold; only one commit may land.
    a = m.background.folds.prepare_fold(r.conversation_id)
    b = m.background.folds.prepare_fold(r.conversation_id)
    assert a is not None and b is not None and a.span == b.span
    assert m.background.folds.commit_fold(r.conversation_id, a, FoldResult(a.state, (), (), "extractive")) is True
    assert m.background.folds.commit_fold(r.conversation_id, b, FoldResult(b.state, (), (), "extractive")) is False
    assert len(_versions(m, r.conversation_id)) == 1
    await m.close()


@pytest.fixture(scope="module")
def shared_memory(tmp_path_factory):  # type: ignore[no-untyped-def]
    from threadkeep.config import Settings

    d = tmp_path_factory.mktemp("prop")
    m = open_memory(
        f"sqlite:///{d / 'p.db'}",
        MasterKey(os.urandom(32), "t"),
        Settings(home=d),
        ScriptedModel(responder=lambda r: "ok"),
    )
    yield m
    m.db.dispose()


ACTIONS = st.lists(st.sampled_from(["turn", "turn", "turn", "fail", "fold", "race"]), min_size=5, max_size=70)


@hsettings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_cursor_invariants_over_random_turns_failures_and_races(shared_memory, actions) -> None:
    m = shared_memory
    loop = asyncio.new_event_loop()
    try:
        user = unique_user()
        r = loop.run_until_complete(m.send("first", user=user))
        cid = r.conversation_id
        m.model.add()  # responder answers every turn
        for action in actions:
            if action == "turn":
                loop.run_until_complete(m.send("x", user=user, conversation_id=cid))
            elif action == "fail":
                m.model.add(Step(error=ProviderServerError("boom", status=500)))
                with pytest.raises(ProviderServerError):
                    loop.run_until_complete(m.send("lost?", user=user, conversation_id=cid))
            elif action == "fold":
                loop.run_until_complete(m.background.folds.fold_once(cid))
            else:
                a = m.background.folds.prepare_fold(cid)
                b = m.background.folds.prepare_fold(cid)
                if a is not None and b is not None:
                    won = [
                        m.background.folds.commit_fold(cid, p, FoldResult(p.state, (), (), "extractive"))
                        for p in (a, b)
                    ]
                    assert won == [True, False]
            conv = _conv(m, cid)
            versions = _versions(m, cid)
            prev = 0
            for _, cursor, _ in versions:
                assert cursor > prev  # folds never overlap: each message folded once
                prev = cursor
            assert conv.summary_cursor == prev
            # The tail is never folded: at least 16 messages stay verbatim after a fold.
            assert conv.summary_cursor == 0 or conv.summary_cursor <= conv.message_count - 16
        view = loop.run_until_complete(m.get_conversation(cid, user=user))
        assert [x.seq for x in view.messages] == list(range(1, len(view.messages) + 1))
        # An identical message resent right after a failed attempt reuses the failed row
        # (issue 15): failures in a row, with no other message between them, are one row.
        message_actions = [a for a in actions if a in ("turn", "fail")]
        n_fail = sum(
            1 for i, a in enumerate(message_actions) if a == "fail" and (i == 0 or message_actions[i - 1] != "fail")
        )
        assert sum(1 for x in view.messages if x.status == "failed") == n_fail
    finally:
        loop.close()


async def test_items_leaving_the_summary_become_facts_first(tmp_path, settings) -> None:
    from threadkeep.memory.summary.items import Item

    m = open_memory(
        f"sqlite:///{tmp_path / 'e.db'}",
        MasterKey(os.urandom(32), "t"),
        settings,
        ScriptedModel(responder=lambda r: "I work at Initech too."),
    )
    user = unique_user()
    r = await m.send("I work at Vandelay Industries.", user=user)
    with m.db.session() as s:
        uid = s.get(Conversation, r.conversation_id).user_id
        item = Item("i1", "context", "I work at Vandelay Industries.", (r.user_message_id,), 1, 1, 1)
        answer_item = Item("i2", "context", "I work at Initech too.", (r.assistant_message_id,), 1, 2, 2)
        assert m.background.folds.promote(s, uid, [item, answer_item]) == 1
    from threadkeep.engine import people as facts_api

    facts = await facts_api.list_facts(m, user=user)
    assert [(f["key"], f["value"]) for f in facts] == [("said:work", "I work at Vandelay Industries.")]
    await m.close()
