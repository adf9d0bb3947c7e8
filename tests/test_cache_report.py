"""``threadkeep cache-report`` over a real call log, and ``threadkeep bench cache`` on a small
workload: the public JSON keys, the definitions, the chart."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from evals.cache_bench import run_bench
from evals.cache_workload import BenchConfig
from tests.test_cache_helpers import Convo, add_conversation, dt_clock, fp_key, open_db
from threadkeep.cache.log import record_call
from threadkeep.cache.report import CallRow, summarise
from threadkeep.cli.cache import register
from threadkeep.llm.base import complete
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig


def _cli() -> click.Group:
    group = click.Group("threadkeep")
    register(group)
    return group


async def _log_a_day(url: str) -> None:
    """Two conversations: one stable, one with a clock in its system prompt; a ping."""
    db = open_db(url)
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock)
    now = dt_clock(clock)
    for bad in (False, True):
        uid, cid = add_conversation(db)
        conv = Convo(sim.capabilities, cid=cid)
        for i, pause in enumerate((0, 30, 120, 40, 1800, 20)):
            clock.advance(pause)
            if bad:
                conv.system = f"Now: {clock.now:.0f}. " + Convo(sim.capabilities).system
            req = conv.request(f"Question {i} in {cid}?")
            started = now()
            result = await complete(sim, req)
            conv.answered(f"Question {i} in {cid}?", f"Answer {i}.")
            with db.session() as s:
                record_call(
                    s,
                    conversation_id=cid,
                    user_id=uid,
                    kind="turn",
                    model=sim.name,
                    request=req,
                    usage=result.usage,
                    started_at=started,
                    capabilities=sim.capabilities,
                    key=fp_key(uid),
                )
    db.dispose()


async def test_cache_report_cli_table_json_and_chart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"
    await _log_a_day(url)
    runner = CliRunner()
    out = runner.invoke(_cli(), ["cache-report", "--db", url, "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    for key in (
        "resumptions",
        "full_rewrites",
        "rewrites_under_ttl",
        "tokens_rewritten_for_nothing",
        "saved",
        "cost",
        "cost_without_cache",
        "keep_warm_spend",
        "keep_warm_savings",
        "cached_share",
        "causes",
    ):
        assert key in data
    assert data["turns"] == 12 and data["resumptions"] == 2  # the 30-minute pauses
    # The clocked conversation rewrites at every short pause, always at the system prompt.
    assert data["under_ttl_causes"] == {"prefix_changed:system": 4}
    assert data["rewrites_under_ttl_prefix"] == 4 and data["tokens_rewritten_for_nothing"] > 8000
    assert data["causes"]["ttl_expired"] == 1 and data["saved"] > 0

    table = runner.invoke(_cli(), ["cache-report", "--db", url, "--since", "2026-11-02"])
    assert table.exit_code == 0 and "rewrites at pauses < TTL" in table.output
    later = runner.invoke(_cli(), ["cache-report", "--db", url, "--json", "--since", "2027-01-01"])
    assert json.loads(later.output)["calls"] == 0
    bad = runner.invoke(_cli(), ["cache-report", "--db", url, "--since", "yesterday"])
    assert bad.exit_code != 0 and "not a date" in bad.output

    pytest.importorskip("matplotlib")
    png = tmp_path / "cache.png"
    charted = runner.invoke(_cli(), ["cache-report", "--db", url, "--png", str(png), "--input-price", "15"])
    assert charted.exit_code == 0, charted.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_report_definitions_on_plain_rows() -> None:
    rows = [
        CallRow("c", "turn", 0, None, 300, 100, 0, 5000, 50, "cold_start"),
        CallRow("c", "turn", 100, 100, 300, 100, 5000, 200, 50, "hit"),
        CallRow("c", "ping", 380, 280, 300, 0, 5200, 0, 0, "hit"),
        CallRow("c", "turn", 600, 220, 300, 100, 5200, 200, 50, "hit"),
        CallRow("c", "turn", 700, 100, 300, 100, 0, 5600, 50, "prefix_changed:system"),
        CallRow("c", "turn", 4000, 3300, 300, 100, 0, 5800, 50, "ttl_expired"),
        CallRow("c", "fold", 4010, None, None, 900, 0, 0, 200, "cold_start"),
    ]
    r = summarise(rows)
    assert (r.turns, r.pings, r.folds) == (5, 1, 1)
    assert r.resumptions == 1 and r.rewrites == 2 and r.full_rewrites == 2
    assert r.rewrites_under_ttl == 1 and r.tokens_rewritten_for_nothing == 5600
    assert r.keep_warm_spend > 0 and r.keep_warm_savings > r.keep_warm_spend
    assert 0 < r.cached_share < 1 and r.cost < r.cost_without_cache


def test_a_first_cache_write_logged_as_an_eviction_is_not_a_rewrite() -> None:
    # Rows logged before the call log told a first write from an eviction: the first turn was
    # below the minimum (nothing cached), the second wrote the cache for the first time.
    rows = [
        CallRow("c", "turn", 0, None, None, 400, 0, 0, 50, "below_minimum"),
        CallRow("c", "turn", 60, 60, 300, 100, 0, 3000, 50, "evicted_early"),
        CallRow("c", "turn", 120, 60, 300, 100, 3000, 200, 50, "hit"),
        CallRow("c", "turn", 180, 60, 300, 100, 0, 3300, 50, "evicted_early"),  # a real one
    ]
    r = summarise(rows)
    assert r.causes == {"below_minimum": 1, "cold_start": 1, "evicted_early": 1, "hit": 1}
    assert r.rewrites == 1 and r.rewrites_under_ttl == 1 and r.tokens_rewritten_for_nothing == 3300


def test_bench_cache_json_keys_and_the_ordering_of_variants() -> None:
    # A small run through the real engine: structure and invariants, not the tuned figures.
    cfg = BenchConfig(sessions=2, min_turns=8, max_turns=10, extras=False, seed=3, refer_back=0.4)
    results = run_bench(cfg)
    for variant in ("threadkeep", "naive", "threadkeep_warm"):
        for key in (
            "cached_share",
            "rewrites_under_ttl",
            "rewrites_under_ttl_prefix",
            "resumptions",
            "cost",
            "turns",
            "causes",
        ):
            assert key in results[variant]
    tk, naive = results["threadkeep"], results["naive"]
    assert tk["driver"] == "engine" and naive["driver"] == "policy"
    assert tk["rewrites_under_ttl_prefix"] == 0
    assert tk["cached_share"] > naive["cached_share"] and tk["cost"] < naive["cost"]
    assert results["workload"]["turns"] == tk["turns"] == naive["turns"]
    recall = tk["recall"]
    assert recall["refer_back_turns"] == results["workload"]["refer_back_turns"] > 0
    assert recall["refer_back_turns"] + recall["ordinary_turns"] == tk["turns"]
    assert 0 <= recall["fired_share_refer_back"] <= 1 and recall["notes"] <= tk["turns"]
    assert "threadkeep_cached_share_with_recall_at_least_0_85" in results["targets"]

    out = CliRunner().invoke(_cli(), ["bench", "cache", "--json", "--sessions", "1", "--seed", "5"])
    assert out.exit_code == 0, out.output
    assert set(json.loads(out.output)) >= {"threadkeep", "naive", "threadkeep_warm", "targets"}
