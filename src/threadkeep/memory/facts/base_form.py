"""Base forms of fact values (issue 26): Russian in the nominative, Japanese without particles.

A value is read out of a sentence in whatever form the sentence needs: "живу в Москве" names
Москва in the prepositional case, "работаю аналитиком данных" names the role in the
instrumental, "東京に住んでいます" puts a particle after the city. Facts are stored in the base
form (the words as said are kept beside them), so "Lives in: Москва" reads right and the same
city said two ways is one value.

Russian uses the pymorphy3 analyser with its bundled OpenCorpora dictionary (no download at
run time). The head of the phrase and the words agreeing with it (adjectives before it, a
patronymic or surname after it in the same case) go to the nominative; a dependent in another
case stays as said ("аналитиком данных" → "аналитик данных"). A word the dictionary does not
know keeps its form unless the case the sentence asks for makes the ending plain
("биллинга" after "команде" → "биллинг"); names in Latin letters are never touched.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any

__all__ = ["russian_analyser", "russian_nominative", "japanese_base", "base_form"]

_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
_LOCK = threading.Lock()
_ANALYSER: Any = None
# Case names of the analyser (OpenCorpora tags).
CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})


def russian_analyser() -> Any:
    """The process's one pymorphy3 analyser (its dictionaries load once, on first use)."""
    global _ANALYSER
    if _ANALYSER is None:
        with _LOCK:
            if _ANALYSER is None:
                import pymorphy3  # type: ignore[import-untyped]

                _ANALYSER = pymorphy3.MorphAnalyzer()
    return _ANALYSER


def _pick(word: str, cases: frozenset[str]) -> Any:
    parses = russian_analyser().parse(word)
    if cases:
        for p in parses:
            if p.tag.case in cases:
                return p
    return parses[0] if parses else None


def _recase(original: str, new: str) -> str:
    """``new`` with the capitals of ``original`` (per hyphenated part: Санкт-Петербург)."""
    parts_o, parts_n = original.split("-"), new.split("-")
    if len(parts_o) != len(parts_n):
        return new[:1].upper() + new[1:] if original[:1].isupper() else new
    return "-".join(n[:1].upper() + n[1:] if o[:1].isupper() else n for o, n in zip(parts_o, parts_n, strict=True))


def _nominative(word: str, p: Any, gender: str | None, number: str | None) -> str:
    if p is None or p.tag.case in (None, "nomn"):
        return word
    if not p.is_known:
        # A guess: only a plain ending off a name the dictionary lacks.
        form = p.inflect({"nomn"})
        if form is None or not word.lower().startswith(form.word[:-1] or form.word) \
                or len(word) - len(form.word) > 2:
            return word
        return _recase(word, form.word)
    wanted = {"nomn"}
    if p.tag.POS in ("ADJF", "PRTF") and number == "sing" and gender:
        wanted |= {gender, "sing"}
    elif number:
        wanted.add(number)
    form = p.inflect(wanted) or p.inflect({"nomn"})
    return _recase(word, form.word) if form is not None else word


@lru_cache(maxsize=4096)
def russian_nominative(phrase: str, cases: frozenset[str] = frozenset()) -> str:
    """``phrase`` with its head and the words agreeing with it in the nominative.

    ``cases`` are the cases the sentence puts the value in ("в" + city: prepositional or
    accusative; "из": genitive); with none, the analyser's likeliest reading is used."""
    words = phrase.split()
    if not words or not _CYRILLIC.search(phrase):
        return phrase
    parsed = [(_pick(w, cases) if _CYRILLIC.search(w) else None) for w in words]
    # The head: the first noun; the agreeing words: up to it, and after it while in its case.
    head = next((i for i, p in enumerate(parsed) if p is not None and p.tag.POS == "NOUN"), None)
    if head is None:
        return phrase
    hp: Any = parsed[head]
    case, gender, number = hp.tag.case, hp.tag.gender, hp.tag.number
    out = list(words)
    for i, (w, p) in enumerate(zip(words, parsed, strict=True)):
        if p is None:
            if i > head:
                break
            continue
        if i > head and p.tag.case != case:
            break
        if i < head and p.tag.POS not in ("ADJF", "PRTF", "NUMR", "NOUN"):
            continue
        out[i] = _nominative(w, p, gender, number)
    return " ".join(out)


# Particles and honorifics that follow a Japanese value in the sentence, not part of it.
_JA_TAIL = re.compile(r"(?:さん|様|さま|氏|君|くん|ちゃん|先生|部長|課長|社長|係長)?(?:に|で|へ|を|が|は|の|と|から|まで|も)?$")
_JA_HEAD = re.compile(r"^(?:私の|僕の|俺の|わたしの|私は|僕は|俺は|今は|現在は|今|現在)")


def japanese_base(value: str) -> str:
    """A Japanese value without the particle, honorific or "私の" around it (東京に → 東京)."""
    v = _JA_HEAD.sub("", value.strip())
    stripped = _JA_TAIL.sub("", v)
    return stripped or v


def base_form(value: str, cases: frozenset[str] = frozenset()) -> str:
    """The stored form of ``value``: nominative for Russian words, no particles in Japanese."""
    if _CYRILLIC.search(value):
        return russian_nominative(value, cases)
    if any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in value):
        return japanese_base(value)
    return value


_WORD = re.compile(r"[\w'-]{1,40}")
# The cases a value's words may be in where it was said.
_ANY_CASE = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})


def words_as_said(value: str, text: str, *, limit: int = 4_000) -> str:
    """The words of ``text`` that a base-form ``value`` stands for, when they differ from it
    ("Я живу в Нижнем Новгороде", Нижний Новгород → "Нижнем Новгороде"); "" when the value is
    in the text as it is, or no run of the text's first ``limit`` characters reads as it.

    For a value that came without its words (a model's answer): only Russian changes its
    words' endings, so only a Cyrillic value is looked for."""
    if not value or not _CYRILLIC.search(value):
        return ""
    if re.search(rf"(?<!\w){re.escape(value.casefold())}(?!\w)", text[:limit].casefold()):
        return ""  # said as it is stored
    want = value.casefold().replace("ё", "е")
    n = len(value.split())
    words = [m.group() for m in _WORD.finditer(text[:limit])]
    for i in range(len(words) - n + 1):
        span = words[i:i + n]
        if span[0][:2].casefold().replace("ё", "е") != want[:2]:
            continue  # a cheap test before the analyser: inflection keeps a word's start
        said = " ".join(span)
        if russian_nominative(said, _ANY_CASE).casefold().replace("ё", "е") == want:
            return said
    return ""
