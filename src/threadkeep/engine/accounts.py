"""Accounts: the people of one deployment and their keys — look a person up, list and delete
people, rotate the master key. :class:`Accounts` is what :class:`~threadkeep.engine.memory.Memory`
delegates these to; it takes the database and the vault, nothing else.
"""

from __future__ import annotations

import asyncio

from sqlalchemy.orm import Session

from threadkeep import rotation
from threadkeep.crypto import MasterKey
from threadkeep.store import deletion, repo
from threadkeep.store.db import Database
from threadkeep.store.vault import Vault

__all__ = ["Accounts"]


class Accounts:
    """People and keys of one deployment (one transaction per call, off the event loop)."""

    def __init__(self, db: Database, vault: Vault) -> None:
        self.db = db
        self.vault = vault

    async def user_id(self, user: str, *, create: bool = False) -> str:
        """The person's id (created first when ``create``)."""
        return await asyncio.to_thread(self.db.write, lambda s: repo.person_id(s, self.vault, name=user, create=create))

    async def delete_user(self, user: str) -> None:
        """Delete a person and everything of theirs; their data key is destroyed first."""

        def run(s: Session) -> str:
            uid = repo.person_id(s, self.vault, name=user, create=False)
            deletion.delete_user(s, self.vault, user_id=uid)
            return uid

        uid = await asyncio.to_thread(self.db.write, run)
        await asyncio.to_thread(self.db.settle_deletion)  # no copy left in the WAL or dead rows
        # Decrypted memory held in process goes with the person.
        from threadkeep.memory.recall.facts import (
            clear_fact_cache,  # lazy: start-up (tests/test_serve_startup.py)
        )
        from threadkeep.memory.recall.index import (
            clear_recall_cache,  # lazy: start-up (tests/test_serve_startup.py)
        )

        clear_fact_cache(uid)
        clear_recall_cache(uid)

    async def people(self) -> list[str]:
        """Every person's name (anonymous visitors left out: their names are hashes of a
        bearer credential)."""

        def run() -> list[str]:
            with self.db.reading() as s:
                return repo.person_names(s)

        return await asyncio.to_thread(run)

    async def rotate_master_key(self, new: MasterKey, *, own_holder: str | None = None) -> int:
        """Re-wrap every data key under ``new``, online and resumably (:mod:`threadkeep.rotation`);
        returns how many were re-wrapped. ``own_holder``: this process's key holder
        announcement, which the refusal check leaves out."""
        return await asyncio.to_thread(rotation.rotate, self.db, self.vault, new, own_holder=own_holder)
