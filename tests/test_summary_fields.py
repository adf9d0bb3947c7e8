"""Open questions and next steps reach their fields (issue 26 item 4, fourth round): undecided
statements in other words, a task the speaker takes on, a project's later facts that do not
settle its questions, "won't" that is no decision; and the eval's summary make-up keys."""

from __future__ import annotations

import pytest

from evals.five_questions_summary import (
    closest_message,
    field_lines,
    summary_counts,
    summary_shares,
)
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SourceMessage, SummaryState, render_summary
from threadkeep.memory.summary.sentences import analyse, classify

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

_S = ExtractiveSummariser()


def _fold(texts: list[str], state: SummaryState | None = None, start: int = 0) -> SummaryState:
    msgs = [SourceMessage(f"m{start + i}", "user", t) for i, t in enumerate(texts)]
    return fold_summary(state or SummaryState(), msgs, summariser=_S).state


@pytest.mark.parametrize("text", [
    "Nobody knows yet if the Lark API needs paging.",
    "We don't know yet whether Lark gets a mobile app.",
    "It's not clear yet if Lark needs a second region.",
    "Мы так и не решили, нужен ли Lark мобильный клиент.",
    "Никто не знает, нужен ли Lark второй регион.",
    "Пока неясно, будет ли у Lark офлайн-режим.",
    "Larkにオフライン対応を入れるかはまだ決まっていません。",
    "LarkのAPIにページングが必要かどうか、まだ誰も分かりません。",
])
def test_undecided_statements_are_open_questions(text: str) -> None:
    assert classify(analyse(text), "user") == ("questions", 3)


@pytest.mark.parametrize("text", [
    "私の担当：Larkのデモ環境を予約する。",
    "Action item for me: book the Lark demo room.",
    "Задача на мне: забронировать демо-стенд Lark.",
])
def test_a_task_the_speaker_takes_on_is_a_next_step(text: str) -> None:
    verdict = classify(analyse(text), "user")
    assert verdict is not None and verdict[0] == "next_steps"


def test_wont_is_no_decision() -> None:
    # "won't" is not "won" (a vendor winning a bid).
    verdict = classify(analyse("Osgood just got a puppy and won't stop showing photos."), "user")
    assert verdict is None or verdict[0] != "decisions"
    assert classify(analyse("Acme won the Lark hosting bid."), "user") == ("decisions", 5)


@pytest.mark.parametrize("question,later", [
    ("アオバのオンボーディングにチュートリアル動画を残すべきでしょうか？", "アオバのチームは広島オフィスにいます。"),
    ("Should the Lark onboarding keep the tutorial video?", "Lark costs 300 euros per seat."),
])
def test_a_projects_later_fact_does_not_settle_its_question(question: str, later: str) -> None:
    # Enough about the project to know it as one, then its question, then a fact of it on
    # another topic, each in a fold of its own.
    known = (["アオバのベータは5月4日です。", "アオバの価格はユーザー1人3600円にします。"] if "アオバ" in question
             else ["Lark beta opens on 4 May.", "Lark costs 200 euros per seat."])
    state = _fold([later], _fold([question], _fold(known), start=10), start=20)
    q = [i for i in state.items if i.field == "questions"]
    assert len(q) == 1 and not q[0].resolved


def test_summary_counts_from_tags() -> None:
    messages = [
        {"role": "user", "text": "Mirabel finished a 5-hour hike near Seville on Sunday.", "tag": "small_talk"},
        {"role": "user", "text": "Do we still need a load test before the Lark launch?",
         "tag": "open_question", "key": "load test"},
        {"role": "user", "text": "I'll draft the Lark release notes by Friday.", "tag": "next_step",
         "key": "release notes"},
        {"role": "user", "text": "Rosalind owns the product backlog for Lark."},
    ]
    summary = ("## Participants and roles\n- Rosalind owns the product backlog for Lark.\n"
               "## Open questions\n- Do we still need a load test before the Lark launch?\n"
               "## Context\n- Mirabel finished a 5-hour hike near Seville on Sunday.\n"
               "- I'll draft the Lark release notes by Friday.")
    assert field_lines(summary)["questions"] == ["- Do we still need a load test before the Lark launch?"]
    assert closest_message("- Mirabel finished a 5-hour hike near Seville", messages) == 0
    counts = summary_counts(summary, messages)
    shares = summary_shares([counts])
    assert shares["small_talk_items"] == 0.25
    assert shares["open_questions_kept"] == 1.0
    assert shares["next_steps_kept"] == 0.0  # said, but not under "Agreed next steps"
    untagged = summary_shares([summary_counts(summary, [{k: v for k, v in m.items() if k in ("role", "text")}
                                                        for m in messages])])
    assert untagged["small_talk_items"] is None and untagged["open_questions_kept"] is None
    assert untagged["summary_words"] == shares["summary_words"] > 0


