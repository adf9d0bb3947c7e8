"""Memory one message costs in the in-process recall index, with and without e5 vectors.

Places chat-sized messages two at a time (a turn: the person's and the answer) the way a turn's
sync places them (``recall.place_items``), and reports the Python heap they hold per item as
tracemalloc counts it. The figure behind ``recall._CACHE_ITEMS`` (docs/BENCHMARKS.md, "HTTP
service").

    .venv/bin/python bench/bench_recall_memory.py --items 20000
"""

from __future__ import annotations

import argparse
import random
import tracemalloc
import uuid
from datetime import UTC, datetime

import numpy as np
from harness import add_json_flag, emit, table

from threadkeep.memory.recall import index as recall
from threadkeep.memory.recall.ranking import RecallItem

WORDS = "the budget is euros point launch plan noted here short answer size chat reply few deltas".split()


def bytes_per_item(items: int, dim: int | None, seed: int = 7) -> float:
    rng = random.Random(seed)
    person = recall.PersonIndex(embedder="e5" if dim else None)
    conversation = str(uuid.uuid4())
    base = tracemalloc.get_traced_memory()[0]
    for seq in range(0, items, 2):
        turn = [
            RecallItem(
                str(uuid.uuid4()),
                conversation,
                seq + j,
                ("user", "assistant")[j],
                f"Point {seq}: the budget is {1000 + seq} euros. " + " ".join(rng.sample(WORDS, 8)),
                datetime.now(UTC),
            )
            for j in range(2)
        ]
        matrix = None if dim is None else np.random.default_rng(seq).random((2, dim), np.float32)
        recall.place_items(person, turn, matrix)
    return (tracemalloc.get_traced_memory()[0] - base) / items


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--items", type=int, default=20_000)
    add_json_flag(p)
    args = p.parse_args()
    tracemalloc.start()
    rows = [
        {"index": label, "bytes_per_item": round(bytes_per_item(args.items, dim)), "items": args.items}
        for dim, label in ((None, "lexical only"), (384, "with e5-small vectors (384 float32)"))
    ]
    emit({"rows": rows}, args.json, table(rows))


if __name__ == "__main__":
    main()
