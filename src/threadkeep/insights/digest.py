"""Weekly and monthly digests: they live in :mod:`threadkeep.engine.digest` (the faces read them
through the engine); this name still imports them."""

from threadkeep.engine.digest import (
    MAX_ITEMS,
    MAX_TOPICS,
    PERIODS,
    DigestView,
    build_digest,
    list_digests,
    open_digest,
    period_bounds,
    previous_period,
    run_digests,
    write_digest,
)

__all__ = ["PERIODS", "MAX_TOPICS", "MAX_ITEMS", "period_bounds", "previous_period", "build_digest",
           "write_digest", "run_digests", "list_digests", "open_digest", "DigestView"]
