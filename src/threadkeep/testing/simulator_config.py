"""What the provider simulator is configured with and what it records of each call.

:class:`SimulatorConfig` (caching style, minimum, lookback, prices), :class:`Fault` (a failure
to inject), :class:`CallRecord` (the accounting of one call, with its miss cause) and
:class:`ManualClock`. :mod:`threadkeep.testing.simulator` is the simulator itself and exports these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from threadkeep.llm.anthropic import min_cacheable_tokens
from threadkeep.llm.base import Usage
from threadkeep.llm.pricing import ANTHROPIC_PRICING, OPENAI_PRICING, Pricing

__all__ = ["MissCause", "Style", "EXTENDED_RETENTION_S", "SimulatorConfig", "Fault", "CallRecord", "ManualClock"]

MissCause = Literal[
    "cold_start",  # first call of the session and nothing to read
    "ttl_expired",  # the previous prefix was unchanged but its entry had expired
    "prefix_changed",  # a byte before the previous cache point changed
    "below_minimum",  # nothing in this request is long enough to cache
    "evicted_early",  # unchanged prefix, entry not expired, but evicted
    "lookback_exceeded",  # entry alive, but more than lookback_blocks before every breakpoint
    "no_breakpoint",  # explicit caching and the request marks no breakpoint
]
Style = Literal["explicit", "automatic"]
# OpenAI's extended retention ("prompt_cache_retention": "24h"): "up to a maximum of 24 hours".
EXTENDED_RETENTION_S = 86_400


@dataclass(frozen=True, slots=True)
class SimulatorConfig:
    """How the simulated provider caches and charges."""

    style: Style = "explicit"
    model: str = "claude-sonnet-4-5"
    min_cacheable_tokens: int = 1024
    lookback_blocks: int = 20
    increment_tokens: int = 128
    # automatic style only: how long an unused prefix stays (OpenAI says minutes of inactivity)
    automatic_ttl_seconds: int = 300
    max_entries: int = 100_000
    pricing: Pricing = ANTHROPIC_PRICING

    @classmethod
    def anthropic(cls, model: str = "claude-sonnet-4-5", **overrides: Any) -> SimulatorConfig:
        """Anthropic-like: explicit breakpoints, the model's documented minimum."""
        values: dict[str, Any] = {
            "style": "explicit",
            "model": model,
            "min_cacheable_tokens": min_cacheable_tokens(model),
            "pricing": ANTHROPIC_PRICING,
        }
        values.update(overrides)
        return cls(**values)

    @classmethod
    def openai(cls, model: str = "gpt-4.1-mini", **overrides: Any) -> SimulatorConfig:
        """OpenAI-like: automatic prefix caching from 1024 tokens in 128-token steps."""
        values: dict[str, Any] = {
            "style": "automatic",
            "model": model,
            "min_cacheable_tokens": 1024,
            "pricing": OPENAI_PRICING,
        }
        values.update(overrides)
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Fault:
    """A failure to inject on one call: ``timeout``, ``rate_limit``, ``server_error``,
    ``connection`` (all raised before any output) or ``malformed`` (cut after one delta)."""

    kind: Literal["timeout", "rate_limit", "server_error", "connection", "malformed"]
    retry_after: float | None = None
    status: int = 503


@dataclass(frozen=True, slots=True)
class CallRecord:
    """The accounting of one simulated call, as the call log and cache report need it."""

    call: int  # 1-based number of the call on this simulator
    session: str  # request.cache_key, metadata["conversation_id"] or "default"
    started_at: float  # clock value at the start of the request
    pause_seconds: float | None  # since the previous call of the session started
    prompt_tokens: int  # all input tokens: uncached + read + written
    cache_read_tokens: int
    cache_write_tokens: int  # = write_5m + write_1h
    cache_write_5m_tokens: int
    cache_write_1h_tokens: int
    uncached_tokens: int  # billed at the base input price
    output_tokens: int
    hit: bool  # read everything the session had cached (as far as possible)
    miss_cause: MissCause | None
    diverged_block: int | None  # first block that differs from the session's previous call
    diverged_segment: str | None  # ... and the request segment it belongs to
    written_points: tuple[int, ...]  # prefix lengths (tokens) of the entries written
    cost: float  # USD at the configured prices
    cost_without_cache: float  # what the same tokens would cost with no cache at all
    fault: str | None = None

    @property
    def usage(self) -> Usage:
        """The usage the provider would have reported."""
        return Usage(self.uncached_tokens, self.output_tokens, self.cache_read_tokens, self.cache_write_tokens)


class ManualClock:
    """A clock the test moves: ``clock.advance(3600)`` is an hour, instantly."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.now += seconds
