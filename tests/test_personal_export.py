"""Issue 20: the personal export (`threadkeep users export`, `GET /v1/me/export`) and reading it
back (`threadkeep import threadkeep`) — on SQLite and PostgreSQL, through the real engine."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest_api import ApiHarness, api  # noqa: F401
from threadkeep.crypto import MasterKey
from threadkeep.engine import people as facts_api
from threadkeep.engine.digest import period_bounds, write_digest
from threadkeep.errors import NotFound
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.personal_export import FORMAT, FORMAT_VERSION, write_personal_export

from .helpers import open_memory, unique_user
from .test_cli import tk

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

OTHER_MARKER = "bob-private-7f3a"


def _entries(data: bytes | Path) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(data) if isinstance(data, bytes) else data) as zf:
        return {n: zf.read(n).decode("utf-8") for n in zf.namelist()}


async def _history(memory, user: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Three conversations (one renamed, one rated answer, Russian and Japanese text), facts
    with a superseded value, a profile. Returns the conversation ids."""
    first = await memory.send("I work at Acme. My cat is called Pixel.", user=user)
    await memory.send("Привет! Я живу в Лиссабоне.", user=user, conversation_id=first.conversation_id)
    second = await memory.send("今日は良い天気ですね。", user=user)
    await memory.rename(second.conversation_id, "Погода 天気", user=user)
    await memory.drain_jobs()
    third = await memory.send("I work at Globex.", user=user)
    answer = await memory.send("What is my cat called?", user=user, conversation_id=third.conversation_id)
    await memory.set_feedback(answer.assistant_message_id, "up", user=user)
    await memory.drain_jobs()
    return [first.conversation_id, second.conversation_id, third.conversation_id]


async def test_export_holds_the_person_and_nobody_else(backend, settings, tmp_path) -> None:
    url, key = backend
    settings.profile_every = 1
    memory = open_memory(url, key, settings, ScriptedModel(responder=lambda r: "Noted."))
    ann, bob = unique_user(), unique_user()
    try:
        ids = await _history(memory, ann)
        await memory.send(f"My password hint is {OTHER_MARKER}. I work at Initech.", user=bob)
        await memory.drain_jobs()
        uid, bob_id = await memory.user_id(ann), await memory.user_id(bob)
        week = period_bounds("week", datetime.now(UTC).date())
        for who in (uid, bob_id):
            assert memory.db.write(
                lambda s, who=who: write_digest(s, memory.vault, user_id=who, period="week", start=week[0], end=week[1])
            )
        out = tmp_path / "ann.zip"
        done = write_personal_export(memory.db, memory.vault, user=ann, out=out)
        with pytest.raises(NotFound):
            write_personal_export(memory.db, memory.vault, user="nobody-" + ann, out=tmp_path / "x.zip")
    finally:
        await memory.close()
    assert not (tmp_path / "x.zip").exists() and [p.name for p in tmp_path.glob(".threadkeep-export-*")] == []
    files = _entries(out)
    manifest = json.loads(files["manifest.json"])
    assert manifest["format"] == FORMAT and manifest["format_version"] == FORMAT_VERSION
    assert manifest["person"] == ann and manifest["counts"] == done.counts
    assert done.counts["conversations"] == 3 and done.counts["messages"] == 10
    assert {f"conversations/{i}.{ext}" for i in ids for ext in ("json", "md")} <= set(files)
    # Nothing of the other person, anywhere in the archive.
    everything = "".join(files.values())
    assert OTHER_MARKER not in everything and "Initech" not in everything and bob not in everything
    second = json.loads(files[f"conversations/{ids[1]}.json"])
    assert second["title"] == "Погода 天気" and second["messages"][0]["text"] == "今日は良い天気ですね。"
    assert "今日は良い天気ですね。" in files[f"conversations/{ids[1]}.md"]
    third = json.loads(files[f"conversations/{ids[2]}.json"])
    rated = [m for m in third["messages"] if m["rating"] == "up"]
    assert len(rated) == 1 and rated[0]["role"] == "assistant" and rated[0]["rated_at"]
    assert json.loads(files["feedback.json"])["feedback"] == [
        {"message_id": rated[0]["id"], "conversation_id": ids[2], "rating": "up", "rated_at": rated[0]["rated_at"]}
    ]
    facts = json.loads(files["facts.json"])["facts"]
    (employer,) = [f for f in facts if f["key"] == "said:work"]
    assert employer["value"] == "I work at Globex." and employer["status"] == "current"
    assert [(v["op"], v["old_value"], v["new_value"]) for v in employer["history"]] == [
        ("add", None, "I work at Acme."),
        ("update", "I work at Acme.", "I work at Globex."),
    ]
    assert "I work at Acme. → I work at Globex." in files["facts.md"]
    (digest,) = json.loads(files["digests.json"])["digests"]
    assert digest["period"] == "week" and digest["start"] == week[0].isoformat() and done.counts["digests"] == 1
    assert f"week {week[0].isoformat()}" in files["digests.md"]
    profile = json.loads(files["profile.json"])
    assert profile["profile"] and profile["profile"] in files["profile.md"]
    person = json.loads(files["person.json"])
    assert person["name"] == ann and "api_keys" in person and "identities" in person


