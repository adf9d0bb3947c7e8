"""Measure the recall relevance floor (issue 16): how the best recalled hit's evidence is
spread over LoCoMo questions, and what each candidate floor would keep.

Runs ``threadkeep eval locomo`` with the floor off (every question recalls), recording for
each question the evidence the floor reads (``report["recall_note"]["relevance"]``) and
whether the answer reached the request. For each candidate floor it prints how many questions
would still recall and how many answered questions would lose recall (an upper bound of the
AIC lost: a question whose recall is skipped may still hold the answer through facts). The
chosen floor is then checked with a real run of ``threadkeep eval locomo`` (floor on).

    PYTHONPATH=src python bench/bench_recall_floor.py /work/shared/data/locomo/locomo_dev2.json \
        --out /tmp/floor.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from typing import Any

os.environ["THREADKEEP_RECALL_MIN_LEXICAL"] = "0"  # floor off: record every question's evidence

from threadkeep.evals import locomo as L  # noqa: E402

RECORDED: list[dict[str, Any]] = []


def _recording_request(memory: Any, sample: Any, person: str, question: str) -> list[tuple[str, str]]:
    begun = memory.db.write(lambda s: memory._begin_turn(s, sample.handle(person), None, question, "locomo"))
    request, report = memory.builder.build(begun.uid, begun.cid, begun.mid)
    RECORDED.append({"question": question, **(report["recall_note"]["relevance"] or {})})
    return L._as_messages(request)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    L._engine_request = _recording_request  # the eval's own request, plus the report
    dump = tempfile.mktemp(suffix=".jsonl")
    result = L.run_locomo(args.path, args.budget, dump=dump)
    rows = []
    with open(dump, encoding="utf-8") as f:
        for line, rec in zip(f, RECORDED, strict=True):
            q = json.loads(line)
            scored = L.is_scored(q)
            lines = L.request_lines([(m["role"], m["text"]) for m in q["request"]])
            aic = scored and L.answer_in_lines(str(q["answer"]), int(q["category"]), lines)
            rows.append({"category": q["category"], "scored": scored, "aic": aic,
                         "lexical": rec.get("lexical", 0.0), "dense": rec.get("dense")})
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
    print("AIC (floor off):", result["answer_in_context"], "evidence recall:", result["evidence_recall"])
    report(rows)


def report(rows: list[dict[str, Any]]) -> None:
    n = len(rows)
    answered = [r for r in rows if r["aic"]]
    for lex in (0.5, 0.75, 1.0, 1.25, 1.5):
        for dense in (0.80, 0.82, 0.84, 0.86):
            keep = [r for r in rows if r["lexical"] >= lex or (r["dense"] or 0) >= dense]
            lost = [r for r in answered if not (r["lexical"] >= lex or (r["dense"] or 0) >= dense)]
            print(f"lexical>={lex:<5} dense>={dense:<5} questions recalling {len(keep)}/{n}, "
                  f"answered questions losing recall {len(lost)}/{len(answered)}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--from":
        report([json.loads(x) for x in open(sys.argv[2], encoding="utf-8")])
    else:
        main()