def test_a_plant_without_a_key_is_kept_when_an_item_of_its_field_comes_from_it() -> None:
    messages = [
        {"role": "user", "text": "Open question: do we ship Lark in Spanish at launch?", "tag": "open_question"},
        {"role": "assistant", "text": "Noted as open.", "tag": "open_question"},  # not a plant of its own
        {"role": "user", "text": "Next step: I'll book the Lark usability session.", "tag": "next_step"},
        {"role": "user", "text": "Rosalind owns the product backlog for Lark."},
    ]
    summary = ("## Open questions\n- Do we ship Lark in Spanish at launch?\n"
               "## Context\n- I'll book the Lark usability session.")
    shares = summary_shares([summary_counts(summary, messages)])
    assert shares["open_questions_kept"] == 1.0
    assert shares["next_steps_kept"] == 0.0  # said, but not under "Agreed next steps"


def test_fields_come_out_in_order() -> None:
    state = _fold(["Rosalind owns the product backlog for Lark.", "We picked Postgres for Lark.",
                   "Lark beta opens on 4 May.", "Should Lark keep the tutorial video?",
                   "I'll draft the Lark release notes by Friday."])
    titles = [line for line in render_summary(state).splitlines() if line.startswith("## ")]
    assert titles == ["## Participants and roles", "## Decisions", "## Numbers and dates",
                      "## Open questions", "## Agreed next steps"]


@pytest.mark.parametrize("text", ["I'll draft the Lark release notes by Friday.",
                                  "金曜日までにLarkのリリースノートを書きます。"])
def test_release_notes_are_a_next_step_not_a_release_date(text: str) -> None:
    verdict = classify(analyse(text), "user")
    assert verdict is not None and verdict[0] == "next_steps"
    assert "deadline" not in analyse(text).slots


def _utter(texts: list[str]) -> list[str]:
    from threadkeep.memory.summary.utterances import utterances

    return [u.text for u in utterances([SourceMessage(f"m{i}", "user", t) for i, t in enumerate(texts)])]


@pytest.mark.parametrize("head,tail,joined", [
    ("We decided where the Lark team will work.", "The Toulouse office.",
     "We decided where the Lark team will work — the Toulouse office."),
    ("Somebody finally agreed to own the Lark backlog.", "Rosalind did.",
     "Somebody finally agreed to own the Lark backlog — Rosalind did."),
    ("Новости по бете Кедр.", "Перенесли на 12 апреля.", "Новости по бете Кедр — перенесли на 12 апреля."),
    ("Наконец нашёлся владелец бэклога Кедр.", "Это Тимур.", "Наконец нашёлся владелец бэклога Кедр — это Тимур."),
    ("Новость о том, где сидит Ладья.", "Самара, а не Пермь.", "Новость о том, где сидит Ладья — Самара, а не Пермь."),
])
def test_a_joined_reply_reads_on_after_the_dash(head: str, tail: str, joined: str) -> None:
    assert _utter([head, tail]) == [joined]


@pytest.mark.parametrize("texts", [
    ["Nobody knows yet if the Lark API needs rate limits.", "Sales met Acme on Tuesday."],
    ["LarkのAPIにレート制限が必要かどうか、まだ誰も分かりません。", "Larkの価格について連絡です。"],
])
def test_an_undecided_statement_is_complete_as_said(texts: list[str]) -> None:
    assert _utter(texts) == texts


def test_a_bulleted_line_is_not_bulleted_twice() -> None:
    state = _fold(["- [2026-12-03] you: The Lark staging server costs 420 euros per month."])
    rendered = render_summary(state)
    assert "- - " not in rendered and "- [2026-12-03] you: The Lark staging server" in rendered


def test_a_japanese_week_note_follows_the_whole_expression() -> None:
    from datetime import date

    from threadkeep.memory.dates import annotate, resolve

    text = "今週中にLarkの移行手順書を作ります。"
    assert annotate(text, resolve(text, date(2026, 5, 28))) == "今週中 (week of 25 May 2026)にLarkの移行手順書を作ります。"


def test_a_shared_subject_is_no_new_value() -> None:
    from threadkeep.memory.summary.restated import restates

    # Polaris is not known as a project yet: the name both share is what they are about.
    old = analyse("На какой срок контракт по Polaris — на 41 месяцев.")
    new = analyse("Все вопросы по объёму работ в Polaris теперь к Тимуру.")
    assert not restates(old, new, frozenset())
    # A handover still restates the owner it names.
    assert restates(analyse("Barnaby owns the backlog for Harbor."),
                    analyse("Barnaby handed Harbor over to Wilhelmina this morning."), frozenset())


def test_the_management_side_is_no_lead_slot() -> None:
    # "со стороны руководства" (on the management side) names who sponsors, not who leads.
    assert "lead" not in analyse("Спонсор Polaris со стороны руководства — Эдуард.").slots
    assert "lead" in analyse("Проектом Polaris руководит Глеб.").slots
