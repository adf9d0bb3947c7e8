"""The Query Engine: one turn from a person's message to a stored answer.

A turn first stores the person's message (status ``pending``) in its own transaction, so a
model failure or a crash never loses it. The answer streams from the model; when it is
complete, the assistant row is written and the person's row marked ``answered`` in one
transaction — a turn ends with exactly two rows, or with one ``failed`` row that can be
retried. Background work (folds, fact extraction) is queued durably in the same transaction.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import aclosing
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import bindparam, or_, select, update
from sqlalchemy import exc as sa_exc
from sqlalchemy.orm import Session

from threadkeep import errors, jobs, rotation
from threadkeep.cache.keepwarm import mark_keep_warm
from threadkeep.cache.log import record_call
from threadkeep.config import Settings
from threadkeep.context.budget import (
    MESSAGE_OVERHEAD,
    PART_OVERHEAD,
    MemoCounter,
    cut_to_tokens,
    message_tokens,
    request_tokens,
)
from threadkeep.crypto import MasterKey, load_keyring
from threadkeep.engine import idempotency
from threadkeep.engine.access import Access
from threadkeep.engine.request import BuiltTurn, TurnBuilder
from threadkeep.engine.tools import ToolRun, TurnTools, citations, trace_json
from threadkeep.errors import Conflict, InputError, NotFound, ProviderError
from threadkeep.events import (
    AnswerDelta,
    Citations,
    ConversationOpened,
    MessageStored,
    ToolActivity,
    TurnDone,
    TurnEvent,
    TurnFailed,
)
from threadkeep.export import ConversationView, to_json, to_markdown
from threadkeep.knowledge.tool import SEARCH_KNOWLEDGE_TOOL
from threadkeep.llm.base import ChatModel, TextDelta, ToolCall, Usage, UsageReport
from threadkeep.memory.recall import NewMessageVector
from threadkeep.messages import (
    ChatMessage,
    ModelRequest,
    Segment,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    ToolSpec,
)
from threadkeep.store import repo
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.db import Database
from threadkeep.store.leases import INTERRUPTED, TurnLeaseHolder, owner_alive
from threadkeep.store.models import Conversation, KeyringMeta, Message, User
from threadkeep.store.people_tables import MERGED_PREFIX
from threadkeep.store.vault import Vault
from threadkeep.validate import clean_text, clean_title
from threadkeep.worker import BackgroundThread

__all__ = ["Memory", "TurnResult"]

log = logging.getLogger("threadkeep.engine")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class TurnResult:
    conversation_id: str
    created: bool
    user_message_id: str
    assistant_message_id: str
    text: str
    usage: dict[str, int]
    report: dict[str, Any]


# A turn's completion reads its conversation (locked on PostgreSQL) and message: built once.
_TURN_ROWS = (select(Conversation, Message).join(Message, Message.conversation_id == Conversation.id)
              .where(Conversation.id == bindparam("cid"), Message.id == bindparam("mid"))
              .with_for_update(of=Conversation))


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
        self.builder = TurnBuilder(self)
        self.tools = TurnTools(self)
        self._knowledge: Any = None
        self.runner = jobs.JobRunner(db, self.builder.job_handlers(),
                                     time_limit_s=self.settings.job_time_limit_s)
        self._background: BackgroundThread | None = None
        # This process's turn lease: every pending turn it starts names it as its owner.
        self.lease = TurnLeaseHolder(db, self.settings.turn_lease_s)
        self.keyholder: str | None = None
        # Key, session and settings checks for the faces (they hold no database of their own).
        self.access = Access(db, vault)

    @property
    def knowledge(self) -> Any:
        """The deployment's knowledge base (loaded on first use)."""
        if self._knowledge is None:
            from threadkeep.knowledge.service import KnowledgeBase

            self._knowledge = KnowledgeBase(self.db, self.vault)
        return self._knowledge

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
        db = Database(db_url or settings.database_url())
        db.upgrade()
        if master_key is None:
            with db.session() as s:
                has_data = s.scalar(select(KeyringMeta.key_id).limit(1)) is not None
            # A key file may hold the current key and, during a rotation, the previous ones.
            vault = Vault.from_keyring(load_keyring(settings.key_file(), create=not has_data))
        else:
            vault = Vault(master_key)
        db.write(vault.check_master)
        # db.write: retried on a locked SQLite (a busy server next to a CLI command).
        db.write(partial(repo.mark_stale_pending,
                         older_than=utcnow() - timedelta(seconds=settings.pending_turn_timeout_s)))
        chat = model if _is_model(model) else _build(model or settings.model)
        fold_spec = fold_model or settings.fold_model
        folder = fold_model if _is_model(fold_model) else (_build(fold_spec) if fold_spec else None)
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
        """Run queued background work (and the keep-warm scheduler) in a thread of its own.

        Jobs never run on the caller's event loop: a fold, an extraction or an embedding
        delays other background work, never a request (see :mod:`threadkeep.worker`).
        """
        if self._background is None or not self._background.running:
            self.keyholder = new_id()[:12]  # announced with the sweep (threadkeep.rotation)
            self._background = BackgroundThread(partial(self._run_background, keep_warm=keep_warm))
            self._background.start()

    async def _run_background(self, stop: asyncio.Event, *, keep_warm: bool) -> None:
        """The background thread's loop: job loops, the stale-turn sweep, keep-warm."""
        # Several loops: claims are exclusive (SKIP LOCKED on PostgreSQL, the write lock on
        # SQLite) and handlers idempotent, so background work keeps up with many concurrent
        # conversations instead of queueing behind one slow job.
        tasks = [asyncio.create_task(self.runner.run_forever(stop=stop))
                 for _ in range(self.settings.job_workers)]
        tasks.append(asyncio.create_task(self._sweep_stale_turns(stop)))
        warmer = None
        if keep_warm:
            from threadkeep.cache.keepwarm import KeepWarmScheduler

            # Off until an administrator enables it; the scheduler reads the settings each tick.
            warmer = KeepWarmScheduler(self.db, model=self.model, ping_request=self.ping_request,
                                       fingerprint_key=self.vault.fingerprint_key)
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
                await asyncio.to_thread(rotation.announce, self.db, self.vault, self.keyholder)
            except Exception as e:  # the database may still be away: try again later
                log.warning("stale-turn sweep failed: %s", e)
            try:
                await asyncio.wait_for(stop.wait(), timeout=every_s)
            except TimeoutError:
                pass

    async def stop_background(self, *, grace_s: float = 5.0) -> None:
        """Stop background work: jobs in progress get ``grace_s`` to finish; one that does not
        is left to its lease (another worker, or the next start, runs it again)."""
        background, self._background = self._background, None
        if background is not None:
            background.request_stop()
            if not await asyncio.to_thread(background.join, grace_s):
                log.warning("background work still running after %.0f s; leaving it to its lease", grace_s)
        if self.keyholder is not None:
            try:
                await asyncio.to_thread(rotation.withdraw, self.db, self.keyholder)
            except Exception as e:  # the database is gone: the announcement just goes stale
                log.warning("could not withdraw the key holder announcement: %s", e)
            self.keyholder = None

    def ping_request(self, conversation_id: str) -> ModelRequest:
        """What the next real turn of a conversation would send before its last breakpoint."""
        return self.builder.ping_request(conversation_id)

    def register_job(self, kind: str, handler: jobs.Handler) -> None:
        """Let another part (a surface, digests) run its own kind of durable job here."""
        self.runner.handlers[kind] = handler

    async def drain_jobs(self) -> int:
        """Run every queued background job now (CLI and tests)."""
        return await self.runner.drain()

    def _read(self, fn: Callable[[Session], T]) -> T:
        with self.db.reading() as s:
            return fn(s)

    # -- people ------------------------------------------------------------------------
    def _user_id(self, s: Session, user: str, *, create: bool) -> str:
        if create:
            return repo.get_or_create_user(s, self.vault, name=user).id
        found = repo.find_user(s, name=user)
        if found is None or found.name.startswith(MERGED_PREFIX):
            repo.refuse_merged(s, user)  # merged into someone else: say so, not "not found"
            raise NotFound(f"person {user!r} not found")
        return found.id

    async def user_id(self, user: str, *, create: bool = False) -> str:
        return await asyncio.to_thread(self.db.write, lambda s: self._user_id(s, user, create=create))

    async def delete_user(self, user: str) -> None:
        """Delete a person and everything of theirs; their data key is destroyed first."""
        def run(s: Session) -> str:
            uid = self._user_id(s, user, create=False)
            repo.delete_user(s, self.vault, user_id=uid)
            return uid

        uid = await asyncio.to_thread(self.db.write, run)
        await asyncio.to_thread(self.db.settle_deletion)  # no copy left in the WAL or dead rows
        # Decrypted memory held in process goes with the person.
        from threadkeep.memory.fact_search import clear_fact_cache
        from threadkeep.memory.recall import clear_recall_cache

        clear_fact_cache(uid)
        clear_recall_cache(uid)

    # -- turns -------------------------------------------------------------------------
    async def send(self, text: str | bytes, *, user: str, conversation_id: str | None = None,
                   channel: str = "api", groups: Sequence[str] = (),
                   context: str | None = None, idempotency_key: str | None = None) -> TurnResult:
        """One turn, not streamed. Raises the provider's error if the model failed."""
        opened: ConversationOpened | None = None
        async for ev in self.stream(text, user=user, conversation_id=conversation_id, channel=channel,
                                    groups=groups, context=context, idempotency_key=idempotency_key):
            if isinstance(ev, ConversationOpened):
                opened = ev
            elif isinstance(ev, TurnDone):
                return TurnResult(ev.conversation_id, bool(opened and opened.created), ev.user_message_id,
                                  ev.assistant_message_id, ev.text, ev.usage, ev.report)
            elif isinstance(ev, TurnFailed):
                raise _error_class(ev.error_type)(ev.error)
        raise AssertionError("a turn ended without done or error")

    async def stream(self, text: str | bytes, *, user: str, conversation_id: str | None = None,
                     channel: str = "api", groups: Sequence[str] = (),
                     context: str | None = None, idempotency_key: str | None = None,
                     endpoint: str = "messages",
                     earlier: Sequence[tuple[str, str]] = ()) -> AsyncIterator[TurnEvent]:
        """One turn, streamed: conversation, message id, deltas, then done or error.

        ``groups`` are the knowledge groups the caller may search; ``context`` (e.g. a page
        selection) is shown to the model with this message only and never stored.
        ``idempotency_key``: a resend with the same key (on the same ``endpoint``) gets this
        turn's outcome instead of a second turn (:mod:`threadkeep.idempotency`). ``earlier``
        is history the client holds and threadkeep has not seen, as ``(role, text)`` with
        role ``user`` or ``assistant``: it is stored, in order, before the new message.
        """
        clean = clean_text(text, max_bytes=self.settings.max_message_bytes)
        extra = clean_text(context, max_bytes=self.settings.max_message_bytes) if context else None
        history = [(role, clean_text(t, max_bytes=self.settings.max_message_bytes)) for role, t in earlier]
        if any(role not in ("user", "assistant") for role, _ in history):
            raise InputError("earlier messages must have role 'user' or 'assistant'")
        key = idempotency.check_key(idempotency_key)
        begun = await self._write_retrying(
            lambda s: self._begin_turn(s, user, conversation_id, clean, channel, key, endpoint, history))
        async with aclosing(self._carry_out(begun, tuple(groups), extra)) as events:
            async for ev in events:
                yield ev

    async def retry(self, message_id: str, *, user: str, groups: Sequence[str] = (),
                    idempotency_key: str | None = None) -> AsyncIterator[TurnEvent]:
        """Answer a failed turn again; the person's message is reused, not duplicated. A turn
        left pending by a process that died is failed first; it need not be in the window."""
        key = idempotency.check_key(idempotency_key)

        def reopen(s: Session) -> _Begun:
            uid = self._user_id(s, user, create=False)
            msg = s.scalar(select(Message).where(Message.id == message_id, Message.user_id == uid))
            if msg is None or msg.role != "user":
                raise NotFound(f"message {message_id} not found")
            now = utcnow()
            if key is not None:
                row = idempotency.find_key(s, user_id=uid, key=key, now=now)
                if row is not None:
                    idempotency.same_request(s, self.vault, row, s.get(Message, row.message_id),
                                             endpoint="retry", conversation_id=None, text=None)
                    if row.message_id != message_id:
                        raise idempotency.IdempotencyMismatch(
                            "this Idempotency-Key was used to retry another message; use a new key")
                    return self._resume(s, uid, msg, created=False)
            dead = msg.status == "pending" and not owner_alive(s, msg.owner, me=self.lease.id, now=now)
            if msg.status != "failed" and not dead:
                raise Conflict(f"message {message_id} is {msg.status}; only a failed turn can be retried")
            begun = self._reopen(s, uid, msg, created=False)
            if key is not None:
                idempotency.remember_key(s, user_id=uid, key=key, endpoint="retry", conversation_id=None,
                                         message_id=msg.id, now=now, ttl_s=self.settings.idempotency_ttl_s)
            return begun

        begun = await self._write_retrying(reopen)
        async with aclosing(self._carry_out(begun, tuple(groups))) as events:
            async for ev in events:
                yield ev

    async def _write_retrying(self, fn: Callable[[Session], T]) -> T:
        """A write that may lose a race on a unique key (two first uses of one Idempotency-Key):
        the loser runs again and finds the winner's row."""
        try:
            return await asyncio.to_thread(self.db.write, fn)
        except sa_exc.IntegrityError:
            return await asyncio.to_thread(self.db.write, fn)

    async def _carry_out(self, begun: _Begun, groups: tuple[str, ...] = (),
                         context: str | None = None) -> AsyncIterator[TurnEvent]:
        yield ConversationOpened(begun.cid, begun.created)
        yield MessageStored(begun.mid)
        if begun.then == "answer":
            with self.lease.holding():
                # aclosing: if our caller stops early, the inner stream is closed now (and
                # marks the turn failed), not whenever the garbage collector gets to it.
                async with aclosing(self._answer(begun.uid, begun.cid, begun.mid, groups, context)) as answer:
                    async for ev in answer:
                        yield ev
            return
        async for ev in self._stored_outcome(begun):
            yield ev

    async def _stored_outcome(self, begun: _Begun) -> AsyncIterator[TurnEvent]:
        """The outcome of a turn another request started: stored, or awaited while in flight."""
        waited = 0.0
        while True:
            def look(s: Session) -> tuple[idempotency.Outcome, bool]:
                found = idempotency.stored_outcome(s, self.vault, begun.mid)
                return found, found.status != "pending" or owner_alive(s, found.owner, me=self.lease.id)

            out, alive = await asyncio.to_thread(self._read, look)
            if not alive:  # its process died: fail it now, and report that
                def fail_dead(s: Session, owner: str | None = out.owner) -> None:
                    s.execute(update(Message).where(Message.id == begun.mid, Message.status == "pending",
                                                    Message.owner == owner)
                              .values(status="failed", error=INTERRUPTED, failed_at=utcnow()))

                await asyncio.to_thread(self.db.write, fail_dead)
                continue
            if out.status == "answered":
                yield AnswerDelta(out.text)
                yield TurnDone(begun.cid, begun.mid, out.answer_id, out.text, _usage_dict(Usage(**{
                    k: int(v) for k, v in (out.usage or {}).items() if k in _USAGE_KEYS})),
                    {"replayed": True, "trace": json.loads(out.trace or "{}")})
                return
            if out.status == "failed":
                kind, sep, said = out.error.partition(": ")
                if not (sep and kind.isidentifier()):
                    kind, said = "ProviderError", out.error
                yield TurnFailed(begun.cid, begun.mid, said, kind, True)
                return
            if waited >= IN_FLIGHT_WAIT_S:
                raise Conflict(f"message {begun.mid} is still being answered; send the request again later")
            await asyncio.sleep(0.2)
            waited += 0.2

    def _resume(self, s: Session, uid: str, msg: Message, *, created: bool) -> _Begun:
        """A request repeating one whose turn is stored: replay it, wait for it, or — failed,
        or its process dead — answer it again on the same message."""
        if msg.status == "answered":
            return _Begun(uid, msg.conversation_id, created, msg.id, "replay")
        if msg.status == "pending" and owner_alive(s, msg.owner, me=self.lease.id):
            return _Begun(uid, msg.conversation_id, created, msg.id, "wait")
        return self._reopen(s, uid, msg, created=created)

    def _reopen(self, s: Session, uid: str, msg: Message, *, created: bool) -> _Begun:
        msg.status, msg.error, msg.failed_at, msg.owner = "pending", None, None, self.lease.id
        self.lease.ensure(s)
        return _Begun(uid, msg.conversation_id, created, msg.id)

    def _begin_turn(self, s: Session, user: str, conversation_id: str | None, text: str,
                    channel: str, key: str | None = None, endpoint: str = "messages",
                    earlier: Sequence[tuple[str, str]] = ()) -> _Begun:
        uid = self._user_id(s, user, create=True)
        now = utcnow()
        if key is not None:
            row = idempotency.find_key(s, user_id=uid, key=key, now=now)
            if row is not None:
                msg = idempotency.same_request(s, self.vault, row, s.get(Message, row.message_id),
                                               endpoint=endpoint, conversation_id=conversation_id, text=text)
                return self._resume(s, uid, msg, created=conversation_id is None)
        conv = (repo.get_conversation(s, user_id=uid, conversation_id=conversation_id, lock=True)
                if conversation_id is not None else None)
        resent = idempotency.recent_failed(s, self.vault, user_id=uid, conversation=conv, channel=channel,
                                           text=text, window_s=self.settings.resend_window_s, now=now)
        if resent is not None:
            begun = self._reopen(s, uid, resent, created=conv is None)
        else:
            created = conv is None
            if conv is None:
                system, startup = self.builder.freeze_prefix(s, uid, channel)
                conv = repo.create_conversation(s, self.vault, user_id=uid, channel=channel,
                                                system_prompt=system, startup=startup)
                first = next((t for role, t in earlier if role == "user"), text)
                repo.set_title(s, self.vault, conv=conv, title=_auto_title(first))
            asked: str | None = None
            learn: list[jobs.JobSpec] = []
            for role, said in earlier:
                stored = repo.append_message(s, self.vault, conv=conv, role=role, text=said,
                                             status="answered" if role == "user" else "ok",
                                             reply_to=None if role == "user" else asked)
                if role == "user":
                    asked = stored.id
                    # The person's own words, as if said here: facts are learnt from them too.
                    learn.append(jobs.JobSpec("facts", {"message_id": stored.id}, f"facts:{stored.id}"))
            jobs.enqueue_many(s, learn)
            msg = repo.append_message(s, self.vault, conv=conv, role="user", text=text, status="pending",
                                      owner=self.lease.id)
            self.lease.ensure(s)
            begun = _Begun(uid, conv.id, created, msg.id)
        if key is not None:
            idempotency.remember_key(s, user_id=uid, key=key, endpoint=endpoint, conversation_id=conversation_id,
                                     message_id=begun.mid, now=now, ttl_s=self.settings.idempotency_ttl_s)
        return begun

    async def _model_round(self, request: ModelRequest, chunks: list[str], made: list[_Call],
                           calls: list[ToolCall] | None) -> AsyncIterator[AnswerDelta]:
        """One model call: its text into ``chunks`` (and yielded), its usage onto the call
        logged in ``made``, its tool calls into ``calls`` (``None``: not run, dropped)."""
        made.append(_Call(request, utcnow()))
        async for ev in self.model.stream(request):
            if isinstance(ev, TextDelta):
                chunks.append(ev.text)
                yield AnswerDelta(ev.text)
            elif isinstance(ev, ToolCall) and calls is not None:
                calls.append(ev)
            elif isinstance(ev, UsageReport):
                made[-1].usage = made[-1].usage + ev.usage

    async def _answer(self, uid: str, cid: str, mid: str, groups: tuple[str, ...] = (),
                      context: str | None = None) -> AsyncIterator[TurnEvent]:
        try:
            def build() -> tuple[tuple[ToolSpec, ...], BuiltTurn]:
                # The tools offered and the request, in one worker-thread hop.
                offered = self.tools.offered(groups)
                tools = offered if self.model.capabilities.supports_tools else ()
                return offered, self.builder.build_turn(uid, cid, mid, tools=tools, context=context,
                                                        offered=bool(offered))

            offered, built = await asyncio.to_thread(build)
            request, report = built.request, built.report
        except BaseException as e:  # cancelled too: the caller left while we were building
            await asyncio.shield(asyncio.to_thread(self._fail, mid, e))
            raise
        chunks: list[str] = []
        runs: list[ToolRun] = []
        made: list[_Call] = []  # every model call of the turn, for the call log
        finished = False
        try:
            calls: list[ToolCall] = []
            if offered and not self.model.capabilities.supports_tools:
                # A model without tool use (the offline default) still answers from the
                # knowledge base: the engine searches with the person's own words.
                calls = [ToolCall("engine-search", SEARCH_KNOWLEDGE_TOOL.name, {"query": _new_message(request)})]
            else:
                async for delta in self._model_round(request, chunks, made, calls):
                    yield delta
            if calls:
                # One round: every call of the model's answer runs at once, then it answers.
                for call in calls:
                    yield ToolActivity(call.name, "searching", str(call.arguments.get("query") or ""))
                runs = await self.tools.run_all(calls, groups)
                for run in runs:
                    yield ToolActivity(run.call.name, "failed" if run.is_error else "done",
                                       str(run.call.arguments.get("query") or ""))
                request = _with_tool_round(request, "".join(chunks), runs, ceiling=self.builder.ceiling,
                                           counter=self.builder.counter)
                report["tool_round_tokens"] = request_tokens(request, self.builder.counter)
                # The answer after the tool round: further tool calls are not run.
                async for delta in self._model_round(request, chunks, made, None):
                    yield delta
            text = "".join(chunks)
            usage = sum((call.usage for call in made), Usage())
            cited = citations(text, runs)
            if cited:
                yield Citations(cited)
            report["trace"] = trace_json(runs, cited)
            report["tools_offered"] = [t.name for t in offered]
            aid = await asyncio.to_thread(self.db.write, lambda s: self._complete(s, cid, mid, text, usage, report, made,
                                                                                  built.vector))
            finished = True
            yield TurnDone(cid, mid, aid, text, _usage_dict(usage), report)
        except ProviderError as e:
            finished = True
            await asyncio.to_thread(self._fail, mid, e)
            yield TurnFailed(cid, mid, str(e), type(e).__name__, e.retryable)
        finally:
            if not finished:
                # The caller went away mid-stream (or we were cancelled): keep the message,
                # mark the turn failed so it can be retried.
                await asyncio.shield(asyncio.to_thread(self._fail, mid, RuntimeError("the turn was interrupted")))

    def _fail(self, mid: str, error: BaseException) -> None:
        def run(s: Session) -> None:
            # Only our own attempt: another process may have taken the turn over since.
            s.execute(update(Message)
                      .where(Message.id == mid, Message.status == "pending",
                             or_(Message.owner == self.lease.id, Message.owner.is_(None)))
                      .values(status="failed", error=f"{type(error).__name__}: {error}"[:2000],
                              failed_at=utcnow()))
        self.db.write(run)

    def _complete(self, s: Session, cid: str, mid: str, text: str, usage: Usage,
                  report: dict[str, Any], made: Sequence[_Call] = (), vector: NewMessageVector | None = None) -> str:
        # Row lock: concurrent turns on one conversation take sequence numbers one at a time.
        # The conversation and the person's message in one statement.
        row = s.execute(_TURN_ROWS, {"cid": cid, "mid": mid}).first()
        if row is None:
            raise NotFound("the conversation was deleted during the turn")
        conv, user_msg = row
        if user_msg.status == "answered" or user_msg.owner not in (self.lease.id, None):
            # Taken for dead and retried elsewhere meanwhile: that attempt answers, not this one.
            raise Conflict("this turn was answered again by another attempt; its answer is kept")
        answer = repo.append_message(
            s, self.vault, conv=conv, role="assistant", text=text, status="ok", reply_to=mid,
            model=self.model.name, usage=_usage_dict(usage),
            trace=json.dumps(report.get("trace", {}), sort_keys=True),
        )
        user_msg.status, user_msg.error, user_msg.failed_at = "answered", None, None
        for call in made:
            logged = record_call(s, conversation_id=cid, user_id=conv.user_id, kind="turn",
                                 model=self.model.name, request=call.request, usage=call.usage,
                                 started_at=call.started_at, capabilities=self.model.capabilities,
                                 counter=self.builder.counter,
                                 key=self.vault.fingerprint_key(s, conv.user_id))
            report.setdefault("cache", []).append({"miss_cause": logged.miss_cause,
                                                   "pause_s": logged.pause_s})
        self.builder.after_turn(s, conv, user_msg, vector)
        return answer.id

    # -- conversations -----------------------------------------------------------------
    def _view(self, s: Session, conv: Conversation, *, messages: bool) -> ConversationView:
        msgs = tuple(repo.read_messages(s, self.vault, conv=conv)) if messages else ()
        return ConversationView(
            id=conv.id, title=repo.conversation_title(s, self.vault, conv), channel=conv.channel,
            created_at=conv.created_at, last_activity_at=conv.last_activity_at,
            message_count=conv.message_count, keep_warm=conv.keep_warm, messages=msgs,
        )

    async def list_conversations(self, *, user: str, limit: int = 50, before: Any = None,
                                 before_id: str | None = None) -> list[ConversationView]:
        """Newest activity first; page with the last view's ``(last_activity_at, id)``."""
        def run(s: Session) -> list[ConversationView]:
            found = repo.find_user(s, name=user)
            if found is None:
                return []
            return [self._view(s, c, messages=False)
                    for c in repo.list_conversations(s, user_id=found.id, limit=limit, before=before,
                                                     before_id=before_id)]
        return await asyncio.to_thread(self._read, run)

    async def get_conversation(self, conversation_id: str, *, user: str) -> ConversationView:
        def run(s: Session) -> ConversationView:
            uid = self._user_id(s, user, create=False)
            return self._view(s, repo.get_conversation(s, user_id=uid, conversation_id=conversation_id), messages=True)
        return await asyncio.to_thread(self._read, run)

    async def rename(self, conversation_id: str, title: str, *, user: str) -> None:
        clean = clean_title(title)
        def run(s: Session) -> None:
            uid = self._user_id(s, user, create=False)
            conv = repo.get_conversation(s, user_id=uid, conversation_id=conversation_id)
            repo.set_title(s, self.vault, conv=conv, title=clean)
        await asyncio.to_thread(self.db.write, run)

    async def delete_conversation(self, conversation_id: str, *, user: str) -> None:
        def run(s: Session) -> None:
            uid = self._user_id(s, user, create=False)
            repo.delete_conversation(s, user_id=uid, conversation_id=conversation_id)
        await asyncio.to_thread(self.db.write, run)

    async def export(self, conversation_id: str, *, user: str, format: str = "markdown") -> str:
        """The conversation as a person reads it: ``markdown`` or ``json``."""
        if format not in ("markdown", "json"):
            raise ValueError("format must be 'markdown' or 'json'")
        view = await self.get_conversation(conversation_id, user=user)
        return to_markdown(view) if format == "markdown" else to_json(view)

    async def set_feedback(self, message_id: str, rating: str | None, *, user: str) -> None:
        """Thumbs up/down (``"up"``/``"down"``) on an assistant message; ``None`` clears it."""
        if rating not in ("up", "down", None):
            raise InvalidRating(f"rating must be 'up' or 'down', not {rating!r}")

        def run(s: Session) -> None:
            uid = self._user_id(s, user, create=False)
            msg = s.scalar(select(Message).where(Message.id == message_id, Message.user_id == uid))
            if msg is None:
                raise NotFound(f"message {message_id} not found")
            if msg.role != "assistant":
                raise Conflict("feedback goes on an assistant message, not on the person's own")
            msg.rating = rating
            msg.rated_at = utcnow() if rating else None

        await asyncio.to_thread(self.db.write, run)

    async def set_keep_warm(self, conversation_id: str, on: bool, *, user: str) -> None:
        """Mark (or unmark) a conversation to be kept warm in the provider's prompt cache."""
        def run(s: Session) -> None:
            uid = self._user_id(s, user, create=False)
            conv = repo.get_conversation(s, user_id=uid, conversation_id=conversation_id)
            mark_keep_warm(s, conv.id, on)

        await asyncio.to_thread(self.db.write, run)

    async def rotate_master_key(self, new: MasterKey) -> int:
        """Re-wrap every data key under ``new``, online and resumably (:mod:`threadkeep.rotation`);
        returns how many were re-wrapped."""
        return await asyncio.to_thread(partial(rotation.rotate, self.db, self.vault, new,
                                               own_holder=self.keyholder))

    async def people(self) -> list[str]:
        def run(s: Session) -> list[str]:
            # Anonymous visitors are not listed: their names are hashes of a bearer credential.
            return [u for u in s.scalars(select(User.name).order_by(User.name))
                    if not u.startswith(("__", "visitor:"))]
        return await asyncio.to_thread(self._read, run)


