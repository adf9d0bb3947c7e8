"""The provider simulator's prefix-cache semantics, timed with a manual clock."""

from __future__ import annotations

import pytest

from threadkeep.errors import MalformedResponse, ProviderBadRequest, ProviderRateLimited
from threadkeep.llm.base import TextDelta, Usage, complete
from threadkeep.llm.retry import RetryingModel, RetryPolicy
from threadkeep.messages import Breakpoint, ChatMessage, ModelRequest, Segment, ToolSpec
from threadkeep.testing.simulator import (
    ANTHROPIC_PRICING,
    Fault,
    ManualClock,
    SimulatedModel,
    SimulatorConfig,
)

SYSTEM = " ".join(f"Rule {i}: answer from memory, cite sources, keep it short." for i in range(150))
STARTUP = "Conversation began 2026-11-01 on the web app. Profile: Ada, project lead."
TOOL = ToolSpec(
    "search_knowledge", "Search the knowledge base.", {"type": "object", "properties": {"query": {"type": "string"}}}
)


def history(turns: int) -> tuple[ChatMessage, ...]:
    out: list[ChatMessage] = []
    for i in range(turns):
        out += [ChatMessage.user(f"Question {i} about Ajax?"), ChatMessage.assistant(f"Answer {i}.")]
    return tuple(out)


def request(
    turns: int = 2,
    *,
    new: str = "And the deadline?",
    startup: str = STARTUP,
    system: str = SYSTEM,
    history_ttl: int = 300,
    system_ttl: int = 3600,
    tool: ToolSpec = TOOL,
    max_tokens: int = 256,
) -> ModelRequest:
    """tools, system (1 h breakpoint), startup, history (breakpoint), new message."""
    return ModelRequest(
        system=system,
        tools=(tool,),
        segments=(
            Segment("tools"),
            Segment("system"),
            Segment("startup", (ChatMessage.user(startup),)),
            Segment("history", history(turns)),
            Segment("new_message", (ChatMessage.user(new),)),
        ),
        max_tokens=max_tokens,
        cache_key="conv-1",
        breakpoints=(Breakpoint(1, system_ttl), Breakpoint(3, history_ttl)),
    )


def anthropic(clock: ManualClock, **kwargs: object) -> SimulatedModel:
    return SimulatedModel(SimulatorConfig.anthropic(), now=clock, **kwargs)  # type: ignore[arg-type]


async def test_cold_start_then_hit_after_identical_prefix() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    first = await complete(sim, request())
    rec1 = sim.last
    assert rec1.miss_cause == "cold_start" and not rec1.hit
    assert rec1.cache_read_tokens == 0 and rec1.cache_write_tokens > 1024
    assert first.usage == rec1.usage
    assert rec1.prompt_tokens == rec1.uncached_tokens + rec1.cache_write_tokens

    clock.advance(60)
    await complete(sim, request(new="Something else entirely"))
    rec2 = sim.last
    assert rec2.hit and rec2.miss_cause is None
    assert rec2.cache_read_tokens == rec1.written_points[-1]
    assert rec2.cache_write_tokens == 0
    assert rec2.pause_seconds == 60


async def test_one_changed_byte_in_an_early_segment_misses_from_there() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    await complete(sim, request())
    system_point = sim.last.written_points[0]
    clock.advance(30)
    await complete(sim, request(startup=STARTUP.replace("2026-11-01", "2026-11-02")))
    rec = sim.last
    assert not rec.hit and rec.miss_cause == "prefix_changed"
    assert rec.diverged_segment == "startup"
    # The 1-hour system entry before the change still reads; the rest is written again.
    assert rec.cache_read_tokens == system_point
    assert rec.cache_write_tokens > 0


async def test_changed_tool_description_diverges_at_tools() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    await complete(sim, request())
    await complete(sim, request(tool=ToolSpec(TOOL.name, TOOL.description + "!", TOOL.parameters)))
    assert sim.last.miss_cause == "prefix_changed"
    assert sim.last.diverged_segment == "tools" and sim.last.diverged_block == 0
    assert sim.last.cache_read_tokens == 0


async def test_schema_key_order_does_not_matter_canonical_json() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    await complete(sim, request())
    reordered = ToolSpec(TOOL.name, TOOL.description, {"properties": {"query": {"type": "string"}}, "type": "object"})
    await complete(sim, request(tool=reordered))
    assert sim.last.hit


