"""Token-bucket rate limits: they live in :mod:`threadkeep.engine.ratelimit` (the database
limiter is storage, which the API does not hold); this name still imports them."""

from threadkeep.engine.ratelimit import (
    DatabaseLimiter,
    Limiter,
    LocalLimiter,
    Rate,
    RedisLimiter,
    make_limiter,
)

__all__ = ["Rate", "Limiter", "LocalLimiter", "DatabaseLimiter", "RedisLimiter", "make_limiter"]