@dataclass(frozen=True, slots=True)
class _Begun:
    """A stored turn a request goes on with: ``answer`` it, ``replay`` its stored answer, or
    ``wait`` for the attempt in flight (another request with the same Idempotency-Key)."""

    uid: str
    cid: str
    created: bool
    mid: str
    then: str = "answer"


# How long a request repeating an in-flight turn waits for its outcome.
IN_FLIGHT_WAIT_S = 300.0
_USAGE_KEYS = ("input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")


@dataclass(slots=True)
class _Call:
    request: ModelRequest
    started_at: datetime
    usage: Usage = field(default_factory=Usage)


class InvalidRating(InputError):
    """A feedback rating other than up or down."""


def _auto_title(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 60 else line[:57].rstrip() + "…"


def _usage_dict(u: Usage) -> dict[str, int]:
    return {"input_tokens": u.input_tokens, "output_tokens": u.output_tokens,
            "cache_read_tokens": u.cache_read_tokens, "cache_write_tokens": u.cache_write_tokens}


def _new_message(request: ModelRequest) -> str:
    return "".join(m.text for seg in request.segments if seg.name == "new_message" for m in seg.messages)


def _with_tool_round(request: ModelRequest, said: str, runs: list[ToolRun], *, ceiling: int,
                     counter: MemoCounter) -> ModelRequest:
    """The request again, with the round of tool calls and their results appended (last).

    The round counts inside the one ceiling: what the request leaves is shared by the results
    in order (a result cut at the token where room runs out says so); the model's own text
    before the calls takes at most half of it.
    """
    calls = tuple(ToolCallPart(r.call.call_id, r.call.name, dict(r.call.arguments)) for r in runs)
    room = ceiling - request_tokens(request, counter) - _ROUND_MARGIN
    if said:
        said = cut_to_tokens(said, max(0, room // 2), counter)
    lead = (TextPart(said),) if said else ()
    asked = ChatMessage("assistant", lead + calls)
    left = room - message_tokens(asked, counter) - MESSAGE_OVERHEAD - PART_OVERHEAD * len(runs)
    results: list[ToolResultPart] = []
    for i, r in enumerate(runs):
        share = max(0, left // (len(runs) - i))
        content = cut_to_tokens(r.content, share, counter)
        if not content and counter.count(_NO_ROOM) <= share:
            content = _NO_ROOM
        left -= counter.count(content)
        results.append(ToolResultPart(r.call.call_id, content, r.is_error))
    round_ = Segment("tool_round", (asked, ChatMessage("user", tuple(results))))
    return replace(request, segments=request.segments + (round_,))


# Per-piece counts can differ from the joined text by a token or two.
_ROUND_MARGIN = 8
_NO_ROOM = "[result left out: no room under the token ceiling]"


def _error_class(name: str) -> type[ProviderError]:
    cls = getattr(errors, name, None)
    return cls if isinstance(cls, type) and issubclass(cls, ProviderError) else ProviderError


def _build(spec: object) -> ChatModel:
    if spec == "offline":
        from threadkeep.llm.offline import OfflineModel

        return OfflineModel()
    from threadkeep.llm.registry import build_model

    return build_model(str(spec))


def _is_model(value: object) -> bool:
    return value is not None and not isinstance(value, str)

