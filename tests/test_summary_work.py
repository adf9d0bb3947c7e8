"""Old values are marked where they ride beside new ones (issue 26): the line marking of
recall notes and recalled turns, and summary items and compaction blocks that leave the old
value out."""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.compaction import extractive_body
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import Item, SourceMessage, SummaryState, render_summary
from threadkeep.memory.summary.superseded import LATER, mark_superseded
from threadkeep.tokens import default_counter


def test_old_values_are_marked_on_their_own_line() -> None:
    items = ["Update: the deadline moved, it's now 20 February instead.",
             "Update: Marina takes over as tech lead of Borealis; Nadia moves to the platform team."]
    items[0] = "Borealis: " + items[0]
    text = ("- [2026-01-05] person: The release deadline for Borealis is 9 February.\n"
            "assistant: Noted.\n"
            "person: Nadia is our new tech lead on Borealis.\n"
            "person: Who is the tech lead on Borealis?\n"
            "person: We had 680 people at the last demo.")
    lines = mark_superseded(text, items).splitlines()
    assert lines[0].endswith(f"({LATER}{items[0]})")
    assert lines[2].endswith(f"({LATER}{items[1]})")
    assert LATER not in lines[1] and LATER not in lines[3] and LATER not in lines[4]
    assert mark_superseded(text, []) == text


def test_a_number_of_another_unit_is_not_an_older_value() -> None:
    # Both read as the budget slot ("выделили"), but a head count is not an amount of money.
    item = "Бюджет Атлас — 90 тысяч евро."
    assert LATER not in mark_superseded("person: На Атлас выделили 6 инженеров.", [item])
    assert mark_superseded("person: Бюджет Атлас — 75 тысяч евро.", [item]).endswith(f"({LATER}{item})")


def _evicted_fold(state: SummaryState, texts: list[str]) -> tuple[SummaryState, list[str]]:
    left: list[str] = []
    msgs = [SourceMessage(f"n{i}", "user", t) for i, t in enumerate(texts)]
    result = fold_summary(state, msgs, summariser=ExtractiveSummariser(),
                          on_evict=lambda items: left.extend(i.text for i in items))
    assert result.rejected == ()
    return result.state, left


def test_a_superseded_value_leaves_the_summary_item_whatever_field_held_it() -> None:
    # A model summariser filed the budget under Decisions; the correction comes as a number.
    old = Item("i1", "decisions", "Finance set the Vega budget at 85 thousand euros.", ("m1",), 4, 1, 1)
    lead = Item("i2", "participants", "Kai is the tech lead on Vega.", ("m2",), 4, 2, 1)
    state = SummaryState((old, lead), 3, 1)
    state, left = _evicted_fold(state, ["Update: finance cut the Vega budget to 60 thousand euros."])
    text = render_summary(state)
    assert "60 thousand" in text and "85 thousand" not in text
    assert old.text in left  # handed on (the facts store keeps the history), not lost
    assert "Kai is the tech lead on Vega." in text


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["Kai is the tech lead on Vega.", "The Vega release is due on 4 June.",
      "Finance approved 60 thousand euros for Vega.", "Heads-up: Vega slipped to 18 June.",
      "Update: Tariq takes over as tech lead of Vega; Kai moves to research."],
     ["4 June", "Kai is the tech lead"], ["18 June", "Tariq"]),
    (["Техлид на проекте Вега — Кай.", "Дедлайн релиза Вега — 4 июня.",
      "Финансы утвердили бюджет проекта Вега: 60 тысяч евро.", "Обновление: дедлайн сдвинули, теперь 18 июня."],
     ["4 июня"], ["18 июня"]),
    (["カイさんがVegaのテックリードです。", "Vegaのリリースは6月4日の予定です。",
      "Vegaのリリースは6月18日に延期になりました。"],
     ["6月4日"], ["6月18日"]),
])
def test_a_compaction_block_never_shows_the_old_value_as_current(texts: list[str], old: list[str],
                                                                  new: list[str]) -> None:
    counter = default_counter()
    block = extractive_body([SourceMessage(f"m{i}", "user", t) for i, t in enumerate(texts)], 300, counter)
    for value in new:
        assert value in block
    for line in block.splitlines():
        for value in old:
            # Left out, or on the line that says it changed ("moved from A to B").
            assert value not in line or any(v in line for v in new) or LATER in line


@pytest.mark.parametrize(("first", "change", "old"), [
    ("We chose Kafka for the Vega event bus.", "Change of plan: we're going with Pulsar instead of Kafka.",
     "We chose Kafka"),
    ("Для шины событий Вега выбрали Kafka.", "Планы поменялись: вместо Kafka берём Pulsar.", "выбрали Kafka"),
    ("VegaのイベントバスはKafkaに決定しました。", "予定変更で、KafkaではなくPulsarにします。", "Kafkaに決定"),
])
def test_a_changed_choice_leaves_the_old_choice_out(first: str, change: str, old: str) -> None:
    state, left = _evicted_fold(SummaryState(), [first])
    state, left = _evicted_fold(state, [change])
    text = render_summary(state)
    assert "Pulsar" in text and old not in text and left == [first]
    # A recalled line that states the old choice is marked with the new one.
    assert mark_superseded(f"person: {first}", [change]).endswith(f"({LATER}{change})")
    # A refusal of the same option is not an old choice: it stays.
    state, _ = _evicted_fold(SummaryState(), ["We turned down Hooli because of their pricing."])
    state, left = _evicted_fold(state, ["We went with Initech instead of Hooli."])
    assert left == []
