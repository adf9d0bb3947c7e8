"""What one service process holds: the memory, settings, session signer, the rate limiter."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from threadkeep.api.config import ServiceSettings
from threadkeep.config import Settings
from threadkeep.engine import Memory
from threadkeep.engine.access import Principal, SessionSigner
from threadkeep.engine.ratelimit import Limiter, Rate
from threadkeep.events import TurnEvent

if TYPE_CHECKING:
    from threadkeep.knowledge.service import KnowledgeBase

__all__ = ["ServiceState", "SESSION_COOKIE", "ANONYMOUS_SETTING"]

SESSION_COOKIE = "tk_session"
ANONYMOUS_SETTING = "anonymous_visitors"


@dataclass
class ServiceState:
    memory: Memory
    settings: Settings
    service: ServiceSettings
    limiter: Limiter
    knowledge_base: KnowledgeBase | None = None
    _signer: SessionSigner | None = None
    _cache: dict[str, tuple[float, Any]] = field(default_factory=dict)
    _principals: dict[str, tuple[float, Principal]] = field(default_factory=dict)
    _turn_slots: asyncio.Semaphore | None = None

    @classmethod
    def build(
        cls, memory: Memory, settings: Settings, service: ServiceSettings, knowledge: KnowledgeBase | None = None
    ) -> ServiceState:
        limiter = memory.access.rate_limiter(service.rate_backend, service.redis_url)
        return cls(memory, settings, service, limiter, knowledge)

    @property
    def request_rate(self) -> Rate:
        return Rate(self.service.rate_per_minute, self.service.rate_burst)

    @property
    def failure_rate(self) -> Rate:
        return Rate(self.service.auth_failures_per_minute, self.service.auth_failure_burst)

    async def limit(self, bucket: str, rate: Rate, *, take: bool = True) -> float:
        """Take a token from ``bucket`` (or only look, ``take=False``): 0, or seconds to wait."""
        fn = self.limiter.take if take else self.limiter.peek
        if self.limiter.blocking:
            return await asyncio.to_thread(fn, bucket, rate)
        return fn(bucket, rate)

    async def admitted(self, events: AsyncIterator[TurnEvent]) -> AsyncIterator[TurnEvent]:
        """The turn's events, once one of ``max_concurrent_turns`` slots is free.

        Past a few dozen turns at once, more parallel work only adds lock waits (SQLite) and
        GIL switches: queueing keeps throughput at its plateau and makes latency predictable.
        """
        if self._turn_slots is None:
            self._turn_slots = asyncio.Semaphore(self.service.max_concurrent_turns)
        async with self._turn_slots:
            try:
                async for ev in events:
                    yield ev
            finally:
                await events.aclose()  # type: ignore[attr-defined]

    def knowledge(self) -> KnowledgeBase:
        """The knowledge base: the one given to the app, else the engine's own."""
        if self.knowledge_base is None:
            self.knowledge_base = self.memory.knowledge
        return self.knowledge_base

    async def principal(self, cache_key: str, lookup: Callable[[], Principal | None]) -> Principal | None:
        """A key's principal, remembered briefly: most requests then skip a database round trip.

        Only live keys are remembered, so a new key works at once; a revoked one stops
        within ``auth_cache_s`` on other replicas and at once on this one (see :meth:`forget`).
        """
        now = time.monotonic()
        hit = self._principals.get(cache_key)
        if hit is not None and hit[0] > now:
            return hit[1]
        found = await asyncio.to_thread(lookup)
        if found is not None and self.service.auth_cache_s > 0:
            if len(self._principals) > 10_000:
                self._principals.clear()
            self._principals[cache_key] = (now + self.service.auth_cache_s, found)
        else:
            self._principals.pop(cache_key, None)
        return found

    def forget_principal(self, cache_key: str) -> None:
        """Drop one remembered credential (a session just closed on this replica)."""
        self._principals.pop(cache_key, None)

    def forget_principals(self) -> None:
        """Drop remembered keys (after a revocation or a deleted person on this replica)."""
        self._principals.clear()

    async def signer(self) -> SessionSigner:
        if self._signer is None:
            secret = await asyncio.to_thread(self.memory.access.session_secret)
            self._signer = SessionSigner(secret, max_age_s=self.service.session_days * 86400)
        return self._signer

    async def setting(self, key: str, default: Any = None) -> Any:
        """An admin setting, cached briefly: replicas pick up a change within the cache time."""
        hit = self._cache.get(key)
        now = time.monotonic()
        if hit is not None and now - hit[0] < self.service.settings_cache_s:
            return hit[1]
        value = await asyncio.to_thread(self.memory.access.get_setting, key, default)
        self._cache[key] = (now, value)
        return value

    async def put_setting(self, key: str, value: Any) -> None:
        await asyncio.to_thread(self.memory.access.put_setting, key, value)
        self._cache.pop(key, None)
