"""Prompt-cache benchmark: threadkeep vs a naive assembler vs threadkeep with keep-warm.

A thin wrapper over ``evals/cache_bench.py`` (the real engine) and
:mod:`evals.cache_workload` (workload, naive policy), the code behind ``threadkeep bench cache``:

    .venv/bin/python bench/bench_cache.py                 # table
    .venv/bin/python bench/bench_cache.py --json          # the JSON the CLI prints
    .venv/bin/python bench/bench_cache.py --sessions 10 --seed 3
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from harness import add_json_flag, emit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # evals/ of this checkout
from evals.cache_bench import run_bench  # noqa: E402
from evals.cache_workload import BenchConfig, render_results  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_json_flag(parser)
    parser.add_argument("--sessions", type=int, default=None)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    cfg = BenchConfig()
    if args.sessions is not None:
        cfg = cfg.with_(sessions=args.sessions)
    if args.seed is not None:
        cfg = cfg.with_(seed=args.seed)
    results = run_bench(cfg)
    emit(results, args.json, render_results(results))


if __name__ == "__main__":
    main()
