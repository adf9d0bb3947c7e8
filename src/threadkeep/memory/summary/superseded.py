"""Old values beside new ones: mark what the summary knows was changed later (issue 26).

A value the person later replaced (a lead, a date, an amount, a choice) lives on outside the
summary: a recalled turn, a recall note of an earlier turn, a compacted block of them. Shown on
a line of its own it reads as current. :func:`mark_superseded` finds, line by line, the ones
that state an earlier value of a summary item and appends the current item on the same line
("… (later changed: …)"), so a model reads the correction where it reads the old value.

A line states an earlier value of an item when the extractive summariser would take it for a
statement of the same thing — the same slot (lead, deadline, budget …) of the same subject, or
the same statement with another value — and the item names a value (a name, a number, a date)
that the line does not. The judgement is the summariser's own (its analysis of each sentence),
so what the summary treats as one fact is what gets marked.

This is the summary's half. Changes the summary never took in, or worded unlike the old
statement, are read from the messages themselves by
:mod:`threadkeep.memory.summary.corrections`; a turn applies both
(:func:`threadkeep.engine.request.superseded_marked`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from threadkeep.memory.summary.base_names import with_base_names
from threadkeep.memory.summary.sentences import (
    _DECISION,
    _NUMBER,
    CORRECTION,
    MONTH,
    REFUSAL,
    analyse,
    subject_stems,
)
from threadkeep.memory.summary.value_roles import number_role

__all__ = ["LATER", "mark_superseded", "set_aside", "states_older"]

LATER = "later changed: "
# A recalled line's own frame: "- [2024-05-01] person: …", "assistant: …".
_FRAME = re.compile(r"^(?:-\s*)*(?:\[\d{4}-\d{2}-\d{2}\]\s*)?(?:[\w-]{1,20}:\s+)?")


# The option a choice turns away from: "Pulsar instead of Kafka", "Redis, not Kafka", "вместо
# Kafka", "а не Kafka", "KafkaではなくPulsar".
_SET_ASIDE = re.compile(
    r"(?:\binstead of|\brather than|\bnot|\bno longer|\bвместо|\bа не|\bбольше не)\s+(?:the\s+|using\s+)?"
    r"([^\W\d_][\w'’-]*)|([A-Za-z][A-Za-z0-9_-]*|[\u30a0-\u30ffー]+)(?:ではなく|じゃなく|をやめ)", re.IGNORECASE)


def set_aside(text: str) -> set[str]:
    """Stems (first five letters) of the options a statement turns away from."""
    return {(m.group(1) or m.group(2)).lower()[:5] for m in _SET_ASIDE.finditer(text)}


def _values(text: str) -> set[str]:
    out = {m.group().lower() for m in _NUMBER.finditer(text)}
    out |= {m.group().lower() for m in MONTH.finditer(text)}
    return out


def states_older(line: str, item: str) -> bool:
    """Whether ``line`` states an earlier value of what ``item`` says now."""
    if line.rstrip().endswith(("?", "？")) or line.strip() == item.strip() or line in item:
        return False
    if CORRECTION.search(line) and not CORRECTION.search(item):
        return False  # a correction is newer than a plain statement of the same thing
    s, a = analyse(line), analyse(item)
    # A choice the item turns away from ("Pulsar instead of Kafka") is the line's choice.
    turned = set_aside(item)
    if (turned and _DECISION.search(line) and not REFUSAL.search(line)
            and (subject_stems(s) - set_aside(line)) & turned):
        return True
    # The same statement with another value counts only once the item says it was corrected
    # ("we had 680 people at the demo" and "we had 599" are two demos, not a change).
    same_key = (s.key == a.key and bool(s.key) and CORRECTION.search(item) is not None
                and not (s.slots and a.slots and not s.slots & a.slots))  # a lead is not a date
    same_slot = bool(s.slots & a.slots) and bool(subject_stems(s) & subject_stems(a) or not subject_stems(s))
    if not (same_key or same_slot):
        return False
    new_names = subject_stems(a) - subject_stems(s)
    new_values = _values(item) - _values(line)
    mine, theirs = _number_kinds(line), _number_kinds(item)
    if new_values and mine and theirs and not mine & theirs:
        return False  # "6 разработчиков" is not the budget "615 тысяч долларов"
    if same_slot and not same_key and s.slots & a.slots <= _VALUE_SLOTS:
        # A date or an amount is replaced by another date or amount, not by a line that only
        # names the same slot ("релизы Taiga не выходят без подписи Алины" is no new date).
        return bool(new_values)
    return bool(new_names or new_values)


# Slots whose value is a date or an amount, not a person.
_VALUE_SLOTS = frozenset({"deadline", "budget"})


def _number_kinds(text: str) -> set[str]:
    """The units a text's numbers are said in (money, a duration, a head count …), bare ones left out."""
    return {number_role(text, m.start(), m.end()) for m in _NUMBER.finditer(text)} - {"number"}


def mark_superseded(text: str, items: Sequence[str]) -> str:
    """``text`` with every line that states an earlier value of one of ``items`` marked on the
    same line with the item's current text."""
    if not items or not text:
        return text
    out: list[str] = []
    for line in text.split("\n"):
        frame = _FRAME.match(line)
        body = line[frame.end():] if frame else line
        if body and LATER not in line:
            item = next((i for i in items if states_older(body, i)), None)
            if item is not None:
                line = f"{line.rstrip()} ({LATER}{with_base_names(item)})"
        out.append(line)
    return "\n".join(out)
