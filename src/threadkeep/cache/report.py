"""The cache report: what the prompt cache did over a period, from the call log.

Definitions (one place, shared by ``threadkeep cache-report`` and ``threadkeep bench cache``):

- a *resumption* is a turn after a pause of at least ``resume_after_s`` (300 s) since the
  previous call of its conversation;
- a *rewrite* is a turn or ping that is not a hit and wrote the cache — cold starts and
  prompts below the minimum are not rewrites (nothing could have been read); a *full rewrite*
  read nothing at all;
- a rewrite *under the TTL* happened after a pause shorter than the TTL of what the previous
  call cached — it should have been a read. ``rewrites_under_ttl_prefix`` are those caused by
  a changed prefix outside a fold (``prefix_changed`` at anything but the summary);
- *rebuilds* are turns that changed the prefix on purpose: a fold adopted
  (``prefix_changed:summary``) or the client's new instructions (``instructions_changed``),
  counted whether or not the provider reports its cache writes;
- *tokens rewritten for nothing* are the cache writes of rewrites under the TTL;
- *saved* is the cost without any cache minus the cost with it, at the given prices;
- keep-warm *spend* is the cost of pings; its *savings* are, for each turn that hit right
  after a ping, what writing the prefix it read would have cost instead;
- *memory* is what the background model calls of the memory cost (``memory_calls``: folds,
  fact extraction, the profile), by kind, at their own model's prices, with how many fell
  back to the model-free path; ``memory_cost`` is their sum, beside the chat model's ``cost``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.cache.log import write_split
from threadkeep.llm.pricing import ANTHROPIC_PRICING, Pricing
from threadkeep.store.cache_tables import MemoryCall, ModelCall

__all__ = ["CallRow", "CacheReport", "summarise", "build_report", "render_table", "write_png"]


@dataclass(frozen=True, slots=True)
class CallRow:
    """The part of a logged call the report needs (from the database or a benchmark)."""

    conversation_id: str
    kind: str
    started_at: float  # seconds (any epoch); only differences and days are used
    pause_s: float | None
    ttl_s: int | None
    input_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int
    output_tokens: int
    miss_cause: str | None
    # Exact costs when the source knows them (the simulator splits 5-minute and 1-hour
    # writes); otherwise they are computed from the tokens at the report's prices.
    cost: float | None = None
    cost_without_cache: float | None = None
    # Of the writes, those into 1-hour entries when the provider said (None: priced by ttl_s).
    cache_write_1h_tokens: int | None = None


@dataclass
class CacheReport:
    """Aggregates of one period; :meth:`to_dict` is the ``--json`` shape."""

    calls: int = 0
    turns: int = 0
    pings: int = 0
    folds: int = 0
    resumptions: int = 0
    rewrites: int = 0
    full_rewrites: int = 0
    rewrites_after_resumption: int = 0
    rewrites_under_ttl: int = 0
    rewrites_under_ttl_prefix: int = 0
    rebuilds: int = 0
    tokens_rewritten_for_nothing: int = 0
    input_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    # The writes by entry lifetime (5-minute at 1.25x, 1-hour at 2x base input): the
    # provider's own split where it reported one, else the TTL of the prefix end.
    cache_write_5m_tokens: int = 0
    cache_write_1h_tokens: int = 0
    cached_share: float = 0.0
    cost: float = 0.0
    cost_without_cache: float = 0.0
    saved: float = 0.0
    keep_warm_spend: float = 0.0
    keep_warm_savings: float = 0.0
    causes: dict[str, int] = field(default_factory=dict)
    under_ttl_causes: dict[str, int] = field(default_factory=dict)
    days: dict[str, dict[str, float]] = field(default_factory=dict)
    prices: dict[str, float] = field(default_factory=dict)
    memory: dict[str, dict[str, float]] = field(default_factory=dict)
    memory_cost: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["memory_cost"] = round(data["memory_cost"], 6)
        for key in ("cached_share", "cost", "cost_without_cache", "saved", "keep_warm_spend", "keep_warm_savings"):
            data[key] = round(data[key], 6 if key != "cached_share" else 4)
        return data


def _cost(row: CallRow, prices: Pricing) -> tuple[float, float]:
    if row.cost is not None and row.cost_without_cache is not None:
        return row.cost, row.cost_without_cache
    write_5m, write_1h = write_split(row.cache_write_tokens, row.cache_write_1h_tokens, row.ttl_s)
    cost = prices.cost(
        uncached=row.input_tokens,
        write_5m=write_5m,
        write_1h=write_1h,
        read=row.cache_read_tokens,
        output=row.output_tokens,
    )
    total = row.input_tokens + row.cache_read_tokens + row.cache_write_tokens
    plain = prices.cost(uncached=total, write_5m=0, write_1h=0, read=0, output=row.output_tokens)
    return cost, plain


# Rewrites made on purpose: a fold adopted (the summary changed), or the client's new instructions.
_REBUILDS = frozenset({"prefix_changed:summary", "instructions_changed"})


def summarise(
    rows: Iterable[CallRow], *, prices: Pricing = ANTHROPIC_PRICING, resume_after_s: float = 300.0
) -> CacheReport:
    """Aggregate ``rows`` (any order) into a :class:`CacheReport`."""
    report = CacheReport(prices=asdict(prices))
    causes: Counter[str] = Counter()
    under: Counter[str] = Counter()
    days: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    by_conv: dict[str, list[CallRow]] = defaultdict(list)
    for row in rows:
        by_conv[row.conversation_id].append(row)
    unit = prices.input_per_mtok / 1_000_000
    for conv_rows in by_conv.values():
        conv_rows.sort(key=lambda r: r.started_at)
        prev: CallRow | None = None
        cached_before = False  # whether an earlier turn or ping of the conversation touched the cache
        for row in conv_rows:
            cost, plain = _cost(row, prices)
            report.calls += 1
            report.cost += cost
            report.cost_without_cache += plain
            day = (
                datetime.fromtimestamp(row.started_at).strftime("%Y-%m-%d")
                if row.started_at > 86_400 * 365
                else f"day {int(row.started_at // 86_400) + 1}"
            )
            days[day]["cost"] += cost
            days[day]["cost_without_cache"] += plain
            if row.kind == "fold":
                report.folds += 1
                continue  # folds have their own prompt; the cache story is about turns
            report.input_tokens += row.input_tokens + row.cache_read_tokens + row.cache_write_tokens
            report.cache_read_tokens += row.cache_read_tokens
            report.cache_write_tokens += row.cache_write_tokens
            write_5m, write_1h = write_split(row.cache_write_tokens, row.cache_write_1h_tokens, row.ttl_s)
            report.cache_write_5m_tokens += write_5m
            report.cache_write_1h_tokens += write_1h
            cause = row.miss_cause or "unknown"
            if cause in ("evicted_early", "ttl_expired") and not cached_before:
                # Logged before the call log knew better: nothing was cached to lose, so this
                # is the conversation's first cache write.
                cause = "cold_start"
            cached_before = cached_before or row.cache_read_tokens + row.cache_write_tokens > 0
            if row.kind == "ping":
                report.pings += 1
                report.keep_warm_spend += cost
                days[day]["ping_cost"] += cost
            else:
                report.turns += 1
                causes[cause] += 1
                days[day][cause] += 1
                if prev is not None and prev.kind == "ping" and cause == "hit":
                    # What this read would have cost as a write at the entry's TTL.
                    long = prev.ttl_s is not None and prev.ttl_s >= 3600
                    mult = prices.write_1h_multiplier if long else prices.write_5m_multiplier
                    report.keep_warm_savings += row.cache_read_tokens * unit * (mult - prices.read_multiplier)
            resumed = row.kind == "turn" and row.pause_s is not None and row.pause_s >= resume_after_s
            report.resumptions += resumed
            rewrite = cause not in ("hit", "cold_start", "below_minimum", "no_cache") and row.cache_write_tokens > 0
            if rewrite:
                report.rewrites += 1
                report.full_rewrites += row.cache_read_tokens == 0
                report.rewrites_after_resumption += resumed
                ttl = (prev.ttl_s if prev is not None else None) or row.ttl_s
                if row.pause_s is not None and ttl is not None and row.pause_s < ttl:
                    report.rewrites_under_ttl += 1
                    under[cause] += 1
                    report.tokens_rewritten_for_nothing += row.cache_write_tokens
                    if cause.startswith("prefix_changed") and cause != "prefix_changed:summary":
                        report.rewrites_under_ttl_prefix += 1
            # Counted whether or not the provider reports its writes (OpenAI's cache does not).
            report.rebuilds += cause in _REBUILDS
            prev = row
    report.saved = report.cost_without_cache - report.cost
    report.cached_share = report.cache_read_tokens / report.input_tokens if report.input_tokens else 0.0
    report.causes = dict(sorted(causes.items()))
    report.under_ttl_causes = dict(sorted(under.items()))
    report.days = {d: {k: round(v, 6) for k, v in sorted(vals.items())} for d, vals in sorted(days.items())}
    return report


def build_report(
    session: Session,
    *,
    since: datetime | None = None,
    prices: Pricing = ANTHROPIC_PRICING,
    resume_after_s: float = 300.0,
) -> CacheReport:
    """:func:`summarise` over the ``model_calls`` rows since ``since`` (all when ``None``)."""
    query = select(ModelCall)
    if since is not None:
        query = query.where(ModelCall.started_at >= since)
    rows = [
        CallRow(
            r.conversation_id,
            r.kind,
            r.started_at.timestamp(),
            r.pause_s,
            r.ttl_s,
            r.input_tokens,
            r.cache_read_tokens,
            r.cache_write_tokens,
            r.output_tokens,
            r.miss_cause,
            cache_write_1h_tokens=r.cache_write_1h_tokens,
        )
        for r in session.scalars(query)
    ]
    report = summarise(rows, prices=prices, resume_after_s=resume_after_s)
    memory = select(MemoryCall)
    if since is not None:
        memory = memory.where(MemoryCall.started_at >= since)
    kinds: dict[str, dict[str, float]] = {}
    for call in session.scalars(memory):
        row = kinds.setdefault(
            call.kind, dict.fromkeys(("calls", "fell_back", "input_tokens", "output_tokens", "cost"), 0.0)
        )
        row["calls"] += 1
        row["fell_back"] += call.fallback is not None
        row["input_tokens"] += call.input_tokens + call.cache_read_tokens + call.cache_write_tokens
        row["output_tokens"] += call.output_tokens
        row["cost"] += call.cost or 0.0
    report.memory = {
        k: {n: round(v, 6) if n == "cost" else int(v) for n, v in row.items()} for k, row in sorted(kinds.items())
    }
    report.memory_cost = sum(row["cost"] for row in kinds.values())
    return report


def render_table(report: CacheReport) -> str:
    """A plain-text table for the terminal."""
    share = f"{report.cached_share:.1%}"
    lines = [
        ("calls (turns / pings / folds)", f"{report.calls} ({report.turns} / {report.pings} / {report.folds})"),
        ("resumptions after a pause", str(report.resumptions)),
        ("  of which rewrote the cache", str(report.rewrites_after_resumption)),
        ("rewrites (full)", f"{report.rewrites} ({report.full_rewrites})"),
        ("rewrites at pauses < TTL", str(report.rewrites_under_ttl)),
        ("  caused by a changed prefix", str(report.rewrites_under_ttl_prefix)),
        ("rebuilds (a fold, new instructions)", str(report.rebuilds)),
        ("tokens rewritten for nothing", f"{report.tokens_rewritten_for_nothing:,}"),
        ("input read from cache", share),
        ("cache writes 5-min / 1-hour", f"{report.cache_write_5m_tokens:,} / {report.cache_write_1h_tokens:,}"),
        ("cost", f"${report.cost:,.4f}"),
        ("cost without cache", f"${report.cost_without_cache:,.4f}"),
        ("saved by the cache", f"${report.saved:,.4f}"),
        ("keep-warm spend / savings", f"${report.keep_warm_spend:,.4f} / ${report.keep_warm_savings:,.4f}"),
        (
            "memory calls (folds, facts, profile)",
            ", ".join(
                f"{k} {int(v['calls'])}" + (f" ({int(v['fell_back'])} fell back)" if v["fell_back"] else "")
                for k, v in report.memory.items()
            )
            or "none",
        ),
        ("memory cost", f"${report.memory_cost:,.4f}"),
    ]
    width = max(len(k) for k, _ in lines)
    out = [f"{k.ljust(width)}  {v}" for k, v in lines]
    if report.causes:
        out.append("")
        out.append("turns by cause: " + ", ".join(f"{k} {v}" for k, v in report.causes.items()))
    if report.under_ttl_causes:
        out.append("under-TTL rewrites by cause: " + ", ".join(f"{k} {v}" for k, v in report.under_ttl_causes.items()))
    return "\n".join(out)


def write_png(report: CacheReport, path: str) -> None:
    """A chart: turns by miss cause per day, and cost with and without the cache."""
    try:
        import matplotlib  # lazy: start-up (tests/test_serve_startup.py)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # lazy: start-up (tests/test_serve_startup.py)
    except ImportError as e:
        raise ImportError("the cache chart needs matplotlib: pip install 'threadkeep[charts]'") from e
    days = list(report.days)
    causes = sorted(
        {k for v in report.days.values() for k in v if k not in ("cost", "cost_without_cache", "ping_cost")}
    )
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(6.0, 0.6 * len(days) + 3), 7))
    base = [0.0] * len(days)
    for cause in causes:
        values = [report.days[d].get(cause, 0.0) for d in days]
        top.bar(days, values, bottom=base, label=cause)
        base = [a + b for a, b in zip(base, values, strict=True)]
    top.set_title("Turns by cache outcome")
    top.legend(fontsize="small")
    xs = range(len(days))
    bottom.bar(
        [x - 0.2 for x in xs],
        [report.days[d].get("cost_without_cache", 0) for d in days],
        width=0.4,
        label="without cache",
    )
    bottom.bar([x + 0.2 for x in xs], [report.days[d].get("cost", 0) for d in days], width=0.4, label="with cache")
    bottom.plot(list(xs), [report.days[d].get("ping_cost", 0) for d in days], "k.-", label="keep-warm pings")
    bottom.set_xticks(list(xs), days)
    bottom.set_title("Cost (USD)")
    bottom.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
