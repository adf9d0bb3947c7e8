"""Recall ranking beyond the flat search: seeds found by other means (the source turns of the
turn's facts) and the lift of the participants a question names."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from threadkeep.memory.recall.ranking import RecallItem, rank_items
from threadkeep.memory.recall.search import named_speakers, without_names
from threadkeep.retrieval.hybrid import HybridIndex

T0 = datetime(2024, 3, 1, tzinfo=UTC)


def _items(texts: list[tuple[str, str, str]]) -> list[RecallItem]:
    return [
        RecallItem(f"m{i}", f"c{i}", 1, role, text, T0 + timedelta(days=i), speaker=speaker)
        for i, (role, speaker, text) in enumerate(texts)
    ]


def test_a_seed_that_shares_no_word_with_the_query_is_recalled() -> None:
    texts = [("user", "", f"the weather report for day {i} said light rain and wind") for i in range(30)]
    texts.append(("user", "", "my grandmother gave me this necklace back home in Lisbon"))
    items = _items(texts)
    index = HybridIndex([i.text for i in items])
    query = "weather report rain wind"
    plain = rank_items(items, index, query, None, k=12, token_budget=10_000, neighbours=0)
    seeded = rank_items(items, index, query, None, k=12, token_budget=10_000, neighbours=0, seeds=[30])
    assert "m30" not in {h.item.message_id for h in plain}
    assert "m30" in {h.item.message_id for h in seeded}
    # It competes at the score of the 10th fused candidate: the best hits stay ahead of it.
    assert [h.item.message_id for h in seeded][:10] == [h.item.message_id for h in plain][:10]


def test_named_participants_are_lifted_instead_of_the_persons_own_words() -> None:
    texts = [
        ("user", "Ana", "I went to a salsa class on Friday"),
        ("assistant", "Ben", "I went to a salsa class on Friday too"),
        ("user", "Ana", "the salsa class on Friday was fun"),
    ]
    items = _items(texts)
    index = HybridIndex([i.text for i in items])
    own = rank_items(items, index, "salsa class", None, k=1, token_budget=10_000, neighbours=0, prefer_roles=("user",))
    ben = rank_items(
        items, index, "salsa class", None, k=1, token_budget=10_000, neighbours=0, prefer_speakers=frozenset({"Ben"})
    )
    assert own[0].item.speaker == "Ana"
    assert ben[0].item.speaker == "Ben"


def test_named_speakers_match_whole_words_and_possessives() -> None:
    names = ["Ana Lima", "Ben", "Benedikt"]
    assert named_speakers("What did Ben and Ana's sister cook?", names) == {"Ana Lima", "Ben"}
    assert named_speakers("Benny said what?", names) == frozenset()
    assert without_names("What did Ben and Ana's sister cook?", names) == "What did and sister cook?"
