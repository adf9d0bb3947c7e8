"""The call log on real SQLite and PostgreSQL: pause, divergence and every miss cause, with
usage from the provider simulator."""

from __future__ import annotations

import dataclasses

from sqlalchemy import delete, select

from tests.test_cache_helpers import Convo, add_conversation, dt_clock, fp_key, open_db
from threadkeep.cache.log import record_call
from threadkeep.llm.base import complete
from threadkeep.messages import ModelRequest
from threadkeep.store.cache_tables import ModelCall
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig


class Harness:
    """One conversation: send a request through the simulator and log it."""

    def __init__(self, db: Database, sim: SimulatedModel, clock: ManualClock, conv: Convo) -> None:
        self.db, self.sim, self.clock, self.conv = db, sim, clock, conv
        self.user_id, self.cid = add_conversation(db)
        self.conv.cid = self.cid
        self.now = dt_clock(clock)

    async def send(self, request: ModelRequest, kind: str = "turn") -> ModelCall:
        started = self.now()
        result = await complete(self.sim, request)
        with self.db.session() as s:
            return record_call(
                s,
                conversation_id=self.cid,
                user_id=self.user_id,
                kind=kind,  # type: ignore[arg-type]
                model=self.sim.name,
                request=request,
                usage=result.usage,
                started_at=started,
                capabilities=self.sim.capabilities,
                key=fp_key(self.user_id),
            )

    async def turn(self, text: str, *, answer: str = "Noted.") -> ModelCall:
        row = await self.send(self.conv.request(text))
        self.conv.answered(text, answer)
        return row


async def test_miss_causes_pause_and_divergence(backend) -> None:  # type: ignore[no-untyped-def]
    url, _key = backend
    db = open_db(url)
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock)
    h = Harness(db, sim, clock, Convo(sim.capabilities))

    first = await h.turn("When does Ajax ship?")
    assert first.miss_cause == "cold_start" and first.pause_s is None and first.divergence is None
    clock.advance(40)
    second = await h.turn("Who owns the budget?")
    assert second.miss_cause == "hit" and second.pause_s == 40.0
    assert second.divergence in ("turn_context", "new_message")  # the history only grew
    assert second.cache_read_tokens > 2000 and second.cost < second.cost_without_cache
    clock.advance(60)
    third = await h.turn("And the deadline?")
    assert third.miss_cause == "hit" and third.divergence == "new_message"
    assert third.prefix_tokens > 2000 and third.ttl_s == 300

    clock.advance(20 * 60)  # past the 5-minute history entry, within the 1-hour system entry
    expired = await h.turn("Back from a meeting: status?")
    assert expired.miss_cause == "ttl_expired" and expired.cache_read_tokens > 0

    clock.advance(30)
    sim.evict(session=h.cid)
    evicted = await h.turn("Any news?")
    assert evicted.miss_cause == "evicted_early"

    clock.advance(30)
    h.conv.system = "Current time: 09:31. " + h.conv.system  # the classic mistake
    changed = await h.turn("Still there?")
    assert changed.miss_cause == "prefix_changed:system" and changed.divergence == "system"

    # Fingerprints hold hashes, never text.
    with db.session() as s:
        rows = s.scalars(select(ModelCall).where(ModelCall.conversation_id == h.cid)).all()
        assert len(rows) == 6
        assert all("Ajax" not in str(r.fingerprints) for r in rows)
    db.dispose()


async def test_below_minimum_folds_apart_and_cascade(backend) -> None:  # type: ignore[no-untyped-def]
    url, _key = backend
    db = open_db(url)
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock)
    h = Harness(db, sim, clock, Convo(sim.capabilities, system="Be brief.", tools=(), startup="Hi."))
    tiny = await h.turn("Hello")
    assert tiny.miss_cause == "below_minimum"

    # A fold is compared with folds only: it does not disturb the turn chain.
    big = Harness(db, sim, clock, Convo(sim.capabilities))
    await big.turn("Q1?")
    clock.advance(10)
    fold_req = dataclasses.replace(big.conv.request("Summarise"), system="You fold summaries.", tools=())
    fold = await big.send(fold_req, kind="fold")
    assert fold.kind == "fold" and fold.pause_s is None
    clock.advance(10)
    after = await big.turn("Q2?")
    assert after.miss_cause == "hit" and after.pause_s == 20.0

    with db.session() as s:
        s.execute(delete(Conversation).where(Conversation.id == big.cid))
    with db.session() as s:
        assert s.scalars(select(ModelCall).where(ModelCall.conversation_id == big.cid)).all() == []
    db.dispose()


