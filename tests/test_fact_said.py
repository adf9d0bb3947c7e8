"""Issue 26: a fact's value is stored in its base form with the words as said kept beside it
(``facts.said_ct``, migration 0019) — written on add and update, moved by a merge of people,
carried by a personal export and restored from it — on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from threadkeep.memory.facts import store as F
from threadkeep.memory.facts.merge import merge_facts, unmerge_facts
from threadkeep.memory.facts.restore import restore_facts
from threadkeep.store.memory_tables import Fact

from .test_facts import Person, people, person  # noqa: F401

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def test_said_is_kept_on_add_update_and_seen(person: Person) -> None:  # noqa: F811
    person.say("Я живу в Нижнем Новгороде.")
    city = person.fact("city")
    assert (city.value, city.said) == ("Нижний Новгород", "Нижнем Новгороде")
    person.say("Теперь я живу в Казани.")
    city = person.fact("city")
    assert (city.value, city.said) == ("Казань", "Казани")
    # The same value in other words replaces them; in words that are the value, they stay.
    person.say("Я живу в Казань.")
    assert person.fact("city").said == "Казани"
    person.say("I live in Lisbon.")
    city = person.fact("city")
    assert (city.value, city.said) == ("Lisbon", "")
    with person.db.session() as s:
        row = s.scalars(select(Fact).where(Fact.user_id == person.user_id, Fact.category == "city")).one()
        assert row.said_ct is None  # nothing sealed when the words are the value
    person.say("東京に住んでいます。")
    city = person.fact("city")
    assert (city.value, city.said) == ("東京", "")  # the rule reads the city without its particle


def test_said_is_sealed_not_plain(person: Person) -> None:  # noqa: F811
    person.say("Я переехала из Твери.")
    fact = person.fact("moved_from")
    assert (fact.value, fact.said) == ("Тверь", "Твери")
    with person.db.session() as s:
        blob = b"".join(r.said_ct or b"" for r in s.scalars(select(Fact).where(Fact.user_id == person.user_id)))
    assert blob and "Твери".encode() not in blob


def test_merge_moves_said_and_its_undo_restores_the_row(people) -> None:  # noqa: F811
    source, target = people(), people()
    source.say("Я работаю в Яндексе.")
    target.say("Я живу в Москве.")
    with target.db.session() as s:
        undo, counts = merge_facts(s, target.vault, source=source.user_id, target=target.user_id)
    assert counts["facts_added"] == 1
    employer = target.fact("employer")
    assert (employer.value, employer.said) == ("Яндекс", "Яндексе")
    assert target.fact("city").said == "Москве"
    with target.db.session() as s:
        unmerge_facts(s, target=target.user_id, undo=undo)
    assert {f.key for f in target.facts()} == {"city"}


def test_restore_keeps_said_and_an_old_archive_without_it(person: Person) -> None:  # noqa: F811
    person.say("Я живу в Самаре.")
    (held,) = person.facts()
    other = F.FactRecord(id="x1", key="hometown", value="Тверь", status="current", method="rule",
                         times_seen=1, first_seen=held.first_seen, last_seen=held.last_seen,
                         updated_at=held.updated_at, source_message_id=None, said="Твери")
    old = F.FactRecord(id="x2", key="hobby", value="рыбалка", status="current", method="rule",
                       times_seen=1, first_seen=held.first_seen, last_seen=held.last_seen,
                       updated_at=held.updated_at, source_message_id=None)
    with person.db.session() as s:
        assert restore_facts(s, person.vault, user_id=person.user_id, facts=[other, old]) == 2
    assert person.fact("hometown").said == "Твери"
    assert person.fact("hobby").said == ""


def test_the_cli_shows_the_words_as_said_in_list_and_history(tmp_path) -> None:
    from tests.test_cli import tk

    home = tmp_path / "home"
    tk(home, "chat", "--user", "lena", stdin="Я живу в Казани.\nЯ живу в Нижнем Новгороде.\n")
    (line,) = tk(home, "facts", "list", "--user", "lena").stdout.splitlines()
    assert "Lives in: Нижний Новгород  (said: Нижнем Новгороде)" in line
    history = tk(home, "facts", "history", line.split()[0], "--user", "lena").stdout.splitlines()
    # The words go beside the value they were said for, the current one; the old value's
    # words are not kept.
    assert history[0].endswith("add       → Казань")
    assert history[1].endswith("update   Казань → Нижний Новгород  (said: Нижнем Новгороде)")


def test_a_model_fact_gets_its_words_found_back_in_the_message(person: Person) -> None:  # noqa: F811
    import json

    from threadkeep.llm.scripted import ScriptedModel

    def ops(*items: dict[str, str]) -> str:
        return json.dumps({"operations": list(items)})

    person.say("Я живу в Нижнем Новгороде.",
               model=ScriptedModel([ops({"op": "add", "key": "city", "value": "Нижний Новгород"})]))
    assert (person.fact("city").value, person.fact("city").said) == ("Нижний Новгород", "Нижнем Новгороде")
    # Said as it is stored: no words kept beside it (and the old words go with the old value).
    person.say("Теперь мой город — Казань.",
               model=ScriptedModel([ops({"op": "add", "key": "city", "value": "Казань"})]))
    assert (person.fact("city").value, person.fact("city").said) == ("Казань", "")
    person.say("I work at Acme.", model=ScriptedModel([ops({"op": "add", "key": "employer", "value": "Acme"})]))
    assert person.fact("employer").said == ""
