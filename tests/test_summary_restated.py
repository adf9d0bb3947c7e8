"""Facts on wording the slots do not name (issue 26), on small dialogs of our own: a correction
of a fact no slot names replaces it, a fact whose value comes in the next message is one item,
a project named first in a Japanese sentence is not a person, a release without a date is not
a deadline."""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SourceMessage, SummaryState, render_summary
from threadkeep.memory.summary.restated import restates
from threadkeep.memory.summary.sentences import analyse
from threadkeep.memory.summary.utterances import utterances
from threadkeep.memory.summary.work import is_personal

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


@pytest.mark.parametrize(("old", "new", "project"), [
    ("The Tern price is 40 euros per seat.", "Change of plan: Tern costs 35 euros a seat.", "tern"),
    ("Oskar looks after the Tern roadmap.", "Oskar handed Tern over to Wanda today.", "tern"),
    ("Команда Тис работает из офиса в Казани.", "Забудь про Казань, офис Тис теперь в Омске.", "тис"),
    ("Бета Тис стартует 4 марта.", "Вообще-то бету Тис перенесли на 9 марта.", "тис"),
    ("Ternの席単価は900円です。", "実はTernは今は1席800円です。", "tern"),
])
def test_a_correction_of_a_fact_no_slot_names_restates_it(old: str, new: str, project: str) -> None:
    assert restates(analyse(old), analyse(new), frozenset({project}))


@pytest.mark.parametrize(("old", "new", "project"), [
    # Another fact of the same project: nothing of the old one is in the new one.
    ("The Tern contract runs for 30 months.", "Change of plan: the Tern beta opens 9 May.", "tern"),
    # A refusal stays true whatever was chosen instead.
    ("We turned down Hooli because of their pricing.", "Actually we went with Zorvex, not Hooli.", "xxxxx"),
    # Not a correction: a second statement stands beside the first.
    ("The Tern price is 40 euros per seat.", "The Tern support plan is 12 euros per seat.", "tern"),
    # Another project.
    ("The Tern price is 40 euros per seat.", "Actually the Gull price is 30 euros per seat.", "tern"),
])
def test_other_facts_are_not_restated(old: str, new: str, project: str) -> None:
    entities = frozenset({project, "gull"})
    assert not restates(analyse(old), analyse(new), entities)


def _fold(turns: list[tuple[str, str]]) -> SummaryState:
    msgs = [SourceMessage(f"m{i}", role, text) for i, (role, text) in enumerate(turns)]
    result = fold_summary(SummaryState(), msgs, summariser=ExtractiveSummariser())
    assert result.rejected == ()
    return result.state


def test_the_corrected_value_leaves_the_summary() -> None:
    state = _fold([("user", "Oskar owns the Tern roadmap."), ("assistant", "Noted."),
                   ("user", "The Tern team is based in Lyon."), ("assistant", "Noted."),
                   ("user", "Tern is priced at 40 euros per seat."), ("assistant", "Noted."),
                   ("user", "Forget the 40 euros for Tern; it is 35 euros per seat now."),
                   ("assistant", "Updated.")])
    text = render_summary(state)
    assert "35 euros" in text and "Tern is priced at 40 euros" not in text
    assert "Lyon" in text and "Oskar" in text  # the project's other facts stay


@pytest.mark.parametrize(("turns", "wanted"), [
    ([("user", "We finally settled who will run the Tern migration."), ("assistant", "Good."),
      ("user", "Wanda will.")], "We finally settled who will run the Tern migration — Wanda will."),
    ([("user", "Новости по бете Тис."), ("assistant", "Слушаю."), ("user", "Перенесли на 9 марта.")],
     "Новости по бете Тис — перенесли на 9 марта."),
    ([("user", "Ternのリリース日について。"), ("assistant", "はい。"), ("user", "5月9日です。")],
     "Ternのリリース日について — 5月9日です。"),
    ([("user", "We had to drop Quill."), ("assistant", "Oh?"),
      ("user", "Main reason: it leaked our tokens.")], "We had to drop Quill. Main reason: it leaked our tokens."),
])
def test_a_value_in_the_next_message_completes_the_fact(turns: list[tuple[str, str]], wanted: str) -> None:
    said = [u.text for u in utterances([SourceMessage(f"m{i}", r, t) for i, (r, t) in enumerate(turns)])]
    assert wanted in said


def test_a_complete_statement_is_not_joined_to_small_talk() -> None:
    turns = [("user", "The Tern team is based in Lyon."), ("assistant", "Noted."),
             ("user", "Ugh, Mondays.")]
    said = [u.text for u in utterances([SourceMessage(f"m{i}", r, t) for i, (r, t) in enumerate(turns)])]
    assert said[0] == "The Tern team is based in Lyon." and "Ugh, Mondays." in said


def test_a_japanese_sentence_that_opens_with_a_project_is_not_news_about_a_person() -> None:
    assert not is_personal(analyse("Ternの価格は1席900円です。"))
    assert is_personal(analyse("ケンさんは来週から休暇です。"))


def test_a_release_without_a_date_is_not_a_deadline() -> None:
    assert "deadline" not in analyse("Tern needs 80% test coverage before release.").slots
    assert "deadline" in analyse("The Tern release is due on 12 May.").slots
