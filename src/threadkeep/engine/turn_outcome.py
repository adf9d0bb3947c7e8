"""What a request that repeats another's turn gets: its stored outcome, or the attempt in flight's.

A repeat (the same ``Idempotency-Key``, or a drop-in request that is its own key) never asks the
model again while another attempt has the turn: it waits for that attempt and gets what it
produced — the stored answer, the tool calls it paused with (the same ids; see
:mod:`threadkeep.engine.idempotency`), or its failure. An attempt whose process died is failed
here, and reported as such, so the repeat can answer it again.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from sqlalchemy.orm import Session

from threadkeep.engine import idempotency
from threadkeep.engine.turn_begin import PAUSED, Begun
from threadkeep.errors import Conflict
from threadkeep.events import AnswerDelta, ToolCallsAsked, TurnDone, TurnEvent, TurnFailed
from threadkeep.store import turns
from threadkeep.store.db import Database
from threadkeep.store.leases import INTERRUPTED, owner_alive
from threadkeep.store.vault import Vault

__all__ = ["IN_FLIGHT_WAIT_S", "calls_asked", "stored_outcome"]

# How long a request repeating an in-flight turn waits for its outcome.
IN_FLIGHT_WAIT_S = 300.0
_USAGE_KEYS = ("input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")


def calls_asked(begun: Begun, kept: idempotency.StoredCalls) -> ToolCallsAsked:
    """The tool calls a request's earlier attempt paused with, as that attempt gave them."""
    return ToolCallsAsked(begun.cid, begun.mid, kept.text, kept.calls, kept.usage)


async def stored_outcome(db: Database, vault: Vault, lease_id: str, begun: Begun) -> AsyncIterator[TurnEvent]:
    """The outcome of a turn another request started: stored, or awaited while in flight
    (nothing when it paused for the client's tools without calls kept for this request's key:
    the caller takes the turn on)."""
    waited = 0.0
    while True:
        out, alive, kept = await asyncio.to_thread(_read, db, vault, lease_id, begun)
        if kept is not None:  # the attempt we joined paused for the client's tools
            yield calls_asked(begun, kept)
            return
        if not alive:  # its process died: fail it now, and report that

            def fail_dead(s: Session, owner: str | None = out.owner) -> None:
                turns.fail_dead_turn(s, message_id=begun.mid, owner=owner, error=INTERRUPTED)

            await asyncio.to_thread(db.write, fail_dead)
            continue
        if out.status == "answered":
            usage = {k: int((out.usage or {}).get(k, 0)) for k in _USAGE_KEYS}
            yield AnswerDelta(out.text)
            yield TurnDone(
                begun.cid,
                begun.mid,
                out.answer_id,
                out.text,
                usage,
                {"replayed": True, "trace": json.loads(out.trace or "{}")},
            )
            return
        if out.status == PAUSED:
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


def _read(
    db: Database, vault: Vault, lease_id: str, begun: Begun
) -> tuple[idempotency.Outcome, bool, idempotency.StoredCalls | None]:
    with db.reading() as s:
        found = idempotency.stored_outcome(s, vault, begun.mid)
        kept = idempotency.calls_for_key(s, vault, user_id=begun.uid, key=begun.key) if begun.key is not None else None
        return found, found.status != "pending" or owner_alive(s, found.owner, me=lease_id), kept
