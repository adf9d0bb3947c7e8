"""Personal export time and peak memory for a big history (issue 20).

A person gets C conversations of M messages each (sealed exactly as the store seals them,
written in bulk: the engine's turn path is not what is measured), plus F facts with two
versions each. Then the export runs in a child process of its own, so its peak resident
memory (``ru_maxrss``) is the export's alone and not the set-up's; the child also reports the
Python heap peak (tracemalloc). Sizes given with ``--sizes`` run one after another, to show how
time and memory grow with the history.

    .venv/bin/python bench/bench_export.py [--sizes 100x50,1000x50] [--facts 200] [--import]
        [--db-dir DIR]

``--import`` also reads each archive back into a fresh SQLite database as the person
(``threadkeep.imports.threadkeep_archive.import_archive``) and times it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import warnings
from datetime import timedelta
from pathlib import Path

from harness import emit
from sqlalchemy import insert

warnings.filterwarnings("ignore", category=DeprecationWarning)

ROOT = Path(__file__).resolve().parents[1]
WORDS = (
    "project deadline budget Lisbon meeting review design test release cat garden piano "
    "Привет встреча бюджет 会議 予算 締め切り"
).split()


def populate(url: str, key_b64: str, *, conversations: int, messages: int, facts: int) -> str:
    import base64

    from threadkeep.crypto import MasterKey
    from threadkeep.memory.facts.candidate import SLOTS, FactCandidate
    from threadkeep.store import fact_changes as F
    from threadkeep.store import repo
    from threadkeep.store.base import new_id, utcnow
    from threadkeep.store.db import Database
    from threadkeep.store.models import Message
    from threadkeep.store.vault import Vault

    db = Database(url)
    db.upgrade()
    vault = Vault(MasterKey(base64.b64decode(key_b64), "bench"))
    user = "bench-person"
    start = utcnow() - timedelta(days=400)
    with db.session() as s:
        uid = repo.get_or_create_user(s, vault, name=user).id
    for c in range(conversations):
        with db.session() as s:
            conv = repo.create_conversation(
                s,
                vault,
                user_id=uid,
                channel="api",
                system_prompt="You are helpful.",
                startup="Profile: a bench person.",
            )
            repo.set_title(s, vault, conv=conv, title=f"Conversation {c} {WORDS[c % len(WORDS)]}")
            rows = []
            for i in range(messages):
                mid = new_id()
                text = " ".join(WORDS[(c * 7 + i * 3 + k) % len(WORDS)] for k in range(40)) + f" #{c}.{i}"
                rows.append(
                    {
                        "id": mid,
                        "conversation_id": conv.id,
                        "user_id": uid,
                        "seq": i + 1,
                        "role": "user" if i % 2 == 0 else "assistant",
                        "status": "answered" if i % 2 == 0 else "ok",
                        "created_at": start + timedelta(minutes=c * 60 + i),
                        "text_ct": vault.seal(s, uid, text, table="messages", column="text", row_id=mid),
                    }
                )
            s.execute(insert(Message), rows)
            conv.message_count = messages
    with db.session() as s:
        for f in range(facts):
            F.apply_candidates(
                s,
                vault,
                user_id=uid,
                message_id=None,
                candidates=[FactCandidate(f"preference:topic{f}", f"value {f}")],
                slots=SLOTS,
            )
            F.apply_candidates(
                s,
                vault,
                user_id=uid,
                message_id=None,
                candidates=[FactCandidate(f"preference:topic{f}", f"changed {f}")],
                slots=SLOTS,
            )
    db.dispose()
    return user


def export_child(url: str, key_b64: str, user: str, out: str, trace: str) -> None:
    """In the child: export, then print time and ru_maxrss (or, with ``trace``, the Python heap
    peak by tracemalloc, which slows the run down, so it is a run of its own) as JSON."""
    import base64
    import tracemalloc

    from threadkeep.crypto import MasterKey
    from threadkeep.personal_export import write_personal_export
    from threadkeep.store.db import Database
    from threadkeep.store.vault import Vault

    db = Database(url)
    vault = Vault(MasterKey(base64.b64decode(key_b64), "bench"))
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if trace == "1":
        tracemalloc.start()
        write_personal_export(db, vault, user=user, out=out)
        print(json.dumps({"heap_peak_mb": round(tracemalloc.get_traced_memory()[1] / 2**20, 1)}))
        return
    t = time.perf_counter()
    done = write_personal_export(db, vault, user=user, out=out)
    seconds = time.perf_counter() - t
    print(
        json.dumps(
            {
                "export_s": round(seconds, 2),
                "rss_before_mb": round(rss_before / 1024, 1),
                "rss_peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
                "archive_mb": round(os.path.getsize(out) / 2**20, 1),
                "counts": done.counts,
            }
        )
    )


def import_fresh(archive: str, directory: str, user: str) -> float:
    import asyncio

    from threadkeep.config import Settings
    from threadkeep.crypto import MasterKey
    from threadkeep.engine import Memory
    from threadkeep.imports.threadkeep_archive import import_archive
    from threadkeep.memory.offline import OfflineModel

    memory = Memory.open(
        f"sqlite:///{directory}/fresh.db",
        settings=Settings(home=Path(directory)),
        model=OfflineModel(),
        master_key=MasterKey(os.urandom(32), "fresh"),
    )
    t = time.perf_counter()
    import_archive(memory, archive, user=user)
    seconds = time.perf_counter() - t
    asyncio.run(memory.close())
    return seconds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="100x50,1000x50", help="CONVERSATIONSxMESSAGES, comma separated")
    ap.add_argument("--facts", type=int, default=200)
    ap.add_argument("--import", dest="do_import", action="store_true")
    ap.add_argument("--db-dir", default="/dev/shm" if os.path.isdir("/dev/shm") else None)
    ap.add_argument("--child", nargs=5, metavar=("URL", "KEY", "USER", "OUT", "TRACE"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        export_child(*args.child)
        return
    import base64

    results = []
    for size in args.sizes.split(","):
        conversations, messages = (int(x) for x in size.split("x"))
        with tempfile.TemporaryDirectory(dir=args.db_dir) as d:
            key = base64.b64encode(os.urandom(32)).decode()
            url = f"sqlite:///{d}/bench.db"
            t = time.perf_counter()
            user = populate(url, key, conversations=conversations, messages=messages, facts=args.facts)
            setup_s = time.perf_counter() - t
            out = f"{d}/export.zip"
            env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
            row: dict = {}
            for trace in ("0", "1"):
                proc = subprocess.run(
                    [sys.executable, __file__, "--child", url, key, user, out, trace],
                    capture_output=True,
                    text=True,
                    env=env,
                    timeout=3600,
                )
                if proc.returncode != 0:
                    raise SystemExit(proc.stderr)
                row.update(json.loads(proc.stdout.strip().splitlines()[-1]))
            row.update(conversations=conversations, messages=conversations * messages, setup_s=round(setup_s, 1))
            if args.do_import:
                row["import_s"] = round(import_fresh(out, d, user), 2)
            results.append(row)
            print(json.dumps(row), file=sys.stderr)
    emit({"runs": results}, as_json=True)


if __name__ == "__main__":
    main()
