"""Facts over a prompt, lines that only steer, old values named in passing (issue 26).

The person opens a line, the assistant prompts ("Go on?", "Слушаю.", "どうぞ。") and the value
follows: one fact, whatever kind of value it is — and one the fold must not cut in two. A line
that only turns the talk to a project carries nothing. A change may name the old value in
passing ("meets on Fridays now, Monday suits nobody", "was 420k") or in another date format.
Worded apart from the evaluation banks.
"""

from __future__ import annotations

import os

import pytest

from threadkeep.crypto import MasterKey
from threadkeep.engine.window import summary_state
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.summary.base_names import with_base_names
from threadkeep.memory.summary.changes import changes_in
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SMALL_TALK_PRIORITY, SummaryState, render_summary
from threadkeep.memory.summary.sentences import analyse
from threadkeep.memory.summary.utterances import pending_tail, utterances
from threadkeep.memory.summary.work import only_steers, rank_work
from threadkeep.messages import SourceMessage
from threadkeep.store.models import Conversation

from .helpers import open_memory, unique_user


def _msgs(*turns: tuple[str, str]) -> list[SourceMessage]:
    return [SourceMessage(str(i + 1), role, text) for i, (role, text) in enumerate(turns)]


def _said(*turns: tuple[str, str]) -> list[str]:
    return [u.text for u in utterances(_msgs(*turns)) if u.role == "user"]


def _fold(*turns: tuple[str, str]) -> str:
    return render_summary(fold_summary(SummaryState(), _msgs(*turns), summariser=ExtractiveSummariser()).state)


@pytest.mark.parametrize(("head", "prompt", "value"), [
    ("notice period for Osprey", "Go on?", "90 days"),
    ("re the Osprey rollout window", "Okay — what did you agree?", "two weeks in March"),
    ("heard back from procurement about Osprey", "Sure, tell me.", "€48,000 all in"),
    ("по проекту «Скопа» срок поддержки", "Так, и?", "24 месяца"),
    ("Скопа: сколько стендов", "Слушаю.", "3 стенда, как и просили"),
    ("オスプレイの保守期間、合意しました", "どうぞ。", "18か月"),
])
def test_a_prompted_value_joins_the_line_that_opened_it(head: str, prompt: str, value: str) -> None:
    said = _said(("user", head), ("assistant", prompt), ("user", value))
    assert len(said) == 1 and said[0].startswith(head) and said[0].endswith(value)


@pytest.mark.parametrize(("first", "between", "second"), [
    # A small-talk question with a capital after its first sentence names nothing.
    ("дождь третий день", "Сочувствую. Зонт жив?", "«Скопа» переезжает в Казань, решили вчера"),
    # No prompt: the assistant acknowledged, it did not ask for the rest.
    ("notice period for Osprey", "Thanks, noted.", "the gym was packed today"),
])
def test_no_prompt_no_join(first: str, between: str, second: str) -> None:
    assert _said(("user", first), ("assistant", between), ("user", second)) == [first, second]


def test_an_acknowledgement_is_not_what_the_person_confirms() -> None:
    said = _said(("user", "オスプレイの件です"), ("assistant", "記録しておきます。"), ("user", "はい、そうです"))
    assert not any("記録しておきます" in s for s in said)


def test_a_japanese_reply_in_kanji_answers_the_assistant_question() -> None:
    said = _said(("user", "ではオスプレイの話を"), ("assistant", "オスプレイはどこでホストしますか？"),
                 ("user", "札幌のDCです"))
    assert any("札幌" in s and "オスプレイ" in s for s in said)


@pytest.mark.parametrize("text", [
    "Switching to Osprey for a sec", "Right, Osprey.", "Есть минутка на проект «Скопа»?",
    "Переключимся на проект «Скопа»", "ではオスプレイの話を",
])
def test_a_line_that_only_steers_to_a_project_carries_nothing(text: str) -> None:
    entities = frozenset({"ospre", "скопа", "オスプレイ"})
    assert only_steers("context" if "?" not in text else "questions", analyse(text), entities)