async def test_ttl_is_measured_from_the_start_of_the_request() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    # The first request streams for 100 s: its entries still expire 300 s after it started.
    async for event in sim.stream(request()):
        if isinstance(event, TextDelta):
            clock.advance(100)
            break
    clock.now = 299.0
    await complete(sim, request())
    assert sim.last.hit

    clock2 = ManualClock()
    sim2 = anthropic(clock2)
    async for event in sim2.stream(request()):
        if isinstance(event, TextDelta):
            clock2.advance(100)
            break
    clock2.now = 300.0
    await complete(sim2, request())
    rec = sim2.last
    assert not rec.hit and rec.miss_cause == "ttl_expired"
    # The 1-hour system entry survived; the 5-minute history entry was rewritten.
    assert 0 < rec.cache_read_tokens < rec.written_points[-1]


async def test_a_hit_refreshes_the_entry() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    await complete(sim, request())
    clock.advance(250)
    await complete(sim, request())
    assert sim.last.hit
    clock.advance(250)  # 500 s after the write, 250 s after the refreshing read
    await complete(sim, request())
    assert sim.last.hit and sim.last.cache_write_tokens == 0


async def test_one_hour_entry_outlives_a_lunch_break_five_minute_does_not() -> None:
    for ttl, expect_hit in ((3600, True), (300, False)):
        clock = ManualClock()
        sim = anthropic(clock)
        await complete(sim, request(history_ttl=ttl, system_ttl=3600))
        clock.advance(40 * 60)
        await complete(sim, request(history_ttl=ttl, system_ttl=3600))
        assert sim.last.hit is expect_hit, ttl


async def test_below_minimum_writes_nothing() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    small = ModelRequest(
        system="Be brief.",
        segments=(Segment("system"), Segment("new_message", (ChatMessage.user("hi"),))),
        cache_key="c",
        breakpoints=(Breakpoint(0, 300),),
    )
    await complete(sim, small)
    assert sim.last.cache_write_tokens == 0 and sim.last.miss_cause == "below_minimum"
    await complete(sim, small)
    assert sim.last.cache_read_tokens == 0 and sim.entry_count == 0


async def test_one_hour_writes_cost_double_five_minute_writes_cost_a_quarter_more() -> None:
    costs = {}
    for ttl in (300, 3600):
        sim = anthropic(ManualClock())
        await complete(sim, request(history_ttl=ttl, system_ttl=ttl))
        rec = sim.last
        written = rec.cache_write_tokens
        assert (rec.cache_write_1h_tokens, rec.cache_write_5m_tokens) == ((written, 0) if ttl == 3600 else (0, written))
        p = ANTHROPIC_PRICING
        expected = (
            rec.uncached_tokens * p.input_per_mtok
            + written * p.input_per_mtok * (2.0 if ttl == 3600 else 1.25)
            + rec.output_tokens * p.output_per_mtok
        ) / 1_000_000
        assert rec.cost == pytest.approx(expected)
        costs[ttl] = (rec.cost, written)
    (cost_5m, written), (cost_1h, _) = costs[300], costs[3600]
    assert cost_1h - cost_5m == pytest.approx(written * 3.0 * 0.75 / 1_000_000)


async def test_read_costs_a_tenth() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    await complete(sim, request())
    await complete(sim, request())
    rec = sim.last
    expected = (rec.uncached_tokens * 3.0 + rec.cache_read_tokens * 0.3 + rec.output_tokens * 15.0) / 1_000_000
    assert rec.cost == pytest.approx(expected)
    assert rec.cost < rec.cost_without_cache


async def test_lookback_limit_of_twenty_blocks() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    only_tail = (Breakpoint(3, 300),)
    base = request(turns=1)
    await complete(sim, ModelRequest(base.system, base.tools, base.segments, cache_key="conv-1", breakpoints=only_tail))
    grown = request(turns=15)  # 28 more blocks after the cached point, breakpoint only at the end
    await complete(
        sim, ModelRequest(grown.system, grown.tools, grown.segments, cache_key="conv-1", breakpoints=only_tail)
    )
    assert sim.last.cache_read_tokens == 0 and sim.last.miss_cause == "lookback_exceeded"


