"""What a sentence holds, read by general means: its values and the words around them.

The model-free summariser and fact extractor read text only through this module, and it knows
no phrase of any language. It knows sentences (cut after ``. ! ? …`` and their full-width forms,
and at line breaks); **values** by their written form — dates (a day with a month word, ISO,
``20.02``, ``2月20日``, a weekday), numbers with what is written after them (``30%``, ``120k``,
``3 weeks``), names (a capitalised word that does not open the sentence or is written so
elsewhere, a Latin word inside Cyrillic or Japanese text, a katakana word — katakana marks, as
capitals do, what comes from other languages — kana or kanji before an honorific, anything
quoted; names side by side are one); a sentence's **frame**, its content words with the values
taken out; and the dictionary form of a declined name (pymorphy3's bundled dictionary, for
Russian: "с Фёдором" → "Фёдор"). Month and weekday words and Japanese honorifics are its only
closed lists: dates and names are written with them whatever a text is about.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from threadkeep.retrieval.tokenizer import tokenize

__all__ = [
    "Value",
    "Reading",
    "read",
    "split_sentences",
    "same_value",
    "is_question",
    "script_of",
    "mid_sentence_names",
    "base_forms",
    "analyser",
]

_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[。！？])|\n+")
_MONTH_WORDS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|"
    "январ[ья]|феврал[ья]|марта?|апрел[ья]|ма[йя]|июн[ья]|июл[ья]|августа?|сентябр[ья]|октябр[ья]|"
    "ноябр[ья]|декабр[ья]|"
    # Weekdays are dates too ("the call moved to Friday").
    "monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|"
    "thursdays|fridays|saturdays|sundays|понедельник\\w*|вторник\\w*|сред[аыуе]|четверг\\w*|"
    "пятниц[аыуе]|суббот[аыуе]|воскресень[еяю]"
)
_DATE = re.compile(
    rf"(?i)\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH_WORDS})\b(?:\s+\d{{4}})?"
    rf"|\b(?:{_MONTH_WORDS})\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?"
    r"|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?\b"
    r"|(?:\d{4}年)?\d{1,2}月\d{1,2}日|[月火水木金土日]曜(?:日)?"
)
# A number and what is written right after it (a unit, a multiplier, a percent sign).
# (A unit in Japanese is at most two characters: 万円, キロ, 個, か月 is cut to か月's first two.)
_NUMBER = re.compile(
    r"[$€£¥₽]?\d+(?:[.,\u00a0\u202f ]\d{3})*(?:[.,]\d+)?"
    r"(?:\s?(?:%|[\u3040-\u30ff\u3400-\u9fff]{1,2}|[^\W\d_\u3040-\u30ff\u3400-\u9fff]{1,12}))?"
)
_QUOTED = re.compile(r"«([^»\n]{1,60})»|\"([^\"\n]{1,60})\"|“([^”\n]{1,60})”|「([^」\n]{1,40})」")
# A word of a cased script (Japanese and Chinese runs are not words here).
_WORD = re.compile(
    r"(?:(?![\u3040-\u30ff\u3400-\u9fff])[^\W\d_])+(?:['’-](?:(?![\u3040-\u30ff\u3400-\u9fff])[^\W\d_])+)*"
)
_HONORIFIC = re.compile(r"([\u30a0-\u30ffー]{2,8}|[\u4e00-\u9fff]{1,4})(?:さん|氏|様|君|くん|ちゃん|先生)")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_KATAKANA = re.compile(r"[\u30a0-\u30ffー]{2,}")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_MONTH = re.compile(rf"(?i)(?:{_MONTH_WORDS})")
_LEAD = " \t\"'«(“「"
_ENDS = ".!?。！？;\n"


@dataclass(frozen=True, slots=True)
class Value:
    """A value as written (``text``), its kind (date, number, name) and the form values are
    compared in (``key``: digits for numbers, a case-folded stem for names)."""

    kind: str
    text: str
    key: str


@dataclass(frozen=True, slots=True)
class Reading:
    """A sentence read: its text, its values and its frame (content words without values)."""

    text: str
    values: tuple[Value, ...]
    frame: frozenset[str]

    def kinds(self) -> frozenset[str]:
        return frozenset(v.kind for v in self.values)


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``; a piece that starts in lower case goes on the one before it
    (the stop was an abbreviation's: "120 тыс. евро")."""
    out: list[str] = []
    for line in text.split("\n"):
        for piece in _SENTENCE_END.split(line):
            piece = piece.strip()
            if not piece:
                continue
            if out and line and piece[0].islower() and not out[-1].endswith(("?", "!", "？", "！", "。")):
                out[-1] = f"{out[-1]} {piece}"
            else:
                out.append(piece)
    return out


