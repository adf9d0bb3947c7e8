"""The structured rolling summary: six fields of items, merged from proposed operations.

A summariser (a model or :mod:`threadkeep.memory.summary.extractive`) never writes the summary text.
It proposes operations — add an item, update item X, resolve question Y, remove item X — and
:func:`apply_ops` merges them. Items that no operation touches are carried over unchanged, so
earlier content survives by construction, not by prompt wording (ARCHITECTURE §5).

Every item names the messages it came from (``source_ids``). An added or updated item whose
names, numbers or dates do not occur in those messages is rejected (:func:`is_grounded`).

The summary is bounded (:data:`DEFAULT_CAP_TOKENS`). Over the cap, low-priority items leave
first; each leaving item is handed to ``on_evict`` beforehand so the facts store can keep it.
Rendering and JSON are deterministic: the same state gives the same bytes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from threadkeep.memory.summary.base_names import with_base_names
from threadkeep.memory.summary.grounding import is_grounded
from threadkeep.messages import SourceMessage
from threadkeep.tokens import TokenCounter, default_counter

__all__ = [
    "FIELDS",
    "FIELD_TITLES",
    "DEFAULT_CAP_TOKENS",
    "MAX_WORDS",
    "SMALL_TALK_WORDS",
    "SMALL_TALK_PRIORITY",
    "SMALL_TALK_SHARE",
    "SMALL_TALK_FLOOR",
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
    "MergeResult",
    "EvictHook",
    "apply_ops",
    "enforce_cap",
    "is_grounded",
    "render_summary",
    "summary_to_json",
    "summary_from_json",
    "word_count",
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
# Words, besides the token cap (issue 26): the summary never passes MAX_WORDS, and small talk
# (priority SMALL_TALK_PRIORITY, :mod:`threadkeep.memory.summary.work`) is kept only in room left
# under SMALL_TALK_WORDS — it may round out a short summary, it never crowds the work out.
MAX_WORDS = 300
SMALL_TALK_WORDS = 200
SMALL_TALK_PRIORITY = 0
# ... and, beside work, takes at most one word in SMALL_TALK_SHARE (a quarter) of it.
SMALL_TALK_SHARE = 4
# ... but only once the summary passes SMALL_TALK_FLOOR words: in the first folds a project's
# name has not yet come back in enough items to be told from a person's, and what is dropped
# then as small talk cannot be ranked as work later (issue 26).
SMALL_TALK_FLOOR = 150

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

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "field": self.field, "text": self.text,
            "source_ids": list(self.source_ids), "priority": self.priority,
            "seq": self.seq, "touched": self.touched, "resolved": self.resolved, "key": self.key,
        }

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
    """Replace the text of an item (a corrected value); sources are added to the old ones."""

    item_id: str
    text: str
    source_ids: tuple[str, ...]
    priority: int | None = None
    key: str | None = None


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

EvictHook = Callable[[Sequence[Item]], None]


_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+")
_LATIN_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def word_count(text: str) -> int:
    """Words of ``text``: runs of letters or digits in scripts written with spaces, and, in
    Japanese (no spaces), one word per two characters of a run, rounded up."""
    cjk = _CJK_RUN.findall(text)
    rest = _CJK_RUN.sub(" ", text)
    return len(_LATIN_WORD.findall(rest)) + sum((len(run) + 1) // 2 for run in cjk)


# ---- merge ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MergeResult:
    """The merged state, the operations refused (with the reason) and items that left."""

    state: SummaryState
    rejected: tuple[tuple[Op, str], ...] = ()
    evicted: tuple[Item, ...] = ()


def _clamp(priority: int | None, fld: FieldName) -> int:
    if priority is None:
        return DEFAULT_PRIORITY[fld]
    return max(0, min(5, priority))


def apply_ops(
    state: SummaryState,
    ops: Iterable[Op],
    sources: Mapping[str, str],
    *,
    on_evict: EvictHook | None = None,
) -> MergeResult:
    """Merge ``ops`` into ``state``. Items not named by an op are kept unchanged.

    ``sources`` maps the ids of the newly folded messages to their text; an op may cite only
    those (an update may also lean on the text of the item it replaces, which was grounded
    when it was added). Removed items go through ``on_evict`` before they leave.
    """
    items: dict[str, Item] = {i.id: i for i in state.items}
    order = [i.id for i in state.items]
    seq = state.next_seq
    tick = state.version + 1
    rejected: list[tuple[Op, str]] = []
    evicted: list[Item] = []

    def cited(ids: tuple[str, ...]) -> list[str] | None:
        if not ids or any(s not in sources for s in ids):
            return None
        return [sources[s] for s in ids]

    for op in ops:
        if isinstance(op, AddItem):
            texts = cited(op.source_ids)
            if texts is None:
                rejected.append((op, "unknown or missing source ids"))
                continue
            if not is_grounded(op.text, texts):
                rejected.append((op, "not grounded in its sources"))
                continue
            same = next((i for i in items.values()
                         if i.field == op.field and i.text == op.text), None)
            if same is not None:
                # A model re-adding what is already there: one item, with both sources.
                items[same.id] = replace(same, source_ids=_dedupe(same.source_ids + op.source_ids),
                                         touched=tick)
                continue
            new_id = f"i{seq}"
            items[new_id] = Item(new_id, op.field, op.text, _dedupe(op.source_ids),
                                 _clamp(op.priority, op.field), seq, tick, key=op.key)
            order.append(new_id)
            seq += 1
            continue
        target = items.get(op.item_id)
        if target is None:
            rejected.append((op, f"no item {op.item_id!r}"))
            continue
        if isinstance(op, UpdateItem):
            texts = cited(op.source_ids)
            if texts is None:
                rejected.append((op, "unknown or missing source ids"))
                continue
            if not is_grounded(op.text, [*texts, target.text]):
                rejected.append((op, "not grounded in its sources"))
                continue
            items[target.id] = replace(
                target, text=op.text, source_ids=_dedupe(target.source_ids + op.source_ids),
                priority=target.priority if op.priority is None else _clamp(op.priority, target.field),
                touched=tick, resolved=False, key=target.key if op.key is None else op.key,
            )
        elif isinstance(op, ResolveQuestion):
            text = target.text
            if op.text:
                texts = cited(op.source_ids)
                if texts is None or not is_grounded(op.text, [*texts, target.text]):
                    rejected.append((op, "answer not grounded in its sources"))
                    continue
                text = f"{target.text} — {op.text}"
            # A resolved question is old news: it is the first thing to go under the cap.
            items[target.id] = replace(
                target, text=text, resolved=True, priority=min(target.priority, 1),
                source_ids=_dedupe(target.source_ids + op.source_ids), touched=tick,
            )
        else:
            evicted.append(items.pop(target.id))
            order.remove(target.id)
    if evicted and on_evict is not None:
        on_evict(tuple(evicted))
    new_state = SummaryState(tuple(items[i] for i in order), seq, tick)
    return MergeResult(new_state, tuple(rejected), tuple(evicted))


def _dedupe(ids: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for s in ids:
        seen.setdefault(s, None)
    return tuple(seen)


# ---- the cap ----------------------------------------------------------------------------------


def _eviction_rank(item: Item) -> tuple[int, int, int]:
    # Lowest first: resolved, then priority, then least recently touched, then oldest.
    return (0 if item.resolved else 1, item.priority, item.touched * 1_000_000 + item.seq)


# Long low-priority items are shortened before anything is evicted.
CONDENSE_MAX_PRIORITY = 2
CONDENSE_CHARS = 120


def _condensed(text: str) -> str | None:
    """The text cut at a clause boundary near ``CONDENSE_CHARS``, or None if already short."""
    if len(text) <= CONDENSE_CHARS:
        return None
    cut = text[:CONDENSE_CHARS]
    for sep in ("; ", " — ", ", ", " "):
        at = cut.rfind(sep)
        if at >= CONDENSE_CHARS // 2:
            return cut[:at].rstrip(",;— ") + "…"
    return cut + "…"


def enforce_cap(
    state: SummaryState,
    *,
    cap: int = DEFAULT_CAP_TOKENS,
    counter: TokenCounter | None = None,
    on_evict: EvictHook | None = None,
    max_words: int = MAX_WORDS,
    small_talk_words: int = SMALL_TALK_WORDS,
) -> MergeResult:
    """Fit the rendered summary into ``cap`` tokens and ``max_words`` words: condense, then
    drop, low priority first; small talk stays only while the summary is within
    ``small_talk_words`` words and, beside work, is at most one word in
    :data:`SMALL_TALK_SHARE` of it.

    First, long items of priority ≤ 2 are cut to a clause (a prefix, so still grounded). Then
    items leave in this order: resolved questions, then by priority (context before numbers
    before decisions and roles), least recently touched first. ``on_evict`` sees every item
    that leaves, and the original of every condensed one, before the new state is returned.
    """
    counter = counter or default_counter()
    line_cost = {i.id: counter.count(_line(i)) + 1 for i in state.items}
    header_cost = {f: counter.count(_header(f)) + 1 for f in FIELDS}

    def estimate(items: Iterable[Item]) -> int:
        used = list(items)
        fields = {i.field for i in used}
        return sum(line_cost[i.id] for i in used) + sum(header_cost[f] for f in fields)

    keep = list(state.items)
    leaving: list[Item] = []
    if estimate(keep) > cap:
        for item in sorted(keep, key=_eviction_rank):
            short = _condensed(item.text) if item.priority <= CONDENSE_MAX_PRIORITY else None
            if short is None:
                continue
            leaving.append(item)  # its details leave the summary: hand them on as well
            new = replace(item, text=short)
            keep[keep.index(item)] = new
            line_cost[new.id] = counter.count(_line(new)) + 1
            if estimate(keep) <= cap:
                break
    ranked = sorted(keep, key=_eviction_rank)
    # The estimate sums per-line counts and runs over the real rendering by a few tokens: the
    # evictions count the rendering itself, so nothing leaves that would have fitted.
    candidate = replace(state, items=tuple(keep))
    while keep and counter.count(render_summary(candidate)) > cap:
        victim = ranked.pop(0)
        keep.remove(victim)
        leaving.append(victim)
        candidate = replace(state, items=tuple(keep))
    while keep and word_count(render_summary(candidate)) > max_words:
        victim = ranked.pop(0)
        keep.remove(victim)
        leaving.append(victim)
        candidate = replace(state, items=tuple(keep))
    chatter = [i for i in ranked if i.priority == SMALL_TALK_PRIORITY and not i.resolved]
    # A conversation that is all small talk keeps it (it is what there is to remember); beside
    # the work it takes at most a quarter of it.
    has_work = any(i.priority != SMALL_TALK_PRIORITY for i in keep)

    def crowded() -> bool:
        words = word_count(render_summary(candidate))
        talk = sum(word_count(_line(i)) for i in chatter)
        return words > small_talk_words or (
            has_work and words > SMALL_TALK_FLOOR and talk * SMALL_TALK_SHARE > words)

    while chatter and crowded():
        victim = chatter.pop(0)
        keep.remove(victim)
        leaving.append(victim)
        candidate = replace(state, items=tuple(keep))
    if leaving and on_evict is not None:
        on_evict(tuple(leaving))
    return MergeResult(candidate, (), tuple(leaving))


# ---- rendering and JSON -----------------------------------------------------------------------


def _header(name: FieldName) -> str:
    return f"## {FIELD_TITLES[name]}"


def _line(item: Item) -> str:
    mark = " (resolved)" if item.resolved else ""
    return f"- {with_base_names(item.text)}{mark}"


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
