"""API keys, signed web sessions, anonymous visitors, and per-key rate limits.

Keys are random tokens shown once; only their SHA-256 lives in ``api_keys``. Scopes:

- ``admin``   — the admin routes; may also act for a person named in ``X-Threadkeep-User``;
- ``surface`` — a channel integration (Slack bridge, widget back end) acting for the person
  named in ``X-Threadkeep-User`` on every request;
- ``person``  — bound to one person; sees only that person's data.

Web sessions are server side (``web_sessions``, one row per session, only a hash of its id
stored); the cookie is the id, HMAC-signed (secret kept in the ``settings`` table, so every
replica verifies every cookie). Logging out deletes the row, so a copied cookie stops working;
revoking the key a session was opened with ends it too. Rate limits live in :mod:`threadkeep.engine.ratelimit`.

The faces (API, CLI, MCP) call these checks through :class:`Access` (``memory.access``), bound
to one memory's database and vault, so none of them holds the database itself.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import re
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError as SAIntegrityError
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from threadkeep.engine.ratelimit import Limiter, make_limiter
from threadkeep.errors import InputError, NotFound
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.models import ApiKey, Setting, User, WebSession
from threadkeep.store.vault import SYSTEM_USER, Vault

__all__ = [
    "SCOPES",
    "Principal",
    "KeyInfo",
    "hash_key",
    "create_key",
    "list_keys",
    "revoke_key",
    "authenticate_key",
    "SessionSigner",
    "session_secret",
    "get_setting",
    "put_setting",
    "visitor_person",
    "caller_groups",
    "check_person_name",
    "open_session",
    "session_principal",
    "close_session",
    "Access",
]

log = logging.getLogger("threadkeep.auth")
SCOPES = ("admin", "surface", "person")
VISITOR_PREFIX = "visitor:"
# A visitor id is 24 random characters and 22 of an HMAC over them: made by the server only.
_VISITOR_RANDOM = 24
_VISITOR_MAC = 22
_VISITOR_ID = re.compile(r"^[A-Za-z0-9_-]{46}$")
# last_used_at is a hint for operators, not an audit log: writing it on every request would
# turn every read into a write (and serialise SQLite), so it is refreshed at most this often.
_LAST_USED_EVERY = timedelta(minutes=5)


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the key (or session) and, when known, the person it acts for."""

    scope: str
    key_id: str | None
    person: str | None  # the person's handle (User.name), if bound
    via: str = "key"  # key | session | visitor

    @property
    def bucket(self) -> str:
        """The rate-limit bucket: one per key, one per anonymous visitor."""
        return self.key_id or f"visitor:{self.person}"


@dataclass(frozen=True, slots=True)
class KeyInfo:
    id: str
    prefix: str
    scope: str
    person: str | None
    name: str | None
    created_at: str
    revoked_at: str | None
    last_used_at: str | None

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def check_person_name(name: str) -> str:
    """A person handle as surfaces send it; refuse empty, huge or reserved names."""
    clean = name.strip()
    if not clean or len(clean) > 200 or clean == SYSTEM_USER or clean.startswith("__"):
        raise InputError("the person name must be 1-200 characters and not reserved")
    return clean


def create_key(
    db: Database, vault: Vault, *, scope: str, person: str | None = None, name: str | None = None
) -> tuple[str, KeyInfo]:
    """Make a key; returns the key itself (shown once) and what is stored about it.

    A person key needs ``person``; the person is created (with a data key) if new.
    """
    if scope not in SCOPES:
        raise InputError(f"scope must be one of {', '.join(SCOPES)}, not {scope!r}")
    if scope == "person" and not person:
        raise InputError("a person key needs the person's name (--user NAME)")
    if scope != "person" and person:
        raise InputError("only person keys are bound to a person; surface keys name the person per request")
    key = f"tk_{scope[0]}_{secrets.token_urlsafe(32)}"

    def run(s: Session) -> KeyInfo:
        uid = None
        if person:
            uid = repo.get_or_create_user(s, vault, name=check_person_name(person), revive=True).id
        row = ApiKey(key_hash=hash_key(key), prefix=key[:12], scope=scope, user_id=uid, name=name)
        s.add(row)
        s.flush()
        return _info(row, person)

    return key, db.write(run)


def _info(row: ApiKey, person: str | None) -> KeyInfo:
    def iso(v: Any) -> str | None:
        return v.isoformat() if v is not None else None

    return KeyInfo(
        row.id,
        row.prefix,
        row.scope,
        person,
        row.name,
        row.created_at.isoformat(),
        iso(row.revoked_at),
        iso(row.last_used_at),
    )


def list_keys(db: Database, *, include_revoked: bool = False) -> list[KeyInfo]:
    def run(s: Session) -> list[KeyInfo]:
        q = select(ApiKey, User.name).outerjoin(User, User.id == ApiKey.user_id)
        if not include_revoked:
            q = q.where(ApiKey.revoked_at.is_(None))
        return [_info(k, n) for k, n in s.execute(q.order_by(ApiKey.created_at, ApiKey.id))]

    return db.write(run)


