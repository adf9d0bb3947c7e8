"""Digests: what repeats across conversations, sealed, and built only by the background job."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import func, select

from tests.helpers import open_memory, unique_user
from threadkeep.engine import digest
from threadkeep.engine.insight_jobs import enqueue_digests, install
from threadkeep.jobs import JobRunner
from threadkeep.memory.summary.items import Item, SummaryState, summary_to_json
from threadkeep.store.base import utcnow
from threadkeep.store.insights_tables import Digest
from threadkeep.store.models import Job, SummaryVersion


def _plant_summary(memory: Any, cid: str, uid: str) -> None:
    items = (
        Item("q1", "questions", "Who signs off the hiring budget?", ("m",), 3, 1, 1),
        Item("q2", "questions", "Which office gets the new desks?", ("m",), 3, 2, 2, resolved=True),
        Item("d1", "decisions", "Hiring freeze lifted in January", ("m",), 4, 3, 3),
    )

    def run(s: Any) -> None:
        row = SummaryVersion(conversation_id=cid, user_id=uid, version=1, cursor=0, state_ct=b"", method="test")
        s.add(row)
        s.flush()
        row.state_ct = memory.vault.seal(
            s,
            uid,
            summary_to_json(SummaryState(items=items, next_seq=4)),
            table="summary_versions",
            column="state",
            row_id=row.id,
        )

    memory.db.write(run)


def test_digest_keeps_what_recurs_across_conversations(backend: Any, settings: Any) -> None:
    url, key = backend
    memory = open_memory(url, key, settings)
    user = unique_user()

    async def talk() -> tuple[str, str]:
        a = await memory.send("We need to review the hiring budget before Friday.", user=user)
        await memory.send("The hiring plan also needs a recruiter.", user=user, conversation_id=a.conversation_id)
        b = await memory.send("Hiring budget again: we decided to hire two engineers.", user=user)
        await memory.send("Tell me about the weather in Rome.", user=user)
        return a.conversation_id, b.conversation_id

    try:
        cid, _ = asyncio.run(talk())
        uid = asyncio.run(memory.user_id(user))
        _plant_summary(memory, cid, uid)
        start, end = digest.period_bounds("week", utcnow().date())
        assert (
            memory.db.write(
                lambda s: digest.run_digests(s, memory.vault, period="week", start=start, end=end, user_id=uid)
            )
            == 1
        )
        (view,) = memory.db.write(lambda s: digest.list_digests(s, memory.vault, user_id=uid))
        topics = {t["topic"]: t for t in view.body["topics"]}
        assert topics["hiring"]["conversations"] == 2 and topics["budget"]["conversations"] == 2
        # A topic of one conversation only is not a digest topic.
        assert not {"weather", "rome"} & set(topics)
        decisions = [d["text"] for d in view.body["decisions"]]
        assert "Hiring budget again: we decided to hire two engineers." in decisions
        assert "Hiring freeze lifted in January" in decisions
        open_items = [o["text"] for o in view.body["open_items"]]
        assert "We need to review the hiring budget before Friday." in open_items
        assert "Who signs off the hiring budget?" in open_items
        assert "Which office gets the new desks?" not in open_items  # resolved in its summary
        assert view.conversations == 3 and view.period == "week" and view.start == start.isoformat()
        # It holds no conversation's thread: the one-off conversation's words are nowhere in it.
        assert "Rome" not in str(view.to_dict())
        # Sealed with the person's key like everything else derived from their words.
        with memory.db.reading() as s:
            body = s.scalar(select(Digest.body_ct).where(Digest.user_id == uid))
        assert body is not None and b"hiring" not in body.lower()
        # Running again replaces the period's digest rather than adding one.
        memory.db.write(lambda s: digest.run_digests(s, memory.vault, period="week", start=start, end=end, user_id=uid))
        with memory.db.reading() as s:
            assert s.scalar(select(func.count()).select_from(Digest).where(Digest.user_id == uid)) == 1
    finally:
        asyncio.run(memory.close())


def test_no_digest_work_happens_inside_a_turn(backend: Any, settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    url, key = backend
    memory = open_memory(url, key, settings)
    install(memory)
    calls: list[str] = []
    real = digest.build_digest

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append("build")
        return real(*args, **kwargs)

    monkeypatch.setattr(digest, "build_digest", counting)
    user = unique_user()
    try:

        async def turns() -> None:
            first = await memory.send("The roadmap review is on Monday.", user=user)
            await memory.send(
                "Roadmap review: we decided to cut scope.", user=user, conversation_id=first.conversation_id
            )
            await memory.send("Roadmap again, for the board.", user=user)

        asyncio.run(turns())
        uid = asyncio.run(memory.user_id(user))
        mine = select(func.count()).select_from(Digest).where(Digest.user_id == uid)
        # The turns queued their own work but no digest work, and built nothing.
        assert calls == []
        with memory.db.reading() as s:
            assert s.scalar(mine) == 0
            assert (
                s.scalar(select(func.count()).select_from(Job).where(Job.kind == "digests", Job.status != "done")) == 0
            )
        # The background job builds it.
        memory.db.write(lambda s: enqueue_digests(s, period="week", start=utcnow().date(), person=user))
        # Only the digests kind: the PostgreSQL test database is shared with other tests' jobs.
        asyncio.run(JobRunner(memory.db, {"digests": memory.runner.handlers["digests"]}).drain())
        assert calls
        with memory.db.reading() as s:
            assert s.scalar(mine) == 1
    finally:
        asyncio.run(memory.close())


def test_periods() -> None:
    from datetime import date

    assert digest.period_bounds("week", date(2026, 11, 29)) == (date(2026, 11, 23), date(2026, 11, 30))
    assert digest.period_bounds("month", date(2026, 12, 15)) == (date(2026, 12, 1), date(2027, 1, 1))
    assert digest.previous_period("month", date(2026, 1, 3)) == (date(2025, 12, 1), date(2026, 1, 1))
    with pytest.raises(ValueError):
        digest.period_bounds("year", date(2026, 1, 1))
