"""The request of a turn: what it reads, the pure build, then the one write the build decided.

Apart from :mod:`threadkeep.engine.turn` (which streams the answer and stores it) because
building is a step of its own, blocking, run in a worker thread: one read transaction for the
window and the tools offered (:mod:`threadkeep.engine.window`), retrieval, the pure builder
(:mod:`threadkeep.engine.request`), then the summary adoption and the turn's recall note in
one transaction (:meth:`TurnRequests.build`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from threadkeep.cache.adoption import AdoptionPolicy
from threadkeep.config import Settings
from threadkeep.context.budget import tools_json
from threadkeep.engine.client_settings import check_instructions_room
from threadkeep.engine.client_tools import ClientTools
from threadkeep.engine.memory_tool import MemoryScope
from threadkeep.engine.request import BuiltTurn, NotePlan, TurnBuilder
from threadkeep.engine.tools import TurnTools
from threadkeep.engine.window import TurnWindow, read_turn_window, retrieve
from threadkeep.llm.base import ChatModel
from threadkeep.messages import ToolSpec
from threadkeep.store import turns
from threadkeep.store.db import Database
from threadkeep.store.vault import Vault

if TYPE_CHECKING:  # recall (numpy) loads on the first turn
    from threadkeep.memory.recall.notes import StoredNote
    from threadkeep.retrieval.embedding import Embedder

__all__ = ["TurnRequests"]


class TurnRequests:
    """Builds the requests of one deployment's turns."""

    def __init__(
        self,
        db: Database,
        vault: Vault,
        settings: Settings,
        *,
        model: ChatModel,
        builder: TurnBuilder,
        tools: TurnTools,
        adoption: AdoptionPolicy,
        embedder: Callable[[], Embedder | None],
    ) -> None:
        self.db = db
        self.vault = vault
        self.settings = settings
        self.model = model
        self.builder = builder
        self.tools = tools
        self.adoption = adoption
        self.embedder = embedder

    def build(
        self,
        uid: str,
        cid: str,
        mid: str,
        groups: tuple[str, ...] = (),
        context: str | None = None,
        client: ClientTools | None = None,
        rebuild: bool = False,
    ) -> tuple[tuple[ToolSpec, ...], BuiltTurn]:
        """The tools offered and the request of the turn answering ``mid``: reads, the pure
        build, then the one write it decided (blocking: the turn runs it in a worker thread).
        ``rebuild``: the client's instructions just changed (the prefix is written anew)."""
        with self.db.reading() as s:  # the window and the tools offered: one read transaction
            window = read_turn_window(
                s,
                self.vault,
                self.settings,
                self.model.capabilities,
                self.adoption,
                user_id=uid,
                conversation_id=cid,
                message_id=mid,
            )
            # search_memory only for a model that calls tools: the offline model's engine-run
            # search is for the knowledge base, and automatic recall already searched memory.
            person = MemoryScope(uid, cid, window.cursor) if self.model.capabilities.supports_tools else None
            # The client's own tools replace the server's (engine/client_tools.py).
            offered = self.tools.offered(groups, s, person=person) if client is None else ()
        if rebuild:
            window = replace(window, rebuilding=True)
        if window.instructions or client is not None:
            counter = self.builder.counter
            check_instructions_room(
                counter.count(window.instructions)
                + (counter.count(tools_json(client.specs)) if client is not None else 0),
                self.builder.ceiling,
            )
        tools = client.specs if client is not None else offered if self.model.capabilities.supports_tools else ()
        draft = self.builder.draft(window, tools=tools, context=context, offered=bool(offered))
        found = retrieve(
            self.db,
            self.vault,
            self.settings,
            self.builder.counter,
            window=window,
            message_id=mid,
            budget=self.builder.retrieval_room(window),
            embedder=self.embedder,
            recall_after=draft.recall_after,
        )
        plan = self.builder.plan_note(draft, found, mid)
        note = self._write_build(window, mid, plan)
        return offered, self.builder.finish(draft, found, plan, note)

    def _write_build(self, window: TurnWindow, mid: str, plan: NotePlan | None) -> StoredNote | None:
        """Record what the build decided, in one transaction: the adoption of the summary
        version the window was read at (compare-and-swap: only if nobody adopted since the
        read), and this turn's recall note, sealed (the stored one if the turn has one)."""
        if not window.adopted and plan is None:
            return None

        def run(s: Session) -> StoredNote | None:
            if window.adopted:
                turns.adopt_summary(
                    s,
                    conversation_id=window.conversation_id,
                    seen_version=window.seen_version,
                    version=window.version,
                    cursor=window.cursor,
                )
            if plan is None:
                return None
            from threadkeep.memory.recall.notes import (
                store_note,  # lazy: start-up (tests/test_serve_startup.py)
            )

            return store_note(
                s,
                self.vault,
                conversation_id=window.conversation_id,
                user_id=window.user_id,
                message_id=mid,
                seq=window.message_seq,
                text=plan.text,
                sources=plan.sources,
                tokens=plan.tokens,
                shown=plan.shown,
            )

        return self.db.write(run)
