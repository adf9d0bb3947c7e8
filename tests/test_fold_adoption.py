"""Folds reach the request when the cache is cold anyway; idle conversations fold to the tail.

Real SQLite/PostgreSQL and the engine; the provider is the cache simulator (the one thing that
cannot be reached). The engine judges "cold" by the call log's wall-clock times, the simulator
by its own clock, so a pause moves both: the simulator's clock forward and the logged calls back.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from datetime import timedelta

import pytest
import sqlalchemy as sa
from sqlalchemy import select, text, update

from threadkeep.cache.adoption import (
    AdoptionPolicy,
    history_ttl,
    idle_fold_policy,
    is_cold,
    should_adopt,
)
from threadkeep.cache.log import last_cache_touch
from threadkeep.crypto import MasterKey
from threadkeep.engine.window import adoption_due
from threadkeep.errors import ConfigError
from threadkeep.llm.base import Capabilities
from threadkeep.memory.summary.policy import FoldPolicy, fold_range
from threadkeep.store.base import utcnow
from threadkeep.store.cache_tables import ModelCall
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation, Job
from threadkeep.testing.checks import check_database
from threadkeep.testing.proc import drop_postgres, scratch_postgres
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig

from .helpers import open_memory, unique_user

ANTHROPIC = Capabilities(cache_style="explicit", cache_ttls=(300, 3600), max_breakpoints=4)


def _memory(url, key, settings, clock):  # type: ignore[no-untyped-def]
    settings.system_prompt = "You keep long project threads in order and answer briefly. " * 120
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock, responder=lambda r: "Noted, thanks.")
    return open_memory(url, key, settings, sim), sim


def _pause(m, clock: ManualClock, cid: str, seconds: float) -> None:  # type: ignore[no-untyped-def]
    clock.advance(seconds)
    with m.db.session() as s:
        for call in s.scalars(select(ModelCall).where(ModelCall.conversation_id == cid)):
            call.started_at -= timedelta(seconds=seconds)


def _conv(m, cid: str) -> Conversation:  # type: ignore[no-untyped-def]
    with m.db.session() as s:
        conv = s.get(Conversation, cid)
        s.expunge(conv)
        return conv


def _problems(url: str, cid: str) -> list[str]:
    found = check_database(url, allow_failed_turns=True, allow_pending_turns=True)
    return [p for p in found.problems if cid in p]


def _causes(m, cid: str) -> list[str]:  # type: ignore[no-untyped-def]
    with m.db.session() as s:
        return [
            c
            for c in s.scalars(
                select(ModelCall.miss_cause)
                .where(ModelCall.conversation_id == cid, ModelCall.kind == "turn")
                .order_by(ModelCall.started_at)
            )
        ]


async def _talk(m, clock, user: str, cid: str | None, turns: int, gap: float = 30.0):  # type: ignore[no-untyped-def]
    last = None
    for i in range(turns):
        if cid is not None:
            _pause(m, clock, cid, gap)
        last = await m.send(
            f"Detail {i}: the Kestrel rollout step {i} is owned by Dana.", user=user, conversation_id=cid
        )
        cid = last.conversation_id
        await m.drain_jobs()
    return cid, last


async def test_a_fold_waits_while_the_cache_is_warm_and_lands_when_it_is_cold(backend, settings) -> None:
    url, key = backend
    clock = ManualClock()
    m, sim = _memory(url, key, settings, clock)
    user = unique_user()
    cid, _ = await _talk(m, clock, user, None, 20)
    conv = _conv(m, cid)
    assert conv.message_count == 40 and conv.summary_version >= 1  # the fold was computed
    assert conv.adopted_version == 0 and conv.adopted_cursor == 0  # ... but not sent
    causes = _causes(m, cid)
    assert causes[0] == "cold_start" and set(causes[1:]) == {"hit"}, causes
    # After a pause longer than the history entry lives, the resuming turn adopts the fold.
    _pause(m, clock, cid, 3_700)
    r = await m.send("Back from the offsite: where were we?", user=user, conversation_id=cid)
    conv = _conv(m, cid)
    assert r.report["summary_adopted"] is True
    assert (conv.adopted_version, conv.adopted_cursor) == (conv.summary_version, conv.summary_cursor)
    assert r.report["summary_cursor"] == conv.adopted_cursor > 0
    assert _causes(m, cid)[-1] in ("ttl_expired", "prefix_changed:summary")
    # The next turn reads what the resuming one wrote.
    _pause(m, clock, cid, 20)
    r = await m.send("Thanks.", user=user, conversation_id=cid)
    assert r.report["summary_adopted"] is False and _causes(m, cid)[-1] == "hit"
    assert _problems(url, cid) == []
    await m.close()


async def test_the_hard_limit_adopts_while_warm(tmp_path, settings) -> None:
    settings.fold_hard_limit = 36
    clock = ManualClock()
    m, _sim = _memory(f"sqlite:///{tmp_path / 'h.db'}", MasterKey(os.urandom(32), "t"), settings, clock)
    user = unique_user()
    cid, last = await _talk(m, clock, user, None, 18)  # 36 messages: at the limit, not past it
    assert _conv(m, cid).adopted_version == 0 and last.report["summary_adopted"] is False
    _cid, last = await _talk(m, clock, user, cid, 1)  # 37 verbatim with the new message
    conv = _conv(m, cid)
    assert last.report["summary_adopted"] is True and conv.adopted_version == conv.summary_version
    assert _causes(m, cid)[-1] == "prefix_changed:summary"  # a counted rebuild
    await m.close()


async def test_eager_adoption_and_providers_without_a_cache_fold_at_once(tmp_path, settings) -> None:
    settings.fold_adoption = "eager"
    clock = ManualClock()
    m, _sim = _memory(f"sqlite:///{tmp_path / 'e.db'}", MasterKey(os.urandom(32), "t"), settings, clock)
    user = unique_user()
    cid, last = await _talk(m, clock, user, None, 18)
    conv = _conv(m, cid)
    assert conv.summary_version >= 1 and conv.adopted_version == conv.summary_version
    with m.db.session() as s:  # eager adoption needs no idle watcher
        assert s.scalar(select(Job.id).where(Job.kind == "idle_fold")) is None
    await m.close()


async def test_an_idle_conversation_folds_to_the_tail_once_its_cache_expires(backend, settings) -> None:
    url, key = backend
    clock = ManualClock()
    m, _sim = _memory(url, key, settings, clock)
    user = unique_user()
    cid, _ = await _talk(m, clock, user, None, 14)  # 28 messages: no regular fold due
    conv = _conv(m, cid)
    assert conv.summary_version == 0

    def watcher() -> Job:
        with m.db.session() as s:
            job = s.scalar(select(Job).where(Job.dedupe_key == f"idle_fold:{cid}"))
            s.expunge(job)
            return job

    job = watcher()
    assert job.kind == "idle_fold" and job.status == "ready" and job.run_after > utcnow()
    # Run it while the cache is warm: it defers itself to the entry's expiry, not counted as a try.
    with m.db.session() as s:
        s.execute(update(Job).where(Job.id == job.id).values(run_after=utcnow()))
    assert await m.drain_jobs() == 1
    job = watcher()
    assert job.status == "ready" and job.attempts == 0
    assert timedelta(minutes=55) < job.run_after - utcnow() < timedelta(minutes=62)  # 1-hour entry
    assert _conv(m, cid).summary_version == 0
    # An hour later the cache has expired: the watcher folds the window down to the tail.
    _pause(m, clock, cid, 3_700)
    with m.db.session() as s:
        s.execute(update(Job).where(Job.id == job.id).values(run_after=utcnow()))
    await m.drain_jobs()
    conv = _conv(m, cid)
    assert conv.summary_cursor == conv.message_count - settings.fold_tail == 12
    assert conv.adopted_version == 0  # adopted by the turn that resumes, not before
    with m.db.session() as s:
        assert s.scalar(select(Job.status).where(Job.id == job.id)) == "done"
    r = await m.send("Where were we?", user=user, conversation_id=cid)
    assert r.report["summary_adopted"] is True and r.report["summary_cursor"] == 12
    assert _problems(url, cid) == []
    await m.close()


async def test_history_ttl_settings_reach_the_request(tmp_path, settings) -> None:
    # (warm turn, turn after an hour's pause, warm turn after it)
    for setting, expected in (("5m", [300, 300, 300]), ("1h", [3600, 3600, 3600]), ("auto", [3600, 300, 3600])):
        settings.cache_history_ttl = setting
        clock = ManualClock()
        m, _sim = _memory(f"sqlite:///{tmp_path / f'{setting}.db'}", MasterKey(os.urandom(32), "t"), settings, clock)
        user = unique_user()
        cid = (await m.send("The review is on Friday.", user=user)).conversation_id
        got = []
        for pause, text_ in ((20, "Dana leads it."), (3_700, "Back again."), (20, "Go on.")):
            _pause(m, clock, cid, pause)
            r = await m.send(text_, user=user, conversation_id=cid)
            assert r.report["breakpoints"][-1]["segment"] == "history"
            got.append(r.report["breakpoints"][-1]["ttl_seconds"])
        assert got == expected, setting
        await m.close()


@contextmanager
def _fresh_database(url: str):  # type: ignore[no-untyped-def]
    """An empty database on the backend's server (a new file, or a new PostgreSQL database)."""
    if url.startswith("sqlite"):
        yield url.replace("tk.db", "migrate.db")
        return
    scratch = scratch_postgres("tk_migrate")
    try:
        yield scratch
    finally:
        drop_postgres(scratch)


