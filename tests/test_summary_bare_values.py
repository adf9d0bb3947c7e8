"""A value given in a reply of its own, after a line that names what it is the value of (issue 26).

"We finally have a paying customer for Kestrel." — "Okay — and?" — "Tidewater Bank." is one
fact over three messages; "My brother went to Tver." — "Nice." — "The neighbour flooded us
again." is two pieces of news. Also here: the price of a hotel room is small talk, and an item
whose value a later change turns away from by name leaves the summary.
"""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SMALL_TALK_PRIORITY, SummaryState, render_summary
from threadkeep.memory.summary.utterances import utterances
from threadkeep.memory.summary.work import UNLINKED_PRIORITY, rank_work
from threadkeep.messages import SourceMessage


def _said(*turns: tuple[str, str]) -> list[str]:
    msgs = [SourceMessage(str(i), role, text) for i, (role, text) in enumerate(turns)]
    return [u.text for u in utterances(msgs) if u.role == "user"]


@pytest.mark.parametrize(("head", "between", "value"), [
    ("We finally signed a customer for Heron.", "Okay, and?", "Marlow Shipping."),
    ("Somebody volunteered to do QA on Heron.", "Go on.", "Priyanka volunteered."),
    ("Legal asked us for a firm date on Heron.", "Sure.", "We told them May 19."),
    ("У Цапли наконец появился заказчик.", "Слушаю.", "Северсталь, договор у юристов."),
    ("Выбрали регион хостинга для Цапли.", "Так.", "Хельсинки."),
    ("Heronの顧客が決まりました。", "ええ。", "北斗物産です。"),
    ("Heronのリーダー、決まったよ。", "はい。", "森下さん。"),
])
def test_a_bare_value_completes_the_line_that_names_its_kind(head: str, between: str, value: str) -> None:
    said = _said(("user", head), ("assistant", between), ("user", value))
    assert len(said) == 1
    assert said[0].startswith(head.rstrip(".。")) and value.rstrip(".。").lower() in said[0].lower()


@pytest.mark.parametrize(("first", "second"), [
    # Complete news, each of its own: no kind of project value is named in the first.
    ("My brother drove to Tver for the weekend.", "The neighbour flooded us again."),
    ("Брат на выходных ездил в Тверь.", "Соседка опять нас затопила."),
    ("近所の山田さんが猫を飼い始めました。", "昨日ヨドバシでイヤホンを買いました。"),
    # A reply that names the head's project again is a statement of its own.
    ("Rosalind owns the backlog for Lark.", "We picked Postgres for Lark."),
    # A reply with a subject of its own ("避難訓練は") is not a bare value.
    ("Kazeのホスティング先でトラブルがありました。", "避難訓練は9月27日だそうです。"),
])
def test_news_is_not_read_as_the_value_of_the_line_before(first: str, second: str) -> None:
    assert _said(("user", first), ("assistant", "I see."), ("user", second)) == [first, second]


def test_a_trailing_ellipsis_does_not_swallow_a_new_statement() -> None:
    said = _said(("user", "今朝の電車、40分も遅れた…"), ("user", "Heronのリーダー、決まったよ。"),
                 ("assistant", "はい。"), ("user", "森下さん。"))
    assert said[0] == "今朝の電車、40分も遅れた…"
    assert "森下さん" in said[1] and said[1].startswith("Heronのリーダー")
    # A break-off still takes the value that completes it.
    assert _said(("user", "The new Heron deadline is…"), ("user", "18 June.")) == ["The new Heron deadline is 18 June."]


def _fold(texts: list[str]) -> SummaryState:
    msgs = [SourceMessage(f"m{i}", "user", t) for i, t in enumerate(texts)]
    return fold_summary(SummaryState(), msgs, summariser=ExtractiveSummariser()).state


@pytest.mark.parametrize("talk", [
    "A hotel room in Bergen was 240 euros a night, wild.",
    "Номер в гостинице в Тобольске — 5600 руб. за ночь.",
    "富山のホテル、一泊7400円だった。",
])
def test_the_price_of_a_hotel_room_is_not_work(talk: str) -> None:
    state = rank_work(_fold(["The Brightwater launch is on 12 June.", "The Brightwater budget is 300k.", talk]))
    item = next(i for i in state.items if i.text.startswith(talk[:8]))
    assert item.priority <= UNLINKED_PRIORITY
    heron = [i for i in state.items if "Brightwater" in i.text]
    assert heron and all(i.priority > UNLINKED_PRIORITY for i in heron)
    assert SMALL_TALK_PRIORITY < UNLINKED_PRIORITY


@pytest.mark.parametrize(("first", "change", "old", "new"), [
    ("We're putting the Heron servers in Zurich.", "Heron moved from Zurich to Madrid.", "in Zurich", "Madrid"),
    ("Серверы Heron ставим в Варшаве.", "Хостим Heron не в Варшаве, а в Осло.", "ставим в Варшаве", "Осло"),
    ("HeronのQAは北條さんです。", "HeronのQAは北條さんではなく西田さんです。", "北條さんです", "西田さん"),
])
def test_an_item_whose_value_a_change_turns_away_from_leaves(first: str, change: str, old: str, new: str) -> None:
    text = render_summary(_fold([first, "I'll send the Heron notes on Friday.", change]))
    assert new in text
    assert old not in text
