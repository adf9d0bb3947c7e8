"""Keep-warm settings: what an administrator stores under the ``keep_warm`` settings key.

JSON shape (every key optional; missing keys take the defaults below)::

    {"enabled": false, "max_sessions": 10, "max_warm_minutes": 240,
     "quiet_hours": {"start": "22:00", "end": "07:00", "tz": "Europe/Berlin"},
     "pings_per_idle_span": 3, "margin_seconds": 60, "write_tolerance_tokens": 32}
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.orm import Session

from threadkeep.errors import ConfigError
from threadkeep.store import repo
from threadkeep.store.models import Setting

__all__ = ["SETTINGS_KEY", "QuietHours", "KeepWarmSettings", "load_settings", "save_settings"]

SETTINGS_KEY = "keep_warm"


def _clock(value: str, field: str) -> time:
    try:
        hour, minute = (int(x) for x in str(value).split(":"))
        return time(hour, minute)
    except (ValueError, TypeError) as e:
        raise ConfigError(f"keep_warm.quiet_hours.{field} must look like '22:00', got {value!r}") from e


@dataclass(frozen=True, slots=True)
class QuietHours:
    """A daily window (local time in ``tz``) without pings; may cross midnight."""

    start: time
    end: time
    tz: str = "UTC"

    def __post_init__(self) -> None:
        try:
            ZoneInfo(self.tz)
        except (ZoneInfoNotFoundError, ValueError) as e:
            raise ConfigError(
                f"keep_warm.quiet_hours.tz: unknown time zone {self.tz!r}; use an IANA name such as 'Europe/Berlin'"
            ) from e

    def contains(self, when: datetime) -> bool:
        """Whether the instant ``when`` (timezone-aware) falls in the quiet window."""
        local = when.astimezone(ZoneInfo(self.tz)).time()
        if self.start <= self.end:
            return self.start <= local < self.end
        return local >= self.start or local < self.end

    def to_json(self) -> dict[str, str]:
        return {"start": self.start.strftime("%H:%M"), "end": self.end.strftime("%H:%M"), "tz": self.tz}


@dataclass(frozen=True, slots=True)
class KeepWarmSettings:
    """Administrator limits for keep-warm; off unless ``enabled``."""

    enabled: bool = False
    max_sessions: int = 10
    max_warm_minutes: int = 240
    quiet_hours: QuietHours | None = None
    pings_per_idle_span: int = 3
    margin_seconds: int = 60
    write_tolerance_tokens: int = 32

    def __post_init__(self) -> None:
        for name in ("max_sessions", "max_warm_minutes", "pings_per_idle_span"):
            if getattr(self, name) < 1:
                raise ConfigError(f"keep_warm.{name} must be at least 1")
        if self.margin_seconds < 0 or self.write_tolerance_tokens < 0:
            raise ConfigError("keep_warm.margin_seconds and write_tolerance_tokens must not be negative")

    def to_json(self) -> dict[str, Any]:
        """The value stored in the ``settings`` table."""
        return {
            "enabled": self.enabled,
            "max_sessions": self.max_sessions,
            "max_warm_minutes": self.max_warm_minutes,
            "quiet_hours": self.quiet_hours.to_json() if self.quiet_hours else None,
            "pings_per_idle_span": self.pings_per_idle_span,
            "margin_seconds": self.margin_seconds,
            "write_tolerance_tokens": self.write_tolerance_tokens,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> KeepWarmSettings:
        """Parse a stored value; unknown keys are a :class:`ConfigError` (typos must show)."""
        data = dict(data or {})
        known = {
            "enabled",
            "max_sessions",
            "max_warm_minutes",
            "quiet_hours",
            "pings_per_idle_span",
            "margin_seconds",
            "write_tolerance_tokens",
        }
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown keep_warm setting(s): {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        quiet = data.pop("quiet_hours", None)
        hours = None
        if quiet:
            hours = QuietHours(
                _clock(quiet.get("start", ""), "start"),
                _clock(quiet.get("end", ""), "end"),
                str(quiet.get("tz", "UTC")),
            )
        enabled = bool(data.pop("enabled", False))
        try:
            numbers = {k: int(v) for k, v in data.items()}
        except (TypeError, ValueError) as e:
            raise ConfigError(f"keep_warm settings must be numbers: {e}") from e
        return cls(enabled, quiet_hours=hours, **numbers)


def load_settings(session: Session) -> KeepWarmSettings:
    """The stored keep-warm settings (defaults — disabled — when none are stored)."""
    row = session.get(Setting, SETTINGS_KEY)
    return KeepWarmSettings.from_json(row.value if row is not None else None)


def save_settings(session: Session, settings: KeepWarmSettings) -> None:
    """Store ``settings`` under the ``keep_warm`` key."""
    repo.save_setting(session, SETTINGS_KEY, settings.to_json())