def test_migration_adopts_the_newest_summary_of_existing_conversations(backend) -> None:  # type: ignore[no-untyped-def]
    from alembic import command

    with _fresh_database(backend[0]) as url:
        db = Database(url)
        cfg = db.alembic_config()
        command.upgrade(cfg, "0006_insights")
        with db.engine.begin() as c:
            c.execute(text("INSERT INTO users (id, name, created_at) VALUES ('u1', 'ann', :t)"), {"t": utcnow()})
            c.execute(
                text(
                    "INSERT INTO conversations (id, user_id, channel, message_count, summary_cursor, "
                    "summary_version, keep_warm, created_at, last_activity_at) VALUES "
                    "('c1', 'u1', 'api', 40, 18, 2, false, :t, :t)"
                ),
                {"t": utcnow()},
            )
        command.upgrade(cfg, "head")
        with db.engine.connect() as c:
            row = c.execute(text("SELECT adopted_version, adopted_cursor FROM conversations")).one()
        command.downgrade(cfg, "0006_insights")  # and back: the columns go
        with db.engine.connect() as c:
            columns = {col["name"] for col in sa.inspect(c).get_columns("conversations")}
        db.dispose()
    assert tuple(row) == (2, 18)
    assert "adopted_version" not in columns and "summary_version" in columns


