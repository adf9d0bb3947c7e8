"""Envelope encryption at rest.

A master key (32 bytes, from a file or an env var) wraps one random data key per person.
Every field derived from a person's text is sealed with AES-256-GCM under that person's data
key, with associated data naming the table, column and row id — so a ciphertext moved to
another row, column or table fails to open. Rotating the master key re-wraps the data keys
only; the data itself is never re-encrypted. Deleting a person's wrapped key makes every
ciphertext of theirs unreadable (crypto-shredding).

Blob layout: ``b"\\x01" + nonce(12) + ciphertext||tag``.
"""

from __future__ import annotations

import base64
import hashlib
import os
import secrets
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from threadkeep.config import Settings
from threadkeep.errors import IntegrityError, MasterKeyError

__all__ = [
    "MasterKey",
    "load_master_key",
    "Keyring",
    "load_keyring",
    "keyring_for",
    "write_keyring",
    "generate_master_key_file",
    "new_data_key",
    "wrap_data_key",
    "unwrap_data_key",
    "seal",
    "open_sealed",
    "field_aad",
    "DataKeyCache",
    "derive_key",
]

_VERSION = b"\x01"
_NONCE = 12
KEY_ENV = "THREADKEEP_MASTER_KEY"
KEY_FILE_ENV = "THREADKEEP_MASTER_KEY_FILE"


@dataclass(frozen=True)
class MasterKey:
    """A 32-byte key and where it came from (for error messages)."""

    key: bytes
    source: str

    @property
    def key_id(self) -> str:
        """A short public fingerprint: it names the key without revealing it."""
        return hashlib.sha256(b"threadkeep-master-key-id:" + self.key).hexdigest()[:16]


def _decode_key(raw: bytes, source: str) -> bytes:
    text = raw.strip()
    for decode in (base64.urlsafe_b64decode, base64.b64decode, bytes.fromhex):
        try:
            key = decode(text if decode is not bytes.fromhex else text.decode("ascii"))  # type: ignore[arg-type]
        except Exception:
            continue
        if len(key) == 32:
            return key
    if len(raw) == 32:
        return raw
    raise MasterKeyError(
        f"The master key in {source} is not 32 bytes encoded as base64 or hex. "
        "Generate one with `threadkeep keys generate-master --out FILE`."
    )


@dataclass(frozen=True)
class Keyring:
    """The master keys a process holds: the current one, and previous ones during a rotation.

    ``path`` is the key file they came from (None for the environment variable): a process
    with a file re-reads it when it meets a data key wrapped under a key it does not hold,
    which is how a running server picks up a rotation.
    """

    current: MasterKey
    previous: tuple[MasterKey, ...] = ()
    path: Path | None = None

    @property
    def keys(self) -> tuple[MasterKey, ...]:
        return (self.current, *self.previous)


def _parse_keyring(raw: bytes, source: str) -> list[MasterKey]:
    """A key file: one key per line (base64 or hex), the current one first; ``#`` comments.

    A file holding one key in the format before keyrings (raw 32 bytes included) still reads.
    """
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        return [MasterKey(_decode_key(raw, source), source)]  # raw binary key
    if not text.isprintable() and not all(ch.isprintable() or ch in "\r\n\t" for ch in text):
        return [MasterKey(_decode_key(raw, source), source)]
    lines = [ln.strip() for ln in text.splitlines()]
    keys = [MasterKey(_decode_key(ln.encode(), source), source) for ln in lines if ln and not ln.startswith("#")]
    if not keys:
        raise MasterKeyError(f"The master key file {source} holds no key.")
    return keys


