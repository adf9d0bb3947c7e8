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
import time

import httpx
import pytest
from sqlalchemy import func, inspect, select, text

from tests.conftest_api import api, start_harness, stop_harness  # noqa: F401
from tests.helpers import all_table_bytes, open_memory, unique_user
from tests.import_exports import chatgpt_simple
from threadkeep.api.config import ServiceSettings
from threadkeep.cache.fingerprint import fingerprint
from threadkeep.context.canonical import segment_bytes
from threadkeep.crypto import MasterKey
from threadkeep.engine import access as auth
from threadkeep.errors import MasterKeyError
from threadkeep.imports.service import import_file
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.store.cache_tables import ModelCall
from threadkeep.store.models import Job, KeyringMeta, Message, Setting, User, UserKey, WebSession


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
        rows = s.scalars(
            select(ModelCall).where(ModelCall.conversation_id == first.conversation_id).order_by(ModelCall.started_at)
        ).all()
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
    # The holder may wait its turn: the good key's last_used_at is written in the background.
    holder = sqlite3.connect(tmp_path / "a.db", timeout=30, isolation_level=None)
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
    service = ServiceSettings(rate_per_minute=0, auth_failure_burst=5, auth_failures_per_minute=1, _env_file=None)  # type: ignore[call-arg]
    h = start_harness(url, key, settings, service=service)
    try:
        yield h
    finally:
        stop_harness(h)


def _from(h, address: str, key: str) -> httpx.Client:  # type: ignore[no-untyped-def]
    c = httpx.Client(
        base_url=h.url,
        headers={"Authorization": f"Bearer {key}"},
        timeout=20,
        transport=httpx.HTTPTransport(local_address=address),
    )
    h.clients.append(c)
    return c


def test_failed_authentication_is_limited_per_address_never_per_key_prefix(guarded) -> None:  # type: ignore[no-untyped-def]
    h = guarded
    person_key, _ = h.person_key()
    wrong = person_key[:12] + "b" * (len(person_key) - 12)  # the real key's visible prefix
    flood = _from(h, "127.0.0.1", wrong)
    codes = [flood.get("/v1/conversations").status_code for _ in range(20)]
    assert codes[:5] == [401] * 5 and set(codes[5:]) == {429}
    refused = flood.get("/v1/conversations")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "failed authentications from this address" in refused.json()["error"]["message"]
    # Another address, the flooded prefix: just a wrong key (the prefix is not a bucket).
    assert _from(h, "127.0.0.3", wrong[:12] + "e" * (len(wrong) - 12)).get("/v1/conversations").status_code == 401
    # The real key, from an address that did not fail: never locked out.
    assert _from(h, "127.0.0.2", person_key).get("/v1/me").status_code == 200
    # Logging in with a wrong key from the flooding address counts the same way.
    login = httpx.Client(base_url=h.url, timeout=20, transport=httpx.HTTPTransport(local_address="127.0.0.1"))
    h.clients.append(login)
    assert login.post("/v1/session", json={"key": "tk_p_" + "z" * 43}).status_code == 429


# -- 3. a deletion is final; 4. shredding leaves nothing readable ---------------------------
def _session_of(m, user: str) -> tuple[str, set[str], bytes, list[bytes]]:  # type: ignore[no-untyped-def]
    """(person id, ids of their rows, wrapped data key, their ciphertexts) before deletion."""
    with m.db.reading() as s:
        uid = s.scalar(select(User.id).where(User.name == user))
        wrapped = s.get(UserKey, uid).wrapped_key
    ids = {uid}
    blobs: list[bytes] = []
    insp = inspect(m.db.engine)  # before connecting: SQLite has one writer
    schema = {t: [col["name"] for col in insp.get_columns(t)] for t in insp.get_table_names()}
    with m.db.engine.connect() as c:
        for table, cols in schema.items():
            if "user_id" not in cols or "id" not in cols:
                continue
            for row in c.execute(text(f'SELECT * FROM "{table}" WHERE user_id = :u'), {"u": uid}):
                data = dict(zip(cols, row, strict=True))
                ids.add(str(data["id"]))
                blobs += [bytes(v) for k, v in data.items() if k.endswith("_ct") and v is not None]
    return uid, ids, bytes(wrapped), blobs


