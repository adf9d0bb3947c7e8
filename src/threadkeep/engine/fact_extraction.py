"""Fact extraction after a turn: the job that asks the fact model, checks and applies its
operations, or falls back to the model-free extractor.

Apart from :mod:`threadkeep.engine.background` (which queues and runs the facts jobs), as
:mod:`.folds` is for the summary: the job is also called directly (imports, benchmarks). The
model's contract (operations, prompt, checks) is :mod:`threadkeep.memory.facts.model`; the
model-free extractor is :mod:`threadkeep.memory.facts.extract`; the writes are
:mod:`threadkeep.store.fact_changes`. A provider failure that may pass (timeout, outage)
propagates, so the job tries again later; any other, or an unusable answer, falls back to the
rules with the reason recorded. Idempotent per message id.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.errors import ProviderError
from threadkeep.llm.base import ChatModel, Usage
from threadkeep.llm.structured import complete_structured
from threadkeep.memory.facts.candidate import SINGLE_VALUED, FactCandidate, slots
from threadkeep.memory.facts.extract import (
    dated,
    extract_facts,
    is_statement,
    split_remember_notes,
    strip_injected,
)
from threadkeep.memory.facts.model import (
    AddFact,
    FactAnswer,
    RetireFact,
    build_extraction_request,
    fact_problems,
)
from threadkeep.memory.recall.facts import relevant_facts
from threadkeep.memory.summary.extractive import match
from threadkeep.memory.summary.text import read, split_sentences
from threadkeep.retrieval.embedding import Embedder, default_embedder
from threadkeep.store import fact_changes as store
from threadkeep.store import facts as rows
from threadkeep.store.db import Database
from threadkeep.store.memory_tables import FactExtraction
from threadkeep.store.models import Message
from threadkeep.store.vault import Vault

__all__ = ["ExtractionResult", "aextract_and_store", "extract_and_store"]

# The person's existing facts most like the statements, shown to the model beside them.
_CONTEXT_FACTS = 20


@dataclass(slots=True)
class ExtractionResult:
    """What one extraction run did: ``method`` rule, model or skipped; the model's usage and
    why it fell back (for the memory's cost log)."""

    message_id: str
    method: str
    changes: list[rows.FactChange] = field(default_factory=list)
    usage: Usage | None = None
    fallback: str | None = None
    model: str | None = None


def _apply(
    s: Session,
    vault: Vault,
    answer: FactAnswer,
    problems: list[str],
    *,
    user_id: str,
    message_id: str,
    aliases: dict[str, str],
    existing: dict[str, rows.FactRecord],
    fact_slots: rows.Slots,
) -> list[rows.FactChange]:
    bad = {int(p[11 : p.index("]")]) for p in problems}
    done: list[rows.FactChange] = []
    for n, op in enumerate(answer.operations):
        if n in bad:
            continue
        value = "" if isinstance(op, RetireFact) else op.value.strip()
        said = op.said.strip() if op.said.strip() != value else ""  # kept when they differ
        if isinstance(op, AddFact):
            cand = FactCandidate(op.key, value, said=said)
        else:
            old = existing.get(aliases[op.fact])
            if old is None:
                continue
            if isinstance(op, RetireFact) or old.category == "note":
                # A changed note is the old one retired and a new one added (notes are many).
                ch = store.retire_fact(s, vault, user_id=user_id, fact_id=old.id, message_id=message_id)
                done += [ch] if ch else []
                if isinstance(op, RetireFact):
                    continue
            cand = FactCandidate(old.key, value, said=said)
        done += store.apply_candidates(
            s, vault, user_id=user_id, candidates=[cand], message_id=message_id, method="model", slots=fact_slots
        )
    return done


def _superseding(
    db: Database, vault: Vault, user_id: str, found: list[FactCandidate], emb: Embedder | None
) -> list[FactCandidate]:
    """The model-free candidates, each statement that changes one value of a statement the
    person made before (the summary's rule: :func:`~threadkeep.memory.summary.extractive.match`)
    moved to that fact's slot, so the store updates it and keeps the old one as a version —
    decided now, at extraction time. Only the person's facts most like it are read."""
    out = []
    for cand in found:
        if cand.key.startswith("said:"):
            new = read(cand.value)
            for hit in relevant_facts(
                db, vault, user_id=user_id, query=cand.value, k=5, token_budget=2_000, embedder=emb or False
            ):
                old = hit.fact
                if old.key.startswith("said:") and old.key != cand.key and match(new, read(old.value))[0] == "update":
                    cand = replace(cand, key=old.key)
                    break
        out.append(cand)
    return out


async def aextract_and_store(
    db: Database,
    vault: Vault,
    *,
    user_id: str,
    message_id: str,
    text: str,
    model: ChatModel | None = None,
    role: str = "user",
    embedder: Embedder | None | bool = True,
) -> ExtractionResult:
    """Mine one message of the person for facts and merge them (idempotent per message id).
    A provider failure (timeout, outage) propagates: the job tries again later."""
    if role != "user":
        return ExtractionResult(message_id, "skipped")
    emb: Embedder | None = default_embedder() if embedder is True else (embedder or None)
    with db.session() as s:
        if s.get(FactExtraction, message_id) is not None:
            return ExtractionResult(message_id, "skipped")
        said_at = s.scalar(select(Message.created_at).where(Message.id == message_id))
    clean = strip_injected(text)
    notes, rest = split_remember_notes(clean)
    notes = [replace(n, value=dated(n.value, said_at)) for n in notes]
    # Relative dates resolved where they stand, so a value taken from them says what was meant.
    statements = " ".join(dated(x, said_at) for x in split_sentences(rest) if is_statement(x))
    result = ExtractionResult(message_id, "rule")
    answer: FactAnswer | None = None
    problems: list[str] = []
    existing: list[rows.FactRecord] = []
    aliases: dict[str, str] = {}
    if model is not None and statements:
        hits = relevant_facts(
            db, vault, user_id=user_id, query=statements, k=_CONTEXT_FACTS, token_budget=10_000, embedder=emb
        )
        existing = [h.fact for h in hits]
        with db.session() as s:
            # Single-valued slots are always shown, so a move to a new employer is an update.
            shown = {e.id for e in existing}
            existing += [
                f for f in rows.load_facts(s, vault, user_id=user_id, categories=SINGLE_VALUED) if f.id not in shown
            ]
        request, aliases = build_extraction_request(statements, existing)
        result.model = model.name
        try:
            got = await complete_structured(
                model, request, FactAnswer, check=lambda a: fact_problems(a, aliases, statements)
            )
            answer, problems, result.usage = got.value, got.problems, got.usage
        except ProviderError as e:
            if e.retryable:
                raise
            result.fallback, result.usage = f"{type(e).__name__}: {e}"[:300], getattr(e, "usage", None)
    by_id = {f.id: f for f in existing}
    fact_slots = slots(emb)
    rule_candidates = _superseding(db, vault, user_id, extract_facts(clean, said_at), emb) if answer is None else []

    def write(s: Session) -> ExtractionResult:
        if s.get(FactExtraction, message_id) is not None:
            return ExtractionResult(message_id, "skipped")
        if answer is None:
            result.changes = store.apply_candidates(
                s, vault, user_id=user_id, candidates=rule_candidates, message_id=message_id, slots=fact_slots
            )
        else:
            result.method = "model"
            result.changes = store.apply_candidates(
                s, vault, user_id=user_id, candidates=notes, message_id=message_id, method="rule", slots=fact_slots
            )
            result.changes += _apply(
                s,
                vault,
                answer,
                problems,
                user_id=user_id,
                message_id=message_id,
                aliases=aliases,
                existing=by_id,
                fact_slots=fact_slots,
            )
        s.add(
            FactExtraction(
                message_id=message_id,
                user_id=user_id,
                method=result.method,
                changes=sum(c.op != "seen" for c in result.changes),
            )
        )
        return result

    return db.write(write)


def extract_and_store(
    db: Database,
    vault: Vault,
    *,
    user_id: str,
    message_id: str,
    text: str,
    model: ChatModel | None = None,
    role: str = "user",
    embedder: Embedder | None | bool = True,
) -> ExtractionResult:
    """Synchronous wrapper of :func:`aextract_and_store` for job workers without a loop."""
    return asyncio.run(
        aextract_and_store(
            db, vault, user_id=user_id, message_id=message_id, text=text, model=model, role=role, embedder=embedder
        )
    )
