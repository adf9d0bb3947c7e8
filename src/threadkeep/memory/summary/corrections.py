"""The earlier lines a change replaces, marked on the same line (issue 26, item 3).

:mod:`threadkeep.memory.summary.superseded` marks what the *summary* knows was changed; it
sees nothing when the correction never made it into a summary item or is worded unlike the
old statement. The changes said in the messages themselves (:mod:`changes`) mark an old value
wherever it rides — a recalled turn, a recall note, a compaction block, a summary item — with
the message that replaced it, on the same line ("… (later changed: Actually, Boris leads Vega
now.)").

An earlier line states a value the change replaced (:func:`replaced_by`) when it lacks a value
the change says now and either names an option the change set aside, or names a value the
change turned away from, or gives — about the same thing — a value of the same kind in its
place, or shares the change's slot or topic with a value of the kind that changed; and is not
about another subject (another project's lead is not this project's). docs/ARCHITECTURE.md
("Which lines a change marks") lists the rules in order. Changes are recomputed from the text a
turn already holds; nothing is stored, and the work is bounded by the window and the recalled
material.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from threadkeep.memory.summary.base_names import with_base_names
from threadkeep.memory.summary.changes import (
    CHANGE_CUE,
    KANA,
    KATAKANA,
    Change,
    body_of,
    changes_in,
    reading,
)
from threadkeep.memory.summary.grammar import is_question, rx
from threadkeep.memory.summary.sentences import _ROLE, split_sentences
from threadkeep.memory.summary.value_roles import CYRILLIC, EVENTS, HOSTING, role_words, site_kinds

__all__ = ["LATER", "Change", "changes_in", "replaced_by", "names_both", "mark_lines", "mark_summary", "dated_changes",
           "CHANGE_CUE", "body_of"]

LATER = "later changed: "
# Changes past this many are not looked at (the newest are kept): a turn's cost stays bounded.
MAX_CHANGES = 96
# A change quoted on a marked line is cut to this many characters (its values kept first).
MAX_QUOTE = 220

_DATE_FRAME = re.compile(r"\[(\d{4}-\d{2}-\d{2})\]")
# A line of at most this many words that names only the old name is a statement of it.
_SHORT_LINE = 8
_TOPIC_LETTERS = 4
_ROLE_SLOTS = frozenset({"lead", "tech-lead", "team-lead", "qa", "pm"})
# Reporting verbs are not what two sentences are about ("Bartholomew says …", "finance says …").
_REPORTING = frozenset({"says", "said", "told", "tells", "говор", "сказа", "пишет", "пишут",
                        # The word a project is named with («по проекту «Омут»») is no topic in
                        # common with another project's line («по проекту «Ольха»»).
                        "proje", "проек", "プロジェクト"})


def replaced_by(sentence: str, change: Change) -> bool:
    """Whether ``sentence``, said before ``change``, states a value ``change`` replaced."""
    if sentence.strip() == change.text.strip():
        return False
    read = reading(sentence)
    if read is None:
        return False
    if is_question(sentence) and not read.values - change.values - read.initial:
        # A question states a value only when it gives one of its own ("To confirm, the
        # budget is 430k?"); "Who leads Vega now?" states nothing — unless the change is the
        # answer to it with a new value ("Are we still on Pulsar, or was that replaced?" —
        # "Replaced — Redpanda."): then what it asked about was the old value.
        asked = sentence.strip().rstrip("?？").strip()
        return bool(asked) and asked in change.text and bool(change.new - read.values)
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
    if _names_both(read, change, missing):
        return True
    if _project_value(read, change, missing):
        return True
    if change.old - change.numeric and not change.old & values:
        # It said which name it turns away from ("ジャカルタではなく東京"): a line without that
        # name is not what it replaced, whatever topic they share.
        return False
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
    japanese = bool(KANA.search(sentence))
    topic = read.topic & change.topic - {v for v in values & change.values if not KATAKANA.search(v)
                                          and (japanese or v in subject or v in change.subject)} - _REPORTING
    # A katakana word is a loanword topic (キックオフは) or the owner both speak of (アオバの
    # DB, アオバのベータ): the owner is what they are about, not a topic in common.
    topic = frozenset(t for t in topic if not KATAKANA.search(t)
                      or not (_owner_ja(t, sentence) or _owner_ja(t, change.text)))
    # Short words ("out", "up", "off") say nothing of what a sentence is about.
    topic = frozenset(t for t in topic if len(t) >= _TOPIC_LETTERS or not t.isalpha() or not t.isascii() and
                      not CYRILLIC.match(t))
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
    number, not a word each says only as its capitalised first word ("Выкатываем …"), not an
    office or region word (オフィス)."""
    return frozenset(v for v in read.values & change.values - read.numeric - change.numeric
                     if not (v in read.initial and v in change.initial) and not HOSTING.match(v))


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


