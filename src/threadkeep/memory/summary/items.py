"""The rolling summary as data: six fields of items, the operations on them, and its text.

A summariser never writes the summary: it proposes operations (add, update, resolve, remove)
that :mod:`threadkeep.memory.summary.merge` applies, so items nobody touches survive by
construction (ARCHITECTURE §5). Every item names the messages it came from. An update that
changed a value keeps what it replaced (``was``, ``since``, ``now``, ``was_sources``), decided at
fold time, so a turn only renders it. Nothing here reads words: this module is on every turn's
path. Rendering and JSON are deterministic: the same state gives the same bytes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass
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
    "render_line",
    "summary_to_json",
    "summary_from_json",
    "word_count",
    "changed_messages",
    "change_note",
    "MAX_CHANGED",
    "without_marks",
]

FieldName = Literal["participants", "decisions", "numbers", "questions", "next_steps", "context"]
# The order is part of the contract: rendering, JSON and the model prompt all follow it.
FIELDS: tuple[FieldName, ...] = ("participants", "decisions", "numbers", "questions", "next_steps", "context")
FIELD_TITLES: dict[FieldName, str] = {
    "participants": "Participants and roles",
    "decisions": "Decisions",
    "numbers": "Numbers and dates",
    "questions": "Open questions",
    "next_steps": "Agreed next steps",
    "context": "Context",
}
DEFAULT_CAP_TOKENS = 480
MAX_WORDS = 300  # besides the token cap: a summary of a few hundred words (seed 003: 200–300)
# Priorities run 0..5; a field's default says what matters when nobody says otherwise.
DEFAULT_PRIORITY: dict[FieldName, int] = {
    "participants": 4,
    "decisions": 4,
    "numbers": 3,
    "questions": 3,
    "next_steps": 3,
    "context": 1,
}


@dataclass(frozen=True, slots=True)
class Item:
    """One line of the summary. ``seq`` orders items by creation, ``touched`` by last change.
    After an update that changed a value: ``was`` the old values (empty when the new text names
    them too), ``since`` the day of the change, ``now`` the new values, ``was_sources`` the
    messages that said the old ones.
    ``aka``: its names in their dictionary form when written in another case ("Фёдор")."""

    id: str
    field: FieldName
    text: str
    source_ids: tuple[str, ...]
    priority: int
    seq: int
    touched: int
    resolved: bool = False
    was: str = ""
    since: str = ""
    now: str = ""
    was_sources: tuple[str, ...] = ()
    aka: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The item as stored; the fields of a change only once it has one."""
        out = {k: v for k, v in asdict(self).items() if v not in ("", ())}
        return out | {
            "source_ids": list(self.source_ids),
            "resolved": self.resolved,
            **({"was_sources": list(self.was_sources)} if self.was_sources else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Item:
        """The stored item (older ones may lack fields); ``ValueError`` for an unknown field."""
        fld = data["field"]
        if fld not in FIELDS:
            raise ValueError(f"unknown summary field: {fld!r}")
        text = {k: str(data.get(k, "")) for k in ("was", "since", "now", "aka")}
        return cls(
            str(data["id"]),
            fld,
            str(data["text"]),
            tuple(str(s) for s in data.get("source_ids", ())),
            int(data.get("priority", DEFAULT_PRIORITY[fld])),
            int(data.get("seq", 0)),
            int(data.get("touched", 0)),
            bool(data.get("resolved", False)),
            was_sources=tuple(str(s) for s in data.get("was_sources", ())),
            **text,
        )


# The most messages a summary remembers a change of (their notes outlive the items, bounded).
MAX_CHANGED = 400


@dataclass(frozen=True, slots=True)
class SummaryState:
    """The whole summary: items in creation order, the counter that names new items, and for
    each message whose value a later one changed, the note a recalled line of it carries
    (``changed``: kept when its item leaves the summary, the latest :data:`MAX_CHANGED`)."""

    items: tuple[Item, ...] = ()
    next_seq: int = 1
    version: int = 0
    changed: tuple[tuple[str, str], ...] = ()

    def get(self, item_id: str) -> Item | None:
        return next((i for i in self.items if i.id == item_id), None)

    def in_field(self, name: FieldName) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.field == name)


@dataclass(frozen=True, slots=True)
class AddItem:
    field: FieldName
    text: str
    source_ids: tuple[str, ...]
    priority: int | None = None


@dataclass(frozen=True, slots=True)
class UpdateItem:
    """Replace an item's text (a changed value); its sources join the old ones. ``since``: the
    day the new value became true, as the summary writes dates ("3 May 2026")."""

    item_id: str
    text: str
    source_ids: tuple[str, ...]
    priority: int | None = None
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
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def word_count(text: str) -> int:
    """Words of ``text``: runs of letters or digits, and one per two characters of a Japanese or
    Chinese run (no spaces to count by), rounded up."""
    return len(_WORD.findall(_CJK_RUN.sub(" ", text))) + sum((len(r) + 1) // 2 for r in _CJK_RUN.findall(text))


def render_line(item: Item) -> str:
    """One item as the summary shows it, with what it replaced."""
    mark = (f" ({item.aka})" if item.aka else "") + (" (resolved)" if item.resolved else "")
    if item.was:
        mark += f" (earlier: {item.was}" + (f"; changed {item.since})" if item.since else ")")
    return f"- {item.text}{mark}"


def render_summary(state: SummaryState) -> str:
    """The summary as text: fields in their fixed order, empty fields left out, items by age."""
    blocks = []
    for name in FIELDS:
        lines = [render_line(i) for i in sorted(state.in_field(name), key=lambda i: i.seq)]
        if lines:
            blocks.append("\n".join([f"## {FIELD_TITLES[name]}", *lines]))
    return "\n".join(blocks)


# The marks the summary and recall add for a changed value (render_line, change_note): never
# part of an item's own text, whoever echoes them back (a fold model reading the summary).
_MARK = re.compile(r"\s*\((?:earlier: |later changed: )[^()\n]{0,300}\)")


def without_marks(text: str) -> str:
    """``text`` without the change marks threadkeep adds, so a mark is never inside another."""
    return _MARK.sub("", text) if "(earlier: " in text or "(later changed: " in text else text


def change_note(item: Item) -> str:
    """What a recalled line of a message an update superseded carries: "(later changed: now 17
    March, since 9 May 2026)"."""
    return f"(later changed: now {item.now}" + (f", since {item.since})" if item.since else ")")


def changed_messages(state: SummaryState) -> dict[str, str]:
    """For each message whose value a later one changed, the note a recalled line of it
    carries. A lookup, read per turn: what changed was decided when the fold ran."""
    out = dict(state.changed)
    for item in state.items:
        if item.now:
            out |= {m: out.get(m, change_note(item)) for m in item.was_sources}
    return out


def summary_to_json(state: SummaryState) -> str:
    """Canonical JSON (sorted keys, no spaces): the bytes that get encrypted and stored."""
    data = {
        "items": [i.to_dict() for i in state.items],
        "next_seq": state.next_seq,
        "version": state.version,
        "format": 1,
        **({"changed": dict(state.changed)} if state.changed else {}),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def summary_from_json(text: str) -> SummaryState:
    """Inverse of :func:`summary_to_json`; raises ``ValueError`` on a malformed document."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != 1:
        raise ValueError("not a threadkeep summary document (format 1)")
    items = tuple(Item.from_dict(d) for d in data.get("items", []))
    changed = tuple((str(k), str(v)) for k, v in (data.get("changed") or {}).items())
    return SummaryState(items, int(data.get("next_seq", len(items) + 1)), int(data.get("version", 0)), changed)
