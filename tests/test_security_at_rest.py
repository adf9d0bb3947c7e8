"""Issue 9, security at rest: a realistic session leaves no plaintext (text, titles, facts,
profile, summaries, recall vectors) in SQLite (file and WAL) or PostgreSQL; deleting a person
shreds everything of theirs; rotating the master key while turns run loses nothing.
"""

from __future__ import annotations

import asyncio
import os

import pytest
from sqlalchemy import inspect, select, text

from threadkeep import crypto
from threadkeep.crypto import MasterKey
from threadkeep.errors import IntegrityError
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.store.models import Conversation, User, UserKey

from .helpers import all_table_bytes, open_memory, unique_user

# Words that exist nowhere but in what the person says: any of them at rest is a leak.
MARKERS = ["Quokkavance", "Zorbitanium", "Plumbergast", "Wibblethorpe", "Snarkleberry"]
DOC = " ".join(f"Paragraph {i} of the Zorbitanium dossier says the Plumbergast budget is large." for i in range(25))


def _echo() -> ScriptedModel:
    return ScriptedModel(responder=lambda r: Step(text="noted: " + r.segments[-1].messages[-1].text[:60]))


async def _realistic_session(m, user: str, recorded: list[bytes]) -> str:  # type: ignore[no-untyped-def]
    """Turns past a fold (>34 messages), facts, a pasted document, a title, then every job."""
    r = await m.send(f"I work at {MARKERS[0]} and I live in {MARKERS[3]}.", user=user)
    cid = r.conversation_id
    await m.send(f"Here is the document:\n{DOC}", user=user, conversation_id=cid)
    for i in range(16):
        await m.send(
            f"Turn {i}: the {MARKERS[1]} plan needs {MARKERS[2]} by Friday; {MARKERS[4]} agreed.",
            user=user,
            conversation_id=cid,
        )
    await m.rename(cid, f"About {MARKERS[0]}", user=user)
    while await m.drain_jobs():
        pass
    with m.db.session() as s:
        conv = s.get(Conversation, cid)
        assert conv.summary_cursor > 0, "the session should have folded"
    return cid


def _record_vectors(monkeypatch: pytest.MonkeyPatch, recorded: list[bytes]) -> None:
    """Keep every vector's plaintext bytes as it is sealed, to look for them at rest."""
    from threadkeep.memory.facts import candidate as facts  # slots(), where facts are embedded
    from threadkeep.memory.recall import vectors as recall

    for module in (recall, facts):
        original = module.vector_to_bytes

        def spy(v, _original=original):  # type: ignore[no-untyped-def]
            raw = _original(v)
            recorded.append(raw)
            return raw

        monkeypatch.setattr(module, "vector_to_bytes", spy)


def _leaks(raw: bytes, recorded: list[bytes]) -> list[str]:
    found = [w for w in MARKERS if w.encode() in raw or w.lower().encode() in raw]
    # A 16-byte slice of a float32 vector is as good as the vector for an attacker.
    found += [f"vector#{i}" for i, v in enumerate(recorded) if len(v) >= 48 and v[16:48] in raw]
    return found


async def test_no_plaintext_at_rest_sqlite_file_and_wal(tmp_path, settings, monkeypatch) -> None:
    recorded: list[bytes] = []
    _record_vectors(monkeypatch, recorded)
    url = f"sqlite:///{tmp_path / 'tk.db'}"
    m = open_memory(url, MasterKey(os.urandom(32), "t"), settings, _echo())
    user = unique_user()
    cid = await _realistic_session(m, user, recorded)
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("tk.db*"))
    assert (tmp_path / "tk.db-wal").exists()
    assert not _leaks(raw, recorded)
    assert not _leaks(all_table_bytes(m), recorded)
    assert MARKERS[1] in await m.export(cid, user=user)  # the data is there, only sealed
    await m.close()


@pytest.mark.postgres
async def test_no_plaintext_at_rest_postgres_all_tables(pg_url, pg_master_key, settings, monkeypatch) -> None:
    recorded: list[bytes] = []
    _record_vectors(monkeypatch, recorded)
    m = open_memory(pg_url, pg_master_key, settings, _echo())
    user = unique_user()
    await _realistic_session(m, user, recorded)
    tables = inspect(m.db.engine).get_table_names()
    assert {"messages", "facts", "summary_versions"} <= set(tables)
    assert not _leaks(all_table_bytes(m), recorded)
    await m.close()


