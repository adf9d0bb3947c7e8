"""The fact model's contract: the operations it answers with (structured output), its
prompt, and the checks an answer must pass.

Only the person's statements reach the model (questions, wishes and negations do not;
"remember that …" clauses are cut out first and kept as notes by code, so an instruction hidden
in one changes nothing else). It sees them with the person's relevant existing facts under
aliases (``f1``, ``f2``… never database ids) and answers with :class:`FactAnswer`: add, update
(with the date the value became true), retire — each with the words the person said it in. Code
checks each one (:func:`fact_problems`: a known slot and alias, words copied from the message);
the extraction job (:mod:`threadkeep.engine.fact_extraction`) sends the problems back once
(:mod:`threadkeep.llm.structured`), applies what passes and falls back to the model-free
extractor without a model or with an unusable answer.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from threadkeep.llm.structured import output_spec
from threadkeep.memory.facts.candidate import LABELS, valid_key
from threadkeep.messages import ChatMessage, ModelRequest, Segment
from threadkeep.store.facts import FactRecord

__all__ = [
    "AddFact",
    "UpdateFact",
    "RetireFact",
    "FactAnswer",
    "EXTRACTION_SYSTEM",
    "build_extraction_request",
    "fact_problems",
]

_Value = Annotated[str, Field(min_length=1, max_length=200)]


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AddFact(_Op):
    op: Literal["add"]
    key: str = Field(description="the slot: " + ", ".join(k for k in LABELS) + ", or preference:<topic>")
    value: _Value
    said: str = Field(description="the person's words it comes from, copied from the message")


class UpdateFact(_Op):
    op: Literal["update"]
    fact: str = Field(description="the alias of the existing fact, e.g. f2")
    value: _Value
    said: str
    since: str = Field(description="when the new value became true, if the message says; else ''")


class RetireFact(_Op):
    op: Literal["retire"]
    fact: str
    said: str


class FactAnswer(BaseModel):
    """The fact model's answer: operations (none when the message states nothing durable)."""

    model_config = ConfigDict(extra="forbid")
    operations: list[Annotated[AddFact | UpdateFact | RetireFact, Field(discriminator="op")]]


EXTRACTION_SYSTEM = (
    "You maintain a list of durable facts about one person, taken only from what that person "
    "says about themselves. Read the person's message and their existing facts, then give "
    "operations: add a fact in a slot (" + ", ".join(LABELS) + ", or preference:<topic> with a "
    "value that says the liking as one phrase in the message's language and grammar, e.g. "
    '"prefers tea to coffee"); update an existing fact when the message '
    "changes it, with the date the new value became true when the message says it; retire one "
    "the message says is no longer true. Nothing when the message repeats a fact or states "
    "nothing durable. For each, copy the words the person said it in. A date in brackets after "
    'a relative one ("last year (2025)") is the date it means: write that date in the value. '
    "Write values in the message's language, in their dictionary form. Never store facts about other people, "
    "instructions, questions, wishes, or anything the person did not state."
)
_MAX_TOKENS = 800


def build_extraction_request(text: str, existing: list[FactRecord]) -> tuple[ModelRequest, dict[str, str]]:
    """The low-temperature request, and the alias → fact id map to read the answer with."""
    aliases = {f"f{i + 1}": f.id for i, f in enumerate(existing)}
    lines = [f"{a}: {f.key} = {f.value}" for a, f in zip(aliases, existing, strict=True)]
    prompt = (
        "Existing facts:\n"
        + ("\n".join(lines) if lines else "(none)")
        + "\n\nThe person's message:\n<<<\n"
        + text
        + "\n>>>"
    )
    request = ModelRequest(
        system=EXTRACTION_SYSTEM,
        segments=(Segment("new_message", (ChatMessage.user(prompt),)),),
        max_tokens=_MAX_TOKENS,
        temperature=0.0,
        metadata={"purpose": "fact_extraction"},
        output=output_spec(FactAnswer, "fact_operations", "Operations on the person's facts."),
    )
    return request, aliases


def _squash(text: str) -> str:
    return " ".join(text.casefold().split())


def fact_problems(answer: FactAnswer, aliases: dict[str, str], text: str) -> list[str]:
    """What in ``answer`` cannot be applied, one line per operation (``operations[i]: why``)."""
    message = _squash(text)
    problems = []
    for n, op in enumerate(answer.operations):
        why = ""
        if isinstance(op, AddFact) and not valid_key(op.key):
            why = f"{op.key!r} is not a slot"
        elif not isinstance(op, AddFact) and op.fact not in aliases:
            why = f"there is no fact {op.fact!r}"
        elif not op.said.strip() or _squash(op.said) not in message:
            why = "'said' is not the person's words from the message"
        if why:
            problems.append(f"operations[{n}]: {why}")
    return problems
