"""Changes said in messages, and the earlier lines they replace (issue 26, item 3).

:mod:`threadkeep.memory.summary.superseded` marks what the *summary* knows was changed; it
sees nothing when the correction never made it into a summary item or is worded unlike the
old statement. This module reads the changes from the messages themselves, so a turn can
mark an old value wherever it rides — a recalled turn, a recall note, a compaction block, a
summary item, an earlier verbatim message — with the message that replaced it, on the same
line ("… (later changed: Actually, Boris leads Vega now.)").

A :class:`Change` is one sentence that says a value (a name, a number, a date, a weekday)
and either says it is a change ("actually", "change of plan", "вернее", "перенесли",
"やっぱり", "ではなく" …) or states a slot the summariser knows (the lead, the deadline, the
budget …). It carries the values it names and those it explicitly turns away from ("instead
of Kafka", "from 9 to 20 May", "вместо Kafka", "KafkaではなくPulsar").

An earlier line states a value the change replaced (:func:`replaced_by`) when it is a
statement (not a question), lacks a value the change says now, and either names a value the
change turned away from, or is about the same thing — the same slot, or (for a change that
says it is one) a topic word in common — with a value of the kind that changed (a name for a
name, a number or date for a number or date), and not about another subject (another
project's lead is not this project's). Changes are recomputed from the text a turn already
holds; nothing is stored, and the work is bounded by the window and the recalled material.
Every pattern is an alternation of literals; value spans are found with plain string search.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from threadkeep.memory.summary.grammar import is_question, rx
from threadkeep.memory.summary.sentences import (
    _NUMBER,
    _ROLE,
    _WEEKDAY,
    CORRECTION,
    MONTH,
    analyse,
    split_sentences,
)
from threadkeep.memory.summary.value_roles import EVENTS, HOSTING, MOVES, name_role, number_role

__all__ = ["LATER", "Change", "changes_in", "replaced_by", "mark_lines", "mark_summary", "dated_changes",
           "CHANGE_CUE"]

LATER = "later changed: "
# Changes past this many are not looked at (the newest are kept): a turn's cost stays bounded.
MAX_CHANGES = 96
# A change quoted on a marked line is cut to this many characters (its values kept first).
MAX_QUOTE = 220

# Cues that a sentence replaces something said before, beyond the summariser's CORRECTION.
CHANGE_CUE = rx(
    r"change of plans?|plans? changed|\bno wait\b|\bwait,|scratch that|\bswitch(?:ed|ing)?\b|"
    r"\binstead\b|\brather than\b|\bin place of\b|\bturns out\b|\brevised\b|\bcorrect(?:ed|ion)\b|"
    r"\bmoves?\b|\bmoving\b|\bnot\b[^.!?]{0,40}\bbut\b|\bno longer\b|\bmistake\b|\bI mean\b|"
    r"\bcancel(?:l?ed)?\b|\bnow\b|\bupdated?\b|\bactually\b|\breplac\w*|\bforget\b|\bmake it\b|"
    r"\b(?:cut|raised|increased|reduced|lowered|bumped|trimmed|slashed)\b|\bpushed\b|"
    r"|\bвернее\b|\bточнее\b|поправка|\bперенес|\bперенос|передумал|\bзаменил|\bзамена\b|"
    r"на самом деле|\bотмен|\bвместо\b|\bа не\b|\bуже не\b|больше не|\bтеперь\b|\bсменил|"
    r"\bпереехал|\bпереезжа|\bизменени|\bизменил|\bпоменял|\bошибся|\bошиблась|\bзабудь|"
    r"\bурезал|\bсократил|\bувеличил|\bподнял|\bснизил|\bпересмотр|"
    r"|やっぱり|やはり|変更|ではなく|じゃなく|訂正|代わり|延期|前倒し|移り|移っ|移し|移転|"
    r"取りやめ|中止|結局|に変わ|変え|切り替え|差し替え|間違|減ら|増や|引き上げ|引き下げ|削減"
)

# What comes right before a value the change turns away from: a choice set aside ("instead
# of Kafka") names the old option outright; the weaker cues ("not", "from") only with a topic.
_SET_ASIDE = ("instead of", "rather than", "in place of", "replacing", "replaces", "вместо", "а не")
_BEFORE_OLD = (*_SET_ASIDE, "not", "from", "no longer", "forget", "forget about", "не", "с", "со", "уже не",
               "больше не", "забудь", "забудьте", "забудь про", "забудьте про", "забудь о", "забудьте о")
# "from the office in Rotterdam", "из офиса в Екатеринбурге": the place it moves from.
_FROM_PLACE = rx(r"(?:^|\W)(?:from|out of)\s+(?:the\s+|our\s+)?\w+\s+(?:in|at)\s+$|"
                 r"|(?:^|\W)из\s+\w+\s+(?:в|во)\s+$")
# Right after a name: that person left what the sentence is about ("Thaddeus moved teams").
_LEFT = rx(r"^\s+(?:moved teams|moved to another team|changed teams|switched teams|left\b|has left|is leaving|"
           r"stepped down|steps down|quit\b|is out\b|"
           r"ушёл|ушел|ушла|уходит|перешёл в друг|перешел в друг|перешла в друг)|"
           r"^(?:さん)?(?:は|が)(?:別の?チーム|退職|異動|抜け)")
# What comes right after it in Japanese ("KafkaではなくPulsar", "6月4日から6月18日に").
_SET_ASIDE_JA = ("ではなく", "じゃなく", "をやめ")
_AFTER_OLD = (*_SET_ASIDE_JA, "から", "は中止", "は取りやめ", "は忘れ", "のことは忘れ")
_UNIT_JA = re.compile(r"^(?:万円|億円|万|億|円|ドル|ユーロ|人|名|件|%|％)")
_PREPOSITION = re.compile(r"\s+(?:в|во|на|к|ко|in|on|at|the|by|to)$")
_LEADING = re.compile(r"^[\s,.:;—–-]+")
# A line's own frame: "- [2024-05-01] you: …", "assistant: …".
# (a speaker only after a date: "Correction: …" said in a message is part of what it says).
_FRAME = re.compile(r"^(?:-\s*)*(?:\[\d{4}-\d{2}-\d{2}\]\s*(?:[\w -]{1,20}:\s+)?)?")
_KATAKANA = re.compile(r"[\u30a0-\u30ff]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_DATE_FRAME = re.compile(r"\[(\d{4}-\d{2}-\d{2})\]")
# A line of at most this many words that names only the old name is a statement of it.
_SHORT_LINE = 8
_TOPIC_LETTERS = 4
_CYRILLIC_LETTER = re.compile(r"[а-яё]", re.IGNORECASE)
_ROLE_SLOTS = frozenset({"lead", "tech-lead", "team-lead", "qa", "pm"})
# Reporting verbs are not what two sentences are about ("Bartholomew says …", "finance says …").
_REPORTING = frozenset({"says", "said", "told", "tells", "говор", "сказа", "пишет", "пишут"})


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
    short Russian name without its ending (Том, Тома; Лена, Лены)."""
    low = word.lower()
    if len(low) <= 5 and low[-1:] in _RU_ENDINGS and len(low) > 3 and "а" <= low[0] <= "я":
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
    return spans


