"""Settings of the HTTP service (``THREADKEEP_API_*``), apart from the engine's ``Settings``."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["ServiceSettings"]


class ServiceSettings(BaseSettings):
    """Knobs of ``threadkeep serve``; each is ``THREADKEEP_API_<NAME>`` in the environment."""

    model_config = SettingsConfigDict(env_prefix="THREADKEEP_API_", extra="ignore")

    rate_per_minute: float = Field(
        default=120.0,
        ge=0,
        description="Requests per minute per key (0: no limit); "
        "shared by the replicas unless the rate backend is local.",
    )
    rate_burst: int = Field(default=60, ge=1, description="Requests a key may make at once before the rate applies.")
    rate_backend: str = Field(
        default="auto",
        pattern="^(auto|local|database|redis)$",
        description="Where rate-limit buckets live: auto (Redis when redis_url is set, the database on "
        "PostgreSQL, in process on SQLite), local, database or redis.",
    )
    redis_url: str | None = Field(
        default=None, description="Redis for shared rate limits, e.g. redis://127.0.0.1:6379/0."
    )
    auth_failures_per_minute: float = Field(
        default=10.0,
        ge=0,
        description="Failed authentications allowed per minute per client address and per key prefix (0: no limit).",
    )
    auth_failure_burst: int = Field(
        default=20,
        ge=1,
        description="Failed authentications allowed at once "
        "before auth_failures_per_minute applies; then 429 with Retry-After.",
    )
    max_body_bytes: int = Field(
        default=1_000_000, ge=1024, description="Largest request body; larger is refused with 413."
    )
    max_import_bytes: int = Field(
        default=2_000_000_000,
        ge=1024,
        description="Largest upload to POST /v1/me/imports "
        "(streamed to a temporary file, never held in memory); larger is refused with 413.",
    )
    max_running_imports: int = Field(
        default=1,
        ge=1,
        description="Imports of one person being received or stored "
        "at once; another is refused with 409 until one is stored.",
    )
    session_days: int = Field(default=30, ge=1, description="How long a web session cookie lives.")
    cookie_secure: bool = Field(default=False, description="Mark cookies Secure (set behind HTTPS).")
    sse_ping_s: float = Field(default=15.0, gt=0, description="Keep-alive comment on quiet SSE streams (tool calls).")
    auth_cache_s: float = Field(
        default=5.0,
        ge=0,
        description="How long a checked key is trusted per replica "
        "before it is looked up again (revocation elsewhere takes effect within this).",
    )
    worker_threads: int = Field(
        default=32,
        ge=1,
        description="Threads for database and crypto work; "
        "the default executor of min(32, cores + 4) starves under many turns at once.",
    )
    max_concurrent_turns: int = Field(
        default=32,
        ge=1,
        description="Turns answered at once per replica; more "
        "wait their turn (queueing beats thrashing the database and the GIL).",
    )
    settings_cache_s: float = Field(default=5.0, ge=0, description="How long an admin setting is cached per replica.")
