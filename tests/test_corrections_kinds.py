"""Which earlier line a change replaces, by the kind of value (issue 26, item 3): a change that
names the old value beside the new one, a price that is not the budget, a slot named without a
new value."""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.changes import changes_in
from threadkeep.memory.summary.corrections import replaced_by
from threadkeep.memory.summary.superseded import states_older
from threadkeep.memory.summary.value_roles import number_role


def _replaced(line: str, change: str) -> bool:
    return any(replaced_by(line, c) for c in changes_in(change))


@pytest.mark.parametrize(("line", "change"), [
    ("We're putting the Heron servers in Lisbon.", "Turns out Lisbon is full, Heron will be hosted in Porto."),
    ("Команда Heron сидит в офисе в Казани.", "В Казани аренду не продлили, так что Heron теперь в Самаре."),
    ("Heron делают ребята из Уфы.", "Передумали: Heron будет работать из Перми, не из Уфы."),
    ("Heads up, Delphine said yes to leading Heron.", "Turns out Delphine can't lead Heron after all — Anneliese is leading it."),
    ("CI system for Heron — Buildkite.", "Are we still on Buildkite for Heron, or was that replaced — Replaced — Drone."),
    ("Серверы Heron стоят в Варшаве.", "Heron переезжает из Варшавы в Осло."),
    ("Heronのサーバーはシカゴに置きます。", "Heronは香港へ移しました。"),
])
def test_a_change_that_names_the_old_value_replaces_its_line(line: str, change: str) -> None:
    assert _replaced(line, change)


@pytest.mark.parametrize(("line", "change"), [
    # A price per seat is not the budget, nor the budget a price.
    ("Heron pricing: $45 a seat.", "Update: the Heron budget got cut to $340k."),
    ("Finance approved $560k for Heron.", "Sales pushed back, we've switched Heron to $47 per seat."),
    ("Бюджет Heron — 47 млн.", "Поменяли цену Heron: теперь 1600 рублей за место."),
    # A new office does not replace the hosting region, nor a hosting change a tech choice.
    ("Heronはジャカルタリージョンで動かします。", "Heronチームは横須賀オフィスに移ることになりました。"),
    ("HeronではPulsarを使うことにした。", "Heronはジャカルタではなく東京に置きます。"),
    ("Heron runs in the Frankfurt region.", "The Heron team moved to the Leeds office."),
    # "From Zurich to Warsaw" turns away from Zurich, not from Warsaw.
    ("Heron переезжает в Варшаву.", "Heron переезжает из Цюриха в Варшаву."),
])
def test_a_change_of_another_kind_leaves_the_line_alone(line: str, change: str) -> None:
    assert not _replaced(line, change)


@pytest.mark.parametrize(("text", "role"), [
    ("$45 per seat", "price"), ("45 dollars a seat", "price"), ("1600 рублей за место", "price"),
    ("1席850円", "price"), ("Yes, $52 is the new price.", "price"),
    ("$560k for Heron", "money"), ("47 млн на Heron", "money"), ("1300万円で承認", "money"),
])
def test_money_said_per_unit_is_a_price(text: str, role: str) -> None:
    import re

    m = [m for m in re.finditer(r"\d+", text)][-1]
    assert number_role(text, m.start(), m.end()) == role


def test_a_date_is_replaced_by_a_date_not_by_a_line_naming_its_slot() -> None:
    assert not states_older("Heron запускаем 4 сентября.", "Без подписи Алины релизы Heron не выходят.")
    assert states_older("Heron запускаем 4 сентября.", "Релиз Heron перенесли на 9 сентября.")


def test_a_japanese_set_aside_option_is_the_latin_word_before_dewanaku_only() -> None:
    from threadkeep.memory.summary.superseded import set_aside

    assert set_aside("KafkaではなくPulsarにします。") == {"kafka"}
    # "MinatoのQAは北條さんではなく…" sets aside 北條さん, not the project named before it.
    assert set_aside("MinatoのQAは北條さんではなく西田さんです。") == set()
    assert not states_older("Minatoの顧客が決まりました — 富士見製薬です。", "MinatoのQAは北條さんではなく西田さんです。")


@pytest.mark.parametrize(("line", "change"), [
    # The assistant asked whether the old value still holds; the answer gives the new one.
    ("Are we still on Pulsar for Heron, or was that replaced?",
     "Are we still on Pulsar for Heron, or was that replaced — Replaced — Redpanda."),
    # A price in roubles said with ₽ and «почём» is a price.
    ("Почём продаём место в Heron — по 1550 рублей.", "Передумали с ценой: Heron будет стоить 1050 ₽, а не 1550."),
    # «приёмка» is QA; "QA" is read in Japanese text too.
    ("Без подписи Алины релизы Heron не выходят — Алина у нас QA.", "Передумали: приёмку по Heron будет делать Семён."),
    # A licence's monthly price is a price; a Japanese office said as "…から運営します".
    ("Each Heron licence goes for 150 EUR monthly.", "News on Heron pricing — 220 euros per seat from now on."),
    ("Heronは仙台の拠点で開発します。", "予定変更です。Heronは広島から運営します。"),
])
def test_more_ways_a_change_replaces_a_line(line: str, change: str) -> None:
    assert _replaced(line, change)
    # A question the change does not answer is not an old value.
    assert not _replaced("Who leads Heron now?", "Heron's new lead is Kai.")
