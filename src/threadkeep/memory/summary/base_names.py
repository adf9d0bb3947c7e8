"""Russian names in a summary item also in their base form (issue 26).

A Russian sentence puts a name in the case its grammar asks for: "назначили Олега
Викторовича", "заказ Ростелекома", "серверы во Франкфурте". An item keeps the words as said,
so a reader (or a model) asking "who leads it?" finds "Олега Викторовича", not the name, and a
search for "Франкфурт" misses "Франкфурте". Each run of capitalised Cyrillic words past the
sentence's first word — or a first word the dictionary knows as a proper name (a first name,
patronymic, surname, place or organisation) — that is in an oblique case gets its nominative
in brackets at the end of the item: "Руководителем назначили Олега Викторовича. (Олег
Викторович)". The nominative
comes from :func:`~threadkeep.memory.facts.base_form.russian_nominative`, the one facts are
stored with. Indeclinable names (Хельсинки, Сочи) and words already in the nominative are left
alone. Two values Russian writes in lower case get their base form the same way: a weekday
("по четвергам" → четверг) and the noun a reason names ("из-за лицензии" → лицензия). Pure;
the patterns are linear.
"""

from __future__ import annotations

import re
from functools import lru_cache

from threadkeep.memory.facts.base_form import russian_analyser, russian_nominative

__all__ = ["with_base_names"]

# A run of one to three capitalised Cyrillic words (hyphenated parts kept: Санкт-Петербурге).
_RUN = re.compile(r"(?<![\w«])([А-ЯЁ][а-яё]+(?:-[А-ЯЁа-яё][а-яё]+)?(?:\s+[А-ЯЁ][а-яё]+){0,2})(?![\w(])")
_PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn"})
_OBLIQUE = frozenset({"gent", "datv", "accs", "ablt", "loct"})


def _proper(word: str) -> bool:
    """Whether the dictionary's likeliest reading of ``word`` is a proper name."""
    parses = russian_analyser().parse(word)
    return bool(parses) and bool(_PROPER & set(parses[0].tag.grammemes))


def _oblique(word: str) -> bool:
    """Whether the likeliest reading of ``word`` is a declined form (not a nominative, not an
    indeclinable name, not a word one of whose likely readings is a singular nominative)."""
    parses = russian_analyser().parse(word)
    if not parses or "Fixd" in parses[0].tag.grammemes or parses[0].tag.case not in _OBLIQUE:
        return False
    return not any(p.tag.case == "nomn" and p.tag.number == "sing" for p in parses[:3])


# Values Russian writes in lower case and declines: a weekday ("по четвергам", "с четверга на
# пятницу") and what a reason is ("из-за лицензии", "по причине масштабирования").
_LOWER_VALUE = re.compile(
    r"(?<![\w-])(?:(?:понедельник|вторник|четверг)(?:а|у|ам|ом|и)?|сред(?:а|у|ы|ам|ой)|"
    r"пятниц(?:а|у|ы|ам|ей)|суббот(?:а|у|ы|ам|ой)|воскресень(?:е|я|ям|ю))(?![а-яё])|"
    r"(?<=из-за )[а-яё]{4,}|(?<=по причине )[а-яё]{4,}")


def _lemma(word: str) -> str:
    parses = russian_analyser().parse(word)
    return str(parses[0].normal_form) if parses else word


@lru_cache(maxsize=4096)
def with_base_names(text: str) -> str:
    """``text`` with the nominatives of the declined Russian names in it after it, in
    brackets. At the end, not inline: the item's text stays whole in its rendered line, where
    the request's marks of later changes find it (memory/summary/corrections.py)."""
    if not re.search(r"[А-ЯЁ]", text) and not _LOWER_VALUE.search(text):
        return text
    bases: list[str] = []
    for m in _RUN.finditer(text):
        run = m.group(1)
        words = run.split()
        if not text[:m.start()].strip(" «\"'—–-") and not _proper(words[0]):
            if len(words) == 1:
                continue
            run = " ".join(words[1:])  # "Заказ Ростелекома": the sentence's first word is prose
        if not any(_oblique(w) for w in run.split()):
            continue
        base = russian_nominative(run)
        if base.casefold() == run.casefold() or base in bases or re.search(
                rf"(?<!\w){re.escape(base)}(?!\w)", text):
            continue
        bases.append(base)
    for m in _LOWER_VALUE.finditer(text):
        base = _lemma(m.group())
        if base != m.group() and base not in bases and not re.search(rf"(?<!\w){re.escape(base)}(?!\w)", text):
            bases.append(base)
    return f"{text} ({', '.join(bases)})" if bases else text
