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

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from threadkeep import errors, jobs, rotation
from threadkeep.cache.keepwarm import mark_keep_warm
from threadkeep.cache.log import record_call
from threadkeep.config import Settings
from threadkeep.context.request import ModelRequest, Segment
from threadkeep.crypto import MasterKey, load_keyring
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
from threadkeep.messages import ChatMessage, TextPart, ToolCallPart, ToolResultPart
from threadkeep.store import repo
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation, KeyringMeta, Message, User
from threadkeep.store.vault import Vault
from threadkeep.tools import ToolRun, TurnTools, citations, trace_json
from threadkeep.turn_context import TurnBuilder
from threadkeep.validate import clean_text, clean_title

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
        self.runner = jobs.JobRunner(db, self.builder.job_handlers())
        self._workers: list[asyncio.Task[None]] = []
        self._warmer: Any = None
        self._sweeper: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self.keyholder: str | None = None

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
        with db.session() as s:
            repo.mark_stale_pending(s, older_than=utcnow() - timedelta(seconds=settings.pending_turn_timeout_s))
        chat = model if _is_model(model) else _build(model or settings.model)
        fold_spec = fold_model or settings.fold_model
        folder = fold_model if _is_model(fold_model) else (_build(fold_spec) if fold_spec else None)
        return cls(db, vault, model=chat, fold_model=folder, settings=settings)  # type: ignore[arg-type]

    async def close(self) -> None:
        await self.stop_background()
        self.db.dispose()

    # -- background work ---------------------------------------------------------------
    def start_background(self, *, keep_warm: bool = True) -> None:
        """Run queued background work (and the keep-warm scheduler) in this event loop."""
        if not self._workers:
            self._stop.clear()
            # Several loops per replica: claims are exclusive (SKIP LOCKED on PostgreSQL, the
            # write lock on SQLite) and handlers idempotent, so background work keeps up with
            # many concurrent conversations instead of queueing behind one slow job.
            self._workers = [asyncio.create_task(self.runner.run_forever(stop=self._stop))
                             for _ in range(self.settings.job_workers)]
        if self._sweeper is None:
            self.keyholder = new_id()[:12]  # announced with the sweep (threadkeep.rotation)
            self._sweeper = asyncio.create_task(self._sweep_stale_turns())
        if keep_warm and self._warmer is None:
            from threadkeep.cache.keepwarm import KeepWarmScheduler

            # Off until an administrator enables it; the scheduler reads the settings each tick.
            self._warmer = KeepWarmScheduler(self.db, model=self.model, ping_request=self.ping_request,
                                             fingerprint_key=self.vault.fingerprint_key)
            self._warmer.start()

    async def _sweep_stale_turns(self, every_s: float = 60.0) -> None:
        """Turns left pending when even marking them failed was impossible (the database was
        gone) become failed, and retryable, once they are older than the pending timeout."""
        while not self._stop.is_set():
            try:
                cutoff = utcnow() - timedelta(seconds=self.settings.pending_turn_timeout_s)
                await asyncio.to_thread(self.db.write, partial(repo.mark_stale_pending, older_than=cutoff))
                await asyncio.to_thread(rotation.announce, self, self.keyholder)
            except Exception as e:  # the database may still be away: try again later
                log.warning("stale-turn sweep failed: %s", e)
            try:
                await asyncio.wait_for(self._stop.wait(), timeout=every_s)
            except TimeoutError:
                pass

    async def stop_background(self) -> None:
        if self._warmer is not None:
            await self._warmer.stop()
            self._warmer = None
        if self._workers or self._sweeper is not None:
            self._stop.set()
            for task in (*self._workers, self._sweeper):
                if task is not None:
                    await task
            self._workers, self._sweeper = [], None
            if self.keyholder is not None:
                try:
                    await asyncio.to_thread(rotation.withdraw, self, self.keyholder)
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
        if found is None:
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
                   context: str | None = None) -> TurnResult:
        """One turn, not streamed. Raises the provider's error if the model failed."""
        opened: ConversationOpened | None = None
        async for ev in self.stream(text, user=user, conversation_id=conversation_id, channel=channel,
                                    groups=groups, context=context):
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
                     context: str | None = None) -> AsyncIterator[TurnEvent]:
        """One turn, streamed: conversation, message id, deltas, then done or error.

        ``groups`` are the knowledge groups the caller may search; ``context`` (e.g. a page
        selection) is shown to the model with this message only and never stored.
        """
        clean = clean_text(text, max_bytes=self.settings.max_message_bytes)
        extra = clean_text(context, max_bytes=self.settings.max_message_bytes) if context else None
        started = await asyncio.to_thread(self.db.write, lambda s: self._begin_turn(s, user, conversation_id, clean, channel))
        uid, cid, created, mid = started
        yield ConversationOpened(cid, created)
        yield MessageStored(mid)
        # aclosing: if our caller stops early, the inner stream is closed now (and marks the
        # turn failed), not whenever the garbage collector gets to it.
        async with aclosing(self._answer(uid, cid, mid, tuple(groups), extra)) as answer:
            async for ev in answer:
                yield ev

    async def retry(self, message_id: str, *, user: str, groups: Sequence[str] = ()) -> AsyncIterator[TurnEvent]:
        """Answer a failed turn again; the person's message is reused, not duplicated."""
        def reopen(s: Session) -> tuple[str, str]:
            uid = self._user_id(s, user, create=False)
            msg = s.scalar(select(Message).where(Message.id == message_id, Message.user_id == uid))
            if msg is None or msg.role != "user":
                raise NotFound(f"message {message_id} not found")
            if msg.status != "failed":
                raise Conflict(f"message {message_id} is {msg.status}; only a failed turn can be retried")
            msg.status, msg.error = "pending", None
            return uid, msg.conversation_id

        uid, cid = await asyncio.to_thread(self.db.write, reopen)
        yield ConversationOpened(cid, False)
        yield MessageStored(message_id)
        async with aclosing(self._answer(uid, cid, message_id, tuple(groups))) as answer:
            async for ev in answer:
                yield ev

    def _begin_turn(self, s: Session, user: str, conversation_id: str | None, text: str,
                    channel: str) -> tuple[str, str, bool, str]:
        uid = self._user_id(s, user, create=True)
        if conversation_id is not None:
            conv = repo.get_conversation(s, user_id=uid, conversation_id=conversation_id, lock=True)
            created = False
        else:
            system, startup = self.builder.freeze_prefix(s, uid, channel)
            conv = repo.create_conversation(s, self.vault, user_id=uid, channel=channel,
                                            system_prompt=system, startup=startup)
            repo.set_title(s, self.vault, conv=conv, title=_auto_title(text))
            created = True
        msg = repo.append_message(s, self.vault, conv=conv, role="user", text=text, status="pending")
        return uid, conv.id, created, msg.id

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
            offered = await asyncio.to_thread(self.tools.offered, groups)
            tools = offered if self.model.capabilities.supports_tools else ()
            request, report = await self.builder.abuild(uid, cid, mid, tools=tools, context=context)
        except BaseException as e:  # cancelled too: the caller left while we were building
            await asyncio.shield(asyncio.to_thread(self._fail, mid, e))
            raise
        chunks: list[str] = []
        runs: list[ToolRun] = []
        made: list[_Call] = []  # every model call of the turn, for the call log
        finished = False
        try:
            calls: list[ToolCall] = []
            if offered and not tools:
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
                request = _with_tool_round(request, "".join(chunks), runs)
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
            aid = await asyncio.to_thread(self.db.write, lambda s: self._complete(s, cid, mid, text, usage, report, made))
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
            s.execute(update(Message).where(Message.id == mid, Message.status == "pending")
                      .values(status="failed", error=f"{type(error).__name__}: {error}"[:2000]))
        self.db.write(run)

    def _complete(self, s: Session, cid: str, mid: str, text: str, usage: Usage,
                  report: dict[str, Any], made: Sequence[_Call] = ()) -> str:
        # Row lock: concurrent turns on one conversation take sequence numbers one at a time.
        conv = s.get(Conversation, cid, with_for_update=True)
        user_msg = s.get(Message, mid)
        if conv is None or user_msg is None:
            raise NotFound("the conversation was deleted during the turn")
        answer = repo.append_message(
            s, self.vault, conv=conv, role="assistant", text=text, status="ok", reply_to=mid,
            model=self.model.name, usage=_usage_dict(usage),
            trace=json.dumps(report.get("trace", {}), sort_keys=True),
        )
        user_msg.status, user_msg.error = "answered", None
        for call in made:
            logged = record_call(s, conversation_id=cid, user_id=conv.user_id, kind="turn",
                                 model=self.model.name, request=call.request, usage=call.usage,
                                 started_at=call.started_at, capabilities=self.model.capabilities,
                                 counter=self.builder.counter,
                                 key=self.vault.fingerprint_key(s, conv.user_id))
            report.setdefault("cache", []).append({"miss_cause": logged.miss_cause,
                                                   "pause_s": logged.pause_s})
        self.builder.after_turn(s, conv, user_msg)
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
        from threadkeep import rotation

        return await asyncio.to_thread(rotation.rotate, self, new)

    async def people(self) -> list[str]:
        def run(s: Session) -> list[str]:
            # Anonymous visitors are not listed: their names are hashes of a bearer credential.
            return [u for u in s.scalars(select(User.name).order_by(User.name))
                    if not u.startswith(("__", "visitor:"))]
        return await asyncio.to_thread(self._read, run)


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


def _with_tool_round(request: ModelRequest, said: str, runs: list[ToolRun]) -> ModelRequest:
    """The request again, with the round of tool calls and their results appended (last)."""
    calls = tuple(ToolCallPart(r.call.call_id, r.call.name, dict(r.call.arguments)) for r in runs)
    lead = (TextPart(said),) if said else ()
    results = tuple(ToolResultPart(r.call.call_id, r.content, r.is_error) for r in runs)
    round_ = Segment("tool_round", (ChatMessage("assistant", lead + calls), ChatMessage("user", results)))
    return replace(request, segments=request.segments + (round_,))


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

