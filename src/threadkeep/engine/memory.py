"""The facade the faces and the library call: an open threadkeep memory.

:class:`Memory` holds the deployment's collaborators (database, vault, settings, the model's
capabilities) and hands each job to a part that takes them explicitly: turns to
:class:`~threadkeep.engine.turn.TurnService`, conversations to
:class:`~threadkeep.engine.conversations.Conversations`, the person and key administration to
:class:`~threadkeep.engine.accounts.Accounts`, background work to
:class:`~threadkeep.engine.background.Background`. Nothing below it receives ``Memory``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

from threadkeep import jobs
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey, keyring_for
from threadkeep.engine.access import Access
from threadkeep.engine.accounts import Accounts
from threadkeep.engine.background import Background
from threadkeep.engine.conversations import Conversations
from threadkeep.engine.memory_tool import MemoryScope, MemorySearch
from threadkeep.engine.request import TurnBuilder
from threadkeep.engine.tools import TurnTools
from threadkeep.engine.turn import TurnResult, TurnService
from threadkeep.engine.turn_input import NO_INPUT, TurnInput
from threadkeep.engine.window import read_ping_window, settings_embedder
from threadkeep.events import TurnEvent
from threadkeep.export import ConversationView
from threadkeep.llm.base import ChatModel
from threadkeep.llm.specs import EXTRACTIVE, memory_model_spec
from threadkeep.memory.offline import OfflineModel
from threadkeep.messages import ModelRequest
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.leases import TurnLeaseHolder
from threadkeep.store.vault import Vault

if TYPE_CHECKING:
    from threadkeep.knowledge.service import KnowledgeBase
    from threadkeep.retrieval.embedding import Embedder

__all__ = ["Memory", "TurnResult"]


class Memory:
    """An open threadkeep memory: the async core of the library."""

    def __init__(
        self,
        db: Database,
        vault: Vault,
        *,
        model: ChatModel,
        fold_model: ChatModel | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.db = db
        self.vault = vault
        self.model = model
        self.fold_model = fold_model
        self.settings = settings or Settings()
        self._knowledge: KnowledgeBase | None = None
        # The shared embedder (None: off or missing); an instance attribute a harness may
        # replace (an embedder that counts its calls).
        self.embedder: Callable[[], Embedder | None] = partial(settings_embedder, self.settings)
        self.builder = TurnBuilder(self.settings, capabilities=model.capabilities)
        self.tools = TurnTools(
            db,
            lambda: self.knowledge,
            memory=MemorySearch(db, vault, self.settings, self.builder.counter, lambda: self.embedder()),
        )
        self.background = Background(
            db,
            vault,
            self.settings,
            model=model,
            fold_model=fold_model,
            counter=self.builder.counter,
            ping_request=self.ping_request,
            embedder=lambda: self.embedder(),
        )
        self.runner = self.background.runner
        # This process's turn lease: every pending turn it starts names it as its owner.
        self.lease = TurnLeaseHolder(db, self.settings.turn_lease_s)
        self.turns = TurnService(
            db,
            vault,
            self.settings,
            model=model,
            lease=self.lease,
            builder=self.builder,
            tools=self.tools,
            background=self.background,
            embedder=lambda: self.embedder(),
        )
        self.conversations = Conversations(db, vault)
        self.accounts = Accounts(db, vault)
        # Key, session and settings checks for the faces (they hold no database of their own).
        self.access = Access(db, vault)

    @property
    def knowledge(self) -> KnowledgeBase:
        """The deployment's knowledge base (loaded on first use)."""
        if self._knowledge is None:
            from threadkeep.knowledge.service import (
                KnowledgeBase,  # lazy: start-up (tests/test_serve_startup.py)
            )

            self._knowledge = KnowledgeBase(self.db, self.vault)
        return self._knowledge

    @property
    def keyholder(self) -> str | None:
        """This process's key holder announcement (set while background work runs)."""
        return self.background.keyholder

    # -- opening -----------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        db_url: str | None = None,
        *,
        settings: Settings | None = None,
        model: ChatModel | str | None = None,
        fold_model: ChatModel | str | None = None,
        master_key: MasterKey | None = None,
    ) -> Memory:
        """Open (and migrate) the database, load the master key, and build the models."""
        settings = settings or Settings()
        # Only the default database (in threadkeep's home) gets its folder made.
        db = Database(db_url or settings.database_url(), create_folder=not (db_url or settings.db))
        db.upgrade()
        if master_key is None:
            with db.session() as s:
                has_data = repo.keyring_exists(s)
            # A key file may hold the current key and, during a rotation, the previous ones.
            vault = Vault.from_keyring(keyring_for(settings, create=not has_data))
        else:
            vault = Vault(master_key)
        db.write(vault.check_master)
        # db.write: retried on a locked SQLite (a busy server next to a CLI command).
        db.write(
            partial(repo.mark_stale_pending, older_than=utcnow() - timedelta(seconds=settings.pending_turn_timeout_s))
        )
        chat = model if _is_model(model) else _build(model or settings.model)
        # The adapters load with the models (tests/test_serve_startup.py).

        if _is_model(fold_model):
            folder = fold_model
        else:
            # A provider's chat model brings its small model for memory, unless told otherwise;
            # a chat model handed over as an object (tests, embedders) names no provider.
            chat_spec = None if _is_model(model) else str(model or settings.model)
            wanted = str(fold_model) if fold_model is not None else settings.fold_model
            spec = (
                memory_model_spec(chat_spec, wanted)
                if chat_spec
                else (None if wanted is None or wanted.strip().lower() == EXTRACTIVE else wanted)
            )
            folder = _build(spec) if spec else None
        memory = cls(db, vault, model=chat, fold_model=folder, settings=settings)  # type: ignore[arg-type]
        # Half turns of dead processes (a kill -9 included) become failed and retryable now.
        memory.lease.register()
        return memory

    async def close(self) -> None:
        await self.stop_background()
        await asyncio.to_thread(self.lease.release)
        self.db.dispose()

    def dispose(self) -> None:
        """Close the database's connections (a process that ran no background work is done)."""
        self.db.dispose()

    # -- background work ---------------------------------------------------------------
    def start_background(self, *, keep_warm: bool = True) -> None:
        """Run queued background work (and the keep-warm scheduler) in a thread of its own."""
        self.background.start(keep_warm=keep_warm)

    async def stop_background(self, *, grace_s: float = 5.0) -> None:
        """Stop background work; a job still running is left to its lease."""
        await self.background.stop(grace_s=grace_s)

    def ping_request(self, conversation_id: str) -> ModelRequest:
        """What the next real turn of a conversation would send before its last breakpoint."""
        window = read_ping_window(self.db, self.vault, self.settings, conversation_id)
        tools = (
            self.tools.offered((), person=MemoryScope(window.user_id, window.conversation_id, window.cursor))
            if self.model.capabilities.supports_tools
            else ()
        )
        return self.builder.ping(window, tools)

    def register_job(self, kind: str, handler: jobs.Handler, *, turn: bool = False) -> None:
        """Let another part (a surface, digests) run its own kind of durable job here. ``turn``:
        the job answers a person (a surface's message), so it never yields to other turns."""
        self.runner.handlers[kind] = handler
        if turn:
            self.runner.turn_kinds.add(kind)

    async def drain_jobs(self) -> int:
        """Run every queued background job now (CLI and tests)."""
        return await self.runner.drain()

    async def fold_once(self, conversation_id: str) -> bool:
        """One bounded fold of the conversation if one is due; whether its cursor moved."""
        return await self.background.folds.fold_once(conversation_id)

    # -- turns -------------------------------------------------------------------------
    async def send(
        self,
        text: str | bytes,
        *,
        user: str,
        conversation_id: str | None = None,
        channel: str = "api",
        inputs: TurnInput = NO_INPUT,
    ) -> TurnResult:
        """One turn, not streamed. Raises the provider's error if the model failed."""
        return await self.turns.send(text, user=user, conversation_id=conversation_id, channel=channel, inputs=inputs)

    def stream(
        self,
        text: str | bytes,
        *,
        user: str,
        conversation_id: str | None = None,
        channel: str = "api",
        inputs: TurnInput = NO_INPUT,
    ) -> AsyncIterator[TurnEvent]:
        """One turn, streamed (:meth:`threadkeep.engine.turn.TurnService.stream`); ``inputs``:
        what the caller asks of it (knowledge groups, context, idempotency key, client tools,
        instructions, sampling: :class:`~threadkeep.engine.turn_input.TurnInput`)."""
        return self.turns.stream(text, user=user, conversation_id=conversation_id, channel=channel, inputs=inputs)

    def retry(self, message_id: str, *, user: str, inputs: TurnInput = NO_INPUT) -> AsyncIterator[TurnEvent]:
        """Answer a failed turn again (:meth:`threadkeep.engine.turn.TurnService.retry`)."""
        return self.turns.retry(message_id, user=user, inputs=inputs)

    def regenerate(self, message_id: str, *, user: str, inputs: TurnInput = NO_INPUT) -> AsyncIterator[TurnEvent]:
        """Answer the conversation's last turn again, replacing its answer
        (:meth:`threadkeep.engine.turn.TurnService.regenerate`)."""
        return self.turns.regenerate(message_id, user=user, inputs=inputs)

    # -- people ------------------------------------------------------------------------
    async def user_id(self, user: str, *, create: bool = False) -> str:
        return await self.accounts.user_id(user, create=create)

    async def delete_user(self, user: str) -> None:
        """Delete a person and everything of theirs; their data key is destroyed first."""
        await self.accounts.delete_user(user)

    async def people(self) -> list[str]:
        return await self.accounts.people()

    async def rotate_master_key(self, new: MasterKey) -> int:
        """Re-wrap every data key under ``new``, online and resumably (:mod:`threadkeep.rotation`);
        returns how many were re-wrapped."""
        return await self.accounts.rotate_master_key(new, own_holder=self.keyholder)

    # -- conversations -----------------------------------------------------------------
    async def list_conversations(
        self, *, user: str, limit: int = 50, before: datetime | None = None, before_id: str | None = None
    ) -> list[ConversationView]:
        """Newest activity first; page with the last view's ``(last_activity_at, id)``."""
        return await self.conversations.list_conversations(user=user, limit=limit, before=before, before_id=before_id)

    async def get_conversation(self, conversation_id: str, *, user: str) -> ConversationView:
        return await self.conversations.get_conversation(conversation_id, user=user)

    async def rename(self, conversation_id: str, title: str, *, user: str) -> None:
        await self.conversations.rename(conversation_id, title, user=user)

    async def delete_conversation(self, conversation_id: str, *, user: str) -> None:
        await self.conversations.delete_conversation(conversation_id, user=user)

    async def export(self, conversation_id: str, *, user: str, format: str = "markdown") -> str:
        """The conversation as a person reads it: ``markdown`` or ``json``."""
        return await self.conversations.export(conversation_id, user=user, format=format)

    async def set_feedback(self, message_id: str, rating: str | None, *, user: str) -> None:
        """Thumbs up/down (``"up"``/``"down"``) on an assistant message; ``None`` clears it."""
        await self.conversations.set_feedback(message_id, rating, user=user)

    async def set_keep_warm(self, conversation_id: str, on: bool, *, user: str) -> None:
        """Mark (or unmark) a conversation to be kept warm in the provider's prompt cache."""
        await self.conversations.set_keep_warm(conversation_id, on, user=user)


def _build(spec: object) -> ChatModel:
    if spec == "offline":
        return OfflineModel()
    from threadkeep.llm.registry import build_model  # lazy: start-up (tests/test_serve_startup.py)

    return build_model(str(spec))


def _is_model(value: object) -> bool:
    return value is not None and not isinstance(value, str)