def test_cli_export_writes_the_zip(tmp_path) -> None:
    home = tmp_path / "home"
    tk(home, "chat", "--user", "cleo", stdin="I work at Acme.\nI live in Oslo.\n")
    out = tmp_path / "cleo.zip"
    proc = tk(home, "users", "export", "--user", "cleo", "--out", str(out))
    assert f"wrote {out}: 1 conversation, 4 messages" in proc.stdout
    files = _entries(out)
    assert json.loads(files["manifest.json"])["counts"]["messages"] == 4
    missing = tk(home, "users", "export", "--user", "nobody", "--out", str(tmp_path / "n.zip"), check=False)
    assert missing.returncode == 1 and "person 'nobody' not found" in missing.stderr
    assert not (tmp_path / "n.zip").exists()


def test_http_export_for_the_person_only(api: ApiHarness) -> None:  # noqa: F811
    a, ann = api.person()
    b, bob = api.person()
    cid = a.post("/v1/messages", json={"text": "Ann's note: Mañana Привет"}).json()["conversation_id"]
    b.post("/v1/messages", json={"text": f"Bob says {OTHER_MARKER}"})
    r = a.get("/v1/me/export")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/zip"
    assert "attachment" in r.headers["content-disposition"]
    assert "threadkeep-export-" in r.headers["content-disposition"] and ".zip" in r.headers["content-disposition"]
    files = _entries(r.content)
    assert json.loads(files["manifest.json"])["person"] == ann
    assert json.loads(files[f"conversations/{cid}.json"])["messages"][0]["text"] == "Ann's note: Mañana Привет"
    assert OTHER_MARKER not in "".join(files.values())
    # Naming another person changes nothing for a person key: it is still Ann's archive.
    again = _entries(a.get("/v1/me/export", headers={"X-Threadkeep-User": bob}).content)
    assert json.loads(again["manifest.json"])["person"] == ann
    # The admin may act for a person; a surface key may not take a history away.
    admin = api.client(api.admin_key)
    assert (
        json.loads(_entries(admin.get("/v1/me/export", headers={"X-Threadkeep-User": bob}).content)["manifest.json"])[
            "person"
        ]
        == bob
    )
    surface = api.client(api.key("surface"))
    refused = surface.get("/v1/me/export", headers={"X-Threadkeep-User": ann})
    assert refused.status_code == 403 and "surface key" in refused.json()["error"]["message"]
    assert api.client().get("/v1/me/export").status_code == 401
    # A person with a key but nothing stored yet gets an archive saying so.
    c, _ = api.person()
    empty = json.loads(_entries(c.get("/v1/me/export").content)["manifest.json"])
    assert empty["counts"]["conversations"] == 0 and empty["counts"]["facts"] == 0


def test_export_memory_is_one_conversation_not_the_history(tmp_path) -> None:
    """20 conversations of 10 messages of 40 KB (8 MB of text): the export's heap peak stays
    near one conversation's worth, far below the history."""
    import tracemalloc

    from threadkeep.store import repo
    from threadkeep.store.db import Database
    from threadkeep.store.vault import Vault

    db = Database(f"sqlite:///{tmp_path / 'm.db'}")
    db.upgrade()
    vault = Vault(MasterKey(os.urandom(32), "t"))
    with db.session() as s:
        uid = repo.get_or_create_user(s, vault, name="mem").id
    for _ in range(20):
        with db.session() as s:
            conv = repo.create_conversation(s, vault, user_id=uid, channel="api", system_prompt="p", startup="s")
            for i in range(10):
                repo.append_message(
                    s,
                    vault,
                    conv=conv,
                    role="user" if i % 2 == 0 else "assistant",
                    text=os.urandom(20_000).hex(),
                    status="ok",
                )
    write_personal_export(db, vault, user="mem", out=tmp_path / "warm.zip")  # imports and caches warm
    tracemalloc.start()
    try:
        done = write_personal_export(db, vault, user="mem", out=tmp_path / "o.zip")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        db.dispose()
    assert done.counts["messages"] == 200
    assert peak < 5_000_000, f"export heap peak {peak / 1e6:.1f} MB for 8 MB of history"


