"""``threadkeep bench cache``: a synthetic workload replayed through the cache simulator.

Many sessions, each a run of turns separated by pauses drawn from a mix that looks like
people at work — seconds while typing, minutes while thinking, interruptions, lunch (45–75
min), afternoon gaps and next-day returns — all seeded. The same workload runs three times
through an Anthropic-like simulator (5-minute and 1-hour TTLs, its prices):

- ``threadkeep``: the real assembler (:func:`threadkeep.context.assemble.assemble`) and the
  planner, with the engine's fold policy: folds computed every 30 messages by the extractive
  summariser, adopted when the cache is cold or past the hard limit, idle folds down to the
  tail once the cache has expired, and the history TTL of the setting (1 hour by default) —
  all through :mod:`threadkeep.cache.adoption`, the functions the engine uses;
- ``naive``: :class:`~threadkeep.cache.naive.NaiveAssembler` (timestamp in the system prompt,
  sliding window);
- ``threadkeep_warm``: threadkeep with every session marked warm: 1-hour history entries and
  pings timed and built the way :class:`~threadkeep.cache.keepwarm.KeepWarmScheduler` does
  (last cache touch + TTL − margin, the cached prefix trimmed and checked by fingerprint,
  ``max_tokens`` 0, a ping that writes flags the session), within the same limits.

Beside them (``extras``): ``threadkeep_eager_fold`` — every fold adopted at once, 5-minute
history, no idle folds (the design's first policy) — and ``threadkeep_ttl_5m`` /
``threadkeep_ttl_auto`` (the engine's policy with the other history TTL settings).

Every call becomes a :class:`~threadkeep.cache.report.CallRow`, and the figures come from the
same :func:`~threadkeep.cache.report.summarise` as ``threadkeep cache-report``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import heapq
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from typing import Any

from threadkeep.cache.adoption import (
    IDLE_FOLD_MARGIN_S,
    AdoptionPolicy,
    HistoryTTL,
    history_ttl,
    idle_fold_policy,
    is_cold,
    should_adopt,
)
from threadkeep.cache.fingerprint import fingerprint
from threadkeep.cache.keepwarm import trim_to_cached
from threadkeep.cache.log import diagnose
from threadkeep.cache.naive import NaiveAssembler
from threadkeep.cache.plan import plan_breakpoints, prefix_ttl
from threadkeep.cache.report import CallRow, summarise
from threadkeep.cache.tables import ModelCall
from threadkeep.cache.warm_settings import KeepWarmSettings, QuietHours
from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.llm.base import Capabilities, complete
from threadkeep.llm.simulator import CallRecord, ManualClock, SimulatedModel, SimulatorConfig
from threadkeep.memory.extractive import ExtractiveSummariser
from threadkeep.memory.folding import FoldPolicy, fold_range, fold_summary
from threadkeep.memory.summary import SourceMessage, SummaryState, render_summary
from threadkeep.messages import ModelRequest, ToolSpec

__all__ = ["PAUSE_MIX", "BenchConfig", "make_workload", "run_bench", "render_results"]

EPOCH = datetime(2026, 11, 2, tzinfo=UTC)  # a Monday, 00:00 UTC: the simulator's clock 0
# (kind, probability, shortest, longest pause in seconds) between two turns of a session.
PAUSE_MIX: tuple[tuple[str, float, float, float], ...] = (
    ("typing", 0.62, 8, 90),
    ("thinking", 0.17, 90, 280),
    ("interrupt", 0.09, 300, 2_400),
    ("lunch", 0.05, 2_700, 4_500),
    ("afternoon", 0.04, 5_400, 14_400),
    ("next_day", 0.03, 50_400, 72_000),
)
_VARIANTS = ("threadkeep", "naive", "threadkeep_warm")
# Measured beside the contract's three: the first fold policy, and the other TTL settings.
_EXTRA_VARIANTS = ("threadkeep_eager_fold", "threadkeep_ttl_5m", "threadkeep_ttl_auto")


@dataclass(frozen=True, slots=True)
class _Policy:
    adoption: str          # cold | eager
    idle_folds: bool
    history_ttl: HistoryTTL
    warm: bool = False


def _policy(variant: str, cfg: BenchConfig) -> _Policy:
    if variant == "threadkeep_eager_fold":
        return _Policy("eager", False, "5m")
    ttl: HistoryTTL = {"threadkeep_ttl_5m": "5m", "threadkeep_ttl_auto": "auto"}.get(variant, cfg.history_ttl)  # type: ignore[assignment]
    return _Policy(cfg.fold_adoption, cfg.fold_adoption == "cold", ttl, warm=variant == "threadkeep_warm")


@dataclass(frozen=True, slots=True)
class BenchConfig:
    """The workload and the keep-warm limits of the run."""

    seed: int = 7
    sessions: int = 40
    min_turns: int = 20
    max_turns: int = 70
    model: str = "claude-sonnet-4-5"
    naive_window: int = 20
    # The engine's settings (THREADKEEP_FOLD_ADOPTION, _FOLD_HARD_LIMIT, _CACHE_HISTORY_TTL).
    fold_adoption: str = "cold"
    fold_hard_limit: int = 80
    history_ttl: str = "1h"
    extras: bool = True         # also run the extra variants
    warm: KeepWarmSettings = field(default_factory=lambda: KeepWarmSettings(
        enabled=True, max_sessions=1_000, max_warm_minutes=240, pings_per_idle_span=3,
        quiet_hours=QuietHours(time(20, 0), time(7, 0), "UTC")))

    def with_(self, **changes: Any) -> BenchConfig:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Turn:
    at: float          # seconds since EPOCH
    gap: str           # the pause kind before this turn ("start" for the first)
    user: str
    assistant: str
    facts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Session:
    sid: str
    startup: str
    turns: tuple[Turn, ...]


# ----------------------------------------------------------------------------- workload

_SYLLABLES = ("ka", "lo", "mi", "ne", "ru", "ta", "vi", "so", "pe", "da", "gor", "lin", "mar",
              "ost", "ber", "quin", "tal", "zen", "fa", "ril")
_DOMAIN = ("launch", "budget", "deadline", "customer", "contract", "review", "release", "design",
           "meeting", "invoice", "migration", "owner", "risk", "plan", "team", "report")


def _vocabulary(rng: random.Random) -> list[str]:
    words = {rng.choice(_SYLLABLES) + rng.choice(_SYLLABLES) + rng.choice(("", *_SYLLABLES))
             for _ in range(600)}
    return sorted(words) + list(_DOMAIN) * 6


_NAMES = ("Ada", "Bob", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana")
_CUES = (
    "We decided to move the {d} to {date}.",
    "{n} will send the {d} by {date}.",
    "The {d} is {num} euros, agreed with {n}.",
    "Open question: who owns the {d} after {date}?",
    "Next step: {n} reviews the {d} and reports back.",
)


def _cue(rng: random.Random) -> str:
    """A sentence of the kind a summary keeps: a decision, a number, a date, a next step."""
    return rng.choice(_CUES).format(d=rng.choice(_DOMAIN), n=rng.choice(_NAMES),
                                    num=rng.randint(2, 90) * 1000,
                                    date=f"2026-{rng.randint(11, 12)}-{rng.randint(1, 28):02d}")


def _text(rng: random.Random, vocab: list[str], words: int) -> str:
    out: list[str] = []
    if words >= 10 and rng.random() < 0.5:
        out.append(_cue(rng))
    while len(out) < words:
        sentence = [rng.choice(vocab) for _ in range(rng.randint(6, 16))]
        out.append(" ".join(sentence).capitalize() + rng.choice((".", ".", "?", "!")))
        words -= len(sentence) - 1
    return " ".join(out)


def _pause(rng: random.Random) -> tuple[str, float]:
    roll = rng.random()
    for kind, share, low, high in PAUSE_MIX:
        if roll < share:
            return kind, rng.uniform(low, high)
        roll -= share
    kind, _share, low, high = PAUSE_MIX[0]
    return kind, rng.uniform(low, high)


def make_workload(cfg: BenchConfig) -> list[Session]:
    """The seeded sessions: start times on the first day's working hours, then pauses."""
    rng = random.Random(cfg.seed)
    vocab = _vocabulary(rng)
    sessions: list[Session] = []
    for i in range(cfg.sessions):
        at = rng.uniform(8 * 3600, 16 * 3600)
        turns: list[Turn] = []
        gap = "start"
        for _ in range(rng.randint(cfg.min_turns, cfg.max_turns)):
            long_paste = rng.random() < 0.03
            user = _text(rng, vocab, rng.randint(350, 600) if long_paste else rng.randint(10, 60))
            answer = _text(rng, vocab, rng.randint(40, 220))
            facts = tuple(_text(rng, vocab, 10) for _ in range(rng.randint(0, 3)))
            turns.append(Turn(at, gap, user, answer, facts))
            gap, seconds = _pause(rng)
            at += seconds
        startup = (f"Conversation started on {(EPOCH + timedelta(seconds=turns[0].at)):%Y-%m-%d} "
                   f"(UTC), channel: web. Profile: {_text(rng, vocab, 30)}")
        sessions.append(Session(f"s{i:04d}", startup, tuple(turns)))
    return sessions


