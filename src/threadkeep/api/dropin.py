"""What the two drop-in endpoints (OpenAI's Chat Completions, Anthropic's Messages) share.

A drop-in client keeps the conversation itself and resends all of it every turn. Both
endpoints reduce the request to the same three things — the earlier user and assistant
messages with text, the new message, and an explicit conversation id if one came — and
:func:`begin` turns them into a started threadkeep turn: the conversation recognised from
the history (``engine/openai_threads.py``), unseen history stored first, a failed last turn
answered again rather than stored twice. ``answered`` stores the fingerprint of what the
client holds after the answer, so its next resend is recognised.

A drop-in turn runs to its end in a task of its own (:meth:`DropInTurn.events`): a client that
gives up (its timeout, a dropped stream) does not stop it, so the answer — or the tool calls —
is stored, and the same request sent again gets it without a second model call. Here too: the
content of a message (text only; an image is refused with a clear error) and the client's
instructions.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from threadkeep.api.errors import ApiError
from threadkeep.api.sse import StartedTurn, start_turn
from threadkeep.api.state import ServiceState
from threadkeep.engine import Memory, openai_threads
from threadkeep.engine.client_settings import Sampling
from threadkeep.engine.client_tools import ClientTools
from threadkeep.engine.openai_threads import Recognised, Turn
from threadkeep.engine.turn_input import TurnInput
from threadkeep.errors import Conflict, ThreadkeepError
from threadkeep.events import ConversationOpened, TurnDone, TurnEvent, TurnFailed
from threadkeep.messages import canonical_json, message_to_dict
from threadkeep.store.base import utcnow

__all__ = ["DropInTurn", "begin", "no_retry", "text_of", "CONVERSATION_HEADER", "REGENERATE_HELP"]

log = logging.getLogger("threadkeep.api")
# Turns carried on after their client left: referenced here so they are not collected mid-way.
_RUNNING: set[asyncio.Task[None]] = set()
# Content part types that carry an image, in the two APIs' formats.
_IMAGE_KINDS = frozenset({"image_url", "image", "input_image"})

CONVERSATION_HEADER = "X-Threadkeep-Conversation"
REGENERATE_HELP = (
    "true: answer the last message again, in place of its stored answer (kept as an earlier "
    "version); without it, the same request within regenerate_after_s of its answer is a retry"
)


@dataclass
class DropInTurn:
    """A drop-in request's turn, started (its first event arrived), and what it stands on."""

    memory: Memory
    person: str
    history: list[Turn]
    text: str
    conversation_id: str
    turn: StartedTurn

    async def answered(self, done: TurnDone) -> None:
        """Remember what the client holds now — its history, its message and this answer."""
        turns = [*self.history, ("user", self.text), ("assistant", done.text)]
        await asyncio.to_thread(
            openai_threads.remember_for,
            self.memory,
            person=self.person,
            conversation_id=self.conversation_id,
            turns=turns,
        )

    def events(self) -> AsyncIterator[TurnEvent]:
        """The rest of the turn, run to its end in a task of its own whether or not the client
        is still reading: a client that timed out or dropped its stream leaves the turn to
        finish, its answer (or its tool calls) stored for the same request sent again. The
        thread's fingerprint is stored before the answer is handed on."""
        queue: asyncio.Queue[TurnEvent | BaseException | None] = asyncio.Queue()

        async def run() -> None:
            try:
                async for ev in self.turn.rest:
                    if isinstance(ev, TurnDone):
                        await self.answered(ev)  # before the client can send its next turn
                    queue.put_nowait(ev)
            except ThreadkeepError as e:
                queue.put_nowait(e)
            except Exception as e:  # a bug: logged here too, since the reader may be gone
                log.exception("a drop-in turn failed", exc_info=e)
                queue.put_nowait(e)
            finally:
                queue.put_nowait(None)

        task = asyncio.create_task(run())
        _RUNNING.add(task)
        task.add_done_callback(_RUNNING.discard)

        async def read() -> AsyncIterator[TurnEvent]:
            while (item := await queue.get()) is not None:
                if isinstance(item, BaseException):
                    raise item
                yield item

        return read()


def no_retry(failed: TurnFailed) -> dict[str, str]:
    """``x-should-retry: false`` for a failure that another try cannot fix (an empty provider
    account, a refused request): the OpenAI and Anthropic SDKs honour it and do not retry."""
    return {} if failed.retryable else {"x-should-retry": "false"}