async def _talk_and_fold(m, user: str) -> None:  # type: ignore[no-untyped-def]
    r = await m.send("I live in Wibblethorpe and my PIN is 4821.", user=user)
    for i in range(18):
        await m.send(f"turn {i} about the Zorbitanium plan", user=user, conversation_id=r.conversation_id)
    while await m.drain_jobs():
        pass


async def test_no_row_in_any_table_names_a_deleted_person(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, _recording([]))
    victim, other = unique_user(), unique_user()
    await _talk_and_fold(m, victim)
    await m.send("someone else", user=other)
    uid, ids, _wrapped, _blobs = _session_of(m, victim)
    with m.db.reading() as s:
        assert s.scalar(select(func.count()).select_from(Job)) > 0
    await m.delete_user(victim)
    raw = all_table_bytes(m)
    named = sorted(i for i in ids if i.encode() in raw)
    assert not named, f"{len(named)} ids of the deleted person are still stored (e.g. {named[:3]})"
    assert victim.encode() not in raw
    assert other.encode() in raw  # the other person is untouched
    await m.close()


async def test_shredding_leaves_no_key_or_ciphertext_in_the_sqlite_file_or_wal(tmp_path, settings) -> None:
    url = f"sqlite:///{tmp_path / 'tk.db'}"
    m = open_memory(url, MasterKey(os.urandom(32), "t"), settings, _recording([]))
    victim = unique_user()
    await _talk_and_fold(m, victim)
    await m.send("a bystander's words", user=unique_user())
    # Imported history too: its finished jobs' payloads and source-id rows name the person's ids.
    export = tmp_path / "conversations.json"
    export.write_text(
        json.dumps([chatgpt_simple(f"c-{i}", f"T{i}", [(f"I keep {i} hives.", "ok")] * 3) for i in range(6)]),
        encoding="utf-8",
    )
    done = await asyncio.to_thread(import_file, m, export, user=victim, format="chatgpt")
    while await m.drain_jobs():
        pass
    uid, ids, wrapped, blobs = _session_of(m, victim)
    assert len(blobs) > 30 and done.counts.messages == 36
    ids.add(done.import_id)

    def found() -> list[str]:
        raw = b"".join(p.read_bytes() for p in tmp_path.glob("tk.db*"))
        hits = ["wrapped key"] if wrapped[13:45] in raw else []
        hits += [f"id {i}" for i in sorted(ids) if i.encode() in raw]
        return hits + [f"ciphertext {i}" for i, b in enumerate(blobs) if len(b) >= 45 and b[13:45] in raw]

    assert found(), "the search must see the person's bytes before the deletion"
    await m.delete_user(victim)
    assert not found(), "right after the deletion"
    check = sqlite3.connect(tmp_path / "tk.db")
    try:  # the shred's freed pages went with a vacuum: no free page can hold an old copy
        assert check.execute("PRAGMA freelist_count").fetchone()[0] == 0
    finally:
        check.close()
    await m.close()
    assert not found(), "after a clean stop"


@pytest.mark.postgres
async def test_shredding_on_postgres_leaves_no_wrapped_key_in_the_heap(pg_url, pg_master_key, settings) -> None:
    m = open_memory(pg_url, pg_master_key, settings, _recording([]))
    victim = unique_user()
    await m.send("hello", user=victim)
    _uid, _ids, wrapped, _blobs = _session_of(m, victim)

    def heap() -> bytes:
        with m.db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            c.exec_driver_sql("CHECKPOINT")  # shared buffers to the relation file
            return bytes(c.execute(text("SELECT pg_read_binary_file(pg_relation_filepath('user_keys'))")).scalar_one())

    assert wrapped[13:45] in heap()
    await m.delete_user(victim)
    assert wrapped[13:45] not in heap()
    await m.close()


