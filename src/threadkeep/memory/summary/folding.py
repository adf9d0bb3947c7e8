"""Folding policy: which messages leave the verbatim history, and how the summary absorbs them.

Messages are numbered ``1..n``; the cursor ``c`` says messages ``≤ c`` are in the summary.
When ``n − c`` exceeds the threshold, messages ``c+1 .. n−tail`` are folded (ARCHITECTURE §5).
Everything here is pure: storage, transactions and retries belong to the engine.

Cost per fold is bounded by a constant: the summariser reads the old summary (at most ``cap``
tokens, 400 by default) and at most ``max_batch`` messages (default ``threshold − tail + 1``,
i.e. 15), each clipped to :data:`~threadkeep.memory.summary.extractive.LONG_MESSAGE_CHARS` characters
for the model prompt — never the whole conversation. A backlog (after failed folds) is worked
off in several bounded folds rather than one large one.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from threadkeep.context.assemble import MIN_VERBATIM
from threadkeep.errors import ConfigError
from threadkeep.memory.summary.items import (
    DEFAULT_CAP_TOKENS,
    EvictHook,
    Item,
    Op,
    SourceMessage,
    SummaryState,
    apply_ops,
    enforce_cap,
)
from threadkeep.memory.summary.pasted import fold_message, is_document
from threadkeep.tokens import TokenCounter

__all__ = [
    "DEFAULT_THRESHOLD",
    "DEFAULT_TAIL",
    "MIN_TAIL",
    "FoldPolicy",
    "FoldRange",
    "fold_range",
    "Summariser",
    "AsyncSummariser",
    "FoldResult",
    "fold_summary",
    "afold_summary",
    "fold_message",
]

DEFAULT_THRESHOLD = 30
DEFAULT_TAIL = 16
# The last 12 messages are always verbatim, whatever the configuration says: the same floor
# the assembler keeps (one rule, stated once in context/assemble.py).
MIN_TAIL = MIN_VERBATIM


@dataclass(frozen=True, slots=True)
class FoldPolicy:
    """Threshold, tail and the largest batch one fold may take."""

    threshold: int = DEFAULT_THRESHOLD
    tail: int = DEFAULT_TAIL
    max_batch: int | None = None

    def __post_init__(self) -> None:
        if self.tail < MIN_TAIL:
            raise ConfigError(f"fold tail is {self.tail}; it must be at least {MIN_TAIL} "
                              "(the last 12 messages are always verbatim)")
        if self.threshold <= self.tail:
            raise ConfigError(f"fold threshold ({self.threshold}) must be larger than the tail "
                              f"({self.tail}); e.g. threshold 30, tail 16")
        if self.max_batch is not None and self.max_batch < 1:
            raise ConfigError("fold max_batch must be at least 1")

    @property
    def batch(self) -> int:
        """Messages per fold at most: by default what one regular fold takes."""
        return self.max_batch if self.max_batch is not None else self.threshold - self.tail + 1


@dataclass(frozen=True, slots=True)
class FoldRange:
    """Messages ``first..last`` (1-based, inclusive) to fold; the cursor becomes ``last``."""

    first: int
    last: int

    @property
    def count(self) -> int:
        return self.last - self.first + 1


def fold_range(n: int, cursor: int, policy: FoldPolicy | None = None) -> FoldRange | None:
    """The range to fold now, or ``None``.

    Folds when ``n − cursor > threshold``; takes ``cursor+1 .. n−tail``, capped at
    ``policy.batch`` messages so one fold's input stays bounded (call again for a backlog).
    """
    policy = policy or FoldPolicy()
    if cursor < 0 or cursor > n:
        raise ValueError(f"cursor {cursor} outside 0..{n}")
    if n - cursor <= policy.threshold:
        return None
    last = min(n - policy.tail, cursor + policy.batch)
    if last <= cursor:
        return None
    return FoldRange(cursor + 1, last)


@runtime_checkable
class Summariser(Protocol):
    """Proposes summary operations for newly folded messages; never writes the summary."""

    name: str

    def propose(self, state: SummaryState, messages: Sequence[SourceMessage]) -> Sequence[Op]: ...


@runtime_checkable
class AsyncSummariser(Protocol):
    """A summariser that needs I/O (a model call)."""

    name: str

    async def apropose(
        self, state: SummaryState, messages: Sequence[SourceMessage]
    ) -> Sequence[Op]: ...


@dataclass(frozen=True, slots=True)
class FoldResult:
    """The new summary, what was refused and what left (already handed to ``on_evict``)."""

    state: SummaryState
    rejected: tuple[tuple[Op, str], ...]
    evicted: tuple[Item, ...]
    summariser: str


def _merge(
    old: SummaryState,
    ops: Sequence[Op],
    messages: Sequence[SourceMessage],
    *,
    cap: int,
    counter: TokenCounter | None,
    on_evict: EvictHook | None,
    name: str,
) -> FoldResult:
    from threadkeep.memory.summary.work import rank_work  # the sentence readers: on first fold

    sources = {str(m[0]): m[2] for m in messages}
    merged = apply_ops(old, ops, sources, on_evict=on_evict)
    # Small talk is told from the work over the whole summary, then leaves first under the cap.
    capped = enforce_cap(rank_work(merged.state), cap=cap, counter=counter, on_evict=on_evict)
    return FoldResult(capped.state, merged.rejected, merged.evicted + capped.evicted, name)


def _marked(messages: Sequence[SourceMessage]) -> tuple[SourceMessage, ...]:
    """Documents given without their header (callers that did not use :func:`fold_message`)
    get it here, so the summariser and the grounding check read the same text."""
    return tuple(fold_message(str(m[0]), m[1], m[2]) if is_document(m[2]) else m for m in messages)


def fold_summary(
    old_state: SummaryState,
    new_messages: Sequence[SourceMessage],
    *,
    summariser: Summariser,
    cap: int = DEFAULT_CAP_TOKENS,
    counter: TokenCounter | None = None,
    on_evict: EvictHook | None = None,
) -> FoldResult:
    """New summary = merge(old summary, summariser's ops for ``new_messages``), then the cap.

    ``new_messages`` are ``(id, role, text)`` values of the folded range only, best made by
    :func:`fold_message` (resolved dates written in, documents marked with their paste date). Items leaving
    the summary (removed by an op or squeezed out by the cap) go through ``on_evict`` first.
    """
    new_messages = _marked(new_messages)
    ops = list(summariser.propose(old_state, new_messages))
    return _merge(old_state, ops, new_messages, cap=cap, counter=counter, on_evict=on_evict,
                  name=summariser.name)


async def afold_summary(
    old_state: SummaryState,
    new_messages: Sequence[SourceMessage],
    *,
    summariser: Summariser | AsyncSummariser,
    cap: int = DEFAULT_CAP_TOKENS,
    counter: TokenCounter | None = None,
    on_evict: EvictHook | None = None,
) -> FoldResult:
    """:func:`fold_summary` for summarisers that call a model (``apropose``)."""
    new_messages = _marked(new_messages)
    apropose = getattr(summariser, "apropose", None)
    if apropose is not None and inspect.iscoroutinefunction(apropose):
        ops = list(await apropose(old_state, new_messages))
    else:
        ops = list(summariser.propose(old_state, new_messages))  # type: ignore[union-attr]
    return _merge(old_state, ops, new_messages, cap=cap, counter=counter, on_evict=on_evict,
                  name=summariser.name)