# -- reading it back ---------------------------------------------------------------------------
def _conversations(memory, user: str):  # type: ignore[no-untyped-def]
    """{title: [(role, text, created_at, rating)]} of the person's conversations."""

    async def run():  # type: ignore[no-untyped-def]
        views = await memory.list_conversations(user=user, limit=1000)
        full = [await memory.get_conversation(v.id, user=user) for v in views]
        return {v.title: [(m.role, m.text, m.created_at, m.rating) for m in v.messages] for v in full}

    return run()


async def test_round_trip_into_a_fresh_database(backend, settings, tmp_path) -> None:
    import asyncio

    from threadkeep.imports import jobs as import_jobs
    from threadkeep.imports.threadkeep_archive import import_archive

    url, key = backend
    settings.profile_every = 1
    source = open_memory(url, key, settings, ScriptedModel(responder=lambda r: "Noted."))
    ann, bob = unique_user(), unique_user()
    try:
        await _history(source, ann)
        await source.send(f"Bob's words {OTHER_MARKER}", user=bob)
        await source.drain_jobs()
        before = await _conversations(source, ann)
        facts_before = await facts_api.list_facts(source, user=ann, include_retired=True)
        out = tmp_path / "ann.zip"
        write_personal_export(source.db, source.vault, user=ann, out=out)
    finally:
        await source.close()
    assert len(before) == 3 and sum(map(len, before.values())) == 10

    fresh = open_memory(
        f"sqlite:///{tmp_path / 'fresh.db'}",
        MasterKey(os.urandom(32), "fresh"),
        settings,
        ScriptedModel(responder=lambda r: "Noted."),
    )
    try:
        import_jobs.install(fresh)
        done = await asyncio.to_thread(import_archive, fresh, out, user=ann)
        assert done.counts.conversations == 3 and done.counts.messages == 10 and done.facts_added == len(facts_before)
        assert done.profile_restored
        await fresh.drain_jobs()  # the import's background work must not re-derive the facts
        after = await _conversations(fresh, ann)
        # Every message: same text, role, timestamp and rating, in the same conversation title.
        assert after == before
        assert sum(m[3] == "up" for msgs in after.values() for m in msgs) == 1
        facts_after = await facts_api.list_facts(fresh, user=ann, include_retired=True)
        assert {(f["key"], f["value"], f["said"], f["status"], f["times_seen"]) for f in facts_after} == {
            (f["key"], f["value"], f["said"], f["status"], f["times_seen"]) for f in facts_before
        }
        # The value in its base form, the words as said beside it, both carried by the archive.
        assert "Я живу в Лиссабоне." in [f["value"] for f in facts_after]
        (employer,) = [f for f in facts_after if f["key"] == "said:work"]
        history = await facts_api.fact_history(fresh, employer["id"], user=ann)
        assert [(v["op"], v["old_value"], v["new_value"]) for v in history] == [
            ("add", None, "I work at Acme."),
            ("update", "I work at Acme.", "I work at Globex."),
        ]
        assert employer["source_message_id"] is not None  # re-linked to the imported message
        assert await fresh.people() == [ann]
        # Reading the same archive again adds nothing.
        again = await asyncio.to_thread(import_archive, fresh, out, user=ann)
        assert again.counts.messages == 0 and again.facts_added == 0 and again.counts.skipped_messages == 10
        assert await _conversations(fresh, ann) == before
    finally:
        await fresh.close()


def _rezip(
    src: Path, dst: Path, *, drop: str = "", change: dict[str, bytes] | None = None, stored: bool = False
) -> Path:
    with (
        zipfile.ZipFile(src) as zin,
        zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED) as zout,
    ):
        for name in zin.namelist():
            if name == drop:
                continue
            zout.writestr(name, (change or {}).get(name, zin.read(name)))
    return dst


