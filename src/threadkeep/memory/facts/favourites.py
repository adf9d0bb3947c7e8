"""Favourites said with the thing first (issue 26): "Blue's my fave", "Drawing flowers is one
of my faves", "contemporary is my top pick", "Синий — мой любимый цвет", "青が一番好きです",
"好きな色は青です".

"My favourite X is Y" is read in :mod:`.extract`; here the thing opens its clause, so each
pattern starts at a clause head and runs a bounded number of words (linear on any input). The
thing must be concrete (not "that", not "your painting", not "the way …") and the clause not
negated; the callers hand in statement sentences only (no question, hypothetical or quote).
With a kind named ("… my favourite colour") the fact is the favourite of that kind; without one
it is a liking of the thing, "best" when it is *the* favourite.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from threadkeep.memory.facts.base_form import base_form
from threadkeep.memory.facts.clauses import (
    bounded_pieces,
    ja_other_topic,
    ja_someone_elses,
    negated_after_ja,
    negated_before,
)
from threadkeep.memory.facts.life import sentence_case
from threadkeep.memory.facts.values import concrete

__all__ = ["Favourite", "favourites"]


class Favourite(NamedTuple):
    """A favourite: the kind in its comparison form ("colour"; "" when none is named), the
    thing, the value to store, the words as said ("" when they are the value) and the match."""

    kind: str
    thing: str
    value: str
    said: str
    matched: str


_HEAD = r"(?:^|[,;:]\s*|\s[-–—]\s*|\b(?:and|but|so|though|plus)\s+)"
_ADV = r"(?:(?:definitely|always|still|probably|really|easily|totally|by far|hands down)\s+)?"
_EN = re.compile(
    rf"{_HEAD}(?!(?:and|but|so|though|plus)\b)(?P<v>[A-Za-z][\w'-]*(?:\s+[\w'-]+){{0,4}}?)(?:'s|\s+(?:is|are|has always been|have always been))\s+{_ADV}"
    r"(?:(?i:my)\s+(?P<best>(?:absolute |all-time |very )?(?:favou?rite|fave|fav)|top (?:pick|choice))"
    r"|(?P<one>one of my (?:favou?rites|faves|favs|favou?rite things)))"
    r"(?:\s+(?P<t>[a-z]{3,15}(?:\s+[a-z]{3,15})?))?"
    r"(?=\s*[,.;!?\n]|\s*$|\s+(?:and|but|because|since|so|too|ever|of all|right now)\b)")
# Words that may stand after "my favourite" without naming a kind.
_NOT_A_KIND = frozenset("and but because since too ever so of right".split())
_HOBBY_KINDS = frozenset("hobby hobbies pastime pastimes passion thing things".split())
_OTHERS = frozenset("your his her their its our my mom's".split())

_RU = re.compile(
    r"(?:^|[,;:]\s*|\b(?:и|но|а)\s+)(?P<v>[А-ЯЁа-яёA-Za-z][\w-]*(?:\s+[\w-]+){0,3}?)\s*(?:—|–|-)\s*(?:это\s+)?"
    r"(?:(?P<best>мо(?:й|я|ё|е|и) (?:самый |самая |самое |самые )?любим(?:ый|ая|ое|ые|ое занятие))"
    r"|(?P<one>одн(?:о|а|ин) из моих любимых))(?:\s+(?P<t>[а-яё]{3,15}))?(?=\s*[,.;!?\n]|\s*$)")
_RU_BEST = re.compile(r"(?i:\bбольше всего (?:я )?люблю|\bя больше всего люблю)\s+(?P<v>[^,.;!?\n—]{2,40}?)(?=\s+(?:и|но|а)\b|\s*[,.;!?\n—]|\s*$)")

_JV = r"(?P<v>[^\s、。！？!?,はがをの]{1,20}?)"
_JA_BEST = re.compile(rf"{_JV}が一番(?:大)?好き(?!ではない|じゃない|ではありません|じゃありません)")
_JA_KIND = re.compile(rf"(?:私の|僕の)?(?:一番)?好きな(?P<t>[^\s、。！？!?,はがを]{{1,8}}?)は{_JV}(?:です|だ|。|$)")


def favourites(text: str, topic: Callable[[str], str]) -> list[Favourite]:
    """The favourites statement text names with the thing first. ``topic`` gives the
    comparison form of a kind (the preference key is built by the caller).

    Read piece by piece (:func:`bounded_pieces`): the negation and topic checks look back from
    each match, which must stay a bounded walk on any input."""
    out: list[Favourite] = []
    for piece in bounded_pieces(text):
        out.extend(_piece_favourites(piece, topic))
    return out


def _piece_favourites(text: str, topic: Callable[[str], str]) -> list[Favourite]:
    out: list[Favourite] = []
    for m in _EN.finditer(text):
        said = m.group("v").strip()
        words = said.casefold().split()
        if not words or words[0] in _OTHERS or words[-1] == "one" or not concrete(said) \
                or negated_before(text, m.start("v")):
            continue
        kind = (m.group("t") or "").strip()
        if kind.split(" ", 1)[0] in _NOT_A_KIND:
            kind = ""
        if kind.casefold() in _HOBBY_KINDS:
            continue  # "Knitting is my favourite pastime": a hobby, read in .life
        thing = said if kind else sentence_case(text, m.start("v"), said)
        out.append(_make(kind, thing, bool(m.group("one")), m.group(0), topic))
    for m in _RU.finditer(text):
        said = m.group("v").strip()
        if not concrete(said) or negated_before(text, m.start("v")):
            continue
        value = base_form(said, frozenset({"nomn"}))
        out.append(_make(m.group("t") or "", value, bool(m.group("one")), m.group(0), topic, said))
    for m in _RU_BEST.finditer(text):
        said = m.group("v").strip()
        if concrete(said) and not negated_before(text, m.start("v")):
            out.append(_make("", base_form(said, frozenset({"accs", "nomn"})), False, m.group(0), topic, said))
    for pat in (_JA_BEST, _JA_KIND):
        for m in pat.finditer(text):
            if ja_other_topic(text, m.start()) or ja_someone_elses(text, m.start()) \
                    or negated_after_ja(text, m.end()):
                continue  # "兄は青が一番好きです", "兄の好きな色は青です"
            said = m.group("v").strip()
            if concrete(said):
                kind = m.groupdict().get("t") or ""
                out.append(_make(kind, said, False, m.group(0), topic))
    return out


def _make(kind: str, thing: str, one_of: bool, matched: str, topic: Callable[[str], str],
          said: str = "") -> Favourite:
    said = said if said and said != thing else ""
    if kind:
        return Favourite(topic(kind), thing, thing, said, matched.strip())
    return Favourite("", thing, f"likes {thing}" if one_of else f"likes {thing} best", said, matched.strip())
