"""Merging people: how long start, undo and confirm take against the source's history size.

Person B gets C conversations of M messages each (text, a trace on the answers, a sealed
float32 vector per message as the recall index stores it) and F facts; person A has its own
history and F/2 facts, half of them the same slots as B's (deduplicated or conflicting).
Then, timed, each in its own transaction: ``start_merge`` (every sealed field of B's history
opened with B's key and sealed with A's), ``undo_merge`` (all of it back) and, after a second
start, ``confirm_merge`` (B deleted, key shredded, WAL settled). Median of ``--repeat`` runs
per size, on fresh databases.

    .venv/bin/python bench/bench_merge.py [--sizes 1000,5000,20000] [--repeat 3]
        [--db URL | --pg]   # --pg: a throwaway database on $THREADKEEP_TEST_PG_URL (default: the local `test`)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import warnings

import numpy as np
from harness import add_json_flag, emit, summarize, table

from threadkeep.crypto import MasterKey
from threadkeep.memory.facts.candidate import SLOTS, FactCandidate
from threadkeep.memory.people import merge as people_merge
from threadkeep.retrieval.embedding import vector_to_bytes
from threadkeep.store import fact_changes as F
from threadkeep.store import repo
from threadkeep.store.db import Database
from threadkeep.store.memory_tables import MessageVector
from threadkeep.store.vault import Vault

warnings.filterwarnings("ignore", category=DeprecationWarning)

_WORDS = (
    "offsite budget hotel Lisbon deadline invoice kiln quokka sprint review Maria Dana бюджет отпуск 会議 締め切り"
).split()


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(n)) + "."


def seed(
    db: Database, vault: Vault, name: str, *, messages: int, per_conv: int, facts: int, rng: random.Random
) -> None:
    def run(s) -> None:  # type: ignore[no-untyped-def]
        user = repo.get_or_create_user(s, vault, name=name)
        for c in range((messages + per_conv - 1) // per_conv):
            conv = repo.create_conversation(
                s, vault, user_id=user.id, channel="slack", system_prompt="You are helpful.", startup="bundle"
            )
            repo.set_title(s, vault, conv=conv, title=f"conversation {c}")
            for i in range(min(per_conv, messages - c * per_conv)):
                role = "user" if i % 2 == 0 else "assistant"
                msg = repo.append_message(
                    s,
                    vault,
                    conv=conv,
                    role=role,
                    text=_text(rng, 40),
                    status="answered" if role == "user" else "ok",
                    trace='{"facts": []}' if role == "assistant" else None,
                )
                vec = np.asarray(rng.random(), dtype=np.float32) * np.ones(384, dtype=np.float32)
                s.add(
                    MessageVector(
                        message_id=msg.id,
                        user_id=user.id,
                        conversation_id=conv.id,
                        seq=msg.seq,
                        model="bench",
                        vector_ct=vault.seal(
                            s, user.id, vector_to_bytes(vec), table="message_vectors", column="vector", row_id=msg.id
                        ),
                    )
                )
        cands = [FactCandidate(f"note:{i}", f"note number {i} about {rng.choice(_WORDS)}") for i in range(facts)]
        cands += [FactCandidate("employer", rng.choice(["Acme", "Globex", "Initech"]))]
        F.apply_candidates(s, vault, user_id=user.id, candidates=cands, message_id=None, slots=SLOTS)

    db.write(run)


def one(url: str, size: int, per_conv: int, facts: int, rng: random.Random) -> dict[str, float]:
    db = Database(url)
    db.upgrade()
    vault = Vault(MasterKey(os.urandom(32), "bench"))
    db.write(vault.check_master)
    a, b = f"a-{size}-{rng.random()}", f"b-{size}-{rng.random()}"
    seed(db, vault, a, messages=200, per_conv=per_conv, facts=facts // 2, rng=rng)
    seed(db, vault, b, messages=size, per_conv=per_conv, facts=facts, rng=rng)
    out: dict[str, float] = {}
    t = time.perf_counter()
    info = people_merge.start_merge(db, vault, source=b, into=a, actor="bench")
    out["start_s"] = time.perf_counter() - t
    assert info.counts["messages"] == size, info.counts
    t = time.perf_counter()
    people_merge.undo_merge(db, vault, merge_id=info.id, actor="bench")
    out["undo_s"] = time.perf_counter() - t
    again = people_merge.start_merge(db, vault, source=b, into=a, actor="bench")
    t = time.perf_counter()
    people_merge.confirm_merge(db, vault, merge_id=again.id, actor="bench")
    out["confirm_s"] = time.perf_counter() - t
    db.dispose()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,5000,20000", help="Messages of the merged person.")
    ap.add_argument("--per-conversation", type=int, default=50)
    ap.add_argument("--facts", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--db", help="Database URL (default: a temp SQLite file per run).")
    ap.add_argument(
        "--pg", action="store_true", help="A throwaway PostgreSQL database per run, beside $THREADKEEP_TEST_PG_URL."
    )
    add_json_flag(ap)
    args = ap.parse_args()
    rng = random.Random(7)
    rows = []
    for size in (int(x) for x in args.sizes.split(",")):
        runs = []
        for _ in range(args.repeat):
            if args.pg:
                from threadkeep.testing.proc import drop_postgres, scratch_postgres

                url = scratch_postgres("tk_bench_merge")
                try:
                    runs.append(one(url, size, args.per_conversation, args.facts, rng))
                finally:
                    drop_postgres(url)
            elif args.db:
                runs.append(one(args.db, size, args.per_conversation, args.facts, rng))
            else:
                with tempfile.TemporaryDirectory() as d:
                    runs.append(one(f"sqlite:///{d}/m.db", size, args.per_conversation, args.facts, rng))
        row = {"messages": size, **{k: summarize([r[k] for r in runs])["median"] for k in runs[0]}}
        row["start_us_per_message"] = round(row["start_s"] / size * 1e6, 1)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr)
    emit({"backend": "postgresql" if args.pg else "sqlite", "rows": rows}, args.json, table(rows))


if __name__ == "__main__":
    main()