def _old_values(text: str, spans: Sequence[tuple[int, int, str, bool]]) -> tuple[set[str], set[str]]:
    """(values the sentence turns away from, those of them a choice set aside)."""
    low = text.lower()
    old: set[str] = set()
    aside: set[str] = set()
    for start, end, value, _ in spans:
        before = low[max(0, start - 16):start].rstrip(" \t\"'«“(")
        before = _PREPOSITION.sub("", before)  # "а не во вторник", "not on Tuesday"
        after = _UNIT_JA.sub("", text[end:end + 10], count=1)  # "760万円ではなく": past the unit
        cue = _word_before(before, _BEFORE_OLD)
        if (cue is not None or after.startswith(_AFTER_OLD) or _FROM_PLACE.search(low[max(0, start - 28):start])
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
def _reading(sentence: str) -> Change | None:
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
                  frozenset() if _KANA.search(sentence) else frozenset(v for _, _, v, n in spans
                                                                       if not n and v not in inner),
                  frozenset(roles.items()), bool(MOVES.search(sentence)), bool(HOSTING.search(sentence)))


def _change(sentence: str, cued: bool = False) -> Change | None:
    if is_question(sentence):
        return None
    read = _reading(sentence)
    if read is None:
        return None
    if cued and not read.cued:
        return replace(read, cued=True)
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
            carried = only_away or (change is None and not is_question(sentence) and _reading(sentence) is None
                                    and bool(CORRECTION.search(sentence) or CHANGE_CUE.search(sentence)))
    return out


