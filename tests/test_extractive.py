"""The extractive summariser on small English, Russian and Japanese dialogs of our own."""

from __future__ import annotations

import pytest

from threadkeep.memory.summary.extractive import ExtractiveSummariser, extract_ops
from threadkeep.memory.summary.folding import fold_summary
from threadkeep.memory.summary.items import SourceMessage, SummaryState, render_summary
from threadkeep.memory.summary.sentences import split_sentences

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

EN = [
    "Quick one: what's a good name for a cat?",
    "Omar will be the tech lead for Atlas.",
    "The launch date for Atlas is March 3.",
    "We're going with Postgres for the main database.",
    "We said no to Acme since their pricing was too high.",
    "Finance signed off on a budget of 300k euros for Atlas.",
    "Thanks!",
    "Should we self-host the CI runners?",
    # second fold: corrections and an answer
    "Correction: the launch slipped to March 17.",
    "Actually Leila is replacing Omar as tech lead.",
    "I'll send the contract to Bruno by Friday.",
    "Let's go with self-hosting the CI runners.",
]
RU = [
    "Напомни, что такое OKR?",
    "Кстати, Павел теперь техлид на проекте Сокол.",
    "Дедлайн релиза Сокол — 6 мая.",
    "Решили взять Kafka, а не RabbitMQ, для очередей.",
    "Мы отказали Globex, потому что они не прошли аудит безопасности.",
    "Спасибо!",
    # second fold
    "Обновление: дедлайн сдвинули, теперь 14 мая.",
    "Обновление: техлидом Сокол становится Ольга, а Павел уходит в платформенную команду.",
]
JA = [
    "猫の名前を考えてくれますか？",
    "田中さんがAtlasのテックリードです。",
    "リリースは3月3日の予定です。",
    "データベースはPostgresに決定しました。",
    "Acmeは価格が高いので断りました。",
    "予算は300万円で承認されました。",
    # second fold
    "リリースは3月17日に延期になりました。",
    "テックリードは佐藤さんに交代しました。",
]


def _fold_twice(texts: list[str], split: int) -> str:
    msgs = [SourceMessage(f"m{i}", "user", t) for i, t in enumerate(texts)]
    first = fold_summary(SummaryState(), msgs[:split], summariser=ExtractiveSummariser())
    second = fold_summary(first.state, msgs[split:], summariser=ExtractiveSummariser())
    assert first.rejected == () and second.rejected == ()
    return render_summary(second.state)


def test_english_keeps_what_matters_and_the_latest_values() -> None:
    text = _fold_twice(EN, 8)
    for wanted in ("Leila", "March 17", "Postgres", "pricing was too high", "300k", "Bruno"):
        assert wanted in text
    assert "March 3" not in text          # moved deadline: only the latest value
    assert "Omar will be" not in text      # replaced tech lead no longer stated as current
    assert "cat" not in text and "Thanks" not in text
    # The name-less correction keeps its subject, in prose: a name is never a bracketed token.
    assert "- Atlas — correction: the launch slipped to March 17." in text and "[" not in text
    assert "(resolved)" in text            # the CI question was answered


def test_russian_corrections_win() -> None:
    text = _fold_twice(RU, 6)
    assert "14 мая" in text and "6 мая" not in text
    assert "Ольга" in text and "Павел теперь техлид" not in text
    assert "Kafka" in text and "аудит безопасности" in text
    assert "OKR" not in text and "Спасибо" not in text


def test_japanese_is_supported() -> None:
    text = _fold_twice(JA, 6)
    assert "3月17日" in text and "3月3日" not in text
    assert "佐藤" in text and "田中さんがAtlas" not in text
    assert "Postgres" in text and "断りました" in text and "300万円" in text
    assert "猫" not in text


def test_fields_follow_behaviour() -> None:
    msgs = [SourceMessage(f"m{i}", "user", t) for i, t in enumerate(EN[:8])]
    state = fold_summary(SummaryState(), msgs, summariser=ExtractiveSummariser()).state
    by_field = {i.field: [] for i in state.items}
    for item in state.items:
        by_field[item.field].append(item.text)
    assert any("tech lead" in t for t in by_field["participants"])
    assert any("said no to Acme" in t for t in by_field["decisions"])
    assert any("March 3" in t for t in by_field["numbers"])
    assert any("self-host" in t for t in by_field["questions"])


def test_assistant_pleasantries_are_not_memory() -> None:
    msgs = [SourceMessage("a1", "assistant", "Got it, I'll keep that in mind."),
            SourceMessage("a2", "assistant", "Noted, I'll route questions to someone else.")]
    assert extract_ops(SummaryState(), msgs) == []


def test_deterministic() -> None:
    msgs = [SourceMessage(f"m{i}", "user", t) for i, t in enumerate(EN + RU + JA)]
    a = extract_ops(SummaryState(), msgs)
    b = extract_ops(SummaryState(), msgs)
    assert a == b


def test_long_pasted_content_becomes_one_pointer_item() -> None:
    doc = "Clause 1 of the Atlas contract says 30 days. " * 200
    state = fold_summary(SummaryState(), [SourceMessage("m1", "user", doc)],
                         summariser=ExtractiveSummariser()).state
    assert len(state.items) == 1 and state.items[0].text.startswith("Document pasted: Clause 1 of the Atlas contract")


def test_sentence_split_handles_three_scripts() -> None:
    assert split_sentences("One. Two? Three!") == ["One.", "Two?", "Three!"]
    assert split_sentences("Раз. Два.") == ["Раз.", "Два."]
    assert split_sentences("一つ。二つ！三つ？") == ["一つ。", "二つ！", "三つ？"]
