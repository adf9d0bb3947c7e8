"""Grounding: whether every name, number and date of a summary item occurs in its sources.

:func:`~threadkeep.memory.summary.items.apply_ops` refuses an added or updated item that is
not grounded, so a summariser (a model above all) cannot put into the summary what the folded
messages never said.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["is_grounded"]


_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
# Words of cased scripts; a Japanese run is not one "word" (katakana is checked apart).
_WORD = re.compile(r"(?:(?![\u3040-\u30ff\u3400-\u9fff])[^\W\d_])(?:(?![\u3040-\u30ff\u3400-\u9fff])[\w'’-])*")
_THOUSANDS = re.compile(r"(?<=\d)[\s\u00a0\u202f](?=\d{3}(?!\d))")
_KATAKANA_RUN = re.compile(r"[\u30a0-\u30ffー]{2,}")
# Month words are checked even though Russian writes them in lower case.
_MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec "
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря "
    "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь".split()
)
_SENTENCE_START = re.compile(r"(?:^|[.!?。！？:;]\s*|\n)\s*[\"'«(]*$")


def _grounding_tokens(text: str) -> tuple[set[str], list[tuple[str, bool]]]:
    """Numbers (digits only, separators dropped) and name-like words with a sentence-start flag."""
    numbers = {re.sub(r"\D", "", m.group()) for m in _NUMBER.finditer(text)}
    names: list[tuple[str, bool]] = []
    for m in _WORD.finditer(text):
        word = m.group()
        lower = word.lower()
        if word[0].isupper() or lower in _MONTHS:
            at_start = bool(_SENTENCE_START.search(text[: m.start()]))
            names.append((word, at_start))
    names.extend((run, False) for run in _KATAKANA_RUN.findall(text))
    return numbers, names


def is_grounded(text: str, sources: Iterable[str]) -> bool:
    """Whether every name, number and date in ``text`` occurs in ``sources``.

    Names are capitalised words (any script with case), month words, and katakana runs
    (Japanese has no capitals). A capitalised word at the start of a sentence may just be
    capitalised prose, so it only needs its first four letters somewhere in the sources.
    """
    corpus = "\n".join(sources)
    lower_corpus = corpus.lower()
    corpus_numbers = {re.sub(r"\D", "", m.group()) for m in _NUMBER.finditer(corpus)}
    # "120 000" in the source and "120000" in the item are the same number.
    joined = _THOUSANDS.sub("", corpus)
    corpus_numbers |= {re.sub(r"\D", "", m.group()) for m in _NUMBER.finditer(joined)}
    numbers, names = _grounding_tokens(text)
    corpus_words = [w.lower() for w in _WORD.findall(corpus)]
    if not numbers <= corpus_numbers:
        return False
    for word, at_start in names:
        lw = word.lower()
        if at_start and lw[:4] in lower_corpus:
            continue
        # A name may be inflected in the source (Бореалиса for Бореалис) or glued to Japanese
        # text, so it must start a word of the source, or occur in it for katakana.
        if not (any(w.startswith(lw) for w in corpus_words) or (not lw.isascii() and
                                                                 _KATAKANA_RUN.fullmatch(word)
                                                                 and lw in lower_corpus)):
            return False
    return True
