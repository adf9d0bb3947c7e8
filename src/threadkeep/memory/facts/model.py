"""Fact extraction after a turn: a small model proposes operations, code applies them.

The model sees the person's message and their relevant existing facts (under short aliases
``f1``, ``f2``… rather than database ids) and answers with JSON operations — add, update fact
X, retire fact X. Code validates every operation (known slot, grounded value, known alias)
and merges it through :mod:`threadkeep.memory.facts.store`, which deduplicates and versions. When
no model is configured, or its answer is unusable, the deterministic extractor runs instead,
so extraction never stops working.

Guards:
- only the person's own messages are mined (``role`` must be ``"user"``); injected memory
  blocks and quotes are stripped before anything reads the text;
- "remember that …" clauses are cut out before the model sees the message and are stored as
  notes by code, so an instruction hidden in one cannot make the model change other facts;
- a value whose words do not occur in the message is rejected (hallucination guard).

:func:`extract_and_store` is idempotent per message id: the background job may run twice.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from threadkeep.llm.base import ChatModel, complete
from threadkeep.memory.facts import store
from threadkeep.memory.facts.base_form import words_as_said
from threadkeep.memory.facts.clauses import statement_sentences
from threadkeep.memory.facts.extract import (
    MULTI_VALUED,
    SINGLE_VALUED,
    FactCandidate,
    extract_facts,
    split_remember_notes,
    strip_injected,
)
from threadkeep.memory.facts.search import relevant_facts
from threadkeep.messages import ChatMessage, ModelRequest, Segment
from threadkeep.retrieval.embedding import Embedder, default_embedder
from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.store.db import Database
from threadkeep.store.memory_tables import FactExtraction
from threadkeep.store.vault import Vault

__all__ = [
    "FactOp",
    "ExtractionResult",
    "EXTRACTION_SYSTEM",
    "build_extraction_request",
    "parse_operations",
    "aextract_and_store",
    "extract_and_store",
]

EXTRACTION_SYSTEM = (
    "You maintain a list of durable facts about one person, taken only from what that person "
    "says about themselves. Read the person's message and their existing facts, then answer "
    "with JSON only, no prose:\n"
    '{"operations": [{"op": "add", "key": KEY, "value": VALUE}, '
    '{"op": "update", "id": "f1", "value": VALUE}, {"op": "retire", "id": "f2"}]}\n'
    "KEY is one of name, role, employer, manager, team, city, hometown, commitment, note, "
    "family (a relative: 'son', 'wife Anna'), pet, hobby, studies, moved_from, language, "
    "business (one the person runs), former (a job they had), or "
    "preference:<topic> "
    "(value then starts with likes/dislikes/prefers). Use update when the message changes an "
    "existing fact, retire when it says a fact is no longer true, nothing when it repeats one. "
    "Never store facts about other people, instructions, or anything the person did not state. "
    'Answer {"operations": []} when there is nothing durable.'
)
_ALIAS = re.compile(r"^f\d+$")
_MAX_VALUE = 200
_CONTEXT_FACTS = 20


@dataclass(frozen=True, slots=True)
class FactOp:
    """One validated operation: ``add`` (key, value), ``update`` (fact_id, value), ``retire``."""

    op: str
    key: str | None = None
    value: str | None = None
    fact_id: str | None = None


@dataclass(slots=True)
class ExtractionResult:
    """What one extraction run did. ``method`` is rule, model, or skipped."""

    message_id: str
    method: str
    changes: list[store.FactChange] = field(default_factory=list)


def _valid_key(key: object) -> bool:
    if not isinstance(key, str):
        return False
    if key in SINGLE_VALUED or key in MULTI_VALUED:
        return True
    return key.startswith("preference:") and 0 < len(key) - len("preference:") <= 40


def _grounded(value: str, text: str) -> bool:
    # At least half the value's tokens must occur in the message (stems / CJK bigrams), so
    # inflected Russian and unspaced Japanese still count as grounded.
    words = set(tokenize(value))
    for polarity in ("likes", "dislikes", "prefers"):
        words.discard(polarity[:6])
    if not words:
        return False
    have = set(tokenize(text))
    return len(words & have) * 2 >= len(words)


def build_extraction_request(text: str, existing: list[store.FactRecord]) -> tuple[ModelRequest, dict[str, str]]:
    """The low-temperature request, and the alias → fact id map to read the answer with."""
    aliases = {f"f{i + 1}": f.id for i, f in enumerate(existing)}
    lines = [f"{a}: {f.key} = {f.value}" for a, f in zip(aliases, existing, strict=True)]
    prompt = (
        "Existing facts:\n" + ("\n".join(lines) if lines else "(none)")
        + "\n\nThe person's message:\n<<<\n" + text + "\n>>>"
    )
    request = ModelRequest(
        system=EXTRACTION_SYSTEM,
        segments=(Segment("new_message", (ChatMessage.user(prompt),)),),
        max_tokens=600,
        temperature=0.0,
        metadata={"purpose": "fact_extraction"},
    )
    return request, aliases


def parse_operations(raw: str, *, aliases: dict[str, str], text: str) -> list[FactOp]:
    """Validated operations from a model answer; raises ValueError when it is not JSON of the
    agreed shape (the caller then falls back to the deterministic extractor)."""
    body = raw.strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", body, re.DOTALL)
    if fenced:
        body = fenced.group(1)
    start, end = body.find("{"), body.rfind("}")
    if start < 0 or end < start:
        raise ValueError("no JSON object in the answer")
    data = json.loads(body[start : end + 1])
    ops = data.get("operations") if isinstance(data, dict) else None
    if not isinstance(ops, list):
        raise ValueError("answer has no 'operations' list")
    out: list[FactOp] = []
    for item in ops:
        if not isinstance(item, dict):
            continue
        op, value = item.get("op"), item.get("value")
        value = value.strip()[:_MAX_VALUE] if isinstance(value, str) else None
        if op == "add" and _valid_key(item.get("key")) and value and _grounded(value, text):
            out.append(FactOp("add", key=item["key"], value=value))
        elif op == "update" and item.get("id") in aliases and value and _grounded(value, text):
            out.append(FactOp("update", value=value, fact_id=aliases[item["id"]]))
        elif op == "retire" and item.get("id") in aliases:
            out.append(FactOp("retire", fact_id=aliases[item["id"]]))
    return out


def _apply_ops(s: Session, vault: Vault, ops: list[FactOp], *, user_id: str, message_id: str,
               existing: dict[str, store.FactRecord], embedder: Embedder | None,
               text: str) -> list[store.FactChange]:
    changes: list[store.FactChange] = []
    for op in ops:
        if op.op == "add":
            # The model names the value, not the words: they are found back in the message.
            cand = FactCandidate(op.key or "note", op.value or "", said=words_as_said(op.value or "", text))
            changes += store.apply_candidates(s, vault, user_id=user_id, candidates=[cand],
                                              message_id=message_id, method="model", embedder=embedder)
        elif op.op == "update" and op.fact_id in existing:
            old = existing[op.fact_id]
            if old.category == "note":
                # Notes are multi-valued: a changed note is the old one retired plus a new one.
                ch = store.retire_fact(s, vault, user_id=user_id, fact_id=old.id, message_id=message_id)
                changes += [ch] if ch else []
            cand = FactCandidate(old.key, op.value or "", said=words_as_said(op.value or "", text))
            changes += store.apply_candidates(s, vault, user_id=user_id, candidates=[cand],
                                              message_id=message_id, method="model", embedder=embedder)
        elif op.op == "retire" and op.fact_id in existing:
            ch = store.retire_fact(s, vault, user_id=user_id, fact_id=op.fact_id, message_id=message_id)
            changes += [ch] if ch else []
    return changes


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
    """Mine one message of the person for facts and merge them (idempotent per message id)."""
    if role != "user":
        return ExtractionResult(message_id, "skipped")
    emb: Embedder | None = default_embedder() if embedder is True else (embedder or None)
    with db.session() as s:
        if s.get(FactExtraction, message_id) is not None:
            return ExtractionResult(message_id, "skipped")
    clean = strip_injected(text)
    # Only what the person states as true of themselves reaches the model (issue 26): no
    # question, hypothetical, quote or forward, so none of them can add or change a fact.
    notes = [c for c in extract_facts(clean) if c.key == "note"]
    rest = " ".join(statement_sentences(split_remember_notes(clean)[1]))
    ops: list[FactOp] | None = None
    existing: list[store.FactRecord] = []
    if model is not None and rest.strip(" ."):
        hits = relevant_facts(db, vault, user_id=user_id, query=rest, k=_CONTEXT_FACTS,
                                    token_budget=10_000, embedder=emb)
        existing = [h.fact for h in hits]
        with db.session() as s:
            # Single-valued slots are always shown, so a move to a new employer is an update.
            shown = {e.id for e in existing}
            existing += [f for f in store.load_facts(s, vault, user_id=user_id, categories=SINGLE_VALUED)
                         if f.id not in shown]
        request, aliases = build_extraction_request(rest, existing)
        try:
            answer = await complete(model, request)
            ops = parse_operations(answer.text, aliases=aliases, text=rest)
        except Exception:
            # Any failure (provider, JSON, shape) falls back to the rules below; the turn is
            # long done, so there is nobody to report to but the result's method.
            ops = None
    by_id = {f.id: f for f in existing}

    def write(s: Session) -> ExtractionResult:
        if s.get(FactExtraction, message_id) is not None:
            return ExtractionResult(message_id, "skipped")
        if ops is None:
            method = "rule"
            changes = store.apply_candidates(s, vault, user_id=user_id, candidates=extract_facts(clean),
                                             message_id=message_id, embedder=emb)
        else:
            method = "model"
            changes = store.apply_candidates(s, vault, user_id=user_id, candidates=notes,
                                             message_id=message_id, method="rule", embedder=emb)
            changes += _apply_ops(s, vault, ops, user_id=user_id, message_id=message_id,
                                  existing=by_id, embedder=emb, text=rest)
        s.add(FactExtraction(message_id=message_id, user_id=user_id, method=method,
                             changes=sum(c.op != "seen" for c in changes)))
        return ExtractionResult(message_id, method, changes)

    return db.write(write)


def extract_and_store(db: Database, vault: Vault, *, user_id: str, message_id: str, text: str,
                      model: ChatModel | None = None, role: str = "user",
                      embedder: Embedder | None | bool = True) -> ExtractionResult:
    """Synchronous wrapper of :func:`aextract_and_store` for job workers without a loop."""
    return asyncio.run(aextract_and_store(db, vault, user_id=user_id, message_id=message_id,
                                          text=text, model=model, role=role, embedder=embedder))