def test_a_request_after_a_deletion_on_another_replica_re_creates_nothing(backend, settings) -> None:
    """Replica B trusted the person's key a moment ago (its auth cache); A deletes the person."""
    url, key = backend
    a = start_harness(url, key, settings)
    b = start_harness(url, key, settings)
    try:
        person_key, name = a.person_key()
        on_a, on_b = a.client(person_key), b.client(person_key)
        first = on_b.post("/v1/messages", json={"text": "remember: Quokkavance"})
        assert first.status_code == 200, first.text
        assert on_a.delete("/v1/me").status_code == 204
        late = on_b.post("/v1/messages", json={"text": "and Snarkleberry"})
        assert late.status_code in (401, 404, 410), late.text
        assert on_b.get("/v1/conversations").status_code in (200, 401, 404, 410)
        with a.memory.db.reading() as s:
            assert s.scalar(select(func.count()).select_from(User).where(User.name == name)) == 0
        raw = all_table_bytes(a.memory)
        assert name.encode() not in raw
        # An administrator may admit the name again: a new, empty person.
        auth.create_key(a.memory.db, a.memory.vault, scope="person", person=name)
        with a.memory.db.reading() as s:
            assert s.scalar(select(func.count()).select_from(User).where(User.name == name)) == 1
    finally:
        stop_harness(b)
        stop_harness(a)


# -- 5. visitor ids: made by the server, stored hashed, never listed -------------------------
def test_visitor_ids_are_server_made_hashed_and_unlisted(api) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    admin = api.client(api.admin_key)
    admin.put("/v1/admin/anonymous-visitors", json={"enabled": True})
    chosen = api.client().post("/v1/session/visitor", json={"visitor_id": "my-own-chosen-id-1234"})
    assert chosen.status_code == 403 and "made by the server" in chosen.json()["error"]["message"]
    visitor = api.client()
    started = visitor.post("/v1/session/visitor", json={}).json()
    vid = started["visitor_id"]
    assert visitor.post("/v1/messages", json={"text": "hello widget"}).status_code == 200
    people = admin.get("/v1/admin/people").json()["people"]
    assert not [p for p in people if p.startswith("visitor:")]
    assert vid.encode() not in all_table_bytes(api.memory)  # only a hash of it is stored
    back = api.client()
    again = back.post("/v1/session/visitor", json={"visitor_id": vid}).json()
    assert again["person"] == started["person"]
    assert len(back.get("/v1/conversations").json()["conversations"]) == 1
    # A tampered id (one character changed) is refused.
    flipped = vid[:-1] + ("A" if vid[-1] != "A" else "B")
    assert api.client().post("/v1/session/visitor", json={"visitor_id": flipped}).status_code == 403


def test_migration_hashes_existing_visitor_names(tmp_path, settings) -> None:
    from alembic import command

    from threadkeep.engine.access import visitor_person
    from threadkeep.store.db import Database

    url = f"sqlite:///{tmp_path / 'old.db'}"
    db = Database(url)
    command.upgrade(db.alembic_config(), "0007_fold_adoption")
    with db.engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO users (id, name, created_at) VALUES ('u1', 'visitor:OldBrowserId12345678', "
                "'2026-11-01 00:00:00')"
            )
        )
        c.execute(
            text(
                "INSERT INTO identities (id, user_id, channel, external_id, created_at) VALUES "
                "('i1', 'u1', 'local', 'visitor:OldBrowserId12345678', '2026-11-01 00:00:00')"
            )
        )
    db.upgrade()
    with db.engine.connect() as c:
        assert c.execute(text("SELECT name FROM users")).scalar_one() == visitor_person("OldBrowserId12345678")
        assert c.execute(text("SELECT external_id FROM identities")).scalar_one() == visitor_person(
            "OldBrowserId12345678"
        )
    db.dispose()


# -- 6. sessions revoked by logout; security headers; 413 for every oversized body -----------
def test_logout_revokes_the_session_on_the_server(api) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    key, _name = api.person_key()
    key_id = auth.authenticate_key(api.memory.db, key).key_id  # type: ignore[union-attr]
    browser = api.client()
    assert browser.post("/v1/session", json={"key": key}).status_code == 200
    copied = api.client()
    copied.cookies.set("tk_session", browser.cookies["tk_session"])
    assert copied.get("/v1/conversations").status_code == 200
    assert browser.delete("/v1/session").status_code == 204
    assert copied.get("/v1/conversations").status_code == 401  # the copy died with the session
    with api.memory.db.reading() as s:
        assert s.scalar(select(func.count()).select_from(WebSession).where(WebSession.key_id == key_id)) == 0


