"""The model-free summariser: the sentences that hold values, a changed value updating its item.

It runs when no fold model is configured or the model's answer is unusable, proposes the
operations a model would, and knows no phrase of any language (docs/ARCHITECTURE.md, "Folding"):

1. what later questions ask for is a value (:mod:`threadkeep.memory.summary.text`): a sentence
   without one is not kept; with a date or number it goes under "Numbers and dates", else
   "Decisions"; the person's own question that names something under "Open questions";
2. a sentence whose values an item about the same thing holds already adds nothing;
3. two sentences are about the same thing when half the smaller frame is shared (by count or
   by rarity) or they share two values; a sentence that keeps every value of an item but one
   and states another of that kind updates it (naming nothing new, it keeps the subject), one
   that says all it says and more replaces it, anything else is a statement of its own;
4. in other words (less than half the frame shared), one value swapped for another of its kind
   is still an update when both sentences name the same thing and share a word that fewer than
   half the fold's sentences say ("seat": "the seat price is 55 dollars" → "now 47 dollars per
   seat").

The person's sentences outrank the assistant's, two values one. Pure and ordered.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from threadkeep.memory.pasted import is_document, is_pointer, pointer_op
from threadkeep.memory.summary.items import (
    AddItem,
    FieldName,
    Op,
    SourceMessage,
    SummaryState,
    UpdateItem,
)
from threadkeep.memory.summary.text import (
    Reading,
    is_question,
    mid_sentence_names,
    read,
    same_value,
    split_sentences,
)

__all__ = ["ExtractiveSummariser", "MAX_ITEM_CHARS", "SAME_THING", "match"]

# Longer sentences are cut at a word boundary so one item cannot eat the cap.
MAX_ITEM_CHARS = 240
# Two sentences are about the same thing when this share of the shorter frame is shared.
SAME_THING = 0.5


@dataclass(slots=True)
class _Entry:
    """An item as this fold sees it: an existing one (``item_id``) or one it adds (``add``)."""

    reading: Reading
    item_id: str | None = None
    add: int | None = None  # index of its AddItem in the fold's operations


Weight = Callable[[str], float]
# The rarity of a word said by half the sentences (:func:`rarity`): one said by more tells
# nothing about which thing a sentence is about.
_MOST = math.log(3)
_HIRAGANA = re.compile("[\u3040-\u309f]+")


def _overlap(a: frozenset[str], b: frozenset[str], weight: Weight) -> float:
    """The shared share of the smaller frame: of its words, or of their weight by rarity,
    whichever is more (a short frame of common words still meets its own restatement)."""
    if not a or not b:
        return 0.0
    shared = a & b
    weighted = sum(weight(w) for w in shared) / min(sum(weight(w) for w in a), sum(weight(w) for w in b))
    return max(weighted, len(shared) / min(len(a), len(b)))


def rarity(frames: Sequence[frozenset[str]]) -> Weight:
    """Each word's weight: log(1 + n / df) over ``frames`` — a word most sentences share
    ("project", "проект") says little about which thing a sentence is about."""
    df: dict[str, int] = {}
    for frame in frames:
        for w in frame:
            df[w] = df.get(w, 0) + 1
    n = max(1, len(frames))
    return lambda w: math.log(1 + n / df.get(w, 1))


def match(new: Reading, old: Reading, weight: Weight = lambda _w: 1.0) -> tuple[str, float]:
    """How ``new`` relates to ``old``: ``same`` (it says nothing new about the same thing),
    ``update`` (another value of a kind ``old`` states, about the same thing) or ``""``; and a
    score to choose between candidates."""
    shared = [v for v in new.values if any(same_value(v, w) for w in old.values)]
    new_only = [v for v in new.values if not any(same_value(v, w) for w in old.values)]
    old_only = [w for w in old.values if not any(same_value(v, w) for v in new.values)]
    overlap = _overlap(new.frame, old.frame, weight)
    if overlap < SAME_THING and len(shared) < 2 and not (shared and not new.frame):
        # One value swapped for another of its kind, about a thing both name, in words that
        # still share one that most sentences do not say (and that is not kana grammar: in
        # Japanese, hiragana carries the particles and endings): the same fact with a new
        # value, in other words.
        swap = len(old_only) == 1 == len(new_only) and old_only[0].kind == new_only[0].kind
        telling = any(weight(w) > _MOST and not _HIRAGANA.fullmatch(w) for w in new.frame & old.frame)
        if swap and telling and any(v.kind == "name" for v in shared):
            return "update", overlap
        return "", 0.0
    score = len(shared) + overlap
    if not new_only:
        return "same", score
    if shared and not old_only:
        return "update", score  # it says all the item says, and more ("moved from A to B")
    old_kinds = {w.kind for w in old.values}
    if len(shared) >= 2 and any(v.kind in old_kinds for v in new_only):
        return "update", score  # the same two things, and a new value of a kind the item states
    # An update changes one value and keeps the others: what the item says and the sentence
    # does not is of one kind, and the sentence says another value of that kind (one name for
    # one name). A sentence that names nothing new keeps the item's subject ("the deadline
    # moved to 18 June"). Anything else is a statement of its own.
    new_names = [v for v in new_only if v.kind == "name"]
    if not new_names:
        old_only = [w for w in old_only if w.kind != "name"]
    kinds = {w.kind for w in old_only}
    if len(kinds) != 1 or not any(v.kind in kinds for v in new_only):
        return "", 0.0
    if kinds == {"name"} and (len(new_names) > 1 or len(old_only) > 1):
        return "", 0.0
    return "update", score


def _clip(text: str) -> str:
    if len(text) <= MAX_ITEM_CHARS:
        return text
    cut = text[:MAX_ITEM_CHARS]
    return cut[: cut.rfind(" ")].rstrip(",;:— ") + "…" if " " in cut else cut + "…"


def _field(sentence: str, reading: Reading, role: str) -> tuple[FieldName, int] | None:
    """The field and priority of a new item, or None when the sentence is not kept."""
    if not reading.values:
        return None
    if is_question(sentence):
        return ("questions", 2) if role == "user" else None
    kinds = reading.kinds()
    field: FieldName = "numbers" if kinds & {"date", "number"} else "decisions"
    priority = (3 if role == "user" else 2) + (len(reading.values) >= 2)
    return field, priority


class ExtractiveSummariser:
    """The deterministic summariser (see the module docstring)."""

    name = "extractive"

    def propose(self, state: SummaryState, messages: Sequence[SourceMessage]) -> list[Op]:
        """Operations for ``messages`` against ``state``."""
        names = mid_sentence_names(
            "\n".join([*(i.text for i in state.items), *(m.text for m in messages if not is_document(m.text))])
        )
        units = list(_units(messages))
        entries = [
            _Entry(read(i.text, names), item_id=i.id) for i in state.items if not i.resolved and not is_pointer(i.text)
        ]
        weight = rarity(
            [e.reading.frame for e in entries] + [read(t, names).frame for u in units if u[0] is None for t in u[2]]
        )
        ops: list[Op] = []
        for message, ids, sentences in units:
            if message is not None:
                ops.append(pointer_op(message))
                continue
            for sentence in sentences:
                self._sentence(_clip(sentence), ids, names, entries, ops, weight)
        return ops

    def _sentence(
        self,
        sentence: str,
        said: tuple[SourceMessage, ...],
        names: frozenset[str],
        entries: list[_Entry],
        ops: list[Op],
        weight: Weight,
    ) -> None:
        reading = read(sentence, names)
        placed = _field(sentence, reading, said[-1].role)
        if placed is None:
            return
        ids = tuple(m.id for m in said)
        best: tuple[float, str, _Entry] | None = None
        if not is_question(sentence):
            for entry in entries:
                how, score = match(reading, entry.reading, weight)
                if how and (best is None or score > best[0]):
                    best = (score, how, entry)
        if best is None:
            field, priority = placed
            entries.append(_Entry(reading, add=len(ops)))
            ops.append(AddItem(field, sentence, ids, priority))
            return
        _, how, entry = best
        if entry.add is not None:  # an item this fold adds: change the add itself
            old = ops[entry.add]
            assert isinstance(old, AddItem)
            if how == "update":
                ops[entry.add] = AddItem(old.field, sentence, (*old.source_ids, *ids), old.priority)
                entry.reading = reading
            return
        if how == "update":
            ops.append(UpdateItem(entry.item_id or "", sentence, ids, since=said[-1].at))
            entry.reading = reading


def _units(
    messages: Sequence[SourceMessage],
) -> Iterator[tuple[SourceMessage | None, tuple[SourceMessage, ...], list[str]]]:
    """What is read together: a document alone (its pointer), a one-sentence reply of the
    person together with the question the assistant asked just before it ("Who leads it?" —
    "Gleb, agreed" means nothing alone), and every other message sentence by sentence."""
    previous: SourceMessage | None = None
    for m in messages:
        if is_document(m.text):
            yield m, (m,), []
            previous = None
            continue
        sentences = split_sentences(m.text)
        asked = split_sentences(previous.text)[-1:] if previous is not None and previous.role == "assistant" else []
        if (
            previous is not None
            and m.role == "user"
            and len(sentences) == 1
            and asked
            and is_question(asked[0])
            and not is_question(sentences[0])
        ):
            yield None, (previous, m), [f"{asked[0]} — {sentences[0]}"]
        else:
            yield None, (m,), sentences
        previous = m
