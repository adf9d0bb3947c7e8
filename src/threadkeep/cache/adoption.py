"""When a computed fold reaches the request, and how long the history entry lives.

A fold rewrites the summary, so every byte after it changes: the next request pays a full
cache write of the summary and the verbatim window. Folding itself stays as ARCHITECTURE §5
says (computed in the background, cursor and summary advanced in one transaction); what this
module decides is when the assembler *adopts* the newest summary version:

- when the conversation's cache is **cold** anyway (the last request that touched it started
  at least its TTL ago, or nothing was ever cached): the rebuild costs nothing extra;
- when the verbatim window since the adopted cursor passes a **hard limit** (``fold_hard_limit``
  messages, 80 by default): the window stays bounded even in a session that never pauses.

A second fold runs while a conversation sits idle: once its cache has expired, the verbatim
window is folded down to the tail (an *idle fold*), so the request that resumes the
conversation — which rewrites its cache anyway — writes a shorter window.

The history breakpoint's TTL is a setting (``cache_history_ttl``): ``1h`` (default) keeps the
history through pauses of up to an hour at 2x write price, ``5m`` writes at 1.25x and loses
it after five minutes, ``auto`` writes a request that rebuilds its cache at 5 minutes and
every other one at 1 hour (the first request after a rebuild extends it to 1 hour for the
price of the new messages only). docs/CACHE.md §8 has the measurements behind the defaults.

Everything here is pure; the engine (:mod:`threadkeep.engine.request`) and the benchmark
(``evals/cache_bench.py``, which runs the engine itself) decide through these functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from threadkeep.cache.plan import LONG_TTL, SHORT_TTL
from threadkeep.errors import ConfigError
from threadkeep.llm.base import Capabilities
from threadkeep.memory.summary.policy import FoldPolicy

__all__ = [
    "AUTOMATIC_CACHE_TTL",
    "IDLE_FOLD_MIN_BATCH",
    "IDLE_FOLD_MARGIN_S",
    "HistoryTTL",
    "AdoptionPolicy",
    "cache_expires_at",
    "is_cold",
    "should_adopt",
    "idle_fold_policy",
    "history_ttl",
]

# Automatic caches (OpenAI) keep a prefix "after 5–10 minutes of inactivity": the lower bound
# (the default of ``Capabilities.automatic_ttl_s``; extended retention raises it per model).
AUTOMATIC_CACHE_TTL = 300
# An idle fold runs only if it would take at least this many messages (a smaller one would
# cost a fold for a few hundred tokens of write).
IDLE_FOLD_MIN_BATCH = 4
# The idle check runs this long after the cache should have expired (clock skew, slow calls).
IDLE_FOLD_MARGIN_S = 30

HistoryTTL = Literal["1h", "5m", "auto"]


@dataclass(frozen=True, slots=True)
class AdoptionPolicy:
    """``mode`` ``cold`` adopts folds as described above; ``eager`` adopts each fold at once."""

    mode: Literal["cold", "eager"] = "cold"
    hard_limit: int = 80

    def __post_init__(self) -> None:
        if self.mode not in ("cold", "eager"):
            raise ConfigError(f"fold adoption must be 'cold' or 'eager', not {self.mode!r}")


def cache_expires_at(started_at: datetime, ttl_s: int | None, capabilities: Capabilities) -> datetime:
    """When the entry left by a request that started at ``started_at`` expires (TTLs run from
    the start of a request; ``ttl_s`` None: the provider's, for automatic caches)."""
    if ttl_s is None:
        ttl_s = capabilities.automatic_ttl_s if capabilities.cache_style == "automatic" else SHORT_TTL
    return started_at + timedelta(seconds=ttl_s)


def is_cold(
    *, now: datetime, last_touch_at: datetime | None, last_ttl_s: int | None, capabilities: Capabilities
) -> bool:
    """Whether nothing of the conversation's prefix is likely still cached at ``now``.

    A provider without a prompt cache is always cold: there is nothing to keep.
    """
    if capabilities.cache_style not in ("explicit", "automatic"):
        return True
    return last_touch_at is None or now >= cache_expires_at(last_touch_at, last_ttl_s, capabilities)


def should_adopt(policy: AdoptionPolicy, *, cold: bool, verbatim: int, newer_available: bool) -> bool:
    """Whether the request switches to the newest summary version now.

    ``verbatim`` is the number of messages after the adopted cursor (the new one included).
    """
    if not newer_available:
        return False
    if policy.mode == "eager" or cold:
        return True
    return verbatim > policy.hard_limit


def idle_fold_policy(policy: FoldPolicy) -> FoldPolicy:
    """The fold policy of an idle conversation: down to the tail, in batches of the usual size."""
    return FoldPolicy(threshold=policy.tail + IDLE_FOLD_MIN_BATCH - 1, tail=policy.tail, max_batch=policy.batch)


def history_ttl(setting: HistoryTTL, capabilities: Capabilities, *, keep_warm: bool, rebuilding: bool) -> int:
    """TTL of the history breakpoint for one request.

    A session kept warm always uses the longest TTL (one ping covers the most idle time).
    ``rebuilding`` says the request is expected to write its history anew (cold cache or a
    newly adopted summary); ``auto`` writes such a request at the short TTL.
    """
    ttls = tuple(sorted(capabilities.cache_ttls)) or (SHORT_TTL,)
    longest, shortest = ttls[-1], ttls[0]
    if keep_warm:
        return longest
    if setting == "5m":
        return shortest
    if setting == "1h":
        return LONG_TTL if LONG_TTL in ttls else longest
    if setting == "auto":
        return shortest if rebuilding else longest
    raise ConfigError(f"cache history TTL must be '1h', '5m' or 'auto', not {setting!r}")