def test_bad_archives_are_refused_naming_the_place(tmp_path, settings) -> None:
    import asyncio

    from threadkeep.imports.model import ImportFormatError
    from threadkeep.imports.threadkeep_archive import import_archive

    key = MasterKey(os.urandom(32), "t")
    memory = open_memory(f"sqlite:///{tmp_path / 'src.db'}", key, settings, ScriptedModel(responder=lambda r: "ok"))
    user = unique_user()
    cid = asyncio.run(memory.send("a message to keep", user=user)).conversation_id
    good = write_personal_export(memory.db, memory.vault, user=user, out=tmp_path / "good.zip").path
    asyncio.run(memory.close())
    conv = f"conversations/{cid}.json"
    body = json.loads(_entries(good)[conv])
    body["messages"][1]["created_at"] = "yesterday"
    manifest = json.loads(_entries(good)["manifest.json"])
    raw = good.read_bytes()
    (tmp_path / "cut.zip").write_bytes(raw[: len(raw) // 2])
    (tmp_path / "text.zip").write_text("not a zip at all")
    damaged = _rezip(good, tmp_path / "stored.zip", stored=True).read_bytes()
    at = damaged.index(b"a message to keep")
    (tmp_path / "crc.zip").write_bytes(damaged[:at] + b"A" + damaged[at + 1 :])
    cases = {
        "cut.zip": "not a zip archive, or a truncated one",
        "text.zip": "not a zip archive",
        "crc.zip": f"{conv} is damaged or truncated",
        "nomanifest.zip": "no manifest.json: not a threadkeep personal export",
        "newer.zip": "format version 99 is not one this threadkeep reads",
        "badfield.zip": f"{conv}: messages → 1 → created_at",
        "missing.zip": "manifest.json counts 1 conversations but the archive holds 0",
        "badjson.zip": f"{conv} is damaged or truncated",
    }
    _rezip(good, tmp_path / "nomanifest.zip", drop="manifest.json")
    _rezip(
        good, tmp_path / "newer.zip", change={"manifest.json": json.dumps(manifest | {"format_version": 99}).encode()}
    )
    _rezip(good, tmp_path / "badfield.zip", change={conv: json.dumps(body).encode()})
    _rezip(good, tmp_path / "missing.zip", drop=conv)
    _rezip(good, tmp_path / "badjson.zip", change={conv: b'{"id": "x", "messages": ['})
    target = open_memory(
        f"sqlite:///{tmp_path / 'target.db'}",
        MasterKey(os.urandom(32), "t2"),
        settings,
        ScriptedModel(responder=lambda r: "ok"),
    )
    try:
        for name, expected in cases.items():
            with pytest.raises(ImportFormatError) as e:
                import_archive(target, tmp_path / name, user=user)
            assert expected in str(e.value), (name, str(e.value))
            assert str(tmp_path / name) in str(e.value)
        # Nothing half-imported: not even the person exists.
        assert asyncio.run(target.people()) == []
    finally:
        asyncio.run(target.close())


def test_cli_import_threadkeep_round_trip_and_error(tmp_path) -> None:
    home, other = tmp_path / "home", tmp_path / "other"
    tk(home, "chat", "--user", "dora", stdin="I work at Acme.\nI work at Globex.\n")
    out = tmp_path / "dora.zip"
    tk(home, "users", "export", "--user", "dora", "--out", str(out))
    proc = tk(other, "import", "threadkeep", str(out), "--user", "dora")
    assert "stored 4 messages in 1 conversation" in proc.stderr
    assert "facts: 1 in the archive, 0 already here, 1 added" in proc.stderr
    assert proc.stdout.startswith("import ") and ": done; 4 messages, 1 fact" in proc.stdout
    facts = json.loads(tk(other, "facts", "list", "--user", "dora", "--json").stdout)
    assert [(f["key"], f["value"]) for f in facts] == [("said:work", "I work at Globex.")]
    (tmp_path / "bad.zip").write_bytes(out.read_bytes()[:100])
    bad = tk(other, "import", "threadkeep", str(tmp_path / "bad.zip"), "--user", "dora", check=False)
    assert bad.returncode == 1 and "truncated" in bad.stderr and "Traceback" not in bad.stderr


def test_the_export_path_loads_no_vector_stack() -> None:
    """An export reads and writes rows; the profile it includes needs a token counter, not the
    retrieval stack (numpy), whose import alone was most of the export's heap peak."""
    script = "import sys; import threadkeep.personal_export, threadkeep.memory.profile; print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "False"
