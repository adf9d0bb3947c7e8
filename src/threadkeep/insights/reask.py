"""Re-asks: they live in :mod:`threadkeep.engine.reask` (the insight job marks them, the admin
routes read the figures through :mod:`threadkeep.engine.admin`); this name still imports them."""

from threadkeep.engine.reask import (
    SLOTS,
    Finding,
    Said,
    find_reasks,
    mark_conversation,
    question_slots,
    reask_stats,
    stated_slots,
)

__all__ = ["Said", "Finding", "find_reasks", "question_slots", "stated_slots", "mark_conversation",
           "reask_stats", "SLOTS"]