# Words that say one thing took another's place (not just that something is new).
_REPLACING = rx(r"\breplac|\binstead\b|\bswitch|\bswapp?|\btakes? over\b|\btook over\b|"
                r"|\bзамени|\bвместо\b|\bперешл|\bперешёл|\bсмени|"
                r"|変更|代わ|切り替え|差し替え")


def names_both(sentence: str, change: Change) -> bool:
    """Whether ``change`` names the value ``sentence`` gives beside its own new one, about the
    same thing (see :func:`_names_both`)."""
    read = reading(sentence)
    return read is not None and _names_both(read, change, change.new - read.values)


# Weekdays as values are compared: their first five letters, a short Russian one without its ending.
_WEEKDAY_STEMS = frozenset({"monda", "tuesd", "wedne", "thurs", "frida", "satur", "sunda",
                            "понед", "вторн", "сред", "четве", "пятни", "суббо", "воскр"})


def _is_weekday(value: str) -> bool:
    return value in _WEEKDAY_STEMS or value.endswith("曜")


def _names_both(read: Change, change: Change, missing: frozenset[str]) -> bool:
    """A change that names the old value beside its new one, about the same thing, without
    saying which it turns away from ("Turns out Brussels is full, Kestrel will be hosted in
    Milan", "В Уфе аренду не продлили, так что Angara теперь в Воронеже"): the line that gave
    the old value, of the same kind (a place, a person, a date, an amount), is replaced."""
    if not change.cued:
        return False
    shared = _shared_names(read, change)
    if shared and change.dates & missing and any(_is_weekday(v) for v in read.dates & change.dates):
        # "по проекту «Ольха» встречаемся по четвергам, в понедельник всем неудобно": the
        # weekday both name, of the thing both name, is the one the new day replaces (a day
        # number alone both say is no such thing: "8 June" and "8 января").
        return True
    for old in shared:
        kind = read.role(old)
        if kind == "number" or kind != change.role(old):
            continue
        if kind == "name" and not (role_words(read.text) & role_words(change.text) or _REPLACING.search(change.text)):
            continue  # a plain name (a product, a client) only where the change says it replaced one
        if not shared - {old}:
            continue  # nothing else in common: not the same thing
        if any(change.role(v) == kind for v in missing):
            if kind == "place":
                return _same_site(read, change)
            return kind != "person" or _same_role(read, change)
    return False


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
            ok = (change.moves or (change.hosting and read.hosting)) and _same_site(read, change)
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
        while end < len(text) and KATAKANA.match(text[end]):
            end += 1
        if text.startswith("の", end):
            return True
        at = text.find(stem, end)
    return False


def _same_site(read: Change, change: Change) -> bool:
    # "The team moved to the Yokosuka office" does not replace "it runs in the Jakarta region".
    mine, theirs = site_kinds(read.text), site_kinds(change.text)
    return not (mine and theirs) or bool(mine & theirs)


def _events(text: str) -> frozenset[str]:
    # Keyed on three letters: "бета", "бете", "беты" are one event, "demo" and "demos" too.
    return frozenset(m.group().lower()[:3] for m in EVENTS.finditer(text))


def _same_role(read: Change, change: Change) -> bool:
    # "Priya does QA for Vega" is not what "Vega's new lead is Kai" replaces, nor "our sponsor
    # is Eduard" what "the owner is now Gleb" replaces.
    mine, theirs = read.slots & _ROLE_SLOTS - {"lead"}, change.slots & _ROLE_SLOTS - {"lead"}
    if mine and not mine & theirs:
        return False
    said, now = role_words(read.text), role_words(change.text)
    return not (said and now) or bool(said & now)


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
    # The new value also in its base form, as summary items show it ("на пятницу (пятница)"),
    # kept when a long quote is cut.
    bases = with_base_names(text)[len(text):]
    return (text if len(text) <= MAX_QUOTE else text[: MAX_QUOTE - 1].rstrip() + "…") + bases


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