def _system(rng: random.Random) -> str:
    vocab = _vocabulary(rng)
    rules = [f"Rule {n}: {_text(rng, vocab, 24)}" for n in range(1, 61)]
    return "You are the team's assistant. Follow the rules below.\n" + "\n".join(rules)


def _tools() -> tuple[ToolSpec, ...]:
    query = {"type": "string", "description": "A standalone query: resolve pronouns first."}
    return (
        ToolSpec("search_knowledge", "Search the company knowledge base; cite the chunk keys.",
                 {"type": "object", "properties": {"query": query,
                                                   "top_k": {"type": "integer", "minimum": 1}},
                  "required": ["query"]}),
        ToolSpec("web_search", "Search the public web when the knowledge base has nothing.",
                 {"type": "object", "properties": {"query": query}, "required": ["query"]}),
    )


# ----------------------------------------------------------------------------- replay


@dataclass
class _State:
    """One session as threadkeep stores it: messages, the newest summary version and the
    adopted one (what requests use), and what the cache last saw."""

    messages: list[SourceMessage] = field(default_factory=list)
    latest: SummaryState = field(default_factory=SummaryState)
    latest_cursor: int = 0
    summary: SummaryState = field(default_factory=SummaryState)   # adopted
    cursor: int = 0                                               # adopted
    last_touch: ModelRequest | None = None
    touched_at: float = 0.0
    touched_ttl: int = 0
    flagged: bool = False

    def fold(self, policy: FoldPolicy) -> None:
        """Fold every range that is due under ``policy`` into the newest version (§5)."""
        while (span := fold_range(len(self.messages), self.latest_cursor, policy)) is not None:
            batch = self.messages[span.first - 1: span.last]
            self.latest = fold_summary(self.latest, batch, summariser=ExtractiveSummariser()).state
            self.latest_cursor = span.last

    def adopt(self) -> None:
        self.summary, self.cursor = self.latest, self.latest_cursor

    def cold_at(self, at: float, capabilities: Capabilities, margin: float = 0.0) -> bool:
        """The engine's judgement (:func:`~threadkeep.cache.adoption.is_cold`) at ``at``."""
        touched = None if self.last_touch is None else EPOCH + timedelta(seconds=self.touched_at)
        return is_cold(now=EPOCH + timedelta(seconds=at - margin), last_touch_at=touched,
                       last_ttl_s=self.touched_ttl, capabilities=capabilities)


