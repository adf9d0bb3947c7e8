"""``search_memory``: the chat model searching the person's own history (issue 41).

Offered beside ``search_knowledge`` when a model that uses tools answers and the person has
history outside the conversation (:func:`has_history`); it runs in the same one parallel
round (:meth:`threadkeep.engine.tools.TurnTools.run_all`). Every call is scoped to the person
whose turn it is — the scope comes from the turn, never from the model's arguments — and
searches what automatic recall searches (:func:`threadkeep.memory.recall.search.recall`)
except what the request already shows: this conversation's verbatim messages and the lines
recall brought in. Results are the person's own dated, speaker-named lines, under the same
relevance floor as automatic recall, sized to the room the round has under the one token
ceiling, and never stored: the trace keeps message ids and scores only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session, aliased

from threadkeep.config import Settings
from threadkeep.context.budget import MemoCounter
from threadkeep.engine.window import RECALL_LABELS
from threadkeep.memory.recall.tool import render_memory
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation
from threadkeep.store.vault import Vault

if TYPE_CHECKING:  # recall (numpy, the search indexes) loads on the first search
    from threadkeep.retrieval.embedding import Embedder

__all__ = ["MemoryScope", "MemoryFound", "MemorySearch", "has_history", "MEMORY_K"]

# Hits per search, as automatic recall takes; the token budget decides how many are shown.
MEMORY_K = 64


@dataclass(frozen=True, slots=True)
class MemoryScope:
    """Whose memory a turn's ``search_memory`` searches, and what the request already shows:
    ``conversation_id``'s messages after ``after_seq`` (verbatim: the summary cursor, or the
    last message compacted) and the ``shown`` ids."""

    user_id: str
    conversation_id: str
    after_seq: int = 0
    shown: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class MemoryFound:
    """One search's result text and the references the trace keeps."""

    text: str
    results: list[dict[str, Any]]


# Conversations known to have earlier history: the answer never turns false again, so a
# process asks the database once per conversation (bounded: cleared past this many).
_HAS_HISTORY: set[tuple[str, str]] = set()
_HAS_HISTORY_MAX = 100_000


def has_history(s: Session, user_id: str, conversation_id: str) -> bool:
    """Whether the person has history outside this conversation: another conversation with
    messages that began before this one. It only ever turns true in a conversation's life (a
    later conversation does not count), so the tools segment — the first thing a provider
    caches — does not change from turn to turn. A conversation's own folded messages do not
    count: offering the tool when the first fold is adopted would rewrite the cache from the
    tools on at every conversation's first fold, and what was folded stays in the summary and
    in automatic recall; the tool comes with the person's next conversation."""
    if (user_id, conversation_id) in _HAS_HISTORY:
        return True
    # One statement: this conversation's start is read inside it (a conversation of someone
    # else, or none, has no start, and nothing is earlier than nothing).
    this = aliased(Conversation)
    began = select(this.created_at).where(this.id == conversation_id, this.user_id == user_id).scalar_subquery()
    earlier = select(Conversation.id).where(
        Conversation.user_id == user_id,
        Conversation.id != conversation_id,
        Conversation.message_count > 0,
        Conversation.created_at <= began,
    )
    if not s.scalar(select(exists(earlier))):
        return False
    if len(_HAS_HISTORY) >= _HAS_HISTORY_MAX:
        _HAS_HISTORY.clear()
    _HAS_HISTORY.add((user_id, conversation_id))
    return True


class MemorySearch:
    """Runs ``search_memory`` calls for one deployment (blocking: the turn runs it in a
    worker thread)."""

    def __init__(
        self,
        db: Database,
        vault: Vault,
        settings: Settings,
        counter: MemoCounter,
        embedder: Callable[[], Embedder | None],
    ) -> None:
        self.db = db
        self.vault = vault
        self.settings = settings
        self.counter = counter
        self.embedder = embedder

    def search(self, query: str, scope: MemoryScope, budget: int) -> MemoryFound:
        """The person's earlier lines most relevant to ``query`` that fit ``budget`` tokens,
        rendered one dated block per earlier conversation; nothing under the relevance floor."""
        from threadkeep.memory.recall.floor import (  # lazy: start-up (tests/test_serve_startup.py)
            MIN_DENSE_MARGIN,
            MIN_LEXICAL,
            clears,
            relevance,
        )
        from threadkeep.memory.recall.ranking import (
            render_recalled,  # lazy: start-up (tests/test_serve_startup.py)
        )
        from threadkeep.memory.recall.search import (
            recall,  # lazy: start-up (tests/test_serve_startup.py)
        )

        budget = min(budget, self.settings.recall_tokens)
        if budget <= 0:
            return MemoryFound(render_memory(()), [])
        emb = self.embedder()
        # A block's lines are joined by the tool result's blank lines: 2 tokens a block.
        hits = recall(
            self.db,
            self.vault,
            user_id=scope.user_id,
            query=query,
            exclude_conversation_seq_gt=(scope.conversation_id, scope.after_seq),
            k=MEMORY_K,
            token_budget=budget,
            embedder=emb or False,
            counter=self.counter,
            item_overhead=2,
            labels=RECALL_LABELS,
            prefer_roles=("user",),
            skip=scope.shown,
        )
        s = self.settings
        floor_lex = MIN_LEXICAL if s.recall_min_lexical is None else s.recall_min_lexical
        floor_margin = MIN_DENSE_MARGIN if s.recall_min_dense_margin is None else s.recall_min_dense_margin
        if not hits or not clears(relevance(hits), min_lexical=floor_lex, min_dense_margin=floor_margin):
            return MemoryFound(render_memory(()), [])
        blocks = render_recalled(hits, RECALL_LABELS)
        results = [
            {"message_id": h.item.message_id, "conversation_id": h.item.conversation_id, "score": round(h.score, 6)}
            for b in blocks
            for h in b.hits
        ]
        return MemoryFound(render_memory([b.text for b in blocks]), results)
