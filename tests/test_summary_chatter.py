"""Summaries keep the work, not the chatter (issue 26, item 4), on small dialogs of our own.

Small talk is told from the work by what an item is about (work.py); "Open questions" and
"Agreed next steps" are filled from the grammar of questions and commitments (grammar.py); the
summary keeps to its word bounds; a name is never a bracketed token; a correction is filed
under the project it is about, or under none.
"""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import (
    MAX_WORDS,
    SMALL_TALK_PRIORITY,
    SMALL_TALK_SHARE,
    SMALL_TALK_WORDS,
    SourceMessage,
    SummaryState,
    render_summary,
    word_count,
)
from threadkeep.memory.summary.sentences import analyse
from threadkeep.memory.summary.work import UNLINKED_PRIORITY, is_personal, project_entities

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

_S = ExtractiveSummariser()


def _fold(texts: list[str], state: SummaryState | None = None, *, cap: int = 400,
          start: int = 0) -> SummaryState:
    msgs = [SourceMessage(f"m{start + i}", "user", t) for i, t in enumerate(texts)]
    result = fold_summary(state or SummaryState(), msgs, summariser=_S, cap=cap)
    assert result.rejected == ()
    return result.state


def _field(state: SummaryState, name: str) -> list[str]:
    return [i.text for i in state.in_field(name)]  # type: ignore[arg-type]


# Each dialog: the work (a lead, a date, an amount), two open questions, three next steps
# (first person, an exhortation, a named person's future) and two lines of small talk.
DIALOGS = {
    "en": ["Kai is the tech lead on Vega.",
           "The Vega release is due on 12 May.",
           "Should we move the Vega builds to the new runners?",
           "Who will write the migration guide for Vega?",
           "I'll draft the Vega onboarding notes by Friday.",
           "Let's review the load test results with Dana next week.",
           "My cousin Rita ran a marathon in 3 hours 40 minutes.",
           "Room 417 has a broken projector again.",
           "Finance approved 60 thousand euros for Vega.",
           "Priya will prepare the demo for the board."],
    "ru": ["Техлид на проекте Вега — Кай.",
           "Релиз Вега запланирован на 12 мая, это дедлайн.",
           "Стоит ли переносить сборки Вега на новые раннеры?",
           "Кто возьмёт на себя гайд по миграции Вега?",
           "Я подготовлю заметки по онбордингу Вега к пятнице.",
           "Давайте разберём результаты нагрузочного теста с Даной на следующей неделе.",
           "Моя кузина Рита пробежала марафон за 3 часа 40 минут.",
           "В переговорке 417 опять сломался проектор.",
           "Финансы утвердили бюджет проекта Вега: 60 тысяч евро.",
           "Прия подготовит демо для совета директоров."],
    "ja": ["カイさんがVegaのテックリードです。",
           "Vegaのリリースは5月12日の予定です。",
           "Vegaのビルドを新しいランナーに移すべきでしょうか？",
           "Vegaの移行ガイドは誰が書きますか？",
           "金曜日までにVegaのオンボーディング資料を作ります。",
           "来週、ダナさんと負荷テストの結果を確認しましょう。",
           "いとこのリタさんがマラソンを3時間40分で走りました。",
           "会議室417のプロジェクターがまた壊れています。",
           "Vegaの予算は60万円で承認されました。",
           "来月はプリヤさんが取締役会向けのデモを準備します。"],
}
SMALL_TALK = {"en": ("marathon", "projector"), "ru": ("марафон", "проектор"),
              "ja": ("マラソン", "プロジェクター")}


@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_open_questions_and_next_steps_are_filled(lang: str) -> None:
    texts = DIALOGS[lang]
    state = _fold(texts)
    assert _field(state, "questions") == [texts[2], texts[3]]
    assert _field(state, "next_steps") == [texts[4], texts[5], texts[9]]
    rendered = render_summary(state)
    # The six fields keep their order; empty ones are left out.
    titles = [line for line in rendered.splitlines() if line.startswith("## ")]
    assert titles == ["## Participants and roles", "## Numbers and dates", "## Open questions",
                      "## Agreed next steps"]


@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_small_talk_is_told_apart_by_what_it_is_about(lang: str) -> None:
    state = _fold(DIALOGS[lang])
    talk = [i for i in state.items if any(w in i.text for w in SMALL_TALK[lang])]
    work = [i for i in state.items if i not in talk]
    # News about a named person is small talk; a statement of the shared situation that names
    # no project ranks just above it; both below every work item.
    assert len(talk) == 2 and all(i.priority <= UNLINKED_PRIORITY for i in talk)
    assert SMALL_TALK_PRIORITY in {i.priority for i in talk}
    assert work and all(i.priority > UNLINKED_PRIORITY for i in work)
    # The project is what the work keeps coming back to (its lead, date and budget); the people
    # named once in a role or an aside are not projects.
    entities = project_entities((i.field, analyse(i.text)) for i in state.items)
    assert "vega" in entities or "вега" in entities
    assert not entities & {"kai", "кай", "rita", "рита", "priya", "прия"}


@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_small_talk_leaves_before_work_items(lang: str) -> None:
    # A cap that holds the work but not all of it with the chatter.
    full = _fold(DIALOGS[lang])
    work_only = SummaryState(tuple(i for i in full.items if i.priority > UNLINKED_PRIORITY))
    from threadkeep.tokens import default_counter

    cap = default_counter().count(render_summary(work_only)) + 6
    state = _fold(DIALOGS[lang], cap=cap)
    text = render_summary(state)
    assert not any(w in text for w in SMALL_TALK[lang])
    assert [i.text for i in state.items] == [i.text for i in work_only.items]


