"""Issue 18, security and the data lifecycle: keyed fingerprints, deletion that is final and
leaves nothing readable, authentication without the write lock, server-made visitor ids,
revocable sessions, the master keyring.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sqlite3
import threading

import httpx
import pytest
from sqlalchemy import select

from tests.conftest_api import start_harness, stop_harness
from tests.helpers import open_memory, unique_user
from threadkeep.api import auth
from threadkeep.api.config import ServiceSettings
from threadkeep.cache.fingerprint import fingerprint
from threadkeep.cache.tables import ModelCall
from threadkeep.context.canonical import segment_bytes
from threadkeep.crypto import MasterKey
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.store.models import User


def _recording(seen: list) -> ScriptedModel:  # type: ignore[type-arg]
    def respond(request):  # type: ignore[no-untyped-def]
        seen.append(request)
        return Step(text="noted")

    return ScriptedModel(responder=respond)


async def test_stored_fingerprints_cannot_be_checked_against_a_guess(backend, settings) -> None:
    """The probe's attack: hash a guessed message the way the call log did and look for it."""
    url, key = backend
    seen: list = []  # type: ignore[type-arg]
    m = open_memory(url, key, settings, _recording(seen))
    user = unique_user()
    first = await m.send("my PIN is 4821", user=user)
    await m.send("thanks, and the door code is 7730", user=user, conversation_id=first.conversation_id)
    await m.send("ok", user=user, conversation_id=first.conversation_id)
    with m.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == user))
        rows = s.scalars(select(ModelCall).where(ModelCall.conversation_id == first.conversation_id)
                         .order_by(ModelCall.started_at)).all()
    stored = json.dumps([r.fingerprints for r in rows])
    guesses: set[str] = set()
    for request in seen:
        for _name, items in segment_bytes(request):
            for item in items:
                digest = hashlib.sha256(item).hexdigest()
                guesses |= {digest, digest[:16], hashlib.sha256(digest.encode()).hexdigest()}
    assert len(rows) == 3 and len(guesses) > 5
    assert not [g for g in guesses if g in stored], "an unkeyed hash of a message is stored"
    with m.db.reading() as s:
        fp_key = m.vault.fingerprint_key(s, uid)
    # With the person's key the stored chain is reproduced: divergence detection still works.
    assert rows[-1].fingerprints["history_chain"] == list(fingerprint(seen[-1], key=fp_key).history_chain)
    assert len(rows[-1].fingerprints["history_chain"]) == 4
    assert all(r.miss_cause != "prefix_changed:history" for r in rows)
    await m.close()


# -- 2. authentication without the write lock; failed attempts limited ------------------------
def test_a_wrong_key_never_waits_for_the_sqlite_write_lock(tmp_path, settings) -> None:
    """A writer holds the lock (a long turn, a migration): key checks still answer at once."""
    m = open_memory(f"sqlite:///{tmp_path / 'a.db'}", MasterKey(os.urandom(32), "t"), settings)
    good, _ = auth.create_key(m.db, m.vault, scope="person", person=unique_user())
    assert auth.authenticate_key(m.db, good) is not None  # last_used_at is fresh now
    holder = sqlite3.connect(tmp_path / "a.db", timeout=0, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    results: dict[str, object] = {}

    def check() -> None:
        results["wrong"] = auth.authenticate_key(m.db, "tk_p_" + "x" * 43)
        results["good"] = auth.authenticate_key(m.db, good)

    try:
        t = threading.Thread(target=check, daemon=True)
        t.start()
        t.join(timeout=8)  # the busy timeout alone is 10 s per try
        assert not t.is_alive(), "a key check waited for the write lock"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    t.join(timeout=60)
    assert results["wrong"] is None and getattr(results["good"], "scope", None) == "person"
    asyncio.run(m.close())


@pytest.fixture
def guarded(backend, settings):  # type: ignore[no-untyped-def]
    url, key = backend
    service = ServiceSettings(rate_per_minute=0, auth_failure_burst=5, auth_failures_per_minute=1,
                              _env_file=None)  # type: ignore[call-arg]
    h = start_harness(url, key, settings, service=service)
    try:
        yield h
    finally:
        stop_harness(h)


def _from(h, address: str, key: str) -> httpx.Client:  # type: ignore[no-untyped-def]
    c = httpx.Client(base_url=h.url, headers={"Authorization": f"Bearer {key}"}, timeout=20,
                     transport=httpx.HTTPTransport(local_address=address))
    h.clients.append(c)
    return c


def test_failed_authentication_is_limited_per_address_and_per_key_prefix(guarded) -> None:  # type: ignore[no-untyped-def]
    h = guarded
    wrong = "tk_p_AAAAAAA" + "b" * 36
    flood = _from(h, "127.0.0.1", wrong)
    codes = [flood.get("/v1/conversations").status_code for _ in range(5)]
    assert codes == [401] * 5
    refused = flood.get("/v1/conversations")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "failed authentications" in refused.json()["error"]["message"]
    # Another address, another key prefix: still just a wrong key.
    assert _from(h, "127.0.0.2", "tk_p_CCCCCCC" + "d" * 36).get("/v1/conversations").status_code == 401
    # Another address, the flooded prefix: refused too (the prefix used up its failures).
    assert _from(h, "127.0.0.3", wrong[:12] + "e" * 36).get("/v1/conversations").status_code == 429
    # Logging in with a wrong key counts the same way.
    login = httpx.Client(base_url=h.url, timeout=20, transport=httpx.HTTPTransport(local_address="127.0.0.1"))
    h.clients.append(login)
    assert login.post("/v1/session", json={"key": "tk_p_" + "z" * 43}).status_code == 429
