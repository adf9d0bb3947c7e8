"""Token-bucket rate limits, in process or shared by every replica (database or Redis).

A bucket holds up to ``burst`` tokens and refills at ``per_minute / 60`` tokens a second; a
request takes one, or is refused with the seconds until one is free (``Retry-After``).

- :class:`LocalLimiter` — in this process only: N replicas allow N times the rate. The default
  on SQLite (one server per database file).
- :class:`DatabaseLimiter` — one row per bucket in ``rate_buckets``, updated by one atomic
  ``INSERT … ON CONFLICT DO UPDATE … RETURNING``: every replica on the database shares it. The
  default on PostgreSQL.
- :class:`RedisLimiter` — one hash per bucket, updated by a Lua script (atomic in Redis), when
  ``THREADKEEP_API_REDIS_URL`` is set: shared, and no write on the database per request.

``THREADKEEP_API_RATE_BACKEND`` (``auto`` | ``local`` | ``database`` | ``redis``) overrides
the choice. Bucket names never hold a key or a person's name in clear: callers pass key ids,
hashed addresses and key prefixes.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import text

from threadkeep.errors import ConfigError
from threadkeep.store.db import Database

__all__ = ["Rate", "Limiter", "LocalLimiter", "DatabaseLimiter", "RedisLimiter", "make_limiter"]


@dataclass(frozen=True, slots=True)
class Rate:
    """``per_minute`` tokens a minute, at most ``burst`` saved up; ``per_minute`` 0: no limit."""

    per_minute: float
    burst: int

    @property
    def per_second(self) -> float:
        return self.per_minute / 60.0

    def refill(self, tokens: float, elapsed: float) -> float:
        return min(float(self.burst), tokens + max(0.0, elapsed) * self.per_second)

    def wait(self, tokens: float) -> float:
        """Seconds until a bucket holding ``tokens`` has one to give."""
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.per_second


class Limiter(Protocol):
    blocking: bool  # True when a call does I/O (run it in a worker thread)

    def take(self, bucket: str, rate: Rate) -> float:
        """Take a token: 0 when allowed, else the seconds until one is free (nothing taken)."""

    def peek(self, bucket: str, rate: Rate) -> float:
        """Like :meth:`take` without taking anything."""


class LocalLimiter:
    """In-process buckets. Per replica: N replicas allow N times the rate."""

    blocking = False

    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def _level(self, bucket: str, rate: Rate, now: float) -> float:
        tokens, last = self._buckets.get(bucket, (float(rate.burst), now))
        return rate.refill(tokens, now - last)

    def take(self, bucket: str, rate: Rate) -> float:
        if rate.per_minute <= 0:
            return 0.0
        now = time.monotonic()
        with self._lock:
            if len(self._buckets) > 100_000:
                # Forgetting buckets only ever refills them: a bound on memory, not on rate.
                self._buckets.clear()
            tokens = self._level(bucket, rate, now)
            wait = rate.wait(tokens)
            self._buckets[bucket] = (tokens - 1.0 if wait == 0 else tokens, now)
            return wait

    def peek(self, bucket: str, rate: Rate) -> float:
        if rate.per_minute <= 0:
            return 0.0
        with self._lock:
            return rate.wait(self._level(bucket, rate, time.monotonic()))


class DatabaseLimiter:
    """Buckets in the ``rate_buckets`` table, shared by every replica on the database.

    One statement per request: the refill, the decision and the take happen in the database
    under the row's lock, so two replicas can never both spend the last token. Time is the
    wall clock of the replica (replicas on NTP differ by milliseconds, far below a token).
    """

    blocking = True

    def __init__(self, db: Database) -> None:
        self.db = db
        least = "LEAST" if db.dialect == "postgresql" else "MIN"
        level = (
            f"{least}(:burst, rate_buckets.tokens + "
            f"(CASE WHEN :now > rate_buckets.stamp THEN :now - rate_buckets.stamp ELSE 0 END) * :rate)"
        )
        self._take = text(
            "INSERT INTO rate_buckets (bucket, tokens, stamp, allowed) VALUES (:bucket, :burst - 1, :now, TRUE) "
            "ON CONFLICT (bucket) DO UPDATE SET "
            f"tokens = CASE WHEN {level} >= 1 THEN {level} - 1 ELSE {level} END, "
            f"allowed = ({level} >= 1), stamp = :now "
            "RETURNING tokens, allowed"
        )
        self._peek = text("SELECT tokens, stamp FROM rate_buckets WHERE bucket = :bucket")

    def take(self, bucket: str, rate: Rate) -> float:
        if rate.per_minute <= 0:
            return 0.0
        params = {"bucket": bucket, "burst": float(rate.burst), "now": time.time(), "rate": rate.per_second}
        with self.db.engine.begin() as c:
            tokens, allowed = c.execute(self._take, params).one()
        return 0.0 if allowed else rate.wait(float(tokens))

    def peek(self, bucket: str, rate: Rate) -> float:
        if rate.per_minute <= 0:
            return 0.0
        with self.db.reading() as s:
            row = s.execute(self._peek, {"bucket": bucket}).first()
        if row is None:
            return 0.0
        return rate.wait(rate.refill(float(row[0]), time.time() - float(row[1])))


# KEYS[1] bucket; ARGV: burst, per-second rate, take (1/0). Redis TIME is the clock, so every
# replica reads one clock. Returns the tokens left (as a string: Lua numbers lose fractions).
_REDIS_SCRIPT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
local burst, rate, take = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local v = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens, stamp = tonumber(v[1]), tonumber(v[2])
if tokens == nil then tokens = burst; stamp = now end
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local allowed = 0
if tokens >= 1 then allowed = 1 end
if take == 1 then
  if allowed == 1 then tokens = tokens - 1 end
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
  redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 60)
end
return {allowed, tostring(tokens)}
"""


