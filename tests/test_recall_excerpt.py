"""How a recalled turn reads (memory/recall/excerpt.py, issue 41): whole under 60 words; a
longer one cut by sentence, never cutting a sentence that states a value or that the query
matches — in English, Russian and Japanese, read from the person's own index."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from threadkeep.memory.recall.excerpt import (
    GAP,
    WHOLE_WORDS,
    carries_value,
    is_filler,
    recalled_text,
    word_count,
)
from threadkeep.memory.recall.ranking import RecallItem, rank_items
from threadkeep.retrieval.hybrid import HybridIndex
from threadkeep.retrieval.tokenizer import tokenize

# A made-up chat per language: the small talk said in every session, a sentence naming where
# the person went, a sentence about what they saw there, and a question about what they saw
# (it shares words with the second sentence only).
CASES = {
    "en": (
        "Hey Sam! Good to see you, it has been a while! Wow, that is so cool! "
        "Thanks so much, glad you liked it. Haha, so true!",
        "I went to Alderby, a small town up north.",
        "Saw lovely old buildings.",
        "What old buildings did you see on your trip?",
    ),
    "ru": (
        "Привет, Саша! Рада тебя видеть, давно не виделись! Ого, как здорово! "
        "Спасибо большое, рада, что тебе понравилось. Ха-ха, точно!",
        "Я ездила в Алдерби, маленький городок на севере.",
        "Видела красивые старые здания.",
        "Какие старые здания ты видела в поездке?",
    ),
    "ja": (
        "サムさん、こんにちは！久しぶりに会えてうれしいです！わあ、すごいですね！"
        "ありがとう、気に入ってもらえてうれしいです。ほんとにそうですね！",
        "北の小さな町アルダービーに行きました。",
        "古い建物がきれいでした。",
        "旅行でどんな古い建物を見ましたか？",
    ),
}


def _join(lang: str, *parts: str) -> str:
    return ("" if lang == "ja" else " ").join(parts)


def _index(chat: str, *extra: str) -> tuple[HybridIndex, float]:
    """The person's index: the small talk in forty sessions, and ``extra``."""
    index = HybridIndex([chat] * 40 + list(extra))
    return index, index.bm25.idf(())[""]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_long_turn_keeps_the_sentence_stating_the_place_and_the_one_asked_about(lang: str) -> None:
    chat, place, seen, question = CASES[lang]
    turn = _join(lang, chat, chat, place, seen, chat)
    assert word_count(turn) >= WHOLE_WORDS
    index, once = _index(chat, turn)
    out = recalled_text(turn, index.bm25.idf, once, set(tokenize(question)))
    # The question matches only what was seen; the place is kept as a value, never "…".
    assert place in out and seen in out
    assert out.startswith(GAP) and out.endswith(GAP)
    assert chat not in out and word_count(out) < word_count(turn) // 2


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_turn_under_sixty_words_is_shown_whole(lang: str) -> None:
    chat, place, seen, question = CASES[lang]
    turn = _join(lang, chat, place, seen)
    assert word_count(turn) < WHOLE_WORDS
    index, once = _index(chat, turn)
    assert recalled_text(turn, index.bm25.idf, once, set(tokenize(question))) == turn
    # The small talk alone is filler: not shown at all.
    assert is_filler(chat, index.bm25.idf, once)
    assert not is_filler(turn, index.bm25.idf, once)


def test_words_are_counted_as_written_and_date_notes_are_not() -> None:
    assert word_count("I'm on the hunt, it's been a journey!") == 8
    assert word_count("I went yesterday (7 May 2023).") == word_count("I went yesterday.") == 3
    assert word_count("古い建物がきれいでした。") == 6  # one word per two characters
    assert word_count("Visited 東京 twice") == 3


def test_what_counts_as_a_value() -> None:
    once = 6.0
    common = {t: 1.0 for t in tokenize("went saw we it nice good sam melanie town")}
    idf = {**common, **{t: 3.5 for t in tokenize("buildings lovely old")}}
    assert carries_value("We went there in 2019.", idf, once)  # a number
    assert carries_value("We went there yesterday (7 May 2023).", idf, once)  # a resolved date
    assert carries_value("We went to Alderby.", idf, once)  # a name inside a sentence
    assert carries_value("Мы ездили в Алдерби.", idf, once)
    assert not carries_value("Saw lovely old buildings.", idf, once)  # capitalised first word only
    assert not carries_value("It was nice, Melanie.", idf, once)  # a name said everywhere
    assert carries_value("アルダービーに行きました。", idf, once)  # a word said once, no case
    assert not carries_value("アルダービーに行きました。", {t: 1.0 for t in tokenize("アルダービーに行きました")}, once)


def test_nothing_stated_and_nothing_asked_leaves_a_long_turn_whole() -> None:
    chat = CASES["en"][0]
    turn = " ".join([chat] * 4)
    index, once = _index(chat, turn)
    assert recalled_text(turn, index.bm25.idf, once) == turn


def test_a_long_neighbour_is_recalled_with_the_sentence_that_answers() -> None:
    # The question matches the turn asking it; the answer is the next turn, long and wrapped
    # in small talk: brought in as a neighbour, it keeps the sentence naming the place.
    chat, place, seen, _ = CASES["en"]
    at = datetime(2023, 5, 8, tzinfo=UTC)
    items = [RecallItem(f"f{i}", f"c{i}", 0, "assistant", chat, at) for i in range(40)]
    answer = " ".join([chat, chat, place, seen, chat])
    items += [
        RecallItem("q", "c0", 1, "assistant", "Where did you go on your trip last month?", at),
        RecallItem("a", "c0", 2, "user", answer, at),
    ]
    index = HybridIndex([it.text for it in items])
    hits = {
        h.item.message_id: h
        for h in rank_items(items, index, "Where did you go on your trip?", None, k=4, token_budget=400)
    }
    assert "a" in hits and place in hits["a"].text and chat not in hits["a"].text
