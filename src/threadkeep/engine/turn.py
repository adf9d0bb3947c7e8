"""The turn: one person's message to a stored answer (begin → answer → complete).

A turn first stores the person's message (status ``pending``) in its own transaction, so a
model failure or a crash never loses it. The request is built from what the turn reads
(:mod:`threadkeep.engine.window`) by the pure builder (:mod:`threadkeep.engine.request`);
what the build decided (a summary adoption, the turn's recall note) is written next, in one
transaction (:mod:`threadkeep.engine.turn_build`). The answer streams from the model; when it
is complete, the assistant row is written and the person's row marked ``answered`` in one
transaction (:mod:`threadkeep.engine.turn_end`) — a turn ends with exactly two rows, or with
one ``failed`` row that can be retried. Background work (folds,
fact extraction) is queued durably in the same transaction
(:meth:`threadkeep.engine.background.Background.queue_after_turn`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import aclosing
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import exc as sa_exc
from sqlalchemy.orm import Session

from threadkeep import errors, priority
from threadkeep.config import Settings
from threadkeep.context.budget import request_tokens
from threadkeep.engine import idempotency
from threadkeep.engine.background import Background
from threadkeep.engine.client_tools import asked_calls, with_client_tools
from threadkeep.engine.memory_tool import MemoryScope
from threadkeep.engine.request import BuiltTurn, TurnBuilder
from threadkeep.engine.tools import (
    ENGINE_SEARCH,
    ToolRun,
    TurnTools,
    citations,
    round_room,
    trace_json,
    with_tool_round,
)
from threadkeep.engine.turn_begin import PAUSED, Begun, TurnOpener
from threadkeep.engine.turn_build import TurnRequests
from threadkeep.engine.turn_end import ModelCall, TurnEnd, usage_dict
from threadkeep.engine.turn_input import NO_INPUT, TurnInput
from threadkeep.engine.turn_outcome import calls_asked, stored_outcome
from threadkeep.errors import Conflict, InputError, NotFound, ProviderError
from threadkeep.events import (
    AnswerDelta,
    Citations,
    ConversationOpened,
    MessageStored,
    ToolActivity,
    ToolCallsAsked,
    TurnDone,
    TurnEvent,
    TurnFailed,
)
from threadkeep.knowledge.tool import SEARCH_KNOWLEDGE_TOOL
from threadkeep.llm.base import ChatModel, Stop, TextDelta, Usage, UsageReport
from threadkeep.messages import ModelRequest, ToolCallPart, ToolSpec
from threadkeep.store import repo, turns
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.leases import TurnLeaseHolder, owner_alive
from threadkeep.store.models import Message
from threadkeep.store.vault import Vault
from threadkeep.validate import clean_text

if TYPE_CHECKING:  # recall (numpy) loads on the first turn
    from threadkeep.retrieval.embedding import Embedder

__all__ = ["TurnService", "TurnResult"]

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


class TurnService:
    """Turns of one deployment: begin (store the message), answer (build, stream), complete."""

    def __init__(
        self,
        db: Database,
        vault: Vault,
        settings: Settings,
        *,
        model: ChatModel,
        lease: TurnLeaseHolder,
        builder: TurnBuilder,
        tools: TurnTools,
        background: Background,
        embedder: Callable[[], Embedder | None],
    ) -> None:
        self.db = db
        self.vault = vault
        self.settings = settings
        self.model = model
        self.lease = lease
        self.builder = builder
        self.tools = tools
        self.background = background
        self.embedder = embedder
        self.opener = TurnOpener(vault, settings, builder, lease)
        self.requests = TurnRequests(
            db,
            vault,
            settings,
            model=model,
            builder=builder,
            tools=tools,
            adoption=background.adoption,
            embedder=embedder,
        )
        self.end = TurnEnd(db, vault, model=model, lease=lease, counter=builder.counter, background=background)

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
        opened: ConversationOpened | None = None
        async for ev in self.stream(text, user=user, conversation_id=conversation_id, channel=channel, inputs=inputs):
            if isinstance(ev, ConversationOpened):
                opened = ev
            elif isinstance(ev, TurnDone):
                return TurnResult(
                    ev.conversation_id,
                    bool(opened and opened.created),
                    ev.user_message_id,
                    ev.assistant_message_id,
                    ev.text,
                    ev.usage,
                    ev.report,
                )
            elif isinstance(ev, TurnFailed):
                raise _error_class(ev.error_type)(ev.error)
        raise AssertionError("a turn ended without done or error")

    async def stream(
        self,
        text: str | bytes,
        *,
        user: str,
        conversation_id: str | None = None,
        channel: str = "api",
        inputs: TurnInput = NO_INPUT,
    ) -> AsyncIterator[TurnEvent]:
        """One turn, streamed: conversation, message id, deltas, then done or error (or
        :class:`ToolCallsAsked` when the client's tools are called); ``inputs``: what the caller
        asks of the turn (:class:`~threadkeep.engine.turn_input.TurnInput`)."""
        limit = self.settings.max_message_bytes
        clean = clean_text(text, max_bytes=limit)
        told = self.opener.instructions(inputs.instructions)
        if inputs.context:  # checked before anything is stored, like the message
            inputs = replace(inputs, context=clean_text(inputs.context, max_bytes=limit))
        history = [(role, clean_text(t, max_bytes=limit)) for role, t in inputs.earlier]
        if any(role not in ("user", "assistant") for role, _ in history):
            raise InputError("earlier messages must have role 'user' or 'assistant'")
        key = idempotency.check_key(inputs.idempotency_key)
        client_tools = inputs.client_tools
        follow_up = bool(client_tools and client_tools.rounds)
        begun = await self._write_retrying(
            lambda s: self.opener.settle(
                s,
                self.opener.begin(s, user, conversation_id, clean, channel, key, inputs.endpoint, history, follow_up),
                client_tools,
                told,
            )
        )
        async with aclosing(self._carry_out(begun, inputs)) as events:
            async for ev in events:
                yield ev

    async def retry(self, message_id: str, *, user: str, inputs: TurnInput = NO_INPUT) -> AsyncIterator[TurnEvent]:
        """Answer a failed turn again; the person's message is reused, not duplicated. A turn
        left pending by a process that died is failed first; it need not be in the window. A
        turn paused for the client's tool results goes on with ``inputs.client_tools``' rounds."""
        key = idempotency.check_key(inputs.idempotency_key)
        told = self.opener.instructions(inputs.instructions)

        def reopen(s: Session) -> Begun:
            uid = repo.person_id(s, self.vault, name=user, create=False)
            msg = turns.person_message(s, user_id=uid, message_id=message_id)
            if msg is None or msg.role != "user":
                raise NotFound(f"message {message_id} not found")
            now = utcnow()
            if key is not None:
                row = idempotency.find_key(s, user_id=uid, key=key, now=now)
                if row is not None:
                    idempotency.same_request(
                        s,
                        self.vault,
                        row,
                        s.get(Message, row.message_id),
                        endpoint="retry",
                        conversation_id=None,
                        text=None,
                    )
                    if row.message_id != message_id:
                        raise idempotency.IdempotencyMismatch(
                            "this Idempotency-Key was used to retry another message; use a new key"
                        )
                    return self.opener.resume(s, uid, msg, created=False, row=row)
            dead = msg.status == "pending" and not owner_alive(s, msg.owner, me=self.lease.id, now=now)
            if msg.status not in ("failed", PAUSED) and not dead:
                raise Conflict(
                    f"message {message_id} is {msg.status}; only a failed turn (or one waiting for "
                    "tool results) can be retried"
                )
            begun = self.opener.reopen(s, uid, msg, created=False, key=key)
            if key is not None:
                idempotency.remember_key(
                    s,
                    user_id=uid,
                    key=key,
                    endpoint="retry",
                    conversation_id=None,
                    message_id=msg.id,
                    now=now,
                    ttl_s=self.settings.idempotency_ttl_s,
                )
            return begun

        begun = await self._write_retrying(lambda s: self.opener.settle(s, reopen(s), inputs.client_tools, told))
        async with aclosing(self._carry_out(begun, replace(inputs, context=None))) as events:
            async for ev in events:
                yield ev

    async def regenerate(self, message_id: str, *, user: str, inputs: TurnInput = NO_INPUT) -> AsyncIterator[TurnEvent]:
        """Answer the conversation's last turn again: the new answer replaces the stored one
        (kept as an earlier version), facts are not learnt again from the same message, and a
        failed regeneration leaves the stored answer current. ``inputs.idempotency_key``: the
        key of the request the turn was first answered for (it keeps the calls a regenerated
        tool loop pauses with)."""
        told = self.opener.instructions(inputs.instructions)
        begun = await self._write_retrying(
            lambda s: self.opener.settle(
                s, self.opener.regenerate(s, user, message_id, inputs.idempotency_key), inputs.client_tools, told
            )
        )
        async with aclosing(self._carry_out(begun, replace(inputs, context=None))) as events:
            async for ev in events:
                yield ev

    async def _write_retrying(self, fn: Callable[[Session], T]) -> T:
        """A write that may lose a race on a unique key (two first uses of one Idempotency-Key):
        the loser runs again and finds the winner's row."""
        try:
            return await asyncio.to_thread(self.db.write, fn)
        except sa_exc.IntegrityError:
            return await asyncio.to_thread(self.db.write, fn)

    async def _carry_out(self, begun: Begun, inputs: TurnInput) -> AsyncGenerator[TurnEvent, None]:
        yield ConversationOpened(begun.cid, begun.created)
        yield MessageStored(begun.mid)
        if begun.then == "calls" and begun.calls is not None:
            # A repeat of a request that got tool calls gets those calls: no model call.
            yield calls_asked(begun, begun.calls)
            return
        if begun.then != "answer":
            ended = False
            async for ev in stored_outcome(self.db, self.vault, self.lease.id, begun):
                ended = ended or isinstance(ev, TurnDone | TurnFailed | ToolCallsAsked)
                yield ev
            if ended or not await asyncio.to_thread(self.db.write, lambda s: self._take_paused(s, begun)):
                return
            # The attempt we waited for paused for the client's tools: this request goes on.
        with self.lease.holding(), priority.turn():  # background work pauses meanwhile
            # aclosing: if our caller stops early, the inner stream is closed now (and
            # marks the turn failed), not whenever the garbage collector gets to it.
            async with aclosing(self._answer(begun, inputs)) as answer:
                async for ev in answer:
                    yield ev

    def _take_paused(self, s: Session, begun: Begun) -> bool:
        msg = s.get(Message, begun.mid)
        if msg is None or msg.status != PAUSED:
            return False
        self.opener.reopen(s, begun.uid, msg, created=begun.created)
        return True

    async def _model_round(
        self, request: ModelRequest, chunks: list[str], made: list[ModelCall], calls: list[ToolCallPart] | None
    ) -> AsyncIterator[AnswerDelta]:
        """One model call: its text into ``chunks`` (and yielded), its usage onto the call
        logged in ``made``, its tool calls into ``calls`` (``None``: not run, dropped)."""
        made.append(ModelCall(request, utcnow()))
        async for ev in self.model.stream(request):
            if isinstance(ev, TextDelta):
                chunks.append(ev.text)
                yield AnswerDelta(ev.text)
            elif isinstance(ev, ToolCallPart) and calls is not None:
                calls.append(ev)
            elif isinstance(ev, UsageReport):
                made[-1].usage = made[-1].usage + ev.usage
            elif isinstance(ev, Stop):
                made[-1].stop = ev.reason

    async def _prepare(self, begun: Begun, inputs: TurnInput) -> tuple[tuple[ToolSpec, ...], BuiltTurn, ModelRequest]:
        """The tools offered, the built turn, and its request with the client's tools
        and sampling settings applied; a failure (or the caller leaving) fails the turn."""
        client = inputs.client_tools
        try:
            # The tools offered and the request, in one worker-thread hop.
            offered, built = await asyncio.to_thread(
                self.requests.build,
                begun.uid,
                begun.cid,
                begun.mid,
                inputs.groups,
                inputs.context,
                client,
                begun.instructions_changed,
            )
            request = built.request
            if client is not None:
                request = with_client_tools(request, client, ceiling=self.builder.ceiling, counter=self.builder.counter)
            if inputs.sampling is not None:
                request = inputs.sampling.apply(request, cap=self.settings.answer_reserve)
        except BaseException as e:  # cancelled too: the caller left while we were building
            await asyncio.shield(asyncio.to_thread(self.end.fail, begun, e))
            raise
        return offered, built, request

    async def _answer(self, begun: Begun, inputs: TurnInput) -> AsyncGenerator[TurnEvent, None]:
        cid, mid, client, groups = begun.cid, begun.mid, inputs.client_tools, inputs.groups
        offered, built, request = await self._prepare(begun, inputs)
        report = built.report
        chunks: list[str] = []
        runs: list[ToolRun] = []
        made: list[ModelCall] = []  # every model call of the turn, for the call log
        finished = False
        try:
            calls: list[ToolCallPart] = []
            if offered and not self.model.capabilities.supports_tools:
                # A model without tool use (the offline default) still answers from the
                # knowledge base: the engine searches with the person's own words.
                calls = [ToolCallPart(ENGINE_SEARCH, SEARCH_KNOWLEDGE_TOOL.name, {"query": _new_message(request)})]
            else:
                async for delta in self._model_round(request, chunks, made, calls):
                    yield delta
            if client is not None:
                # The client's tools only: its calls go back to it, the turn waits for the results.
                asked = [c for c in calls if c.name in client.names]
                if asked:
                    spent = usage_dict(sum((call.usage for call in made), Usage()))
                    said, given = "".join(chunks), asked_calls(asked)
                    await asyncio.to_thread(self.db.write, lambda s: self.end.pause(s, begun, made, said, given, spent))
                    finished = True
                    yield ToolCallsAsked(cid, mid, said, given, spent)
                    return
                calls = []
            if calls:
                # One round: every call of the model's answer runs at once, then it answers.
                for call in calls:
                    yield ToolActivity(call.name, "searching", str(call.arguments.get("query") or ""))
                said = "".join(chunks)
                runs = await self.tools.run_all(
                    calls,
                    groups,
                    person=_shown_scope(begun, built),
                    room=round_room(request, said, calls, ceiling=self.builder.ceiling, counter=self.builder.counter),
                )
                for run in runs:
                    yield ToolActivity(
                        run.call.name, "failed" if run.is_error else "done", str(run.call.arguments.get("query") or "")
                    )
                request = with_tool_round(
                    request, said, runs, ceiling=self.builder.ceiling, counter=self.builder.counter
                )
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
            report["tools_offered"] = [t.name for t in (client.specs if client is not None else offered)]
            if client is not None:
                report["client_tool_messages"] = len(client.rounds)
            report["stop_reason"] = made[-1].stop if made else "end_turn"
            aid = await asyncio.to_thread(
                self.db.write, lambda s: self.end.complete(s, begun, text, usage, report, made, built.vector)
            )
            if begun.regenerating:  # recall holds answers decrypted in process: forget the old text
                from threadkeep.memory.recall.index import (
                    clear_recall_cache,  # lazy: start-up (tests/test_serve_startup.py)
                )

                clear_recall_cache(begun.uid)
            finished = True
            yield TurnDone(cid, mid, aid, text, usage_dict(usage), report)
        except ProviderError as e:
            finished = True
            await asyncio.to_thread(self.end.fail, begun, e)
            yield TurnFailed(cid, mid, str(e), type(e).__name__, e.retryable)
        finally:
            if not finished:
                # The caller went away mid-stream (or we were cancelled): keep the message,
                # mark the turn failed so it can be retried.
                await asyncio.shield(asyncio.to_thread(self.end.fail, begun, RuntimeError("the turn was interrupted")))


def _shown_scope(begun: Begun, built: BuiltTurn) -> MemoryScope:
    """Whose memory the turn's ``search_memory`` calls search, and what the request already
    shows of it (this conversation's verbatim messages, the recalled lines)."""
    shown = frozenset(str(r["message_id"]) for r in built.report.get("recall", ()))
    return MemoryScope(begun.uid, begun.cid, built.recall_after, shown)


def _new_message(request: ModelRequest) -> str:
    return "".join(m.text for seg in request.segments if seg.name == "new_message" for m in seg.messages)


def _error_class(name: str) -> type[ProviderError]:
    cls = getattr(errors, name, None)
    return cls if isinstance(cls, type) and issubclass(cls, ProviderError) else ProviderError
