"""A fold: the summary absorbs the messages that leave the verbatim history.

New summary = merge(old summary, a summariser's operations for the folded messages), then the
cap (:mod:`threadkeep.memory.summary.merge`); when to fold is
:mod:`threadkeep.memory.summary.policy`. Pure: storage, transactions and retries belong to the
engine. A fold's cost is bounded: the summariser reads the old summary (at most ``cap`` tokens)
and one batch of messages (15 by default), a pasted document by its opening only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from threadkeep.llm.base import Usage
from threadkeep.memory.pasted import fold_message, is_document
from threadkeep.memory.summary.items import (
    DEFAULT_CAP_TOKENS,
    Item,
    Op,
    SourceMessage,
    SummaryState,
)
from threadkeep.memory.summary.merge import EvictHook, apply_ops, enforce_cap, with_base_forms
from threadkeep.tokens import TokenCounter

__all__ = ["Summariser", "AsyncSummariser", "Proposal", "FoldResult", "fold_summary", "afold_summary", "fold_message"]


@runtime_checkable
class Summariser(Protocol):
    """Proposes summary operations for newly folded messages; never writes the summary."""

    name: str

    def propose(self, state: SummaryState, messages: Sequence[SourceMessage]) -> Sequence[Op]: ...


@dataclass(frozen=True, slots=True)
class Proposal:
    """What a summariser that may call a model proposes: the operations, how they were made
    (``model`` or ``extractive``), why the model's were not used, and the model call."""

    ops: tuple[Op, ...]
    method: str
    fallback: str | None = None
    usage: Usage | None = None
    model: str | None = None


@runtime_checkable
class AsyncSummariser(Protocol):
    """A summariser that needs I/O (a model call)."""

    name: str

    async def apropose(self, state: SummaryState, messages: Sequence[SourceMessage]) -> Proposal: ...


@dataclass(frozen=True, slots=True)
class FoldResult:
    """The new summary, the operations refused, the items that left (already handed to
    ``on_evict``), how the operations were made and — when a model was asked but not used —
    why (``fallback``); ``usage``/``model``: the model call, for the memory's cost log."""

    state: SummaryState
    rejected: tuple[tuple[Op, str], ...]
    evicted: tuple[Item, ...]
    summariser: str
    method: str = "extractive"
    fallback: str | None = None
    usage: Usage | None = None
    model: str | None = None


def _merge(
    old: SummaryState,
    proposal: Proposal,
    messages: Sequence[SourceMessage],
    *,
    cap: int,
    counter: TokenCounter | None,
    on_evict: EvictHook | None,
    name: str,
) -> FoldResult:
    merged = apply_ops(old, proposal.ops, {m.id: m.text for m in messages}, on_evict=on_evict)
    capped = enforce_cap(with_base_forms(merged.state), cap=cap, counter=counter, on_evict=on_evict)
    return FoldResult(
        capped.state,
        merged.rejected,
        merged.evicted + capped.evicted,
        name,
        proposal.method,
        proposal.fallback,
        proposal.usage,
        proposal.model,
    )


def _marked(messages: Sequence[SourceMessage]) -> tuple[SourceMessage, ...]:
    """Documents given without their header get it, so the summariser and the grounding check
    read the same text (callers best use :func:`fold_message` already)."""
    return tuple(
        m._replace(text=fold_message(m.id, m.role, m.text).text) if is_document(m.text) else m for m in messages
    )


def fold_summary(
    old_state: SummaryState,
    new_messages: Sequence[SourceMessage],
    *,
    summariser: Summariser,
    cap: int = DEFAULT_CAP_TOKENS,
    counter: TokenCounter | None = None,
    on_evict: EvictHook | None = None,
) -> FoldResult:
    """Fold ``new_messages`` (the folded range only, best made by :func:`fold_message`) into
    ``old_state`` with a model-free ``summariser``. Items leaving the summary go through
    ``on_evict`` first."""
    messages = _marked(new_messages)
    proposal = Proposal(tuple(summariser.propose(old_state, messages)), "extractive")
    return _merge(old_state, proposal, messages, cap=cap, counter=counter, on_evict=on_evict, name=summariser.name)


async def afold_summary(
    old_state: SummaryState,
    new_messages: Sequence[SourceMessage],
    *,
    summariser: Summariser | AsyncSummariser,
    cap: int = DEFAULT_CAP_TOKENS,
    counter: TokenCounter | None = None,
    on_evict: EvictHook | None = None,
) -> FoldResult:
    """:func:`fold_summary` for any summariser; a provider failure the summariser does not
    handle propagates, and nothing is merged."""
    messages = _marked(new_messages)
    if isinstance(summariser, AsyncSummariser):
        proposal = await summariser.apropose(old_state, messages)
    else:
        proposal = Proposal(tuple(summariser.propose(old_state, messages)), "extractive")
    return _merge(old_state, proposal, messages, cap=cap, counter=counter, on_evict=on_evict, name=summariser.name)
