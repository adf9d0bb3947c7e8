"""A neighbour's excerpt: the window of its rarest words, marked where it was cut."""

from collections.abc import Mapping, Sequence

from threadkeep.memory.recall.excerpt import best_window


def _idf(common: set[str]):
    def idf(tokens: Sequence[str]) -> Mapping[str, float]:
        return {t: (0.1 if t in common else 5.0) for t in tokens}
    return idf


COMMON = {"yes", "great", "thank", "thanks", "so", "much", "good", "see", "you", "hey", "friend", "nice"}


def test_short_text_stays_whole():
    text = "thanks so much"
    assert best_window(text, _idf(COMMON), 5.0, words=5) == text


def test_keeps_the_informative_window_and_marks_the_cuts():
    text = ("hey friend great to see you thanks so much "
            "we drove to the glacier lagoon and kayaked past icebergs "
            "yes great thanks so much nice")
    out = best_window(text, _idf(COMMON | {"to", "the", "and"}), 5.0, words=8)
    assert out.startswith("… ") and out.endswith(" …")
    assert "glacier" in out and "icebergs" in out
    assert len(out.split()) == 8 + 2


def test_query_words_pull_the_window():
    text = "one two three four alpha five six seven eight beta nine ten"
    idf = _idf(set())
    assert "beta" in best_window(text, idf, 5.0, {"beta"}, words=3)
    assert "alpha" in best_window(text, idf, 5.0, {"alpha"}, words=3)
