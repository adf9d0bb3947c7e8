"""The model call log: one row per call, with why the prompt cache did or did not hit.

:func:`record_call` is the one call the engine makes after every model call (turn, ping or
fold). It fingerprints the request, compares it with the previous call of the conversation and
stores usage, pause, divergence and a miss cause:

============================ ===============================================================
``hit``                      read (about) everything the previous call left cached
``cold_start``               first call of the conversation, or the first to find anything
                             cached (the calls before it left nothing in the cache)
``prefix_changed:<segment>`` a segment at or before the previous cached extent changed
``ttl_expired``              same prefix, but the pause outlived the previous entry's TTL
``evicted_early``            same prefix, pause shorter than the TTL, and still no read
``below_minimum``            nothing read or written and the prompt is below the minimum
``no_cache``                 the provider has no prompt cache (``cache_style == "none"``)
``instructions_changed``     the client sent new instructions (a drop-in's system prompt): the
                             system segment changed on purpose — a counted rebuild
============================ ===============================================================

A *rewrite* in the report is a call that is not a hit. ``prefix_changed:summary`` after a fold
and ``instructions_changed`` are expected (counted rebuilds); a ``prefix_changed`` at
``tools`` or ``system`` never is.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from threadkeep.cache.fingerprint import Fingerprints, divergence, fingerprint, segment_rank
from threadkeep.cache.plan import prefix_ttl
from threadkeep.llm.base import Capabilities, Usage
from threadkeep.llm.pricing import ANTHROPIC_PRICING, OPENAI_PRICING, Pricing, pricing_for
from threadkeep.messages import ModelRequest
from threadkeep.store.cache_tables import MemoryCall, ModelCall
from threadkeep.tokens import TokenCounter

__all__ = [
    "CallKind",
    "HIT",
    "INSTRUCTIONS_CHANGED",
    "Diagnosis",
    "prefix_changed_at",
    "diagnose",
    "call_cost",
    "default_prices",
    "previous_call",
    "last_cache_touch",
    "record_call",
    "record_memory_call",
]

CallKind = Literal["turn", "ping", "fold"]
HIT = "hit"
# The miss cause of the call that first sends a client's new instructions.
INSTRUCTIONS_CHANGED = "instructions_changed"
# Automatic caches: a read of at least this share of our estimate of the cacheable prefix
# counts as a hit (our token estimate and the provider's count of the same bytes differ a bit).
_HIT_SHARE = 0.9


def default_prices(capabilities: Capabilities) -> Pricing:
    """List prices of a typical model of that cache style (override with real prices)."""
    return OPENAI_PRICING if capabilities.cache_style == "automatic" else ANTHROPIC_PRICING


def write_split(written: int, one_hour: int | None, ttl_seconds: int | None) -> tuple[int, int]:
    """(5-minute, 1-hour) cache writes: the provider's own split when it gave one, else all
    at the TTL of the prefix end."""
    if one_hour is not None:
        one_hour = max(0, min(written, one_hour))
        return written - one_hour, one_hour
    long = ttl_seconds is not None and ttl_seconds >= 3600
    return (0, written) if long else (written, 0)


def call_cost(usage: Usage, prices: Pricing, *, ttl_seconds: int | None) -> tuple[float, float]:
    """(cost, cost without any cache) of one call in USD.

    Writes are priced by the provider's per-TTL split when it reports one (Anthropic); else at
    the TTL of the prefix end, which approximates a request whose layers carry mixed TTLs.
    """
    write_5m, write_1h = write_split(usage.cache_write_tokens, usage.cache_write_1h_tokens, ttl_seconds)
    cost = prices.cost(
        uncached=usage.input_tokens,
        write_5m=write_5m,
        write_1h=write_1h,
        read=usage.cache_read_tokens,
        output=usage.output_tokens,
    )
    plain = prices.cost(uncached=usage.total_input, write_5m=0, write_1h=0, read=0, output=usage.output_tokens)
    return cost, plain


def prefix_changed_at(prev: Fingerprints | None, cur: Fingerprints, *, automatic: bool = False) -> str | None:
    """The segment where ``cur`` broke the prefix ``prev`` had cached, or ``None``.

    A divergence after the previous cached extent (the turn context, the new message) is the
    normal shape of a new turn and not a change of the cached prefix.
    """
    if prev is None:
        return None
    where = divergence(prev, cur)
    if where is None:
        return None
    through = prev.cached_through or ("history" if automatic else None)
    if through is None:
        return None
    return where if segment_rank(where) <= segment_rank(through) else None


@dataclass(frozen=True, slots=True)
class Diagnosis:
    pause_s: float | None
    divergence: str | None
    miss_cause: str


def diagnose(
    *,
    prev: Any,
    cur: Fingerprints,
    usage: Usage,
    started_at: datetime,
    capabilities: Capabilities,
) -> Diagnosis:
    """Pause, divergence and miss cause of a call, given the previous call of its conversation."""
    prev_prints = Fingerprints.from_json(prev.fingerprints) if prev is not None else None
    pause = None if prev is None else max(0.0, (started_at - prev.started_at).total_seconds())
    automatic = capabilities.cache_style == "automatic"
    where = divergence(prev_prints, cur)
    changed = prefix_changed_at(prev_prints, cur, automatic=automatic)
    read = usage.cache_read_tokens
    exact = prev is not None and not automatic
    if prev is not None and exact:
        # Explicit caching: what the previous call read or wrote is exactly what it left, in
        # the provider's own token count — a hit reads all of it.
        expected = prev.cache_read_tokens + prev.cache_write_tokens
    else:
        through = cur.cached_through or ("history" if automatic else None)
        expected = cur.tokens_through(through)
        if prev_prints is not None:
            expected = min(
                expected, prev_prints.tokens_through(prev_prints.cached_through or ("history" if automatic else None))
            )
    if capabilities.cache_style == "none":
        cause = "no_cache"  # the provider caches nothing: there is no miss to explain
    elif changed is not None:
        cause = f"prefix_changed:{changed}"
    elif read > 0 and read >= (expected if exact else _HIT_SHARE * expected):
        cause = HIT
    elif (
        read == 0
        and usage.cache_write_tokens == 0
        and (usage.total_input < capabilities.min_cacheable_tokens or expected == 0)
    ):
        cause = "below_minimum"
    elif prev is None or (exact and expected == 0):
        # Also when the previous call left nothing cached (it was below the minimum, say):
        # this call's write is the conversation's first, not a rewrite of something evicted.
        cause = "cold_start"
    elif prev.ttl_s is not None and pause is not None and pause >= prev.ttl_s:
        cause = "ttl_expired"
    elif prev.ttl_s is None and automatic and pause is not None and pause >= capabilities.automatic_ttl_s:
        cause = "ttl_expired"  # automatic caches keep a prefix "minutes of inactivity" (24 h extended)
    else:
        cause = "evicted_early"
    return Diagnosis(pause, where, cause)


# Turns and pings share one prefix; a fold sends a different prompt (and often another model),
# so folds are compared only with folds.
_LANES: dict[str, tuple[str, ...]] = {"turn": ("turn", "ping"), "ping": ("turn", "ping"), "fold": ("fold",)}


def previous_call(session: Session, conversation_id: str, *, kind: str = "turn") -> Any:
    """The latest logged call of a conversation in the same lane as ``kind``: a row with what
    :func:`diagnose` reads of it (fingerprints, started_at, ttl_s, cache token counts)."""
    return session.execute(_PREVIOUS, {"cid": conversation_id, "kinds": list(_LANES.get(kind, (kind,)))}).first()


# Built once: every turn logs its call after looking up the previous one — the columns the
# diagnosis reads, not the whole row as an ORM object.
_PREVIOUS = (
    select(
        ModelCall.fingerprints,
        ModelCall.started_at,
        ModelCall.ttl_s,
        ModelCall.cache_read_tokens,
        ModelCall.cache_write_tokens,
    )
    .where(ModelCall.conversation_id == bindparam("cid"), ModelCall.kind.in_(bindparam("kinds", expanding=True)))
    .order_by(ModelCall.started_at.desc(), ModelCall.created_at.desc())
    .limit(1)
)


def last_cache_touch(session: Session, conversation_id: str, capabilities: Capabilities) -> ModelCall | None:
    """The latest turn or ping of a conversation that read or wrote the prompt cache.

    Automatic caches (OpenAI) report reads only: every call stores its prefix, so the latest
    call is the last touch whatever its counts say.
    """
    stmt = select(ModelCall).where(ModelCall.conversation_id == conversation_id, ModelCall.kind.in_(("turn", "ping")))
    if capabilities.cache_style != "automatic":
        stmt = stmt.where((ModelCall.cache_read_tokens + ModelCall.cache_write_tokens) > 0)
    return session.scalars(stmt.order_by(ModelCall.started_at.desc(), ModelCall.created_at.desc()).limit(1)).first()


def record_call(
    session: Session,
    *,
    conversation_id: str,
    user_id: str | None,
    kind: CallKind,
    model: str,
    request: ModelRequest,
    usage: Usage,
    started_at: datetime,
    capabilities: Capabilities,
    ttl_seconds: int | None = None,
    prices: Pricing | None = None,
    counter: TokenCounter | None = None,
    key: bytes,
    rebuild: str | None = None,
) -> ModelCall:
    """Log one model call and return its row (added to ``session``, flushed).

    ``request`` is the request as sent (with its breakpoints); ``started_at`` is when the call
    started (TTLs run from the start of a request). ``ttl_seconds`` defaults to the TTL of the
    request's last breakpoint. ``prices`` default to :func:`default_prices`. ``key`` is the
    person's fingerprint key (:meth:`threadkeep.store.vault.Vault.fingerprint_key`): every
    stored hash is keyed, so none can be checked against a guessed message without it.
    ``rebuild="instructions"``: the engine changed the system segment on purpose (the client's
    new instructions), so a prefix change it causes is logged as ``instructions_changed``.
    """
    if started_at.tzinfo is None:
        raise ValueError("started_at must be timezone-aware (UTC)")
    prints = fingerprint(request, counter, key=key)
    prev = previous_call(session, conversation_id, kind=kind)
    found = diagnose(prev=prev, cur=prints, usage=usage, started_at=started_at, capabilities=capabilities)
    if rebuild == "instructions" and found.miss_cause.startswith("prefix_changed:"):
        found = Diagnosis(found.pause_s, found.divergence, INSTRUCTIONS_CHANGED)
    ttl = ttl_seconds if ttl_seconds is not None else prefix_ttl(request)
    cost, plain = call_cost(usage, prices or default_prices(capabilities), ttl_seconds=ttl)
    through = prints.cached_through or ("history" if capabilities.cache_style == "automatic" else None)
    row = ModelCall(
        conversation_id=conversation_id,
        user_id=user_id,
        kind=kind,
        model=model,
        started_at=started_at,
        pause_s=found.pause_s,
        ttl_s=ttl,
        input_tokens=usage.input_tokens,
        cache_read_tokens=usage.cache_read_tokens,
        cache_write_tokens=usage.cache_write_tokens,
        cache_write_1h_tokens=usage.cache_write_1h_tokens,
        output_tokens=usage.output_tokens,
        prefix_tokens=prints.tokens_through(through),
        fingerprints=prints.to_json(),
        divergence=found.divergence,
        miss_cause=found.miss_cause,
        cost=cost,
        cost_without_cache=plain,
    )
    session.add(row)
    session.flush()
    return row


def record_memory_call(
    session: Session,
    *,
    user_id: str,
    conversation_id: str | None,
    kind: str,
    model: str,
    capabilities: Capabilities,
    method: str,
    fallback: str | None,
    usage: Usage | None,
    started_at: datetime,
) -> MemoryCall:
    """Log one background model call of the memory (a fold, a fact extraction, a profile)
    with its cost at ``model``'s prices, how its answer was used and why it fell back."""
    used = usage or Usage()
    prices = pricing_for(model, automatic_cache=capabilities.cache_style == "automatic")
    cost, _plain = call_cost(used, prices, ttl_seconds=None)
    row = MemoryCall(
        user_id=user_id,
        conversation_id=conversation_id,
        kind=kind,
        model=model[:200],
        method=method,
        fallback=(fallback or None) and fallback[:300],
        input_tokens=used.input_tokens,
        cache_read_tokens=used.cache_read_tokens,
        cache_write_tokens=used.cache_write_tokens,
        output_tokens=used.output_tokens,
        cost=cost,
        started_at=started_at,
    )
    session.add(row)
    return row
