#!/usr/bin/env python3
"""CI: each documented install of threadkeep, alone in a fresh venv, starts what it serves.

`make install` puts every extra into one venv (`.[dev]`), which hides an extra that lacks one of
its own imports (issue 39: `.[server]` could not serve, python-multipart was missing). Here each
set from the README's "Install" table is installed by itself into a new venv and exercised:

- ``(none)``            ``threadkeep chat`` answers one line offline (the core alone);
- ``server``            ``threadkeep serve`` answers ``GET /v1/session`` on its port;
- ``server,embeddings`` the same, with the dense retrieval packages beside it;
- ``mcp``               ``threadkeep mcp --stdio`` answers an MCP ``initialize`` request;
- ``postgres``          ``threadkeep keys create``/``list`` against a scratch database on
                        127.0.0.1:5432 (made from the ``test`` database, dropped after).

A missing import fails the run and prints the output of the command that failed. pip's cache
(``PIP_CACHE_DIR``, default ``~/.cache/pip``) makes the repeated installs quick. Standard
library only: it runs with the machine's python3 before any venv exists. Every process it
starts is stopped, and every step has a time limit.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INSTALL_TIMEOUT_S = 900
START_TIMEOUT_S = 120
PG_DSN = "postgresql+psycopg://postgres@127.0.0.1:5432"


class Failed(Exception):
    """A check failed; the message says which and shows the output."""


def run(cmd: list[str], *, timeout: float, env: dict[str, str] | None = None,
        stdin: str | None = None) -> str:
    """Run ``cmd`` to completion; its output, or :class:`Failed` with the output."""
    try:
        done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        raise Failed(f"{' '.join(cmd)} did not finish in {timeout:.0f} s\n{e.stdout or ''}{e.stderr or ''}") from e
    if done.returncode != 0:
        raise Failed(f"{' '.join(cmd)} exited {done.returncode}\n{done.stdout}{done.stderr}")
    return done.stdout + done.stderr


def fresh_venv(where: Path, extras: str) -> Path:
    """A new venv at ``where`` with ``.[extras]`` (the project alone without extras); its bin."""
    run([sys.executable, "-m", "venv", str(where)], timeout=120)
    pip = [str(where / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    run(pip + ["--upgrade", "pip"], timeout=INSTALL_TIMEOUT_S)
    target = f"{ROOT}[{extras}]" if extras else str(ROOT)
    run(pip + [target], timeout=INSTALL_TIMEOUT_S)
    return where / "bin"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def stop(proc: subprocess.Popen[str]) -> str:
    """Stop ``proc`` (TERM, then KILL) and return what it printed."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=20)
    return "".join(pipe.read() for pipe in (proc.stdout, proc.stderr) if pipe is not None and not pipe.closed)


def check_chat(bin_dir: Path, env: dict[str, str]) -> None:
    out = run([str(bin_dir / "threadkeep"), "chat", "--user", "ci"], timeout=START_TIMEOUT_S, env=env,
              stdin="Our launch code name is Bluebird.\n")
    if "Traceback" in out:
        raise Failed(f"threadkeep chat printed a traceback:\n{out}")


def check_serve(bin_dir: Path, env: dict[str, str]) -> None:
    port = free_port()
    proc = subprocess.Popen([str(bin_dir / "threadkeep"), "serve", "--port", str(port), "--log-level", "warning"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if proc.poll() is not None:
                raise Failed(f"threadkeep serve exited {proc.returncode} before answering\n{stop(proc)}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/session", timeout=5) as r:
                    body = json.loads(r.read())
                if "authenticated" not in body:
                    raise Failed(f"GET /v1/session answered {body!r}")
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    raise Failed(f"threadkeep serve did not answer on port {port} in {START_TIMEOUT_S} s\n"
                                 f"{stop(proc)}") from None
                time.sleep(0.5)
    finally:
        stop(proc)


def _key(bin_dir: Path, env: dict[str, str], *extra: str) -> str:
    out = run([str(bin_dir / "threadkeep"), "keys", "create", "--scope", "person", "--user", "ci", *extra],
              timeout=START_TIMEOUT_S, env=env)
    key = next((w for w in out.split() if w.startswith("tk_")), None)
    if key is None:
        raise Failed(f"threadkeep keys create printed no key:\n{out}")
    return key


def check_mcp(bin_dir: Path, env: dict[str, str]) -> None:
    key = _key(bin_dir, env)
    hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "ci", "version": "1"}}}
    proc = subprocess.Popen([str(bin_dir / "threadkeep"), "mcp", "--stdio", "--key", key], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps(hello) + "\n")
        proc.stdin.flush()
        line = _read_line(proc, START_TIMEOUT_S)
        answer = json.loads(line) if line else {}
        if answer.get("id") != 1 or "serverInfo" not in answer.get("result", {}):
            raise Failed(f"threadkeep mcp --stdio answered initialize with {line!r}\n{stop(proc)}")
    finally:
        if proc.stdin is not None:
            proc.stdin.close()
        stop(proc)


def _read_line(proc: subprocess.Popen[str], timeout: float) -> str:
    """One line of ``proc``'s stdout within ``timeout`` seconds (a thread: pipes do not time out)."""
    import threading

    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(proc.stdout.readline() if proc.stdout else ""), daemon=True)
    reader.start()
    reader.join(timeout)
    return got[0] if got else ""


def check_postgres(bin_dir: Path, env: dict[str, str]) -> None:
    name = f"tk_extras_{uuid.uuid4().hex[:10]}"
    admin = [str(bin_dir / "python"), "-c",
             "import sys, psycopg\n"
             "with psycopg.connect('host=127.0.0.1 port=5432 dbname=test user=postgres', autocommit=True) as c:\n"
             "    c.execute(sys.argv[1])\n"]
    run(admin + [f'CREATE DATABASE "{name}"'], timeout=60, env=env)
    try:
        db = ["--db", f"{PG_DSN}/{name}"]
        _key(bin_dir, env, *db)
        out = run([str(bin_dir / "threadkeep"), "keys", "list", *db], timeout=START_TIMEOUT_S, env=env)
        if "ci" not in out:
            raise Failed(f"threadkeep keys list on PostgreSQL did not list the key it made:\n{out}")
    finally:
        run(admin + [f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'], timeout=60, env=env)


# The README's "Install" table: each set, and what proves that it works on its own.
CHECKS = [
    ("", check_chat),
    ("server", check_serve),
    ("server,embeddings", check_serve),
    ("mcp", check_mcp),
    ("postgres", check_postgres),
]


def main(only: list[str]) -> int:
    """Check every set (or those named on the command line, ``none`` for the core alone)."""
    failures = []
    started = time.monotonic()
    chosen = [(e, c) for e, c in CHECKS if not only or (e or "none") in only]
    for extras, check in chosen:
        label = extras or "(no extra)"
        t0 = time.monotonic()
        work = Path(tempfile.mkdtemp(prefix="tk-extras-"))
        # A home of its own: a first-run key, a SQLite file and a master key per check.
        env = {**os.environ, "THREADKEEP_HOME": str(work / "home"), "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("THREADKEEP_DB", None)
        env.pop("THREADKEEP_MODEL", None)
        try:
            check(fresh_venv(work / "venv", extras), env)
            print(f"extras {label}: ok ({time.monotonic() - t0:.0f} s)", flush=True)
        except Failed as e:
            failures.append(label)
            print(f"extras {label}: FAILED ({time.monotonic() - t0:.0f} s)\n{e}", flush=True)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print(f"extras: {len(chosen) - len(failures)} of {len(chosen)} sets work alone "
          f"({time.monotonic() - started:.0f} s)", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