def is_question(sentence: str) -> bool:
    """Whether the sentence asks (it ends with a question mark of any script)."""
    return sentence.rstrip(" )»\"'").endswith(("?", "？", "؟"))


def script_of(text: str) -> str:
    """The script most letters of ``text`` are in: ``cjk``, ``cyrillic``, ``latin`` (any other
    cased script too), or ``""`` without letters."""
    cjk = len(_CJK.findall(text))
    cyr = len(_CYRILLIC.findall(text))
    letters = sum(1 for ch in text if ch.isalpha())
    if not letters:
        return ""
    if cjk * 3 >= letters:
        return "cjk"
    return "cyrillic" if cyr * 2 >= letters - cjk else "latin"


def _opens(sentence: str, start: int) -> bool:
    """Whether the word at ``start`` opens the sentence: only spaces and opening quotes stand
    between it and the start or a stop (after a colon or a dash, a capital marks a name)."""
    i = start
    while i > 0 and sentence[i - 1] in _LEAD:
        i -= 1
    return i == 0 or sentence[i - 1] in _ENDS


def _name_key(word: str) -> str:
    """Names compare by a stem, so inflected forms meet ("Бореалиса" = "Бореалис")."""
    w = word.casefold()
    return w if len(w) <= 4 or _CJK.search(w) else w[: max(4, len(w) - 2)]


def same_value(a: Value, b: Value) -> bool:
    """Whether two values are the same (same kind, and one key starts the other's)."""
    return a.kind == b.kind and (
        a.key == b.key or (a.kind == "name" and (a.key.startswith(b.key) or b.key.startswith(a.key)))
    )


@lru_cache(maxsize=8192)
def read(sentence: str, known_names: frozenset[str] = frozenset()) -> Reading:
    """Read one sentence. ``known_names`` (keys of names seen mid-sentence elsewhere) lets a
    name that opens the sentence count as one."""
    values: list[Value] = []
    taken: list[tuple[int, int]] = []
    starts: list[int] = []  # of the spans taken so far, sorted (they never overlap)
    ends: dict[int, int] = {}

    def add(kind: str, start: int, end: int, text: str, key: str) -> None:
        at = bisect.bisect_right(starts, start)
        if (at and ends[starts[at - 1]] > start) or (at < len(starts) and starts[at] < end):
            return  # overlaps a value found before (a date's digits are not a number too)
        starts.insert(at, start)
        ends[start] = end
        taken.append((start, end))
        values.append(Value(kind, text, key))

    for m in _QUOTED.finditer(sentence):
        inner = next(g for g in m.groups() if g)
        add("name", m.start(), m.end(), inner, _name_key(inner))
    for m in _DATE.finditer(sentence):
        digits = re.findall(r"\d+", m.group())
        month = _MONTH.search(m.group())
        key = " ".join(digits + ([month.group()[:3].casefold()] if month else []))
        add("date", m.start(), m.end(), m.group(), key or m.group()[:3].casefold())
    for m in _NUMBER.finditer(sentence):  # shown without a spaced word after it, compared with it
        raw = m.group()
        unit = re.sub(r"[\d\s.,\u00a0\u202f$€£¥₽]", "", raw)[:3].casefold()
        add("number", m.start(), m.end(), re.sub(r"(?<=\d)\s+\S+$", "", raw).strip(), re.sub(r"\D", "", raw) + unit)
    for m in _HONORIFIC.finditer(sentence):
        add("name", m.start(), m.end(), m.group(1), m.group(1))
    for m in _KATAKANA.finditer(sentence):
        add("name", m.start(), m.end(), m.group(), m.group())
    foreign = script_of(sentence) in ("cjk", "cyrillic")
    for m in _WORD.finditer(sentence):
        word = m.group()
        if _MONTH.fullmatch(word):
            add("date", m.start(), m.end(), word, word.casefold()[:3])
            continue
        latin_in_other = foreign and word.isascii()
        if len(word) < 2 or not (word[0].isupper() or latin_in_other) or _CJK.search(word) or not tokenize(word):
            continue  # one letter, or a word as common as "The" or «Но», is never a name
        key = _name_key(word)
        if (
            word[0].isupper()
            and _opens(sentence, m.start())
            and key not in known_names
            and not latin_in_other
            and not word.isupper()
        ):
            continue  # capitalised only because it opens the sentence
        add("name", m.start(), m.end(), word, key)
    # The words around the values, read with each value cut out where it stands: no token
    # spans a value's edge (in Japanese, "3日です" would give "日で"), and a value's text
    # inside another word ("Ann" in "Annual") leaves that word whole.
    rest = list(sentence)
    for v, (start, end) in zip(values, taken, strict=True):
        at = sentence.find(v.text, start, end)
        if at >= 0:
            rest[at : at + len(v.text)] = " " * len(v.text)
    values = _joined(sentence, values, taken)
    return Reading(sentence, tuple(values), frozenset(tokenize("".join(rest))))


