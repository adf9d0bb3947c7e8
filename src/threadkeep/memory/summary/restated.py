"""A correction of a fact no slot names (issue 26): "Actually the Quartz beta slipped to 19
October" replaces "April 6 is beta day for Quartz" although neither says "deadline".

:func:`~threadkeep.memory.summary.superseded.states_older` knows the slots (a lead, a deadline,
a budget) and the same sentence said again. People correct other things too — who owns the
backlog, the price per seat, which office a team works from — in words the first statement did
not use. A newer statement *restates* an older one here when it

* says it is a correction (an update, "actually", "change of plan", "forget …", "теперь",
  "вообще-то", "実は", "予定変更" — :data:`~threadkeep.memory.summary.sentences.CORRECTION`),
* is about the same thing: it names the same project (or, when neither names a project, the
  same name), and either names the older one's value beside a new one ("X handed Harbor over
  to Y", "relocated from A to B") or shares a topic word past the names and values with it
  (beta, price, office, цена, ベータ),
* and gives a value of the kind the older one gave (a number for a number, a date for a date,
  a name for a name) that the older one does not have.

Pure; reads only the sentence analysis of both.
"""

from __future__ import annotations

from threadkeep.memory.summary.sentences import (
    _NUMBER as NUMBER,
)
from threadkeep.memory.summary.sentences import (
    CORRECTION,
    MONTH,
    REFUSAL,
    Sentence,
    attributes,
    subject_stems,
)

__all__ = ["restates"]


def _numbers(text: str) -> set[str]:
    return {m.group() for m in NUMBER.finditer(text)}


def _months(text: str) -> set[str]:
    return {m.group().lower()[:3] for m in MONTH.finditer(text)}


def restates(old: Sentence, new: Sentence, entities: frozenset[str]) -> bool:
    """Whether ``new`` corrects the value ``old`` gave (see the module docstring)."""
    if not CORRECTION.search(new.text) or old.text.rstrip().endswith(("?", "？")):
        return False
    if REFUSAL.search(old.text):
        return False  # "we turned X down because …" stays true whatever was chosen instead
    old_subj, new_subj = subject_stems(old), subject_stems(new)
    projects = old_subj & new_subj & entities
    if not projects and (old_subj & entities or new_subj & entities or not old_subj & new_subj):
        return False
    old_names = {n.lower()[:5] for n in old.names if not MONTH.fullmatch(n)} - projects
    new_names = {n.lower()[:5] for n in new.names if not MONTH.fullmatch(n)} - projects
    if old_names and old_names <= new_names and new_names - old_names:
        return True  # "X handed Harbor over to Y", "relocated from A to B": old value and new
    shared = {w for w in attributes(old) & attributes(new) if w.lower()[:5] not in projects}
    if not shared:
        return False
    new_numbers, old_numbers = _numbers(new.text), _numbers(old.text)
    if old_numbers and new_numbers - old_numbers:
        return True
    if _months(old.text) and _months(new.text) - _months(old.text):
        return True
    return bool(old_names and new_names - old_names and not old_numbers and not new_numbers)
