"""Core tables: people, their keys and identities, conversations, messages, summaries, jobs.

Columns ending in ``_ct`` hold ciphertext sealed with the owner's data key (see crypto.py);
their associated data is ``(table, column, row id)``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from threadkeep.store.base import Base, UtcDateTime, new_id, utcnow

__all__ = [
    "AnswerVersion",
    "OpenAIThread",
    "User",
    "UserKey",
    "Identity",
    "Conversation",
    "Message",
    "SummaryVersion",
    "Job",
    "ApiKey",
    "Setting",
    "KeyringMeta",
    "TurnLease",
    "IdempotencyKey",
]

ID = String(36)


class User(Base):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    # The account handle (`--user NAME`, a login). An identifier chosen by an operator, not
    # text the person wrote, so it stays plaintext for lookup.
    name: Mapped[str] = mapped_column(String(200), unique=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class UserKey(Base):
    """A person's data key, wrapped by the master key. Deleting it shreds their data."""

    __tablename__ = "user_keys"

    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    wrapped_key: Mapped[bytes] = mapped_column(LargeBinary)
    master_key_id: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    rotated_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class KeyringMeta(Base):
    """One row per master key ever used: lets us tell a wrong key from an empty database."""

    __tablename__ = "keyring_meta"

    key_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    check_ct: Mapped[bytes] = mapped_column(LargeBinary)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class Identity(Base):
    """A channel identity (web login, Slack/Telegram/Mattermost user) linked to one person."""

    __tablename__ = "identities"
    __table_args__ = (UniqueConstraint("channel", "external_id", name="uq_identities_channel_external"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(32))
    external_id: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class Conversation(Base):
    __tablename__ = "conversations"
    __table_args__ = (Index("ix_conversations_user_activity", "user_id", "last_activity_at"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"))
    title_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    channel: Mapped[str] = mapped_column(String(32), default="api")
    # Frozen at creation so every later request renders the same prefix bytes.
    system_prompt_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    startup_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    # The client's own instructions (a drop-in's system prompt, the API's ``system`` field),
    # after threadkeep's system prompt in every request; replaced when the client changes them.
    instructions_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    message_count: Mapped[int] = mapped_column(Integer, default=0)
    # Messages with seq <= summary_cursor are folded into the summary.
    summary_cursor: Mapped[int] = mapped_column(Integer, default=0)
    summary_version: Mapped[int] = mapped_column(Integer, default=0)
    # The summary version requests use, and its cursor: it trails the newest version until
    # the prompt cache is cold anyway (threadkeep.cache.adoption). Messages with
    # seq > adopted_cursor are the request's verbatim window.
    adopted_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    adopted_cursor: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    keep_warm: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    last_activity_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class Message(Base):
    """One message. A turn writes exactly two: the person's and the assistant's."""

    __tablename__ = "messages"
    __table_args__ = (
        UniqueConstraint("conversation_id", "seq", name="uq_messages_conversation_seq"),
        Index("ix_messages_status_owner", "status", "owner"),
        # Recall's per-turn look at what is new for a person (memory/recall/).
        Index("ix_messages_user_created", "user_id", "created_at"),
    )

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    conversation_id: Mapped[str] = mapped_column(ID, ForeignKey("conversations.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(16))
    text_ct: Mapped[bytes] = mapped_column(LargeBinary)
    # Who said it, when the channel knows a name (an imported chat's participant, a LoCoMo
    # speaker): sealed like the text. None: the person ("user") or the assistant.
    speaker_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    # user rows: pending (being answered) | answered | failed. assistant rows: ok.
    status: Mapped[str] = mapped_column(String(16), default="ok")
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    reply_to: Mapped[str | None] = mapped_column(ID, nullable=True)
    model: Mapped[str | None] = mapped_column(String(200), nullable=True)
    usage: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Retrieval trace and turn report: references (ids, scores, counts), sealed because a
    # search query is derived from the person's words.
    trace_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    rating: Mapped[str | None] = mapped_column(String(8), nullable=True)
    rated_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    # user rows: the process answering the turn (a TurnLease id) while it is pending, and when
    # it failed (a resend within seconds of a failure reuses the row).
    owner: Mapped[str | None] = mapped_column(ID, nullable=True)
    failed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    # assistant rows: an offline answer (quotes of memory, no model): recall, facts, folds and
    # re-asks skip it; the conversation and its export show it.
    offline: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class TurnLease(Base):
    """A serving process that may own pending turns, and until when it is known to be alive.

    The process renews ``expires_at`` while it has turns in flight. Its pending turns are
    marked failed (and retryable) once its lease expires — or at once when another process on
    the same machine and PID namespace sees that it is gone (``pid`` and ``started`` no longer
    match a running process).
    """

    __tablename__ = "turn_leases"

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    host: Mapped[str] = mapped_column(String(255))
    boot_id: Mapped[str] = mapped_column(String(64))
    pid_ns: Mapped[str] = mapped_column(String(64))
    pid: Mapped[int] = mapped_column(Integer)
    started: Mapped[str] = mapped_column(String(32))  # the process start time, in clock ticks
    heartbeat_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)


class IdempotencyKey(Base):
    """An ``Idempotency-Key`` a person's client sent, and the turn it started (for 24 h)."""

    __tablename__ = "idempotency_keys"
    __table_args__ = (
        UniqueConstraint("user_id", "key", name="uq_idempotency_keys_user_key"),
        Index("ix_idempotency_keys_expires", "expires_at"),
    )

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(255))
    endpoint: Mapped[str] = mapped_column(String(32))
    # The conversation the request named (None: it asked for a new one), and the turn's message.
    requested_conversation_id: Mapped[str | None] = mapped_column(ID, nullable=True)
    message_id: Mapped[str] = mapped_column(ID, ForeignKey("messages.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
    # A request whose turn paused for the client's tools: the calls it got (sealed), so a retry
    # of it gets the same calls, ids included, without a model call — and a follow-up's results
    # can be checked against calls this server made. Cleared when the turn is answered.
    calls_ct: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    calls_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class AnswerVersion(Base):
    """An earlier answer of a turn that was regenerated: the assistant row holds the current
    one (in place: same id, same position), this keeps what it said before, sealed."""

    __tablename__ = "answer_versions"
    __table_args__ = (UniqueConstraint("answer_id", "version", name="uq_answer_versions_answer_version"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    answer_id: Mapped[str] = mapped_column(ID, ForeignKey("messages.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)  # 1: the first answer, then in order
    text_ct: Mapped[bytes] = mapped_column(LargeBinary)
    model: Mapped[str | None] = mapped_column(String(200), nullable=True)
    usage: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)  # when that answer was written
    replaced_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class SummaryVersion(Base):
    """Every version of a conversation's rolling summary; the newest is current."""

    __tablename__ = "summary_versions"
    __table_args__ = (UniqueConstraint("conversation_id", "version", name="uq_summary_versions_conv_version"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    conversation_id: Mapped[str] = mapped_column(ID, ForeignKey("conversations.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    cursor: Mapped[int] = mapped_column(Integer)
    state_ct: Mapped[bytes] = mapped_column(LargeBinary)
    method: Mapped[str] = mapped_column(String(16))
    tokens: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class Job(Base):
    """Durable background work. Payloads hold ids only, never a person's text."""

    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_ready", "status", "run_after"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    kind: Mapped[str] = mapped_column(String(64))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    dedupe_key: Mapped[str | None] = mapped_column(String(200), unique=True, nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="ready")  # ready|running|done|failed
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    run_after: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    locked_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    locked_until: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class ApiKey(Base):
    """An API key, stored as a SHA-256 hash; the key itself is shown once at creation."""

    __tablename__ = "api_keys"

    id: Mapped[str] = mapped_column(ID, primary_key=True, default=new_id)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    scope: Mapped[str] = mapped_column(String(16))  # admin | surface | person
    user_id: Mapped[str | None] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), nullable=True)
    name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    last_used_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class Setting(Base):
    """Administrator settings (tool catalogue, keep-warm, retention), one JSON value per key."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[Any] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class RateBucket(Base):
    """One shared rate-limit bucket (engine.ratelimit.DatabaseLimiter): tokens left at ``stamp``."""

    __tablename__ = "rate_buckets"

    bucket: Mapped[str] = mapped_column(String(200), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    stamp: Mapped[float] = mapped_column(Float)  # unix seconds of the last update
    allowed: Mapped[bool] = mapped_column(Boolean, default=True)  # the last take's decision


class DeletedPerson(Base):
    """A tombstone: a deleted person's handle stays deleted (no request re-creates it).

    Only a keyed hash of the handle is kept (:meth:`threadkeep.store.vault.Vault.tombstone`):
    without the master key the row cannot be matched against a guessed name.
    """

    __tablename__ = "deleted_people"

    name_mac: Mapped[str] = mapped_column(String(64), primary_key=True)
    deleted_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class WebSession(Base):
    """A web session, server side: the cookie carries its id, logging out deletes the row.

    Only a hash of the id is stored (the cookie is the credential). A key session dies with
    its key (and the key with its person); a visitor session names the visitor's hashed
    person name and is deleted with that person.
    """

    __tablename__ = "web_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    key_id: Mapped[str | None] = mapped_column(
        ID, ForeignKey("api_keys.id", ondelete="CASCADE"), nullable=True, index=True
    )
    person: Mapped[str | None] = mapped_column(String(200), nullable=True, index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)


class OpenAIThread(Base):
    """The fingerprint of a conversation as an OpenAI client holds it after the last answer."""

    __tablename__ = "openai_threads"
    __table_args__ = (Index("ix_openai_threads_user_head", "user_id", "head"),)

    conversation_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("conversations.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[str] = mapped_column(String(36), ForeignKey("users.id", ondelete="CASCADE"))
    # Hex HMAC-SHA256 chain over the client's messages (see the module docstring).
    head: Mapped[str] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
