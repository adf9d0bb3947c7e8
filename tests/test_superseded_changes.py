"""A superseded value is never shown as current (issue 26, item 3): changes read from the
messages themselves mark the earlier lines they replaced in every layer, in English, Russian
and Japanese and in several styles of correction. Dialogs and names are our own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals import run_five_questions
from tests.superseded_dialogs import dialogs
from threadkeep.context.assemble import TurnInputs
from threadkeep.engine.request import superseded_marked
from threadkeep.memory.summary.corrections import LATER, changes_in, mark_lines, replaced_by
from threadkeep.memory.summary.items import Item, SummaryState
from threadkeep.memory.summary.sentences import split_sentences
from threadkeep.messages import SourceMessage

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

# (earlier statement, later change) — each style of correction, each language.
REPLACED = [
    ("Kai is the tech lead on Vega.", "Update: Tariq takes over as tech lead; Kai moves to research."),
    ("We chose Kafka for the Vega event bus.", "Change of plan: we're going with Pulsar instead of Kafka."),
    ("The offsite is in Lisbon.", "Actually the offsite will be in Porto."),
    ("The kickoff is on Tuesday at 10.", "No wait, the kickoff is Thursday, not Tuesday."),
    ("Budget for Vega is 75k euros.", "Scratch that, the Vega budget is 90k euros."),
    ("The release deadline for Vega is 4 June.", "Vega slipped to 18 June."),
    ("Our vendor for the badges is Acme.", "We switched the badge vendor to Globex."),
    ("Техлид на проекте Вега — Кай.", "Поправка: техлидом Вега становится Тарик."),
    ("Дедлайн релиза Вега — 4 июня.", "Релиз Вега перенесли на 18 июня."),
    ("Офсайт будет в Лиссабоне.", "Вернее, офсайт будет в Порту."),
    ("Для шины событий выбрали Kafka.", "Передумали: вместо Kafka берём Pulsar."),
    ("Vegaのリリースは6月4日の予定です。", "やっぱりVegaのリリースは6月18日に延期になりました。"),
    ("VegaのイベントバスはKafkaに決定しました。", "KafkaではなくPulsarにします。"),
    ("オフサイトはリスボンで行います。", "変更です、オフサイトはポルトになりました。"),
    ("予算は500万円です。", "予算は700万円に変更になりました。"),
    ("The venue for the workshop is Hall A.", "Turns out the venue is Hall B, not Hall A."),
    ("Finance gave us 60k for the pilot.", "Ops cut the pilot budget to 40k."),
    ("Let's meet on Tuesday to plan.", "Forget Tuesday — let's meet Wednesday."),
    ("PM проекта Атлас — Том.", "Вместо Тома PM теперь Лена."),
    ("Демо в четверг.", "Демо перенесли на пятницу."),
    ("Ждём 14 человек на воркшоп.", "Точнее, на воркшоп придут 12 человек, а не 14."),
    ("AtlasのPMはトムさんです。", "PMはトムさんからレナさんに変わりました。"),
    ("パイロットの予算は60万円です。", "予算は40万円に減らされました。"),
    # A change that names the old value marks every statement of it about the same thing,
    # and a short answer that names nothing else.
    ("It's Priya.", "Update: Jonas takes over Atlas from Priya."),
    ("Atlas reports to Priya now.", "Update: Jonas takes over Atlas from Priya."),
    ("Priya owns the Atlas backlog.", "Actually, Jonas is taking over the Atlas backlog; Priya moved teams."),
    ("На Атлас дали 40 тыс. евро.", "Финансы выделяют 55 тысяч на Атлас, а не 40."),
    ("Новосибирск — домашняя база Атлас.", "Команда Атлас переехала из офиса в Новосибирске в офис в Томске."),
    ("経理がAtlasに50万円を出します。", "訂正：Atlasの予算は50万円ではなく70万円です。"),
    # A question that states a value (the assistant checking it) is a statement of it.
    ("To double-check, the Atlas budget is 120k?", "The Atlas budget is now 150k."),
    ("Значит, Атлас выходит 2 марта?", "Сроки сдвинулись, Атлас теперь 9 марта."),
    # The same project's value of the same kind: a place, a date, a person who leads it.
    ("Frankfurt is the hosting region for Atlas.", "Correction: Atlas will be hosted in Dublin."),
    ("Сервера Атлас стоят в Варшаве, там и хостимся.", "Обновление: Атлас переезжает в Дублин."),
    ("Раскатываем Атлас 4 июня.", "Новая дата релиза Атлас — 11 июня."),
    ("ケンタさんにAtlasをお願いしました。", "Atlasの新しいリーダーはユミさんです。"),
    ("Atlasはフランクフルトリージョンで動かします。", "やっぱりAtlasはダブリンリージョンになりました。"),
    ("Atlasは福岡の拠点で作っています。", "Atlasのチームは札幌オフィスに移転しました。"),
    # The same event however it is inflected ("бета", "бете"); "from now on" (今後) is a change;
    # "X から運営" runs from a place, it sets nothing aside.
    ("Бета-версия Атлас откроется 2 марта.", "Новости по бете Атлас — перенесли на 9 марта."),
    ("Atlasの料金は1人2000円にします。", "Atlasの料金について — 今後は1席1800円です。"),
    ("Atlasは福岡から運営しています。", "やっぱりAtlasは札幌から運営します。"),
]
# (earlier statement, later statement) that replace nothing.
KEPT = [
    ("We had 680 people at the demo.", "We had 599 people at the demo."),  # two demos
    ("Who leads Vega now?", "Actually Tariq leads Vega."),  # a question states nothing
    ("Tariq leads Vega.", "Update: Tariq now leads Vega."),  # says the new value already
    ("Vegaのキックオフは火曜日です。", "Vegaの予算は90万円に変わりました。"),  # another slot
    ("Update: Tariq takes over as tech lead of Vega.", "Kai is the tech lead on Vega."),  # plain after a correction
    ("Room 12 has a broken projector.", "Change of plan: the offsite goes to Porto."),
    # One topic word in common, a date against a room number.
    ("Budget review is planned for 3 March.", "Lena said the code review moved to room 17."),
    ("The budget review is planned for 3 March.", "Lena said the code review moved to room 17."),
    # The same new date, said without the project's name, is the same statement.
    ("Heads-up: the launch slipped, it is 20 May now.", "Vega — heads-up: the launch slipped, it is 20 May now."),
    # A value of another kind about the same project: a duration, a head count, a language
    # or a database is not a budget or a hosting place; a date of another event is not the
    # project's date.
    ("Atlas must respond within 300 ms.", "The Atlas budget is now 150k."),
    ("There are 9 of us on Atlas.", "The Atlas budget is now 150k."),
    ("На Атлас выделили 6 инженеров.", "Обновление: бюджет Атлас урезали до 55 тысяч евро."),
    ("We build Atlas in Kotlin.", "Correction: Atlas will be hosted in Dublin."),
    ("Atlas stores everything in Neo4j.", "The Atlas team relocated from Oslo to Bergen."),
    ("The Atlas demo is on 2 March.", "Update: the Atlas release moved to 20 March."),
    ("Atlasは1席3000円です。", "実はAtlasのバックログはユミさんが引き継ぎます。"),
    ("Atlasの契約は24ヶ月です。", "Atlasは1500円ではなく1席2000円です。"),
    # Another role on the same project: the sponsor is not the product owner.
    ("Если Атлас понадобится поддержка, наш спонсор — Эдуард.", "Планы поменялись: владелец Атлас теперь Глеб."),
    ("ケンタさんがAtlasのスポンサーになりました。", "実はAtlasのバックログはユミさんが引き継ぎます。"),
    # Advice whose only capital is its first word states no slot ("Lead" is not a lead).
    ("Casimir agreed to lead Atlas.", "Lead with the numbers on the first slide."),
    # Another office's news is not the project's office.
    ("大阪オフィスのコーヒーマシンが壊れました。", "Atlasのチームは札幌オフィスに移転しました。"),
    # News about the person a change turned away from is not the role they left.
    ("Priya is off to Lisbon next week.", "Update: Jonas takes over Atlas from Priya."),
    # Different things that share only a reporting verb or a short word.
    ("Scratch that, finance says 70k for Atlas, not 50k.", "Ilse says the garage has 300 spaces now."),
    ("Atlas is run out of Oslo.", "Jenkins got cut: it kept timing out on big builds."),
]
# (earlier statement, a sentence that only turns away from its value, the sentence after it).
CARRIED = [
    ("Бета Атлас — 2 марта.", "Забудь про 2 марта.", "Бета Атлас будет 9 марта."),
    ("Atlasのベータは3月2日の予定です。", "3月2日は忘れてください。", "Atlasのベータは3月9日です。"),
    ("The Atlas beta is on 2 March.", "Forget 2 March.", "The Atlas beta is on 9 March."),
    ("Atlasは福岡の拠点で作っています。", "福岡は忘れてください。", "Atlasは今は札幌オフィスです。"),
    ("Atlasの質問は今後ケンタさんへお願いします。", "ケンタさんの件は忘れてください。", "Atlasのオーナーはユミさんです。"),
]


@pytest.mark.parametrize(("old", "new"), REPLACED)
def test_a_later_change_replaces_the_earlier_value(old: str, new: str) -> None:
    changes = changes_in(new)
    assert any(replaced_by(old, c) for c in changes), changes
    marked = mark_lines(f"- [2026-03-01] you: {old}", changes)
    # The new value is on the old value's line (its Russian base forms after it, in brackets).
    assert f"({LATER}{new}" in marked and marked.endswith(")")


@pytest.mark.parametrize(("old", "new"), KEPT)
def test_what_is_not_a_replacement_stays_unmarked(old: str, new: str) -> None:
    assert not any(replaced_by(old, c) for c in changes_in(new))
    assert mark_lines(old, changes_in(new)) == old


@pytest.mark.parametrize(("old", "away", "new"), CARRIED)
def test_what_a_sentence_turns_away_from_is_what_the_next_one_replaces(old: str, away: str, new: str) -> None:
    marked = mark_lines(f"- [2026-03-01] you: {old}", changes_in(f"{away} {new}"))
    assert marked.endswith(f"({LATER}{new})")


def test_a_mark_stays_on_the_line_of_the_sentence_it_marks() -> None:
    text = "The offsite is in Lisbon. (later changed: Actually it is Porto.) Lunch is at noon."
    assert split_sentences(text) == ["The offsite is in Lisbon. (later changed: Actually it is Porto.)",
                                     "Lunch is at noon."]
    ja = "キックオフは火曜日です。(later changed: やっぱり木曜日にします。)次の話です。"
    assert split_sentences(ja) == ["キックオフは火曜日です。(later changed: やっぱり木曜日にします。)", "次の話です。"]


def test_within_a_text_only_a_later_line_marks_an_earlier_one() -> None:
    text = ("[2026-03-01] you: The offsite is in Lisbon.\n"
            "[2026-03-02] you: Actually the offsite will be in Porto.\n"
            "[2026-03-03] you: Change of plan again: the offsite moves to Bilbao.")
    lines = mark_lines(text).splitlines()
    assert lines[0].endswith("(later changed: Change of plan again: the offsite moves to Bilbao.)")
    assert lines[1].endswith("(later changed: Change of plan again: the offsite moves to Bilbao.)")
    assert LATER not in lines[2]


def test_per_turn_layers_are_marked_by_the_window_and_the_cached_prefix_is_not() -> None:
    note = SourceMessage("note1", "user", "<recalled_note>\nRecalled from earlier conversations:\n"
                         "- [2026-03-01] you: Our vendor for the badges is Acme.\n</recalled_note>")
    history = (
        SourceMessage("m1", "user", "The kickoff is on Tuesday at 10."),
        SourceMessage("m2", "assistant", "Noted."),
        note,
        SourceMessage("m3", "user", "We switched the badge vendor to Globex."),
        SourceMessage("m4", "user", "No wait, the kickoff is Thursday, not Tuesday."),
    )
    old_item = Item("i1", "decisions", "Budget for Vega is 75k euros.", ("m0",), 4, 1, 1)
    new_item = Item("i2", "decisions", "Scratch that, the Vega budget is 90k euros.", ("m0b",), 4, 2, 2)
    state = SummaryState((old_item, new_item), 3, 1)
    inputs = TurnInputs(system="s", new_message="Where do we stand?",
                        summary="## Decisions\n- Budget for Vega is 75k euros.\n"
                                "- Scratch that, the Vega budget is 90k euros.",
                        history=history,
                        recalled=("[2026-02-20] you: The Vega budget is 75k euros.",
                                  "[2026-02-21] you: The kickoff is on Tuesday at 10, room 4."))
    marked = superseded_marked(inputs, state, {"note1"})
    # The turn's recalled lines: by the summary's correction and by the window's change.
    assert marked.recalled[0].endswith("(later changed: Scratch that, the Vega budget is 90k euros.)")
    assert marked.recalled[1].endswith("(later changed: No wait, the kickoff is Thursday, not Tuesday.)")
    # The summary, by the item touched after it: it changes only when the summary does.
    assert marked.summary.splitlines()[1].endswith("(later changed: Scratch that, the Vega budget is 90k euros.)")
    assert LATER not in marked.summary.splitlines()[2]
    # Verbatim messages and the recall note stay byte for byte: a change in the window must
    # not rewrite the provider's cached prefix (the correction itself is in the window).
    assert marked.history == history


def test_a_new_change_in_the_window_leaves_the_cached_prefix_as_it_was() -> None:
    history = (SourceMessage("m1", "user", "The offsite is in Lisbon."),
               SourceMessage("m2", "assistant", "Noted."))
    item = Item("i1", "decisions", "The offsite is in Lisbon.", ("m1",), 4, 1, 1)
    state = SummaryState((item,), 1, 1)
    summary = "## Decisions\n- The offsite is in Lisbon."
    before = superseded_marked(TurnInputs(system="s", new_message="?", summary=summary, history=history),
                               state, set())
    grown = (*history, SourceMessage("m3", "user", "Change of plan: the offsite moves to Porto."))
    after = superseded_marked(TurnInputs(system="s", new_message="?", summary=summary, history=grown,
                                         recalled=("[2026-02-20] you: The offsite is in Lisbon.",)),
                              state, set())
    assert after.summary == before.summary and after.history[:2] == before.history[:2]
    assert after.recalled[0].endswith("(later changed: Change of plan: the offsite moves to Porto.)")


def test_nothing_to_mark_leaves_the_inputs_as_they_are() -> None:
    inputs = TurnInputs(system="s", new_message="hi", summary="## Decisions\n- We chose Kafka.",
                        history=(SourceMessage("m1", "user", "Room 12 has a broken projector."),),
                        recalled=("[2026-02-20] you: Kai said 40 people signed up.",))
    assert superseded_marked(inputs, SummaryState(), set()) == inputs


def test_own_dialogs_show_no_superseded_value_as_current(tmp_path: Path) -> None:
    # Through the engine: corrections in four styles per language, folded into the summary,
    # recalled and compacted; no line of any request may show the old value alone.
    path = tmp_path / "own.json"
    path.write_text(json.dumps(dialogs(), ensure_ascii=False), encoding="utf-8")
    result = run_five_questions(path, budget=2000, embeddings=False)
    for lang, row in result["by_language"].items():
        assert row["stale_beside"] == 0.0, (lang, result["misses"])
        assert row["stale_kept"] == 0.0, (lang, result["misses"])
        assert row["assembled"] == 1.0, (lang, result["misses"])


def test_a_cue_said_alone_carries_to_the_next_sentence() -> None:
    changes = changes_in("Scratch that. Porto it is for the offsite.")
    assert changes and changes[0].cued
    assert mark_lines("The offsite is in Lisbon.", changes).endswith(
        "(later changed: Porto it is for the offsite.)")


def test_a_plain_summary_item_is_marked_by_a_recalled_correction_not_the_reverse() -> None:
    plain = Item("i1", "decisions", "The offsite is in Lisbon.", ("m1",), 4, 1, 1)
    again = Item("i2", "decisions", "Change of plan again: the offsite moves to Bilbao.", ("m9",), 4, 2, 2)
    state = SummaryState((plain, again), 3, 1)
    summary = "## Decisions\n- The offsite is in Lisbon.\n- Change of plan again: the offsite moves to Bilbao."
    inputs = TurnInputs(system="s", new_message="?", summary=summary,
                        recalled=("[2026-02-20] you: Actually the offsite will be in Porto.",))
    lines = superseded_marked(inputs, state, set()).summary.splitlines()
    assert lines[1].endswith("(later changed: Change of plan again: the offsite moves to Bilbao.)")
    assert LATER not in lines[2]  # a correction in the summary is not marked by a recalled one


def test_a_change_the_assistant_says_and_the_person_confirms_marks_the_old_value() -> None:
    history = (
        SourceMessage("m2", "assistant", "Noted."),
        SourceMessage("m3", "assistant", "So the offsite moves to Porto now?"),
        SourceMessage("m4", "user", "Yes, exactly."),
    )
    inputs = TurnInputs(system="s", new_message="?", history=history,
                        recalled=("[2026-02-20] you: The offsite is in Lisbon.",))
    marked = superseded_marked(inputs, SummaryState(), set())
    assert "Porto" in marked.recalled[0] and LATER in marked.recalled[0]
    assert marked.history == history


def test_a_fact_is_marked_only_by_a_change_said_after_its_message() -> None:
    history = (
        SourceMessage("m1", "user", "Actually the offsite will be in Porto."),
        SourceMessage("m2", "user", "The offsite is in Lisbon, final answer."),
        SourceMessage("m3", "user", "Change of plan: the offsite goes to Bilbao."),
    )
    inputs = TurnInputs(system="s", new_message="?", history=history,
                        facts=("Offsite: the offsite is in Porto", "Offsite: the offsite is in Lisbon"))
    facts = superseded_marked(inputs, SummaryState(), set(), (("m0",), ("m3",))).facts
    assert facts[0].endswith("(later changed: Change of plan: the offsite goes to Bilbao.)")  # older
    assert facts[1] == inputs.facts[1]  # said with the last change: nothing after it
