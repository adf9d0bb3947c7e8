"""Why keep-warm pings the way it does, measured with the simulator (docs/CACHE.md).

The obvious ping — the conversation without its tools, or with a fresh timestamp in the system
prompt — is a *different* prefix: it pays a full cache write and refreshes nothing, so the
real request after it still misses. threadkeep's ping is the cached prefix byte for byte: it
reads, writes nothing and keeps the entry alive.
"""

from __future__ import annotations

import dataclasses

import pytest

from tests.test_cache_helpers import Convo
from threadkeep.cache.fingerprint import fingerprint
from threadkeep.cache.keepwarm import trim_to_cached
from threadkeep.llm.base import complete
from threadkeep.messages import ModelRequest
from threadkeep.testing.simulator import CallRecord, ManualClock, SimulatedModel, SimulatorConfig


async def _session() -> tuple[SimulatedModel, ManualClock, Convo, ModelRequest]:
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock)
    conv = Convo(sim.capabilities)
    last = conv.request("x")
    for i in range(4):
        last = conv.request(f"Question {i} about the Ajax launch?")
        await complete(sim, last)
        conv.answered(f"Question {i} about the Ajax launch?", f"Answer {i}: on track.")
        clock.advance(20)
    return sim, clock, conv, last


def _without_tools(req: ModelRequest) -> ModelRequest:
    return dataclasses.replace(req, tools=(), max_tokens=1)


def _with_timestamp(req: ModelRequest) -> ModelRequest:
    return dataclasses.replace(req, system=f"Current time: 2026-11-02 09:04:00\n{req.system}", max_tokens=1)


@pytest.mark.parametrize("obvious", [_without_tools, _with_timestamp], ids=["no-tools", "timestamp"])
async def test_the_obvious_ping_writes_in_full_and_refreshes_nothing(obvious) -> None:  # type: ignore[no-untyped-def]
    sim, clock, conv, _last = await _session()
    clock.advance(220)  # four minutes after the last real call: the 5-minute entry still lives
    await complete(sim, obvious(conv.ping_request()))
    ping: CallRecord = sim.last
    assert ping.cache_read_tokens == 0 and ping.cache_write_tokens > 2000
    assert ping.miss_cause == "prefix_changed" and ping.diverged_segment in ("tools", "system")
    clock.advance(220)  # 7.5 minutes after the real call: only a refresh would have saved it
    await complete(sim, conv.request("Back: what is next?"))
    # The history entry expired (the ping never touched it): it is written again in full.
    assert not sim.last.hit and sim.last.cache_write_5m_tokens > 100


async def test_threadkeeps_ping_reads_writes_nothing_and_keeps_the_entry() -> None:
    sim, clock, conv, last = await _session()
    clock.advance(220)
    ping = trim_to_cached(conv.ping_request(), fingerprint(last))
    assert ping is not None
    await complete(sim, dataclasses.replace(ping, max_tokens=0))
    rec = sim.last
    assert rec.hit and rec.cache_read_tokens > 2000 and rec.cache_write_tokens == 0
    assert rec.output_tokens == 0
    clock.advance(220)
    await complete(sim, conv.request("Back: what is next?"))
    assert sim.last.hit
    # The ping costs a tenth of its prefix; the obvious one costs 1.25–2x of it and more after.
    assert rec.cost < 0.12 * rec.cost_without_cache
