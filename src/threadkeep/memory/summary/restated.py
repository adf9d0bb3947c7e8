"""A correction of a fact no slot names (issue 26): "Actually the Quartz beta slipped to 19
October" replaces "April 6 is beta day for Quartz" although neither says "deadline".

:func:`~threadkeep.memory.summary.superseded.states_older` knows the slots (a lead, a deadline,
a budget) and the same sentence said again. People correct other things too — who owns the
backlog, the price per seat, which office a team works from — in words the first statement did
not use. A newer statement *restates* an older one here when it says it is a correction (an
update, "actually", "change of plan", "forget …", "теперь", "вообще-то", "実は", "予定変更" —
:data:`~threadkeep.memory.summary.sentences.CORRECTION`), is about the same thing — it names
the same project, or, when neither names one, the same name — and

* names the older one's value beside a new one ("X handed Harbor over to Y", "relocated from
  A to B", "Забудь про Пермь, офис теперь Екатеринбург"), or
* gives another amount in the same unit ("350 euros" → "280 euros", "2600円" → "1200円"), or
* shares a word of what it is about with it (beta, price, office, бета/бете, 拠点) and gives a
  new value of the older one's kind: a number, a date, a name, or (Japanese, whose places and
  things are plain words) other words where the older one had its own.

A refusal ("we turned X down because …") is never restated: it stays true whatever was chosen
instead. Pure; Russian words are compared by their dictionary form (pymorphy3).
"""

from __future__ import annotations

import re
from functools import lru_cache

from threadkeep.memory.facts.base_form import russian_analyser
from threadkeep.memory.summary.grammar import KANA
from threadkeep.memory.summary.sentences import (
    CORRECTION,
    MONTH,
    REFUSAL,
    Sentence,
    attributes,
    name_stems,
    subject_stems,
)

__all__ = ["restates"]

# A number and the unit said right after it: "350 euros", "1600円", "66 процентов", "€350".
_AMOUNT = re.compile(
    r"([$€£¥₽]?)\s?(\d+(?:[.,]\d+)?)\s?([%％]|[\u3400-\u9fff]|(?:(?![\u3040-\u30ff\u3400-\u9fff])[^\W\d_]){1,12})?")
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
_CYRILLIC = re.compile(r"[а-яё]")


@lru_cache(maxsize=16384)
def _lemma(word: str) -> str:
    """A word's comparison form: Russian by its dictionary form (бете → бета), else its first
    five letters, as the summariser's topics are."""
    if _CYRILLIC.match(word):
        return str(russian_analyser().parse(word)[0].normal_form)[:5]
    return word[:5]


def _about(s: Sentence, projects: set[str]) -> set[str]:
    return {_lemma(w) for w in attributes(s) if w.lower()[:5] not in projects}


def _units(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in _AMOUNT.finditer(text):
        unit = (m.group(1) or m.group(3) or "").lower()
        if unit and not MONTH.fullmatch(unit):
            out.setdefault(_lemma(unit), set()).add(m.group(2))
    return out


def _values(s: Sentence, projects: set[str]) -> set[str]:
    """The names a sentence gives past its project, on four letters (Пермь, Перми): those past
    its first word, or, when there are none, its first word too ("Oskar looks after …")."""
    def given(names: tuple[str, ...]) -> set[str]:
        return {n.lower()[:4] for n in names if not MONTH.fullmatch(n) and n.lower()[:5] not in projects}
    return given(s.inner_names) or given(s.names)


def restates(old: Sentence, new: Sentence, entities: frozenset[str]) -> bool:
    """Whether ``new`` corrects the value ``old`` gave (see the module docstring)."""
    if not CORRECTION.search(new.text) or old.text.rstrip().endswith(("?", "？")):
        return False
    if REFUSAL.search(old.text):
        return False
    old_subj, new_subj = subject_stems(old), subject_stems(new)
    projects = name_stems(old) & name_stems(new) & entities
    if not projects and (name_stems(old) & entities or name_stems(new) & entities or not old_subj & new_subj):
        return False
    # What both are about is no value of either: with no project known yet, the name they
    # share ("Polaris") is their subject, so "Все вопросы по Polaris теперь к Тимуру" does
    # not give a new value of "контракт по Polaris — на 41 месяцев".
    about = projects or (old_subj & new_subj)
    old_vals = _values(old, about)
    new_vals = {n.lower()[:4] for n in new.names if n.lower()[:5] not in about}
    if old_vals and old_vals <= new_vals and new_vals - old_vals:
        return True
    old_units, new_units = _units(old.text), _units(new.text)
    if any(new_units.get(unit, set()) - amounts for unit, amounts in old_units.items()):
        return True
    old_about, new_about = _about(old, projects), _about(new, projects)
    if not old_about & new_about:
        return False
    old_numbers = {m.group() for m in _NUMBER.finditer(old.text)}
    new_numbers = {m.group() for m in _NUMBER.finditer(new.text)}
    if old_numbers and new_numbers - old_numbers:
        return True
    if old_vals and new_vals - old_vals and not old_numbers and not new_numbers:
        return True
    japanese = KANA.search(old.text) is not None
    return japanese and bool(old_about - new_about) and bool(new_about - old_about)