def test_turning_the_talk_is_no_next_step() -> None:
    entities = frozenset({"ospre", "скопа"})
    assert only_steers("next_steps", analyse("Переключимся на проект «Скопа»"), entities)
    assert not only_steers("next_steps", analyse("Сначала описываем API проекта «Скопа»"), entities)


@pytest.mark.parametrize(("fld", "text"), [
    ("decisions", "Osprey is cancelled"),
    ("numbers", "Osprey goes live on 4 May"),
    ("questions", "Who signs off the Osprey privacy review?"),
    ("context", "オスプレイは札幌拠点でやることに"),
])
def test_a_line_that_says_something_about_a_project_is_not_steering(fld: str, text: str) -> None:
    assert not only_steers(fld, analyse(text), frozenset({"ospre", "オスプレイ"}))  # type: ignore[arg-type]


def test_steering_lines_rank_with_the_small_talk() -> None:
    state = fold_summary(SummaryState(), _msgs(
        ("user", "Hollis leads Osprey."), ("assistant", "Noted."),
        ("user", "The Osprey budget is 410k."), ("assistant", "Noted."),
        ("user", "Right, Osprey."), ("assistant", "Yes?"),
    ), summariser=ExtractiveSummariser()).state
    ranked = {i.text: i.priority for i in rank_work(state).items}
    assert ranked.get("Right, Osprey.", SMALL_TALK_PRIORITY) == SMALL_TALK_PRIORITY
    assert ranked["The Osprey budget is 410k."] > SMALL_TALK_PRIORITY


@pytest.mark.parametrize(("line", "old"), [
    ("Osprey: 310 seats now (was 280)", "280"),
    ("бюджет «Скопы» пересмотрели: было 420 тысяч, стало 380 тысяч", "420"),
    ("Dagster is off for Osprey, we go with Prefect", "dagst"),
    ("Dagster отпадает, для «Скопы» берём Prefect", "dagst"),
    ("オスプレイはDagsterはなしで、Prefectで行きます", "dagst"),
])
def test_old_values_said_in_passing(line: str, old: str) -> None:
    assert any(old in c.old for c in changes_in(line))


def test_one_date_in_two_formats_is_one_value() -> None:
    (change,) = changes_in("Osprey go-live moved to 3 November (was 2026-10-12)")
    assert "@10-12" in change.old and "@11-03" in change.new
    summary = _fold(("user", "hard deadline for Osprey: 2026-10-12"), ("assistant", "Noted."),
                    ("user", "Osprey go-live moved to 3 November (was October 12)"), ("assistant", "Updated."))
    assert "3 November" in summary and "2026-10-12" not in summary


def test_a_change_naming_the_old_weekday_in_passing_replaces_its_line() -> None:
    summary = _fold(("user", "команда проекта «Скопа» созванивается по понедельникам"), ("assistant", "Ок."),
                    ("user", "мы передумали: по проекту «Скопа» встречаемся по пятницам, в понедельник всем неудобно"),
                    ("assistant", "Обновил."))
    assert "по пятницам" in summary and "созванивается по понедельникам" not in summary


def test_a_change_cuts_only_its_own_statement_from_an_item() -> None:
    summary = _fold(("user", "Osprey is sized for 3,400 users. also the Osprey contract runs 20 months"),
                    ("assistant", "Got it."), ("user", "x"), ("assistant", "y"),
                    ("user", "seat count for Osprey is now 3,900 (was 3,400)"), ("assistant", "Updated."))
    assert "20 months" in summary and "3,900" in summary and "3,400 users" not in summary


def test_listed_facts_are_read_apart() -> None:
    summary = _fold(("user", "the client on Osprey is Halden Foods; Hollis owns Osprey from now on"),
                    ("assistant", "Okay."), ("user", "x"), ("assistant", "y"),
                    ("user", "update: Hollis moved to another team, Brann took over Osprey"), ("assistant", "Ok."))
    assert "Halden Foods" in summary


