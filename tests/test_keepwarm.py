"""Keep-warm with the provider simulator and a manual clock: pings that read, limits, quiet
hours, flags, the lease between replicas and a restart that resumes the schedule."""

from __future__ import annotations

from datetime import time

from sqlalchemy import select

from tests.test_cache_helpers import Convo, add_conversation, dt_clock, fp_key, open_db
from threadkeep.cache.keepwarm import KeepWarmScheduler, mark_keep_warm, warm_status
from threadkeep.cache.log import record_call
from threadkeep.cache.warm_settings import (
    KeepWarmSettings,
    QuietHours,
    load_settings,
    save_settings,
)
from threadkeep.errors import ProviderBadRequest
from threadkeep.llm.base import complete
from threadkeep.store.cache_tables import ModelCall, WarmState
from threadkeep.store.db import Database
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig

ON = KeepWarmSettings(enabled=True, pings_per_idle_span=12, max_warm_minutes=120)


class World:
    """A database, a simulator on a manual clock and helpers to run turns and ticks."""

    def __init__(self, url: str, *, warm_ttl: bool = False, openai: bool = False) -> None:
        self.db: Database = open_db(url)
        self.clock = ManualClock()
        self.now = dt_clock(self.clock)
        config = SimulatorConfig.openai() if openai else SimulatorConfig.anthropic()
        self.sim = SimulatedModel(config, now=self.clock)
        self.convs: dict[str, Convo] = {}
        self.users: dict[str, str] = {}
        self.warm_ttl = warm_ttl

    def conversation(self, *, marked: bool = True) -> str:
        uid, cid = add_conversation(self.db, keep_warm=marked)
        self.convs[cid] = Convo(self.sim.capabilities, cid=cid, keep_warm=self.warm_ttl)
        self.users[cid] = uid
        return cid

    async def turn(self, cid: str, text: str = "") -> ModelCall:
        conv = self.convs[cid]
        # Different words per session: the cache is keyed by content, not by session.
        text = text or f"Next question in {cid}, turn {len(conv.history) // 2}?"
        request = conv.request(text)
        started = self.now()
        result = await complete(self.sim, request)
        conv.answered(text, "Noted.")
        with self.db.session() as s:
            return record_call(
                s,
                conversation_id=cid,
                user_id=self.users[cid],
                kind="turn",
                model=self.sim.name,
                request=request,
                usage=result.usage,
                started_at=started,
                capabilities=self.sim.capabilities,
                key=fp_key(self.users[cid]),
            )

    def scheduler(self, settings: KeepWarmSettings | None = ON, **kw: object) -> KeepWarmScheduler:
        return KeepWarmScheduler(
            self.db,
            model=self.sim,
            now=self.now,
            settings=settings,
            ping_request=lambda cid: self.convs[cid].ping_request(cid),
            fingerprint_key=lambda _s, uid: fp_key(uid),
            **kw,
        )  # type: ignore[arg-type]

    async def idle(self, sched: KeepWarmScheduler, minutes: float, step: float = 30) -> list:  # type: ignore[type-arg]
        outcomes = []
        for _ in range(int(minutes * 60 / step)):
            self.clock.advance(step)
            outcomes += await sched.tick()
        return outcomes

    def state(self, cid: str) -> WarmState | None:
        with self.db.session() as s:
            return s.get(WarmState, cid)