def test_security_headers_on_pages_and_api(api) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    c = api.client(api.admin_key)
    for path in ("/", "/admin", "/web/app.js", "/v1/conversations"):
        r = c.get(path, headers={"X-Threadkeep-User": unique_user()})
        csp = r.headers.get("content-security-policy", "")
        assert "default-src 'self'" in csp and "script-src 'self';" in csp and "object-src 'none'" in csp, path
        assert "unsafe-inline" not in csp
        assert r.headers["x-content-type-options"] == "nosniff", path
        assert r.headers["referrer-policy"] == "no-referrer", path
    assert c.get("/admin").headers["x-frame-options"] == "DENY"  # the page's own stricter value stays


def test_every_oversized_body_is_413_chunked_or_not(tmp_path, settings) -> None:
    service = ServiceSettings(rate_per_minute=0, max_body_bytes=4096, _env_file=None)  # type: ignore[call-arg]
    h = start_harness(f"sqlite:///{tmp_path / 'b.db'}", MasterKey(os.urandom(32), "t"), settings, service=service)
    try:
        c = h.client(h.person_key()[0])
        big = json.dumps({"text": "x" * 10_000}).encode()

        def chunks():  # type: ignore[no-untyped-def]
            for i in range(0, len(big), 1000):
                yield big[i : i + 1000]

        declared = c.post("/v1/messages", content=big, headers={"Content-Type": "application/json"})
        chunked = c.post("/v1/messages", content=chunks(), headers={"Content-Type": "application/json"})
        assert declared.status_code == 413 and chunked.status_code == 413, chunked.text
        assert chunked.json()["error"]["type"] == "request_too_large"
        small = json.dumps({"text": "hello"}).encode()
        ok = c.post("/v1/messages", content=iter([small[:5], small[5:]]), headers={"Content-Type": "application/json"})
        assert ok.status_code == 200, ok.text  # a small chunked body still arrives whole
        with h.memory.db.reading() as s:
            assert s.scalar(select(func.count()).select_from(Message)) == 2
    finally:
        stop_harness(h)


# -- 7. the master keyring: online, resumable rotation ---------------------------------------
def _serve(url: str, settings) -> tuple:  # type: ignore[no-untyped-def, type-arg]
    from tests.conftest_api import LiveServer, echo_responder
    from threadkeep.api.app import create_app
    from threadkeep.engine import Memory

    memory = Memory.open(url, settings=settings, model=ScriptedModel(responder=echo_responder()))
    service = ServiceSettings(rate_per_minute=0, auth_cache_s=0, _env_file=None)  # type: ignore[call-arg]
    return memory, LiveServer(create_app(memory, settings, service=service)).start()


def test_rotating_the_master_key_while_a_server_runs_loses_nothing(tmp_path, settings) -> None:
    from threadkeep.crypto import generate_master_key_file, load_keyring
    from threadkeep.engine import Memory

    key_file = tmp_path / "master.key"
    old = generate_master_key_file(key_file)
    settings.master_key_file = key_file
    url = f"sqlite:///{tmp_path / 'rot.db'}"
    operator = Memory.open(url, settings=settings)  # the CLI's process
    admin, _ = auth.create_key(operator.db, operator.vault, scope="admin")
    before: dict[str, str] = {}
    for i in range(6):  # people the server has never seen: their data keys are not in its memory
        name = unique_user()
        before[name] = asyncio.run(operator.send(f"before rotation {i}", user=name)).conversation_id
    memory, server = _serve(url, settings)
    statuses: list[int] = []
    during: list[str] = []
    stop = threading.Event()

    def traffic() -> None:
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {admin}"}, timeout=30) as c:
            while not stop.is_set():
                for name, cid in before.items():
                    statuses.append(c.get(f"/v1/conversations/{cid}", headers={"X-Threadkeep-User": name}).status_code)
                new_person = unique_user()  # a person created during the rotation
                r = c.post(
                    "/v1/messages", json={"text": "made during the rotation"}, headers={"X-Threadkeep-User": new_person}
                )
                statuses.append(r.status_code)
                if r.status_code == 200:
                    during.append(new_person)

    t = threading.Thread(target=traffic, daemon=True)
    t.start()
    try:
        while len(statuses) < 20:
            time.sleep(0.05)
        new = MasterKey(os.urandom(32), "new")
        assert asyncio.run(operator.rotate_master_key(new)) >= 6
        seen = len(statuses)
        while len(statuses) < seen + 20:  # the server keeps serving after it, on the new key
            time.sleep(0.05)
    finally:
        stop.set()
        t.join(timeout=60)
        server.stop()
        memory.db.dispose()
    assert statuses and set(statuses) == {200}, sorted(set(statuses))
    assert during
    ring = load_keyring(key_file)
    assert [k.key_id for k in ring.keys] == [new.key_id]  # the old key is gone from the file
    with operator.db.reading() as s:
        assert set(s.scalars(select(UserKey.master_key_id))) == {new.key_id}
        assert list(s.scalars(select(KeyringMeta.key_id))) == [new.key_id]
    asyncio.run(operator.close())
    after = open_memory(url, new, settings)  # the new key alone reads everyone
    for name, cid in before.items():
        assert asyncio.run(after.get_conversation(cid, user=name)).messages[0].text.startswith("before rotation")
    for name in during:
        assert asyncio.run(after.list_conversations(user=name))
    asyncio.run(after.close())
    with pytest.raises(MasterKeyError):
        open_memory(url, old, settings)


