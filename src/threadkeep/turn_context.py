"""What the engine needs around one turn: the frozen prefix, the request, background jobs.

The engine owns the transaction boundaries of a turn; this module decides what goes into a
request (through the pure assembler) and what work a completed turn leaves behind (folds).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from threadkeep import jobs
from threadkeep.context.assemble import Assembly, TurnInputs, assemble
from threadkeep.context.budget import MemoCounter
from threadkeep.context.compaction import Compactor
from threadkeep.errors import NotFound
from threadkeep.memory.extractive import ExtractiveSummariser
from threadkeep.memory.folding import FoldPolicy, FoldRange, afold_summary, fold_range
from threadkeep.memory.summary import (
    SourceMessage,
    SummaryState,
    render_summary,
    summary_from_json,
    summary_to_json,
)
from threadkeep.store import repo
from threadkeep.store.models import Conversation, Message, SummaryVersion
from threadkeep.tokens import counter_for

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = ["TurnBuilder"]

log = logging.getLogger("threadkeep.turn")
# A fold job works off at most this many bounded folds before yielding to other jobs.
MAX_FOLDS_PER_JOB = 20


@dataclass(frozen=True, slots=True)
class _FoldInput:
    user_id: str
    cursor: int
    version: int
    span: FoldRange
    state: SummaryState
    messages: tuple[SourceMessage, ...]


def _provider_family(model_name: str) -> str:
    head = model_name.split(":", 1)[0].lower()
    if "anthropic" in head or "claude" in model_name.lower():
        return "anthropic"
    if head in ("openai", "gpt"):
        return "openai"
    return "local"


class TurnBuilder:
    def __init__(self, memory: Memory) -> None:
        self.m = memory
        self.counter = MemoCounter(counter_for(_provider_family(memory.model.name)))
        # One memo for the process: the same compacted range gives the same bytes every turn.
        self.compactor = Compactor(counter=self.counter)
        self.policy = FoldPolicy(threshold=memory.settings.fold_threshold, tail=memory.settings.fold_tail)

    # -- the frozen prefix ---------------------------------------------------------------
    def freeze_prefix(self, s: Session, user_id: str, channel: str) -> tuple[str, str]:
        """System prompt and start-up bundle for a new conversation, fixed for its lifetime."""
        started = datetime.now(UTC).strftime("%Y-%m-%d")
        startup = f"Conversation started on {started} (UTC), channel: {channel}."
        return self.m.settings.system_prompt, startup

    @property
    def ceiling(self) -> int:
        window = self.m.settings.context_window or self.m.model.capabilities.context_window
        return window - self.m.settings.answer_reserve

    def summary_state(self, s: Session, conv: Conversation) -> SummaryState:
        row = repo.latest_summary(s, conversation_id=conv.id)
        if row is None:
            return SummaryState()
        text = self.m.vault.open_text(s, conv.user_id, row.state_ct, table="summary_versions",
                                      column="state", row_id=row.id)
        return summary_from_json(text)

    # -- one request ---------------------------------------------------------------------
    def build(self, user_id: str, conversation_id: str, message_id: str) -> tuple[Any, dict[str, Any]]:
        """The request of the turn answering ``message_id``, and its report."""
        with self.m.db.session() as s:
            conv = s.get(Conversation, conversation_id)
            if conv is None or conv.user_id != user_id:
                raise NotFound(f"conversation {conversation_id} not found")
            vault = self.m.vault
            system = vault.open_text(s, user_id, conv.system_prompt_ct, table="conversations",
                                     column="system_prompt", row_id=conv.id)
            startup = vault.open_text(s, user_id, conv.startup_ct, table="conversations",
                                      column="startup", row_id=conv.id)
            state = self.summary_state(s, conv)
            window = repo.read_messages(s, vault, conv=conv, after_seq=conv.summary_cursor)
        current = next((m for m in window if m.id == message_id), None)
        if current is None:
            raise NotFound(f"message {message_id} not found in the verbatim window")
        history = tuple(SourceMessage(m.id, m.role, m.text) for m in window if m.seq < current.seq)
        inputs = TurnInputs(
            system=system,
            new_message=current.text,
            startup=startup,
            summary=render_summary(state),
            history=history,
            now=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        )
        built: Assembly = assemble(
            inputs, ceiling=self.ceiling, counter=self.counter, compactor=self.compactor,
            max_tokens=self.m.settings.max_answer_tokens, cache_key=conversation_id,
        )
        report = built.report.to_dict()
        report["summary_cursor"] = conv.summary_cursor
        report["summary_items"] = len(state.items)
        report["trace"] = {}
        return built.request, report

    # -- after the turn -----------------------------------------------------------------
    def after_turn(self, s: Session, conv: Conversation, user_msg: Message) -> None:
        """Queue the background work a completed turn leaves (inside the turn's transaction)."""
        if fold_range(conv.message_count, conv.summary_cursor, self.policy) is not None:
            jobs.enqueue(s, kind="fold", payload={"conversation_id": conv.id},
                         dedupe_key=f"fold:{conv.id}")

    def job_handlers(self) -> dict[str, jobs.Handler]:
        return {"fold": self._fold_job}

    # -- folding ------------------------------------------------------------------------
    def _summariser(self) -> Any:
        if self.m.fold_model is not None:
            from threadkeep.memory.fold_model import ModelSummariser

            return ModelSummariser(self.m.fold_model)
        return ExtractiveSummariser()

    def _prepare_fold(self, conversation_id: str) -> _FoldInput | None:
        with self.m.db.session() as s:
            conv = s.get(Conversation, conversation_id)
            if conv is None:
                return None  # deleted since the job was queued
            span = fold_range(conv.message_count, conv.summary_cursor, self.policy)
            if span is None:
                return None
            msgs = repo.read_messages(s, self.m.vault, conv=conv, after_seq=span.first - 1,
                                      limit=span.count)
            return _FoldInput(conv.user_id, conv.summary_cursor, conv.summary_version, span,
                              self.summary_state(s, conv),
                              tuple(SourceMessage(m.id, m.role, m.text) for m in msgs))

    def _commit_fold(self, conversation_id: str, prep: _FoldInput, state: SummaryState,
                     method: str) -> bool:
        """Advance the cursor and store the new summary version in one transaction.

        The update only applies if nobody folded in between (compare-and-swap on cursor and
        version), so concurrent folds of one conversation cannot fold a message twice.
        """
        def run(s: Session) -> bool:
            moved = s.execute(
                update(Conversation)
                .where(Conversation.id == conversation_id,
                       Conversation.summary_cursor == prep.cursor,
                       Conversation.summary_version == prep.version)
                .values(summary_cursor=prep.span.last, summary_version=prep.version + 1)
            ).rowcount
            if moved != 1:
                return False
            row = SummaryVersion(conversation_id=conversation_id, user_id=prep.user_id,
                                 version=prep.version + 1, cursor=prep.span.last, method=method,
                                 state_ct=b"", tokens=self.counter.count(render_summary(state)))
            s.add(row)
            s.flush()
            row.state_ct = self.m.vault.seal(s, prep.user_id, summary_to_json(state),
                                             table="summary_versions", column="state", row_id=row.id)
            return True

        return self.m.db.write(run)

    async def fold_once(self, conversation_id: str) -> bool:
        """One bounded fold if one is due; returns whether the cursor moved."""
        prep = await asyncio.to_thread(self._prepare_fold, conversation_id)
        if prep is None:
            return False
        summariser = self._summariser()
        result = await afold_summary(prep.state, prep.messages, summariser=summariser,
                                     cap=self.m.settings.summary_cap_tokens, counter=self.counter,
                                     on_evict=self.on_evict)
        method = "extractive" if getattr(summariser, "last_fallback", None) or summariser.name != "model" else "model"
        return await asyncio.to_thread(self._commit_fold, conversation_id, prep, result.state, method)

    def on_evict(self, items: Any) -> None:
        """Items leaving the summary; the facts layer takes fact candidates from here."""
        return None

    async def _fold_job(self, payload: dict[str, Any]) -> None:
        cid = str(payload["conversation_id"])
        for _ in range(MAX_FOLDS_PER_JOB):
            if not await self.fold_once(cid):
                return
