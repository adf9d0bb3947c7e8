"""What the summary is about: the work, told apart from the chatter by content (issue 26).

No list of topics decides it. An item is *work* when it carries the work's own kinds of
content — a role, a decision or refusal, a deadline or a budget, a commitment to a next step,
a question the team has to settle — or when it names one of the *project entities*. An item
with none of these (a colleague's holiday, a room number, a slide count, the price of lunch)
is *small talk*: it gets :data:`SMALL_TALK_PRIORITY` and leaves the summary first
(:func:`~threadkeep.memory.summary.items.enforce_cap` keeps it only in room left under
:data:`~threadkeep.memory.summary.items.SMALL_TALK_WORDS`).

A project entity is a name that the work itself keeps coming back to: one that occurs in items
of at least two different kinds of work (its lead and its deadline, its budget and a decision
about it). A person holds a role and is named in that one kind; a project is led, dated and
funded. Names are compared on their first five letters (Russian inflects them).

Pure and deterministic; re-run over the whole summary on every fold, so an item kept as small
talk before its project was known is ranked as work once it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

from threadkeep.memory.summary.grammar import (
    KANA,
    is_deliberation,
    is_undecided,
    may_be_first_name,
    rx,
)
from threadkeep.memory.summary.items import (
    DEFAULT_PRIORITY,
    SMALL_TALK_PRIORITY,
    FieldName,
    Item,
    SummaryState,
)
from threadkeep.memory.summary.pasted import is_pointer
from threadkeep.memory.summary.sentences import (
    REFUSAL,
    Sentence,
    analyse,
    attributes,
    is_amount,
    name_stems,
)

__all__ = ["project_entities", "is_work", "only_steers", "is_personal", "rank_work", "work_kind", "UNLINKED_PRIORITY"]

# Slots that are the work's own content whatever the item names.
_WORK_SLOTS = frozenset({"deadline", "budget", "lead", "tech-lead", "team-lead", "qa", "pm"})
# "Runs", "leads", "is in charge of": work when it says who leads *something* named; one
# name alone ("Imogen is running the office quiz") is news about a person.
_GENERIC_SLOTS = frozenset({"lead"})
# Two statements about one thing at least this many kinds apart make it a project.
ENTITY_KINDS = 2
# The priority of a next step that names no project entity.
NEXT_STEP_UNLINKED = 2
# An item that is not work and not about a named person: what the shared situation is ("The
# client is Fabrikam", "We're hosting in eu-west-1") — it leaves after the small talk.
UNLINKED_PRIORITY = 1
_HONORIFICS = ("さん", "氏", "君", "くん", "ちゃん")
_CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")
# Someone of the speaker's own, named: "my cousin Rita", "our neighbour Tom".
_SOMEONE_OF_MINE = re.compile(r"\b(?:[Mm]y|[Oo]ur)\s+[a-z]+\s+[A-Z][a-z]+")
# What follows a person's name that opens news about them.
_SUBJECT_AFTER = re.compile(r"(?:['’]s\b|\s(?:is|was|has|had|just|will|and|got|finally)\b)")


def work_kind(fld: FieldName, s: Sentence) -> str | None:
    """The kind of work an item of ``fld`` saying ``s`` is, or None for no kind of work."""
    if "deadline" in s.slots:
        return "deadline"
    if "budget" in s.slots:
        return "budget"
    if fld == "participants":
        return "role"
    if fld == "decisions":
        return "decision"
    if fld == "next_steps":
        return "next"
    if fld == "numbers" and s.has_value and is_amount(s.text):
        return "amount"  # a price, a fee, a cost: what the work is paid or sold for
    if fld == "questions" and (is_deliberation(s.text) or is_undecided(s.text)):
        return "question"
    return None


def project_entities(items: Iterable[tuple[FieldName, Sentence]]) -> frozenset[str]:
    """Name stems named by items of at least :data:`ENTITY_KINDS` different kinds of work."""
    kinds: dict[str, set[str]] = {}
    for fld, s in items:
        kind, stems = _counts_for(fld, s)
        for stem in stems:
            kinds.setdefault(stem, set()).add(kind)
    return frozenset(stem for stem, seen in kinds.items() if len(seen) >= ENTITY_KINDS)


@lru_cache(maxsize=16384)
def _counts_for(fld: FieldName, s: Sentence) -> tuple[str, frozenset[str]]:
    """(the kind of work an item is, the name stems it counts that kind for): pure, and memoised
    because the extractor reads the entities once per utterance over every item of the fold."""
    kind = work_kind(fld, s)
    if kind is None and fld == "numbers" and s.has_value:
        kind = "figure"  # a value said of it: a target, a count, a date
    if kind is None:
        return "", frozenset()
    # News about a named person counts for what it names past the person ("Inkwell will do the
    # design for Juniper" counts for Juniper), never for the person.
    stems = {n.lower()[:5] for n in s.inner_names if not _honoured(n, s.text)} if is_personal(s) \
        else name_stems(s)
    return kind, frozenset(stems)


def _honoured(name: str, text: str) -> bool:
    return any(f"{name}{h}" in text for h in _HONORIFICS)


def is_work(fld: FieldName, s: Sentence, entities: frozenset[str]) -> bool:
    """Whether an item is about the work (see the module docstring)."""
    if is_pointer(s.text) or name_stems(s) & entities:
        return True
    if is_work_slot(s):
        return True
    # An amount is the work's when it is said of the work (above): the price of a hotel room
    # or of lunch names no project and is small talk.
    return work_kind(fld, s) not in (None, "amount")


def is_personal(s: Sentence) -> bool:
    """Whether a sentence is news about a named person: it opens with a name ("Jonas is off to
    Lisbon", "Mira's kid turns 7", "Ульяна в отпуске") or names someone with an honorific
    ("リタさんが…"), or, in Russian, names a first name anywhere ("Моя кузина Рита…"). A
    statement about the shared situation opens with a common word ("The
    client is …", "We're hosting …", "На прошлом демо …")."""
    if any(h in s.text for h in _HONORIFICS):
        return True
    if KANA.search(s.text):
        # Japanese names people with an honorific (above); a bare opening name is a thing
        # ("Kumoの価格は…", "ヒカリのベータは…").
        return False
    lead = [n for n in s.names if n not in s.inner_names]
    opening = s.text.lstrip("\"'«(")
    if lead and opening.startswith(lead[0]):
        first = lead[0].split("'")[0].split("’")[0]
        # The commonest names read as common words to may_be_first_name ("Ines"); as the
        # subject of news ("Ines's dog …", "Ines is moving …") they are a person all the same.
        if may_be_first_name(first) or _SUBJECT_AFTER.match(opening[len(first):]):
            return True
    if _SOMEONE_OF_MINE.search(s.text):
        return True  # "My cousin Rita ran a marathon", "our neighbour Tom …"
    # Mid-sentence, only the Russian dictionary can tell a person (Рита) from a place or a product.
    return any(_CYRILLIC.match(n) and may_be_first_name(n) for n in s.inner_names)


def is_work_slot(s: Sentence) -> bool:
    """Whether a sentence fills a slot of the work (see :data:`_GENERIC_SLOTS`)."""
    return bool(s.slots & _WORK_SLOTS - _GENERIC_SLOTS or (s.slots & _GENERIC_SLOTS and len(name_stems(s)) > 1))


# A line that only steers the talk to a project says at most this many words past its name.
STEERING_WORDS = 2
# ... and a question that steers ("Got a minute for Vega?") one ("Who signs off Vega's
# privacy review?" asks something).
STEERING_WORDS_ASKED = 1


def only_steers(fld: FieldName, s: Sentence, entities: frozenset[str]) -> bool:
    """Whether an item says nothing but which project the talk is on ("Switching to Vega for a
    sec", "Right, Vega.", "Есть минутка на проект «Вега»?", "ではヤマブキの話を"): it names
    projects and nothing else, gives no value, fills no slot, refuses nothing and asks nothing
    the team has to settle. It carries nothing a model could use and leaves with the small talk."""
    if fld == "participants" or s.has_value or s.slots or REFUSAL.search(s.text):
        return False
    if fld in ("decisions", "next_steps") and not _STEERS.search(s.text):
        # "Kestrel is cancelled" names only its project and decides all the same; "I'll ping
        # Kestrel's owner" commits to something ("Переключимся на проект «Запруда»" only turns the talk).
        return False
    # A capitalised first word may be prose ("Switching", "Contract"): only a project counts there.
    stems = {n.lower()[:5] for n in s.names if n in s.inner_names or KANA.search(s.text)
             or n.lower()[:5] in entities}
    if not stems or not stems <= entities or is_undecided(s.text) or is_deliberation(s.text):
        return False
    said = attributes(s) - {n.lower() for n in s.names} - entities
    # Japanese writes what it says in kanji runs, places too ("浜松拠点"): any one is content.
    if KANA.search(s.text):
        return not said
    return len(said) <= (STEERING_WORDS_ASKED if fld == "questions" else STEERING_WORDS)


# Turning the talk to a project, which the decision cues read as a switch of technology.
_STEERS = rx(r"\bswitch(?:ing)? (?:over )?to\b|\bback to\b|переключ|вернёмся к|вернемся к|の話を|の話に|に移りましょう|に戻")


def rank_work(state: SummaryState) -> SummaryState:
    """``state`` with small talk at :data:`SMALL_TALK_PRIORITY` and work above it: an item once
    ranked small talk that is now about a project gets its field's priority back, a number that
    names a project ranks with the project's other numbers."""
    read = [(i, analyse(i.text)) for i in state.items]
    entities = project_entities((i.field, s) for i, s in read)
    out: list[Item] = []
    for item, s in read:
        priority = item.priority
        if not is_work(item.field, s, entities):
            priority = SMALL_TALK_PRIORITY if is_personal(s) else min(max(priority, UNLINKED_PRIORITY),
                                                                       UNLINKED_PRIORITY)
        elif priority == SMALL_TALK_PRIORITY:
            priority = DEFAULT_PRIORITY[item.field]
        if item.field == "numbers" and name_stems(s) & entities and not item.resolved:
            priority = max(priority, 3)
        elif name_stems(s) & entities and not item.resolved:
            # What the person says of a project ("Augustin is the sponsor of Juniper") stays
            # above statements and next steps that name no project.
            priority = max(priority, NEXT_STEP_UNLINKED + 1)
        # A commitment is work, but one that names no project ("I'll grab lunch with Mira on
        # Friday") leaves before the project's numbers and background.
        if item.field == "next_steps" and priority > NEXT_STEP_UNLINKED and not name_stems(s) & entities:
            priority = NEXT_STEP_UNLINKED
        # A named person's role that touches no project and no work slot ("Imogen is running
        # the office quiz") is news about them.
        if (item.field == "participants" and not name_stems(s) & entities
                and not is_work_slot(s) and is_personal(s)):
            priority = SMALL_TALK_PRIORITY
        if only_steers(item.field, s, entities):
            priority = SMALL_TALK_PRIORITY
        out.append(item if priority == item.priority else replace(item, priority=priority))
    return replace(state, items=tuple(out))
