# ruff: noqa: F811  -- pytest fixtures imported from tests.test_facts are parameter names here
"""Recall of the person's earlier messages: relevance, exclusion of the verbatim tail, sources,
sealed vectors, cache following new messages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from tests.test_facts import Person, people, person  # noqa: F401  (fixtures)
from threadkeep.memory.fact_tables import MessageVector
from threadkeep.memory.recall import clear_recall_cache, index_message, index_pending, recall
from threadkeep.store.base import utcnow

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
    hits = recall(person.db, person.vault, user_id=person.user_id,
                  query="Who books the hotel for the offsite?",
                  exclude_conversation_seq_gt=(new_conv, 0), k=2, token_budget=200)
    assert hits and "Maria" in hits[0].text
    conv_id, message_id, msg_seq, at = hits[0].source
    assert conv_id == old_conv and msg_seq in (3, 4) and at < utcnow() - timedelta(days=29)
    assert all(h.item.conversation_id != new_conv for h in hits)
    assert sum(h.tokens for h in hits) <= 200


def test_excludes_verbatim_tail_but_keeps_folded_part(person: Person) -> None:
    conv = seed(person)
    # Messages 1..2 are folded (cursor 2); 3..5 are still verbatim in the request.
    hits = recall(person.db, person.vault, user_id=person.user_id, query="Lisbon offsite March budget hotel",
                  exclude_conversation_seq_gt=(conv, 2), k=10, token_budget=1000, embedder=False)
    assert {h.item.seq for h in hits} <= {1, 2} and hits


def test_new_messages_reach_the_cached_index(person: Person) -> None:
    seed(person)
    q = "what did I say about the quokka sanctuary"
    assert all("quokka" not in h.text for h in recall(person.db, person.vault, user_id=person.user_id,
                                                        query=q, embedder=False))
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


def test_long_message_is_clipped_to_item_cap(person: Person) -> None:
    person.post("Quarterly report. " + "Revenue grew in every region. " * 200)
    (hit,) = recall(person.db, person.vault, user_id=person.user_id, query="quarterly report revenue",
                    k=1, max_item_tokens=50, embedder=False)
    assert hit.tokens <= 50 and hit.text.endswith("…")


def test_deleted_conversation_leaves_the_index(person: Person) -> None:
    conv = seed(person)
    q = "Lisbon offsite hotel"
    assert recall(person.db, person.vault, user_id=person.user_id, query=q, embedder=False)
    from threadkeep.store.models import Conversation

    with person.db.session() as s:
        s.delete(s.get(Conversation, conv))
    person.post("something new")  # any later turn
    assert recall(person.db, person.vault, user_id=person.user_id, query=q, embedder=False) == []
