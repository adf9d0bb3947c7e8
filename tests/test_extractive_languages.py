"""The extractive summary reads behaviour, not phrasings, in English, Russian and Japanese (issue 17).

Every sentence here is phrased unlike the summariser's own examples: outcomes stated as a win,
refusals without a refusal verb, amounts with abbreviated units, leads changed without the
words "tech lead", dates that move without the word "deadline".
"""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SourceMessage, SummaryState, render_summary
from threadkeep.memory.summary.sentences import split_sentences

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def _fold(*batches: list[str], cap: int = 400) -> str:
    state, n = SummaryState(), 0
    for batch in batches:
        msgs = []
        for text in batch:
            n += 1
            msgs.append(SourceMessage(f"m{n}", "user", text))
        state = fold_summary(state, msgs, summariser=ExtractiveSummariser(), cap=cap).state
    return render_summary(state)


def _field(summary: str, header: str) -> str:
    block = summary.split(header, 1)
    return block[1].split("\n## ", 1)[0] if len(block) == 2 else ""


@pytest.mark.parametrize(("text", "parts"), [
    ("Финансисты одобрили 130 тыс. евро на Пульсар.", 1),
    ("На Зенит выделили 85 млн руб. — это окончательно.", 1),
    ("It costs approx. 40 euros. Then we stop.", 2),
    ("Бюджет согласован. Дальше работаем.", 2),
])
def test_an_abbreviated_unit_does_not_end_the_sentence(text: str, parts: int) -> None:
    assert len(split_sentences(text)) == parts


@pytest.mark.parametrize(("sentence", "header"), [
    ("Outcome of the review: NATS won over Pulsar for the message bus.", "## Decisions"),
    ("We went for gRPC for the internal API after the trial.", "## Decisions"),
    ("Contoso didn't make the cut since their servers are all in one region.", "## Decisions"),
    ("Для кэша берём Valkey, Hazelcast проиграл.", "## Decisions"),
    ("По итогам сравнения для шины сообщений победил NATS.", "## Decisions"),
    ("С Fabrikam не работаем: их лицензия запрещает доработки.", "## Decisions"),
    ("比較の結果、キャッシュはValkeyが勝ちました。", "## Decisions"),
    ("Tyrellは契約期間が長すぎるので見送りました。", "## Decisions"),
    ("Beatrix has been appointed lead engineer for Quasar.", "## Participants"),
    ("Технически за Меридиан отвечает Тимофей.", "## Participants"),
    ("Miraiの開発はハルトさんが率いることになりました。", "## Participants"),
])
def test_decisions_refusals_and_roles_in_any_phrasing(sentence: str, header: str) -> None:
    assert sentence.rstrip(".。") in _field(_fold([sentence]), header)


def test_a_reason_in_its_own_sentence_stays_with_the_refusal() -> None:
    summary = _fold(["Cyberdyneとは契約しません。ライセンスで改変が禁止されているからです。"])
    assert "ライセンスで改変が禁止されている" in _field(summary, "## Decisions")


@pytest.mark.parametrize(("old", "new", "stale", "current"), [
    (["The Kestrel go-live is set for 17 November."], ["Kestrel slipped to 25 November."],
     "17 November", "25 November"),
    (["Выпуск Тайга запланирован на 8 февраля."], ["Тайга переносится на 15 февраля."],
     "8 февраля", "15 февраля"),
    (["Hikariの公開は9月13日です。"], ["Hikariの公開日は9月19日にずれました。"], "9月13日", "9月19日"),
    (["For Juniper, Consuelo owns the technical side."], ["Wanjiru is taking the reins on Juniper."],
     "Consuelo owns", "Wanjiru"),
    (["Технически за Меридиан отвечает Тимофей."], ["Теперь Меридиан ведёт Святослав."],
     "отвечает Тимофей", "Святослав"),
    (["The Tundra budget came through: $85,000."], ["Finance approved 120k USD for Tundra instead."],
     "$85,000", "120k"),
    (["Бюджет Тайга согласован: 130 тыс. долларов."], ["На Тайга выделили 200 тыс. долларов."],
     "130 тыс", "200 тыс"),
])
def test_a_new_value_replaces_the_old_item(old: list[str], new: list[str], stale: str,
                                           current: str) -> None:
    summary = _fold(old, new)
    assert current in summary
    assert stale not in summary, summary


def test_small_talk_numbers_leave_before_project_facts() -> None:
    project = ["Finance signed off on 130k USD for Quasar.",
               "The Quasar go-live is set for 4 March.",
               "We went for NATS for Quasar's message bus."]
    chatter = [f"Lunch cost me {n} euros today, prices keep rising." for n in range(11, 40)]
    summary = _fold(project + chatter, cap=150)
    for kept in ("130k", "4 March", "NATS"):
        assert kept in summary, summary
    assert summary.count("Lunch cost me") < len(chatter)
