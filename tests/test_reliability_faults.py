"""Issue 9, faults that are quick to provoke in-process (the kill -9 and database-outage runs
are bench/faults.py, run by tests/test_reliability_scripts.py):

- provider timeouts, 429, 5xx and a cut stream injected through the simulator: a clear 502
  naming the error, the person's message kept, and a retry that succeeds — by the client
  (``/retry``) or by the adapter's own retry policy;
- a full disk on SQLite (``PRAGMA max_page_count``): a clear error, no corruption
  (``PRAGMA integrity_check``), every acknowledged message still there, and turns work again
  once there is room.
"""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa

from tests.conftest_api import start_harness, stop_harness
from tests.helpers import open_memory, unique_user
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.llm.retry import RetryingModel, RetryPolicy
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.testing.checks import check_database
from threadkeep.testing.simulator import Fault, ManualClock, SimulatedModel

# Embeddings off: these tests are about storage and providers, and embedding every message on
# a shared 2-core machine costs seconds per turn (see docs/RELIABILITY.md).
NO_EMBED = {"embeddings": False}

FAULTS = {
    1: Fault("timeout"),
    2: Fault("rate_limit", retry_after=1.0),
    3: Fault("server_error", status=503),
    4: Fault("connection"),
    5: Fault("malformed"),
}


def test_provider_faults_are_clear_errors_and_keep_the_message(backend, settings: Settings) -> None:
    url, key = backend
    settings = settings.model_copy(update=NO_EMBED)
    h = start_harness(url, key, settings, model=SimulatedModel(now=ManualClock(), faults=dict(FAULTS)))
    try:
        c, _ = h.person()
        first = c.post("/v1/messages", json={"text": "What is the Atlas deadline?"})
        seen = [first]
        mid = first.json()["error"].get("user_message_id") if first.status_code == 502 else None
        for _ in range(len(FAULTS) - 1):
            seen.append(c.post(f"/v1/messages/{mid}/retry"))
        for r in seen:
            assert r.status_code == 502, r.text
            err = r.json()["error"]
            # Every provider failure is provider_*; a cut stream (provider_malformed_response) is
            # not retryable by the adapter (text may have reached the caller), the others are.
            assert err["type"].startswith("provider_"), err
            assert err["message"] and err["user_message_id"] == mid
            assert err["retryable"] is (err["type"] != "provider_malformed_response"), err
        types = [r.json()["error"]["type"] for r in seen]
        assert len(set(types)) >= 4, types  # timeout, rate limit, server error, connection, ...
        cid = first.json()["error"]["conversation_id"]
        kept = c.get(f"/v1/conversations/{cid}").json()["messages"]
        assert [(m["role"], m["status"]) for m in kept] == [("user", "failed")]
        ok = c.post(f"/v1/messages/{mid}/retry")  # call 6: the provider is back
        assert ok.status_code == 200, ok.text
        kept = c.get(f"/v1/conversations/{cid}").json()["messages"]
        assert [(m["role"], m["status"]) for m in kept] == [("user", "answered"), ("assistant", "ok")]
        assert kept[0]["text"] == "What is the Atlas deadline?"
    finally:
        stop_harness(h)
    if url.startswith("sqlite"):  # the PostgreSQL database is shared by the session's tests
        assert check_database(url).problems == []


def test_adapter_retries_succeed_without_the_client_noticing(tmp_path, settings: Settings) -> None:
    async def no_wait(_s: float) -> None:
        return None

    flaky = SimulatedModel(
        now=ManualClock(), faults={1: Fault("server_error", status=529), 2: Fault("rate_limit", retry_after=0.5)}
    )
    model = RetryingModel(flaky, RetryPolicy(sleep=no_wait))
    url = f"sqlite:///{tmp_path / 'r.db'}"
    settings = settings.model_copy(update=NO_EMBED)
    h = start_harness(url, MasterKey(os.urandom(32), "r"), settings, model=model)  # type: ignore[arg-type]
    try:
        c, _ = h.person()
        r = c.post("/v1/messages", json={"text": "hello through a flaky provider"})
        assert r.status_code == 200, r.text
        assert len(flaky.records) == 3 and [x.fault for x in flaky.records][:2] == ["server_error", "rate_limit"]
    finally:
        stop_harness(h)
    assert check_database(url).problems == []


async def test_disk_full_on_sqlite_is_a_clear_error_without_corruption(tmp_path, settings: Settings) -> None:
    path = tmp_path / "full.db"
    url = f"sqlite:///{path}"
    settings = settings.model_copy(update=NO_EMBED)
    m = open_memory(url, MasterKey(os.urandom(32), "f"), settings, ScriptedModel(responder=lambda r: "ok " + "x" * 200))
    user = unique_user()
    r = await m.send("the first message", user=user)
    cid, acknowledged = r.conversation_id, ["the first message"]
    with m.db.engine.connect() as c:
        pages = c.exec_driver_sql("PRAGMA page_count").scalar()

    # Cap the file a few pages above its size on every new connection: a disk that fills up.
    def cap(dbapi_conn, _record) -> None:  # type: ignore[no-untyped-def]
        dbapi_conn.execute(f"PRAGMA max_page_count = {pages + 8}")

    sa.event.listen(m.db.engine, "connect", cap)
    m.db.engine.dispose()
    error: Exception | None = None
    for i in range(400):
        try:
            await m.send(f"message {i} " + "y" * 3000, user=user, conversation_id=cid)
        except Exception as e:  # the first refusal is the point of the test
            error = e
            break
        acknowledged.append(f"message {i} " + "y" * 3000)
    assert error is not None, "the capped database never filled up"
    assert "full" in str(error).lower(), f"not a clear error: {type(error).__name__}: {error}"
    print(f"disk full surfaced as {type(error).__module__}.{type(error).__name__}: {str(error).splitlines()[0]}")
    sa.event.remove(m.db.engine, "connect", cap)
    m.db.engine.dispose()
    with m.db.engine.connect() as c:
        assert c.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
    texts = [msg.text for msg in (await m.get_conversation(cid, user=user)).messages if msg.role == "user"]
    assert texts[: len(acknowledged)] == acknowledged
    # Room again: turns work, and the turn that hit the full disk is retryable or was never stored.
    await m.send("after the disk was freed", user=user, conversation_id=cid)
    found = check_database(url, allow_failed_turns=True)
    assert found.problems == [], found.problems
    await m.close()


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
async def test_disk_full_on_a_real_small_filesystem(tmp_path, settings: Settings) -> None:
    """The same on a 2 MB tmpfs, where the WAL itself cannot grow (root only)."""
    import subprocess

    mnt = tmp_path / "small"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)]).returncode != 0:
        pytest.skip("mount failed (no CAP_SYS_ADMIN in this container)")
    try:
        url = f"sqlite:///{mnt / 'tk.db'}"
        m = open_memory(
            url,
            MasterKey(os.urandom(32), "t"),
            settings.model_copy(update=NO_EMBED),
            ScriptedModel(responder=lambda r: "ok"),
        )
        user = unique_user()
        cid = (await m.send("start", user=user)).conversation_id
        with pytest.raises(Exception) as info:  # noqa: PT011 - the point is that it is clear
            for i in range(2000):
                await m.send(f"{i} " + "z" * 4000, user=user, conversation_id=cid)
        assert "full" in str(info.value).lower() or "disk" in str(info.value).lower(), info.value
        await m.close()
        eng = sa.create_engine(url)
        with eng.connect() as c:
            assert c.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        eng.dispose()
    finally:
        subprocess.run(["umount", "-l", str(mnt)])
