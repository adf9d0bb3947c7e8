"""Per-person data keys in the database, wrapped by the master key.

The vault is the only place that turns a person's id into a data key. Every repository seals
and opens fields through it, so the associated data (table, column, row id) is applied the
same way everywhere.
"""

from __future__ import annotations

import hashlib
import hmac
import threading

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from threadkeep import crypto
from threadkeep.crypto import DataKeyCache, Keyring, MasterKey
from threadkeep.errors import MasterKeyError, NotFound
from threadkeep.store.base import utcnow
from threadkeep.store.models import KeyringMeta, User, UserKey

__all__ = ["Vault", "SYSTEM_USER"]

# Deployment-owned content (the knowledge base) is sealed under this pseudo-person's key.
SYSTEM_USER = "__system__"
_CHECK = b"threadkeep master key check"


class Vault:
    """Seals and opens fields with the owning person's data key."""

    def __init__(
        self, master: MasterKey, *, previous: list[MasterKey] | None = None, keyring: Keyring | None = None
    ) -> None:
        self.master = master
        # Older master keys still accepted while a rotation is under way.
        self._keys = {master.key_id: master} | {k.key_id: k for k in (previous or [])}
        self._cache = DataKeyCache()
        # The key file the keys came from: re-read when a data key is wrapped under a key this
        # process does not hold (a rotation by another process).
        self.path = keyring.path if keyring is not None else None
        self._lock = threading.Lock()

    @classmethod
    def from_keyring(cls, ring: Keyring) -> Vault:
        return cls(ring.current, previous=list(ring.previous), keyring=ring)

    @property
    def reloadable(self) -> bool:
        """Whether this process can pick up a new master key without a restart."""
        return self.path is not None

    @property
    def key_ids(self) -> list[str]:
        return sorted(self._keys)

    def held(self) -> list[MasterKey]:
        """Every master key this process holds, the current one first."""
        return [self.master, *(k for i, k in sorted(self._keys.items()) if i != self.master.key_id)]

    def _key(self, key_id: str) -> MasterKey | None:
        """The master key with this id: held, or found by re-reading the key file."""
        key = self._keys.get(key_id)
        if key is not None or self.path is None:
            return key
        with self._lock:
            try:
                ring = crypto.load_keyring(self.path)
            except MasterKeyError:
                return None
            for k in ring.keys:
                self._keys.setdefault(k.key_id, k)
        return self._keys.get(key_id)

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

    @staticmethod
    def active_key_id(session: Session) -> str | None:
        """The master key new data keys are wrapped under (the newest active one)."""
        return session.scalar(
            select(KeyringMeta.key_id).where(KeyringMeta.active).order_by(KeyringMeta.created_at.desc()).limit(1)
        )

    def _wrapping_key(self, session: Session) -> MasterKey:
        active = self.active_key_id(session)
        if active is None or active == self.master.key_id:
            return self.master
        key = self._key(active)
        if key is None:
            raise MasterKeyError(
                f"The database's current master key is {active}, but this process holds "
                f"{', '.join(self.key_ids)}: a rotation is under way. Give it the new key (the key "
                "file rewritten by `threadkeep keys rotate-master`, or THREADKEEP_MASTER_KEY=NEW,OLD)."
            )
        self.master = key  # the rotation made it current: new people are wrapped under it
        return key

    # -- rotation (docs/ARCHITECTURE.md, "Rotating the master key") ----------------------
    def begin_rotation(self, session: Session, new: MasterKey) -> None:
        """Make ``new`` the key new data keys are wrapped under; older keys still open theirs."""
        self._keys[new.key_id] = new
        session.execute(update(KeyringMeta).where(KeyringMeta.key_id != new.key_id).values(active=False))
        existing = session.get(KeyringMeta, new.key_id)
        if existing is None:
            session.add(
                KeyringMeta(key_id=new.key_id, check_ct=self._check_blob(new), active=True, created_at=utcnow())
            )
        else:
            existing.active = True
        self.master = new

    def rewrap_batch(self, session: Session, new: MasterKey, *, limit: int = 200) -> int:
        """Re-wrap up to ``limit`` data keys still under an older key; returns how many."""
        stmt = select(UserKey).where(UserKey.master_key_id != new.key_id).limit(limit)
        if session.bind is not None and session.bind.dialect.name == "postgresql":
            stmt = stmt.with_for_update(skip_locked=True)
        count = 0
        for row in session.scalars(stmt).all():
            old = self._key(row.master_key_id)
            if old is None:
                raise MasterKeyError(
                    f"Data key of {row.user_id} is wrapped by master key {row.master_key_id}, "
                    "which was not given: put it in the key file after the current key (one key "
                    "per line) or in THREADKEEP_MASTER_KEY as NEW,OLD, then run the rotation again."
                )
            dk = crypto.unwrap_data_key(old, row.user_id, row.wrapped_key)
            row.wrapped_key = crypto.wrap_data_key(new, row.user_id, dk)
            row.master_key_id = new.key_id
            row.rotated_at = utcnow()
            count += 1
        return count

    def pending_rewrap(self, session: Session, new: MasterKey) -> int:
        return int(
            session.scalar(select(func.count()).select_from(UserKey).where(UserKey.master_key_id != new.key_id)) or 0
        )

    def finish_rotation(self, session: Session, new: MasterKey) -> list[str]:
        """Forget every other master key once no data key needs it; returns their ids."""
        if self.pending_rewrap(session, new):
            raise MasterKeyError("the rotation is not finished: data keys are still wrapped under an older key")
        retired = [k for k in session.scalars(select(KeyringMeta.key_id).where(KeyringMeta.key_id != new.key_id))]
        session.execute(delete(KeyringMeta).where(KeyringMeta.key_id != new.key_id))
        for key_id in retired:
            self._keys.pop(key_id, None)
        self._keys[new.key_id] = new
        self.master = new
        return retired

    # -- data keys ----------------------------------------------------------------------
    def create_key(self, session: Session, user_id: str) -> None:
        """Give a new person a data key (called once, when the person row is made)."""
        dk = crypto.new_data_key()
        master = self._wrapping_key(session)
        session.add(
            UserKey(
                user_id=user_id,
                wrapped_key=crypto.wrap_data_key(master, user_id, dk),
                master_key_id=master.key_id,
            )
        )
        self._cache.put(user_id, dk)

    def data_key(self, session: Session, user_id: str) -> bytes:
        cached = self._cache.get(user_id)
        if cached is not None:
            return cached
        row = session.get(UserKey, user_id)
        if row is None:
            raise NotFound(f"no data key for person {user_id} (deleted?)")
        key = self._key(row.master_key_id)
        if key is None:
            raise MasterKeyError(
                f"The data key of person {user_id} is wrapped by master key {row.master_key_id}, "
                f"but this process holds {', '.join(self.key_ids)}."
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

    def open_bytes(self, session: Session, user_id: str, blob: bytes, *, table: str, column: str, row_id: str) -> bytes:
        return crypto.open_sealed(self.data_key(session, user_id), blob, table=table, column=column, row_id=row_id)

    def open_text(self, session: Session, user_id: str, blob: bytes, *, table: str, column: str, row_id: str) -> str:
        return self.open_bytes(session, user_id, blob, table=table, column=column, row_id=row_id).decode("utf-8")
