"""What the bench scripts share: timing, the run header, tables and the ``--json`` report.

A script measures; this module times and reports, so every figure in docs/BENCHMARKS.md comes
with the same statistics and names its machine, date and commit:

- ``summarize(values)``: count, median, p95, p99, minimum and maximum of a sample;
  ``percentile(values, q)`` one of them; ``time_calls(fn, runs)`` times a call repeatedly
  (wall or process CPU time) and summarizes it; ``Timer`` times one block.
- ``run_header()``: machine (CPUs, platform, Python, load), UTC date and the checkout's commit.
- ``table(rows, columns)``: a side-by-side text table of dict rows.
- ``add_json_flag(parser)`` and ``emit(report, as_json)``: the ``--json`` flag and its output,
  the header always first.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100, inclusive method); NaN for no values."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return float(values[0])
    if q <= 0:
        return float(min(values))
    if q >= 100:
        return float(max(values))
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return float(cuts[round(q) - 1])


def summarize(values: Iterable[float], digits: int | None = 3) -> dict[str, float]:
    """Count, median, p95, p99, minimum and maximum of a sample, rounded to ``digits``
    (``None``: not rounded)."""
    xs = sorted(values)
    if not xs:
        return {"n": 0}
    stats = {
        "median": statistics.median(xs),
        "p95": percentile(xs, 95),
        "p99": percentile(xs, 99),
        "min": xs[0],
        "max": xs[-1],
    }
    if digits is not None:
        stats = {k: round(v, digits) for k, v in stats.items()}
    return {"n": len(xs), **stats}


def time_calls(
    fn: Callable[[], object], runs: int, *, cpu: bool = False, warmup: int = 0, unit: float = 1e3
) -> dict[str, float]:
    """Call ``fn`` ``warmup`` times untimed, then ``runs`` times; the summary (not rounded) of
    its times in milliseconds (``unit`` 1e3), wall clock or, with ``cpu``, this process's CPU
    time."""
    clock = time.process_time if cpu else time.perf_counter
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(runs):
        t0 = clock()
        fn()
        times.append((clock() - t0) * unit)
    return summarize(times, digits=None)


class Timer:
    """Times one block: ``with Timer() as t: ...`` then ``t.ms`` (wall) and ``t.cpu_ms``."""

    def __enter__(self) -> Timer:
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        self.ms = self.cpu_ms = 0.0
        return self

    def __exit__(self, *exc: object) -> None:
        self.ms = (time.perf_counter() - self._wall) * 1e3
        self.cpu_ms = (time.process_time() - self._cpu) * 1e3


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return out.stdout.strip() or "unknown"


def _script(path: str) -> str:
    p = Path(path).resolve()
    return str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else Path(path).name


def host_loop_ms(repeats: int = 7) -> float:
    """The median time of a fixed pure-Python loop, in ms: how fast this host runs Python now.

    A virtual machine's speed moves from minute to minute (the same loop has taken 1.8 times
    as long a few minutes apart here), so a figure is read beside this one: runs compared
    side by side should show similar values, and "an idle host" is one near its lowest.
    """
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        sum(i * i for i in range(200_000))
        times.append((time.perf_counter() - t0) * 1000)
    return round(statistics.median(times), 2)


def run_header(command: Sequence[str] | None = None) -> dict[str, Any]:
    """Where and when a figure was measured: machine, UTC date, commit and command."""
    argv = list(sys.argv if command is None else command)
    return {
        "command": " ".join([_script(argv[0]), *argv[1:]]) if argv else "",
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": _commit(),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "load_avg": [round(x, 1) for x in os.getloadavg()],
            "host_loop_ms": host_loop_ms(),
        },
    }


def header_line(header: dict[str, Any]) -> str:
    """The header as one line of text, for the top of a text report."""
    m = header["machine"]
    return (
        f"# {header['command']} — {header['date']}, commit {header['commit']}, "
        f"{m['cpus']} CPUs, Python {m['python']}, load {m['load_avg'][0]}"
    )


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if abs(value) < 1e6 else f"{value:.3g}"
    return str(value)


def table(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None = None) -> str:
    """``rows`` side by side under a header of ``columns`` (all keys of the first row by
    default); text left-aligned, numbers right-aligned."""
    if not rows:
        return "(no rows)"
    cols = list(columns or rows[0].keys())
    cells = [[_cell(row.get(c, "")) for c in cols] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(cols)]
    numeric = [all(isinstance(row.get(c), int | float) for row in rows) for c in cols]

    def line(values: Sequence[str]) -> str:
        return "  ".join(
            v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric, strict=True)
        ).rstrip()

    return "\n".join([line(cols), line(["-" * w for w in widths]), *(line(r) for r in cells)])


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    """The ``--json`` flag every bench script takes."""
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def emit(report: dict[str, Any], as_json: bool, text: str | None = None, header: dict[str, Any] | None = None) -> None:
    """Print a report: JSON with the run header under ``"run"``, or the header line and
    ``text`` (a table of the report by default)."""
    head = header or run_header()
    if as_json:
        print(json.dumps({"run": head, **report}, indent=2, ensure_ascii=False, default=str))
        return
    print(header_line(head))
    print(text if text is not None else json.dumps(report, indent=2, ensure_ascii=False, default=str))


def words(section: str) -> dict[str, Any]:
    """The sentences and word pools a synthetic-chat bench draws from
    (``bench/data/synthetic_chat.json``, one section a script)."""
    path = ROOT / "bench" / "data" / "synthetic_chat.json"
    return dict(json.loads(path.read_text(encoding="utf-8"))[section])
