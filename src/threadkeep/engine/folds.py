"""Folding a conversation's window into its summary: read, summarise, commit.

Apart from :mod:`threadkeep.engine.background` (which queues and runs the fold jobs) because
the fold itself is one job of its own, also called directly (``Memory.fold_once``, imports,
benchmarks). A fold reads (:meth:`Folds.prepare_fold`), summarises outside any transaction
(:func:`threadkeep.memory.summary.folding.afold_summary`), then commits the new summary
version with a compare-and-swap on the cursor (:meth:`Folds.commit_fold`), promoting facts
from the items it evicts (:meth:`Folds.promote`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from threadkeep.cache.log import record_memory_call
from threadkeep.config import Settings
from threadkeep.context.budget import MemoCounter
from threadkeep.engine.window import summary_state
from threadkeep.errors import ProviderError
from threadkeep.llm.base import ChatModel
from threadkeep.memory.facts.candidate import SLOTS
from threadkeep.memory.pasted import fold_message
from threadkeep.memory.summary.items import (
    Item,
    SourceMessage,
    SummaryState,
    render_summary,
    summary_to_json,
)
from threadkeep.memory.summary.policy import FoldPolicy, FoldRange, fold_range
from threadkeep.store import repo, turns
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.fact_changes import apply_candidates
from threadkeep.store.models import Conversation
from threadkeep.store.vault import Vault

if TYPE_CHECKING:  # the summarisers load on a fold's first use
    from threadkeep.memory.summary.folding import AsyncSummariser, FoldResult, Summariser

__all__ = ["Folds", "FoldInput"]

log = logging.getLogger("threadkeep.engine")


@dataclass(frozen=True, slots=True)
class FoldInput:
    """What one bounded fold reads: the range, the summary it builds on, the messages."""

    user_id: str
    cursor: int
    version: int
    span: FoldRange
    state: SummaryState
    messages: tuple[SourceMessage, ...]
    started_at: datetime = field(default_factory=utcnow)


class Folds:
    """The bounded folds of one deployment's conversations."""

    def __init__(
        self,
        db: Database,
        vault: Vault,
        settings: Settings,
        *,
        fold_model: ChatModel | None,
        counter: MemoCounter,
        policy: FoldPolicy,
    ) -> None:
        self.db = db
        self.vault = vault
        self.settings = settings
        self.fold_model = fold_model
        self.counter = counter
        self.policy = policy

    def summariser(self) -> Summariser | AsyncSummariser:
        """The model summariser when a fold model is configured, else the extractive one."""
        # Imported here: a turn runs no language work (tests/test_turn_language.py).
        from threadkeep.memory.summary.extractive import (
            ExtractiveSummariser,  # lazy: start-up (tests/test_serve_startup.py)
        )

        if self.fold_model is not None:
            from threadkeep.memory.summary.model import (
                ModelSummariser,  # lazy: start-up (tests/test_serve_startup.py)
            )

            return ModelSummariser(self.fold_model)
        return ExtractiveSummariser()

    def prepare_fold(self, conversation_id: str, policy: FoldPolicy | None = None) -> FoldInput | None:
        """What the next bounded fold of the conversation reads; None when none is due."""
        policy = policy or self.policy
        with self.db.session() as s:
            conv = s.get(Conversation, conversation_id)
            if conv is None:
                return None  # deleted since the job was queued
            span = fold_range(conv.message_count, conv.summary_cursor, policy)
            if span is None:
                return None
            msgs = repo.read_messages(s, self.vault, conv=conv, after_seq=span.first - 1, limit=span.count)
            # An offline answer only quotes memory: folding it would make quotes into memory.
            kept = [m for m in msgs if m.status not in ("failed", "tools") and not m.offline]

            folded = [fold_message(m.id, m.role, m.text, m.created_at) for m in kept]
            return FoldInput(
                conv.user_id,
                conv.summary_cursor,
                conv.summary_version,
                span,
                summary_state(s, self.vault, conv),
                tuple(folded),
            )

    def commit_fold(self, conversation_id: str, prep: FoldInput, result: FoldResult) -> bool:
        """Advance the cursor and store the new summary version in one transaction, with the
        fold model's call (its cost, and why it fell back) when one was asked.

        The update only applies if nobody folded in between (compare-and-swap on cursor and
        version), so concurrent folds of one conversation cannot fold a message twice.
        """

        def run(s: Session) -> bool:
            if not turns.advance_fold(
                s, conversation_id=conversation_id, cursor=prep.cursor, version=prep.version, new_cursor=prep.span.last
            ):
                return False
            turns.add_summary_version(
                s,
                self.vault,
                conversation_id=conversation_id,
                user_id=prep.user_id,
                version=prep.version + 1,
                cursor=prep.span.last,
                method=result.method,
                state_json=summary_to_json(result.state),
                tokens=self.counter.count(render_summary(result.state)),
            )
            if result.model is not None and self.fold_model is not None:
                record_memory_call(
                    s,
                    user_id=prep.user_id,
                    conversation_id=conversation_id,
                    kind="fold",
                    model=result.model,
                    capabilities=self.fold_model.capabilities,
                    method=result.method,
                    fallback=result.fallback,
                    usage=result.usage,
                    started_at=prep.started_at,
                )
            self.promote(s, prep.user_id, result.evicted)
            return True

        return self.db.write(run)

    async def fold_once(self, conversation_id: str, policy: FoldPolicy | None = None, *, last_try: bool = True) -> bool:
        """One bounded fold if one is due (under ``policy``, default the configured one);
        returns whether the cursor moved.

        The fold model's unusable answers fall back inside the summariser. A provider failure
        (timeout, outage) leaves the cursor where it was and raises, so the job tries again
        later — unless this is the ``last_try``: then the extractive summariser folds, and the
        failure is recorded as the reason.
        """
        prep = await asyncio.to_thread(self.prepare_fold, conversation_id, policy or self.policy)
        if prep is None:
            return False
        # lazy: start-up (tests/test_serve_startup.py)
        from threadkeep.memory.summary.extractive import (
            ExtractiveSummariser,  # fold time (see summariser)
        )
        from threadkeep.memory.summary.folding import (
            afold_summary,  # lazy: start-up (tests/test_serve_startup.py)
        )

        fold = partial(
            afold_summary, prep.state, prep.messages, cap=self.settings.summary_cap_tokens, counter=self.counter
        )
        try:
            result = await fold(summariser=self.summariser())
        except ProviderError as e:
            if not last_try or self.fold_model is None:
                raise
            log.warning("fold of %s fell back to the extractive summariser: %s", conversation_id, e)
            result = replace(
                await fold(summariser=ExtractiveSummariser()),
                model=self.fold_model.name,
                fallback=f"provider error: {type(e).__name__}",
                usage=getattr(e, "usage", None),
            )
        if result.fallback:
            log.info("fold of %s used the extractive summariser: %s", conversation_id, result.fallback)
        return await asyncio.to_thread(self.commit_fold, conversation_id, prep, result)

    def promote(self, s: Session, user_id: str, items: Sequence[Item]) -> int:
        """Fact candidates in summary items that leave: stored as facts before they are gone.

        Only items that came from something the person said are mined (never the assistant's).
        """
        sources = {i for item in items for i in item.source_ids}
        if not sources:
            return 0
        from threadkeep.memory.facts.extract import (
            extract_facts,  # lazy: start-up (tests/test_serve_startup.py)
        )

        said_by_person = turns.said_by_person(s, user_id=user_id, message_ids=sources)
        promoted = 0
        for item in items:
            mine = [i for i in item.source_ids if i in said_by_person]
            candidates = extract_facts(item.text) if mine else []
            if candidates:
                apply_candidates(
                    s,
                    self.vault,
                    user_id=user_id,
                    candidates=candidates,
                    message_id=mine[0],
                    slots=SLOTS,
                    method="summary",
                )
                promoted += len(candidates)
        return promoted
