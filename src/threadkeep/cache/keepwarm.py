"""Keep-warm: ping marked sessions before their prompt cache expires (ARCHITECTURE §7).

Off by default. An administrator enables it in the ``settings`` table (key ``keep_warm``); a
person marks the sessions to keep warm (``Conversation.keep_warm``). The scheduler then, for
each marked session:

- finds the last call that touched the cache (read or wrote) in the call log — the TTL runs
  from the *start* of that request — and pings ``margin_seconds`` before it ends;
- builds the ping from the engine's ``ping_request(conversation_id)`` (the prefix the next real
  request will send), trimmed to exactly the prefix the last call cached, and checks by
  fingerprint that it is byte-identical before paying for it;
- sends it with ``max_tokens`` 0 where the provider allows it, else 1;
- counts it as working only if it read the cache and wrote at most ``write_tolerance_tokens``;
  otherwise the session is *flagged* with the reason and never pinged again until cleared.

Limits: ``max_sessions`` warm at once, ``max_warm_minutes`` since the person's last turn (a
forgotten session cools by itself), ``quiet_hours`` in a time zone, ``pings_per_idle_span``.
All schedule state lives in the database (call log and ``warm_state``), so a restarted
scheduler resumes where the last one stopped; a lease row makes exactly one replica act.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from threadkeep.cache.adoption import cache_expires_at
from threadkeep.cache.fingerprint import Fingerprints, divergence, fingerprint
from threadkeep.cache.lease import acquire_lease, release_lease
from threadkeep.cache.log import last_cache_touch, record_call
from threadkeep.cache.warm_settings import KeepWarmSettings, load_settings
from threadkeep.errors import ProviderBadRequest, ProviderError
from threadkeep.llm.base import ChatModel, complete
from threadkeep.llm.pricing import Pricing
from threadkeep.messages import ModelRequest, Segment
from threadkeep.store.base import utcnow
from threadkeep.store.cache_tables import ModelCall, WarmState
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation

__all__ = ["PingOutcome", "trim_to_cached", "mark_keep_warm", "warm_status", "KeepWarmScheduler"]

log = logging.getLogger("threadkeep.keepwarm")

LEASE_NAME = "keep-warm"
PingRequest = Callable[[str], ModelRequest | Awaitable[ModelRequest]]


@dataclass(frozen=True, slots=True)
class PingOutcome:
    """What one tick did for one session: ``pinged``, ``flagged`` or ``cooled``, and why."""

    conversation_id: str
    action: str
    reason: str = ""
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0


def trim_to_cached(request: ModelRequest, cached: Fingerprints, *, key: bytes = b"") -> ModelRequest | None:
    """``request`` cut back to the prefix ``cached`` describes, or ``None`` if it is not one.

    The ping must read what the last call cached and write nothing, so it ends exactly where
    that call's last breakpoint was: later segments are dropped, the history is cut to the
    number of messages that call had, and the result is checked by prefix hash (made under
    ``key``, the key ``cached`` was made with).
    """
    through = cached.cached_through
    if through is None and not request.breakpoints and "history" in cached.order:
        through = "history"  # automatic caching: the whole stable prefix is cached
    if through is None or through not in cached.order or through not in ("startup", "summary", "history"):
        return None
    names = [s.name for s in request.segments]
    if through not in names:
        return None
    last = len(names) - 1 - names[::-1].index(through)
    segments = list(request.segments[: last + 1])
    if through == "history":
        keep = len(cached.history_chain)
        cut: list[Segment] = []
        for seg in segments:
            if seg.name == "history":
                take = seg.messages[: max(0, keep)]
                keep -= len(take)
                seg = Segment("history", take)
            cut.append(seg)
        segments = cut
    breakpoints = tuple(bp for bp in request.breakpoints if bp.segment <= last)
    if request.breakpoints and (not breakpoints or max(bp.segment for bp in breakpoints) != last):
        return None  # explicit caching: the ping must mark the same end as the cached call
    trimmed = dataclasses.replace(request, segments=tuple(segments), breakpoints=breakpoints)
    prints = fingerprint(trimmed, key=key)
    if prints.prefix.get(through) != cached.prefix.get(through):
        return None
    return trimmed


def mark_keep_warm(session: Session, conversation_id: str, on: bool) -> None:
    """A person's toggle: set ``keep_warm`` and clear any flag (a fresh start)."""
    conv = session.get(Conversation, conversation_id)
    if conv is None:
        return
    conv.keep_warm = on
    state = session.get(WarmState, conversation_id)
    if state is not None:
        state.state, state.reason, state.updated_at = ("warm" if on else "cooled"), None, utcnow()