def revoke_key(db: Database, ident: str) -> KeyInfo:
    """Revoke by id or by the printed prefix (which must then be unambiguous)."""

    def run(s: Session) -> KeyInfo:
        rows = s.scalars(select(ApiKey).where((ApiKey.id == ident) | (ApiKey.prefix == ident))).all()
        if len(rows) != 1:
            raise NotFound(f"no single API key with id or prefix {ident!r}")
        row = rows[0]
        if row.revoked_at is None:
            row.revoked_at = utcnow()
        person = s.scalar(select(User.name).where(User.id == row.user_id)) if row.user_id else None
        return _info(row, person)

    return db.write(run)


def authenticate_key(db: Database, key: str) -> Principal | None:
    """The principal of a live key, or None (unknown or revoked: never say which).

    A read transaction only: on SQLite it never takes (or waits for) the write lock, so a
    flood of wrong keys cannot slow turns down, and a wrong key never queues behind a turn.
    ``last_used_at`` is refreshed at most every few minutes, in a write of its own on a
    background thread: the request never waits for it.
    """
    digest = hash_key(key)
    with db.reading() as s:
        found = s.execute(
            select(ApiKey.id, ApiKey.scope, ApiKey.last_used_at, User.name)
            .outerjoin(User, User.id == ApiKey.user_id)
            .where(ApiKey.key_hash == digest, ApiKey.revoked_at.is_(None))
        ).first()
    if found is None:
        return None
    key_id, scope, last_used, person = found
    now = utcnow()
    if (last_used is None or now - last_used > _LAST_USED_EVERY) and key_id not in _TOUCHING:
        _TOUCHING.add(key_id)
        threading.Thread(target=_touch, args=(db, key_id, now), name="threadkeep-key-touch", daemon=True).start()
    return Principal(scope, key_id, person)


_TOUCHING: set[str] = set()  # key ids with a last_used_at write under way (one at a time each)


def _touch(db: Database, key_id: str, now: Any) -> None:
    """Record that a key was used (a hint for operators); a busy database skips it."""
    try:
        db.write(
            lambda s: s.execute(
                update(ApiKey)
                .where(
                    ApiKey.id == key_id,
                    (ApiKey.last_used_at.is_(None)) | (ApiKey.last_used_at < now - _LAST_USED_EVERY),
                )
                .values(last_used_at=now)
            )
        )
    except (OperationalError, SAIntegrityError):
        pass  # locked for longer than the retries: the next use within minutes tries again
    except Exception as e:  # the engine was disposed (shutdown): nothing to record
        log.debug("last_used_at of key %s not recorded: %s", key_id, e)
    finally:
        _TOUCHING.discard(key_id)


def key_principal(db: Database, key_id: str) -> Principal | None:
    """Re-check the key behind a web session: a revoked key ends its sessions."""
    with db.reading() as s:
        found = s.execute(
            select(ApiKey.scope, User.name)
            .outerjoin(User, User.id == ApiKey.user_id)
            .where(ApiKey.id == key_id, ApiKey.revoked_at.is_(None))
        ).first()
    return None if found is None else Principal(found[0], key_id, found[1], "session")


# -- settings and the session secret -----------------------------------------------------
def get_setting(db: Database, key: str, default: Any = None) -> Any:
    with db.reading() as s:
        row = s.get(Setting, key)
        return default if row is None else row.value


def put_setting(db: Database, key: str, value: Any) -> None:
    db.write(lambda s: repo.save_setting(s, key, value))


def session_secret(db: Database) -> bytes:
    """The HMAC secret for session cookies, made once and shared by every replica."""
    existing = get_setting(db, "session_secret")
    if existing:
        return base64.b64decode(existing)
    try:
        db.write(
            lambda s: s.add(
                Setting(
                    key="session_secret", value=base64.b64encode(secrets.token_bytes(32)).decode(), updated_at=utcnow()
                )
            )
        )
    except SAIntegrityError:
        pass  # another replica made it first: use theirs
    return base64.b64decode(get_setting(db, "session_secret"))


class SessionSigner:
    """Signs and checks session cookies: ``base64(json).base64(hmac)`` with an expiry."""

    def __init__(self, secret: bytes, *, max_age_s: int) -> None:
        self._secret = secret
        self.max_age_s = max_age_s

    def _mac(self, body: bytes) -> bytes:
        return hmac.new(self._secret, b"threadkeep-session\x00" + body, hashlib.sha256).digest()

    def sign(self, payload: dict[str, Any]) -> str:
        body = json.dumps(
            {**payload, "exp": int(time.time()) + self.max_age_s}, separators=(",", ":"), sort_keys=True
        ).encode()
        return f"{_b64(body)}.{_b64(self._mac(body))}"

    def _visitor_mac(self, random_part: str) -> str:
        mac = hmac.new(self._secret, b"threadkeep-visitor-id\x00" + random_part.encode(), hashlib.sha256)
        return _b64(mac.digest())[:_VISITOR_MAC]

    def new_visitor_id(self) -> str:
        """A fresh visitor id: random, with the server's MAC (a self-chosen id fails it)."""
        random_part = secrets.token_urlsafe(18)[:_VISITOR_RANDOM]
        return random_part + self._visitor_mac(random_part)

    def is_visitor_id(self, visitor_id: str) -> bool:
        """Whether ``visitor_id`` was made by this deployment (by :meth:`new_visitor_id`)."""
        if not _VISITOR_ID.match(visitor_id):
            return False
        random_part, mac = visitor_id[:_VISITOR_RANDOM], visitor_id[_VISITOR_RANDOM:]
        return hmac.compare_digest(self._visitor_mac(random_part), mac)

    def load(self, token: str) -> dict[str, Any] | None:
        try:
            body_b64, mac_b64 = token.split(".", 1)
            body = _unb64(body_b64)
            if not hmac.compare_digest(self._mac(body), _unb64(mac_b64)):
                return None
            data = json.loads(body)
        except (ValueError, TypeError):
            return None
        if not isinstance(data, dict) or int(data.get("exp", 0)) < time.time():
            return None
        return data


