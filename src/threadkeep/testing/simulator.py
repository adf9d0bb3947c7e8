"""A provider simulator with prefix-cache semantics, for tests and benchmarks (ARCHITECTURE §7).

No real provider can be reached here, so this is how caching is measured. It renders each
request through the real adapter (:mod:`.anthropic` or :mod:`.openai`), so one changed byte in
the rendered prefix changes the cache key exactly as it would on the wire, and then behaves
like the provider's cache:

- **explicit** (Anthropic): entries are written only at the request's breakpoints
  (``cache_control`` blocks). A read looks for the longest live entry at a breakpoint or up to
  ``lookback_blocks`` (20) blocks before one. Writes cost 1.25x (5 min) or 2x (1 h) base input,
  reads 0.1x.
- **automatic** (OpenAI): every prefix of at least ``min_cacheable_tokens`` (1024) is cached in
  ``increment_tokens`` (128) steps; the longest live one is read at a discount, writes cost the
  base price.

Entries are keyed by a hash of the exact prefix, need the minimum length, live ``ttl`` seconds
from the *start* of the request that wrote or last read them (a hit refreshes), and are evicted
least-recently-used beyond ``max_entries`` or on demand (:meth:`SimulatedModel.evict`). The clock
is injected (:class:`ManualClock`) so hours of pause cost nothing. Each call leaves a
:class:`CallRecord` saying what was read, written, paid and — for a miss — why. How a rendered
request looks to the cache (its blocks, keys and points) is :mod:`.simulator_layout`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from threadkeep.errors import (
    MalformedResponse,
    ProviderBadRequest,
    ProviderConnectionError,
    ProviderRateLimited,
    ProviderServerError,
    ProviderTimeout,
)
from threadkeep.llm import anthropic as anthropic_wire
from threadkeep.llm import openai as openai_wire
from threadkeep.llm.base import Capabilities, Stop, StreamEvent, TextDelta, Usage, UsageReport
from threadkeep.llm.pricing import ANTHROPIC_PRICING, OPENAI_PRICING, Pricing
from threadkeep.llm.scripted import Step
from threadkeep.messages import ModelRequest, ToolCallPart
from threadkeep.testing.simulator_config import (
    CallRecord,
    Fault,
    ManualClock,
    MissCause,
    SimulatorConfig,
)
from threadkeep.testing.simulator_layout import (
    Layout,
    Point,
    first_difference,
    layout_of,
    point_like,
    token_ids,
)

__all__ = [
    "MissCause",
    "Pricing",
    "ANTHROPIC_PRICING",
    "OPENAI_PRICING",
    "SimulatorConfig",
    "Fault",
    "CallRecord",
    "ManualClock",
    "SimulatedModel",
]


@dataclass(slots=True)
class _Entry:
    tokens: int
    ttl: int
    expires_at: float


@dataclass(slots=True)
class _Session:
    last_start: float
    block_keys: list[str]
    extent: Point | None


class SimulatedModel:
    """A :class:`~threadkeep.llm.base.ChatModel` whose cache behaves like a provider's."""

    def __init__(
        self,
        config: SimulatorConfig | None = None,
        *,
        now: Callable[[], float] | None = None,
        responder: Callable[[ModelRequest], str | Step] | None = None,
        faults: dict[int, Fault] | None = None,
        name: str | None = None,
    ) -> None:
        self.config = config or SimulatorConfig.anthropic()
        self.now = now or ManualClock()
        self.responder = responder
        self.faults = dict(faults or {})
        explicit = self.config.style == "explicit"
        self.name = name or f"simulator:{'anthropic' if explicit else 'openai'}"
        self.capabilities = Capabilities(
            cache_style=self.config.style,
            cache_ttls=(300, 3600) if explicit else (),
            min_cacheable_tokens=self.config.min_cacheable_tokens,
            max_breakpoints=anthropic_wire.MAX_BREAKPOINTS if explicit else 0,
            allows_zero_max_tokens=explicit,
            context_window=200_000 if explicit else 128_000,
        )
        self.records: list[CallRecord] = []
        self.requests: list[ModelRequest] = []
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._evicted: OrderedDict[str, float] = OrderedDict()
        self._sessions: dict[str, _Session] = {}
        self._owner: dict[str, str] = {}  # entry key -> session that wrote it

    # ------------------------------------------------------------------ public helpers

    @property
    def last(self) -> CallRecord:
        """The record of the latest call."""
        return self.records[-1]

    @property
    def entry_count(self) -> int:
        """Entries currently stored (live or expired-but-not-yet-dropped)."""
        return len(self._entries)

    def total_cost(self) -> float:
        """Sum of the cost of every call so far."""
        return sum(r.cost for r in self.records)

    def evict(self, session: str | None = None) -> int:
        """Evict entries early (all, or those last written for ``session``); returns how many."""
        keys = list(self._entries) if session is None else [k for k in self._entries if self._owner.get(k) == session]
        for key in keys:
            del self._entries[key]
            self._tombstone(key)
        return len(keys)

    def reported_usage(self, record: CallRecord) -> Usage:
        """Usage as the imitated provider reports it.

        Anthropic reports reads and writes apart from input. OpenAI reports only
        ``cached_tokens``: written tokens are part of its plain input, as the adapter maps it.
        The record keeps the full accounting either way.
        """
        if self.config.style == "explicit":
            return record.usage
        return Usage(record.prompt_tokens - record.cache_read_tokens, record.output_tokens, record.cache_read_tokens, 0)

    def count_tokens(self, text: str) -> int:
        """Tokens as the simulator counts them (o200k)."""
        return len(token_ids(text)) if text else 0

    # ------------------------------------------------------------------ streaming

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        """Account the call against the cache, then stream a scripted or echoed answer."""
        return self._stream(request)

    async def _stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        self.requests.append(request)
        number = len(self.requests)
        start = self.now()
        fault = self.faults.get(number)
        if fault is not None and fault.kind != "malformed":
            self._record_fault(number, request, start, fault.kind)
            raise _fault_error(fault)
        if request.max_tokens <= 0 and not self.capabilities.allows_zero_max_tokens:
            raise ProviderBadRequest(f"{self.name}: max_tokens must be at least 1", provider=self.name, status=400)
        text, calls = self._answer(request)
        output_ids = token_ids(text) if text else ()
        stop = "tool_use" if calls else "end_turn"
        if len(output_ids) > request.max_tokens:
            text = text[: max(0, len(text) * request.max_tokens // max(1, len(output_ids)))]
            output_ids, calls, stop = output_ids[: request.max_tokens], [], "max_tokens"
        record = self._account(number, request, start, len(output_ids), fault.kind if fault else None)
        self.records.append(record)
        deltas = [text[i : i + 16] for i in range(0, len(text), 16)]
        if fault is not None:
            # The prompt was processed (and cached); the answer is cut after one delta.
            for delta in deltas[:1]:
                yield TextDelta(delta)
            raise MalformedResponse(f"{self.name}: stream cut (injected fault)", provider=self.name)
        for delta in deltas:
            yield TextDelta(delta)
        for call in calls:
            yield call
        yield UsageReport(self.reported_usage(record))
        yield Stop(stop)

    def _answer(self, request: ModelRequest) -> tuple[str, list[ToolCallPart]]:
        if request.max_tokens <= 0:
            return "", []
        if self.responder is not None:
            answer = self.responder(request)
            if isinstance(answer, Step):
                return answer.text, list(answer.tool_calls)
            return answer, []
        last_user = next((m.text for m in reversed(request.messages) if m.role == "user"), "")
        return f"echo: {last_user[:200]}", []

    def _record_fault(self, number: int, request: ModelRequest, start: float, kind: str) -> None:
        session = _session_of(request)
        prev = self._sessions.get(session)
        self.records.append(
            CallRecord(
                number,
                session,
                start,
                None if prev is None else start - prev.last_start,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                False,
                None,
                None,
                None,
                (),
                0.0,
                0.0,
                kind,
            )
        )

    # ------------------------------------------------------------------ the cache

    def _layout(self, request: ModelRequest) -> Layout:
        if self.config.style == "explicit":
            rendering = anthropic_wire.render_request(request, self.config.model)
            return layout_of(self.config, rendering.body, rendering.block_segments)
        rendering_o = openai_wire.render_request(request, self.config.model)
        return layout_of(self.config, rendering_o.body, rendering_o.block_segments)

    def _live(self, key: str, start: float) -> _Entry | None:
        entry = self._entries.get(key)
        return entry if entry is not None and entry.expires_at > start else None

    def _account(self, number: int, request: ModelRequest, start: float, output: int, fault: str | None) -> CallRecord:
        return self._account_layout(number, self._layout(request), _session_of(request), start, output, fault)

    def account_wire(self, body: dict[str, Any], *, session: str, output_tokens: int) -> CallRecord:
        """Account one call that arrived on the wire (``testing/simulator_wire.py``): ``body`` is
        the JSON the real adapter sent; the record is kept like any other call's."""
        number = len(self.records) + 1
        layout = layout_of(self.config, body, ())
        record = self._account_layout(number, layout, session, self.now(), output_tokens, None)
        self.records.append(record)
        return record

    def _account_layout(
        self, number: int, layout: Layout, session: str, start: float, output: int, fault: str | None
    ) -> CallRecord:
        cfg = self.config
        minimum = cfg.min_cacheable_tokens
        explicit = cfg.style == "explicit"

        # Where could this request read, and where would it write?
        if explicit:
            window: set[int] = set()
            for bp in layout.breakpoints:
                window.update(range(max(0, bp - cfg.lookback_blocks), bp + 1))
            read_candidates = [layout.points[i] for i in sorted(window)]
            write_candidates = [layout.points[bp] for bp in sorted(layout.breakpoints)]
        else:
            read_candidates = [p for p in layout.points if p.tokens >= minimum]
            write_candidates = read_candidates
        read: Point | None = None
        for point in reversed(read_candidates):
            if self._live(point.key, start) is not None:
                read = point
                break
        read_tokens = read.tokens if read else 0

        # Diagnose against what the session's previous call left, before this call writes.
        prev = self._sessions.get(session)
        target = prev.extent if prev is not None else None
        target_entry = self._entries.get(target.key) if target is not None else None
        target_state = "evicted" if target_entry is None else "expired" if target_entry.expires_at <= start else "live"

        written: list[Point] = []
        write_5m = write_1h = 0
        previous_end = read_tokens
        for point in write_candidates:
            if point.tokens <= read_tokens or point.tokens < minimum:
                continue
            ttl = layout.breakpoints[point.block] if explicit else layout.automatic_ttl
            if ttl == 3600:
                write_1h += point.tokens - previous_end
            else:
                write_5m += point.tokens - previous_end
            previous_end = point.tokens
            written.append(point)
            self._store(point.key, _Entry(point.tokens, ttl, start + ttl), session)

        # A hit refreshes what it read (and, for explicit caching, the shorter breakpoints).
        if read is not None:
            refresh = [p for p in read_candidates if p.tokens <= read_tokens]
            if explicit:
                refresh = [p for p in refresh if p is read or p.block in layout.breakpoints]
            for point in refresh:
                entry = self._live(point.key, start)
                if entry is not None:
                    wanted = layout.breakpoints.get(point.block, entry.ttl) if explicit else layout.automatic_ttl
                    entry.ttl = max(entry.ttl, wanted)
                    entry.expires_at = start + entry.ttl
                    self._entries.move_to_end(point.key)

        reachable = max([read_tokens] + [p.tokens for p in write_candidates if p.tokens >= minimum])
        cause, diverged_block = self._miss_cause(layout, prev, target_state, read_tokens, reachable)
        hit = cause is None and read_tokens > 0

        extent_candidates = ([read] if read else []) + written
        extent = (
            max(extent_candidates, key=lambda p: p.tokens)
            if extent_candidates
            else (target if target is not None else None)
        )
        self._sessions[session] = _Session(start, layout.block_keys, extent)

        write_tokens = write_5m + write_1h
        uncached = max(0, layout.total - read_tokens - write_tokens)
        pricing = cfg.pricing
        return CallRecord(
            call=number,
            session=session,
            started_at=start,
            pause_seconds=None if prev is None else start - prev.last_start,
            prompt_tokens=layout.total,
            cache_read_tokens=read_tokens,
            cache_write_tokens=write_tokens,
            cache_write_5m_tokens=write_5m,
            cache_write_1h_tokens=write_1h,
            uncached_tokens=uncached,
            output_tokens=output,
            hit=hit,
            miss_cause=cause,
            diverged_block=diverged_block,
            diverged_segment=None
            if diverged_block is None or diverged_block >= len(layout.segments)
            else layout.segments[diverged_block],
            written_points=tuple(p.tokens for p in written),
            cost=pricing.cost(uncached=uncached, write_5m=write_5m, write_1h=write_1h, read=read_tokens, output=output),
            cost_without_cache=pricing.cost(uncached=layout.total, write_5m=0, write_1h=0, read=0, output=output),
            fault=fault,
        )

    def _miss_cause(
        self, layout: Layout, prev: _Session | None, target_state: str, read_tokens: int, reachable: int
    ) -> tuple[MissCause | None, int | None]:
        """Why this call read less than it could have (None: it did not), and the first block
        that differs from the session's previous call when a changed prefix is the reason."""
        target = prev.extent if prev is not None else None
        if self.config.style == "explicit" and not layout.breakpoints:
            return "no_breakpoint", None
        if reachable == 0:
            return "below_minimum", None
        if target is None or prev is None:
            return (None if read_tokens > 0 else "cold_start"), None
        if read_tokens >= min(target.tokens, reachable):
            return None, None
        current = point_like(self.config, layout, target)
        if current is None or current.key != target.key:
            first_diff = first_difference(prev.block_keys, layout.block_keys)
            if first_diff < min(len(prev.block_keys), len(layout.block_keys)):
                return "prefix_changed", first_diff
            return "lookback_exceeded", None  # same bytes, but cut shorter than before
        if target_state == "evicted":
            return "evicted_early", None
        if target_state == "expired":
            return "ttl_expired", None
        return "lookback_exceeded", None

    def _store(self, key: str, entry: _Entry, session: str) -> None:
        self._entries[key] = entry
        self._entries.move_to_end(key)
        self._owner[key] = session
        self._evicted.pop(key, None)
        while len(self._entries) > self.config.max_entries:
            old, _ = self._entries.popitem(last=False)
            self._tombstone(old)

    def _tombstone(self, key: str) -> None:
        self._evicted[key] = self.now()
        self._owner.pop(key, None)
        while len(self._evicted) > self.config.max_entries:
            self._evicted.popitem(last=False)


def _session_of(request: ModelRequest) -> str:
    if request.cache_key:
        return request.cache_key
    conversation = request.metadata.get("conversation_id")
    return str(conversation) if conversation is not None else "default"


def _fault_error(fault: Fault) -> Exception:
    provider = "simulator"
    if fault.kind == "timeout":
        return ProviderTimeout("simulated timeout", provider=provider)
    if fault.kind == "rate_limit":
        return ProviderRateLimited("simulated 429", provider=provider, retry_after=fault.retry_after)
    if fault.kind == "connection":
        return ProviderConnectionError("simulated connection failure", provider=provider)
    return ProviderServerError(f"simulated HTTP {fault.status}", provider=provider, status=fault.status)
