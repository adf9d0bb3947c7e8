"""What an import's background jobs ask of the engine: facts from stored history, the profile.

The import jobs (:mod:`threadkeep.imports.jobs`) decide how much to do per run and when to
yield; the work itself — which messages are left to mine, the offline extractor over a batch
in one transaction, the model extractor per message, the profile — lives here, beside the
turn's own fact and profile jobs (:mod:`threadkeep.engine.background`), so the import package
calls the engine rather than memory's internals. Each function is one bounded, idempotent
step: facts are recorded per message (a re-run skips what is mined), and nothing here keeps
a transaction open while a model runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep import priority
from threadkeep.memory.facts.candidate import slots
from threadkeep.store import repo
from threadkeep.store.fact_changes import apply_candidates
from threadkeep.store.memory_tables import FactExtraction
from threadkeep.store.models import Conversation, Message

if TYPE_CHECKING:
    from threadkeep.engine.memory import Memory

__all__ = ["unmined", "mine_by_rules", "mine_with_model", "refresh_profile", "Unmined"]

Unmined = list[tuple[str, int, str]]  # (message id, seq, text) of the person's messages


def unmined(memory: Memory, cid: str, after_seq: int, *, batch: int, chars: int) -> tuple[str, Unmined] | None:
    """(owner, the next of the person's messages after ``after_seq`` not mined yet: at most
    ``batch`` of them and ``chars`` characters, at least one); None if the conversation is
    gone."""
    with memory.db.reading() as s:
        conv = s.get(Conversation, cid)
        if conv is None:
            return None
        rows = s.scalars(
            select(Message)
            .outerjoin(FactExtraction, FactExtraction.message_id == Message.id)
            .where(
                Message.conversation_id == cid,
                Message.role == "user",
                Message.seq > after_seq,
                FactExtraction.message_id.is_(None),
            )
            .order_by(Message.seq)
            .limit(batch)
        ).all()
        out: Unmined = []
        size = 0
        for m in rows:
            text = repo.open_message_text(s, memory.vault, m)
            if out and size + len(text) > chars:
                break
            out.append((m.id, m.seq, text))
            size += len(text)
        return conv.user_id, out


def mine_by_rules(memory: Memory, uid: str, batch: Unmined, emb: Any) -> None:
    """The offline extractor over a batch of the person's messages, in ONE transaction: the
    same rules and records as :func:`aextract_and_store` without a model (idempotent per
    message), without two transactions per message."""
    # lazy: start-up (tests/test_serve_startup.py)
    from threadkeep.memory.facts.extract import (  # on first use: start-up
        extract_facts,
        strip_injected,
    )

    with memory.db.reading() as s:
        said_at = {
            mid: at
            for mid, at in s.execute(
                select(Message.id, Message.created_at).where(Message.id.in_([mid for mid, _, _ in batch]))
            )
        }
    found = []
    for mid, _, text in batch:
        priority.pause_blocking()  # a batch is many messages: each yields to a turn in progress
        found.append((mid, extract_facts(strip_injected(text), said_at.get(mid))))

    def write(s: Session) -> None:
        done = set(
            s.scalars(select(FactExtraction.message_id).where(FactExtraction.message_id.in_([mid for mid, _ in found])))
        )
        for mid, candidates in found:
            if mid in done:
                continue
            changes = (
                apply_candidates(s, memory.vault, user_id=uid, candidates=candidates, message_id=mid, slots=slots(emb))
                if candidates
                else []
            )
            s.add(
                FactExtraction(message_id=mid, user_id=uid, method="rule", changes=sum(c.op != "seen" for c in changes))
            )

    memory.db.write(write)


async def mine_with_model(memory: Memory, uid: str, message_id: str, text: str, emb: Any) -> None:
    """The fold model's fact extraction over one of the person's messages (idempotent)."""
    from threadkeep.engine.fact_extraction import (
        aextract_and_store,  # lazy: start-up (tests/test_serve_startup.py)
    )

    await aextract_and_store(
        memory.db,
        memory.vault,
        user_id=uid,
        message_id=message_id,
        text=text,
        model=memory.fold_model,
        role="user",
        embedder=emb or False,
    )


async def refresh_profile(memory: Memory, uid: str) -> None:
    """Rebuild the person's profile now (an import changed many facts at once)."""
    from threadkeep.memory.profile import (
        arefresh_profile,  # lazy: start-up (tests/test_serve_startup.py)
    )

    await arefresh_profile(
        memory.db, memory.vault, user_id=uid, every=memory.settings.profile_every, model=memory.fold_model, force=True
    )
