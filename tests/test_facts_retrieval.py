# ruff: noqa: F811  -- pytest fixtures imported from tests.test_facts are parameter names here
"""Facts retrieval: relevance over recency, token budget, cache invalidation; identity links."""

from __future__ import annotations

import os

import numpy as np
import pytest

from tests.test_facts import Person, make_person, people, person  # noqa: F401  (fixtures)
from threadkeep.crypto import MasterKey
from threadkeep.errors import NotFound
from threadkeep.memory.facts.candidate import SLOTS
from threadkeep.memory.people.identities import (
    IdentityConflict,
    identities_of,
    link_identity,
    resolve_identity,
    unlink_identity,
)
from threadkeep.memory.recall import facts as S
from threadkeep.retrieval import hybrid as R
from threadkeep.store import fact_changes as C

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

SAID = [
    "My name is Alice.",
    "I work at Acme.",
    "I live in Berlin.",
    "I love sushi.",
    "I hate jazz.",
    "I'm a data analyst.",
    "Remember that my dog is called Rex.",
    "I prefer window seats on flights.",
]


def top(person: Person, query: str, **kw) -> list[str]:  # type: ignore[no-untyped-def]
    return [h.fact.value for h in S.relevant_facts(person.db, person.vault, user_id=person.user_id, query=query, **kw)]


def test_relevance_not_recency(person: Person) -> None:
    for text in SAID:
        person.say(text)
    assert top(person, "what should I cook for dinner tonight? maybe sushi", k=1, embedder=False) == ["I love sushi."]
    assert top(person, "book me a flight to Rome", k=1, embedder=False) == ["I prefer window seats on flights."]
    assert top(person, "how is Rex doing?", k=1, embedder=False) == ["my dog is called Rex"]


def test_dense_side_finds_paraphrases(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = make_person(f"sqlite:///{tmp_path / 'd.db'}", MasterKey(os.urandom(32), "test"))
    for text in SAID:
        p.say(text, embedder=True)
    # No shared word with "I work at Acme." / "I live in Berlin.": only e5 can connect them.
    assert "I work at Acme." in top(p, "where do I have my job?", k=2)
    assert "I live in Berlin." in top(p, "which town is home for me?", k=2)
    S.clear_fact_cache()
    p.db.dispose()


def test_token_budget_and_k(person: Person) -> None:
    for text in SAID:
        person.say(text)
    hits = S.relevant_facts(
        person.db,
        person.vault,
        user_id=person.user_id,
        query="Alice Acme Berlin sushi jazz analyst",
        k=3,
        embedder=False,
    )
    assert len(hits) == 3
    small = S.relevant_facts(
        person.db,
        person.vault,
        user_id=person.user_id,
        query="Alice Acme Berlin sushi jazz analyst",
        k=8,
        token_budget=12,
        embedder=False,
    )
    assert sum(h.tokens for h in small) <= 12 and small
    assert S.relevant_facts(person.db, person.vault, user_id=person.user_id, query="x", token_budget=0) == []


def test_cache_follows_changes_from_anywhere(person: Person) -> None:
    person.tell("employer", "Acme")
    assert top(person, "employer", embedder=False) == ["Acme"]
    person.tell("employer", "Globex")
    assert top(person, "employer", embedder=False) == ["Globex"]
    with person.db.session() as s:
        C.undo_last_change(s, person.vault, user_id=person.user_id, slots=SLOTS)
    assert top(person, "employer", embedder=False) == ["Acme"]
    person.tell("employer", "Acme")
    person.tell("preference:tea", "likes tea")
    (hit,) = S.relevant_facts(person.db, person.vault, user_id=person.user_id, query="employer", k=1, embedder=False)
    assert hit.fact.times_seen == 3  # a re-confirmation reaches the cached copy too
    tea = person.fact("preference:tea")
    with person.db.session() as s:
        C.delete_fact(s, user_id=person.user_id, fact_id=tea.id)
    assert top(person, "tea", embedder=False) == []
    with person.db.session() as s:
        C.delete_all_facts(s, user_id=person.user_id)
    assert top(person, "employer", embedder=False) == []


def test_index_grows_and_forgets_in_place() -> None:
    idx = R.HybridIndex(["Employer: Acme", "Lives in: Berlin"], np.eye(3, dtype=np.float32)[:2])
    (pos,) = idx.add(["Employer: Globex"], np.eye(3, dtype=np.float32)[2:])
    idx.remove([0])
    assert [r.pos for r in idx.search("employer", None, k=5)] == [pos]
    assert [r.pos for r in idx.search("x", np.array([1, 0, 0], np.float32), k=1)] != [0]
    allowed = np.array([True, True, False])
    assert [r.pos for r in idx.search("employer", None, k=5, allowed=allowed)] == []


def test_facts_are_per_person(people) -> None:  # type: ignore[no-untyped-def]
    a, b = people(), people()
    a.say("I work at Acme")
    b.say("I work at Globex")
    assert top(a, "where do I work", embedder=False) == ["I work at Acme"]
    assert top(b, "where do I work", embedder=False) == ["I work at Globex"]


def test_hybrid_index_pure() -> None:
    texts = ["Employer: Acme", "Lives in: 東京", "Preference (jazz): dislikes jazz"]
    idx = R.HybridIndex(texts, np.eye(3, dtype=np.float32))
    assert idx.search("東京に住んでいます", None, k=1)[0].pos == 1
    assert idx.search("nothing lexical", np.array([0, 0, 1], np.float32), k=1)[0].pos == 2
    assert [p for p, _ in R.rrf_fuse([[1, 2], [2, 3]])] == [2, 1, 3]


def test_identity_links_are_explicit(people) -> None:  # type: ignore[no-untyped-def]
    a, b = people(), people()
    assert resolve_identity(a.db, channel="slack", external_id="U1") is None
    link_identity(a.db, user_id=a.user_id, channel="Slack", external_id="U1")
    link_identity(a.db, user_id=a.user_id, channel="telegram", external_id="42")
    assert link_identity(a.db, user_id=a.user_id, channel="slack", external_id="U1")  # no-op
    assert resolve_identity(a.db, channel="slack", external_id="U1") == a.user_id
    with pytest.raises(IdentityConflict):
        link_identity(a.db, user_id=b.user_id, channel="slack", external_id="U1")
    with pytest.raises(NotFound):
        link_identity(a.db, user_id="nobody", channel="web", external_id="x")
    assert identities_of(a.db, user_id=a.user_id) == [("slack", "U1"), ("telegram", "42")]
    assert not unlink_identity(a.db, channel="slack", external_id="U1", user_id=b.user_id)
    assert unlink_identity(a.db, channel="slack", external_id="U1")
    assert resolve_identity(a.db, channel="slack", external_id="U1") is None