def test_an_interrupted_rotation_is_finished_by_running_the_command_again(tmp_path, settings) -> None:
    from click.testing import CliRunner

    from threadkeep.cli import main
    from threadkeep.crypto import generate_master_key_file, load_keyring, write_keyring
    from threadkeep.engine import Memory

    key_file = tmp_path / "master.key"
    old = generate_master_key_file(key_file)
    settings.master_key_file = key_file
    url = f"sqlite:///{tmp_path / 'int.db'}"
    m = Memory.open(url, settings=settings)
    names = [unique_user() for _ in range(3)]
    for name in names:
        asyncio.run(m.send(f"hello {name}", user=name))
    new = MasterKey(os.urandom(32), "new")
    # What a rotation killed after its first re-wrapped person leaves behind:
    write_keyring(key_file, [new, old])
    m.db.write(lambda s: m.vault.begin_rotation(s, new))
    assert m.db.write(lambda s: m.vault.rewrap_batch(s, new, limit=1)) == 1
    asyncio.run(m.close())
    result = CliRunner().invoke(
        main,
        ["keys", "rotate-master", "--db", url],
        env={"THREADKEEP_MASTER_KEY_FILE": str(key_file), "THREADKEEP_HOME": str(tmp_path)},
    )
    assert result.exit_code == 0, result.output
    assert "re-wrapped 2 data keys" in result.output and "old key is gone" in result.output
    assert [k.key_id for k in load_keyring(key_file).keys] == [new.key_id]
    after = open_memory(url, new, settings)
    for name in names:
        convs = asyncio.run(after.list_conversations(user=name))
        assert asyncio.run(after.get_conversation(convs[0].id, user=name)).messages[0].text == f"hello {name}"
    asyncio.run(after.close())


def test_rotation_is_refused_while_a_server_holds_its_key_in_the_environment(tmp_path, settings) -> None:
    url = f"sqlite:///{tmp_path / 'env.db'}"
    old = MasterKey(os.urandom(32), "$THREADKEEP_MASTER_KEY")
    server = open_memory(url, old, settings)  # a key from the environment: it cannot re-read it
    operator = open_memory(url, old, settings)
    asyncio.run(operator.send("hello", user=unique_user()))

    async def scenario() -> str:
        server.start_background(keep_warm=False)
        try:
            for _ in range(200):  # the serving process announces what it holds
                with server.db.reading() as s:
                    if s.scalar(select(func.count()).select_from(Setting).where(Setting.key.like("keyholder:%"))):
                        break
                await asyncio.sleep(0.05)
            with pytest.raises(MasterKeyError) as refused:
                await operator.rotate_master_key(MasterKey(os.urandom(32), "new"))
            return str(refused.value)
        finally:
            await server.stop_background()

    message = asyncio.run(scenario())
    assert "cannot pick up a new one" in message and "THREADKEEP_MASTER_KEY=NEW,OLD" in message
    with operator.db.reading() as s:  # nothing was changed
        assert set(s.scalars(select(UserKey.master_key_id))) == {old.key_id}
        assert s.scalar(select(func.count()).select_from(Setting).where(Setting.key.like("keyholder:%"))) == 0
    asyncio.run(operator.close())
    asyncio.run(server.close())
