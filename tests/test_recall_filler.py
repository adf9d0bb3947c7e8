"""Filler turns out of recall (memory/recall/excerpt.py), the participants' names out of the
dense query (memory/recall/search.py) and the floor's candidates' lexical evidence (floor.py),
issue 25."""

from __future__ import annotations

from datetime import UTC, datetime

from threadkeep.memory.recall.excerpt import is_filler
from threadkeep.memory.recall.floor import clears, relevance
from threadkeep.memory.recall.ranking import RecallHit, RecallItem, rank_items
from threadkeep.memory.recall.search import without_names
from threadkeep.retrieval.hybrid import HybridIndex
from threadkeep.retrieval.tokenizer import tokenize

ONCE = 5.0
# Words said all the time in a long chat weigh little; anything not listed was said once.
COMMON = {
    t: 0.4
    for t in tokenize(
        "hey thanks good see you what up with new melanie wow glad that great so it was cool like kids work i m what's"
    )
}


def _idf(tokens):  # noqa: ANN001, ANN202 - the callable the ranking passes
    return {t: COMMON.get(t, ONCE) for t in tokens}


def test_a_turn_of_filler_only_is_filler_and_a_fact_is_not() -> None:
    assert is_filler("Thanks, Melanie! Wow, that's so cool!", _idf, ONCE)
    assert not is_filler(
        "Hey Melanie! Good to see you! I signed up for a pottery class at the community "
        "centre yesterday. What's up with you?",
        _idf,
        ONCE,
    )
    # A rare word (a name, a place) informs on its own.
    assert not is_filler("Wow! We called him Biscuit!", _idf, ONCE)

    # A word of the query keeps its turn when it is not said everywhere ("melanie" is).
    def idf(tokens):  # noqa: ANN001, ANN202
        return {**_idf(tokens), **{t: 3.0 for t in tokenize("helped") if t in tokens}}

    assert is_filler("Thanks, Melanie! Glad it helped.", idf, ONCE)
    assert not is_filler("Thanks, Melanie! Glad it helped.", idf, ONCE, set(tokenize("helped")))
    assert is_filler("Thanks, Melanie! Glad it helped.", idf, ONCE, set(tokenize("Melanie")))


def test_without_names() -> None:
    names = ["Melanie", "Mary Jane"]
    assert without_names("What does Melanie do to destress?", names) == "What does do to destress?"
    assert without_names("Where did Mary Jane's dog go?", names) == "Where did dog go?"
    assert without_names("Melanie?", names) == "Melanie?"  # nothing left: unchanged
    assert without_names("Что делает Мелани?", names) == "Что делает Мелани?"
    assert without_names("What did I say?", []) == "What did I say?"


def test_a_filler_hit_is_not_shown_but_brings_its_answer() -> None:
    # "Thanks, Melanie, so cool!" is said in every conversation: it matches the query, carries
    # nothing and is not shown; the turn after one of them (the answer) comes in as its neighbour.
    at = datetime(2023, 5, 8, tzinfo=UTC)
    items = [RecallItem(f"f{i}", f"c{i}", 0, "user", "Thanks, Melanie, so cool!", at) for i in range(30)]
    items.append(RecallItem("a", "c0", 1, "assistant", "Biscuit, after my grandfather's dog.", at))
    index = HybridIndex([it.text for it in items])
    hits = rank_items(items, index, "Melanie so cool", None, k=8, token_budget=400)
    assert [h.item.message_id for h in hits] == ["a"]


def test_the_floor_reads_the_candidates_lexical_evidence_of_direct_hits_only() -> None:
    at = datetime(2023, 5, 8, tzinfo=UTC)
    item = RecallItem("m1", "c1", 0, "user", "We went camping by the lake.", at)
    direct = RecallHit(item, 0.03, item.text, 8, lexical=0.6, dense=0.85, dense_margin=0.05, candidates_lexical=0.9)
    neighbour = RecallHit(item, 0.02, item.text, 8, candidates_lexical=2.0)
    assert relevance([direct, neighbour]).lexical == 0.9
    assert clears(relevance([direct]))
    assert not clears(relevance([RecallHit(item, 0.03, item.text, 8, lexical=0.6, dense=0.85, dense_margin=0.05)]))