class _Replay:
    def __init__(self, cfg: BenchConfig, variant: str, system: str,
                 tools: tuple[ToolSpec, ...]) -> None:
        self.cfg, self.variant = cfg, variant
        self.clock = ManualClock()
        self.answer = ""
        self.sim = SimulatedModel(SimulatorConfig.anthropic(cfg.model), now=self.clock,
                                  responder=lambda _req: self.answer)
        self.system, self.tools = system, tools
        self.naive = NaiveAssembler(system, tools, window=cfg.naive_window)
        self.rows: list[CallRow] = []
        self.turn_hits: list[tuple[str, bool]] = []
        self.flagged = 0
        self.last_row: dict[str, ModelCall] = {}
        self.policy = _policy(variant, cfg)
        self.adoption = AdoptionPolicy(mode=self.policy.adoption,  # type: ignore[arg-type]
                                       hard_limit=cfg.fold_hard_limit)
        self.folds = FoldPolicy()
        self.idle_folds = idle_fold_policy(self.folds)

    def _request(self, session: Session, state: _State, new: str, at: float,
                 facts: tuple[str, ...], *, rebuilding: bool = False) -> ModelRequest:
        now = f"{EPOCH + timedelta(seconds=at):%Y-%m-%d %H:%M}"
        if self.variant == "naive":
            return self.naive.request(state.messages, new, now=now, conversation_id=session.sid)
        inputs = TurnInputs(system=self.system, new_message=new, tools=self.tools,
                            startup=session.startup, summary=render_summary(state.summary),
                            history=tuple(state.messages[state.cursor:]), now=now, facts=facts)
        request = assemble(inputs, ceiling=180_000, cache_key=session.sid).request
        ttl = history_ttl(self.policy.history_ttl, self.sim.capabilities, keep_warm=self.policy.warm,
                          rebuilding=rebuilding)
        return plan_breakpoints(request, self.sim.capabilities, history_ttl=ttl)

    async def _call(self, session: Session, kind: str, request: ModelRequest) -> CallRecord:
        result = await complete(self.sim, request)
        rec = self.sim.last
        # The miss cause comes from the call log's own diagnosis (fingerprints, usage, pause),
        # so the benchmark and ``cache-report`` classify calls the same way.
        started = EPOCH + timedelta(seconds=rec.started_at)
        found = diagnose(prev=self.last_row.get(session.sid), cur=fingerprint(request),
                         usage=result.usage, started_at=started,
                         capabilities=self.sim.capabilities)
        ttl = prefix_ttl(request)
        self.last_row[session.sid] = ModelCall(
            started_at=started, ttl_s=ttl, cache_read_tokens=rec.cache_read_tokens,
            cache_write_tokens=rec.cache_write_tokens,
            fingerprints=fingerprint(request).to_json())
        self.rows.append(CallRow(session.sid, kind, rec.started_at, found.pause_s, ttl,
                                 rec.uncached_tokens, rec.cache_read_tokens,
                                 rec.cache_write_tokens, rec.output_tokens, found.miss_cause,
                                 rec.cost, rec.cost_without_cache))
        return rec

    def _ping_times(self, turn_at: float, touched_at: float, ttl: int, until: float) -> list[float]:
        warm = self.cfg.warm
        out: list[float] = []
        start = touched_at
        while len(out) < warm.pings_per_idle_span:
            at = start + ttl - warm.margin_seconds
            if at >= until or at - turn_at >= warm.max_warm_minutes * 60:
                break
            if warm.quiet_hours is not None and warm.quiet_hours.contains(EPOCH + timedelta(seconds=at)):
                break  # no ping in quiet hours: the entry expires
            out.append(at)
            start = at
        return out

    async def run(self, sessions: list[Session]) -> None:
        states = {s.sid: _State() for s in sessions}
        by_id = {s.sid: s for s in sessions}
        events: list[tuple[float, int, str, int]] = []  # (time, order, sid, turn index | -1 ping)
        for s in sessions:
            heapq.heappush(events, (s.turns[0].at, 0, s.sid, 0))
        order = 1
        while events:
            at, _o, sid, index = heapq.heappop(events)
            self.clock.now = at
            session, state = by_id[sid], states[sid]
            if index < 0:
                await self._ping(session, state)
                continue
            turn = session.turns[index]
            if self.policy.idle_folds and state.last_touch is not None and state.cold_at(
                    turn.at, self.sim.capabilities, IDLE_FOLD_MARGIN_S):
                state.fold(self.idle_folds)  # the engine's idle-fold job ran during the pause
            cold = state.cold_at(turn.at, self.sim.capabilities)
            adopt = should_adopt(self.adoption, cold=cold,
                                 verbatim=len(state.messages) + 1 - state.cursor,
                                 newer_available=state.latest_cursor > state.cursor)
            if adopt:
                state.adopt()
            request = self._request(session, state, turn.user, turn.at, turn.facts,
                                    rebuilding=cold or adopt)
            self.answer = turn.assistant
            rec = await self._call(session, "turn", request)
            self.turn_hits.append((turn.gap, self.rows[-1].miss_cause == "hit"))
            if rec.cache_read_tokens + rec.cache_write_tokens > 0:
                state.last_touch = request
                state.touched_at, state.touched_ttl = turn.at, prefix_ttl(request) or 300
            n = len(state.messages)
            state.messages += [SourceMessage(f"{sid}-{n + 1}", "user", turn.user),
                               SourceMessage(f"{sid}-{n + 2}", "assistant", turn.assistant)]
            if self.variant != "naive":
                state.fold(self.folds)  # the background fold job after the turn
            if index + 1 < len(session.turns):
                nxt = session.turns[index + 1].at
                heapq.heappush(events, (nxt, order, sid, index + 1))
                order += 1
                if self.policy.warm and not state.flagged:
                    ttl = prefix_ttl(request) or 300
                    for ping_at in self._ping_times(turn.at, turn.at, ttl, nxt):
                        heapq.heappush(events, (ping_at, order, sid, -1))
                        order += 1

    async def _ping(self, session: Session, state: _State) -> None:
        if state.flagged or state.last_touch is None:
            return
        # What the engine's ping_request gives: the next turn's prefix, then trimmed and
        # checked against the cached prefix exactly as the scheduler does.
        upcoming = self._request(session, state, "(next)", self.clock.now, ())
        ping = trim_to_cached(upcoming, fingerprint(state.last_touch))
        if ping is None:
            return  # a fold rebuilt the prefix: nothing to keep warm
        rec = await self._call(session, "ping", dataclasses.replace(ping, max_tokens=0))
        if rec.cache_read_tokens == 0 or rec.cache_write_tokens > self.cfg.warm.write_tolerance_tokens:
            state.flagged = True
            self.flagged += 1
        else:
            state.last_touch = ping
            state.touched_at = self.clock.now


