"""Clients, sponsors and where the work runs are facts of the work (issue 26, j26r).

Our own sentences, Russian and Japanese (with English for the same cues): who the project is
for or paid by goes to the participants; where it is hosted or sits is kept as context above
the chatter; a Japanese sentence whose only value is a kanji city or company still counts."""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.sentences import analyse, classify

STAKES = [
    "Заказчик по Полярис — компания «Магнит».",
    "Клиент у Волна — Аэрофлот, контракт подписан.",
    "Для Гравитон заказчиком выступает Северсталь.",
    "Проект Импульс — это заказ Ростелекома.",
    "Спонсор проекта Кристалл — Денис Аркадьевич из финансового отдела.",
    "Hoshiの顧客はミドリ電機です。",
    "Namiは北斗システムからの依頼です。",
    "大和運輸がYamaの発注元です。",
    "Soraは東邦商事向けの案件です。",
    "Umiの取引先は日之出物産です。",
    "顧客は東邦商事です。",
    "The client for Orion is Fabrikam.",
]

SITES = [
    "Офис команды Волна находится в Хельсинки.",
    "Разворачиваем Кристалл в дата-центре в Франкфурте.",
    "Площадка для Гравитон — Казань, там и будет прод.",
    "Команда Импульс сидит в Новосибирске, туда и летаем.",
    "Namiの拠点はシンガポールです。",
    "Yamaのチームは仙台オフィスにいます。",
    "拠点は仙台です。",
    "We're hosting Orion in Frankfurt.",
]

CHATTER = [
    "猫がまたコップを落としました。",
    "今日は雨がすごいです。",
    "Сегодня пробки жуткие, ехал час.",
]


@pytest.mark.parametrize("text", STAKES)
def test_a_client_or_sponsor_is_a_participant(text: str) -> None:
    verdict = classify(analyse(text), "user")
    assert verdict is not None and verdict[0] == "participants", verdict


@pytest.mark.parametrize("text", SITES)
def test_where_the_work_runs_is_kept_above_chatter(text: str) -> None:
    verdict = classify(analyse(text), "user")
    assert verdict is not None and verdict[1] >= 4, verdict


@pytest.mark.parametrize("text", CHATTER)
def test_chatter_stays_low(text: str) -> None:
    verdict = classify(analyse(text), "user")
    assert verdict is None or verdict[1] <= 1, verdict


def test_russian_chief_is_a_role() -> None:
    verdict = classify(analyse("Все вопросы по Импульс — к Кириллу Андреевичу, он теперь главный."), "user")
    assert verdict == ("participants", 5)


REASONS = [
    "Атлас мимо, так как их цена выросла вдвое.",
    "Контур слишком дорогой, поэтому нет.",
    "Гранит нам не по карману из-за лицензий.",
    "コンツールは高いのでなしです。",
    "アトラス社はサポートが弱いため候補外です。",
]


@pytest.mark.parametrize("text", REASONS)
def test_a_reason_given_about_something_named_is_a_decision(text: str) -> None:
    verdict = classify(analyse(text), "user")
    assert verdict is not None and verdict[0] == "decisions", verdict


def test_not_taking_a_vendor_is_a_refusal() -> None:
    assert classify(analyse("Контур мы не взяли, дорого."), "user") == ("decisions", 5)


def test_a_topic_line_is_not_a_site_fact() -> None:
    # Only a topic: the next message gives its value (memory/summary/utterances.py).
    assert classify(analyse("About the Vega client."), "user") in (None, ("context", 1))
    assert classify(analyse("Насчёт хостинга Полярис."), "user") in (None, ("context", 1))