class RedisLimiter:
    """Buckets in Redis (``THREADKEEP_API_REDIS_URL``), shared by every replica using it."""

    blocking = True

    def __init__(self, url: str, *, prefix: str = "threadkeep:rate:") -> None:
        try:
            import redis  # lazy: optional extra redis
        except ImportError as e:
            raise ConfigError("THREADKEEP_API_REDIS_URL needs the redis client: pip install 'threadkeep[redis]'") from e
        self._client: Any = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self._script = self._client.register_script(_REDIS_SCRIPT)
        self.prefix = prefix

    def _run(self, bucket: str, rate: Rate, take: bool) -> float:
        if rate.per_minute <= 0:
            return 0.0
        allowed, tokens = self._script(
            keys=[self.prefix + bucket], args=[rate.burst, rate.per_second, 1 if take else 0]
        )
        return 0.0 if int(allowed) else rate.wait(float(tokens))

    def take(self, bucket: str, rate: Rate) -> float:
        return self._run(bucket, rate, True)

    def peek(self, bucket: str, rate: Rate) -> float:
        return self._run(bucket, rate, False)


def make_limiter(backend: str, db: Database, redis_url: str | None) -> Limiter:
    """The limiter ``backend`` names; ``auto``: Redis if configured, the database on
    PostgreSQL (several replicas share it), in process on SQLite."""
    if backend == "auto":
        backend = "redis" if redis_url else ("database" if db.dialect == "postgresql" else "local")
    if backend == "local":
        return LocalLimiter()
    if backend == "database":
        return DatabaseLimiter(db)
    if backend == "redis":
        if not redis_url:
            raise ConfigError("THREADKEEP_API_RATE_BACKEND=redis needs THREADKEEP_API_REDIS_URL (redis://host:6379/0)")
        return RedisLimiter(redis_url)
    raise ConfigError(f"THREADKEEP_API_RATE_BACKEND must be auto, local, database or redis, not {backend!r}")
