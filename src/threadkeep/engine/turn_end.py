"""How an attempt at a turn ends in storage: completed, paused for the client's tools, or failed.

Apart from :mod:`threadkeep.engine.turn` (which streams the answer) because these are the
turn's closing writes, each in one transaction: the assistant row with the person's row
marked ``answered``, the model calls logged and background work queued
(:meth:`TurnEnd.complete`); the calls a client's tools must answer kept (:meth:`TurnEnd.pause`);
or the person's message marked ``failed`` so it can be retried (:meth:`TurnEnd.fail`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from threadkeep.cache.log import record_call
from threadkeep.context.budget import MemoCounter
from threadkeep.engine import idempotency
from threadkeep.engine.background import Background
from threadkeep.engine.turn_begin import PAUSED, Begun
from threadkeep.errors import Conflict, NotFound
from threadkeep.llm.base import ChatModel, Usage
from threadkeep.messages import ModelRequest
from threadkeep.store import repo, turns
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.leases import TurnLeaseHolder
from threadkeep.store.models import Conversation
from threadkeep.store.vault import Vault

if TYPE_CHECKING:  # recall (numpy) loads on the first turn
    from threadkeep.memory.recall.vectors import NewMessageVector

__all__ = ["TurnEnd", "ModelCall", "usage_dict"]


class TurnEnd:
    """The closing writes of one deployment's turns."""

    def __init__(
        self,
        db: Database,
        vault: Vault,
        *,
        model: ChatModel,
        lease: TurnLeaseHolder,
        counter: MemoCounter,
        background: Background,
    ) -> None:
        self.db = db
        self.vault = vault
        self.model = model
        self.lease = lease
        self.counter = counter
        self.background = background

    def fail(self, begun: Begun, error: BaseException) -> None:
        def run(s: Session) -> None:
            # Only our own attempt: another process may have taken the turn over since.
            turns.fail_turn(s, message_id=begun.mid, owner=self.lease.id, error=f"{type(error).__name__}: {error}")
            if begun.regenerating:
                # A failed regeneration leaves the stored answer current: the turn stays answered.
                turns.unfail_answered(s, message_id=begun.mid)

        self.db.write(run)

    def pause(
        self,
        s: Session,
        begun: Begun,
        made: Sequence[ModelCall],
        text: str,
        calls: list[dict[str, Any]],
        usage: dict[str, int],
    ) -> None:
        if not turns.pause_turn(s, message_id=begun.mid, owner=self.lease.id, status=PAUSED):
            raise Conflict("this turn was taken over by another attempt")
        if begun.key is not None:  # a retry of this request gets these calls (engine/idempotency.py)
            idempotency.keep_calls(
                s, self.vault, user_id=begun.uid, key=begun.key, text=text, calls=calls, usage=usage, now=utcnow()
            )
        conv = s.get(Conversation, begun.cid)
        if conv is not None:
            self._log_calls(s, conv, made, {}, rebuild="instructions" if begun.instructions_changed else None)

    def _log_calls(
        self,
        s: Session,
        conv: Conversation,
        made: Sequence[ModelCall],
        report: dict[str, Any],
        rebuild: str | None = None,
    ) -> None:
        for i, call in enumerate(made):
            # The client's new instructions change the prefix at its first call: a counted rebuild.
            logged = record_call(
                s,
                conversation_id=conv.id,
                user_id=conv.user_id,
                kind="turn",
                model=self.model.name,
                request=call.request,
                usage=call.usage,
                started_at=call.started_at,
                capabilities=self.model.capabilities,
                counter=self.counter,
                key=self.vault.fingerprint_key(s, conv.user_id),
                rebuild=rebuild if i == 0 else None,
            )
            report.setdefault("cache", []).append({"miss_cause": logged.miss_cause, "pause_s": logged.pause_s})

    def complete(
        self,
        s: Session,
        begun: Begun,
        text: str,
        usage: Usage,
        report: dict[str, Any],
        made: Sequence[ModelCall] = (),
        vector: NewMessageVector | None = None,
    ) -> str:
        # Row lock: concurrent turns on one conversation take sequence numbers one at a time.
        # The conversation and the person's message in one statement.
        row = turns.turn_rows(s, conversation_id=begun.cid, message_id=begun.mid)
        if row is None:
            raise NotFound("the conversation was deleted during the turn")
        conv, user_msg = row
        if user_msg.status == "answered" or user_msg.owner not in (self.lease.id, None):
            # Taken for dead and retried elsewhere meanwhile: that attempt answers, not this one.
            raise Conflict("this turn was answered again by another attempt; its answer is kept")
        trace = json.dumps(report.get("trace", {}), sort_keys=True)
        before = turns.answer_of(s, message_id=begun.mid) if begun.regenerating else None
        if before is not None:
            turns.replace_answer(
                s, self.vault, answer=before, text=text, model=self.model.name, usage=usage_dict(usage), trace=trace
            )
            before.offline = self.model.capabilities.quotes_memory
            answer_id = before.id
        else:
            answer_id = repo.append_message(
                s,
                self.vault,
                conv=conv,
                role="assistant",
                text=text,
                status="ok",
                reply_to=begun.mid,
                model=self.model.name,
                usage=usage_dict(usage),
                trace=trace,
                offline=self.model.capabilities.quotes_memory,
            ).id
        user_msg.status, user_msg.error, user_msg.failed_at = "answered", None, None
        idempotency.forget_calls(s, message_id=begun.mid)  # the loop is over: its calls go
        self._log_calls(s, conv, made, report, rebuild="instructions" if begun.instructions_changed else None)
        # A regenerated turn learns nothing new from the same message (its facts were mined).
        self.background.queue_after_turn(
            s, conv, user_msg, None if before is not None else vector, facts=before is None
        )
        return answer_id


@dataclass(slots=True)
class ModelCall:
    """One model call of a turn, for the call log: its request, start, usage and stop reason."""

    request: ModelRequest
    started_at: datetime
    usage: Usage = field(default_factory=Usage)
    stop: str = "end_turn"


def usage_dict(u: Usage) -> dict[str, int]:
    """A turn's usage as the stored and reported JSON shape."""
    return {
        "input_tokens": u.input_tokens,
        "output_tokens": u.output_tokens,
        "cache_read_tokens": u.cache_read_tokens,
        "cache_write_tokens": u.cache_write_tokens,
    }
