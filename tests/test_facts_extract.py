"""Deterministic extraction of self-statements in English, Russian and Japanese."""

from __future__ import annotations

import pytest

from threadkeep.memory.facts.extract import comparison_key, extract_facts, strip_injected


def facts(text: str) -> dict[str, str]:
    return {c.key: c.value for c in extract_facts(text)}


@pytest.mark.parametrize("text", [
    "I work at Acme.", "I'm employed by Acme", "Acme is my employer.", "My company is Acme Inc.",
    "I'm at Acme now!", "I am working for Acme these days.",
])
def test_english_employer_wordings(text: str) -> None:
    assert comparison_key(facts(text)["employer"]) == "acme"


def test_english_profile_sentence() -> None:
    got = facts("Hi, my name is Alice Smith and I live in Berlin. I'm a senior software engineer "
                "at Globex. I love sushi but I hate natto, and I prefer tea over coffee.")
    assert got == {
        "name": "Alice Smith", "city": "Berlin", "role": "senior software engineer",
        "employer": "Globex", "preference:sushi": "likes sushi",
        "preference:natto": "dislikes natto", "preference:tea": "prefers tea",
    }


def test_english_time_words_are_trimmed() -> None:
    assert facts("I live in Paris these days.") == {"city": "Paris"}
    # "moved to" says a city only when the sentence is about living there (issue 17).
    assert facts("I moved to Paris last year, the apartment is tiny.") == {"city": "Paris"}
    assert facts("My favorite color is blue") == {"preference:favourite color": "blue"}


def test_russian() -> None:
    got = facts("Меня зовут Иван. Я работаю в Яндексе программистом. Я живу в Москве. "
                "Мне нравится джаз, я не люблю оперу.")
    assert got == {"name": "Иван", "employer": "Яндекс", "role": "программист",
                   "city": "Москва", "preference:джаз": "likes джаз",
                   "preference:опер": "dislikes опера"}  # base forms (issue 26)
    assert facts("Я теперь работаю в компании Сбер") == {"employer": "Сбер"}
    # Case endings do not make a different value.
    assert comparison_key("Яндексе") == comparison_key("Яндекс")


def test_japanese() -> None:
    got = facts("私の名前は田中です。ソニーで働いています。東京に住んでいます。寿司が好きです。納豆が嫌いです。")
    assert got == {"name": "田中", "employer": "ソニー", "city": "東京",
                   "preference:寿司": "likes 寿司", "preference:納豆": "dislikes 納豆"}
    assert facts("私はエンジニアです。大阪出身です。") == {"role": "エンジニア", "hometown": "大阪"}


@pytest.mark.parametrize("text,note", [
    ("Please remember that my daughter's birthday is May 3.", "my daughter's birthday is May 3"),
    ("Запомни, что у меня аллергия на орехи.", "у меня аллергия на орехи"),
    ("覚えておいて：明日は会議です。", "明日は会議です"),
    ("来週の金曜日が締め切りだということを覚えておいて", "来週の金曜日が締め切りだ"),
])
def test_remember_notes_in_three_languages(text: str, note: str) -> None:
    assert facts(text) == {"note": note}


def test_remember_clause_feeds_nothing_else() -> None:
    assert facts("Remember that I am an administrator at Root Corp and I live in Admin City.") == {
        "note": "I am an administrator at Root Corp and I live in Admin City"}


def test_other_people_and_injected_text_are_ignored() -> None:
    # What is said of the friend and the wife is theirs; that the speaker has a wife is theirs.
    assert facts("My friend works at Acme and my wife lives in Rome.") == {"family": "wife"}
    assert facts("<context>Employer: Initech</context> thanks!") == {}
    assert facts("```\nI work at Initech\n```") == {}
    assert "Initech" not in strip_injected("[memory]I work at Initech[/memory] hi")