def _joined(sentence: str, values: list[Value], spans: list[tuple[int, int]]) -> list[Value]:
    """Names written next to each other ("Anna Petrova", "Stark Logistics") are one name."""
    order = sorted(range(len(values)), key=lambda i: spans[i][0])
    out: list[tuple[int, int, Value]] = []
    for i in order:
        v, (start, end) = values[i], spans[i]
        if (
            out
            and v.kind == "name"
            and out[-1][2].kind == "name"
            and sentence[out[-1][1] : start] == " "
            and _WORD.fullmatch(v.text)
            and _WORD.fullmatch(out[-1][2].text.split(" ")[-1])
            and sentence[out[-1][0] : out[-1][0] + 1].isupper()
        ):
            first = out[-1]
            text = sentence[first[0] : end]
            out[-1] = (first[0], end, Value("name", text, f"{first[2].key} {v.key}"))
        else:
            out.append((start, end, v))
    return [v for _s, _e, v in out]


def mid_sentence_names(text: str) -> frozenset[str]:
    """Keys of the capitalised words written mid-sentence in ``text`` (names for sure)."""
    out = set()
    for sentence in split_sentences(text):
        for m in _WORD.finditer(sentence):
            if m.group()[0].isupper() and not _opens(sentence, m.start()):
                out.add(_name_key(m.group()))
    return frozenset(out)


@lru_cache(maxsize=1)
def analyser() -> Any:
    """The process's one pymorphy3 analyser (~0.5 s and 15 MB, loaded on first use)."""
    import pymorphy3  # type: ignore[import-untyped]  # lazy: kept off a path (tests/test_turn_language.py)

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=8192)
def _base(word: str) -> str:
    parses = analyser().parse(word)
    if not parses or parses[0].tag.case in (None, "nomn") or "Fixd" in parses[0].tag.grammemes:
        return word
    if any(p.tag.case == "nomn" and p.tag.number == "sing" for p in parses[:3]):
        return word  # as likely a nominative already
    base = str(parses[0].normal_form)
    return base[:1].upper() + base[1:] if word[:1].isupper() else base


def base_forms(reading: Reading) -> tuple[str, ...]:
    """The dictionary forms of the Cyrillic names and weekdays of ``reading`` that are written
    in another case ("Фёдором" → "Фёдор"), in order, without repeats."""
    out: dict[str, None] = {}
    for v in reading.values:
        if v.kind == "number" or (v.kind == "date" and re.search(r"\d", v.text)) or not _CYRILLIC.search(v.text):
            continue  # numbers and dates with a day are matched as they are
        words = v.text.split()
        base = " ".join(_base(w) if _CYRILLIC.search(w) else w for w in words)
        if base != v.text:
            out.setdefault(base, None)
    return tuple(out)