def _variant_result(replay: _Replay) -> dict[str, Any]:
    report = summarise(replay.rows)
    after_lunch = [hit for gap, hit in replay.turn_hits if gap == "lunch"]
    return {
        "cached_share": round(report.cached_share, 4),
        "rewrites_under_ttl": report.rewrites_under_ttl,
        "rewrites_under_ttl_prefix": report.rewrites_under_ttl_prefix,
        "rebuilds": report.rebuilds,
        "resumptions": report.resumptions,
        "rewrites_after_resumption": report.rewrites_after_resumption,
        "rewrites": report.rewrites,
        "full_rewrites": report.full_rewrites,
        "lunch_returns": len(after_lunch),
        "lunch_rewrites": sum(1 for hit in after_lunch if not hit),
        "turns": report.turns,
        "pings": report.pings,
        "flagged": replay.flagged,
        "cost": round(report.cost, 4),
        "cost_without_cache": round(report.cost_without_cache, 4),
        "keep_warm_spend": round(report.keep_warm_spend, 4),
        "keep_warm_savings": round(report.keep_warm_savings, 4),
        "causes": report.causes,
    }


def run_bench(cfg: BenchConfig | None = None) -> dict[str, Any]:
    """Run all three variants on one workload; the JSON of ``threadkeep bench cache``."""
    cfg = cfg or BenchConfig()
    sessions = make_workload(cfg)
    system, tools = _system(random.Random(cfg.seed + 1)), _tools()
    out: dict[str, Any] = {}
    for variant in _VARIANTS + (_EXTRA_VARIANTS if cfg.extras else ()):
        replay = _Replay(cfg, variant, system, tools)
        asyncio.run(replay.run(sessions))
        out[variant] = _variant_result(replay)
    gaps: dict[str, int] = {}
    for s in sessions:
        for t in s.turns[1:]:
            gaps[t.gap] = gaps.get(t.gap, 0) + 1
    out["workload"] = {"seed": cfg.seed, "sessions": len(sessions),
                       "turns": sum(len(s.turns) for s in sessions), "pauses": gaps,
                       "model": cfg.model, "keep_warm": cfg.warm.to_json()}
    tk, warm = out["threadkeep"], out["threadkeep_warm"]
    # Pings are not keep-warm's only price: warm sessions write 1-hour entries (2x instead of
    # 1.25x) on every turn. The net effect on the whole bill is shown beside the ping balance.
    # Every other variant's bill against threadkeep's (USD; positive: threadkeep is cheaper).
    out["net"] = {"warm_saving": round(tk["cost"] - warm["cost"], 4)}
    if cfg.extras:
        for variant in _EXTRA_VARIANTS:
            out["net"][f"{variant}_extra_cost"] = round(out[variant]["cost"] - tk["cost"], 4)
    out["targets"] = {
        "threadkeep_no_prefix_rewrites_under_ttl": tk["rewrites_under_ttl_prefix"] == 0,
        "threadkeep_cached_share_at_least_0_9": tk["cached_share"] >= 0.9,
        "warm_fewer_rewrites_after_lunch": warm["lunch_rewrites"] < tk["lunch_rewrites"],
        "warm_ping_cost_below_savings": warm["keep_warm_spend"] < warm["keep_warm_savings"],
    }
    return out


def render_results(results: dict[str, Any]) -> str:
    """A table of the headline figures."""
    keys = ("cached_share", "rewrites_under_ttl", "rewrites_under_ttl_prefix", "rebuilds",
            "resumptions", "rewrites_after_resumption", "lunch_rewrites", "pings", "cost",
            "cost_without_cache", "keep_warm_spend", "keep_warm_savings")
    width = max(len(k) for k in keys)
    variants = [v for v in (*_VARIANTS, *_EXTRA_VARIANTS) if v in results]
    lines = [" " * width + "".join(f"{v:>23}" for v in variants)]
    for key in keys:
        lines.append(key.ljust(width) + "".join(f"{results[v][key]!s:>23}" for v in variants))
    w = results["workload"]
    lines.append(f"\n{w['sessions']} sessions, {w['turns']} turns, seed {w['seed']}; "
                 f"pauses: {w['pauses']}")
    lines.append("against threadkeep (USD): " + ", ".join(
        f"{k} {v}" for k, v in results["net"].items()))
    lines.append("targets: " + ", ".join(f"{k}={'yes' if v else 'NO'}"
                                         for k, v in results["targets"].items()))
    return "\n".join(lines)