@pytest.mark.parametrize(("text", "personal"), [
    ("Jonas is off to Lisbon until 14 May.", True), ("Mira's kid turns 7 on Sunday.", True),
    ("The client is Fabrikam.", False), ("We're hosting in eu-west-1.", False),
    ("Ульяна в отпуске до 19 марта.", True), ("Клиент проекта — Fabrikam.", False),
    ("リタさんがマラソンを走りました。", True), ("ホスティングは東京リージョンです。", False),
])
def test_news_about_a_named_person_is_told_from_the_shared_situation(text: str, personal: bool) -> None:
    assert is_personal(analyse(text)) is personal


def test_a_question_answered_later_is_resolved() -> None:
    first = _fold(DIALOGS["en"])
    later = _fold(["We'll move the Vega builds to the new runners on Monday.",
                   "Dana will write the migration guide for Vega."], first, start=20)
    questions = later.in_field("questions")
    assert [q.resolved for q in questions] == [True, True]
    assert "(resolved)" in render_summary(later)


def test_a_question_to_the_assistant_or_an_aside_is_not_an_open_question() -> None:
    state = _fold(["Can you explain what a burndown chart shows?", "Lunch at 12:00?",
                   "What does OKR stand for?", "Вы не видели мою кружку?", "お昼はどうですか？"])
    assert state.in_field("questions") == ()


PROJECTS = ["Vega", "Orion", "Lyra", "Atlas", "Cygnus", "Draco", "Hydra", "Pavo", "Tucana",
            "Norma", "Volans", "Carina"]
PEOPLE = ["Kai", "Nora", "Tariq", "Dana", "Priya", "Omar", "Leila", "Bruno", "Ines", "Marta",
          "Yusuf", "Elif"]


def _many_work_lines() -> list[str]:
    out = []
    for k, (project, person) in enumerate(zip(PROJECTS, PEOPLE, strict=True)):
        out += [f"The tech lead on {project} is {person}.", f"The {project} release is due on {k + 1} March.",
                f"Finance approved {10 + k} thousand euros for {project}.",
                f"My neighbour {PEOPLE[-1 - k]} went hiking for {k + 3} days."]
    return out


def test_word_bounds_hold() -> None:
    # Plenty of work: the summary is between the two bounds and never past the upper one.
    big = _fold(_many_work_lines(), cap=10_000)
    words = word_count(render_summary(big))
    assert SMALL_TALK_WORDS <= words <= MAX_WORDS
    # The chatter is at most one word in SMALL_TALK_SHARE, and none once past the lower bound.
    assert not any(i.priority == SMALL_TALK_PRIORITY for i in big.items)
    small = _fold(DIALOGS["en"], cap=10_000)
    talk = sum(word_count(i.text) for i in small.items if i.priority == SMALL_TALK_PRIORITY)
    assert talk * SMALL_TALK_SHARE <= word_count(render_summary(small))


def test_word_count_counts_japanese_by_characters() -> None:
    assert word_count("We had 599 people.") == 4
    assert word_count("Ревью — 4 мая.") == 3
    assert word_count("リリースはまだです") == 5  # nine characters, two to a word
    assert word_count("リリースは5月12日") == 7  # a number splits the runs


@pytest.mark.parametrize(("texts", "wanted"), [
    (["The release deadline for Vega is 4 June.", "Kai is the tech lead on Vega.",
      "Finance approved 60 thousand euros for Vega.", "Update: the deadline moved, it is now 18 June."],
     "Vega — update: the deadline moved, it is now 18 June."),
    (["Дедлайн релиза Вега — 4 июня.", "Техлид на проекте Вега — Кай.",
      "Обновление: дедлайн сдвинули, теперь 18 июня."],
     "Вега — обновление: дедлайн сдвинули, теперь 18 июня."),
])
def test_a_name_is_never_a_bracketed_token(texts: list[str], wanted: str) -> None:
    state = _fold(texts[:-1])
    state = _fold(texts[-1:], state, start=10)
    text = render_summary(state)
    assert wanted in text.splitlines()[-1] or f"- {wanted}" in text
    assert "[" not in text


def test_a_correction_is_tagged_with_its_own_project_or_none() -> None:
    state = _fold(["Kai is the tech lead on Vega.", "The Vega release is due on 12 May.",
                   "Finance approved 60 thousand euros for Vega.",
                   "Nora is the tech lead on Orion.", "The Orion release is due on 3 June.",
                   "Finance approved 90 thousand euros for Orion."])
    # One project's budget cut is filed under that project, never under the other's item.
    state = _fold(["Update: the Orion budget was cut to 70 thousand euros."], state, start=10)
    numbers = _field(state, "numbers")
    assert "Finance approved 60 thousand euros for Vega." in numbers
    assert any("Orion" in t and "70 thousand" in t for t in numbers)
    assert not any("Vega" in t and "70 thousand" in t for t in numbers)
    # A new lead named without a project is not filed under a person: the old lead is never
    # carried beside the new one as its tag.
    state = _fold(["Update: Tariq takes over as tech lead."], _fold(["Kai is the tech lead."]), start=20)
    assert _field(state, "participants") == ["Update: Tariq takes over as tech lead."]
