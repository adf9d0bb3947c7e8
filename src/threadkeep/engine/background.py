"""Background work of the engine: what a completed turn queues, the job handlers, the thread.

A turn's completion queues its work durably (:meth:`Background.queue_after_turn`, inside
the turn's transaction); the handlers run it off the serving loop, in the background thread
(:meth:`Background.start`) or a ``threadkeep worker``. The fold jobs fold through
:class:`threadkeep.engine.folds.Folds` (``Background.folds``): read, summarise, commit.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from threadkeep import jobs, priority, rotation
from threadkeep.cache.adoption import (
    IDLE_FOLD_MARGIN_S,
    AdoptionPolicy,
    cache_expires_at,
    idle_fold_policy,
)
from threadkeep.cache.keepwarm import KeepWarmScheduler
from threadkeep.cache.log import last_cache_touch, record_memory_call
from threadkeep.cache.plan import SHORT_TTL
from threadkeep.config import Settings
from threadkeep.context.budget import MemoCounter
from threadkeep.engine.folds import Folds
from threadkeep.llm.base import ChatModel
from threadkeep.memory.summary.policy import FoldPolicy, fold_range
from threadkeep.messages import ModelRequest
from threadkeep.store import repo
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation, Message
from threadkeep.store.vault import Vault
from threadkeep.worker import BackgroundThread

if TYPE_CHECKING:  # the memory engines (numpy, the fact readers) load on a job's first use
    from threadkeep.memory.recall.vectors import NewMessageVector
    from threadkeep.retrieval.embedding import Embedder

__all__ = ["Background", "MAX_FOLDS_PER_JOB", "FOLD_MODEL_TRIES"]

log = logging.getLogger("threadkeep.engine")
# A fold job works off at most this many bounded folds before yielding to other jobs.
MAX_FOLDS_PER_JOB = 20
# Attempts of a fold job that wait out a failing fold model before the extractive fallback.
FOLD_MODEL_TRIES = 3
# A recall-index run starts no step unless it would end by this share of the job time limit.
_INDEX_RUN_SHARE = 0.8


class Background:
    """The engine's durable background work for one deployment."""

    def __init__(
        self,
        db: Database,
        vault: Vault,
        settings: Settings,
        *,
        model: ChatModel,
        fold_model: ChatModel | None,
        counter: MemoCounter,
        ping_request: Callable[[str], ModelRequest],
        embedder: Callable[[], Embedder | None],
    ) -> None:
        self.db = db
        self.vault = vault
        self.settings = settings
        self.model = model
        self.fold_model = fold_model
        self.counter = counter
        self.ping_request = ping_request
        self.embedder = embedder
        self.policy = FoldPolicy(threshold=settings.fold_threshold, tail=settings.fold_tail)
        self.folds = Folds(db, vault, settings, fold_model=fold_model, counter=counter, policy=self.policy)
        self.adoption = AdoptionPolicy(mode=settings.fold_adoption, hard_limit=settings.fold_hard_limit)
        self.handlers: dict[str, jobs.Handler] = {
            "fold": self._fold_job,
            "idle_fold": self._idle_fold_job,
            "facts": self._facts_job,
            "recall_index": self._recall_job,
            "profile": self._profile_job,
        }
        self.runner = jobs.JobRunner(db, self.handlers, time_limit_s=settings.job_time_limit_s)
        self._thread: BackgroundThread | None = None
        self.keyholder: str | None = None

    # -- after the turn -----------------------------------------------------------------
    def queue_after_turn(
        self,
        s: Session,
        conv: Conversation,
        user_msg: Message,
        vector: NewMessageVector | None = None,
        *,
        facts: bool = True,
    ) -> None:
        """Queue the background work a completed turn leaves (inside the turn's transaction,
        with one statement), and store the new message's index vector computed while the
        request was built (sealing only: the model ran before the transaction began)."""
        emb = self.embedder() if vector is not None else None
        if emb is not None:
            from threadkeep.memory.recall.vectors import (
                store_indexed,  # lazy: start-up (tests/test_serve_startup.py)
            )

            store_indexed(s, self.vault, vector, emb.name)
        work: list[jobs.JobSpec] = []
        if fold_range(conv.message_count, conv.summary_cursor, self.policy) is not None:
            work.append(jobs.JobSpec("fold", {"conversation_id": conv.id}, f"fold:{conv.id}"))
        if self.adoption.mode == "cold" and self.model.capabilities.cache_style in ("explicit", "automatic"):
            # Watches for the cache to expire, then folds the window down to the tail.
            work.append(
                jobs.JobSpec(
                    "idle_fold",
                    {"conversation_id": conv.id},
                    f"idle_fold:{conv.id}",
                    delay_s=SHORT_TTL + IDLE_FOLD_MARGIN_S,
                )
            )
        if facts:  # not for a regenerated answer: its message was mined when first answered
            work.append(jobs.JobSpec("facts", {"message_id": user_msg.id}, f"facts:{user_msg.id}"))
        work += [
            jobs.JobSpec("recall_index", {"user_id": conv.user_id}, f"recall:{conv.user_id}"),
            jobs.JobSpec("profile", {"user_id": conv.user_id}, f"profile:{conv.user_id}"),
        ]
        if "reask" in self.handlers:  # registered by engine.insight_jobs.install
            work.append(jobs.JobSpec("reask", {"conversation_id": conv.id}, f"reask:{conv.id}"))
        jobs.enqueue_many(s, work)

    # -- job handlers -------------------------------------------------------------------
    async def _facts_job(self, payload: Mapping[str, Any]) -> None:
        mid = str(payload["message_id"])

        def load() -> tuple[str, str, str, str] | None:
            with self.db.reading() as s:
                msg = s.get(Message, mid)
                if msg is None:
                    return None  # deleted since
                return msg.user_id, msg.conversation_id, msg.role, repo.open_message_text(s, self.vault, msg)

        found = await asyncio.to_thread(load)
        if found is None:
            return
        uid, cid, role, text = found
        from threadkeep.engine.fact_extraction import (
            aextract_and_store,  # lazy: start-up (tests/test_serve_startup.py)
        )

        started = utcnow()
        # A provider that keeps failing does not keep the person's facts back: the last tries
        # use the rules.
        model = self.fold_model if jobs.current_attempt() < FOLD_MODEL_TRIES else None
        result = await aextract_and_store(
            self.db,
            self.vault,
            user_id=uid,
            message_id=mid,
            text=text,
            model=model,
            role=role,
            embedder=self.embedder() or False,
        )
        if result.model is not None and model is not None:
            await asyncio.to_thread(
                self.db.write,
                partial(
                    record_memory_call,
                    user_id=uid,
                    conversation_id=cid,
                    kind="facts",
                    model=result.model,
                    capabilities=model.capabilities,
                    method=result.method,
                    fallback=result.fallback,
                    usage=result.usage,
                    started_at=started,
                ),
            )

    async def _recall_job(self, payload: Mapping[str, Any]) -> None:
        await self.index_recall(str(payload["user_id"]))

    async def index_recall(self, user_id: str) -> None:
        """Embed the person's chunks that have no recall vector yet, in steps sized to a share
        of the job time limit by the measured embedding cost (memory.recall.backfill); a run
        that could not finish another step in time asks to run again at once. Each step, and
        each passage within it, waits while a turn is in progress (threadkeep.priority)."""
        from threadkeep.memory.recall.backfill import (  # lazy: start-up (tests/test_serve_startup.py)
            index_step,
            pacer_for,
        )

        emb = self.embedder()
        if emb is None:
            return
        limit = self.settings.job_time_limit_s
        pacer = pacer_for(emb.name, limit)
        started = time.monotonic()
        while True:
            await priority.pause()
            if time.monotonic() - started + pacer.expected_s() > _INDEX_RUN_SHARE * limit:
                raise jobs.Defer(utcnow())
            step = await asyncio.to_thread(
                index_step, self.db, self.vault, user_id=user_id, embedder=emb, pacer=pacer, on_item=jobs.working_on
            )
            if step.chunks or step.messages:
                jobs.note_progress()
            if not step.left:
                return

    async def _profile_job(self, payload: Mapping[str, Any]) -> None:
        uid = str(payload["user_id"])
        from threadkeep.memory.profile import (
            arefresh_profile,  # lazy: start-up (tests/test_serve_startup.py)
        )

        started = utcnow()
        # ``force``: a merge of two people changed the facts the profile is built from.
        built = await arefresh_profile(
            self.db,
            self.vault,
            user_id=uid,
            force=bool(payload.get("force")),
            every=self.settings.profile_every,
            model=self.fold_model,
        )
        if built is not None and built.model is not None and self.fold_model is not None:
            await asyncio.to_thread(
                self.db.write,
                partial(
                    record_memory_call,
                    user_id=uid,
                    conversation_id=None,
                    kind="profile",
                    model=built.model,
                    capabilities=self.fold_model.capabilities,
                    method=built.method,
                    fallback=built.fallback,
                    usage=built.usage,
                    started_at=started,
                ),
            )

    async def _fold_job(self, payload: Mapping[str, Any]) -> None:
        cid = str(payload["conversation_id"])
        # A provider that keeps failing does not hold the conversation's summary back for
        # ever: from the FOLD_MODEL_TRIES-th attempt on, the fold falls back instead.
        last_try = jobs.current_attempt() >= FOLD_MODEL_TRIES
        for _ in range(MAX_FOLDS_PER_JOB):
            await priority.pause()
            if not await self.folds.fold_once(cid, last_try=last_try):
                return

    def _cache_expiry(self, conversation_id: str) -> tuple[bool, datetime | None]:
        """(conversation exists, when its cached prefix expires — None if nothing is cached)."""
        with self.db.reading() as s:
            if s.get(Conversation, conversation_id) is None:
                return False, None
            touch = last_cache_touch(s, conversation_id, self.model.capabilities)
            if touch is None:
                return True, None
            return True, cache_expires_at(touch.started_at, touch.ttl_s, self.model.capabilities)

    async def _idle_fold_job(self, payload: Mapping[str, Any]) -> None:
        """Once the conversation's cache has expired, fold its window down to the tail.

        The request that resumes the conversation rewrites its cache anyway (and adopts the
        newest summary then), so it writes a shorter window. While the cache is warm — the
        person is still typing, or the session is kept warm — the check is deferred to the
        entry's expiry.
        """
        cid = str(payload["conversation_id"])
        exists, expires = await asyncio.to_thread(self._cache_expiry, cid)
        if not exists:
            return
        if expires is not None and utcnow() < expires:
            raise jobs.Defer(expires + timedelta(seconds=IDLE_FOLD_MARGIN_S))
        idle = idle_fold_policy(self.policy)
        last_try = jobs.current_attempt() >= FOLD_MODEL_TRIES
        for _ in range(MAX_FOLDS_PER_JOB):
            await priority.pause()
            if not await self.folds.fold_once(cid, idle, last_try=last_try):
                return

    # -- the background thread ----------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.running

    def start(self, *, keep_warm: bool = True) -> None:
        """Run queued background work (and the keep-warm scheduler) in a thread of its own.

        Jobs never run on the caller's event loop: a fold, an extraction or an embedding
        delays other background work, never a request (see :mod:`threadkeep.worker`).
        """
        if not self.running:
            self.keyholder = new_id()[:12]  # announced with the sweep (threadkeep.rotation)
            self._thread = BackgroundThread(partial(self._run, keep_warm=keep_warm))
            self._thread.start()

    async def _run(self, stop: asyncio.Event, *, keep_warm: bool) -> None:
        """The background thread's loop: job loops, the stale-turn sweep, keep-warm."""
        # Several loops: claims are exclusive (SKIP LOCKED on PostgreSQL, the write lock on
        # SQLite) and handlers idempotent, so background work keeps up with many concurrent
        # conversations instead of queueing behind one slow job.
        tasks = [asyncio.create_task(self.runner.run_forever(stop=stop)) for _ in range(self.settings.job_workers)]
        tasks.append(asyncio.create_task(self._sweep_stale_turns(stop)))
        warmer = None
        if keep_warm:
            # Off until an administrator enables it; the scheduler reads the settings each tick.
            warmer = KeepWarmScheduler(
                self.db, model=self.model, ping_request=self.ping_request, fingerprint_key=self.vault.fingerprint_key
            )
            warmer.start()
        try:
            await stop.wait()
        finally:
            if warmer is not None:
                await warmer.stop()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _sweep_stale_turns(self, stop: asyncio.Event, every_s: float = 60.0) -> None:
        """Turns left pending when even marking them failed was impossible (the database was
        gone) become failed, and retryable, once they are older than the pending timeout."""
        while not stop.is_set():
            try:
                cutoff = utcnow() - timedelta(seconds=self.settings.pending_turn_timeout_s)
                await asyncio.to_thread(self.db.write, partial(repo.mark_stale_pending, older_than=cutoff))
                if self.keyholder is not None:
                    await asyncio.to_thread(rotation.announce, self.db, self.vault, self.keyholder)
            except Exception as e:  # the database may still be away: try again later
                log.warning("stale-turn sweep failed: %s", e)
            try:
                await asyncio.wait_for(stop.wait(), timeout=every_s)
            except TimeoutError:
                pass

    async def stop(self, *, grace_s: float = 5.0) -> None:
        """Stop background work: jobs in progress get ``grace_s`` to finish; one that does not
        is left to its lease (another worker, or the next start, runs it again)."""
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.request_stop()
            if not await asyncio.to_thread(thread.join, grace_s):
                log.warning("background work still running after %.0f s; leaving it to its lease", grace_s)
        if self.keyholder is not None:
            try:
                await asyncio.to_thread(rotation.withdraw, self.db, self.keyholder)
            except Exception as e:  # the database is gone: the announcement just goes stale
                log.warning("could not withdraw the key holder announcement: %s", e)
            self.keyholder = None
