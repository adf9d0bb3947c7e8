"""Assembly time against conversation length, with folding applied as the engine does.

A synthetic project conversation grows to 100,000 messages; folding (threshold 30, tail 16,
extractive summariser) runs as it goes, so the verbatim window stays bounded. At 100, 1,000,
10,000 and 100,000 messages we time :func:`threadkeep.context.assemble.assemble` — cold (a
fresh token memo each call) and warm (a process-wide memo, as a server keeps) — and report the
medians and the ratio of the two ends. Target: the 100,000 / 100 ratio within 1.5.

    .venv/bin/python bench/bench_assembly.py            # prints JSON
    .venv/bin/python bench/bench_assembly.py --quick    # up to 10,000 messages
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
import warnings

from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.context.budget import MemoCounter
from threadkeep.context.compaction import Compactor
from threadkeep.context.request import ToolSpec
from threadkeep.memory.extractive import ExtractiveSummariser
from threadkeep.memory.folding import FoldPolicy, fold_range, fold_summary
from threadkeep.memory.summary import SourceMessage, SummaryState, render_summary

warnings.filterwarnings("ignore", category=DeprecationWarning)

_PEOPLE = ["Nora", "Tariq", "Lena", "Omar", "Priya", "Kai", "Mateo", "Ines"]
_PROJECTS = ["Vega", "Atlas", "Borealis", "Cobalt"]
_MONTHS = ["March", "April", "May", "June", "July"]
_USER = [
    "{p} is the tech lead on {j} from this week.",
    "The release deadline for {j} is {d} {m}.",
    "Update: the deadline moved, it is now {d} {m}.",
    "We decided to go with Kafka rather than RabbitMQ for {j}.",
    "Finance approved {n} thousand euros for {j}.",
    "We turned down Hooli because their support is weak.",
    "Can you rephrase the intro so it sounds friendlier?",
    "{p} said {n} people came to the demo.",
    "Room {n} has a broken projector again.",
    "I'll send the {j} contract to {p} by Friday.",
    "Lunch at 12:{d}?",
    "Thanks!",
]
_BOT = ["Noted.", "Sounds good.", "Here is a friendlier version.", "Understood, I'll keep that.",
        "Maybe file a ticket."]


def synthetic_messages(count: int, seed: int = 7) -> list[SourceMessage]:
    """A deterministic project chat: user statements alternate with short replies."""
    rnd = random.Random(seed)
    out: list[SourceMessage] = []
    for i in range(count):
        if i % 2 == 0:
            text = rnd.choice(_USER).format(p=rnd.choice(_PEOPLE), j=rnd.choice(_PROJECTS),
                                            d=rnd.randint(1, 28), m=rnd.choice(_MONTHS),
                                            n=rnd.randint(10, 900))
            out.append(SourceMessage(f"m{i + 1}", "user", text))
        else:
            out.append(SourceMessage(f"m{i + 1}", "assistant", rnd.choice(_BOT)))
    return out


TOOLS = (ToolSpec("search_knowledge", "Search the team knowledge base.",
                  {"type": "object", "properties": {"query": {"type": "string"}},
                   "required": ["query"]}),)
SYSTEM = "You are Threadkeep, a careful project assistant. Answer from the conversation."


def _inputs(state: SummaryState, window: list[SourceMessage], n: int) -> TurnInputs:
    return TurnInputs(system=SYSTEM, tools=TOOLS, startup="Conversation began 2026-01-05; web.",
                      summary=render_summary(state), history=tuple(window),
                      now="2026-11-29 10:00 UTC",
                      facts=("Works at Initech.", "Prefers short answers.", "Based in Lisbon."),
                      new_message=f"Where do we stand on Vega? (turn {n})")


def _time(fn, repeats: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000.0


def run(checkpoints: list[int], repeats: int = 50, ceilings: tuple[int, ...] = (8000, 640)) -> dict:
    total = max(checkpoints)
    messages = synthetic_messages(total)
    policy = FoldPolicy()
    summariser = ExtractiveSummariser()
    state, cursor = SummaryState(), 0
    rows = []
    warm_counter = MemoCounter()
    warm_compactor = Compactor(counter=warm_counter)
    fold_seconds = 0.0
    for n in range(1, total + 1):
        while (rng := fold_range(n, cursor, policy)) is not None:
            t0 = time.perf_counter()
            state = fold_summary(state, messages[rng.first - 1 : rng.last],
                                 summariser=summariser).state
            fold_seconds += time.perf_counter() - t0
            cursor = rng.last
        if n not in checkpoints:
            continue
        window = messages[cursor:n]
        inputs = _inputs(state, window, n)
        row: dict[str, object] = {"messages": n, "window": len(window),
                                  "summary_items": len(state.items)}
        for ceiling in ceilings:
            def cold(ceiling: int = ceiling, inputs: TurnInputs = inputs) -> None:
                assemble(inputs, ceiling=ceiling, counter=MemoCounter())

            def warm(ceiling: int = ceiling, inputs: TurnInputs = inputs) -> None:
                assemble(inputs, ceiling=ceiling, counter=warm_counter, compactor=warm_compactor)

            warm()  # fill the process-wide memo once, as earlier turns would have
            row[f"cold_ms@{ceiling}"] = round(_time(cold, repeats), 3)
            row[f"warm_ms@{ceiling}"] = round(_time(warm, repeats), 3)
            report = assemble(inputs, ceiling=ceiling, counter=warm_counter,
                              compactor=warm_compactor).report
            row[f"tokens@{ceiling}"] = report.total_tokens
            row[f"compacted@{ceiling}"] = report.compaction.messages if report.compaction else 0
        rows.append(row)
    first, last = rows[0], rows[-1]
    ratios = {k: round(float(last[k]) / float(first[k]), 3)  # type: ignore[arg-type]
              for k in first if k.startswith(("cold_ms", "warm_ms"))}
    return {"checkpoints": rows, "ratio_last_over_first": ratios, "repeats": repeats,
            "fold_seconds_total": round(fold_seconds, 2), "python": sys.version.split()[0]}


def main() -> None:
    quick = "--quick" in sys.argv
    checkpoints = [100, 1_000, 10_000] if quick else [100, 1_000, 10_000, 100_000]
    print(json.dumps(run(checkpoints), indent=2))


if __name__ == "__main__":
    main()
