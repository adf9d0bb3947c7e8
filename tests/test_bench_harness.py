"""The bench harness's statistics, table and report (bench/harness.py, issue 42)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture(scope="module")
def harness() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCH))
    try:
        import harness as module

        yield module
    finally:
        sys.path.remove(str(BENCH))


def test_percentiles_interpolate_between_ranks(harness: ModuleType) -> None:
    values = [float(x) for x in range(1, 101)]  # 1..100
    assert harness.percentile(values, 50) == pytest.approx(50.5)
    assert harness.percentile(values, 99) == pytest.approx(99.01)
    assert harness.percentile(values, 100) == 100.0
    assert harness.percentile([7.0], 95) == 7.0
    assert harness.percentile([], 50) != harness.percentile([], 50)  # NaN


def test_summary_of_a_sample(harness: ModuleType) -> None:
    stats = harness.summarize([3.0, 1.0, 2.0, 10.0])
    assert stats == {"n": 4, "median": 2.5, "p95": 8.95, "p99": 9.79, "min": 1.0, "max": 10.0}
    assert harness.summarize([]) == {"n": 0}


def test_time_calls_runs_the_call_warmup_plus_runs_times(harness: ModuleType) -> None:
    calls = []
    stats = harness.time_calls(lambda: calls.append(1), runs=5, warmup=2)
    assert len(calls) == 7 and stats["n"] == 5 and stats["min"] >= 0


def test_table_aligns_text_left_and_numbers_right(harness: ModuleType) -> None:
    text = harness.table([{"name": "a", "ms": 1.5}, {"name": "longer", "ms": 12.25}])
    assert text.splitlines() == ["name       ms", "------  -----", "a         1.5", "longer  12.25"]


def test_json_report_carries_the_run_header(harness: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    script = str(BENCH / "x.py")  # named from the repository root
    harness.emit({"rows": [1]}, as_json=True, header=harness.run_header([script, "--json"]))
    report = json.loads(capsys.readouterr().out)
    assert report["rows"] == [1]
    assert report["run"]["command"] == "bench/x.py --json"
    assert report["run"]["machine"]["cpus"] >= 1 and report["run"]["commit"]
    harness.emit({"rows": [1]}, as_json=False, text="body")
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("# ") and "commit" in out[0] and out[1] == "body"
