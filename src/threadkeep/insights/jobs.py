"""The insight jobs: they live in :mod:`threadkeep.engine.insight_jobs` (the handlers do their
storage work in the engine, as every job handler does); this name still imports them."""

from threadkeep.engine.insight_jobs import (
    DAILY_AT,
    DELIVER_KIND,
    enqueue_daily,
    enqueue_digests,
    enqueue_reask,
    fold_config,
    install,
)

__all__ = ["install", "enqueue_reask", "enqueue_digests", "enqueue_daily", "fold_config", "DELIVER_KIND",
           "DAILY_AT"]
