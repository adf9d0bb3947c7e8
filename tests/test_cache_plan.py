"""Fingerprints, divergence and breakpoint planning."""

from __future__ import annotations

import dataclasses

from tests.test_cache_helpers import TOOLS, Convo
from threadkeep.cache.adoption import history_ttl
from threadkeep.cache.fingerprint import Fingerprints, divergence, fingerprint
from threadkeep.cache.plan import plan_breakpoints, prefix_ttl
from threadkeep.llm.base import Capabilities
from threadkeep.messages import Breakpoint, ChatMessage, ModelRequest, Segment
from threadkeep.testing.simulator import SimulatedModel, SimulatorConfig

ANTH = SimulatedModel(SimulatorConfig.anthropic()).capabilities
OAI = SimulatedModel(SimulatorConfig.openai()).capabilities


def _names(req: ModelRequest) -> list[str]:
    return [s.name for s in req.segments]


def _marked(req: ModelRequest) -> list[tuple[str, int]]:
    return [(req.segments[bp.segment].name, bp.ttl_seconds) for bp in req.breakpoints]


def test_layers_get_one_breakpoint_each_long_ttls_first() -> None:
    conv = Convo(ANTH, summary="Decisions: ship Ajax on 2026-12-15 (m3).")
    conv.answered("Q?", "A.")
    req = conv.request("Next?")
    assert _names(req)[:2] == ["tools", "system"]  # listed so a breakpoint can name them
    assert _marked(req) == [("system", 3600), ("summary", 3600), ("history", 300)]
    ttls = [bp.ttl_seconds for bp in req.breakpoints]
    assert ttls == sorted(ttls, reverse=True)
    assert prefix_ttl(req) == 300
    # Nothing is marked after the history: the turn context and the new message change.
    assert all(bp.segment <= _names(req).index("history") for bp in req.breakpoints)


def test_no_breakpoint_below_the_minimum_cacheable_prefix() -> None:
    tiny = Convo(ANTH, system="Be brief.", tools=(), startup="Started today.")
    tiny.answered("Hi", "Hello")
    assert tiny.request("?").breakpoints == ()
    big_min = dataclasses.replace(ANTH, min_cacheable_tokens=4096)
    conv = Convo(big_min)
    for i in range(40):
        conv.answered(
            f"Question number {i} about the Ajax launch plan and budget?",
            f"Answer {i}: the launch plan holds, budget unchanged, Bob owns it.",
        )
    req = conv.request("?")
    # tools+system (~2.4k tokens) are below 4096: only the history end qualifies.
    assert _marked(req) == [("history", 300)]


def test_fewer_slots_keep_the_history_end_first() -> None:
    caps = dataclasses.replace(ANTH, max_breakpoints=2)
    conv = Convo(caps, summary="Open questions: budget owner (m2).")
    conv.answered("Q?", "A.")
    assert _marked(conv.request("?")) == [("system", 3600), ("history", 300)]


def test_warm_sessions_use_the_longest_ttl_and_order_stays_valid() -> None:
    assert history_ttl("5m", ANTH, keep_warm=True, rebuilding=False) == 3600
    assert history_ttl("5m", ANTH, keep_warm=False, rebuilding=False) == 300
    conv = Convo(ANTH, keep_warm=True)
    conv.answered("Q?", "A.")
    assert _marked(conv.request("?")) == [("system", 3600), ("startup", 3600), ("history", 3600)]
    # A TTL the provider does not offer falls back to one it does.
    req = plan_breakpoints(conv.request("?"), ANTH, history_ttl=120)
    assert _marked(req)[-1] == ("history", 300)


def test_automatic_caching_needs_no_breakpoints_but_a_stable_key() -> None:
    conv = Convo(OAI)
    req = conv.request("?")
    assert req.breakpoints == () and req.cache_key == "conv-1"
    bare = ModelRequest(
        "sys",
        segments=(Segment("new_message", (ChatMessage.user("hi"),)),),
        metadata={"conversation_id": "c9"},
        breakpoints=(Breakpoint(0),),
    )
    assert plan_breakpoints(bare, OAI).cache_key == "c9"
    assert plan_breakpoints(bare, OAI).breakpoints == ()
    assert plan_breakpoints(bare, Capabilities()).breakpoints == ()


def test_planner_puts_tools_in_canonical_order() -> None:
    req = plan_breakpoints(ModelRequest("s", tools=TOOLS), ANTH)
    assert [t.name for t in req.tools] == ["search_knowledge", "web_search"]


def test_fingerprints_and_divergence() -> None:
    conv = Convo(ANTH)
    conv.answered("Q1?", "A1.")
    first = fingerprint(conv.request("Q2?", now="09:00"))
    conv.answered("Q2?", "A2.")
    second = fingerprint(conv.request("Q3?", now="09:05"))
    assert set(first.order) >= {"tools", "system", "startup", "history", "turn_context", "new_message"}
    assert all(len(h) == 64 for h in first.segments.values())
    assert first.prefix["startup"] == second.prefix["startup"]
    assert first.segments["history"] != second.segments["history"]
    # The history only grew: the first difference is after it.
    assert divergence(first, second) == "turn_context"
    assert second.tokens_through("history") > first.tokens_through("history") > 1000
    # Round trip through the log's JSON (hashes and counts only).
    stored = second.to_json()
    assert "A2." not in str(stored)
    assert Fingerprints.from_json(stored) == second
    # A rewritten old message diverges at the history; a new summary at the summary.
    conv.history[0] = ("m1", "user", "Q1 (edited)?")
    assert divergence(second, fingerprint(conv.request("Q3?", now="09:05"))) == "history"
    conv.summary = "Decisions: ship on Monday (m2)."
    assert divergence(second, fingerprint(conv.request("Q3?", now="09:05"))) == "summary"
    # A fold that moves the cursor but leaves the summary's bytes as they were is still a
    # rebuild of the summary layer; a window sliding without a summary is a history change.
    folded = fingerprint(conv.request("Q3?"))
    conv.history = conv.history[2:]
    assert divergence(folded, fingerprint(conv.request("Q3?"))) == "summary"
    conv.summary = ""
    slid = fingerprint(conv.request("Q3?"))
    conv.history = conv.history[1:]
    assert divergence(slid, fingerprint(conv.request("Q3?"))) == "history"
    no_tools = dataclasses.replace(conv.request("Q3?"), tools=())
    assert divergence(second, fingerprint(no_tools)) == "tools"
