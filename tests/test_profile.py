# ruff: noqa: F811  -- pytest fixtures imported from tests.test_facts are parameter names here
"""Profile: built from facts or by a model, refreshed every N messages, sealed, capped."""

from __future__ import annotations

import pytest

from tests.test_facts import Person, person  # noqa: F401  (fixture)
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.facts.candidate import render_fact
from threadkeep.memory.profile import (
    MAX_PROFILE_TOKENS,
    current_profile,
    profile_due,
    profile_from_facts,
    refresh_profile,
)
from threadkeep.store.memory_tables import Profile
from threadkeep.tokens import default_counter

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def test_built_from_facts_and_refreshed_every_n(person: Person) -> None:
    for key, value in [
        ("name", "Alice"),
        ("role", "data analyst"),
        ("employer", "Acme"),
        ("city", "Berlin"),
        ("preference:sushi", "likes sushi"),
    ]:
        person.post(f"({key})")
        person.tell(key, value)
    assert current_profile(person.db, person.vault, user_id=person.user_id) is None
    first = refresh_profile(person.db, person.vault, user_id=person.user_id, every=3)
    assert first is not None and first.method == "facts"
    assert first.text == "Alice: data analyst at Acme. Lives in Berlin. Likes sushi."
    assert refresh_profile(person.db, person.vault, user_id=person.user_id, every=3) is None
    person.post("I moved to Lisbon.")
    person.say("I moved to Lisbon.")
    person.post("ok")
    assert not profile_due(person.db, user_id=person.user_id, every=3)
    person.post("thanks")
    assert profile_due(person.db, user_id=person.user_id, every=3)
    second = refresh_profile(person.db, person.vault, user_id=person.user_id, every=3)
    assert second is not None and second.version == 2 and "Lisbon" in second.text
    stored = current_profile(person.db, person.vault, user_id=person.user_id)
    assert stored is not None and stored.text == second.text
    with person.db.session() as s:
        assert b"Lisbon" not in s.get(Profile, person.user_id).text_ct


def test_model_profile_is_capped_and_falls_back(person: Person) -> None:
    person.post("I work at Acme")
    person.say("I work at Acme")
    long = "Alice works at Acme. " * 100
    model = ScriptedModel([long])
    got = refresh_profile(person.db, person.vault, user_id=person.user_id, model=model, force=True)
    assert got is not None and got.method == "model"
    assert default_counter().count(got.text) <= MAX_PROFILE_TOKENS
    assert "I work at Acme" in model.calls[0].messages[0].text  # recent messages are offered
    from threadkeep.errors import ProviderServerError
    from threadkeep.llm.scripted import Step

    fallback = refresh_profile(
        person.db,
        person.vault,
        user_id=person.user_id,
        force=True,
        model=ScriptedModel([Step(error=ProviderServerError("down"))]),
    )
    assert fallback is not None and fallback.method == "facts" and fallback.text == "Said: I work at Acme."
    assert fallback.fallback == "ProviderServerError"


def test_profile_from_facts_fits_the_cap() -> None:
    assert profile_from_facts([]) == ""


def test_the_life_facts_are_in_the_facts_block_and_the_profile(person: Person) -> None:
    for key, value in [
        ("name", "Dora"),
        ("moved_from", "Portugal"),
        ("studies", "economics"),
        ("family", "husband"),
        ("family", "kids"),
        ("pet", "rabbit Fig"),
        ("hobby", "rock climbing"),
        ("language", "Dutch"),
        ("business", "small bakery"),
        ("former", "as a paramedic"),
    ]:
        person.post(f"({key})")
        person.tell(key, value)
    lines = sorted(render_fact(f.key, f.value) for f in person.facts())
    assert lines == sorted(
        [
            "Name: Dora",
            "Moved from: Portugal",
            "Studies: economics",
            "Family: husband",
            "Family: kids",
            "Pet: rabbit Fig",
            "Hobby: rock climbing",
            "Speaks: Dutch",
            "Runs: small bakery",
            "Formerly: as a paramedic",
        ]
    )
    built = refresh_profile(person.db, person.vault, user_id=person.user_id, force=True)
    assert built is not None and built.method == "facts"
    assert built.text == (
        "Dora. Moved from Portugal. Studies economics. Runs: small bakery. "
        "Formerly: as a paramedic. Family: husband, kids. Pets: rabbit Fig. "
        "Speaks: Dutch. Hobbies: rock climbing."
    )


def test_what_the_person_said_is_in_the_profile(person: Person) -> None:
    for text in ["I'm a data analyst at Acme.", "I live in Berlin."]:
        person.post(text)
        person.say(text)
    built = refresh_profile(person.db, person.vault, user_id=person.user_id, force=True)
    assert built is not None and built.text == "Said: I live in Berlin. Said: I'm a data analyst at Acme."
