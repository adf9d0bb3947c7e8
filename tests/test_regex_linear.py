"""Every extractor that reads a person's text runs in linear time, whatever the input's shape.

One message of 99,950 bytes on a single line once froze the server for 44 minutes: a pattern
was quadratic on a line without a newline. Each extractor gets 100 KB inputs built to hurt a
backtracking engine (one character repeated, a cue repeated with no value, a single line of
prose, Cyrillic and Japanese runs) and its time is compared with the same shape at 1 KB.
Linear work grows ~100×; quadratic work grows ~10,000×. The bound, 1,000×, leaves room for a
busy machine and allocator effects without letting a quadratic through.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

import pytest

from threadkeep.engine.reask import question_slots, stated_slots
from threadkeep.memory.facts.extract import (
    extract_facts,
    is_statement,
    self_reference,
    split_remember_notes,
    strip_injected,
)
from threadkeep.memory.offline import _sentences, _shown_as_current
from threadkeep.memory.pasted import fold_message, pointer_text
from threadkeep.memory.recall.excerpt import is_filler, recalled_text
from threadkeep.memory.recall.excerpt import word_count as recall_word_count
from threadkeep.memory.recall.ranking import trim_to_query
from threadkeep.memory.recall.search import without_names
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.items import SourceMessage, SummaryState, without_marks, word_count
from threadkeep.memory.summary.merge import is_grounded, replaced_values
from threadkeep.memory.summary.text import base_forms, mid_sentence_names, read, split_sentences
from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.tokens import default_counter

SMALL, BIG = 1_000, 100_000
MAX_RATIO = 1_000


def _repeat(unit: str) -> Callable[[int], str]:
    return lambda n: (unit * (n // len(unit) + 1))[:n]


SHAPES: dict[str, Callable[[int], str]] = {
    "one-char": _repeat("a"),
    "prose": _repeat("We talked about the release plan and the budget for the next quarter, "),
    "remember-cue": _repeat("remember that "),
    "self-statement": _repeat("I am a lead engineer at "),
    "my-job": _repeat("my job is "),
    "russian": _repeat("я работаю в компании "),
    "russian-remember": _repeat("запомни что "),
    "japanese": _repeat("覚えておいて私は東京に住んで"),
    "japanese-cue-only": _repeat("を覚えておいて"),
    "open-tags": _repeat("<context> <turn_context "),
    "fences": _repeat("``` "),
    "punctuation": _repeat(".,;!?"),
    "family-cue": _repeat("my son my dog named my sister "),
    "passion-cue": _repeat("I'm passionate about is my passion and "),
    "russian-family": _repeat("у меня есть мой брат я открыла свой "),
    "japanese-hobby": _repeat("趣味は兄の同僚がを飼って"),
    "quotes": _repeat('«she wrote: "I live" '),
    "favourite-cue": _repeat("Blue is my fave and Drawing flowers is one of my faves, "),
    "helps-me-cue": _repeat("Painting helps me running, reading, or playing my "),
    "named-pet-cue": _repeat("Oscar, my cat Барсик, мой кот ポチという犬を"),
    "russian-favourite": _repeat("Синий — мой любимый — большая часть моей жизни "),
    "japanese-favourite": _repeat("青が一番好きな色は"),
    "russian-names": _repeat("Руководителем назначили Олега Викторовича во Франкфурте "),
    "change-marks": _repeat("(earlier: 9 May; changed (later changed: now 3 March, since "),
    "about-me": _repeat("about me about the my моей про меня 私について "),
}

_summariser = ExtractiveSummariser()
_AT = datetime(2023, 5, 8)
_counter = default_counter()

EXTRACTORS: dict[str, Callable[[str], object]] = {
    "extract_facts": extract_facts,
    "split_remember_notes": split_remember_notes,
    "strip_injected": strip_injected,
    "is_statement": is_statement,
    "extractive_summary": lambda s: _summariser.propose(SummaryState(), [SourceMessage("m1", "user", s)]),
    "split_sentences": split_sentences,
    # One sentence of any length (the summariser sees a 100 KB message as a document and never
    # reads its sentences); reading is memoised, so its uncached body is what is timed.
    "summary_read": lambda s: read.__wrapped__(s, frozenset()),
    "summary_base_forms": lambda s: base_forms(read.__wrapped__(s[:5_000], frozenset())),
    "summary_names": mid_sentence_names,
    "summary_replaced": lambda s: replaced_values(s[:5_000], "the new value is 20 March"),
    "summary_word_count": word_count,
    "document_pointer": lambda s: pointer_text(fold_message("m1", "user", s, _AT).text),
    "is_grounded": lambda s: is_grounded(s[:2_000], [s]),
    "tokenize": tokenize,
    "trim_to_query": lambda s: trim_to_query(s, {"budget", "lead"}, 30, _counter),
    "is_filler": lambda s: is_filler(s, lambda toks: {"the": 0.5, "we": 0.5}, 5.0, {"budget"}),
    "recalled_text": lambda s: recalled_text(s, lambda toks: {"the": 0.5, "we": 0.5}, 5.0, {"budget"}),
    "recall_word_count": recall_word_count,
    "without_names": lambda s: without_names(s, ["Mary Jane", "Boris"]),
    "reask_questions": question_slots,
    "reask_statements": stated_slots,
    "self_reference": self_reference,
    "without_marks": without_marks,
    "offline_quoted_sentences": lambda s: _sentences(s, statements_only=True),
    "offline_shown_as_current": lambda s: _shown_as_current(s, [s]),
}


def _seconds(fn: Callable[[str], object], text: str, runs: int) -> float:
    # CPU time of this process, not wall time: on a loaded machine a 1 KB run fits in one
    # time slice while a 100 KB run is preempted, which alone made linear work look ~10x worse.
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        fn(text)
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize("extractor", sorted(EXTRACTORS))
def test_extractor_is_linear_on_hostile_input(extractor: str) -> None:
    fn = EXTRACTORS[extractor]
    slow: list[str] = []
    for shape, make in SHAPES.items():
        small = max(_seconds(fn, make(SMALL), runs=5), 20e-6)  # below ~20 µs the clock is noise
        big = _seconds(fn, make(BIG), runs=1)
        if big / small > MAX_RATIO:
            # A second look before calling it quadratic: the machine may have been busy.
            big = _seconds(fn, make(BIG), runs=2)
            if big / small > MAX_RATIO:
                slow.append(f"{shape}: 1 KB {small * 1e3:.2f} ms, 100 KB {big * 1e3:.0f} ms (x{big / small:.0f})")
    assert not slow, f"{extractor} grows faster than linear: " + "; ".join(slow)
