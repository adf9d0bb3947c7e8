"""Relative time expressions resolved against the message's own timestamp (EN, RU, JA).

"I went to the support group yesterday", written on 8 May 2023, means 7 May 2023; months
later the raw text no longer says so. :func:`resolve` finds such expressions ("yesterday",
"last week", "next Friday", "two days ago", "вчера", "на прошлой неделе", "先週", "3日前", …)
and turns each into a date, a week, a month or a year as seen from the message's timestamp;
:func:`annotate` writes them into the text as notes — "yesterday (7 May 2023)" — so recalled
text carries the date the person meant. Resolution runs when a message is indexed and is
stored sealed beside its vector (:mod:`threadkeep.memory.recall`).

Conventions (one reading each, written down because each could be argued):
- weeks run Monday to Sunday; "last week" is the week before the message's week, shown by its
  Monday ("week of 1 May 2023"); weekends by their Saturday;
- "last Friday" is the latest Friday strictly before the message's day, "next Friday" the
  first strictly after it, "this Friday" the Friday of the message's week;
- "N weeks ago" is the week holding the day 7·N days back; "N months ago" the month N back;
- "a few", "several" and other vague counts are not resolved.

Every pattern is a flat alternation of literal words with bounded digit runs: no nested or
overlapping repetition, so matching is linear in the text's length on any input.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

__all__ = ["day_text", "Resolved", "resolve", "annotate", "strip_notes", "to_json", "from_json", "MONTHS"]

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
MAX_TEXT = 200_000  # characters scanned; longer texts are resolved in their first 200,000


@dataclass(frozen=True, slots=True)
class Resolved:
    """One expression: where it is in the text and what it means (``note``, e.g. "7 May 2023")."""

    start: int
    end: int
    note: str


def _day(d: date) -> str:
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def day_text(at: datetime | date) -> str:
    """A day as memory writes it: "3 May 2026"."""
    return _day(at.date() if isinstance(at, datetime) else at)


def _week(d: date) -> str:
    return f"week of {_day(d - timedelta(days=d.weekday()))}"


def _weekend(d: date) -> str:
    return f"weekend of {_day(d - timedelta(days=d.weekday()) + timedelta(days=5))}"


def _month(year: int, month: int, shift: int) -> str:
    n = year * 12 + month - 1 + shift
    return f"{MONTHS[n % 12]} {n // 12}"


def _weekday(d: date, wd: int, how: str) -> date:
    if how == "last":
        back = (d.weekday() - wd) % 7 or 7
        return d - timedelta(days=back)
    if how == "next":
        ahead = (wd - d.weekday()) % 7 or 7
        return d + timedelta(days=ahead)
    return d - timedelta(days=d.weekday()) + timedelta(days=wd)  # "this": the message's week


def _shift(d: date, unit: str, n: int) -> str:
    """The note for ``n`` units after ``d`` (negative: before)."""
    if unit == "day":
        return _day(d + timedelta(days=n))
    if unit == "week":
        return _week(d + timedelta(days=7 * n))
    if unit == "weekend":
        return _weekend(d + timedelta(days=7 * n))
    if unit == "month":
        return _month(d.year, d.month, n)
    return str(d.year + n)


# -- English ------------------------------------------------------------------------------------
_EN_NUM = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "a couple of": 2,
    "couple of": 2,
}
_EN_WD = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
_EN_FIXED = {
    "day before yesterday": ("day", -2),
    "day after tomorrow": ("day", 2),
    "yesterday": ("day", -1),
    "last night": ("day", -1),
    "today": ("day", 0),
    "tonight": ("day", 0),
    "tomorrow": ("day", 1),
}
_EN_REL = {"last": -1, "past": -1, "previous": -1, "this": 0, "next": 1, "coming": 1}
_EN = re.compile(
    r"\b(?:(?:the )?(?P<fixed>day before yesterday|day after tomorrow|yesterday|last night|today|tonight|tomorrow)"
    r"|(?P<num>\d{1,3}|" + "|".join(sorted(_EN_NUM, key=len, reverse=True)) + r") "
    r"(?P<unit>days?|weeks?|months?|years?) (?P<dir>ago|later|from now)"
    r"|in (?P<in_num>\d{1,3}|"
    + "|".join(sorted(_EN_NUM, key=len, reverse=True))
    + r") (?P<in_unit>days?|weeks?|months?|years?)"
    r"|(?:this )?(?P<rel>last|past|previous|this|next|coming) "
    r"(?P<what>weekend|week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b",
    re.IGNORECASE,
)


def _english(text: str, d: date) -> list[Resolved]:
    out = []
    for m in _EN.finditer(text):
        g = m.groupdict()
        if g["fixed"]:
            unit, n = _EN_FIXED[g["fixed"].lower()]
            note = _shift(d, unit, n)
        elif g["num"]:
            raw = g["num"].lower()
            n = int(raw) if raw.isdigit() else _EN_NUM[raw]
            unit = g["unit"].lower().rstrip("s")
            note = _shift(d, unit, -n if g["dir"].lower() == "ago" else n)
        elif g["in_num"]:
            raw = g["in_num"].lower()
            n = int(raw) if raw.isdigit() else _EN_NUM[raw]
            note = _shift(d, g["in_unit"].lower().rstrip("s"), n)
        else:
            rel, what = _EN_REL[g["rel"].lower()], g["what"].lower()
            if what in _EN_WD:
                how = "last" if rel < 0 else "next" if rel > 0 else "this"
                note = _day(_weekday(d, _EN_WD[what], how))
            else:
                note = _shift(d, what, rel)
        out.append(Resolved(m.start(), m.end(), note))
    return out


# -- Russian ------------------------------------------------------------------------------------
_RU_NUM = {
    "один": 1,
    "одну": 1,
    "одна": 1,
    "два": 2,
    "две": 2,
    "три": 3,
    "четыре": 4,
    "пять": 5,
    "шесть": 6,
    "семь": 7,
    "восемь": 8,
    "девять": 9,
    "десять": 10,
    "пару": 2,
    "полтора": 1,
}
_RU_FIXED = {"позавчера": -2, "вчера": -1, "сегодня": 0, "завтра": 1, "послезавтра": 2}
_RU_UNIT = {
    "день": "day",
    "дня": "day",
    "дней": "day",
    "неделю": "week",
    "недели": "week",
    "недель": "week",
    "месяц": "month",
    "месяца": "month",
    "месяцев": "month",
    "год": "year",
    "года": "year",
    "лет": "year",
}
_RU_REL = {"прошл": -1, "эт": 0, "следующ": 1, "будущ": 1}
_RU_WHAT = {"недел": "week", "месяц": "month", "год": "year", "выходн": "weekend"}
_RU_WD = {"понедельник": 0, "вторник": 1, "среду": 2, "четверг": 3, "пятницу": 4, "субботу": 5, "воскресенье": 6}
_W = r"(?<![а-яёa-z0-9])"
_E = r"(?![а-яёa-z0-9])"
_RU = re.compile(
    _W + r"(?:(?P<fixed>позавчера|послезавтра|вчера|сегодня|завтра)"
    r"|(?:(?P<num>\d{1,3}|" + "|".join(_RU_NUM) + r") )?(?P<unit>" + "|".join(_RU_UNIT) + r") (?P<dir>назад|спустя)"
    r"|(?:на|в|во) (?P<rel>прошл|эт|следующ|будущ)(?:ой|ом|ую|ый|ий|ие|ее|ое|их|ых|ые|ем|ей|ая) "
    r"(?P<what>недел|месяц|год|выходн|" + "|".join(_RU_WD) + r")(?:е|ю|у|ых|и)?)" + _E,
    re.IGNORECASE,
)


def _russian(text: str, d: date) -> list[Resolved]:
    out = []
    for m in _RU.finditer(text):
        g = m.groupdict()
        if g["fixed"]:
            note = _day(d + timedelta(days=_RU_FIXED[g["fixed"].lower()]))
        elif g["unit"]:
            raw = (g["num"] or "1").lower()
            n = int(raw) if raw.isdigit() else _RU_NUM[raw]
            n = -n if g["dir"].lower() == "назад" else n
            note = _shift(d, _RU_UNIT[g["unit"].lower()], n)
        else:
            rel, what = _RU_REL[g["rel"].lower()], g["what"].lower()
            if what in _RU_WD:
                how = "last" if rel < 0 else "next" if rel > 0 else "this"
                note = _day(_weekday(d, _RU_WD[what], how))
            else:
                note = _shift(d, _RU_WHAT[what], rel)
        out.append(Resolved(m.start(), m.end(), note))
    return out


# -- Japanese -----------------------------------------------------------------------------------
_JA_FIXED = {
    "一昨日": -2,
    "おととい": -2,
    "昨日": -1,
    "きのう": -1,
    "昨夜": -1,
    "昨晩": -1,
    "今日": 0,
    "きょう": 0,
    "今夜": 0,
    "明日": 1,
    "あした": 1,
    "明後日": 2,
    "あさって": 2,
}
_JA_REL = {"先": -1, "今": 0, "来": 1}
_JA_YEAR = {"去年": -1, "昨年": -1, "今年": 0, "来年": 1}
_JA_DIGITS = {c: i for i, c in enumerate("〇一二三四五六七八九")}
_JA_WD = {"月": 0, "火": 1, "水": 2, "木": 3, "金": 4, "土": 5, "日": 6}
_JA = re.compile(
    r"(?P<fixed>一昨日|おととい|明後日|あさって|昨日|きのう|昨夜|昨晩|今日|きょう|今夜|明日|あした)"
    r"|(?P<year>去年|昨年|今年|来年)"
    r"|(?P<num>[0-9０-９]{1,3}|[一二三四五六七八九十]{1,3})(?P<unit>日|週間|か月|ヶ月|カ月|ヵ月|年)(?P<dir>前|後)"
    r"|(?P<rel>先|今|来)(?P<what>週末|週|月)(?:の(?P<wd>[月火水木金土日])曜日?)?(?:中|末|いっぱい)?"
)
# "今週中に", "今月末まで": the note goes after the whole expression, never inside it.


def _ja_number(raw: str) -> int:
    raw = raw.translate(str.maketrans("０１２３４５６７８９", "0123456789"))
    if raw.isdigit():
        return int(raw)
    if "十" in raw:
        tens, _, ones = raw.partition("十")
        return (_JA_DIGITS.get(tens, 1) if tens else 1) * 10 + (_JA_DIGITS.get(ones, 0) if ones else 0)
    return _JA_DIGITS.get(raw, 0)


def _japanese(text: str, d: date) -> list[Resolved]:
    out = []
    for m in _JA.finditer(text):
        g = m.groupdict()
        if g["fixed"]:
            note = _day(d + timedelta(days=_JA_FIXED[g["fixed"]]))
        elif g["year"]:
            note = str(d.year + _JA_YEAR[g["year"]])
        elif g["num"]:
            n = _ja_number(g["num"])
            if n <= 0:
                continue
            unit = {"日": "day", "週間": "week", "年": "year"}.get(g["unit"], "month")
            note = _shift(d, unit, -n if g["dir"] == "前" else n)
        else:
            rel, what = _JA_REL[g["rel"]], g["what"]
            if what == "月" and g["wd"] is None:
                note = _shift(d, "month", rel)
            elif what == "週末":
                note = _shift(d, "weekend", rel)
            elif g["wd"] is not None and what == "週":
                note = _day(d - timedelta(days=d.weekday()) + timedelta(days=7 * rel + _JA_WD[g["wd"]]))
            else:
                note = _shift(d, "week", rel)
        out.append(Resolved(m.start(), m.end(), note))
    return out


_CYRILLIC = re.compile("[\u0400-\u04ff]")
_KANA_KANJI = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


def resolve(text: str, at: datetime | date) -> list[Resolved]:
    """The relative time expressions of ``text`` resolved against ``at`` (the message's
    timestamp), in text order, never overlapping."""
    d = at.date() if isinstance(at, datetime) else at
    scan = text[:MAX_TEXT]
    # Every Russian or Japanese expression holds a letter of its script: a text without one
    # skips that language's scan (most messages are in one language).
    found = [
        *_english(scan, d),
        *(_russian(scan, d) if _CYRILLIC.search(scan) else ()),
        *(_japanese(scan, d) if _KANA_KANJI.search(scan) else ()),
    ]
    found.sort(key=lambda r: (r.start, -r.end))
    out: list[Resolved] = []
    for r in found:
        if not out or r.start >= out[-1].end:
            out.append(r)
    return out


def annotate(text: str, resolved: Sequence[Resolved]) -> str:
    """``text`` with each resolved expression followed by its note: "yesterday (7 May 2023)"."""
    parts, last = [], 0
    for r in resolved:
        if r.start < last or r.end > len(text):
            continue
        parts.append(text[last : r.end])
        parts.append(f" ({r.note})")
        last = r.end
    parts.append(text[last:])
    return "".join(parts)


def to_json(resolved: Sequence[Resolved]) -> str:
    return json.dumps([[r.start, r.end, r.note] for r in resolved], ensure_ascii=False)


def from_json(raw: str) -> list[Resolved]:
    return [Resolved(int(a), int(b), str(n)) for a, b, n in json.loads(raw)]


# How a note looks, to take notes out again (the evaluation compares literal text).
_NOTE = re.compile(r" \((?:week of |weekend of )?(?:\d{1,2} )?(?:(?:" + "|".join(MONTHS) + r") )?\d{4}\)")


def strip_notes(text: str) -> str:
    """``text`` without resolved-date notes (what the person literally wrote)."""
    return _NOTE.sub("", text)