def test_the_assistant_reading_back_keeps_the_persons_correction() -> None:
    summary = _fold(("user", "Osprey's lead is Hollis"), ("assistant", "Noted: the Osprey lead is Hollis."),
                    ("user", "Osprey's lead: not Hollis but Brann"), ("assistant", "Updated: the Osprey lead is Brann."))
    assert "not Hollis but Brann" in summary


@pytest.mark.parametrize(("text", "base"), [
    ("созвон по «Скопе» переносим с четверга на пятницу", "пятница"),
    ("планёрка по средам", "среда"),
    ("от Kafka отказались из-за лицензии", "лицензия"),
])
def test_russian_lower_case_values_get_their_base_form(text: str, base: str) -> None:
    assert with_base_names(text).endswith(")") and base in with_base_names(text)


def test_words_that_only_start_like_a_weekday_are_left_alone() -> None:
    assert with_base_names("средства выделены") == "средства выделены"


@pytest.mark.parametrize(("turns", "held"), [
    ([("user", "a"), ("assistant", "b"), ("user", "notice period for Osprey")], 1),
    ([("user", "a"), ("user", "notice period for Osprey"), ("assistant", "Go on?")], 2),
    ([("user", "a"), ("assistant", "b"), ("user", "c"), ("assistant", "Where will Osprey be hosted?")], 1),
    ([("user", "a"), ("assistant", "b"), ("user", "We agreed on 40k for Osprey."), ("assistant", "Noted.")], 0),
    ([("user", "notice period for Osprey")], 0),  # never the whole range
])
def test_a_fold_holds_back_a_line_waiting_for_its_value(turns: list[tuple[str, str]], held: int) -> None:
    assert pending_tail(_msgs(*turns)) == held


async def test_the_engine_folds_a_prompted_value_with_its_line(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    def reply(request) -> str:  # type: ignore[no-untyped-def]
        return "Go on?" if request.messages[-1].text == "notice period for Osprey" else "ok"

    m = open_memory(f"sqlite:///{tmp_path / 'h.db'}", MasterKey(os.urandom(32), "t"), settings,
                    ScriptedModel(responder=reply))
    user = unique_user()
    r = await m.send("start", user=user)
    cid = r.conversation_id
    # Seven more user turns, then the opener as the 15th message: the first fold (1..15)
    # would end on it; its value is the 17th.
    for i in range(6):
        await m.send(f"chat {i}", user=user, conversation_id=cid)
    await m.send("notice period for Osprey", user=user, conversation_id=cid)
    await m.send("90 days", user=user, conversation_id=cid)
    for i in range(10):
        await m.send(f"more chat {i}", user=user, conversation_id=cid)
    prep = m.background.prepare_fold(cid)
    assert prep is not None and prep.span.last == 14
    assert all(msg[2] != "notice period for Osprey" for msg in prep.messages)
    await m.drain_jobs()
    for i in range(12):
        await m.send(f"later chat {i}", user=user, conversation_id=cid)
        await m.drain_jobs()
    with m.db.session() as s:
        conv = s.get(Conversation, cid)
        assert conv is not None and conv.summary_cursor > 17
        text = render_summary(summary_state(s, m.vault, conv))
    assert "notice period for osprey — 90 days" in text.lower()
    await m.close()


def test_japanese_hosting_and_office_are_two_sorts_of_place() -> None:
    from threadkeep.memory.summary.corrections import replaced_by

    office = "オスプレイチームはどのオフィスですか — 旭川の新オフィスです"
    (hosting,) = changes_in("オスプレイのホスティングは函館から高松に移ります")
    (team,) = changes_in("オスプレイのチームは旭川から札幌に移ります")
    assert "函館" in hosting.old and "旭川" in team.old
    assert not replaced_by(office, hosting)
    assert replaced_by(office, team)
    assert replaced_by("オスプレイのサーバーは函館に置く", hosting)