def warm_status(session: Session, conversation_id: str) -> dict[str, object] | None:
    """What a client shows beside the keep-warm toggle: state, reason (the flag), pings."""
    st = session.get(WarmState, conversation_id)
    if st is None:
        return None
    return {
        "state": st.state,
        "reason": st.reason,
        "pings": st.pings,
        "warm_since": st.warm_since.isoformat() if st.warm_since else None,
        "last_ping_at": st.last_ping_at.isoformat() if st.last_ping_at else None,
    }


@dataclass(slots=True)
class _Candidate:
    conversation_id: str
    user_id: str
    last_turn: ModelCall
    last_touch: ModelCall
    pings_in_span: int
    state: WarmState | None


class KeepWarmScheduler:
    """Pings marked sessions on time; run :meth:`tick` periodically, or :meth:`start` a loop.

    ``ping_request`` is the engine's ``(conversation_id) -> ModelRequest`` (sync or async),
    planned like a real request. ``now`` is injectable (tests use a manual clock).
    """

    def __init__(
        self,
        db: Database,
        *,
        model: ChatModel,
        ping_request: PingRequest,
        now: Callable[[], datetime] = utcnow,
        holder: str | None = None,
        lease_seconds: float = 90.0,
        interval_seconds: float = 15.0,
        settings: KeepWarmSettings | None = None,
        prices: Pricing | None = None,
        fingerprint_key: Callable[[Session, str], bytes],
    ) -> None:
        self.db = db
        # (session, person id) -> the person's fingerprint key (Vault.fingerprint_key).
        self.fingerprint_key = fingerprint_key
        self.model = model
        self.ping_request = ping_request
        self.now = now
        self.holder = holder or f"keepwarm-{uuid.uuid4().hex[:12]}"
        self.lease_seconds = lease_seconds
        self.interval_seconds = interval_seconds
        self.settings_override = settings
        self.prices = prices
        self._task: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._zero_refused = False  # the provider answered 400 to max_tokens 0

    # -- running ------------------------------------------------------------------------
    def start(self) -> asyncio.Task[None]:
        """Run :meth:`tick` every ``interval_seconds`` in this event loop until :meth:`stop`."""
        if self._task is None or self._task.done():
            self._stop.clear()
            self._task = asyncio.get_running_loop().create_task(self._loop())
        return self._task

    async def stop(self) -> None:
        """Stop the loop and hand the lease over at once."""
        self._stop.set()
        if self._task is not None:
            await self._task
            self._task = None
        release_lease(self.db, LEASE_NAME, self.holder, now=self.now())

    async def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                await self.tick()
            except Exception:  # a bad tick must not end keep-warm for everyone
                log.exception("keep-warm tick failed")
            try:
                await asyncio.wait_for(self._stop.wait(), timeout=self.interval_seconds)
            except TimeoutError:
                pass

    def settings(self) -> KeepWarmSettings:
        """The settings in force (the override, else the ``settings`` table)."""
        if self.settings_override is not None:
            return self.settings_override
        with self.db.session() as s:
            return load_settings(s)

    # -- one tick -----------------------------------------------------------------------
    async def tick(self) -> list[PingOutcome]:
        """Ping every session that is due now; returns what was done (empty if not leader)."""
        # Storage is synchronous: it runs in a worker thread so the server's loop keeps serving.
        cfg = await asyncio.to_thread(self.settings)
        now = self.now()
        if not cfg.enabled:
            return []
        if not await asyncio.to_thread(
            acquire_lease, self.db, LEASE_NAME, self.holder, now=now, seconds=self.lease_seconds
        ):
            return []
        if cfg.quiet_hours is not None and cfg.quiet_hours.contains(now):
            return []
        outcomes: list[PingOutcome] = []
        candidates = await asyncio.to_thread(self._collect)
        active = self._active(candidates, now)
        for cand in candidates:
            try:
                outcome = await self._consider(cand, cfg, now, active)
            except Exception:  # one broken session (deleted meanwhile, …) must not stop the rest
                log.exception("keep-warm: session %s failed", cand.conversation_id)
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    def _collect(self) -> list[_Candidate]:
        with self.db.session() as s:
            return self._candidates(s)

    def _candidates(self, s: Session) -> list[_Candidate]:
        out: list[_Candidate] = []
        marked = s.execute(select(Conversation.id, Conversation.user_id).where(Conversation.keep_warm.is_(True))).all()
        for cid, uid in marked:
            last_turn = s.scalars(
                select(ModelCall)
                .where(ModelCall.conversation_id == cid, ModelCall.kind == "turn")
                .order_by(ModelCall.started_at.desc())
                .limit(1)
            ).first()
            if last_turn is None:
                continue
            last_touch = last_cache_touch(s, cid, self.model.capabilities)
            if last_touch is None:
                continue
            pings = (
                s.scalar(
                    select(func.count())
                    .select_from(ModelCall)
                    .where(
                        ModelCall.conversation_id == cid,
                        ModelCall.kind == "ping",
                        ModelCall.started_at > last_turn.started_at,
                    )
                )
                or 0
            )
            out.append(_Candidate(cid, uid, last_turn, last_touch, int(pings), s.get(WarmState, cid)))
        # Most recently active first: they get the warm slots when there are too few.
        out.sort(key=lambda c: c.last_turn.started_at, reverse=True)
        return out

    def _expires(self, touch: ModelCall) -> datetime:
        return cache_expires_at(touch.started_at, touch.ttl_s, self.model.capabilities)

    def _active(self, candidates: list[_Candidate], now: datetime) -> set[str]:
        """Sessions being kept warm now: pinged in this idle span, entry still alive."""
        return {
            c.conversation_id
            for c in candidates
            if c.pings_in_span > 0
            and self._expires(c.last_touch) > now
            and not (c.state is not None and c.state.state == "flagged")
        }

    async def _consider(
        self, c: _Candidate, cfg: KeepWarmSettings, now: datetime, active: set[str]
    ) -> PingOutcome | None:
        if c.state is not None and c.state.state == "flagged":
            return None
        expires = self._expires(c.last_touch)
        if now < expires - timedelta(seconds=cfg.margin_seconds):
            return None  # not due yet
        if now >= expires:
            return self._cool(c, now, "the cache expired before a ping was due")
        if now - c.last_turn.started_at >= timedelta(minutes=cfg.max_warm_minutes):
            return self._cool(c, now, f"warm for {cfg.max_warm_minutes} min since the last turn")
        if c.pings_in_span >= cfg.pings_per_idle_span:
            return self._cool(c, now, f"{cfg.pings_per_idle_span} pings used in this idle span")
        if c.conversation_id not in active:
            if len(active) >= cfg.max_sessions:
                return self._cool(c, now, f"{cfg.max_sessions} sessions are already warm")
            active.add(c.conversation_id)
        return await self._ping(c, cfg, now)

    def _key_of(self, user_id: str) -> bytes:
        with self.db.reading() as s:
            return self.fingerprint_key(s, user_id)

    async def _ping(self, c: _Candidate, cfg: KeepWarmSettings, now: datetime) -> PingOutcome | None:
        cached = Fingerprints.from_json(c.last_touch.fingerprints)
        if cached is None or c.user_id is None:
            # Logged before fingerprints were keyed (migration 0010 dropped those): nothing
            # to compare a ping with; the next turn logs a keyed one.
            return self._cool(c, now, "no keyed fingerprint of the cached prefix yet")
        key = await asyncio.to_thread(self._key_of, c.user_id)
        built = self.ping_request(c.conversation_id)
        request = await built if inspect.isawaitable(built) else built
        trimmed = trim_to_cached(request, cached, key=key)
        if trimmed is None:
            where = divergence(cached, fingerprint(request, key=key))
            if where == "summary":
                # A fold since the last turn: the next turn rebuilds from the summary on, and
                # the old prefix is worth nothing — not a fault of the ping, nothing to warm.
                return self._cool(c, now, "a fold rebuilt the prefix; the next turn writes it")
            return self._flag(
                c,
                now,
                "the ping would not be byte-identical to the cached prefix"
                + (f" (differs at {where})" if where else ""),
            )
        zero = self.model.capabilities.allows_zero_max_tokens and not self._zero_refused
        trimmed = dataclasses.replace(trimmed, max_tokens=0 if zero else 1)
        try:
            result = await complete(self.model, trimmed)
        except ProviderBadRequest as e:
            if trimmed.max_tokens != 0:
                return self._flag(c, now, f"the ping failed: {e}")
            # The provider refuses an empty answer: ping with one token from now on (a
            # refused request costs nothing and wrote nothing).
            log.warning("keep-warm: %s refused max_tokens 0 (%s); pinging with 1", self.model.name, e)
            self._zero_refused = True
            trimmed = dataclasses.replace(trimmed, max_tokens=1)
            try:
                result = await complete(self.model, trimmed)
            except ProviderError as e2:
                return self._flag(c, now, f"the ping failed: {e2}")
        except ProviderError as e:
            return self._flag(c, now, f"the ping failed: {e}")
        usage = result.usage

        def log_it(s: Session) -> str:
            row = record_call(
                s,
                conversation_id=c.conversation_id,
                user_id=c.user_id,
                kind="ping",
                model=self.model.name,
                request=trimmed,
                usage=usage,
                started_at=now,
                capabilities=self.model.capabilities,
                prices=self.prices,
                key=key,
            )
            return row.miss_cause or ""

        cause = await asyncio.to_thread(self.db.write, log_it)
        if usage.cache_read_tokens <= 0 or usage.cache_write_tokens > cfg.write_tolerance_tokens:
            return self._flag(
                c,
                now,
                f"a ping read {usage.cache_read_tokens} and wrote "
                f"{usage.cache_write_tokens} tokens ({cause}): it does not keep "
                "the cache warm",
                usage.cache_read_tokens,
                usage.cache_write_tokens,
            )

        def note(s: Session) -> None:
            st = s.get(WarmState, c.conversation_id) or WarmState(conversation_id=c.conversation_id, pings=0)
            if st.state != "warm" or st.warm_since is None or st.warm_since < c.last_turn.started_at:
                st.warm_since = c.last_turn.started_at
            st.state, st.reason, st.last_ping_at = "warm", None, now
            st.pings = (st.pings or 0) + 1
            st.updated_at = now
            s.merge(st)

        await asyncio.to_thread(self.db.write, note)
        return PingOutcome(c.conversation_id, "pinged", "", usage.cache_read_tokens, usage.cache_write_tokens)

    def _set_state(self, cid: str, state: str, reason: str, now: datetime) -> None:
        def write(s: Session) -> None:
            st = s.get(WarmState, cid)
            if st is None:
                st = WarmState(conversation_id=cid, pings=0)
                s.add(st)
            st.state, st.reason, st.updated_at = state, reason, now

        self.db.write(write)

    def _cool(self, c: _Candidate, now: datetime, reason: str) -> PingOutcome | None:
        if (
            c.state is not None
            and c.state.state == "cooled"
            and c.state.reason == reason
            and (c.state.updated_at >= c.last_turn.started_at)
        ):
            return None  # already recorded for this idle span
        self._set_state(c.conversation_id, "cooled", reason, now)
        return PingOutcome(c.conversation_id, "cooled", reason)

    def _flag(self, c: _Candidate, now: datetime, reason: str, read: int = 0, written: int = 0) -> PingOutcome:
        log.warning("keep-warm flagged %s: %s", c.conversation_id, reason)
        self._set_state(c.conversation_id, "flagged", reason, now)
        return PingOutcome(c.conversation_id, "flagged", reason, read, written)
