"""Smoke test of the per-turn benchmark: it runs end to end and its JSON has the agreed shape."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_bench_turn_quick_threadkeep_and_floor() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    # subprocess.run kills the child when the budget runs out.
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_turn.py"), "--quick", "--only", "threadkeep,floor", "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["systems"] == ["threadkeep", "floor"]
    assert report["missing"] == []
    assert report["context_budget_tokens"] > 0
    assert set(report["results"]) == {"100", "1000"}
    for length, by_system in report["results"].items():
        tk, floor = by_system["threadkeep"], by_system["floor"]
        for part in (tk["send"], tk["jobs"], floor["turn"]):
            # --quick: 2 rounds of 3 turns (1 if a warm-up turn took over 1 s on a busy host)
            assert part["turns"] in (2 * 3, 2 * 1)
            assert 0 < part["p50_ms"] <= part["p90_ms"]
            assert part["cpu_ms"] >= 0
            assert len(part["round_p50_ms"]) == 2
        # A threadkeep turn reads and writes the database; the counts come from the engine.
        send = tk["send"]
        assert send["statements"] > 0 and send["write_transactions"] >= 1, (length, send)
        assert send["read_statements"] + send["write_statements"] == send["statements"]
        assert tk["x_threadkeep"] == 1.0 and floor["x_floor"] == 1.0
        assert tk["x_floor"] > 0 and floor["x_threadkeep"] > 0
    assert set(report["growth"]) == {"threadkeep", "floor"}


def test_bench_turn_names_a_missing_system() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_turn.py"), "--only", "threadkeep,nosuch"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "unknown system(s) nosuch" in done.stderr


def test_bench_turn_says_which_peer_is_missing_and_runs_the_rest(tmp_path: Path) -> None:
    # A package named ``agents`` that cannot be imported stands for the SDK not being installed.
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "__init__.py").write_text('raise ImportError("not installed here", name="agents")\n')
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT / "src")])}
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "bench_turn.py"),
            "--only",
            "agents,floor",
            "--lengths",
            "100",
            "--rounds",
            "1",
            "--turns",
            "2",
            "--warmup",
            "0",
            "--json",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["systems"] == ["floor"]
    assert len(report["missing"]) == 1 and "agents" in report["missing"][0]
    assert "openai-agents" in report["missing"][0]
    assert "skipping agents" in done.stderr
    assert report["results"]["100"]["floor"]["turn"]["turns"] == 2
