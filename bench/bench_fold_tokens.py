"""Tokens sent to the summariser per fold and in total, incremental against from scratch.

Over a 10,000-message synthetic conversation (threshold 30, tail 16), each fold's input is
measured as the fold model would receive it (:func:`build_fold_request`: system prompt + old
summary items + the newly folded messages). The comparison is re-summarising from scratch at
each fold: system prompt + every message folded so far. Both curves are printed (sampled),
with totals. The incremental input is bounded by a constant; the scratch input grows linearly,
so its total grows quadratically.

    .venv/bin/python bench/bench_fold_tokens.py
"""

from __future__ import annotations

import warnings

from bench_assembly import synthetic_messages
from harness import emit

from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SummaryState
from threadkeep.memory.summary.model import FOLD_SYSTEM_PROMPT, build_fold_request
from threadkeep.memory.summary.policy import FoldPolicy, fold_range
from threadkeep.tokens import default_counter

warnings.filterwarnings("ignore", category=DeprecationWarning)


def run(total: int = 10_000, sample_every: int = 25) -> dict:
    counter = default_counter()
    messages = synthetic_messages(total)
    # One line per message, as the fold prompt renders it; counted once, summed for scratch.
    line_tokens = [counter.count(f"[{m.id}] {m.role}: {m.text}") + 1 for m in messages]
    system_tokens = counter.count(FOLD_SYSTEM_PROMPT)
    policy = FoldPolicy()
    summariser = ExtractiveSummariser()
    state, cursor = SummaryState(), 0
    incremental: list[int] = []
    scratch: list[int] = []
    cursors: list[int] = []
    prefix = 0
    for n in range(1, total + 1):
        while (rng := fold_range(n, cursor, policy)) is not None:
            batch = messages[rng.first - 1 : rng.last]
            request = build_fold_request(state, batch)
            incremental.append(system_tokens + counter.count(request.messages[0].text))
            prefix += sum(line_tokens[rng.first - 1 : rng.last])
            scratch.append(system_tokens + prefix)
            state = fold_summary(state, batch, summariser=summariser).state
            cursor = rng.last
            cursors.append(cursor)
    idx = list(range(0, len(cursors), sample_every))
    if idx[-1] != len(cursors) - 1:
        idx.append(len(cursors) - 1)
    return {
        "messages": total,
        "folds": len(cursors),
        "incremental": {
            "total_tokens": sum(incremental),
            "max_per_fold": max(incremental),
            "mean_per_fold": round(sum(incremental) / len(incremental), 1),
        },
        "scratch": {
            "total_tokens": sum(scratch),
            "max_per_fold": max(scratch),
            "mean_per_fold": round(sum(scratch) / len(scratch), 1),
        },
        "ratio_scratch_over_incremental": round(sum(scratch) / sum(incremental), 1),
        "curve": [
            {"fold": i + 1, "cursor": cursors[i], "incremental": incremental[i], "scratch": scratch[i]} for i in idx
        ],
    }


def main() -> None:
    """The token curve as JSON (the harness's run header under ``"run"``)."""
    emit(run(), as_json=True)


if __name__ == "__main__":
    main()
