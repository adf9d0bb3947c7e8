"""How the summary changes: operations merged into it, and the cap it is kept under.

:func:`apply_ops` merges a summariser's operations; items no operation touches are carried over
unchanged, so earlier content survives by construction, not by prompt wording (ARCHITECTURE
§5). An added or updated item whose names, numbers or dates are not in the messages it cites is
refused (:func:`is_grounded`). An update that changes a value stores what it replaced, and every
touched item gets its names' dictionary forms — decided here, at fold time, never per turn.
:func:`enforce_cap` keeps the summary within its tokens and words, low priority first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from threadkeep.memory.summary.items import (
    DEFAULT_CAP_TOKENS,
    DEFAULT_PRIORITY,
    MAX_CHANGED,
    MAX_WORDS,
    AddItem,
    Item,
    Op,
    ResolveQuestion,
    SummaryState,
    UpdateItem,
    change_note,
    render_summary,
    without_marks,
    word_count,
)
from threadkeep.memory.summary.text import base_forms, read, same_value
from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["MergeResult", "EvictHook", "apply_ops", "enforce_cap", "is_grounded", "with_base_forms", "replaced_values"]

EvictHook = Callable[[Sequence[Item]], None]
# Long low-priority items are cut to a clause before anything leaves under the cap.
CONDENSE_MAX_PRIORITY = 2
CONDENSE_CHARS = 120
_WORDS = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class MergeResult:
    """The merged state, the operations refused (with the reason) and the items that left."""

    state: SummaryState
    rejected: tuple[tuple[Op, str], ...] = ()
    evicted: tuple[Item, ...] = ()


def is_grounded(text: str, sources: Iterable[str]) -> bool:
    """Whether every value of ``text`` — a number (by its digits), a date, a name (by its stem,
    so an inflected form counts) — is in ``sources``."""
    corpus = "\n".join(sources)
    digits = {re.sub(r"\D", "", v.text) for v in read(corpus).values if v.kind == "number"}
    digits |= set(re.findall(r"\d+", re.sub(r"(?<=\d)[\s\u00a0\u202f.,](?=\d{3}(?!\d))", "", corpus)))
    words = {w.casefold() for w in _WORDS.findall(corpus)}
    low = corpus.casefold()
    for v in read(text).values:
        if v.kind == "number" and re.sub(r"\D", "", v.text) not in digits:
            return False
        if (
            v.kind != "number"
            and v.text.casefold() not in low
            and not (v.kind == "name" and all(any(w.startswith(k) for w in words) for k in v.key.split()))
        ):
            return False
    # A capitalised word opening a sentence may be a name or prose: its first four letters at
    # least must be in the sources ("Decided" for "we decided"; never an invented "Marcus").
    openers = re.findall(r"(?:^|[.!?。！？]\s+)[\"'«(]*([^\W\d_]+)", text)
    return all(w.casefold()[:4] in low for w in openers if w[0].isupper() and tokenize(w))


def _ground(op: Op, sources: Mapping[str, str], target: Item | None) -> str | None:
    """Why ``op`` cannot be applied (None when it can)."""
    ids = getattr(op, "source_ids", ())
    text = op.text if isinstance(op, AddItem | UpdateItem | ResolveQuestion) else ""
    if isinstance(op, AddItem | UpdateItem) and (not ids or any(s not in sources for s in ids)):
        return "unknown or missing source ids"
    if text and (
        any(s not in sources for s in ids)
        or not is_grounded(text, [sources[s] for s in ids if s in sources] + ([target.text] if target else []))
    ):
        return "not grounded in its sources"
    return None


def apply_ops(
    state: SummaryState, ops: Iterable[Op], sources: Mapping[str, str], *, on_evict: EvictHook | None = None
) -> MergeResult:
    """Merge ``ops`` into ``state``; items no op names are kept unchanged. ``sources`` maps the
    newly folded messages' ids to their text: an op may cite only those (an update may also
    lean on the text of the item it replaces). Removed items go through ``on_evict`` first."""
    items = {i.id: i for i in state.items}
    seq, tick = state.next_seq, state.version + 1
    rejected: list[tuple[Op, str]] = []
    evicted: list[Item] = []
    for op in ops:
        if isinstance(op, AddItem | UpdateItem | ResolveQuestion) and op.text != without_marks(op.text):
            op = replace(op, text=without_marks(op.text))  # a mark it read in the summary is not new text
        target = None if isinstance(op, AddItem) else items.get(op.item_id)
        if not isinstance(op, AddItem) and target is None:
            rejected.append((op, f"no item {op.item_id!r}"))
            continue
        why = _ground(op, sources, target)
        if why:
            rejected.append((op, why))
        elif isinstance(op, AddItem):
            same = next((i for i in items.values() if i.field == op.field and i.text == op.text), None)
            if same is not None:  # a model re-adding what is there: one item, both sources
                items[same.id] = replace(same, source_ids=_dedupe(same.source_ids + op.source_ids), touched=tick)
            else:
                priority = DEFAULT_PRIORITY[op.field] if op.priority is None else max(0, min(5, op.priority))
                items[f"i{seq}"] = Item(f"i{seq}", op.field, op.text, _dedupe(op.source_ids), priority, seq, tick)
                seq += 1
        elif isinstance(op, UpdateItem) and target is not None:
            items[target.id] = _updated(target, op, tick)
        elif isinstance(op, ResolveQuestion) and target is not None:
            # A resolved question is old news: the first thing to go under the cap.
            items[target.id] = replace(
                target,
                text=f"{target.text} — {op.text}" if op.text else target.text,
                resolved=True,
                priority=min(target.priority, 1),
                touched=tick,
                source_ids=_dedupe(target.source_ids + op.source_ids),
            )
        elif target is not None:
            evicted.append(items.pop(target.id))
    if evicted and on_evict is not None:
        on_evict(tuple(evicted))
    # What each update superseded is remembered by message, beyond the item's stay.
    notes = dict(state.changed)
    for item in items.values():
        if item.touched == tick and item.now:
            notes |= dict.fromkeys(item.was_sources, change_note(item))
    changed = tuple(notes.items())[-MAX_CHANGED:]
    return MergeResult(SummaryState(tuple(items.values()), seq, tick, changed), tuple(rejected), tuple(evicted))


def _updated(target: Item, op: UpdateItem, tick: int) -> Item:
    """``target`` with ``op``'s text, keeping what a changed value replaced (a restatement
    keeps what the item already said it replaced)."""
    item = replace(
        target,
        text=op.text,
        source_ids=_dedupe(target.source_ids + op.source_ids),
        touched=tick,
        resolved=False,
        priority=target.priority if op.priority is None else max(0, min(5, op.priority)),
    )
    if op.text == target.text:
        return item
    # What the older messages said is superseded also when the new text names the old value
    # too ("the Atlas lead moved from Priya to Omar"): their recalled lines carry the new value.
    was, now = replaced_values(target.text, op.text), replaced_values(op.text, target.text)
    if not (was or now):
        return replace(item, was="", since="", now="", was_sources=())
    return replace(item, was=was, since=op.since, now=now, was_sources=target.source_ids)


def replaced_values(old: str, new: str) -> str:
    """The values ``old`` states that ``new`` does not, of a kind ``new`` states ("9 February"
    when a deadline moved to 20 February): what an update superseded."""
    before, after = read(old).values, read(new).values
    kinds = {v.kind for v in after}
    gone = [v.text for v in before if v.kind in kinds and not any(same_value(v, w) for w in after)]
    return ", ".join(dict.fromkeys(gone))


def with_base_forms(state: SummaryState) -> SummaryState:
    """``state`` with the items the latest merge touched carrying their names' dictionary forms."""
    return replace(
        state,
        items=tuple(
            replace(i, aka=", ".join(base_forms(read(i.text)))) if i.touched == state.version else i
            for i in state.items
        ),
    )


