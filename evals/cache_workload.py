"""The cache benchmark's workload and baseline: synthetic sessions on a simulated clock, the
naive assembler's replay, and the tables ``threadkeep bench cache`` prints.

Evaluation code, not the service: it lives beside ``evals/cache_bench.py`` (which drives the
real engine along this workload) and is loaded from a source checkout.
"""

from __future__ import annotations

import asyncio
import dataclasses
import heapq
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from typing import Any

from evals.cache_naive import NaiveAssembler
from threadkeep.cache.fingerprint import fingerprint
from threadkeep.cache.log import diagnose
from threadkeep.cache.plan import prefix_ttl
from threadkeep.cache.report import CallRow, summarise
from threadkeep.cache.warm_settings import KeepWarmSettings, QuietHours
from threadkeep.llm.base import complete
from threadkeep.memory.summary.items import SourceMessage
from threadkeep.messages import ToolSpec
from threadkeep.store.cache_tables import ModelCall
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig

__all__ = [
    "PAUSE_MIX",
    "EPOCH",
    "BenchConfig",
    "Turn",
    "Session",
    "make_workload",
    "ping_times",
    "system_prompt",
    "bench_tools",
    "naive_result",
    "call_log_figures",
    "render_results",
    "render_adapters",
    "VARIANTS",
    "EXTRA_VARIANTS",
]

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
VARIANTS = ("threadkeep", "naive", "threadkeep_warm")
# Measured beside the contract's three: the first fold policy, and the other TTL settings.
# ``threadkeep_recall_uncached``: the engine with THREADKEEP_RECALL_NOTES=false — recall re-sent
# in every turn's uncached context, as before recall notes (issue 16);
# ``threadkeep_note_first_use``: THREADKEEP_RECALL_NOTE_AFTER=1 — a note at the first need.
EXTRA_VARIANTS = (
    "threadkeep_eager_fold",
    "threadkeep_ttl_5m",
    "threadkeep_ttl_auto",
    "threadkeep_recall_uncached",
    "threadkeep_note_first_use",
)
# About one turn in five (after a session's first few) refers back to an earlier detail.
REFER_BACK = 0.2


@dataclass(frozen=True, slots=True)
class BenchConfig:
    """The workload and the keep-warm limits of the run.

    The default size (8 sessions of 16–40 turns, ~220 turns; it was 40 sessions of 20–70
    before the replay drove the engine) keeps a run of all five engine variants to minutes:
    each turn goes through the whole engine and its background jobs.
    """

    seed: int = 7
    sessions: int = 8
    min_turns: int = 16
    max_turns: int = 40
    model: str = "claude-sonnet-4-5"
    naive_window: int = 20
    # The engine's settings (THREADKEEP_FOLD_ADOPTION, _FOLD_HARD_LIMIT, _CACHE_HISTORY_TTL).
    fold_adoption: str = "cold"
    fold_hard_limit: int = 80
    history_ttl: str = "1h"
    extras: bool = True  # also run the extra variants
    refer_back: float = REFER_BACK
    warm: KeepWarmSettings = field(
        default_factory=lambda: KeepWarmSettings(
            enabled=True,
            max_sessions=1_000,
            max_warm_minutes=240,
            pings_per_idle_span=3,
            quiet_hours=QuietHours(time(20, 0), time(7, 0), "UTC"),
        )
    )

    def with_(self, **changes: Any) -> BenchConfig:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Turn:
    at: float  # seconds since EPOCH
    gap: str  # the pause kind before this turn ("start" for the first)
    user: str
    assistant: str
    facts: tuple[str, ...] = ()
    refers_back: bool = False  # the person asks about a detail they gave earlier


@dataclass(frozen=True, slots=True)
class Session:
    sid: str
    startup: str
    turns: tuple[Turn, ...]
    person: str = "p0000"


# ----------------------------------------------------------------------------- workload

