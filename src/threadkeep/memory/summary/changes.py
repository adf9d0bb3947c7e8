"""Changes said in messages (issue 26, item 3): which sentence replaces something said before.

A :class:`Change` is one sentence that says a value (a name, a number, a date, a weekday)
and either says it is a change ("actually", "change of plan", "вернее", "перенесли",
"やっぱり", "ではなく" …) or states a slot the summariser knows (the lead, the deadline, the
budget …). It carries the values it names, the kind of each (:mod:`value_roles`), and those it
explicitly turns away from ("instead of Kafka", "from 9 to 20 May", "вместо Kafka",
"KafkaではなくPulsar", "Desmond moved teams", "9月5日は忘れてください"). Which earlier lines a
change replaces is :mod:`threadkeep.memory.summary.corrections`' judgement.

Every pattern is an alternation of literals; value spans are found with plain string search.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from threadkeep.memory.summary.grammar import KANA, is_question, rx
from threadkeep.memory.summary.sentences import (
    _NUMBER,
    _WEEKDAY,
    CORRECTION,
    MONTH,
    analyse,
    split_sentences,
)
from threadkeep.memory.summary.value_roles import HOSTING, MOVES, name_role, number_role

__all__ = ["CHANGE_CUE", "Change", "changes_in", "body_of", "reading", "KANA", "KATAKANA"]

# Cues that a sentence replaces something said before, beyond the summariser's CORRECTION.
CHANGE_CUE = rx(
    r"change of plans?|plans? changed|\bno wait\b|\bwait,|scratch that|\bswitch(?:ed|ing)?\b|"
    r"\binstead\b|\brather than\b|\bin place of\b|\bturns out\b|\brevised\b|\bcorrect(?:ed|ion)\b|"
    r"\bmoves?\b|\bmoving\b|\bnot\b[^.!?]{0,40}\bbut\b|\bno longer\b|\bmistake\b|\bI mean\b|"
    r"\bcancel(?:l?ed)?\b|\bnow\b|\bupdated?\b|\bactually\b|\breplac\w*|\bforget\b|\bmake it\b|"
    r"\b(?:cut|raised|increased|reduced|lowered|bumped|trimmed|slashed)\b|\bpushed\b|\b(?:is|are) off\b|"
    r"|\bне\b[^.!?]{0,40}, а\b|\bвернее\b|\bточнее\b|поправка|\bперенес|\bперенос|передумал|\bзаменил|\bзамена\b|"
    r"на самом деле|\bотмен|\bвместо\b|\bа не\b|\bуже не\b|больше не|\bтеперь\b|\bсменил|"
    r"\bпереехал|\bпереезжа|\bперешл[иа]\b|\bперевели\b|\bперевёл|\bизменени|\bизменил|\bпоменял|\bошибся|\bошиблась|\bзабудь|"
    r"\bурезал|\bсократил|\bувеличил|\bподнял|\bснизил|\bпересмотр|\bотныне\b|с этого момента|\bотпада|"
    r"|やっぱり|やはり|変更|ではなく|じゃなく|訂正|代わり|代わっ|延期|前倒し|移り|移っ|移し|移る|移転|"
    r"取りやめ|中止|結局|に変わ|変え|切り替え|差し替え|間違|減ら|増や|引き上げ|引き下げ|削減|今後|これからは|はなしで"
)

# What comes right before a value the change turns away from: a choice set aside ("instead
# of Kafka") names the old option outright; the weaker cues ("not", "from") only with a topic.
_SET_ASIDE = ("instead of", "rather than", "in place of", "replacing", "replaces", "вместо", "а не")
_BEFORE_OLD = (*_SET_ASIDE, "not", "from", "no longer", "forget", "forget about", "was", "were", "(was", "wasn't",
               "isn't", "weren't", "aren't", "было", "был",
               "была", "были", "не", "с", "со", "уже не",
               "больше не", "забудь", "забудьте", "забудь про", "забудьте про", "забудь о", "забудьте о")
# "from the office in Rotterdam", "из офиса в Екатеринбурге": the place it moves from.
_FROM_PLACE = rx(r"(?:^|\W)(?:from|out of)\s+(?:the\s+|our\s+)?\w+\s+(?:in|at)\s+$|"
                 r"|(?:^|\W)из\s+(?-i:[а-яё]+)\s+(?:в|во)\s+$")
# Right after a name: that person left what the sentence is about ("Thaddeus moved teams"),
# or that option is off ("Aarhus is off for Vega", "ScyllaDB отпадает", "Denoはなしで").
_LEFT = rx(r"^\s+(?:moved teams|moved to another team|changed teams|switched teams|left\b|has left|is leaving|"
           r"stepped down|steps down|quit\b|is out\b|is off\b|are off\b|"
           r"ушёл|ушел|ушла|уходит|перешёл в друг|перешел в друг|перешла в друг|отпада|отменяется)|"
           r"^(?:さん)?(?:は|が)(?:別の?チーム|退職|異動|抜け)|^(?:さん)?は(?:なしで|なしに|無しで|やめて|見送)")
# What comes right after it in Japanese ("KafkaではなくPulsar", "6月4日から6月18日に").
_SET_ASIDE_JA = ("ではなく", "じゃなく", "をやめ")
_AFTER_OLD = (*_SET_ASIDE_JA, "から", "は中止", "は取りやめ", "は忘れ", "のことは忘れ", "の件は忘れ", "の話は忘れ")
_UNIT_JA = re.compile(r"^(?:万円|億円|万|億|円|ドル|ユーロ|人|名|件|%|％|さん|氏|君|くん|ちゃん)")
_PREPOSITION = re.compile(r"\s+(?:в|во|на|к|ко|in|on|at|the|by|to)$")
_LEADING = re.compile(r"^[\s,.:;—–-]+")
# A line's own frame: "- [2024-05-01] you: …", "assistant: …".
# (a speaker only after a date: "Correction: …" said in a message is part of what it says).
_FRAME = re.compile(r"^(?:-\s*)*(?:\[\d{4}-\d{2}-\d{2}\]\s*(?:[\w -]{1,20}:\s+)?)?")
_KANJI_PLACE = re.compile(r"[\u4e00-\u9fff]{2,4}(?=の?新?(?:拠点|オフィス|支社|本社|事務所|リージョン|データセンター)|は忘れ|"
                          r"(?:から|で)(?:運営|開発|勤務|作業|仕事)|(?:に|へ)(?:変更|移|変わ|置)|でホスト|"
                          r"から[\u4e00-\u9fff]{2,4}(?:に|へ)(?:変更|移|変わ))")
KATAKANA = re.compile(r"[\u30a0-\u30ff]")


@dataclass(frozen=True, slots=True)
class Change:
    """One sentence that says a value, as a possible replacement of earlier ones."""

    text: str
    values: frozenset[str]  # every value it names, normalised (:func:`_values`)
    old: frozenset[str]  # the values it explicitly turns away from
    set_aside: frozenset[str]  # of ``old``, options a choice set aside ("instead of Kafka")
    numeric: frozenset[str]  # of ``values``, the numbers, dates and weekdays
    slots: frozenset[str]
    topic: frozenset[str]
    subject: frozenset[str]
    cued: bool  # it says it is a change
    dates: frozenset[str] = frozenset()  # of ``numeric``, dates and weekdays (and their day numbers)
    initial: frozenset[str] = frozenset()  # names only as its capitalised first word (maybe prose)
    roles: frozenset[tuple[str, str]] = frozenset()  # (value, kind): :mod:`value_roles`
    moves: bool = False  # it says something moves to another place
    hosting: bool = False  # it speaks of hosting, a region, a data centre

    def role(self, value: str) -> str:
        """The kind of ``value`` as this sentence says it (date, money, place, person …)."""
        return next((r for v, r in self.roles if v == value), "date" if value in self.dates else "name")

    @property
    def new(self) -> frozenset[str]:
        """The values it says now."""
        return self.values - self.old


def _stem(word: str) -> str:
    """A value compared on its first five letters (Russian inflects: Бореалис, Бореалиса); a
    short Russian name without its ending (Том, Тома; Лена, Лены; Уфа, Уфе, Уфы)."""
    low = word.lower()
    if len(low) <= 5 and low[-1:] in _RU_ENDINGS and len(low) > 2 and "а" <= low[0] <= "я":
        return low[:-1]
    return low[:5]


_RU_ENDINGS = frozenset("аяоеуюиыйь")


def _value_spans(text: str) -> list[tuple[int, int, str, bool]]:
    """(start, end, normalised value, is a number or date) of the values a sentence names."""
    spans: list[tuple[int, int, str, bool]] = []
    taken: set[int] = set()
    for pattern in (MONTH, _WEEKDAY, _NUMBER):
        for m in pattern.finditer(text):
            if m.start() in taken:
                continue
            taken.update(range(m.start(), m.end()))
            spans.append((m.start(), m.end(), _stem(m.group()) if m.group()[0].isalpha() else m.group().lower(),
                          True))
    s = analyse(text)
    cue_words = {w.lower() for cue in (*CORRECTION.findall(text), *CHANGE_CUE.findall(text))
                 for w in cue.split()}
    for name in s.names:
        if name.lower() in cue_words or MONTH.fullmatch(name) or _WEEKDAY.fullmatch(name):
            continue
        at = text.find(name)
        while at >= 0:  # every place it is said: "Hall B, not Hall A" sets one of them aside
            if at not in taken:
                spans.append((at, at + len(name), _stem(name), False))
            at = text.find(name, at + len(name))
    # One date in whatever way it is written ("2026-12-08", "December 8", "8 декабря",
    # "12月8日") is one value too, so a change in one form finds the line in another.
    for m in _DATE_FORMS.finditer(text):
        day = _calendar_day(m)
        if day is not None:
            spans.append((m.start(), m.end(), day, True))
    # Japanese writes places in kanji, which the sentence analysis reads as topic words: a
    # kanji name before an office or region word, or one set aside ("仙台は忘れて"), is a place.
    for m in _KANJI_PLACE.finditer(text):
        if m.start() not in taken:
            spans.append((m.start(), m.end(), m.group(), False))
    return spans


_MONTHS_EN = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTHS_RU = ("январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр", "октябр", "ноябр",
              "декабр")
_MONTH_WORD = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
               r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|января|февраля|марта|апреля|"
               r"мая|июня|июля|августа|сентября|октября|ноября|декабря)")
_DATE_FORMS = re.compile(
    r"(?<!\d)(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})(?!\d)|"
    r"(?<!\d)(?P<jm>\d{1,2})月(?P<jd>\d{1,2})日|"
    rf"\b(?P<em>{_MONTH_WORD})\.?\s+(?P<ed>\d{{1,2}})(?:st|nd|rd|th)?(?!\d)|"
    rf"(?<!\d)(?P<dd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dm>{_MONTH_WORD})\b",
    re.IGNORECASE)


def _calendar_day(m: re.Match[str]) -> str | None:
    """A matched date as "@MM-DD" (the year left out: people rarely say it twice)."""
    if m.group("iy"):
        month, day = int(m.group("im")), int(m.group("id"))
    elif m.group("jm"):
        month, day = int(m.group("jm")), int(m.group("jd"))
    else:
        word = (m.group("em") or m.group("dm")).lower()
        day = int(m.group("ed") or m.group("dd"))
        month = next((i + 1 for i, stem in enumerate(_MONTHS_EN) if word.startswith(stem)), 0) or next(
            (i + 1 for i, stem in enumerate(_MONTHS_RU) if word.startswith(stem) and (stem != "ма" or word == "мая")), 0)
    return f"@{month:02d}-{day:02d}" if 1 <= month <= 12 and 1 <= day <= 31 else None


def _old_values(text: str, spans: Sequence[tuple[int, int, str, bool]]) -> tuple[set[str], set[str]]:
    """(values the sentence turns away from, those of them a choice set aside)."""
    low = text.lower()
    moves = MOVES.search(text) is not None
    old: set[str] = set()
    aside: set[str] = set()
    for start, end, value, _ in spans:
        before = low[max(0, start - 16):start].rstrip(" \t\"'«“(")
        before = _PREPOSITION.sub("", before)  # "а не во вторник", "not on Tuesday"
        # "760万円ではなく", "ユウタさんの件は忘れて": past the unit or the honorific.
        after = _UNIT_JA.sub("", text[end:end + 12], count=1)
        cue = _word_before(before, _BEFORE_OLD)
        if cue is None and moves and _word_before(before, ("из", "изо")) is not None:
            cue = "из"  # "переезжает из Варшавы в Осло": where it moves from
        # "6月4日から6月18日に" sets the first date aside; "広島から運営します" runs from it.
        away_ja = after.startswith(_AFTER_OLD) and not (
            after.startswith("から") and not any(end < a <= end + 14 for a, _, _, _ in spans))
        if (cue is not None or away_ja or _FROM_PLACE.search(text[max(0, start - 28):start])
                or (not value[:1].isdigit() and _LEFT.match(text[end:end + 28]))):
            old.add(value)
            if cue in _SET_ASIDE or after.startswith(_SET_ASIDE_JA):
                aside.add(value)
            # "Forget 2 March": the month said with an old day number is part of the old date.
            month = MONTH.match(text, end + 1) if text[end:end + 1] == " " else None
            if month is not None and value[:1].isdigit():
                old.add(_stem(month.group()))
    return old, aside


def _word_before(before: str, cues: Sequence[str]) -> str | None:
    # "not" but not "cannot"; "с" but not "вес": the cue is a whole word.
    for cue in cues:
        if before.endswith(cue):
            head = before[: -len(cue)]
            if not head or not head[-1].isalnum():
                return cue
    return None


@lru_cache(maxsize=8192)
def reading(sentence: str) -> Change | None:
    """What a sentence says as a possible change (None when it names no value): memoised, as
    every line of a turn is read against every change."""
    spans = _value_spans(sentence)
    if not spans:
        return None
    s = analyse(sentence)
    cued = bool(CORRECTION.search(sentence) or CHANGE_CUE.search(sentence))
    values = frozenset(v for _, _, v, _ in spans)
    old, aside = _old_values(sentence, spans)
    dated = [(a, b) for a, b, v, n in spans if n and not v[:1].isdigit() or "月" in v]
    dates = {v for a, b, v, n in spans if n and any(a <= e + 2 and b + 2 >= d for d, e in dated)}
    inner = {_stem(n) for n in s.inner_names}
    roles: dict[str, str] = {}
    for a, b, v, n in sorted(spans):
        roles.setdefault(v, ("date" if v in dates else number_role(sentence, a, b)) if n
                         else name_role(sentence, a, b))
    return Change(sentence, values, frozenset(old), frozenset(aside),
                  frozenset(v for _, _, v, n in spans if n), s.slots, s.topic,
                  frozenset(_stem(n) for n in (s.inner_names or s.names)), cued,
                  frozenset(dates),
                  # Japanese has no capitals: a Latin word first in it is a name, not prose.
                  frozenset() if KANA.search(sentence) else frozenset(v for _, _, v, n in spans
                                                                       if not n and v not in inner),
                  frozenset(roles.items()), bool(MOVES.search(sentence)), bool(HOSTING.search(sentence)))


def _change(sentence: str, cued: bool = False) -> Change | None:
    if is_question(sentence):
        return None
    read = reading(sentence)
    if read is None:
        return None
    if cued and not read.cued:
        return replace(read, cued=True)
    if not read.cued and read.values <= read.initial:
        return None  # "Lead with a one-page summary.": its one name is its first word, maybe prose
    return read if read.cued or read.slots else None


def body_of(line: str) -> str:
    """A line without its frame (bullet, date, speaker)."""
    frame = _FRAME.match(line)
    return line[frame.end():] if frame else line


def changes_in(text: str) -> list[Change]:
    """The changes ``text`` says, in the order it says them."""
    out: list[Change] = []
    for line in text.split("\n"):
        # "Scratch that. Porto it is.": a cue said with no value carries to the next sentence.
        # "Forget 3 September. The beta is on 13 September.": what a sentence only turns away
        # from is what the next one replaces.
        carried = False
        away: frozenset[str] = frozenset()
        for sentence in split_sentences(body_of(line)):
            sentence = _LEADING.sub("", sentence)
            change = _change(sentence, carried)
            if change is not None and away:
                change = replace(change, old=change.old | away - change.values)
            if change is not None and (change.new or not change.old):
                out.append(change)
            only_away = change is not None and change.old and not change.new
            away = change.old if change is not None and only_away else frozenset()
            carried = only_away or (change is None and not is_question(sentence) and reading(sentence) is None
                                    and bool(CORRECTION.search(sentence) or CHANGE_CUE.search(sentence)))
    return out
