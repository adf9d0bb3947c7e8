"""Issue 26: a fact's value is stored in its base form with the words as said kept beside it
(``facts.said_ct``, migration 0019) — written on add and update, moved by a merge of people,
carried by a personal export and restored from it — on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from threadkeep.imports.facts_restore import restore_facts
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.facts.candidate import SLOTS, FactCandidate
from threadkeep.memory.people.facts_merge import merge_facts, unmerge_facts
from threadkeep.store import fact_changes as F
from threadkeep.store import facts as R
from threadkeep.store.memory_tables import Fact
from threadkeep.store.models import User

from .test_facts import Person, people, person  # noqa: F401

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def _model(key: str, value: str, said: str) -> ScriptedModel:
    return ScriptedModel([json.dumps({"operations": [{"op": "add", "key": key, "value": value, "said": said}]})])


def test_said_is_kept_on_add_update_and_seen(person: Person) -> None:  # noqa: F811
    person.say("Я живу в Нижнем Новгороде.", model=_model("city", "Нижний Новгород", "живу в Нижнем Новгороде"))
    city = person.fact("city")
    assert (city.value, city.said) == ("Нижний Новгород", "живу в Нижнем Новгороде")
    person.say("Теперь я живу в Казани.", model=_model("city", "Казань", "живу в Казани"))
    city = person.fact("city")
    assert (city.value, city.said) == ("Казань", "живу в Казани")
    # Seen again in other words: the latest words are kept beside the same value.
    person.say("Я в Казани живу.", model=_model("city", "Казань", "в Казани живу"))
    assert person.fact("city").said == "в Казани живу"
    person.say("I live in Lisbon.", model=_model("city", "Lisbon", "Lisbon"))
    city = person.fact("city")
    assert (city.value, city.said) == ("Lisbon", "")
    with person.db.session() as s:
        row = s.scalar(select(Fact).where(Fact.id == city.id))
        assert row.said_ct is None  # nothing sealed when the words are the value


def test_said_is_sealed_not_plain(person: Person) -> None:  # noqa: F811
    person.tell("hometown", "Тверь", said="из Твери")
    fact = person.fact("hometown")
    assert (fact.value, fact.said) == ("Тверь", "из Твери")
    with person.db.session() as s:
        blob = b"".join(r.said_ct or b"" for r in s.scalars(select(Fact).where(Fact.user_id == person.user_id)))
    assert blob and "Твери".encode() not in blob


def test_merge_moves_said_and_its_undo_restores_the_row(people) -> None:  # noqa: F811
    source, target = people(), people()
    source.tell("employer", "Яндекс", said="работаю в Яндексе")
    target.tell("city", "Москва", said="живу в Москве")
    with target.db.session() as s:
        undo, counts = merge_facts(s, target.vault, source=source.user_id, target=target.user_id)
    assert counts["facts_added"] == 1
    employer = target.fact("employer")
    assert (employer.value, employer.said) == ("Яндекс", "работаю в Яндексе")
    assert target.fact("city").said == "живу в Москве"
    with target.db.session() as s:
        unmerge_facts(s, target=target.user_id, undo=undo)
    assert {f.key for f in target.facts()} == {"city"}


def test_restore_keeps_said_and_an_old_archive_without_it(person: Person) -> None:  # noqa: F811
    person.say("Я живу в Самаре.")
    (held,) = person.facts()
    other = R.FactRecord(
        id="x1",
        key="hometown",
        value="Тверь",
        status="current",
        method="rule",
        times_seen=1,
        first_seen=held.first_seen,
        last_seen=held.last_seen,
        updated_at=held.updated_at,
        source_message_id=None,
        said="Твери",
    )
    old = R.FactRecord(
        id="x2",
        key="hobby",
        value="рыбалка",
        status="current",
        method="rule",
        times_seen=1,
        first_seen=held.first_seen,
        last_seen=held.last_seen,
        updated_at=held.updated_at,
        source_message_id=None,
    )
    with person.db.session() as s:
        assert restore_facts(s, person.vault, user_id=person.user_id, facts=[other, old]) == 2
    assert person.fact("hometown").said == "Твери"
    assert person.fact("hobby").said == ""


def test_the_cli_shows_the_words_as_said_in_list_and_history(tmp_path) -> None:
    from tests.test_cli import tk
    from threadkeep.config import Settings
    from threadkeep.engine import Memory

    home = tmp_path / "home"
    tk(home, "chat", "--user", "lena", stdin="Привет.\n")  # the person, their database and key
    memory = Memory.open(settings=Settings(home=home))
    try:
        with memory.db.session() as s:
            uid = s.scalar(select(User.id).where(User.name == "lena"))
        for value, said in (("Казань", ""), ("Нижний Новгород", "живу в Нижнем Новгороде")):
            with memory.db.session() as s:
                F.apply_candidates(
                    s,
                    memory.vault,
                    user_id=uid,
                    candidates=[FactCandidate("city", value, said=said)],
                    message_id=None,
                    slots=SLOTS,
                    method="model",
                )
    finally:
        memory.dispose()
    (line,) = tk(home, "facts", "list", "--user", "lena").stdout.splitlines()
    assert "Lives in: Нижний Новгород  (said: живу в Нижнем Новгороде)" in line
    history = tk(home, "facts", "history", line.split()[0], "--user", "lena").stdout.splitlines()
    # The words go beside the value they were said for, the current one; the old value's
    # words are not kept.
    assert history[0].endswith("add       → Казань")
    assert history[1].endswith("update   Казань → Нижний Новгород  (said: живу в Нижнем Новгороде)")
