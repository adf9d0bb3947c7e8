"""A turn's model request, built from what the turn read: pure, no database and no writes.

The turn (:mod:`threadkeep.engine.turn`) reads the window and retrieval
(:mod:`threadkeep.engine.window`), then builds in two steps around its one write:
:meth:`TurnBuilder.draft` and :meth:`TurnBuilder.plan_note` decide what the request holds and
what recall note the turn leaves; the turn seals that note (and records a summary adoption);
:meth:`TurnBuilder.finish` assembles the request (through the pure assembler) with the note
as stored. The token ceiling and the tool round's share of it are
:func:`threadkeep.context.budget.ceiling_for` and :func:`~threadkeep.context.budget.tool_reserve`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from threadkeep.cache.adoption import history_ttl
from threadkeep.cache.plan import plan_breakpoints
from threadkeep.config import Settings
from threadkeep.context.assemble import Assembly, TurnInputs, assemble, startup_block, summary_block
from threadkeep.context.budget import MemoCounter, ceiling_for, tool_reserve
from threadkeep.context.compaction import Compactor
from threadkeep.engine.window import RECALL_LABELS, Retrieved, TurnWindow, note_entry
from threadkeep.llm.base import Capabilities
from threadkeep.memory.pasted import DOCUMENT_CHARS
from threadkeep.memory.summary.items import render_summary
from threadkeep.messages import ModelRequest, ToolSpec
from threadkeep.tokens import counter_for

if TYPE_CHECKING:  # recall and the profile load on the first turn
    from threadkeep.memory.profile import ProfileRecord
    from threadkeep.memory.recall.notes import StoredNote
    from threadkeep.memory.recall.ranking import RecalledBlock
    from threadkeep.memory.recall.vectors import NewMessageVector

__all__ = ["TurnBuilder", "BuiltTurn", "Draft", "NotePlan"]

# Room kept beside retrieval for the clock line, the context tags and count drift.
_RETRIEVAL_MARGIN = 48


@dataclass(frozen=True, slots=True)
class BuiltTurn:
    """A turn's request, its report, and the new message's one embedding (None without
    embeddings): the engine stores that with the answer, so it is never computed twice."""

    request: ModelRequest
    report: dict[str, Any]
    vector: NewMessageVector | None = None
    # This conversation's messages after this seq are in the request verbatim (the summary
    # cursor, or the last message compacted): what a memory search leaves out.
    recall_after: int = 0


@dataclass(frozen=True, slots=True)
class Draft:
    """A request before retrieval: its inputs, the tool reserve, and where recall may look
    (``recall_after``: the seq after which this conversation's messages are verbatim)."""

    window: TurnWindow
    inputs: TurnInputs
    reserve: int
    recall_after: int | None


@dataclass(frozen=True, slots=True)
class NotePlan:
    """The recall note a turn leaves (sealed by the turn): its text ("" when the turn only
    showed material in its context), the hit keys it carries, and those it showed only."""

    text: str
    sources: tuple[str, ...]
    tokens: int
    shown: tuple[str, ...]
    per_turn: tuple[RecalledBlock, ...]


class TurnBuilder:
    """Builds requests for one model under one deployment's settings."""

    def __init__(self, settings: Settings, *, capabilities: Capabilities) -> None:
        self.settings = settings
        self.capabilities = capabilities
        self.counter = MemoCounter(counter_for(capabilities.tokenizer))
        # One memo for the process: the same compacted range gives the same bytes every turn.
        self.compactor = Compactor(counter=self.counter)

    # -- the frozen prefix ---------------------------------------------------------------
    def freeze_prefix(self, profile: ProfileRecord | None, channel: str) -> tuple[str, str]:
        """System prompt and start-up bundle for a new conversation, fixed for its lifetime."""
        started = datetime.now(UTC).strftime("%Y-%m-%d")
        lines = [f"Conversation started on {started} (UTC), channel: {channel}."]
        if profile is not None and profile.text:
            lines.append(f"About the person (profile as of {profile.built_at:%Y-%m-%d}): {profile.text}")
        return self.settings.system_prompt, "\n".join(lines)

    # -- the budget ----------------------------------------------------------------------
    @property
    def ceiling(self) -> int:
        """Tokens a request may use (:func:`~threadkeep.context.budget.ceiling_for`)."""
        window = self.settings.context_window or self.capabilities.context_window
        return ceiling_for(window, self.settings.answer_reserve)

    def tool_reserve(self, offered: bool) -> int:
        """Tokens held back from assembly for a tool round's calls and results (when offered)."""
        return tool_reserve(self.ceiling, offered)

    def retrieval_room(self, window: TurnWindow) -> int:
        """Tokens facts and recalled messages may take: what the request leaves free once the
        prefix, the history and the new message are in (at least a quarter of the ceiling,
        which the assembler keeps for retrieval against older history)."""
        tc = self.counter
        ceiling = self.ceiling
        used = tc.count(window.system) + tc.message(window.new_message) + _RETRIEVAL_MARGIN
        used += sum(
            tc.message(block)
            for block in (startup_block(window.startup), summary_block(render_summary(window.state)))
            if block
        )
        used += sum(tc.message(m[2]) for m in window.history)
        return max(200, ceiling // 4, ceiling - used)

    # -- one request ---------------------------------------------------------------------
    def _assembly(self, reserve: int, conversation_id: str) -> Any:
        return partial(
            assemble,
            ceiling=self.ceiling - reserve,
            counter=self.counter,
            compactor=self.compactor,
            max_tokens=self.settings.max_answer_tokens,
            cache_key=conversation_id,
        )

    def draft(
        self, window: TurnWindow, *, tools: tuple[ToolSpec, ...] = (), context: str | None = None, offered: bool = False
    ) -> Draft:
        """The request's inputs before retrieval. ``offered``: a tool round may follow (the
        engine may search even for a model without tool use)."""
        # One-turn context rides with the new message, inside a tag the facts layer never
        # mines; only the message itself is stored.
        new_message = f"<context>\n{context}\n</context>\n\n{window.new_message}" if context else window.new_message
        bare = TurnInputs(
            tools=tools,
            system=window.system,
            new_message=new_message,
            startup=window.startup,
            summary=render_summary(window.state),
            history=window.history,
            now=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        )
        reserve = self.tool_reserve(offered or bool(tools))
        # Messages of this window that even a request without retrieval compacts (a long
        # paste two turns back) are not shown verbatim: recall may bring back their passages.
        probe = self._assembly(reserve, window.conversation_id)(bare) if window.history else None
        compacted = probe.report.compaction.messages if probe and probe.report.compaction else 0
        return Draft(window, bare, reserve, window.seqs[compacted - 1] if compacted else None)

    def plan_note(self, draft: Draft, found: Retrieved, message_id: str) -> NotePlan | None:
        """The recall note this turn leaves, or None (no recall, notes off, or a retried turn
        that keeps the note it stored).

        Recalled material no note of the window carries: what an earlier turn already showed
        (or all of it, with recall_note_after 1) becomes this turn's recall note — a history
        message before the new one, inside the cached prefix from now on; material recalled
        for the first time rides in the per-turn context, and is remembered as shown."""
        stored = any(n.message_id == message_id for n in draft.window.notes)
        if not found.recalled or stored or not self.settings.recall_notes:
            return None
        from threadkeep.memory.recall.notes import (  # lazy: start-up (tests/test_serve_startup.py)
            hit_key,
            render_note,
            split_recurring,
        )
        from threadkeep.memory.recall.ranking import (
            render_recalled,  # lazy: start-up (tests/test_serve_startup.py)
        )

        hits = sorted((h for b in found.recalled for h in b.hits), key=lambda h: -h.score)
        again, first = split_recurring(hits, draft.window.notes) if self.settings.recall_note_after > 1 else (hits, [])
        blocks = render_recalled(again, RECALL_LABELS)
        per_turn = tuple(render_recalled(first, RECALL_LABELS))
        text = render_note([b.text for b in blocks]) if blocks else ""
        return NotePlan(
            text,
            tuple(hit_key(h) for b in blocks for h in b.hits),
            self.counter.count(text) if text else 0,
            tuple(hit_key(h) for b in per_turn for h in b.hits),
            per_turn,
        )

    def finish(self, draft: Draft, found: Retrieved, plan: NotePlan | None, note: StoredNote | None) -> BuiltTurn:
        """The request and its report, with ``note`` (this turn's recall note as stored)."""
        window, bare = draft.window, draft.inputs
        per_turn: tuple[RecalledBlock, ...] = plan.per_turn if plan is not None else found.recalled
        if note is not None and note.text:
            bare = replace(bare, history=(*bare.history, note_entry(note)))
        # Nothing here reads the person's words: what a change superseded was decided and
        # stored when the fold or the extraction ran (summary items, fact versions).
        inputs = replace(bare, facts=tuple(h.text for h in found.facts), recalled=tuple(b.text for b in per_turn))
        built: Assembly = self._assembly(draft.reserve, window.conversation_id)(inputs)
        request = self.plan(built.request, window)
        report = built.report.to_dict()
        report["breakpoints"] = [
            {"segment": request.segments[b.segment].name, "ttl_seconds": b.ttl_seconds}
            for b in request.breakpoints
            if b.segment < len(request.segments)
        ]
        from threadkeep.memory.recall.notes import (
            hit_key,  # lazy: start-up (tests/test_serve_startup.py)
        )

        report["summary_cursor"] = window.cursor
        report["tool_reserve"] = draft.reserve
        report["summary_adopted"] = window.adopted
        report["summary_items"] = len(window.state.items)
        report["facts"] = [
            {"fact_id": h.fact.id, "sources": list(h.sources)} for h in found.facts[: built.report.facts_used]
        ]
        shown = [
            *(
                b
                for b in found.recalled
                if note is not None and note.text and any(hit_key(h) in note.sources for h in b.hits)
            ),
            *per_turn[: built.report.recalled_used],
        ]
        if self.capabilities.quotes_memory:  # the offline model names each quote's true source
            request = replace(
                request, metadata={**request.metadata, "quote_sources": quote_sources(shown, window.conversation_id)}
            )
        report["recall"] = [
            {
                "conversation_id": c,
                "message_id": mid,
                "seq": seq,
                "date": at.isoformat(),
                "this_conversation": c == window.conversation_id,
            }
            for block in shown
            for (c, mid, seq, at) in (h.source for h in block.hits)
        ]
        report["recall_note"] = {
            "fired": found.fired,
            "note_id": note.id if note is not None and note.text else None,
            "noted": len(note.sources) if note is not None and note.text else 0,
            "first_shown": sum(len(b.hits) for b in per_turn),
            "repeated": found.repeated,
            "notes_in_window": sum(1 for n in window.notes if n.text) + bool(note is not None and note.text),
            "relevance": found.relevance.to_dict() if found.relevance is not None else None,
        }
        report["trace"] = {}
        after = window.cursor if draft.recall_after is None else draft.recall_after
        return BuiltTurn(request, report, found.vector, after)

    def ping(self, window: TurnWindow, tools: tuple[ToolSpec, ...]) -> ModelRequest:
        """The request the next real turn would send, up to its cache breakpoints.

        Built by the same assembly and planning as a turn, with a placeholder after the last
        breakpoint (the keep-warm scheduler trims it and checks the fingerprints).
        """
        inputs = TurnInputs(
            tools=tools,
            system=window.system,
            new_message=".",
            startup=window.startup,
            summary=render_summary(window.state),
            history=window.history,
        )
        built = self._assembly(self.tool_reserve(bool(tools)), window.conversation_id)(inputs)
        return self.plan(built.request, window)

    def plan(self, request: ModelRequest, window: TurnWindow) -> ModelRequest:
        """The request with its cache breakpoints placed."""
        ttl = history_ttl(
            self.settings.cache_history_ttl, self.capabilities, keep_warm=window.keep_warm, rebuilding=window.rebuilding
        )
        return plan_breakpoints(request, self.capabilities, self.counter, history_ttl=ttl)


def quote_sources(blocks: Sequence[RecalledBlock], conversation_id: str) -> dict[str, tuple[str, str, bool, bool]]:
    """Where each recalled line came from, for a model that quotes memory: its text to (date,
    role, from this conversation, from a pasted document)."""
    return {
        h.text: (
            f"{h.item.created_at:%Y-%m-%d}",
            h.item.role,
            h.item.conversation_id == conversation_id,
            h.item.chunk > 0 or len(h.item.text) > DOCUMENT_CHARS // 2,
        )
        for block in blocks
        for h in block.hits
    }