async def test_a_provider_without_a_cache_has_no_misses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from datetime import UTC, datetime

    from threadkeep.llm.base import Capabilities, Usage

    db = open_db(f"sqlite:///{tmp_path / 'n.db'}")
    uid, cid = add_conversation(db)
    conv = Convo(Capabilities())
    with db.session() as s:
        row = record_call(
            s,
            conversation_id=cid,
            user_id=uid,
            kind="turn",
            model="local",
            request=conv.request("hi"),
            usage=Usage(3000, 20),
            started_at=datetime(2026, 11, 2, tzinfo=UTC),
            capabilities=Capabilities(),
            key=fp_key(uid),
        )
        assert row.miss_cause == "no_cache" and row.ttl_s is None and row.cost is not None
    db.dispose()


async def test_the_first_cache_write_after_uncached_turns_is_a_cold_start(backend) -> None:  # type: ignore[no-untyped-def]
    url, _key = backend
    db = open_db(url)
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock)
    h = Harness(db, sim, clock, Convo(sim.capabilities, tools=(), system="Be brief.", startup=""))

    first = await h.turn("Hi.")
    assert first.miss_cause == "below_minimum" and first.cache_write_tokens == 0
    clock.advance(30)
    long = " ".join(f"Line {i}: the Ajax launch checklist item number {i} is done." for i in range(400))
    second = await h.turn(long)  # after the last breakpoint: not cached yet
    assert second.cache_write_tokens == 0
    clock.advance(30)
    third = await h.turn("Thanks.")  # the long message is history now, above the minimum
    # The conversation's first write: nothing was cached to lose, so no eviction to report.
    assert third.cache_write_tokens > 0 and third.cache_read_tokens == 0
    assert third.miss_cause == "cold_start"
    clock.advance(30)
    assert (await h.turn("And next?")).miss_cause == "hit"
    db.dispose()


async def test_anthropic_per_ttl_write_split_reaches_the_log_and_the_report(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 28: the adapter dropped usage.cache_creation, so a request writing both 5-minute
    and 1-hour entries was priced as if all its writes had the prefix end's TTL."""
    from datetime import UTC, datetime

    import httpx

    from threadkeep.cache.log import call_cost
    from threadkeep.cache.report import build_report
    from threadkeep.llm.anthropic import AnthropicModel
    from threadkeep.llm.base import Usage
    from threadkeep.llm.pricing import ANTHROPIC_PRICING
    from threadkeep.messages import Breakpoint, ChatMessage, Segment
    from threadkeep.testing.simulator_wire import wire_transport

    sim = SimulatedModel(SimulatorConfig.anthropic("claude-sonnet-4-5"), now=ManualClock())
    model = AnthropicModel(
        "claude-sonnet-4-5", api_key="k", client=httpx.AsyncClient(transport=wire_transport(sim, lambda _b: "ok"))
    )
    words = " ".join(f"rule{i} answer exactly" for i in range(700))
    request = ModelRequest(
        system=words,
        segments=(
            Segment("system"),
            Segment(
                "history",
                (ChatMessage.user(" ".join(f"said{i} this" for i in range(900))), ChatMessage.assistant("fine")),
            ),
            Segment("new_message", (ChatMessage.user("next"),)),
        ),
        max_tokens=32,
        breakpoints=(Breakpoint(0, 3600), Breakpoint(1, 300)),
    )
    usage = (await complete(model, request)).usage
    record = sim.last
    assert record.cache_write_1h_tokens > 0 and record.cache_write_5m_tokens > 0
    assert usage.cache_write_tokens == record.cache_write_tokens
    assert usage.cache_write_1h_tokens == record.cache_write_1h_tokens  # read from usage.cache_creation

    db = open_db(f"sqlite:///{tmp_path / 'split.db'}")
    uid, cid = add_conversation(db)
    with db.session() as s:
        row = record_call(
            s,
            conversation_id=cid,
            user_id=uid,
            kind="turn",
            model=model.name,
            request=request,
            usage=usage,
            started_at=datetime(2026, 11, 2, tzinfo=UTC),
            capabilities=model.capabilities,
            key=fp_key(uid),
        )
        assert row.cache_write_1h_tokens == record.cache_write_1h_tokens
        # Priced from the provider's split: exactly what the simulator charged (2x and 1.25x).
        assert row.cost is not None and abs(row.cost - record.cost) < 1e-9
        # Without the split every write would have been priced at the prefix end's 5-minute TTL.
        flat = call_cost(
            Usage(usage.input_tokens, usage.output_tokens, usage.cache_read_tokens, usage.cache_write_tokens),
            ANTHROPIC_PRICING,
            ttl_seconds=300,
        )[0]
        assert row.cost > flat
        s.commit()
    with db.session() as s:
        report = build_report(s)
    assert (report.cache_write_5m_tokens, report.cache_write_1h_tokens) == (
        record.cache_write_5m_tokens,
        record.cache_write_1h_tokens,
    )
    assert abs(report.cost - record.cost) < 1e-9
    db.dispose()
