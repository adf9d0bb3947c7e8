"""Feedback analytics: they live in :mod:`threadkeep.engine.feedback` (the admin routes call
them through :mod:`threadkeep.engine.admin`); this name still imports them."""

from threadkeep.engine.feedback import (
    CONTENT_SETTING,
    content_allowed,
    feedback_report,
    rated_conversation,
    searched_knowledge,
    set_content_allowed,
)

__all__ = ["CONTENT_SETTING", "content_allowed", "set_content_allowed", "feedback_report",
           "rated_conversation", "searched_knowledge"]