# -- the pure decisions -------------------------------------------------------------------


def test_adoption_decisions() -> None:
    cold = AdoptionPolicy(mode="cold", hard_limit=40)
    assert not should_adopt(cold, cold=True, verbatim=50, newer_available=False)
    assert should_adopt(cold, cold=True, verbatim=20, newer_available=True)
    assert not should_adopt(cold, cold=False, verbatim=40, newer_available=True)
    assert should_adopt(cold, cold=False, verbatim=41, newer_available=True)
    assert should_adopt(AdoptionPolicy(mode="eager"), cold=False, verbatim=2, newer_available=True)
    with pytest.raises(ConfigError):
        AdoptionPolicy(mode="lazy")  # type: ignore[arg-type]

    now = utcnow()
    assert is_cold(now=now, last_touch_at=None, last_ttl_s=None, capabilities=ANTHROPIC)
    assert not is_cold(now=now, last_touch_at=now - timedelta(seconds=299), last_ttl_s=300, capabilities=ANTHROPIC)
    assert is_cold(now=now, last_touch_at=now - timedelta(seconds=300), last_ttl_s=300, capabilities=ANTHROPIC)
    assert is_cold(now=now, last_touch_at=now, last_ttl_s=3600, capabilities=Capabilities(cache_style="none"))
    automatic = Capabilities(cache_style="automatic")
    assert not is_cold(now=now, last_touch_at=now - timedelta(seconds=200), last_ttl_s=None, capabilities=automatic)
    assert is_cold(now=now, last_touch_at=now - timedelta(seconds=400), last_ttl_s=None, capabilities=automatic)


def test_idle_policy_folds_to_the_tail_in_bounded_batches() -> None:
    idle = idle_fold_policy(FoldPolicy())
    assert fold_range(19, 0, idle) is None  # 3 above the tail: not worth a fold
    assert fold_range(20, 0, idle).last == 4  # type: ignore[union-attr]
    assert fold_range(60, 0, idle).last == 15  # one regular batch at a time
    assert fold_range(60, 15, idle).last == 30  # type: ignore[union-attr]


def test_history_ttl_choices() -> None:
    assert history_ttl("1h", ANTHROPIC, keep_warm=False, rebuilding=True) == 3600
    assert history_ttl("5m", ANTHROPIC, keep_warm=False, rebuilding=False) == 300
    assert history_ttl("5m", ANTHROPIC, keep_warm=True, rebuilding=False) == 3600
    assert history_ttl("auto", ANTHROPIC, keep_warm=False, rebuilding=True) == 300
    assert history_ttl("auto", ANTHROPIC, keep_warm=False, rebuilding=False) == 3600
    assert (
        history_ttl("1h", Capabilities(cache_style="explicit", cache_ttls=(300,)), keep_warm=False, rebuilding=False)
        == 300
    )
    with pytest.raises(ConfigError):
        history_ttl("2h", ANTHROPIC, keep_warm=False, rebuilding=False)  # type: ignore[arg-type]


async def test_an_automatic_cache_counts_every_call_as_a_touch(tmp_path, settings) -> None:
    # OpenAI reports cache reads only: the first call stored its prefix but says 0 / 0.
    settings.system_prompt = "You keep long project threads in order and answer briefly. " * 120
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.openai(), now=clock, responder=lambda r: "Noted.")
    m = open_memory(f"sqlite:///{tmp_path / 'o.db'}", MasterKey(os.urandom(32), "t"), settings, sim)
    r = await m.send("The review is on Friday.", user=unique_user())
    with m.db.session() as s:
        call = s.scalar(select(ModelCall).where(ModelCall.conversation_id == r.conversation_id))
        assert call is not None and call.cache_read_tokens == call.cache_write_tokens == 0
        assert last_cache_touch(s, r.conversation_id, sim.capabilities).id == call.id
        assert last_cache_touch(s, r.conversation_id, ANTHROPIC) is None  # explicit: nothing cached
        cold, _adopt = adoption_due(
            s, s.get(Conversation, r.conversation_id), m.model.capabilities, m.background.adoption
        )
    assert cold is False
    await m.close()