def replaced_by(sentence: str, change: Change) -> bool:
    """Whether ``sentence``, said before ``change``, states a value ``change`` replaced."""
    if sentence.strip() == change.text.strip():
        return False
    read = _reading(sentence)
    if read is None:
        return False
    if is_question(sentence) and not read.values - change.values - read.initial:
        # A question states a value only when it gives one of its own ("To confirm, the
        # budget is 430k?"); "Who leads Vega now?" states nothing.
        return False
    if read.cued and not change.cued:
        return False  # a correction is newer than a plain statement of the same thing
    values = read.values
    missing = change.new - values
    if not missing or (change.numeric and not missing & change.numeric and change.new & change.numeric):
        # It already says what the change says now (a number or date it gives without the
        # project's name is the same statement, not an older one).
        return False
    if change.set_aside & (values - change.numeric):
        return True  # it names an option the change set aside
    if _names_old(read, change):
        return True
    if _project_value(read, change, missing):
        return True
    subject = read.subject
    if len(change.subject) > 1 and subject and not values & change.subject:
        return False  # about another subject ("Tariq leads Orion now" is not Vega's lead)
    numeric = read.numeric
    kind_ok = bool((missing & change.numeric and numeric) or (missing - change.numeric and values - numeric))
    if not kind_ok:
        return False
    # Topic words in common, but a name both give as what they are about ("Vega" is the
    # subject, not the topic; in Japanese every Latin word is a name); Japanese loanwords
    # (キックオフ) are names and topic words at once and stay, and so does an English or
    # Russian sentence's capitalised first word ("Демо перенесли на пятницу").
    japanese = bool(_KANA.search(sentence))
    topic = read.topic & change.topic - {v for v in values & change.values if not _KATAKANA.search(v)
                                          and (japanese or v in subject or v in change.subject)} - _REPORTING
    # A katakana word is a loanword topic (キックオフは) or the owner both speak of (アオバの
    # DB, アオバのベータ): the owner is what they are about, not a topic in common.
    topic = frozenset(t for t in topic if not _KATAKANA.search(t)
                      or not (_owner_ja(t, sentence) or _owner_ja(t, change.text)))
    # Short words ("out", "up", "off") say nothing of what a sentence is about.
    topic = frozenset(t for t in topic if len(t) >= _TOPIC_LETTERS or not t.isalpha() or not t.isascii() and
                      not _CYRILLIC_LETTER.match(t))
    if change.old & values:
        return bool(read.slots & change.slots or topic)
    if read.slots & change.slots:
        # The same slot: a plain restatement replaces it only with a value of its own kind
        # that the line does not share (two demos of 680 and 599 people are two demos), and a
        # number of the kind that changed ("7 разработчиков" is not the budget "775 тысяч").
        numbers = missing & change.numeric
        if numbers and numeric and not _kinds(numbers, change) & _kinds(numeric - change.values, read):
            return False
        return change.cued or bool(values - change.values)
    # A topic word in common, and nothing else it is about: "the offsite is in Lisbon" is
    # what "actually the offsite will be in Porto" replaces, "the security review is on 24
    # April" is not what "the design review moved to room 42" replaces.
    narrow = len(topic) >= 2 or len(read.topic - topic - values) <= 2
    return change.cued and bool(topic) and narrow and _same_kind(read, missing, change)


def _kinds(values: Iterable[str], said: Change, *, initial: bool = True) -> set[str]:
    # A number's kind is its unit's (740k is money, 1101 spaces a bare number); names are one kind.
    return {said.role(v) if v in said.numeric else "name" for v in values if initial or v not in said.initial}


def _shared_names(read: Change, change: Change) -> frozenset[str]:
    """Names both sentences give that are what they are about (a project, a product): not a
    number, and not a word each says only as its capitalised first word ("Выкатываем …")."""
    return frozenset(v for v in read.values & change.values - read.numeric - change.numeric
                     if not (v in read.initial and v in change.initial))


def _names_old(read: Change, change: Change) -> bool:
    """A change that turns away from a value by name ("takes over Cobalt from Desmond", "вместо
    Тома", "760万円ではなく565万円", "а не 75") replaces every earlier statement of that value
    about the same thing: one that names what the change is about, with a number of the same
    kind; or, for a name, a short line that names nothing else ("It's Ottilie.")."""
    old = change.old & read.values
    if not old or not (change.cued or change.slots):
        return False
    shared = _shared_names(read, change) - old
    names = old - change.numeric
    if names:
        if shared:
            return True
        others = read.values - names - read.numeric - read.initial
        return not others and len(read.text.split()) <= _SHORT_LINE
    kinds = {change.role(v) for v in change.new & change.numeric} | {change.role(v) for v in old}
    return bool(shared) and any(read.role(v) in kinds for v in old)


def _project_value(read: Change, change: Change, missing: frozenset[str]) -> bool:
    """A change of one thing's value replaces an earlier line about the same thing that gives a
    value of the same kind in its place: a date (of the same event, or of none), an amount of
    money, a duration, a share, a head count, a place (when the change says it moves or both
    speak of hosting), a person (when the change says who leads or owns it). Bare numbers and
    plain names say too little of what they are and are left to the slot and topic rules."""
    if not change.cued or not _shared_names(read, change):
        return False
    theirs = read.values - change.values
    for value in missing:
        role = change.role(value)
        if role in ("number", "name") or not any(read.role(w) == role for w in theirs):
            continue
        if any((v in change.numeric) == (value in change.numeric) for v in change.old):
            continue  # it said which value it replaced ("from Rotterdam to Bologna"): that rule decides
        if role == "date":
            ok = _events(read.text) == _events(change.text)
        elif role == "place":
            ok = change.moves or (change.hosting and read.hosting)
        elif role == "person":
            ok = bool(_ROLE.search(change.text) or change.slots & _ROLE_SLOTS) and _same_role(read, change)
        else:
            ok = True
        if ok:
            return True
    return False