# -- server-side web sessions ---------------------------------------------------------------
def open_session(db: Database, *, max_age_s: int, key_id: str | None = None, person: str | None = None) -> str:
    """Store a new web session (for a key, or an anonymous visitor); returns its id.

    The id goes into the signed cookie; only its hash is stored, so the table alone logs
    nobody in. Expired sessions are swept here, on the way.
    """
    sid = secrets.token_urlsafe(32)
    now = utcnow()

    def run(s: Session) -> None:
        s.execute(delete(WebSession).where(WebSession.expires_at < now))
        s.add(
            WebSession(
                id_hash=hash_key(sid),
                key_id=key_id,
                person=person,
                created_at=now,
                expires_at=now + timedelta(seconds=max_age_s),
            )
        )

    db.write(run)
    return sid


def session_principal(db: Database, sid: str) -> Principal | None:
    """The principal of a live web session: None once logged out, expired, or its key revoked."""
    with db.reading() as s:
        row = s.get(WebSession, hash_key(sid))
        if row is None or row.expires_at < utcnow():
            return None
        key_id, person = row.key_id, row.person
    if key_id is not None:
        return key_principal(db, key_id)
    return Principal("visitor", None, person, "visitor") if person else None


def close_session(db: Database, sid: str) -> None:
    """Log out: the session row goes, so a copy of the cookie stops working too."""
    db.write(lambda s: s.execute(delete(WebSession).where(WebSession.id_hash == hash_key(sid))))


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def caller_groups(principal: Principal, header: str | None) -> list[str] | None:
    """The knowledge groups a caller may read; None means every document (admin). A surface
    key names the groups of the person it acts for (``X-Threadkeep-Groups``, comma-separated);
    anyone else reads public documents only. The knowledge routes and MCP share this rule."""
    if principal.scope == "admin":
        return None
    if principal.scope == "surface" and header:
        return [g.strip() for g in header.split(",") if g.strip()]
    return []


def visitor_person(visitor_id: str) -> str:
    """The person name of a visitor id: a hash, so the stored name is no bearer credential."""
    return VISITOR_PREFIX + hashlib.sha256(b"threadkeep-visitor\x00" + visitor_id.encode()).hexdigest()


class Access:
    """The key, session and settings checks of one memory, as the faces call them.

    Each method is the module function of the same name on this memory's database (and vault);
    they block, so async callers run them with ``asyncio.to_thread``.
    """

    def __init__(self, db: Database, vault: Vault) -> None:
        self._db = db
        self._vault = vault

    def create_key(self, *, scope: str, person: str | None = None, name: str | None = None) -> tuple[str, KeyInfo]:
        return create_key(self._db, self._vault, scope=scope, person=person, name=name)

    def list_keys(self, *, include_revoked: bool = False) -> list[KeyInfo]:
        return list_keys(self._db, include_revoked=include_revoked)

    def revoke_key(self, ident: str) -> KeyInfo:
        return revoke_key(self._db, ident)

    def authenticate_key(self, key: str) -> Principal | None:
        return authenticate_key(self._db, key)

    def open_session(self, *, max_age_s: int, key_id: str | None = None, person: str | None = None) -> str:
        return open_session(self._db, max_age_s=max_age_s, key_id=key_id, person=person)

    def session_principal(self, sid: str) -> Principal | None:
        return session_principal(self._db, sid)

    def close_session(self, sid: str) -> None:
        close_session(self._db, sid)

    def session_secret(self) -> bytes:
        return session_secret(self._db)

    def get_setting(self, key: str, default: Any = None) -> Any:
        return get_setting(self._db, key, default)

    def put_setting(self, key: str, value: Any) -> None:
        put_setting(self._db, key, value)

    def rate_limiter(self, backend: str, redis_url: str | None) -> Limiter:
        """The rate limiter ``backend`` names (see :func:`threadkeep.engine.ratelimit.make_limiter`)."""
        return make_limiter(backend, self._db, redis_url)

    def person_exists(self, name: str) -> bool:
        """Whether a person with this handle has a row (a returning visitor, say)."""
        with self._db.reading() as s:
            return repo.find_user(s, name=name) is not None