async def test_growing_conversation_reads_previous_turn() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    for turns in range(1, 6):
        await complete(sim, request(turns=turns))
        clock.advance(45)
    records = sim.records
    assert records[0].miss_cause == "cold_start"
    for previous, current in zip(records, records[1:], strict=False):
        assert current.hit
        assert current.cache_read_tokens == previous.written_points[-1]


async def test_evicted_early() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    await complete(sim, request())
    assert sim.evict("conv-1") > 0
    await complete(sim, request())
    assert sim.last.miss_cause == "evicted_early"


async def test_zero_max_tokens_ping_reads_and_writes_nothing() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    await complete(sim, request())
    clock.advance(280)
    result = await complete(sim, request(max_tokens=0))
    assert result.text == "" and sim.last.output_tokens == 0
    assert sim.last.hit and sim.last.cache_write_tokens == 0
    clock.advance(280)  # 560 s after the write: alive only because the ping refreshed it
    await complete(sim, request())
    assert sim.last.hit


async def test_automatic_style_caches_in_128_token_steps_above_1024() -> None:
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.openai(), now=clock)
    first = await complete(sim, request(turns=2))
    rec1 = sim.last
    assert first.usage == Usage(rec1.prompt_tokens, rec1.output_tokens, 0, 0)
    assert rec1.written_points[0] == 1024 + 0 or rec1.written_points[0] % 128 == 0
    assert all(p % 128 == 0 and p >= 1024 for p in rec1.written_points)
    clock.advance(10)
    second = await complete(sim, request(turns=3))
    rec2 = sim.last
    assert rec2.hit and rec2.cache_read_tokens % 128 == 0
    assert rec2.cache_read_tokens >= rec1.written_points[-1] - 128
    assert second.usage.cache_read_tokens == rec2.cache_read_tokens
    assert second.usage.input_tokens == rec2.prompt_tokens - rec2.cache_read_tokens
    with pytest.raises(ProviderBadRequest):
        await complete(sim, request(max_tokens=0))


async def test_automatic_below_1024_caches_nothing() -> None:
    sim = SimulatedModel(SimulatorConfig.openai(), now=ManualClock())
    tiny = ModelRequest(system="Be brief.", segments=(Segment("new_message", (ChatMessage.user("hi"),)),))
    await complete(sim, tiny)
    await complete(sim, tiny)
    assert sim.last.cache_read_tokens == 0 and sim.last.miss_cause == "below_minimum"


async def test_injected_faults() -> None:
    clock = ManualClock()
    sim = anthropic(clock, faults={1: Fault("rate_limit", retry_after=2.0), 3: Fault("malformed")})
    with pytest.raises(ProviderRateLimited) as info:
        await complete(sim, request())
    assert info.value.retry_after == 2.0
    assert sim.records[0].fault == "rate_limit" and sim.records[0].prompt_tokens == 0

    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    sim2 = anthropic(ManualClock(), faults={1: Fault("server_error", status=529)})
    result = await complete(RetryingModel(sim2, RetryPolicy(sleep=sleep)), request())
    assert result.text.startswith("echo:") and len(waits) == 1

    await complete(sim, request())  # call 2 succeeds
    seen: list[object] = []
    with pytest.raises(MalformedResponse):
        async for event in sim.stream(request()):
            seen.append(event)
    assert len(seen) == 1 and sim.records[-1].fault == "malformed"


async def test_responder_answers() -> None:
    sim = anthropic(ManualClock(), responder=lambda req: "Ajax ships 2026-12-15.")
    assert (await complete(sim, request())).text == "Ajax ships 2026-12-15."


async def test_obvious_ping_without_tools_pays_a_write_and_refreshes_nothing() -> None:
    clock = ManualClock()
    sim = anthropic(clock)
    real = request()
    await complete(sim, real)
    clock.advance(240)
    naive = ModelRequest(real.system, (), real.segments, max_tokens=1, cache_key="conv-1", breakpoints=real.breakpoints)
    await complete(sim, naive)
    assert sim.last.cache_read_tokens == 0 and sim.last.cache_write_tokens > 1024
    assert sim.last.miss_cause == "prefix_changed" and sim.last.diverged_segment == "system"
    clock.advance(240)  # 480 s after the real call: its 5-minute entry was never refreshed
    await complete(sim, real)
    assert sim.last.miss_cause is not None and not sim.last.hit
    assert sim.last.cache_write_5m_tokens > 0
