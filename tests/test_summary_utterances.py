"""Facts that span two messages, or that the assistant says and the person confirms (issue 26),
on small dialogs of our own."""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SourceMessage, SummaryState
from threadkeep.memory.summary.utterances import utterances

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def _items(turns: list[tuple[str, str]]) -> dict[str, tuple[tuple[str, ...], int]]:
    msgs = [SourceMessage(f"m{i}", role, text) for i, (role, text) in enumerate(turns)]
    result = fold_summary(SummaryState(), msgs, summariser=ExtractiveSummariser())
    assert result.rejected == ()
    return {i.text: (i.source_ids, i.priority) for i in result.state.items}


@pytest.mark.parametrize(("turns", "wanted"), [
    ([("user", "Kai is the tech lead on Vega."), ("assistant", "Noted."),
      ("assistant", "So the Vega release moved to 18 June, right?"), ("user", "Yes, exactly.")],
     "The Vega release moved to 18 June."),
    ([("user", "Техлид на проекте Вега — Кай."), ("assistant", "Понял."),
      ("assistant", "Итак, релиз Вега переносится на 18 июня, верно?"), ("user", "Да, именно так.")],
     "Релиз Вега переносится на 18 июня."),
    ([("user", "カイさんがVegaのテックリードです。"), ("assistant", "了解です。"),
      ("assistant", "つまり、Vegaのリリースは6月18日に延期ですね？"), ("user", "はい、そうです。")],
     "Vegaのリリースは6月18日に延期。"),
])
def test_a_fact_the_assistant_says_and_the_person_confirms_is_the_persons(
        turns: list[tuple[str, str]], wanted: str) -> None:
    items = _items(turns)
    assert wanted in items
    ids, priority = items[wanted]
    assert ids == ("m2", "m3") and priority == 5  # cited by both, ranked as the person's own


def test_an_unconfirmed_check_stays_the_assistants() -> None:
    items = _items([("user", "Kai is the tech lead on Vega."),
                    ("assistant", "So the Vega release moved to 18 June, right?"),
                    ("user", "No, it is still 4 June.")])
    assert not any("18 June" in text for text in items)


@pytest.mark.parametrize(("turns", "wanted"), [
    ([("user", "The new Vega deadline is…"), ("assistant", "Yes?"), ("user", "18 June.")],
     "The new Vega deadline is 18 June."),
    ([("user", "Бюджет Вега:"), ("assistant", "Слушаю."), ("user", "финансы утвердили 85 тысяч евро.")],
     "Бюджет Вега: финансы утвердили 85 тысяч евро."),
    ([("user", "Vegaの予算は、"), ("assistant", "はい。"), ("user", "60万円で承認されました。")],
     "Vegaの予算は、60万円で承認されました。"),
])
def test_a_fact_over_two_messages_is_read_as_one(turns: list[tuple[str, str]], wanted: str) -> None:
    items = _items(turns)
    assert wanted in items and items[wanted][0] == ("m0", "m2")


def test_messages_that_stand_alone_pass_through() -> None:
    msgs = [SourceMessage("a", "user", "We chose Kafka."), SourceMessage("b", "assistant", "Good choice."),
            SourceMessage("c", "user", "Thanks!")]
    assert [(u.source_ids, u.role, u.text) for u in utterances(msgs)] == [
        (("a",), "user", "We chose Kafka."), (("b",), "assistant", "Good choice."), (("c",), "user", "Thanks!")]


def test_an_update_that_names_who_and_what_is_whole_and_does_not_take_the_next_message() -> None:
    msgs = [SourceMessage("a", "user", "Update: Jonas takes over Atlas from Priya."),
            SourceMessage("b", "assistant", "Noted."),
            SourceMessage("c", "user", "My cousin in Porto got a new bike on May 3.")]
    assert [u.text for u in utterances(msgs)] == [m.text for m in msgs]
    # A heading that names one thing and no value still takes its value from the next one.
    gap = [SourceMessage("a", "user", "Heads-up about the Atlas beta."), SourceMessage("b", "user", "It moved to 9 May.")]
    assert [u.source_ids for u in utterances(gap)] == [("a", "b")]
    # Katakana loanwords are no names of their own: the heading still waits for its value.
    ja = [SourceMessage("a", "user", "アトラスのバックログの担当がやっと決まりました。"),
          SourceMessage("b", "user", "ユミさんです。")]
    assert [u.source_ids for u in utterances(ja)] == [("a", "b")]


_PROJECT = {"en": [("user", "Kai is the tech lead on Vega."), ("user", "The Vega release is due on 4 June.")],
            "ru": [("user", "Техлид на проекте Вега — Кай."), ("user", "Дедлайн релиза Вега — 4 июня.")],
            "ja": [("user", "カイさんがVegaのテックリードです。"), ("user", "Vegaのリリースは6月4日の予定です。")]}


@pytest.mark.parametrize(("lang", "turns", "wanted"), [
    ("en", [("assistant", "What's the latency target for Vega?"), ("user", "200 ms at p99.")],
     "The latency target for Vega — 200 ms at p99."),
    ("ru", [("assistant", "Какой регион хостинга у Вега?"), ("user", "Франкфурт, 2 зоны.")],
     "Регион хостинга у Вега — Франкфурт, 2 зоны."),
    ("ja", [("assistant", "Vegaのレイテンシ目標は？"), ("user", "200ミリ秒です。")],
     "Vegaのレイテンシ目標は — 200ミリ秒です。"),
    ("en", [("user", "About the Vega client."), ("assistant", "Go on."), ("user", "Initech, signed on 3 May.")],
     "About the Vega client — Initech, signed on 3 May."),
    ("ru", [("user", "Насчёт бюджета Вега."), ("assistant", "Да?"), ("user", "85 тысяч евро, утвердили.")],
     "Насчёт бюджета Вега — 85 тысяч евро, утвердили."),
])
def test_a_topic_then_its_value_and_an_answer_to_the_assistant_are_read_as_one(
        lang: str, turns: list[tuple[str, str]], wanted: str) -> None:
    items = _items([*_PROJECT[lang], *turns])
    assert wanted in items
    assert items[wanted][0] == ("m2", f"m{len(turns) + 1}")


def test_a_request_to_the_assistant_is_not_a_topic_that_swallows_the_next_fact() -> None:
    items = _items([("user", "Дедлайн релиза Вега — 4 июня."), ("user", "Сократи, пожалуйста, абзац."),
                    ("assistant", "Вот короче."), ("user", "Обновление: дедлайн сдвинули, теперь 18 июня.")])
    assert any("18 июня" in text for text in items) and not any("4 июня" in text for text in items)


@pytest.mark.parametrize(("turns", "wanted"), [
    ([("user", "Насчёт заказчика Полярис."), ("assistant", "Да?"), ("user", "Это «Магнит».")],
     "Насчёт заказчика Полярис — это «Магнит»."),
    ([("user", "Hoshiの顧客について。"), ("assistant", "はい。"), ("user", "東邦商事です。")],
     "Hoshiの顧客について — 東邦商事です。"),
    ([("user", "Насчёт офиса Полярис."), ("assistant", "Слушаю."), ("user", "Казань, с марта.")],
     "Насчёт офиса Полярис — Казань, с марта."),
])
def test_a_topic_then_a_name_alone_is_read_as_one(turns: list[tuple[str, str]], wanted: str) -> None:
    """j26r: the value given after a topic line may be a name, not only a number or a date."""
    assert wanted in _items(turns)
