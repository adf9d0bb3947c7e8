"""How the summary changes: operations merged into it, and the cap it is kept under.

:func:`apply_ops` merges a summariser's operations; items that no operation touches are carried
over unchanged, so earlier content survives by construction, not by prompt wording
(ARCHITECTURE §5). An added or updated item whose names, numbers or dates do not occur in the
messages it cites is refused (:func:`~threadkeep.memory.summary.grounding.is_grounded`). An
update that changes a value stores what it replaced (``was``: the old values the new text no
longer states; ``since``: the day), and every item touched gets its names' dictionary forms
(``aka``) — decided here, at fold time, never per turn. :func:`enforce_cap` keeps the summary
within its tokens and words, low priority first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from threadkeep.memory.summary.grounding import is_grounded
from threadkeep.memory.summary.items import (
    DEFAULT_CAP_TOKENS,
    DEFAULT_PRIORITY,
    FIELDS,
    MAX_WORDS,
    AddItem,
    FieldName,
    Item,
    Op,
    ResolveQuestion,
    SummaryState,
    UpdateItem,
    _header,
    _line,
    render_summary,
    word_count,
)
from threadkeep.memory.summary.text import base_forms, read, same_value
from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["MergeResult", "EvictHook", "apply_ops", "enforce_cap", "with_base_forms", "replaced_values"]

EvictHook = Callable[[Sequence[Item]], None]


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
            was = replaced_values(target.text, op.text)
            kept = op.text == target.text  # a restatement keeps what the item said it replaced
            items[target.id] = replace(
                target, text=op.text, source_ids=_dedupe(target.source_ids + op.source_ids),
                priority=target.priority if op.priority is None else _clamp(op.priority, target.field),
                touched=tick, resolved=False, key=target.key if op.key is None else op.key,
                was=was or (target.was if kept else ""), since=op.since if was else target.since,
                now=replaced_values(op.text, target.text) if was else (target.now if kept else ""),
                was_sources=target.source_ids if was else (target.was_sources if kept else ()),
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


def with_base_forms(state: SummaryState) -> SummaryState:
    """``state`` with each item's names in their dictionary form beside it (``aka``), for the
    items touched by the latest merge: worked out at fold time, never per turn."""
    changed = [replace(i, aka=", ".join(base_forms(read(i.text)))) if i.touched == state.version else i
               for i in state.items]
    return replace(state, items=tuple(changed))


def replaced_values(old: str, new: str) -> str:
    """The values ``old`` states that ``new`` does not, of a kind ``new`` states a value of
    ("9 February" when a deadline moved to 20 February): what an update superseded."""
    before, after = read(old).values, read(new).values
    kinds = {v.kind for v in after}
    gone = [v.text for v in before if v.kind in kinds and not any(same_value(v, w) for w in after)]
    return ", ".join(dict.fromkeys(gone))


def _dedupe(ids: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for s in ids:
        seen.setdefault(s, None)
    return tuple(seen)


# ---- the cap ----------------------------------------------------------------------------------


def _recurring(items: Sequence[Item]) -> set[str]:
    """Ids of the items that name something another item names too: what the conversation
    keeps coming back to (a project, a client) rather than a one-off mention."""
    names = {i.id: {v.key for v in read(i.text).values if v.kind == "name"} for i in items}
    seen: dict[str, int] = {}
    for keys in names.values():
        for key in keys:
            seen[key] = seen.get(key, 0) + 1
    return {i for i, keys in names.items() if any(seen[k] > 1 for k in keys)}


def _eviction_order(items: Sequence[Item]) -> list[Item]:
    """Items in the order they leave: resolved first, then by priority, then those that name
    nothing another item names, then least recently touched, then oldest."""
    again = _recurring(items)
    return sorted(items, key=lambda i: (0 if i.resolved else 1, i.priority, i.id in again,
                                        i.touched * 1_000_000 + i.seq))


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
) -> MergeResult:
    """Fit the rendered summary into ``cap`` tokens and ``max_words`` words: condense, then
    drop, low priority first.

    First, long items of priority ≤ 2 are cut to a clause (a prefix, so still grounded). Then
    items leave in this order: resolved questions, then by priority, least recently touched
    first. ``on_evict`` sees every item that leaves, and the original of every condensed one,
    before the new state is returned.
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
        for item in _eviction_order(keep):
            short = _condensed(item.text) if item.priority <= CONDENSE_MAX_PRIORITY else None
            if short is None:
                continue
            leaving.append(item)  # its details leave the summary: hand them on as well
            new = replace(item, text=short)
            keep[keep.index(item)] = new
            line_cost[new.id] = counter.count(_line(new)) + 1
            if estimate(keep) <= cap:
                break
    ranked = _eviction_order(keep)
    # The estimate sums per-line counts and runs over the real rendering by a few tokens: the
    # evictions count the rendering itself, so nothing leaves that would have fitted.
    candidate = replace(state, items=tuple(keep))
    while keep and (counter.count(render_summary(candidate)) > cap
                    or word_count(render_summary(candidate)) > max_words):
        victim = ranked.pop(0)
        keep.remove(victim)
        leaving.append(victim)
        candidate = replace(state, items=tuple(keep))
    if leaving and on_evict is not None:
        on_evict(tuple(leaving))
    return MergeResult(candidate, (), tuple(leaving))


