"""Relative time expressions resolved against the message's timestamp (EN, RU, JA)."""

from __future__ import annotations

import time
from datetime import UTC, date, datetime

import pytest

from threadkeep.memory.dates import annotate, from_json, resolve, strip_notes, to_json

MONDAY = date(2023, 5, 8)  # a Monday
SUNDAY = date(2023, 5, 14)

TABLE = [
    # English
    ("I went to the support group yesterday.", MONDAY, "yesterday", "7 May 2023"),
    ("We met the day before yesterday", MONDAY, "the day before yesterday", "6 May 2023"),
    ("Last night was fun", MONDAY, "Last night", "7 May 2023"),
    ("I'm off today", MONDAY, "today", "8 May 2023"),
    ("See you tomorrow", MONDAY, "tomorrow", "9 May 2023"),
    ("two days ago we met", MONDAY, "two days ago", "6 May 2023"),
    ("10 days ago", MONDAY, "10 days ago", "28 April 2023"),
    ("a couple of days ago", MONDAY, "a couple of days ago", "6 May 2023"),
    ("3 weeks ago", MONDAY, "3 weeks ago", "week of 17 April 2023"),
    ("a month ago", MONDAY, "a month ago", "April 2023"),
    ("two years ago", MONDAY, "two years ago", "2021"),
    ("in 3 days", MONDAY, "in 3 days", "11 May 2023"),
    ("Last week I ran", MONDAY, "Last week", "week of 1 May 2023"),
    ("next week", MONDAY, "next week", "week of 15 May 2023"),
    ("this week", SUNDAY, "this week", "week of 8 May 2023"),
    ("last weekend", MONDAY, "last weekend", "weekend of 6 May 2023"),
    ("this past weekend", MONDAY, "this past weekend", "weekend of 6 May 2023"),
    ("last month", MONDAY, "last month", "April 2023"),
    ("next month", date(2023, 12, 3), "next month", "January 2024"),
    ("last year", MONDAY, "last year", "2022"),
    ("last Friday", MONDAY, "last Friday", "5 May 2023"),
    ("last Monday", MONDAY, "last Monday", "1 May 2023"),
    ("next Friday", MONDAY, "next Friday", "12 May 2023"),
    ("this Friday", MONDAY, "this Friday", "12 May 2023"),
    # Russian
    ("вчера я ходил", MONDAY, "вчера", "7 May 2023"),
    ("позавчера", MONDAY, "позавчера", "6 May 2023"),
    ("послезавтра", MONDAY, "послезавтра", "10 May 2023"),
    ("два дня назад", MONDAY, "два дня назад", "6 May 2023"),
    ("5 дней назад", MONDAY, "5 дней назад", "3 May 2023"),
    ("неделю назад", MONDAY, "неделю назад", "week of 1 May 2023"),
    ("три месяца назад", MONDAY, "три месяца назад", "February 2023"),
    ("на прошлой неделе мы", MONDAY, "на прошлой неделе", "week of 1 May 2023"),
    ("на следующей неделе", MONDAY, "на следующей неделе", "week of 15 May 2023"),
    ("в прошлом месяце", MONDAY, "в прошлом месяце", "April 2023"),
    ("в прошлом году", MONDAY, "в прошлом году", "2022"),
    ("в прошлую пятницу", MONDAY, "в прошлую пятницу", "5 May 2023"),
    ("в следующий вторник", MONDAY, "в следующий вторник", "9 May 2023"),
    ("на прошлых выходных", MONDAY, "на прошлых выходных", "weekend of 6 May 2023"),
    # Japanese
    ("昨日行った", MONDAY, "昨日", "7 May 2023"),
    ("一昨日", MONDAY, "一昨日", "6 May 2023"),
    ("明日", MONDAY, "明日", "9 May 2023"),
    ("先週は忙しかった", MONDAY, "先週", "week of 1 May 2023"),
    ("来週", MONDAY, "来週", "week of 15 May 2023"),
    ("先週末", MONDAY, "先週末", "weekend of 6 May 2023"),
    ("先月", MONDAY, "先月", "April 2023"),
    ("去年", MONDAY, "去年", "2022"),
    ("3日前", MONDAY, "3日前", "5 May 2023"),
    ("２日前", MONDAY, "２日前", "6 May 2023"),
    ("二週間前", MONDAY, "二週間前", "week of 24 April 2023"),
    ("十日前", MONDAY, "十日前", "28 April 2023"),
    ("来週の金曜日", MONDAY, "来週の金曜日", "19 May 2023"),
    ("先週の月曜", MONDAY, "先週の月曜", "1 May 2023"),
]


@pytest.mark.parametrize(("text", "at", "expr", "note"), TABLE)
def test_expression_table(text: str, at: date, expr: str, note: str) -> None:
    found = resolve(text, at)
    assert [(text[r.start : r.end], r.note) for r in found] == [(expr, note)]


def test_annotate_and_strip_round_trip() -> None:
    text = "I went to the support group yesterday. Next week I start pottery."
    at = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    found = resolve(text, at)
    shown = annotate(text, found)
    assert shown == (
        "I went to the support group yesterday (7 May 2023). Next week (week of 15 May 2023) I start pottery."
    )
    assert strip_notes(shown) == text
    assert from_json(to_json(found)) == found


def test_nothing_to_resolve_and_vague_counts() -> None:
    assert resolve("I love painting sunsets.", MONDAY) == []
    assert resolve("a few days ago", MONDAY) == []  # vague: not resolved
    assert resolve("the yesterdayish mood", MONDAY) == []  # not a word on its own
    assert annotate("no dates here", []) == "no dates here"


def test_linear_time_on_hostile_input() -> None:
    # Near-misses repeated: each costs a bounded amount of work, so 10× the text costs about
    # 10× the time (a generous ratio on a busy machine), never more.
    unit = "last las t 12 day 1234 days agx на прошл 先日前 in 99 dayz "
    small, large = unit * 200, unit * 2000

    def timed(text: str) -> float:
        t = time.perf_counter()
        resolve(text, MONDAY)
        return time.perf_counter() - t

    t_small = min(timed(small) for _ in range(3))
    t_large = min(timed(large) for _ in range(3))
    assert t_large < 40 * max(t_small, 1e-4)
