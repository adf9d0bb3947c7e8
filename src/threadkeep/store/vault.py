"""Per-person data keys in the database, wrapped by the master key.

The vault is the only place that turns a person's id into a data key. Every repository seals
and opens fields through it, so the associated data (table, column, row id) is applied the
same way everywhere.
"""

from __future__ import annotations

import hashlib
import hmac

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from threadkeep import crypto
from threadkeep.crypto import DataKeyCache, MasterKey
from threadkeep.errors import MasterKeyError, NotFound
from threadkeep.store.base import utcnow
from threadkeep.store.models import KeyringMeta, User, UserKey

__all__ = ["Vault", "SYSTEM_USER"]

# Deployment-owned content (the knowledge base) is sealed under this pseudo-person's key.
SYSTEM_USER = "__system__"
_CHECK = b"threadkeep master key check"


class Vault:
    """Seals and opens fields with the owning person's data key."""

    def __init__(self, master: MasterKey, *, previous: list[MasterKey] | None = None) -> None:
        self.master = master
        # Older master keys still accepted while a rotation is under way.
        self._keys = {master.key_id: master} | {k.key_id: k for k in (previous or [])}
        self._cache = DataKeyCache()

    # -- master key ---------------------------------------------------------------------
    def check_master(self, session: Session) -> None:
        """Refuse a master key that does not match the database (never silently re-key)."""
        rows = session.scalars(select(KeyringMeta)).all()
        if not rows:
            session.add(KeyringMeta(key_id=self.master.key_id, check_ct=self._check_blob(self.master)))
            return
        known = {r.key_id for r in rows if r.active}
        if not known & set(self._keys):
            raise MasterKeyError(
                f"The master key from {self.master.source} is not the key this database was "
                f"encrypted with (key id {self.master.key_id}; the database expects "
                f"{', '.join(sorted(known))}). Point THREADKEEP_MASTER_KEY_FILE at the right file."
            )
        for row in rows:
            key = self._keys.get(row.key_id)
            if key is not None:
                try:
                    crypto._open_raw(key.key, row.check_ct, b"keyring-check")
                except Exception as e:
                    raise MasterKeyError(f"The master key from {key.source} failed its check.") from e

    def _check_blob(self, key: MasterKey) -> bytes:
        return crypto._seal_raw(key.key, _CHECK, b"keyring-check")

    def rotate_master(self, session: Session, new: MasterKey) -> int:
        """Re-wrap every data key under ``new``; the data itself is untouched. Returns a count."""
        count = 0
        for row in session.scalars(select(UserKey)).all():
            old = self._keys.get(row.master_key_id)
            if old is None:
                raise MasterKeyError(
                    f"Data key of {row.user_id} is wrapped by master key {row.master_key_id}, "
                    "which was not given: pass it as the current or a previous key."
                )
            dk = crypto.unwrap_data_key(old, row.user_id, row.wrapped_key)
            row.wrapped_key = crypto.wrap_data_key(new, row.user_id, dk)
            row.master_key_id = new.key_id
            row.rotated_at = utcnow()
            count += 1
        session.execute(update(KeyringMeta).values(active=False))
        existing = session.get(KeyringMeta, new.key_id)
        if existing is None:
            session.add(KeyringMeta(key_id=new.key_id, check_ct=self._check_blob(new), active=True))
        else:
            existing.active = True
        self._keys[new.key_id] = new
        self.master = new
        self._cache.clear()
        return count

    # -- data keys ----------------------------------------------------------------------
    def create_key(self, session: Session, user_id: str) -> None:
        """Give a new person a data key (called once, when the person row is made)."""
        dk = crypto.new_data_key()
        session.add(UserKey(
            user_id=user_id,
            wrapped_key=crypto.wrap_data_key(self.master, user_id, dk),
            master_key_id=self.master.key_id,
        ))
        self._cache.put(user_id, dk)

    def data_key(self, session: Session, user_id: str) -> bytes:
        cached = self._cache.get(user_id)
        if cached is not None:
            return cached
        row = session.get(UserKey, user_id)
        if row is None:
            raise NotFound(f"no data key for person {user_id} (deleted?)")
        key = self._keys.get(row.master_key_id)
        if key is None:
            raise MasterKeyError(
                f"The data key of person {user_id} is wrapped by master key {row.master_key_id}, "
                f"but the configured key is {self.master.key_id}."
            )
        dk = crypto.unwrap_data_key(key, user_id, row.wrapped_key)
        self._cache.put(user_id, dk)
        return dk

    def fingerprint_key(self, session: Session, user_id: str) -> bytes:
        """The key of a person's call-log fingerprints: derived from their data key.

        HKDF with its own label, so it can never open or forge a sealed field; it outlives a
        master key rotation (the data key does) and dies with the person's data key.
        """
        return crypto.derive_key(self.data_key(session, user_id), b"threadkeep:fingerprints:v1")

    def tombstone(self, session: Session, name: str) -> str:
        """The keyed hash a deleted person's handle is remembered by.

        Keyed with a subkey of the deployment's own data key (re-wrapped, never changed, by a
        master key rotation), so it stays stable across rotations and means nothing to
        someone holding the database alone.
        """
        key = crypto.derive_key(self.data_key(session, self.system_user_id(session)), b"threadkeep:tombstones:v1")
        return hmac.new(key, name.encode("utf-8"), hashlib.sha256).hexdigest()

    def forget(self, user_id: str) -> None:
        """Drop a person's key from memory (after crypto-shredding)."""
        self._cache.drop(user_id)

    def system_user_id(self, session: Session) -> str:
        """The id of the deployment's own key holder (created on first use)."""
        uid = session.scalar(select(User.id).where(User.name == SYSTEM_USER))
        if uid is None:
            user = User(name=SYSTEM_USER)
            session.add(user)
            session.flush()
            self.create_key(session, user.id)
            uid = user.id
        return uid

    # -- fields -------------------------------------------------------------------------
    def seal(
        self, session: Session, user_id: str, value: str | bytes, *, table: str, column: str, row_id: str
    ) -> bytes:
        """Encrypt one field of one row with its owner's key."""
        return crypto.seal(self.data_key(session, user_id), value, table=table, column=column, row_id=row_id)

    def open_bytes(
        self, session: Session, user_id: str, blob: bytes, *, table: str, column: str, row_id: str
    ) -> bytes:
        return crypto.open_sealed(self.data_key(session, user_id), blob, table=table, column=column, row_id=row_id)

    def open_text(
        self, session: Session, user_id: str, blob: bytes, *, table: str, column: str, row_id: str
    ) -> str:
        return self.open_bytes(session, user_id, blob, table=table, column=column, row_id=row_id).decode("utf-8")