_SYLLABLES = (
    "ka",
    "lo",
    "mi",
    "ne",
    "ru",
    "ta",
    "vi",
    "so",
    "pe",
    "da",
    "gor",
    "lin",
    "mar",
    "ost",
    "ber",
    "quin",
    "tal",
    "zen",
    "fa",
    "ril",
)
_DOMAIN = (
    "launch",
    "budget",
    "deadline",
    "customer",
    "contract",
    "review",
    "release",
    "design",
    "meeting",
    "invoice",
    "migration",
    "owner",
    "risk",
    "plan",
    "team",
    "report",
)


def _vocabulary(rng: random.Random) -> list[str]:
    words = {rng.choice(_SYLLABLES) + rng.choice(_SYLLABLES) + rng.choice(("", *_SYLLABLES)) for _ in range(600)}
    return sorted(words) + list(_DOMAIN) * 6


_NAMES = ("Ada", "Bob", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana")
_CUES = (
    "We decided to move the {d} of project {p} to {date}.",
    "{n} will send the {d} for {p} by {date}.",
    "The {d} of {p} is {num} euros, agreed with {n}.",
    "Open question: who owns the {d} of {p} after {date}?",
    "Next step: {n} reviews the {d} of {p} and reports back.",
)
_ASKS = (
    "Going back to project {p}: what did we settle about the {d}, and who was on it?",
    "Remind me about the {d} of project {p} that I mentioned before — the numbers and dates?",
    "What was the plan for {p} again? I mean the {d} we talked about.",
)


def _cue(rng: random.Random, vocab: list[str]) -> tuple[str, str, str]:
    """A sentence of the kind a summary keeps — a decision, a number, a date, a next step —
    about a named project; returns (sentence, project, domain word)."""
    project = rng.choice(vocab).capitalize()
    domain = rng.choice(_DOMAIN)
    text = rng.choice(_CUES).format(
        d=domain,
        p=project,
        n=rng.choice(_NAMES),
        num=rng.randint(2, 90) * 1000,
        date=f"2026-{rng.randint(11, 12)}-{rng.randint(1, 28):02d}",
    )
    return text, project, domain


def _text(rng: random.Random, vocab: list[str], words: int, cues: list[tuple[str, str]] | None = None) -> str:
    out: list[str] = []
    if words >= 10 and rng.random() < 0.5:
        sentence, project, domain = _cue(rng, vocab)
        out.append(sentence)
        if cues is not None:
            cues.append((project, domain))
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
    """The seeded sessions: start times on the first day's working hours, then pauses.

    Session ``i`` belongs to person ``i // 2``; a person's cues (named projects with a
    decision, number or date) can be asked about again in a later turn of either session.
    """
    rng = random.Random(cfg.seed)
    vocab = _vocabulary(rng)
    sessions: list[Session] = []
    said: dict[str, list[tuple[str, str]]] = {}
    for i in range(cfg.sessions):
        person = f"p{i // 2:04d}"
        cues = said.setdefault(person, [])
        at = rng.uniform(8 * 3600, 16 * 3600)
        turns: list[Turn] = []
        gap = "start"
        for n in range(rng.randint(cfg.min_turns, cfg.max_turns)):
            long_paste = rng.random() < 0.03
            back = n >= 4 and len(cues) >= 2 and rng.random() < cfg.refer_back
            if back:
                project, domain = rng.choice(cues[:-1])
                user = rng.choice(_ASKS).format(p=project, d=domain)
            else:
                user = _text(rng, vocab, rng.randint(350, 600) if long_paste else rng.randint(10, 60), cues)
            answer = _text(rng, vocab, rng.randint(40, 220))
            turns.append(Turn(at, gap, user, answer, (), back))
            gap, seconds = _pause(rng)
            at += seconds
        startup = (
            f"Conversation started on {(EPOCH + timedelta(seconds=turns[0].at)):%Y-%m-%d} "
            f"(UTC), channel: web. Profile: {_text(rng, vocab, 30)}"
        )
        sessions.append(Session(f"s{i:04d}", startup, tuple(turns), person))
    return sessions


def system_prompt(rng: random.Random) -> str:
    vocab = _vocabulary(rng)
    rules = [f"Rule {n}: {_text(rng, vocab, 24)}" for n in range(1, 61)]
    return "You are the team's assistant. Follow the rules below.\n" + "\n".join(rules)


def bench_tools() -> tuple[ToolSpec, ...]:
    query = {"type": "string", "description": "A standalone query: resolve pronouns first."}
    return (
        ToolSpec(
            "search_knowledge",
            "Search the company knowledge base; cite the chunk keys.",
            {
                "type": "object",
                "properties": {"query": query, "top_k": {"type": "integer", "minimum": 1}},
                "required": ["query"],
            },
        ),
        ToolSpec(
            "web_search",
            "Search the public web when the knowledge base has nothing.",
            {"type": "object", "properties": {"query": query}, "required": ["query"]},
        ),
    )


# ----------------------------------------------------------------------------- naive


def ping_times(cfg: BenchConfig, turn_at: float, touched_at: float, ttl: int, until: float) -> list[float]:
    """When the keep-warm scheduler would consider a session idle since ``touched_at``: each
    entry's expiry less the margin, within the warm limits, never in quiet hours."""
    warm = cfg.warm
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


class _NaiveReplay:
    """The naive assembler (a policy, not the engine) through the same simulator."""

    def __init__(self, cfg: BenchConfig, system: str, tools: tuple[ToolSpec, ...]) -> None:
        self.cfg = cfg
        self.clock = ManualClock()
        self.answer = ""
        self.sim = SimulatedModel(
            SimulatorConfig.anthropic(cfg.model), now=self.clock, responder=lambda _req: self.answer
        )
        self.naive = NaiveAssembler(system, tools, window=cfg.naive_window)
        self.rows: list[CallRow] = []
        self.turn_hits: list[tuple[str, bool]] = []
        self.last_row: dict[str, ModelCall] = {}

    async def run(self, sessions: list[Session]) -> None:
        messages: dict[str, list[SourceMessage]] = {s.sid: [] for s in sessions}
        events: list[tuple[float, int, str, int]] = []
        for s in sessions:
            heapq.heappush(events, (s.turns[0].at, 0, s.sid, 0))
        by_id = {s.sid: s for s in sessions}
        order = 1
        while events:
            at, _o, sid, index = heapq.heappop(events)
            self.clock.now = at
            turn = by_id[sid].turns[index]
            now = f"{EPOCH + timedelta(seconds=at):%Y-%m-%d %H:%M}"
            request = self.naive.request(messages[sid], turn.user, now=now, conversation_id=sid)
            self.answer = turn.assistant
            result = await complete(self.sim, request)
            rec = self.sim.last
            started = EPOCH + timedelta(seconds=rec.started_at)
            found = diagnose(
                prev=self.last_row.get(sid),
                cur=fingerprint(request),
                usage=result.usage,
                started_at=started,
                capabilities=self.sim.capabilities,
            )
            ttl = prefix_ttl(request)
            self.last_row[sid] = ModelCall(
                started_at=started,
                ttl_s=ttl,
                cache_read_tokens=rec.cache_read_tokens,
                cache_write_tokens=rec.cache_write_tokens,
                fingerprints=fingerprint(request).to_json(),
            )
            self.rows.append(
                CallRow(
                    sid,
                    "turn",
                    rec.started_at,
                    found.pause_s,
                    ttl,
                    rec.uncached_tokens,
                    rec.cache_read_tokens,
                    rec.cache_write_tokens,
                    rec.output_tokens,
                    found.miss_cause,
                    rec.cost,
                    rec.cost_without_cache,
                )
            )
            self.turn_hits.append((turn.gap, found.miss_cause == "hit"))
            n = len(messages[sid])
            messages[sid] += [
                SourceMessage(f"{sid}-{n + 1}", "user", turn.user),
                SourceMessage(f"{sid}-{n + 2}", "assistant", turn.assistant),
            ]
            if index + 1 < len(by_id[sid].turns):
                heapq.heappush(events, (by_id[sid].turns[index + 1].at, order, sid, index + 1))
                order += 1


def naive_result(
    cfg: BenchConfig, sessions: list[Session], system: str, tools: tuple[ToolSpec, ...] | None = None
) -> dict[str, Any]:
    """The ``naive`` variant's figures on ``sessions``."""
    replay = _NaiveReplay(cfg, system, tools if tools is not None else bench_tools())
    asyncio.run(replay.run(sessions))
    return {**call_log_figures(replay.rows, replay.turn_hits, flagged=0), "driver": "policy"}


def call_log_figures(rows: Sequence[Any], turn_hits: Sequence[tuple[str, bool]], *, flagged: int) -> dict[str, Any]:
    """A variant's figures from its call log, summarised as ``threadkeep cache-report`` does;
    ``turn_hits`` is (pause kind, whether the turn read the cache) per turn."""
    report = summarise(rows)
    after_lunch = [hit for gap, hit in turn_hits if gap == "lunch"]
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
        "flagged": flagged,
        "cost": round(report.cost, 4),
        "cost_without_cache": round(report.cost_without_cache, 4),
        "keep_warm_spend": round(report.keep_warm_spend, 4),
        "keep_warm_savings": round(report.keep_warm_savings, 4),
        "causes": report.causes,
    }