def _dedupe(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))


def _eviction_order(items: Sequence[Item]) -> list[Item]:
    """The order items leave in: resolved first, then by priority, then by how often the
    summary comes back to what they name (the most-named thing an item names, counted in
    items: a one-off mention leaves before the conversation's recurring subject), then least
    recently touched, then oldest."""
    names = {i.id: {v.key for v in read(i.text).values if v.kind == "name"} for i in items}
    count: dict[str, int] = {}
    for keys in names.values():
        for k in keys:
            count[k] = count.get(k, 0) + 1
    return sorted(
        items,
        key=lambda i: (not i.resolved, i.priority, max((count[k] for k in names[i.id]), default=0), i.touched, i.seq),
    )


def _condensed(text: str) -> str | None:
    """``text`` cut at a clause boundary near :data:`CONDENSE_CHARS` (a prefix, so still
    grounded), or None when it is short already."""
    if len(text) <= CONDENSE_CHARS:
        return None
    cut = text[:CONDENSE_CHARS]
    at = max((cut.rfind(sep) for sep in ("; ", " — ", ", ", " ")), default=-1)
    return (cut[:at].rstrip(",;— ") if at >= CONDENSE_CHARS // 2 else cut) + "…"


def enforce_cap(
    state: SummaryState,
    *,
    cap: int = DEFAULT_CAP_TOKENS,
    counter: TokenCounter | None = None,
    on_evict: EvictHook | None = None,
    max_words: int = MAX_WORDS,
) -> MergeResult:
    """Fit the rendered summary into ``cap`` tokens and ``max_words`` words: first cut long
    items of priority ≤ 2 to a clause, then drop items in :func:`_eviction_order`. ``on_evict``
    sees every item that leaves and the original of every condensed one."""
    counter = counter or default_counter()
    keep = list(state.items)
    leaving: list[Item] = []

    def over(items: list[Item]) -> bool:
        text = render_summary(replace(state, items=tuple(items)))
        return counter.count(text) > cap or word_count(text) > max_words

    if over(keep):
        for item in _eviction_order(keep):
            short = _condensed(item.text) if item.priority <= CONDENSE_MAX_PRIORITY else None
            if short is not None:
                leaving.append(item)  # its details leave the summary: hand them on as well
                keep[keep.index(item)] = replace(item, text=short)
                if not over(keep):
                    break
    ranked = _eviction_order(keep)
    while keep and over(keep):
        victim = ranked.pop(0)
        keep.remove(victim)
        leaving.append(victim)
    if leaving and on_evict is not None:
        on_evict(tuple(leaving))
    return MergeResult(replace(state, items=tuple(keep)), (), tuple(leaving))
