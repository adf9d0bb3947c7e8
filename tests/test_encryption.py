"""Issue 2: encryption at rest, crypto-shredding, swap detection, rotation, master-key errors."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from sqlalchemy import select, update

from threadkeep import crypto
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.errors import IntegrityError, MasterKeyError, NotFound
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.offline import OfflineModel
from threadkeep.store.models import Conversation, Message, User, UserKey

from .helpers import all_table_bytes, open_memory, unique_user

MARKER = "zebra-marker-7f3a9c"


async def test_no_plaintext_at_rest_sqlite_file_and_wal(tmp_path, settings) -> None:
    url = f"sqlite:///{tmp_path / 'tk.db'}"
    m = open_memory(url, MasterKey(os.urandom(32), "t"), settings, ScriptedModel([f"echo {MARKER} ответ"]))
    user = unique_user()
    r = await m.send(f"my secret is {MARKER} и ещё {MARKER}", user=user)
    await m.rename(r.conversation_id, f"title {MARKER}", user=user)
    # Read the raw files while the WAL still holds recent pages.
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("tk.db*"))
    assert (tmp_path / "tk.db-wal").exists()
    assert MARKER.encode() not in raw
    assert MARKER.encode() not in all_table_bytes(m)
    assert MARKER in await m.export(r.conversation_id, user=user)
    await m.close()


@pytest.mark.postgres
async def test_no_plaintext_at_rest_postgres(pg_url, pg_master_key, settings) -> None:
    m = open_memory(pg_url, pg_master_key, settings, ScriptedModel([f"reply {MARKER}"]))
    user = unique_user()
    r = await m.send(f"remember {MARKER}", user=user)
    await m.rename(r.conversation_id, f"title {MARKER}", user=user)
    assert MARKER.encode() not in all_table_bytes(m)
    if shutil.which("pg_dump"):
        dsn = pg_url.replace("postgresql+psycopg://", "postgresql://")
        dump = subprocess.run(["pg_dump", "--data-only", dsn], capture_output=True, check=True).stdout
        assert len(dump) > 1000 and MARKER.encode() not in dump
    assert MARKER in await m.export(r.conversation_id, user=user, format="json")
    await m.close()


async def test_swapped_ciphertext_is_detected(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(["answer one"]))
    user = unique_user()
    r = await m.send("question one", user=user)
    with m.db.session() as s:
        a = s.get(Message, r.user_message_id)
        b = s.get(Message, r.assistant_message_id)
        a.text_ct, b.text_ct = b.text_ct, a.text_ct
    with pytest.raises(IntegrityError):
        await m.get_conversation(r.conversation_id, user=user)
    await m.close()


async def test_ciphertext_moved_to_another_column_is_detected(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(["a"]))
    user = unique_user()
    r = await m.send("text that becomes a title", user=user)
    with m.db.session() as s:
        msg = s.get(Message, r.user_message_id)
        s.execute(update(Conversation).where(Conversation.id == r.conversation_id).values(title_ct=msg.text_ct))
    with pytest.raises(IntegrityError):
        await m.list_conversations(user=user)
    await m.close()


async def test_crypto_shredding_on_person_delete(backend, settings) -> None:
    url, key = backend
    m = open_memory(url, key, settings, ScriptedModel(["kept answer", "other answer"]))
    victim, other = unique_user(), unique_user()
    r = await m.send("private words", user=victim)
    r2 = await m.send("someone else", user=other)
    with m.db.session() as s:
        uid = s.scalar(select(User.id).where(User.name == victim))
        blobs = [(mm.id, mm.text_ct) for mm in s.scalars(select(Message).where(Message.user_id == uid))]
        wrapped = s.get(UserKey, uid).wrapped_key
    dk = crypto.unwrap_data_key(key, uid, wrapped)  # what an attacker holding the old key row could do
    assert crypto.open_sealed(dk, blobs[0][1], table="messages", column="text", row_id=blobs[0][0])
    await m.delete_user(victim)
    with m.db.session() as s:
        assert s.get(UserKey, uid) is None
        assert s.scalar(select(User).where(User.id == uid)) is None
        assert not s.scalars(select(Message).where(Message.user_id == uid)).all()
        assert not s.scalars(select(Conversation).where(Conversation.user_id == uid)).all()
    # No key left in the database opens the old ciphertexts.
    m.vault.forget(uid)
    with m.db.session() as s, pytest.raises(NotFound):
        m.vault.data_key(s, uid)
    with m.db.session() as s:
        for row in s.scalars(select(UserKey)).all():
            other_dk = m.vault.data_key(s, row.user_id)
            for mid, blob in blobs:
                with pytest.raises(IntegrityError):
                    crypto.open_sealed(other_dk, blob, table="messages", column="text", row_id=mid)
    # The other person is untouched.
    assert (await m.get_conversation(r2.conversation_id, user=other)).messages[0].text == "someone else"
    with pytest.raises(NotFound):
        await m.get_conversation(r.conversation_id, user=victim)
    await m.close()


async def test_master_key_rotation_keeps_everything_readable(tmp_path, settings) -> None:
    url = f"sqlite:///{tmp_path / 'tk.db'}"
    old = MasterKey(os.urandom(32), "old")
    new = MasterKey(os.urandom(32), "new")
    m = open_memory(url, old, settings, ScriptedModel(responder=lambda r: "ok"))
    users = [unique_user() for _ in range(3)]
    convs = {u: (await m.send(f"hello from {u}", user=u)).conversation_id for u in users}
    with m.db.session() as s:
        before = {mm.id: mm.text_ct for mm in s.scalars(select(Message))}
    assert await m.rotate_master_key(new) == 3
    await m.close()
    # Data rows are not re-encrypted, only data keys re-wrapped.
    m2 = open_memory(url, new, settings)
    with m2.db.session() as s:
        assert {mm.id: mm.text_ct for mm in s.scalars(select(Message))} == before
        assert {k.master_key_id for k in s.scalars(select(UserKey))} == {new.key_id}
    for u in users:
        assert (await m2.get_conversation(convs[u], user=u)).messages[0].text == f"hello from {u}"
    await m2.close()
    with pytest.raises(MasterKeyError, match="not the key this database was encrypted with"):
        open_memory(url, old, settings)


def test_missing_master_key_file_is_a_clear_error_not_a_new_key(tmp_path, settings) -> None:
    from threadkeep.sync import SyncMemory

    settings.home = tmp_path / "home"
    url = f"sqlite:///{tmp_path / 'tk.db'}"
    with SyncMemory(Memory.open(url, settings=settings, model=OfflineModel())) as m:
        m.send("keep me", user="alice")
    key_file = settings.home / "master.key"
    assert key_file.exists() and oct(key_file.stat().st_mode & 0o777) == "0o600"
    key_file.rename(tmp_path / "moved.key")
    with pytest.raises(MasterKeyError, match=str(key_file)):
        Memory.open(url, settings=settings, model=OfflineModel())
    assert not key_file.exists()  # no silent new key
    (tmp_path / "moved.key").rename(key_file)
    with SyncMemory(Memory.open(url, settings=settings, model=OfflineModel())) as m:
        (conv,) = m.list_conversations(user="alice")
        assert m.get_conversation(conv.id, user="alice").messages[0].text == "keep me"


def test_wrong_or_malformed_master_key(tmp_path, settings, monkeypatch) -> None:
    url = f"sqlite:///{tmp_path / 'tk.db'}"
    open_memory(url, MasterKey(os.urandom(32), "right"), settings).db.dispose()
    bad = tmp_path / "bad.key"
    bad.write_text("not a key")
    # The environment is read by Settings, in one place: a Settings made after the variable.
    monkeypatch.setenv("THREADKEEP_MASTER_KEY_FILE", str(bad))
    with pytest.raises(MasterKeyError, match="bad.key"):
        Memory.open(url, settings=Settings(home=settings.home), model=OfflineModel())
    monkeypatch.delenv("THREADKEEP_MASTER_KEY_FILE")
    import base64

    monkeypatch.setenv("THREADKEEP_MASTER_KEY", base64.b64encode(os.urandom(32)).decode())
    assert Settings(home=settings.home).master_key is not None
    with pytest.raises(MasterKeyError, match="not the key"):
        Memory.open(url, settings=Settings(home=settings.home), model=OfflineModel())