def load_keyring(key_file: Path | None, *, keys: str | None = None, create: bool = False) -> Keyring:
    """The master keys: ``keys`` (``THREADKEEP_MASTER_KEY``'s value, ``NEW`` or ``NEW,OLD``) when
    given, else the key file.

    ``create`` makes a new key file when it is missing — only for the embedded default, and
    only when the caller has checked there is no encrypted data a new key could orphan.
    """
    if keys:
        held = [
            MasterKey(_decode_key(part.encode(), f"${KEY_ENV}"), f"${KEY_ENV}")
            for part in keys.split(",")
            if part.strip()
        ]
        if not held:
            raise MasterKeyError(f"${KEY_ENV} is set but holds no key.")
        return Keyring(held[0], tuple(held[1:]))
    path = key_file
    if path is None:
        raise MasterKeyError(f"No master key: set {KEY_ENV} or {KEY_FILE_ENV}.")
    if not path.exists():
        if not create:
            raise MasterKeyError(
                f"The master key file {path} does not exist, but the database already holds "
                f"encrypted data. Restore that file (or set {KEY_ENV}); a new key would make "
                "the old data unreadable, so none was made."
            )
        return Keyring(generate_master_key_file(path), (), path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise MasterKeyError(f"Cannot read the master key file {path}: {e.strerror}.") from e
    held = _parse_keyring(raw, str(path))
    return Keyring(held[0], tuple(held[1:]), path)


def load_master_key(key_file: Path | None, *, keys: str | None = None, create: bool = False) -> MasterKey:
    """The current master key (see :func:`load_keyring`)."""
    return load_keyring(key_file, keys=keys, create=create).current


def keyring_for(settings: Settings, *, create: bool = False) -> Keyring:
    """The master keys ``settings`` name: ``THREADKEEP_MASTER_KEY``, else the key file
    (``THREADKEEP_MASTER_KEY_FILE``, default ``<home>/master.key``)."""
    keys = settings.master_key.get_secret_value() if settings.master_key is not None else None
    return load_keyring(settings.key_file(), keys=keys, create=create)


def write_keyring(path: Path, keys: list[MasterKey]) -> None:
    """Replace the key file with ``keys`` (current first), atomically, owner-only.

    Written to a temporary file in the same directory, synced and renamed over the old one:
    a reader sees the old file or the new one, never half of either. Keys left out are gone
    from the file (the old file's blocks may persist on the disk itself).
    """
    body = b"".join(base64.urlsafe_b64encode(k.key) + b"\n" for k in keys)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(b"# threadkeep master keyring: the current key first, then keys still being retired\n" + body)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def generate_master_key_file(path: Path) -> MasterKey:
    """Write a new random master key (base64) with owner-only permissions, and say so loudly."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(base64.urlsafe_b64encode(key) + b"\n")
    print(
        f"threadkeep: WARNING: generated a new master key at {path}. Everything stored is "
        "encrypted with it: back it up and keep it apart from the database. Losing it loses "
        "the data.",
        file=sys.stderr,
    )
    return MasterKey(key, str(path))


def new_data_key() -> bytes:
    return AESGCM.generate_key(bit_length=256)


def _datakey_aad(user_id: str) -> bytes:
    return b"threadkeep:datakey:" + user_id.encode()


def wrap_data_key(master: MasterKey, user_id: str, data_key: bytes) -> bytes:
    """Seal a person's data key under the master key, bound to the person's id."""
    return _seal_raw(master.key, data_key, _datakey_aad(user_id))


def unwrap_data_key(master: MasterKey, user_id: str, wrapped: bytes) -> bytes:
    try:
        return _open_raw(master.key, wrapped, _datakey_aad(user_id))
    except IntegrityError as e:
        raise MasterKeyError(
            f"The master key from {master.source} does not open the data key of person "
            f"{user_id}: the key is wrong for this database (or the row was tampered with)."
        ) from e


def derive_key(key: bytes, label: bytes) -> bytes:
    """A 32-byte subkey of ``key`` for one purpose (HKDF-SHA256, ``label`` as info)."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=label).derive(key)


def field_aad(table: str, column: str, row_id: str) -> bytes:
    """Associated data binding a ciphertext to one field of one row."""
    return f"threadkeep:v1:{table}:{column}:{row_id}".encode()


def seal(data_key: bytes, plaintext: str | bytes, *, table: str, column: str, row_id: str) -> bytes:
    """Encrypt one field value."""
    raw = plaintext.encode("utf-8") if isinstance(plaintext, str) else plaintext
    return _seal_raw(data_key, raw, field_aad(table, column, row_id))


def open_sealed(data_key: bytes, blob: bytes, *, table: str, column: str, row_id: str) -> bytes:
    """Decrypt one field value; raises IntegrityError if it was altered or moved."""
    return _open_raw(data_key, blob, field_aad(table, column, row_id))


def _seal_raw(key: bytes, raw: bytes, aad: bytes) -> bytes:
    nonce = secrets.token_bytes(_NONCE)
    return _VERSION + nonce + AESGCM(key).encrypt(nonce, raw, aad)


def _open_raw(key: bytes, blob: bytes, aad: bytes) -> bytes:
    if not blob or blob[:1] != _VERSION or len(blob) < 1 + _NONCE + 16:
        raise IntegrityError("ciphertext has an unknown format")
    try:
        return AESGCM(key).decrypt(blob[1 : 1 + _NONCE], blob[1 + _NONCE :], aad)
    except InvalidTag as e:
        raise IntegrityError("ciphertext failed authentication: it was altered or belongs to another row") from e


class DataKeyCache:
    """A small thread-safe LRU of unwrapped data keys, so a turn does not unwrap twice."""

    def __init__(self, size: int = 1024) -> None:
        self._size = size
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, user_id: str) -> bytes | None:
        with self._lock:
            key = self._items.get(user_id)
            if key is not None:
                self._items.move_to_end(user_id)
            return key

    def put(self, user_id: str, key: bytes) -> None:
        with self._lock:
            self._items[user_id] = key
            self._items.move_to_end(user_id)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def drop(self, user_id: str) -> None:
        with self._lock:
            self._items.pop(user_id, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
