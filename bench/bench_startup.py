"""CPU seconds ``threadkeep serve`` spends before its port answers, on an empty home (issue 28).

    .venv/bin/python bench/bench_startup.py [--runs 3]

Each run starts ``python -m threadkeep.cli serve`` on a free port with a fresh
``THREADKEEP_HOME`` (offline model), polls ``GET /`` until it answers, then reads the server
process's user + system CPU time from ``/proc/<pid>/stat`` (Linux) and stops it. Prints the
median and every run.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from harness import add_json_flag, emit, summarize

ROOT = Path(__file__).resolve().parents[1]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def one_run() -> float:
    port = _port()
    with tempfile.TemporaryDirectory(prefix="tk-startup-") as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith("THREADKEEP_")}
        env.update(THREADKEEP_HOME=home, PYTHONPATH=str(ROOT / "src"))
        proc = subprocess.Popen(
            [sys.executable, "-m", "threadkeep.cli", "serve", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            else:
                raise RuntimeError("the server did not answer within 120 s")
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks = os.sysconf("SC_CLK_TCK")
            return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    add_json_flag(parser)
    args = parser.parse_args()
    runs = [one_run() for _ in range(args.runs)]
    cpu = summarize(runs, digits=2)
    text = f"serve start-up CPU: median {cpu['median']:.2f} s; runs {', '.join(f'{r:.2f}' for r in runs)}"
    emit({"startup_cpu_s": cpu, "runs_s": [round(r, 2) for r in runs]}, args.json, text)


if __name__ == "__main__":
    main()
