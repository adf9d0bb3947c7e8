"""Rotating the master key while the service runs, resumably.

``threadkeep keys rotate-master`` (or :meth:`Memory.rotate_master_key`) runs these steps; each
is safe to repeat, so an interrupted rotation is finished by running the command again:

1. **Refuse** when a running server holds its keys where it cannot re-read them
   (``THREADKEEP_MASTER_KEY`` without the new key): it would fail on every re-wrapped person.
   Servers announce what they hold in ``settings`` (``keyholder:*``, refreshed every minute).
2. **Keyring**: the key file becomes ``NEW`` then ``OLD`` (one per line). A server meeting a
   data key wrapped under a key it does not hold re-reads the file, so it follows the
   rotation without a restart and without a 500.
3. **Begin**: ``keyring_meta`` marks ``NEW`` active: from this commit on, every process wraps
   new people's data keys under ``NEW`` (a process that does not hold it yet re-reads the
   file first).
4. **Re-wrap** in batches of 200 data keys per transaction (``SKIP LOCKED`` on PostgreSQL);
   stragglers made under ``OLD`` by a process that began before step 3 committed are picked
   up by the same loop.
5. **Finish**: when no data key is under an older key, the older keys' ``keyring_meta`` rows
   are deleted (the database accepts only ``NEW`` from then on) and the key file is rewritten
   with ``NEW`` alone: the old key material is gone from the file.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, select

from threadkeep import crypto
from threadkeep.crypto import MasterKey
from threadkeep.errors import MasterKeyError
from threadkeep.store import repo
from threadkeep.store.db import Database
from threadkeep.store.models import Setting
from threadkeep.store.vault import Vault

__all__ = ["rotate", "announce", "withdraw", "KEYHOLDER_PREFIX", "HEARTBEAT_S"]

KEYHOLDER_PREFIX = "keyholder:"
HEARTBEAT_S = 60.0  # how often a serving process re-announces itself
BATCH = 200


def announce(db: Database, vault: Vault, holder: str) -> None:
    """Record that this process holds these master keys, and whether it can re-read them."""
    value = {"reloadable": vault.reloadable, "keys": vault.key_ids, "at": time.time()}

    db.write(lambda s: repo.save_setting(s, KEYHOLDER_PREFIX + holder, value))


def withdraw(db: Database, holder: str) -> None:
    """Take this process's announcement back (at shutdown)."""
    db.write(lambda s: s.execute(delete(Setting).where(Setting.key == KEYHOLDER_PREFIX + holder)))


def _stuck_holders(db: Database, new: MasterKey, own: str | None) -> list[str]:
    """Live servers that hold their keys in the environment and not ``new``."""
    fresh = time.time() - 2.5 * HEARTBEAT_S
    with db.reading() as s:
        rows = s.scalars(select(Setting).where(Setting.key.like(KEYHOLDER_PREFIX + "%"))).all()
        found = [(r.key, r.value) for r in rows]
    return [
        key[len(KEYHOLDER_PREFIX) :]
        for key, v in found
        if key != (KEYHOLDER_PREFIX + own if own else None)
        and isinstance(v, dict)
        and float(v.get("at", 0)) >= fresh
        and not v.get("reloadable")
        and new.key_id not in v.get("keys", [])
    ]


def rotate(
    db: Database,
    vault: Vault,
    new: MasterKey,
    *,
    own_holder: str | None = None,
    progress: Callable[[int], Any] | None = None,
) -> int:
    """Re-wrap every data key under ``new`` (steps 1–5 above); returns how many were re-wrapped.

    ``own_holder`` is this process's own announcement, which never blocks its rotation."""
    stuck = _stuck_holders(db, new, own_holder)
    if stuck:
        raise MasterKeyError(
            f"Refusing to rotate: {len(stuck)} running server(s) ({', '.join(sorted(stuck))[:200]}) "
            "hold the master key from $THREADKEEP_MASTER_KEY and cannot pick up a new one. Restart "
            "them with THREADKEEP_MASTER_KEY=NEW,OLD (or a key file), or stop them, then rotate."
        )
    old = [k for k in vault.held() if k.key_id != new.key_id]
    if vault.path is not None:
        crypto.write_keyring(vault.path, [new, *old])
    db.write(lambda s: vault.begin_rotation(s, new))
    total = 0
    while n := db.write(lambda s: vault.rewrap_batch(s, new, limit=BATCH)):
        total += n
        if progress is not None:
            progress(total)
    db.write(lambda s: vault.finish_rotation(s, new))
    if vault.path is not None:
        crypto.write_keyring(vault.path, [new])
    return total