async def test_crypto_shredding_leaves_nothing_of_the_person(backend, settings) -> None:
    """After deletion no row carries their id and no key in the database opens their ciphertexts."""
    url, key = backend
    m = open_memory(url, key, settings, _echo())
    victim, other = unique_user(), unique_user()
    await _realistic_session(m, victim, [])
    await m.send("the other person's words", user=other)
    with m.db.session() as s:
        uid = s.scalar(select(User.id).where(User.name == victim))
        wrapped = s.get(UserKey, uid).wrapped_key
    dk = crypto.unwrap_data_key(key, uid, wrapped)
    sealed = _sealed_blobs(m, uid)
    assert len(sealed) > 30, "expected messages, facts, summaries and vectors of the person"
    await m.delete_user(victim)
    # Every table: no row mentions the person's id in any column.
    tables = inspect(m.db.engine).get_table_names()  # before connecting: SQLite has one writer
    with m.db.engine.connect() as c:
        for table in tables:
            for row in c.execute(text(f'SELECT * FROM "{table}"')):
                assert not any(uid == str(v) for v in row if v is not None), f"{table} still holds {uid}"
    # The ciphertexts that existed could be opened with the old data key; no key left opens any.
    m.vault.forget(uid)
    with m.db.session() as s:
        keys = [m.vault.data_key(s, k.user_id) for k in s.scalars(select(UserKey)).all()]
    for table, column, row_id, blob in sealed[:40]:
        assert crypto.open_sealed(dk, blob, table=table, column=column, row_id=row_id) is not None
        for other_key in keys:
            with pytest.raises(IntegrityError):
                crypto.open_sealed(other_key, blob, table=table, column=column, row_id=row_id)
    await m.close()


def _sealed_blobs(m, uid: str) -> list[tuple[str, str, str, bytes]]:  # type: ignore[no-untyped-def]
    """(table, column, row id, ciphertext) of the person's sealed columns (``*_ct``)."""
    out = []
    insp = inspect(m.db.engine)
    schema = {t: [col["name"] for col in insp.get_columns(t)] for t in insp.get_table_names()}
    with m.db.engine.connect() as c:
        for table, cols in schema.items():
            if "user_id" not in cols or "id" not in cols:
                continue
            for ct in (col for col in cols if col.endswith("_ct")):
                q = text(f'SELECT id, "{ct}" FROM "{table}" WHERE user_id = :u AND "{ct}" IS NOT NULL')
                for row_id, blob in c.execute(q, {"u": uid}):
                    out.append((table, ct[:-3], str(row_id), bytes(blob)))
    return out


async def test_master_key_rotation_while_turns_run(tmp_path, settings) -> None:
    url = f"sqlite:///{tmp_path / 'tk.db'}"
    old, new = MasterKey(os.urandom(32), "old"), MasterKey(os.urandom(32), "new")
    slow = ScriptedModel(responder=lambda r: Step(text="ok " + r.segments[-1].messages[-1].text, delay=0.01))
    m = open_memory(url, old, settings, slow)
    users = [unique_user() for _ in range(6)]
    convs = {u: (await m.send(f"hello from {u}", user=u)).conversation_id for u in users[:3]}

    async def talk(u: str) -> list[str]:
        said = []
        for i in range(6):
            line = f"{u} line {i}"
            await m.send(line, user=u, conversation_id=convs.get(u))
            said.append(line)
        return said

    async def rotate() -> int:
        await asyncio.sleep(0.05)
        return await m.rotate_master_key(new)

    *said, rotated = await asyncio.gather(*(talk(u) for u in users), rotate())
    assert rotated >= 3
    await m.close()
    m2 = open_memory(url, new, settings)
    for u, lines in zip(users, said, strict=True):
        texts = [
            msg.text
            for c in await m2.list_conversations(user=u)
            for msg in (await m2.get_conversation(c.id, user=u)).messages
        ]
        assert set(lines) <= set(texts), u  # everything written before, during and after is readable
    await m2.close()
