"""Load run: many concurrent conversations against the real service on PostgreSQL.

The service runs as a child process (:mod:`threadkeep.testing.server`: the app of
``threadkeep serve`` with a scripted model that answers after a fixed delay), with its
background runner (folds, fact extraction, recall indexing, profile) and the keep-warm
scheduler on. Conversations start over a ramp; each sends its turns one after another and
checks every answer. Afterwards the run waits for background work and verifies:

- zero lost or duplicated messages: every acknowledged message is stored once, in the order
  it was sent, with its answer right after it;
- summary cursors consistent: versions consecutive, each message folded at most once, the
  tail (last 12) never folded; no job failed;

and reports throughput and p50/p99 of the whole turn and of its non-model part (the turn minus
the model's fixed delay). Target: p99 of the non-model part within 5x of its p50.

    .venv/bin/python bench/load.py --quick                      # 12 x 20 turns, ~1 minute
    .venv/bin/python bench/load.py --conversations 200 --turns 50 --ramp 30
    .venv/bin/python bench/load.py --json out.json              # figures as JSON as well
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from threadkeep.testing.checks import check_database, wait_for_jobs
from threadkeep.testing.proc import ServerProcess, drop_postgres, scratch_postgres

JOB_KINDS = ("fold", "facts", "recall_index", "profile")


@dataclass
class Conversation:
    person: str
    sent: list[str] = field(default_factory=list)  # acknowledged (200) messages, in order
    errors: list[str] = field(default_factory=list)
    cid: str | None = None
    latencies: list[float] = field(default_factory=list)


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def _converse(
    client: httpx.AsyncClient, conv: Conversation, turns: int, start_after: float, stream_every: int
) -> None:
    await asyncio.sleep(start_after)
    headers = {"X-Threadkeep-User": conv.person}
    for i in range(turns):
        # Sentences the extractive summariser and the fact extractor both find something in.
        text = (
            f"[{conv.person} #{i}] I work at Firm{hash(conv.person) % 9}. We decided to ship "
            f"release {i} on {1 + i % 28} May with a budget of {100 + i} euros."
        )
        body: dict[str, Any] = {"text": text, "stream": stream_every > 0 and i % stream_every == 0}
        if conv.cid:
            body["conversation_id"] = conv.cid
        t0 = time.perf_counter()
        try:
            r = await client.post("/v1/messages", json=body, headers=headers)
            if body["stream"]:
                ok, payload = _read_sse(r.text)
            else:
                ok, payload = r.status_code == 200, (r.json() if r.status_code == 200 else {})
        except httpx.HTTPError as e:
            conv.errors.append(f"turn {i}: {type(e).__name__}")
            continue
        elapsed = time.perf_counter() - t0
        if not ok or r.status_code != 200:
            conv.errors.append(f"turn {i}: {r.status_code} {r.text[:200]}")
            continue
        if payload.get("text") != f"echo: {text}":
            conv.errors.append(f"turn {i}: wrong answer {payload.get('text')!r:.80}")
        conv.cid = conv.cid or payload["conversation_id"]
        conv.sent.append(text)
        conv.latencies.append(elapsed)


def _read_sse(raw: str) -> tuple[bool, dict[str, Any]]:
    """The ``done`` event's data, or (False, error) when the stream ended otherwise."""
    last: dict[str, Any] = {}
    for line in raw.splitlines():
        if line.startswith("data: "):
            last = json.loads(line[6:])
    return last.get("type") == "done", last


async def _verify(client: httpx.AsyncClient, conv: Conversation) -> list[str]:
    """Stored messages are exactly the acknowledged ones, in order, each followed by its answer."""
    if conv.cid is None:
        return [] if not conv.sent else [f"{conv.person}: acknowledged but no conversation id"]
    r = await client.get(f"/v1/conversations/{conv.cid}", headers={"X-Threadkeep-User": conv.person})
    if r.status_code != 200:
        return [f"{conv.person}: GET conversation {r.status_code}"]
    msgs = r.json()["messages"]
    users = [m["text"] for m in msgs if m["role"] == "user" and m["status"] == "answered"]
    problems = []
    if users != conv.sent:
        lost = [t for t in conv.sent if t not in users]
        dup = len(users) - len(set(users))
        problems.append(
            f"{conv.person}: {len(lost)} lost, {dup} duplicated, order ok={sorted(users) == sorted(conv.sent)}"
        )
    for a, b in zip(msgs, msgs[1:], strict=False):
        if (
            a["role"] == "user"
            and a["status"] == "answered"
            and (b["role"] != "assistant" or b["text"] != f"echo: {a['text']}")
        ):
            problems.append(f"{conv.person}: the answer does not follow its message")
            break
    return problems