def text_of(content: Any, *, where: str, handled: Collection[str] = ()) -> str:
    """The text of a message's content: a string, or its ``text`` parts joined with newlines.
    Parts of a kind in ``handled`` (tool calls and results) are the caller's; anything else is
    refused rather than dropped — an image most of all: the model would answer without it."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    texts: list[str] = []
    for part in content if isinstance(content, list) else [content]:
        kind = part.get("type") if isinstance(part, dict) else None
        if kind == "text" and isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif kind in _IMAGE_KINDS:
            raise ApiError(400, f"{where}: images are not supported: this server gives the model text only")
        elif kind not in handled:
            raise ApiError(400, f"{where}: content of type {kind!r} is not supported: send text")
    return "\n".join(texts)


def with_text(history: Sequence[Turn]) -> list[Turn]:
    """The turns that take part in recognition: user and assistant messages with text."""
    return [(role, text) for role, text in history if role in openai_threads.ROLES and openai_threads.normalise(text)]


async def begin(
    memory: Memory,
    state: ServiceState,
    *,
    person: str,
    history: Sequence[Turn],
    text: str,
    conversation_id: str | None,
    idempotency_key: str | None,
    channel: str,
    endpoint: str,
    client_tools: ClientTools | None = None,
    regenerate: bool = False,
    instructions: str = "",
    sampling: Sampling | None = None,
) -> DropInTurn:
    """Start the turn of a drop-in request; refusals before the model is called raise.

    ``client_tools``: the client's tools and the tool rounds it sent after its message (a
    follow-up of a tool loop goes on with the turn its message started). ``regenerate``: the
    client asks for a new answer to its last message (also implied when the same request
    comes after ``regenerate_after_s``). ``instructions``: the request's system prompt ("" for
    none), kept as the conversation's; ``sampling``: its sampling settings."""
    told = TurnInput(client_tools=client_tools, instructions=instructions, sampling=sampling)
    earlier = with_text(history)
    rounds = client_tools.rounds if client_tools is not None else ()
    derived, client_key = None, idempotency_key
    if idempotency_key is None or regenerate or rounds:
        # No Idempotency-Key (the SDKs send none to compatible servers): the request itself is
        # the key, so a retry after a timeout joins or replays the first attempt.
        derived = await asyncio.to_thread(
            openai_threads.request_key_for,
            memory,
            person=person,
            history=earlier,
            new_text=text,
            conversation_id=conversation_id,
            endpoint=endpoint,
        )
        idempotency_key = idempotency_key or derived.key
    if rounds and derived is not None and derived.seen and derived.message_id is not None:
        # A tool loop's follow-up: the turn its message started goes on with the results. Its
        # own key (the rounds included) makes the SDK's retries of this follow-up join it.
        round_key = await asyncio.to_thread(
            openai_threads.request_key_for,
            memory,
            person=person,
            history=earlier,
            new_text=text,
            conversation_id=conversation_id,
            endpoint=endpoint,
            rounds=canonical_json([message_to_dict(m) for m in rounds]),
        )
        events = memory.retry(
            derived.message_id, user=person, inputs=replace(told, idempotency_key=client_key or round_key.key)
        )
        return await _started(memory, state, person, earlier, text, events)
    if rounds and client_key is None:
        # Tool results no request of ours asked for: never a new turn built on invented calls.
        raise ApiError(
            400,
            "tool results for calls this server did not make: send the request that got the "
            "tool calls first (its history and message), then its results",
        )
    if derived is not None and derived.seen and derived.message_id is not None and derived.answered_at is not None:
        late = (utcnow() - derived.answered_at).total_seconds() > memory.settings.regenerate_after_s
        if regenerate or (late and derived.last_turn and client_key is None):
            events = memory.regenerate(
                derived.message_id, user=person, inputs=replace(told, idempotency_key=derived.key)
            )
            return await _started(memory, state, person, earlier, text, events)
    elif regenerate:
        raise Conflict(
            "nothing to regenerate: this history's last message was not answered here in the last "
            "24 hours (send it without the regenerate flag to answer it)"
        )
    if derived is not None and derived.seen and client_key is None:
        # The same request again: the engine waits for the attempt in flight, replays its
        # stored answer, or answers its failed message again — never a second turn.
        events = memory.stream(
            text,
            user=person,
            conversation_id=derived.conversation_id,
            channel=channel,
            inputs=replace(told, idempotency_key=idempotency_key, endpoint=endpoint),
        )
        return await _started(memory, state, person, earlier, text, events)
    if conversation_id is None and earlier:
        found = await asyncio.to_thread(
            openai_threads.recognise_for, memory, person=person, history=earlier, new_text=text
        )
    else:
        found = Recognised(conversation_id, ())
    if found.retry_message_id is not None:
        # The failed message from before this request's key existed: answered again as it is.
        events = memory.retry(found.retry_message_id, user=person, inputs=replace(told, idempotency_key=client_key))
    else:
        events = memory.stream(
            text,
            user=person,
            conversation_id=found.conversation_id,
            channel=channel,
            inputs=replace(told, earlier=tuple(found.unseen), idempotency_key=idempotency_key, endpoint=endpoint),
        )
    return await _started(memory, state, person, earlier, text, events)


async def _started(
    memory: Memory, state: ServiceState, person: str, earlier: list[Turn], text: str, events: AsyncIterator[TurnEvent]
) -> DropInTurn:
    turn = await start_turn(state.admitted(events))
    opened = turn.first
    assert isinstance(opened, ConversationOpened)
    return DropInTurn(memory, person, earlier, text, opened.conversation_id, turn)
