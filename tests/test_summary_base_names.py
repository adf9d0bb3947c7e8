"""Russian names in a rendered summary item also in their nominative (issue 26, j26r).

Sentences of our own: a lead with first name and patronymic in the genitive, dative and
instrumental, a client company and a hosting city in oblique cases — and what must stay as it
is (a nominative, an indeclinable city, a common noun at the start, Latin names)."""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.base_names import with_base_names
from threadkeep.memory.summary.items import AddItem, SummaryState, apply_ops, render_summary

ADDED = [
    ("Руководителем Полярис назначили Олега Викторовича.", "Олег Викторович"),
    ("Мы договорились, что Гравитон будет под Светланой Игоревной.", "Светлана Игоревна"),
    ("Все вопросы по Импульс — к Кириллу Андреевичу.", "Кирилл Андреевич"),
    ("Ирину Павловну назначили руководителем Север.", "Ирина Павловна"),
    ("Спонсор проекта — команда Марины Сергеевны.", "Марина Сергеевна"),
    ("Проект Импульс — это заказ Ростелекома.", "Ростелеком"),
    ("Север мы делаем для Лукойла.", "Лукойл"),
    ("Серверы Полярис будут стоять во Франкфурте.", "Франкфурт"),
    ("Команда сидит в Новосибирске, туда и летаем.", "Новосибирск"),
    ("Прод разворачиваем в Казани.", "Казань"),
]

KEPT = [
    "Проект ведёт Ирина Павловна.",
    "Хостинг берём в Хельсинки.",
    "Кофемашина на пятом этаже опять сломалась.",
    "Остановились на Terraform для Север.",
    "Заказчик — Ростелеком.",
    "Yamaのチームは仙台オフィスにいます。",
]


@pytest.mark.parametrize(("text", "base"), ADDED)
def test_a_declined_name_gets_its_nominative_beside_it(text: str, base: str) -> None:
    out = with_base_names(text)
    assert out == f"{text} ({base})"  # the words as said stay whole, the base form after them


@pytest.mark.parametrize("text", KEPT)
def test_nominatives_indeclinables_and_prose_are_left_alone(text: str) -> None:
    assert with_base_names(text) == text


def test_the_rendered_summary_carries_the_base_form_the_stored_item_does_not() -> None:
    text = "Руководителем Полярис назначили Олега Викторовича."
    state = apply_ops(SummaryState(), [AddItem("participants", text, ("1",))], {"1": text}).state
    assert "(Олег Викторович)" in render_summary(state)
    assert [i.text for i in state.items] == [text]


def test_two_names_share_one_bracket() -> None:
    text = "Проект для Лукойла ведёт Олег Викторович из Казани."
    assert with_base_names(text) == f"{text} (Лукойл, Казань)"