def _owner_ja(stem: str, text: str) -> bool:
    """Whether the katakana word ``stem`` starts is followed by の in ``text`` (its owner)."""
    at = text.find(stem)
    while at >= 0:
        end = at + len(stem)
        while end < len(text) and _KATAKANA.match(text[end]):
            end += 1
        if text.startswith("の", end):
            return True
        at = text.find(stem, end)
    return False


def _events(text: str) -> frozenset[str]:
    return frozenset(m.group().lower()[:4] for m in EVENTS.finditer(text))


def _same_role(read: Change, change: Change) -> bool:
    # "Priya does QA for Vega" is not what "Vega's new lead is Kai" replaces.
    mine, theirs = read.slots & _ROLE_SLOTS - {"lead"}, change.slots & _ROLE_SLOTS - {"lead"}
    return not mine or bool(mine & theirs)


def _same_kind(read: Change, missing: frozenset[str], change: Change) -> bool:
    """Whether what the change says now is a value of a kind the line gives (a date for a
    date, a number for a number, a name for a name); a name the line gives only as its first
    word may be prose ("Security review is on 24 April") and gives no kind."""
    # Of the line's values, those it gives in place of the change's: a name both say is what
    # they are about ("ヒカリ"), not a value the change replaced.
    return bool(_kinds(missing, change) & _kinds(read.values - change.new, read, initial=False))


def _quote(change: Change) -> str:
    text = change.text.strip()
    if f"({LATER}" in text:  # a line marked before: quote what it says, not its mark
        text = text[:text.find(f"({LATER}")].rstrip()
    return text if len(text) <= MAX_QUOTE else text[: MAX_QUOTE - 1].rstrip() + "…"


def _date(line: str) -> str | None:
    m = _DATE_FRAME.search(line[:40])
    return m.group(1) if m else None


def mark_lines(text: str, later: Sequence[Change] = (), *, within: bool = True,
               dated: Iterable[tuple[str, Change]] = ()) -> str:
    """``text`` with each line that states a value a change replaced marked on the same line
    with the newest such change. ``later``: changes said after all of ``text``; ``within``:
    also a later line's changes for the lines before it; ``dated``: (day, change) said
    elsewhere on that day, for lines dated before it."""
    if not text:
        return text
    later = list(later)[-MAX_CHANGES:]
    dated = list(dated)[-MAX_CHANGES:]
    lines = text.split("\n")
    own: list[list[Change]] = [changes_in(line) if within else [] for line in lines]
    out: list[str] = []
    for i, line in enumerate(lines):
        body = body_of(line)
        if not body.strip() or LATER in line:
            out.append(line)
            continue
        day = _date(line)
        candidates: list[Change] = []
        if day is not None:
            candidates += [c for d, c in dated if d > day]
        for rest in own[i + 1:]:
            candidates += rest
        candidates += later
        found = _newest(body, candidates)
        out.append(f"{line.rstrip()} ({LATER}{_quote(found)})" if found is not None else line)
    return "\n".join(out)


def _newest(body: str, candidates: Sequence[Change]) -> Change | None:
    sentences = split_sentences(body)
    for change in reversed(candidates[-MAX_CHANGES:]):
        if any(replaced_by(s, change) for s in sentences):
            return change
    return None


def mark_summary(text: str, items: Sequence[tuple[str, int]]) -> str:
    """The rendered summary ``text`` with each item line marked by the newest change said by
    an item touched after it (``items``: (text, touched)). Only the summary's own items mark
    it, so its bytes change only when a fold changes it (the cached prefix)."""
    if not text or not items:
        return text
    said = sorted(items, key=lambda it: it[1])
    own = [(touched, changes_in(t)) for t, touched in said]
    out: list[str] = []
    for line in text.split("\n"):
        item = next(((t, touched) for t, touched in said if t and t in line), None)
        if item is None or LATER in line:
            out.append(line)
            continue
        found = _newest(item[0], [c for touched, cs in own if touched > item[1] for c in cs])
        out.append(f"{line.rstrip()} ({LATER}{_quote(found)})" if found is not None else line)
    return "\n".join(out)


def dated_changes(texts: Iterable[str]) -> list[tuple[str, Change]]:
    """(day, change) of every dated line of ``texts`` (recalled lines carry their day)."""
    out: list[tuple[str, Change]] = []
    for text in texts:
        for line in text.split("\n"):
            day = _date(line)
            if day is not None:
                out += [(day, c) for c in changes_in(line)]
    return out
