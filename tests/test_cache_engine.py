"""Issue 6 through the engine: turns read the cache, the call log says why, pings read."""

from __future__ import annotations

import os

from sqlalchemy import select

from threadkeep.crypto import MasterKey
from threadkeep.llm.base import complete
from threadkeep.store.cache_tables import ModelCall
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig

from .helpers import open_memory, unique_user


def _memory(tmp_path, settings, sim):  # type: ignore[no-untyped-def]
    settings.system_prompt = "You are a careful assistant who keeps long threads in order. " * 120
    return open_memory(f"sqlite:///{tmp_path / 'c.db'}", MasterKey(os.urandom(32), "t"), settings, sim)


async def test_turns_hit_the_cache_and_the_log_says_so(tmp_path, settings) -> None:
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock, responder=lambda r: "Understood, noted.")
    m = _memory(tmp_path, settings, sim)
    user = unique_user()
    r = await m.send("Project Kestrel starts in March.", user=user)
    for i in range(4):
        clock.advance(40)
        await m.send(f"Another detail number {i} about Kestrel.", user=user, conversation_id=r.conversation_id)
    records = sim.records
    assert records[0].miss_cause == "cold_start"
    assert all(rec.cache_read_tokens > 0 for rec in records[1:]), [x.miss_cause for x in records]
    # A normal turn changes nothing before the previous turn's last breakpoint.
    assert all(rec.miss_cause in (None, "hit") or rec.cache_read_tokens > 0 for rec in records[1:])
    with m.db.session() as s:
        causes = [
            c.miss_cause
            for c in s.scalars(
                select(ModelCall).where(ModelCall.conversation_id == r.conversation_id).order_by(ModelCall.started_at)
            )
        ]
    assert causes[0] == "cold_start" and set(causes[1:]) == {"hit"}
    await m.close()


async def test_ping_request_is_the_next_turns_prefix(tmp_path, settings) -> None:
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock, responder=lambda r: "Fine.")
    m = _memory(tmp_path, settings, sim)
    user = unique_user()
    r = await m.send("We meet on Thursdays.", user=user)
    await m.send("The budget is 40 thousand.", user=user, conversation_id=r.conversation_id)
    clock.advance(240)  # just before the 5-minute entry would expire
    ping = m.ping_request(r.conversation_id)
    await complete(sim, ping)
    pinged = sim.records[-1]
    assert pinged.cache_read_tokens > 0 and pinged.cache_write_tokens < 50
    clock.advance(240)  # 8 minutes after the last turn: alive only thanks to the ping
    await m.send("And the deadline?", user=user, conversation_id=r.conversation_id)
    assert sim.records[-1].cache_read_tokens > 0
    await m.close()
