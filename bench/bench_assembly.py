"""Assembly time against conversation length, with folding applied as the engine does.

A synthetic project conversation grows to 100,000 messages; folding (threshold 30, tail 16,
extractive summariser) runs as it goes, so the verbatim window stays bounded. At 100, 1,000,
10,000 and 100,000 messages we time :func:`threadkeep.context.assemble.assemble` — cold (a
fresh token memo each call) and warm (a process-wide memo, as a server keeps) — and report the
medians and the ratio of the two ends, at a roomy ceiling (8,000) and a
tight one (half the older history's tokens short, so the oldest verbatim messages are
compacted), each over the last 10 user turns before the checkpoint. All turns are timed
round-robin after the conversation is built, so load and process state hit every length alike. Target: the 100,000 / 100 ratio within 1.5.

    .venv/bin/python bench/bench_assembly.py            # prints JSON
    .venv/bin/python bench/bench_assembly.py --quick    # up to 10,000 messages
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
import warnings
from dataclasses import dataclass, field

from harness import emit, words

from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.context.budget import MemoCounter
from threadkeep.context.compaction import Compactor
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SourceMessage, SummaryState, render_summary
from threadkeep.memory.summary.policy import FoldPolicy, fold_range
from threadkeep.messages import ToolSpec

warnings.filterwarnings("ignore", category=DeprecationWarning)

WORDS = words("assembly")  # its sentences and word pools: bench/data/synthetic_chat.json


def synthetic_messages(count: int, seed: int = 7) -> list[SourceMessage]:
    """A deterministic project chat: user statements alternate with short replies."""
    rnd = random.Random(seed)
    out: list[SourceMessage] = []
    for i in range(count):
        if i % 2 == 0:
            text = rnd.choice(WORDS["USER"]).format(
                p=rnd.choice(WORDS["PEOPLE"]),
                j=rnd.choice(WORDS["PROJECTS"]),
                d=rnd.randint(1, 28),
                m=rnd.choice(WORDS["MONTHS"]),
                n=rnd.randint(10, 900),
            )
            out.append(SourceMessage(f"m{i + 1}", "user", text))
        else:
            out.append(SourceMessage(f"m{i + 1}", "assistant", rnd.choice(WORDS["BOT"])))
    return out


TOOLS = (
    ToolSpec(
        "search_knowledge",
        "Search the team knowledge base.",
        {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
    ),
)
SYSTEM = "You are Threadkeep, a careful project assistant. Answer from the conversation."


def _inputs(state: SummaryState, window: list[SourceMessage], n: int) -> TurnInputs:
    return TurnInputs(
        system=SYSTEM,
        tools=TOOLS,
        startup="Conversation began 2026-01-05; web.",
        summary=render_summary(state),
        history=tuple(window),
        now="2026-11-29 10:00 UTC",
        facts=("Works at Initech.", "Prefers short answers.", "Based in Lisbon."),
        new_message=f"Where do we stand on Vega? (turn {n})",
    )


@dataclass
class _Case:
    """One sampled turn at one checkpoint, with its two ceilings and two timing modes."""

    checkpoint: int
    inputs: TurnInputs
    ceilings: dict[str, int]
    samples: dict[str, list[float]] = field(default_factory=dict)


def _cases_for(cp: int, turns: list[TurnInputs], roomy: int, counter: MemoCounter) -> list[_Case]:
    cases = []
    for inputs in turns:
        need = assemble(
            inputs, ceiling=roomy, counter=counter, compactor=Compactor(counter=counter)
        ).report.total_tokens
        # "tight": half of the older (compactable) history's tokens short, so it must compact.
        older = sum(counter.message(m[2]) for m in inputs.history[:-12])
        cases.append(_Case(cp, inputs, {"roomy": roomy, "tight": need - max(1, older // 2)}))
    return cases


def _measure_interleaved(
    cases: list[_Case], repeats: int, warm_counter: MemoCounter, warm_compactor: Compactor
) -> None:
    """Time every case round-robin, so machine noise and process state hit all lengths alike."""
    for case in cases:  # warm the process-wide memo, as the earlier turns would have
        for ceiling in case.ceilings.values():
            assemble(case.inputs, ceiling=ceiling, counter=warm_counter, compactor=warm_compactor)
    gc.collect()
    gc.disable()  # like timeit: collector passes would be charged to whichever call ran
    try:
        for _ in range(repeats):
            for case in cases:
                for label, ceiling in case.ceilings.items():
                    cold = MemoCounter()
                    t0 = time.perf_counter()
                    assemble(case.inputs, ceiling=ceiling, counter=cold, compactor=Compactor(counter=cold))
                    t1 = time.perf_counter()
                    assemble(case.inputs, ceiling=ceiling, counter=warm_counter, compactor=warm_compactor)
                    t2 = time.perf_counter()
                    case.samples.setdefault(f"cold_ms_{label}", []).append((t1 - t0) * 1000)
                    case.samples.setdefault(f"warm_ms_{label}", []).append((t2 - t1) * 1000)
    finally:
        gc.enable()


def run(checkpoints: list[int], repeats: int = 30, sample_turns: int = 10, roomy: int = 8000) -> dict:
    """Grow the conversation with folding, keep the inputs of the last ``sample_turns`` user
    turns before each checkpoint, then time them all interleaved."""
    total = max(checkpoints)
    messages = synthetic_messages(total)
    policy = FoldPolicy()
    summariser = ExtractiveSummariser()
    state, cursor = SummaryState(), 0
    warm_counter = MemoCounter()
    fold_seconds = 0.0
    pending: list[TurnInputs] = []
    cases: list[_Case] = []
    meta: dict[int, dict[str, object]] = {}
    for n in range(1, total + 1):
        while (rng := fold_range(n, cursor, policy)) is not None:
            t0 = time.perf_counter()
            state = fold_summary(state, messages[rng.first - 1 : rng.last], summariser=summariser).state
            fold_seconds += time.perf_counter() - t0
            cursor = rng.last
        if not any(cp - 2 * sample_turns < n <= cp and (cp - n) % 2 == 0 for cp in checkpoints):
            continue  # sample turns that end on a user message: every other message
        pending.append(_inputs(state, messages[cursor:n], n))
        if n in checkpoints:
            meta[n] = {
                "messages": n,
                "window": n - cursor,
                "summary_items": len(state.items),
                "turns_sampled": len(pending),
            }
            cases += _cases_for(n, pending, roomy, warm_counter)
            pending = []
    del messages
    warm_compactor = Compactor(counter=warm_counter)
    _measure_interleaved(cases, repeats, warm_counter, warm_compactor)
    rows = []
    for cp in checkpoints:
        mine = [c for c in cases if c.checkpoint == cp]
        row = dict(meta[cp])
        for key in mine[0].samples:
            row[key] = round(statistics.median(statistics.median(c.samples[key]) for c in mine), 3)
        last = assemble(
            mine[-1].inputs, ceiling=mine[-1].ceilings["tight"], counter=warm_counter, compactor=warm_compactor
        ).report
        row["compacted_tight"] = last.compaction.messages if last.compaction else 0
        rows.append(row)
    first, last_row = rows[0], rows[-1]
    ratios = {
        k: round(float(last_row[k]) / float(first[k]), 3)  # type: ignore[arg-type]
        for k in first
        if k.startswith(("cold_ms", "warm_ms"))
    }
    return {
        "checkpoints": rows,
        "ratio_last_over_first": ratios,
        "repeats": repeats,
        "fold_seconds_total": round(fold_seconds, 2),
    }


def main() -> None:
    quick = "--quick" in sys.argv
    checkpoints = [100, 1_000, 10_000] if quick else [100, 1_000, 10_000, 100_000]
    emit(run(checkpoints), as_json=True)


if __name__ == "__main__":
    main()