async def run_load(
    base_url: str, admin_key: str, *, conversations: int, turns: int, ramp: float, delay: float, stream_every: int = 5
) -> dict[str, Any]:
    admin = {"Authorization": f"Bearer {admin_key}"}
    limits = httpx.Limits(max_connections=conversations + 8, max_keepalive_connections=conversations + 8)
    async with httpx.AsyncClient(base_url=base_url, headers=admin, timeout=120, limits=limits) as setup:
        r = await setup.put("/v1/admin/keep-warm", json={"enabled": True, "max_sessions": 50})
        r.raise_for_status()
        surface = (await setup.post("/v1/admin/keys", json={"scope": "surface", "name": "load"})).json()["key"]
    convs = [Conversation(person=f"load-{i:04d}") for i in range(conversations)]
    auth = {"Authorization": f"Bearer {surface}"}
    async with httpx.AsyncClient(base_url=base_url, headers=auth, timeout=120, limits=limits) as client:
        t0 = time.perf_counter()
        await asyncio.gather(
            *(_converse(client, c, turns, ramp * i / max(1, conversations), stream_every) for i, c in enumerate(convs))
        )
        wall = time.perf_counter() - t0
        # Mark some conversations warm, so the keep-warm scheduler has sessions to look after.
        for c in convs[: max(1, conversations // 10)]:
            if c.cid:
                await client.patch(
                    f"/v1/conversations/{c.cid}", json={"keep_warm": True}, headers={"X-Threadkeep-User": c.person}
                )
        verify = await asyncio.gather(*(_verify(client, c) for c in convs))
    lat = [x for c in convs for x in c.latencies]
    non_model = [max(0.0, x - delay) for x in lat]
    p50, p99 = _pct(non_model, 0.5), _pct(non_model, 0.99)
    return {
        "conversations": conversations,
        "turns_per_conversation": turns,
        "model_delay_s": delay,
        "acknowledged_turns": len(lat),
        "errors": [e for c in convs for e in c.errors][:20],
        "error_count": sum(len(c.errors) for c in convs),
        "wall_s": round(wall, 2),
        "turns_per_s": round(len(lat) / wall, 1) if wall else 0.0,
        "turn_p50_ms": round(_pct(lat, 0.5) * 1000, 1),
        "turn_p99_ms": round(_pct(lat, 0.99) * 1000, 1),
        "non_model_p50_ms": round(p50 * 1000, 1),
        "non_model_p99_ms": round(p99 * 1000, 1),
        "non_model_p99_over_p50": round(p99 / p50, 2) if p50 else float("inf"),
        "mean_ms": round(statistics.fmean(lat) * 1000, 1) if lat else None,
        "order_problems": [p for ps in verify for p in ps][:20],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="12 conversations x 20 turns (CI)")
    p.add_argument("--conversations", type=int, default=200)
    p.add_argument("--turns", type=int, default=50)
    p.add_argument("--ramp", type=float, default=30.0, help="seconds over which conversations start")
    p.add_argument("--delay", type=float, default=0.05, help="the scripted model's fixed delay")
    p.add_argument("--db", default=None, help="database URL (default: a scratch PostgreSQL database)")
    p.add_argument("--json", default=None, help="also write the figures here")
    p.add_argument("--job-timeout", type=float, default=300.0)
    args = p.parse_args(argv)
    if args.quick:
        args.conversations, args.turns, args.ramp = 12, 20, 2.0
    db = args.db or scratch_postgres("tk_load")
    server = ServerProcess(db, delay=args.delay).start()
    try:
        figures = asyncio.run(
            run_load(
                server.url,
                server.admin_key,
                conversations=args.conversations,
                turns=args.turns,
                ramp=args.ramp,
                delay=args.delay,
            )
        )
        t0 = time.perf_counter()
        left = wait_for_jobs(db, timeout=args.job_timeout, kinds=JOB_KINDS)
        figures["background_drain_s"] = round(time.perf_counter() - t0, 1)
        figures["jobs_left"] = left
        found = check_database(db)
        figures.update(
            folds=found.folds,
            jobs_done=found.jobs_done,
            jobs_failed=found.jobs_failed,
            stored_messages=found.messages,
            db_problems=found.problems[:20],
        )
    finally:
        server.stop()
        if args.db is None:
            drop_postgres(db)
    print(json.dumps(figures, indent=2))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(figures, fh, indent=2)
    ok = (
        not figures["order_problems"]
        and not figures["db_problems"]
        and figures["error_count"] == 0
        and figures["jobs_left"] == 0
        and figures["stored_messages"] == 2 * figures["acknowledged_turns"]
    )
    print("load run:", "PASS" if ok else "FAIL", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
