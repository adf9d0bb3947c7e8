"""What the two drop-in endpoints (OpenAI's Chat Completions, Anthropic's Messages) share.

A drop-in client keeps the conversation itself and resends all of it every turn. Both
endpoints reduce the request to the same three things — the earlier user and assistant
messages with text, the new message, and an explicit conversation id if one came — and
:func:`begin` turns them into a started threadkeep turn: the conversation recognised from
the history (``engine/openai_threads.py``), unseen history stored first, a failed last turn
answered again rather than stored twice. ``answered`` stores the fingerprint of what the
client holds after the answer, so its next resend is recognised.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from threadkeep.api.sse import StartedTurn, start_turn
from threadkeep.api.state import ServiceState
from threadkeep.engine import Memory, openai_threads
from threadkeep.engine.openai_threads import Recognised, Turn
from threadkeep.events import ConversationOpened, TurnDone, TurnFailed

__all__ = ["DropInTurn", "begin", "no_retry", "CONVERSATION_HEADER"]

CONVERSATION_HEADER = "X-Threadkeep-Conversation"


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
        await asyncio.to_thread(openai_threads.remember_for, self.memory, person=self.person,
                                conversation_id=self.conversation_id, turns=turns)


def no_retry(failed: TurnFailed) -> dict[str, str]:
    """``x-should-retry: false`` for a failure that another try cannot fix (an empty provider
    account, a refused request): the OpenAI and Anthropic SDKs honour it and do not retry."""
    return {} if failed.retryable else {"x-should-retry": "false"}


def with_text(history: Sequence[Turn]) -> list[Turn]:
    """The turns that take part in recognition: user and assistant messages with text."""
    return [(role, text) for role, text in history
            if role in openai_threads.ROLES and openai_threads.normalise(text)]


async def begin(memory: Memory, state: ServiceState, *, person: str, history: Sequence[Turn], text: str,
                conversation_id: str | None, idempotency_key: str | None, channel: str,
                endpoint: str) -> DropInTurn:
    """Start the turn of a drop-in request; refusals before the model is called raise."""
    earlier = with_text(history)
    derived, client_key = None, idempotency_key
    if idempotency_key is None:
        # No Idempotency-Key (the SDKs send none to compatible servers): the request itself is
        # the key, so a retry after a timeout joins or replays the first attempt.
        derived = await asyncio.to_thread(openai_threads.request_key_for, memory, person=person, history=earlier,
                                          new_text=text, conversation_id=conversation_id, endpoint=endpoint)
        idempotency_key = derived.key
    if derived is not None and derived.seen:
        # The same request again: the engine waits for the attempt in flight, replays its
        # stored answer, or answers its failed message again — never a second turn.
        events = memory.stream(text, user=person, conversation_id=derived.conversation_id, channel=channel,
                               idempotency_key=idempotency_key, endpoint=endpoint)
        turn = await start_turn(state.admitted(events))
        opened = turn.first
        assert isinstance(opened, ConversationOpened)
        return DropInTurn(memory, person, earlier, text, opened.conversation_id, turn)
    if conversation_id is None and earlier:
        found = await asyncio.to_thread(openai_threads.recognise_for, memory, person=person,
                                        history=earlier, new_text=text)
    else:
        found = Recognised(conversation_id, ())
    if found.retry_message_id is not None:
        # The failed message from before this request's key existed: answered again as it is.
        events = memory.retry(found.retry_message_id, user=person, idempotency_key=client_key)
    else:
        events = memory.stream(text, user=person, conversation_id=found.conversation_id, channel=channel,
                               earlier=found.unseen, idempotency_key=idempotency_key, endpoint=endpoint)
    turn = await start_turn(state.admitted(events))
    opened = turn.first
    assert isinstance(opened, ConversationOpened)
    return DropInTurn(memory, person, earlier, text, opened.conversation_id, turn)
