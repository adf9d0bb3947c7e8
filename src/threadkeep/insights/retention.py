"""The retention policy: it lives in :mod:`threadkeep.engine.retention` (the daily insight job
applies it, the admin routes set it through :mod:`threadkeep.engine.admin`); this name still
imports it."""

from threadkeep.engine.retention import (
    RETENTION_SETTING,
    RetentionPolicy,
    apply_retention,
    load_policy,
    save_policy,
)

__all__ = ["RETENTION_SETTING", "RetentionPolicy", "load_policy", "save_policy", "apply_retention"]