async def test_pings_read_and_keep_the_cache_alive_across_a_45_minute_pause(tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = World(f"sqlite:///{tmp_path / 'kw.db'}")
    cid, cold = w.conversation(), w.conversation(marked=False)
    for c in (cid, cold):
        # Different words per session: the cache is keyed by content, not by session.
        await w.turn(c, f"When does Ajax ship? ({c})")
        await w.turn(c, "Who owns it?")
    sched = w.scheduler()
    outcomes = await w.idle(sched, 45)
    pings = [o for o in outcomes if o.action == "pinged"]
    assert pings and all(o.conversation_id == cid for o in pings)
    # Every ping read the cached prefix and wrote nothing; max_tokens 0 (no output).
    assert all(o.cache_read_tokens > 2000 and o.cache_write_tokens == 0 for o in pings)
    assert 9 <= len(pings) <= 12  # one every ~4 minutes (5-minute entry, 60 s margin)
    warm_back, cold_back = await w.turn(cid), await w.turn(cold)
    assert warm_back.miss_cause == "hit"
    assert cold_back.miss_cause == "ttl_expired"
    st = w.state(cid)
    assert st is not None and st.state == "warm" and st.pings == len(pings)


async def test_hour_long_entries_need_one_ping_for_a_long_lunch(tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = World(f"sqlite:///{tmp_path / 'kw.db'}", warm_ttl=True)
    cid = w.conversation()
    await w.turn(cid)
    await w.turn(cid)
    outcomes = await w.idle(w.scheduler(), 75, step=60)
    assert [o.action for o in outcomes] == ["pinged"]
    assert (await w.turn(cid)).miss_cause == "hit"


async def test_quiet_hours_and_limits(tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = World(f"sqlite:///{tmp_path / 'kw.db'}")
    a, b = w.conversation(), w.conversation()
    for c in (a, a, b, b):  # b is the most recent: it gets the only warm slot
        await w.turn(c)
    # 09:00 UTC is 10:00 in Berlin: a quiet window 09:30–11:00 there silences everything.
    quiet = KeepWarmSettings(enabled=True, quiet_hours=QuietHours(time(9, 30), time(11, 0), "Europe/Berlin"))
    assert await w.idle(w.scheduler(quiet), 10) == []
    assert (await w.turn(a)).miss_cause == "ttl_expired"

    w.clock.advance(10)
    await w.turn(b)
    one = KeepWarmSettings(enabled=True, max_sessions=1, pings_per_idle_span=2)
    outcomes = await w.idle(w.scheduler(one), 20)
    pinged = [o.conversation_id for o in outcomes if o.action == "pinged"]
    assert pinged == [b, b]  # two pings per idle span, one session
    reasons = {o.reason for o in outcomes if o.action == "cooled"}
    assert any("already warm" in r for r in reasons)
    assert any("2 pings used" in r for r in reasons)

    await w.turn(a)
    short = KeepWarmSettings(enabled=True, max_warm_minutes=6, pings_per_idle_span=10)
    outcomes = await w.idle(w.scheduler(short), 15)
    assert [o.action for o in outcomes if o.conversation_id == a][:1] == ["pinged"]
    assert any("warm for 6 min" in o.reason for o in outcomes)
    # Off by default: nothing happens without an administrator's setting.
    with w.db.session() as s:
        assert load_settings(s).enabled is False
    assert await w.scheduler(settings=None).tick() == []


async def test_a_ping_that_writes_flags_the_session(tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = World(f"sqlite:///{tmp_path / 'kw.db'}")
    cid = w.conversation()
    await w.turn(cid)
    await w.turn(cid)
    w.clock.advance(200)
    w.sim.evict(session=cid)  # the provider dropped the entry early: a ping can only write
    sched = w.scheduler()
    outcomes = await w.idle(sched, 2)
    assert [o.action for o in outcomes] == ["flagged"]
    assert outcomes[0].cache_write_tokens > 1000 and "wrote" in outcomes[0].reason
    st = w.state(cid)
    assert st is not None and st.state == "flagged" and "does not keep the cache warm" in st.reason
    with w.db.session() as s:
        shown = warm_status(s, cid)
    assert shown is not None and shown["state"] == "flagged" and shown["reason"] == st.reason
    await w.turn(cid)
    assert await w.idle(sched, 10) == []  # flagged: never pinged again until cleared
    with w.db.session() as s:
        mark_keep_warm(s, cid, True)
    await w.turn(cid)
    assert any(o.action == "pinged" for o in await w.idle(sched, 5))


async def test_a_ping_that_would_differ_is_refused_before_paying(tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = World(f"sqlite:///{tmp_path / 'kw.db'}")
    cid = w.conversation()
    await w.turn(cid)
    await w.turn(cid)
    calls = len(w.sim.records)
    w.convs[cid].system = "Now: 09:04. " + w.convs[cid].system  # a clock crept into the prefix
    outcomes = await w.idle(w.scheduler(), 5)
    assert [o.action for o in outcomes] == ["flagged"]
    assert "byte-identical" in outcomes[0].reason and "system" in outcomes[0].reason
    assert len(w.sim.records) == calls  # nothing was sent


async def test_one_scheduler_acts_and_a_restart_resumes(backend) -> None:  # type: ignore[no-untyped-def]
    url, _key = backend
    w = World(url)
    cid = w.conversation()
    with w.db.session() as s:
        save_settings(s, KeepWarmSettings(enabled=True, pings_per_idle_span=20))
    await w.turn(cid)
    await w.turn(cid)
    first, second = w.scheduler(settings=None), w.scheduler(settings=None)
    acted: dict[str, int] = {first.holder: 0, second.holder: 0}
    for _ in range(16):  # 8 minutes
        w.clock.advance(30)
        for sched in (first, second):
            acted[sched.holder] += len(await sched.tick())
    assert acted[first.holder] >= 1 and acted[second.holder] == 0
    with w.db.session() as s:
        pings = s.scalars(select(ModelCall).where(ModelCall.conversation_id == cid, ModelCall.kind == "ping")).all()
    assert len(pings) == acted[first.holder]  # no double pings
    # The leader stops (a restart); the other replica takes over from the database's schedule.
    await first.stop()
    outcomes = await w.idle(second, 5)
    assert [o.action for o in outcomes] == ["pinged"]
    assert (await w.turn(cid)).miss_cause == "hit"
    w.db.dispose()


async def test_automatic_caches_are_pinged_with_one_token(tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = World(f"sqlite:///{tmp_path / 'kw.db'}", openai=True)
    cid = w.conversation()
    await w.turn(cid)
    await w.turn(cid)
    outcomes = await w.idle(w.scheduler(), 12)
    assert outcomes and all(o.action == "pinged" and o.cache_read_tokens >= 1024 for o in outcomes)
    assert all(r.output_tokens <= 1 for r in w.sim.records[2:])  # no max_tokens 0 there
    assert (await w.turn(cid)).miss_cause == "hit"


async def test_start_runs_ticks_and_stop_hands_the_lease_over(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    from threadkeep.cache.keepwarm import LEASE_NAME
    from threadkeep.cache.lease import lease_holder

    w = World(f"sqlite:///{tmp_path / 'kw.db'}")
    cid = w.conversation()
    await w.turn(cid)
    await w.turn(cid)
    w.clock.advance(250)  # due now
    sched = w.scheduler(interval_seconds=0.01)
    sched.start()
    for _ in range(200):
        await asyncio.sleep(0.01)
        if w.state(cid) is not None:
            break
    assert lease_holder(w.db, LEASE_NAME, now=w.now()) == sched.holder
    await sched.stop()
    assert lease_holder(w.db, LEASE_NAME, now=w.now()) is None
    st = w.state(cid)
    assert st is not None and st.state == "warm" and st.pings == 1


class _RefusesZero:
    """A provider that says it allows ``max_tokens`` 0 but answers 400 to it (a fake of a
    provider behaviour we cannot reach; the cache behind it is the simulator)."""

    def __init__(self, inner: SimulatedModel) -> None:
        self.inner, self.name, self.capabilities = inner, inner.name, inner.capabilities
        self.refused = 0

    async def stream(self, request):  # type: ignore[no-untyped-def]
        if request.max_tokens == 0:
            self.refused += 1
            raise ProviderBadRequest("max_tokens: must be greater than or equal to 1", provider="anthropic", status=400)
        async for event in self.inner.stream(request):
            yield event

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)


async def test_a_provider_that_refuses_max_tokens_0_is_pinged_with_1(tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = World(f"sqlite:///{tmp_path / 'kw.db'}")
    cid = w.conversation()
    await w.turn(cid)
    await w.turn(cid)
    model = _RefusesZero(w.sim)
    sched = KeepWarmScheduler(
        w.db,
        model=model,
        now=w.now,
        settings=ON,  # type: ignore[arg-type]
        ping_request=lambda c: w.convs[c].ping_request(c),
        fingerprint_key=lambda _s, uid: fp_key(uid),
    )
    outcomes = await w.idle(sched, 12)
    pings = [o for o in outcomes if o.action == "pinged"]
    assert len(pings) >= 2 and all(o.cache_read_tokens > 2000 and o.cache_write_tokens == 0 for o in pings)
    assert model.refused == 1  # asked once, remembered
    assert all(r.max_tokens == 1 for r in w.sim.requests[-len(pings) :])
    st = w.state(cid)
    assert st is not None and st.state == "warm"
