# ruff: noqa: F811  -- pytest fixtures imported from tests.test_facts are parameter names here
"""Facts true of the person (issue 26): what the store keeps after a question, a hypothetical,
a quote or a negation, in three languages and through both extraction paths; values in their
base form with the words as said beside them."""

from __future__ import annotations

import json

import pytest

from tests.test_facts import Person, person  # noqa: F401  (fixture)
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.facts.base_form import base_form, japanese_base, russian_nominative
from threadkeep.memory.facts.clauses import (
    is_hypothetical,
    is_question,
    statement_sentences,
    strip_quoted,
)
from threadkeep.memory.facts.extract import extract_facts

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

# (statement, a question about the same slot) in each language.
SAID_THEN_ASKED = [
    ("I live in Montreal.", "Do I live in Montreal or Toronto?", "city", "Montreal"),
    ("I work at Initech.", "Where do I work now?", "employer", "Initech"),
    ("Я живу в Москве.", "Я живу в Москве или в Казани?", "city", "Москва"),
    ("Я работаю в Яндексе.", "Где я работаю?", "employer", "Яндекс"),
    ("東京に住んでいます。", "私はどこに住んでいますか？", "city", "東京"),
    ("私はどこに住んでいる？", "私はどこに住んでいる", "city", None),
]


def _history(person: Person) -> list[tuple[str, str | None, str | None]]:
    from threadkeep.memory.facts.store import fact_history

    with person.db.session() as s:
        out = []
        for f in person.facts(include_retired=True):
            out += [(v.op, v.old_value, v.new_value)
                    for v in fact_history(s, person.vault, user_id=person.user_id, fact_id=f.id)]
        return out


@pytest.mark.parametrize(("said", "asked", "slot", "value"), SAID_THEN_ASKED)
def test_a_question_never_creates_or_changes_a_fact(person: Person, said: str, asked: str, slot: str,
                                                    value: str | None) -> None:
    person.say(said)
    before = [(f.key, f.value) for f in person.facts()], _history(person)
    person.say(asked)
    assert ([(f.key, f.value) for f in person.facts()], _history(person)) == before
    if value is not None:
        assert person.fact(slot).value == value


def test_a_model_answer_to_a_question_is_never_asked_for(person: Person) -> None:
    # The model path: a message that is only a question does not reach the model at all, so
    # a model that would "update" the city from it changes nothing.
    person.say("I live in Oslo.")
    model = ScriptedModel([])  # any call fails the test
    for asked in ("Do I still live in Oslo?", "Я живу в Осло?", "私はオスロに住んでいますか？",
                  "If I moved to Bergen, would rent be lower?"):
        person.say(asked, model=model)
    assert person.fact("city").value == "Oslo" and not model.calls


def test_the_model_sees_only_the_statements(person: Person) -> None:
    seen: list[str] = []

    def answer(req):  # type: ignore[no-untyped-def]
        seen.append(req.messages[0].text)
        return json.dumps({"operations": [{"op": "add", "key": "city", "value": "Lisbon"}]})

    person.say('Do I live in Oslo? She wrote: "I live in Rome." I live in Lisbon.',
               model=ScriptedModel(responder=answer))
    assert "Lisbon" in seen[0] and "Oslo" not in seen[0] and "Rome" not in seen[0]
    assert person.fact("city").value == "Lisbon"


def test_values_are_stored_in_base_form_with_the_words_as_said() -> None:
    (city,) = extract_facts("Я сейчас живу в Нижнем Новгороде.")
    assert (city.key, city.value, city.said) == ("city", "Нижний Новгород", "Нижнем Новгороде")
    (role,) = extract_facts("Работаю аналитиком данных.")
    assert role.value == "аналитик данных"
    (ja,) = extract_facts("私の上司は中村部長です。")
    assert (ja.key, ja.value) == ("manager", "中村")
    (en,) = extract_facts("I live in Montreal.")
    assert en.value == "Montreal" and en.said == ""


def test_russian_base_forms_follow_the_case_the_sentence_asks_for() -> None:
    loc, gen, abl, dat = (frozenset({c}) for c in ("loct", "gent", "ablt", "datv"))
    assert russian_nominative("Казани", loc) == "Казань"
    assert russian_nominative("Санкт-Петербурге", loc) == "Санкт-Петербург"
    assert russian_nominative("Твери", gen) == "Тверь"
    assert russian_nominative("старшего инженера", gen) == "старший инженер"
    assert russian_nominative("тестировщиком", abl) == "тестировщик"
    assert russian_nominative("Марине Сергеевне", dat) == "Марина Сергеевна"
    assert russian_nominative("Авито", loc) == "Авито"  # not in the dictionary: as said
    assert base_form("Equinor") == "Equinor"
    assert japanese_base("田中さん") == "田中" and japanese_base("東京に") == "東京"


def test_preferences_name_a_concrete_thing() -> None:
    for chat in ("I love the freedom.", "I love it after a day of volunteering.",
                 "I love how you explained that.", "Мне нравится эта идея.", "そのアイデアが好きです。"):
        assert extract_facts(chat) == [], chat
    (tea,) = extract_facts("I'd rather have tea than coffee.")
    assert (tea.key, tea.value) == ("preference:tea", "prefers tea")


def test_clauses_know_questions_hypotheticals_and_quotes() -> None:
    assert is_question("Where do I live") and is_question("Где я живу") and is_question("私はどこに住んでいる")
    assert not is_question("I live in Oslo.") and not is_question("東京に住んでいます。")
    assert is_hypothetical("If I worked at Google, I'd commute more.")
    assert is_hypothetical("Может быть, я перееду в Берлин.") and is_hypothetical("いつかNASAで働きたいです。")
    assert not is_hypothetical("I work at Google.")
    assert "Oslo" not in strip_quoted('She wrote: "I live in Oslo."')
    assert "Солярис" in strip_quoted("Мой любимый фильм — «Солярис».")  # a quoted name stays
    assert statement_sentences("Where do I live? I live in Lisbon. Maybe I'll move.") == ["I live in Lisbon."]
