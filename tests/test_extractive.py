"""The model-free summariser's three general rules, on small dialogs of our own in English,
Russian and Japanese: values are kept, a restatement adds nothing, a changed value updates its
item and keeps what it replaced (memory/summary/extractive.py)."""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SourceMessage, SummaryState, render_summary
from threadkeep.memory.summary.text import read, split_sentences


def _msgs(texts: list[str], start: int = 0, day: str = "3 May 2026") -> list[SourceMessage]:
    return [SourceMessage(f"m{start + i}", "user", t, day) for i, t in enumerate(texts)]


def _fold(first: list[str], second: list[str]) -> SummaryState:
    one = fold_summary(SummaryState(), _msgs(first), summariser=ExtractiveSummariser())
    two = fold_summary(one.state, _msgs(second, len(first), "9 May 2026"), summariser=ExtractiveSummariser())
    assert one.rejected == () and two.rejected == ()
    return two.state


CASES = {
    "en": (
        [
            "Thanks, that helps!",
            "The Harwick project is led by Omar.",
            "The Harwick launch is on 3 March.",
            "We went with Postgres for storage.",
        ],
        ["Launch moved: Harwick now ships on 17 March.", "From now on the Harwick project is led by Leila."],
        ("17 March", "Leila", "Postgres"),
        ("3 March", "Omar"),
    ),
    "ru": (
        [
            "Спасибо, понятно!",
            "Проект «Сокол» ведёт Павел.",
            "Релиз проекта «Сокол» — 6 мая.",
            "Для очередей берём Kafka.",
        ],
        ["Релиз проекта «Сокол» сдвинули на 14 мая.", "Проект «Сокол» теперь ведёт Ольга."],
        ("14 мая", "Ольга", "Kafka"),
        ("6 мая", "Павел"),
    ),
    "ja": (
        [
            "ありがとう！",
            "Atlasのリーダーは田中さんです。",
            "Atlasのリリースは3月3日です。",
            "データベースはPostgresにしました。",
        ],
        ["Atlasのリリースは3月17日になりました。", "Atlasのリーダーは佐藤さんです。"],
        ("3月17日", "佐藤", "Postgres"),
        ("3月3日", "田中"),
    ),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_values_are_kept_and_a_changed_value_updates_its_item(lang: str) -> None:
    first, second, current, old = CASES[lang]
    state = _fold(first, second)
    text = render_summary(state)
    assert all(v in text for v in current)
    assert "Thanks" not in text and "Спасибо" not in text and "ありがとう" not in text
    updated = [i for i in state.items if i.was]
    # Each old value is named once, as what its item's new value replaced, with the day.
    for value in old:
        lines = [line for line in text.splitlines() if value in line]
        assert len(lines) == 1 and "(earlier: " in lines[0] and "changed 9 May 2026" in lines[0]
    assert {i.since for i in updated} == {"9 May 2026"}


def test_another_subject_is_not_an_update() -> None:
    state = _fold(["The Harwick launch is on 3 March."], ["The Ostrava launch is on 17 March."])
    text = render_summary(state)
    assert "3 March" in text and "17 March" in text and "earlier" not in text


# A value swapped for another of its kind, about the same named thing, in other words that
# still share a word most sentences do not say; beside it, the same thing's other date.
SWAPS = {
    "en": (
        "Sales set the Harwick seat price at 55 dollars.",
        "Procurement pushed back, so Harwick is now 47 dollars per seat.",
        ("The Harwick kickoff is on 3 March.", "The Harwick audit is on 17 March."),
    ),
    "ru": (
        "Цену места в Harwick поставили 55 долларов.",
        "Закупки возразили, теперь в Harwick 47 долларов за место.",
        ("Старт Harwick — 3 марта.", "Аудит Harwick — 17 марта."),
    ),
    "ja": (
        "Harwickの席単価は55ドルに決まりました。",
        "調達の反対で、Harwickは席あたり47ドルに下がりました。",
        ("Harwickの監査は3月3日です。", "Harwickの予算会議は3月17日です。"),
    ),
}
OTHER_TALK = {
    "en": ["Omar flew to Lisbon on Monday.", "The weather in Porto was grim.", "Keiko bought a bike for 300 euros."],
    "ru": [
        "Омар улетел в Лиссабон в понедельник.",
        "В Порту была плохая погода.",
        "Кейко купила велосипед за 300 евро.",
    ],
    "ja": [
        "オマルは月曜日にリスボンへ飛びました。",
        "ポルトの天気は最悪でした。",
        "ケイコは自転車を300ユーロで買いました。",
    ],
}


@pytest.mark.parametrize("lang", sorted(SWAPS))
def test_a_value_swapped_in_other_words_updates_its_item(lang: str) -> None:
    old, new, (date, other_date) = SWAPS[lang]
    state = _fold([old, *OTHER_TALK[lang], date], [new, other_date])
    text = render_summary(state)
    assert old not in text and "55" in text  # kept only as what the new value replaced
    assert [i.text for i in state.items if i.was] == [new]
    # The same thing's other date shares no telling word with the first: both stay.
    assert date in text and other_date in text


def test_a_restatement_adds_nothing() -> None:
    state = _fold(["Omar leads the Harwick project."], ["Again: Omar leads the Harwick project."])
    assert len(state.items) == 1


def test_a_correction_that_names_the_old_value_replaces_the_item() -> None:
    state = _fold(["Marisol owns QA on Harwick."], ["QA on Harwick moved from Marisol to Niamh."])
    assert [i.text for i in state.items] == ["QA on Harwick moved from Marisol to Niamh."]


def test_a_short_reply_is_read_with_the_question_it_answers() -> None:
    msgs = [
        SourceMessage("a1", "assistant", "Got it. Who will lead QA on Harwick?"),
        SourceMessage("u1", "user", "Niamh, agreed yesterday."),
    ]
    state = fold_summary(SummaryState(), msgs, summariser=ExtractiveSummariser()).state
    assert [(i.text, i.source_ids) for i in state.items] == [
        ("Who will lead QA on Harwick? — Niamh, agreed yesterday.", ("a1", "u1"))
    ]


def test_names_in_another_case_get_their_dictionary_form() -> None:
    state = _fold(["Договорились с Фёдором о сроках."], [])
    assert "(Фёдор)" in render_summary(state)


def test_reading_values_in_three_scripts() -> None:
    kinds = lambda t: sorted((v.kind, v.text) for v in read(t).values)  # noqa: E731
    assert kinds("From 3 March, Anna Petrova will lead Vega for $120k.") == [
        ("date", "3 March"),
        ("name", "Anna Petrova"),
        ("name", "Vega"),
        ("number", "$120k"),
    ]
    assert kinds("Дедлайн по «Пасеке» — 19 апреля.") == [("date", "19 апреля"), ("name", "Пасеке")]
    assert kinds("久保田さんの予算は300万円です。") == [("name", "久保田"), ("number", "300万円")]


def test_deterministic_and_documents_become_one_pointer() -> None:
    msgs = _msgs([t for case in CASES.values() for t in case[0] + case[1]])
    assert ExtractiveSummariser().propose(SummaryState(), msgs) == ExtractiveSummariser().propose(SummaryState(), msgs)
    doc = "Clause 1 of the Atlas contract says 30 days. " * 200
    state = fold_summary(SummaryState(), [SourceMessage("m1", "user", doc)], summariser=ExtractiveSummariser()).state
    assert len(state.items) == 1 and state.items[0].text.startswith("Document pasted: Clause 1 of the Atlas contract")


def test_sentence_split_handles_three_scripts() -> None:
    assert split_sentences("One. Two? Three!") == ["One.", "Two?", "Three!"]
    assert split_sentences("Раз. Два.") == ["Раз.", "Два."]
    assert split_sentences("一つ。二つ！三つ？") == ["一つ。", "二つ！", "三つ？"]