def render_results(results: dict[str, Any]) -> str:
    """A table of the headline figures."""
    keys = (
        "cached_share",
        "rewrites_under_ttl",
        "rewrites_under_ttl_prefix",
        "rebuilds",
        "resumptions",
        "rewrites_after_resumption",
        "lunch_rewrites",
        "pings",
        "cost",
        "cost_without_cache",
        "keep_warm_spend",
        "keep_warm_savings",
    )
    width = max(len(k) for k in keys)
    variants = [v for v in (*VARIANTS, *EXTRA_VARIANTS) if v in results]
    lines = [" " * width + "".join(f"{v:>23}" for v in variants)]
    for key in keys:
        lines.append(key.ljust(width) + "".join(f"{results[v][key]!s:>23}" for v in variants))
    w = results["workload"]
    lines.append(f"\n{w['sessions']} sessions, {w['turns']} turns, seed {w['seed']}; pauses: {w['pauses']}")
    lines.append("against threadkeep (USD): " + ", ".join(f"{k} {v}" for k, v in results["net"].items()))
    lines.append("targets: " + ", ".join(f"{k}={'yes' if v else 'NO'}" for k, v in results["targets"].items()))
    return "\n".join(lines)


def render_adapters(results: dict[str, Any]) -> str:
    """The table of ``threadkeep bench cache --adapters``: one column per real adapter."""
    keys = (
        "cached_share",
        "rewrites_under_ttl",
        "rewrites_under_ttl_prefix",
        "rebuilds",
        "resumptions",
        "rewrites_after_resumption",
        "lunch_rewrites",
        "cost",
        "cost_without_cache",
    )
    adapters = [a for a in results if a not in ("workload", "targets")]
    width = max(len(k) for k in keys)
    lines = [
        " " * width + "".join(f"{a:>16}" for a in adapters),
        "model".ljust(width) + "".join(f"{results[a]['model']:>16}" for a in adapters),
    ]
    for key in keys:
        lines.append(key.ljust(width) + "".join(f"{results[a][key]!s:>16}" for a in adapters))
    w = results["workload"]
    lines.append(f"\n{w['sessions']} sessions, {w['turns']} turns, seed {w['seed']}; pauses: {w['pauses']}")
    lines.append("targets: " + ", ".join(f"{k}={'yes' if v else 'NO'}" for k, v in results["targets"].items()))
    return "\n".join(lines)
