"""The structured rolling summary as data: six fields of items, the operations on them, the text.

A summariser (a model or :mod:`threadkeep.memory.summary.extractive`) never writes the summary text.
It proposes operations — add an item, update item X, resolve question Y, remove item X — and
:func:`apply_ops` merges them. Items that no operation touches are carried over unchanged, so
earlier content survives by construction, not by prompt wording (ARCHITECTURE §5).

Every item names the messages it came from (``source_ids``). An added or updated item whose
names, numbers or dates do not occur in those messages is rejected (:func:`is_grounded`).

An update that changes a value keeps what it replaced: the item stores the old values it no
longer states (``was``) and the date the new value became true (``since``), decided when the
fold runs, and renders them on its own line — "(earlier: 9 February; changed 3 May 2026)" — so
nothing per turn has to work out what is superseded.

The summary is bounded (:data:`DEFAULT_CAP_TOKENS`, :data:`MAX_WORDS`). Over the cap,
low-priority items leave first; each leaving item is handed to ``on_evict`` beforehand so the
facts store can keep it. Rendering and JSON are deterministic: the same state gives the same
bytes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from threadkeep.messages import SourceMessage

__all__ = [
    "FIELDS",
    "FIELD_TITLES",
    "DEFAULT_CAP_TOKENS",
    "MAX_WORDS",
    "DEFAULT_PRIORITY",
    "FieldName",
    "SourceMessage",
    "Item",
    "SummaryState",
    "AddItem",
    "UpdateItem",
    "ResolveQuestion",
    "RemoveItem",
    "Op",
    "render_summary",
    "summary_to_json",
    "summary_from_json",
    "word_count",
    "changed_messages",
]

FieldName = Literal["participants", "decisions", "numbers", "questions", "next_steps", "context"]

# The order is part of the contract: rendering, JSON and the model prompt all follow it.
FIELDS: tuple[FieldName, ...] = (
    "participants", "decisions", "numbers", "questions", "next_steps", "context",
)
FIELD_TITLES: dict[FieldName, str] = {
    "participants": "Participants and roles",
    "decisions": "Decisions",
    "numbers": "Numbers and dates",
    "questions": "Open questions",
    "next_steps": "Agreed next steps",
    "context": "Context",
}

DEFAULT_CAP_TOKENS = 480
# Words, besides the token cap: a summary of a few hundred words (seed 003: 200–300).
MAX_WORDS = 300

# Priorities run 0..5; a field's default says what matters when nobody says otherwise.
DEFAULT_PRIORITY: dict[FieldName, int] = {
    "participants": 4, "decisions": 4, "numbers": 3, "questions": 3, "next_steps": 3, "context": 1,
}


@dataclass(frozen=True, slots=True)
class Item:
    """One line of the summary. ``seq`` orders items by creation; ``touched`` by last change."""

    id: str
    field: FieldName
    text: str
    source_ids: tuple[str, ...]
    priority: int
    seq: int
    touched: int
    resolved: bool = False
    # A summariser's own matching key (e.g. a sentence template); opaque to the merge.
    key: str = ""
    # What an update replaced: the old values the new text no longer states, and the date the
    # new value became true (both "" until the item is updated).
    was: str = ""
    since: str = ""
    # The new values that replaced ``was``, and the messages that said the old ones: a recalled
    # line of one of those messages is shown with what it says now (:func:`changed_messages`).
    now: str = ""
    was_sources: tuple[str, ...] = ()
    # Names of the text in their dictionary form when it writes them in another case
    # ("с Фёдором" → "Фёдор"), worked out when the item was made, shown after it.
    aka: str = ""

    def to_dict(self) -> dict[str, Any]:
        out = {
            "id": self.id, "field": self.field, "text": self.text,
            "source_ids": list(self.source_ids), "priority": self.priority,
            "seq": self.seq, "touched": self.touched, "resolved": self.resolved, "key": self.key,
        }
        if self.was:
            out |= {"was": self.was, "since": self.since, "now": self.now, "was_sources": list(self.was_sources)}
        if self.aka:
            out["aka"] = self.aka
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Item:
        fld = data["field"]
        if fld not in FIELDS:
            raise ValueError(f"unknown summary field: {fld!r}")
        return cls(
            id=str(data["id"]), field=fld, text=str(data["text"]),
            source_ids=tuple(str(s) for s in data.get("source_ids", ())),
            priority=int(data.get("priority", DEFAULT_PRIORITY[fld])),
            seq=int(data.get("seq", 0)), touched=int(data.get("touched", 0)),
            resolved=bool(data.get("resolved", False)), key=str(data.get("key", "")),
            was=str(data.get("was", "")), since=str(data.get("since", "")), aka=str(data.get("aka", "")),
            now=str(data.get("now", "")), was_sources=tuple(str(s) for s in data.get("was_sources", ())),
        )


@dataclass(frozen=True, slots=True)
class SummaryState:
    """The whole summary: items in creation order and the counter that names new items."""

    items: tuple[Item, ...] = ()
    next_seq: int = 1
    version: int = 0

    def get(self, item_id: str) -> Item | None:
        for item in self.items:
            if item.id == item_id:
                return item
        return None

    def in_field(self, name: FieldName) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.field == name)


# ---- operations -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AddItem:
    field: FieldName
    text: str
    source_ids: tuple[str, ...]
    priority: int | None = None
    key: str = ""


@dataclass(frozen=True, slots=True)
class UpdateItem:
    """Replace the text of an item (a corrected value); sources are added to the old ones.
    ``since``: the date the new value became true, as the summary writes dates ("3 May 2026")."""

    item_id: str
    text: str
    source_ids: tuple[str, ...]
    priority: int | None = None
    key: str | None = None
    since: str = ""


@dataclass(frozen=True, slots=True)
class ResolveQuestion:
    """Mark an open question answered; ``text`` (optional) is the answer, grounded like an add."""

    item_id: str
    source_ids: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class RemoveItem:
    item_id: str


Op = AddItem | UpdateItem | ResolveQuestion | RemoveItem



_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+")
_LATIN_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def word_count(text: str) -> int:
    """Words of ``text``: runs of letters or digits in scripts written with spaces, and, in
    Japanese (no spaces), one word per two characters of a run, rounded up."""
    cjk = _CJK_RUN.findall(text)
    rest = _CJK_RUN.sub(" ", text)
    return len(_LATIN_WORD.findall(rest)) + sum((len(run) + 1) // 2 for run in cjk)


# ---- rendering and JSON -----------------------------------------------------------------------


def _header(name: FieldName) -> str:
    return f"## {FIELD_TITLES[name]}"


def _line(item: Item) -> str:
    mark = f" ({item.aka})" if item.aka else ""
    mark += " (resolved)" if item.resolved else ""
    if item.was:
        mark += f" (earlier: {item.was}" + (f"; changed {item.since})" if item.since else ")")
    return f"- {item.text}{mark}"


def render_summary(state: SummaryState) -> str:
    """The summary as text: fields in their fixed order, empty fields left out, items by age.

    Nothing here depends on a clock or on dict order, so the same state gives the same bytes.
    """
    blocks: list[str] = []
    for name in FIELDS:
        lines = [_line(i) for i in sorted(state.in_field(name), key=lambda i: i.seq)]
        if lines:
            blocks.append("\n".join([_header(name), *lines]))
    return "\n".join(blocks)


def changed_messages(state: SummaryState) -> dict[str, str]:
    """For each message whose value a later one changed (as the summary recorded it when it
    folded), the note a recalled line of it carries: "(later changed: now 17 March, since 9
    May 2026)". Read per turn; nothing here reads words."""
    out: dict[str, str] = {}
    for item in state.items:
        if item.was and item.now:
            note = f"(later changed: now {item.now}" + (f", since {item.since})" if item.since else ")")
            for message_id in item.was_sources:
                out.setdefault(message_id, note)
    return out


def summary_to_json(state: SummaryState) -> str:
    """Canonical JSON (sorted keys, no spaces): the bytes that get encrypted and stored."""
    data = {"items": [i.to_dict() for i in state.items], "next_seq": state.next_seq,
            "version": state.version, "format": 1}
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def summary_from_json(text: str) -> SummaryState:
    """Inverse of :func:`summary_to_json`; raises ``ValueError`` on a malformed document."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != 1:
        raise ValueError("not a threadkeep summary document (format 1)")
    items = tuple(Item.from_dict(d) for d in data.get("items", []))
    return SummaryState(items, int(data.get("next_seq", len(items) + 1)),
                        int(data.get("version", 0)))
