"""The summary side of the five-questions eval in seconds: the fold loop alone (issue 26).

    PYTHONPATH=src python bench/bench_five_questions_fold.py FILE [--misses] [--json]

Plays each dialog of a five-questions file through the extractive summariser the way the
engine folds (threshold 30, tail 16, batches of at most 15, the summary cap (480 tokens), each message
read at its ISO ``time``), and prints per language the share of questions whose accepted answer
is in the final summary, how many summaries keep a superseded value (``stale_kept``), and the
summaries' word counts. No engine, no database, no embeddings, and the questions themselves
are not played: an approximation of ``threadkeep eval five-questions`` (its ``summary_only``),
used to try a change before the full eval. ``--misses`` lists the questions missed and the
stale lines — use it on a tuning bank only, never on a held-out one. Each language's line ends
with the summary's make-up (``small_talk_items``, ``open_questions_kept``, ``next_steps_kept``;
see ``evals/five_questions_summary.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from harness import add_json_flag, emit, table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evals.five_questions import contains_token, stale_kept  # noqa: E402
from evals.five_questions_summary import summary_counts, summary_shares  # noqa: E402
from threadkeep.memory.pasted import fold_message  # noqa: E402
from threadkeep.memory.summary.extractive import ExtractiveSummariser  # noqa: E402
from threadkeep.memory.summary.folding import fold_summary  # noqa: E402
from threadkeep.memory.summary.items import SummaryState, render_summary, word_count  # noqa: E402
from threadkeep.memory.summary.policy import FoldPolicy, fold_range  # noqa: E402
from threadkeep.messages import SourceMessage  # noqa: E402


def final_summary(dialog: dict[str, Any]) -> str:
    """The summary after folding the whole dialog, folds run after each assistant reply."""
    policy, state, cursor = FoldPolicy(), SummaryState(), 0
    summariser = ExtractiveSummariser()
    messages: list[SourceMessage] = []
    for i, m in enumerate(dialog["messages"]):
        at = datetime.fromisoformat(m["time"].replace("Z", "+00:00")) if m.get("time") else None
        messages.append(fold_message(str(i + 1), m["role"], m["text"], at))
        if m["role"] != "assistant":
            continue
        while (r := fold_range(len(messages), cursor, policy)) is not None:
            batch = messages[r.first - 1 : r.last]
            state = fold_summary(state, batch, summariser=summariser).state
            cursor = r.last
    return render_summary(state)


def main(path: str, misses: bool, as_json: bool = False) -> None:
    totals: dict[str, list[Any]] = {}
    made_of: dict[str, list[dict[str, int]]] = {}
    for dialog in json.loads(Path(path).read_text(encoding="utf-8")):
        summary = final_summary(dialog)
        made_of.setdefault(dialog["lang"], []).append(summary_counts(summary, dialog["messages"]))
        row = totals.setdefault(dialog["lang"], [0, 0, 0, []])
        for q in dialog["questions"]:
            hit = contains_token(summary, q["answers"])
            kept = stale_kept(summary, q["answers"], q.get("wrong", []))
            row[0] += hit
            row[1] += 1
            row[2] += kept
            if misses and not hit:
                print("miss", dialog["id"], q.get("fact", q["kind"]), q["answers"][:2])
            if misses and kept:
                print("stale", dialog["id"], q.get("fact", q["kind"]))
        row[3].append(word_count(summary))
    rows = []
    for lang, (hits, n, kept, words) in totals.items():
        shares = {k: v for k, v in summary_shares(made_of[lang]).items() if k != "summary_words"}
        rows.append(
            {"lang": lang, "summary_only": round(hits / n, 3), "stale_kept": f"{kept}/{n}", "words": words, **shares}
        )
    emit({"bank": path, "rows": rows}, as_json, table(rows))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bank", help="a five-questions bank file (bench/data/five_questions_*.json)")
    parser.add_argument("--misses", action="store_true", help="print each missed and stale answer")
    add_json_flag(parser)
    args = parser.parse_args()
    main(args.bank, args.misses, args.json)
