"""The fold model: a small model at low temperature proposes summary operations as structured output.

The model is asked for operations, never for the summary text, so what it forgets to repeat is
still kept (:func:`~threadkeep.memory.summary.items.apply_ops`). The operations are Pydantic
models (:class:`FoldAnswer`); their JSON Schema is what the adapter asks the provider for
(:mod:`threadkeep.llm.structured`), the answer is validated, then checked here — item ids that
exist, sources among the folded messages, names, numbers and dates that the cited messages hold,
items in the conversation's script — and the problems go back to the model once. What still
fails is dropped; when nothing usable is left, the extractive summariser's operations are used,
and the reason is in the :class:`~threadkeep.memory.summary.folding.Proposal`. A provider error
(timeout, outage) is not handled here: the fold job tries again later, and the cursor stays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from threadkeep.errors import UnusableAnswer
from threadkeep.llm.base import ChatModel
from threadkeep.llm.structured import complete_structured, output_spec
from threadkeep.memory.pasted import (
    DOCUMENT_CHARS,
    PREVIEW_CHARS,
    is_document,
    with_document_pointers,
)
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import Proposal
from threadkeep.memory.summary.items import (
    FIELD_TITLES,
    FIELDS,
    AddItem,
    FieldName,
    Op,
    RemoveItem,
    ResolveQuestion,
    SourceMessage,
    SummaryState,
    UpdateItem,
)
from threadkeep.memory.summary.merge import is_grounded
from threadkeep.memory.summary.text import script_of
from threadkeep.messages import ChatMessage, ModelRequest, Segment, canonical_json

__all__ = ["FoldAnswer", "ModelSummariser", "FOLD_SYSTEM_PROMPT", "build_fold_request", "fold_problems", "to_ops"]

_Text = Annotated[str, Field(min_length=1, max_length=400)]


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AddOp(_Op):
    """A new item in one field."""

    op: Literal["add"]
    field: FieldName
    text: _Text
    sources: list[str] = Field(min_length=1, description="ids of the new messages it comes from")
    priority: int = Field(ge=0, le=5, description="5 roles, decisions, deadlines, amounts; 1 background")


class UpdateOp(_Op):
    """An item whose value changed: the new text replaces the old."""

    op: Literal["update"]
    item: str = Field(description="the id of the item to update")
    text: _Text
    sources: list[str] = Field(min_length=1)
    since: str = Field(
        description="the date the new value became true, as in the messages "
        "(e.g. '3 May 2026'), or '' when they do not say"
    )


class ResolveOp(_Op):
    """An open question that the new messages answer."""

    op: Literal["resolve"]
    item: str
    answer: str = Field(max_length=300)
    sources: list[str] = Field(min_length=1)


class RemoveOp(_Op):
    """An item that is no longer true and has no later value (a cancelled plan)."""

    op: Literal["remove"]
    item: str


class FoldAnswer(BaseModel):
    """The fold model's answer: the conversation's language and the operations."""

    model_config = ConfigDict(extra="forbid")
    language: str = Field(description="the language the conversation is written in, e.g. English")
    ops: list[Annotated[AddOp | UpdateOp | ResolveOp | RemoveOp, Field(discriminator="op")]]


FOLD_SYSTEM_PROMPT = (
    "You maintain the structured summary of a long conversation. You never rewrite it: you "
    "update it with operations on its items, keeping every earlier recorded fact, name and "
    "number; code applies them, and items you do not touch stay as they are.\n"
    "Fields, in this order: " + "; ".join(f"{f} ({FIELD_TITLES[f]})" for f in FIELDS) + ". "
    "Participants with their roles; decisions with what, who and when (refusals with their "
    "reason); numbers and dates (amounts, deadlines, sizes); open questions; agreed next steps "
    "with who does what; context in one or two sentences.\n"
    "Operations: add an item to a field; update an item when a value it states changed (a moved "
    "deadline, a new lead), with the date the new value became true; resolve an open question "
    "the new messages answer; remove an item only when it stopped being true without a new "
    "value. Each add and update cites the ids of the new messages it comes from.\n"
    "Rules: write every item in the language of the conversation. Use only names, numbers and "
    "dates that appear in the messages you cite, written as they appear there. Skip small talk "
    "and pleasantries. Keep the whole summary within 200-300 words: short items, one fact each. "
    'A message that starts with "[Document pasted …]" is a document: code keeps a pointer to '
    'it, so do not summarise its body. A date in parentheses after words such as "yesterday '
    '(7 May 2023)" is the resolved date: keep it.'
)


def build_fold_request(
    state: SummaryState, messages: Sequence[SourceMessage], *, temperature: float = 0.1, max_tokens: int = 1200
) -> ModelRequest:
    """The fold request: old items as canonical JSON, then the new messages, each with its id,
    speaker and day, clipped (a document to its header and opening)."""
    items = [{"id": i.id, "field": i.field, "text": i.text, "resolved": i.resolved} for i in state.items]
    lines = []
    for m in messages:
        limit = PREVIEW_CHARS if is_document(m.text) else DOCUMENT_CHARS
        text = m.text if len(m.text) <= limit else m.text[:limit] + " […]"
        day = f" ({m.at})" if m.at else ""
        lines.append(f"[{m.id}] {m.role}{day}: {text}")
    prompt = "Current summary items:\n" + canonical_json(items) + "\n\nNew messages:\n" + "\n".join(lines)
    return ModelRequest(
        system=FOLD_SYSTEM_PROMPT,
        segments=(Segment("new_message", (ChatMessage.user(prompt),)),),
        max_tokens=max_tokens,
        temperature=temperature,
        metadata={"purpose": "fold"},
        output=output_spec(FoldAnswer, "summary_operations", "Operations on the conversation's summary."),
    )


def _conversation_script(messages: Sequence[SourceMessage]) -> str:
    said = Counter(script_of(m.text) for m in messages if not is_document(m.text))
    said.pop("", None)
    return said.most_common(1)[0][0] if said else ""


def fold_problems(answer: FoldAnswer, state: SummaryState, messages: Sequence[SourceMessage]) -> list[str]:
    """What in ``answer`` the merge would refuse, one line per operation (``ops[i]: why``)."""
    texts = {m.id: m.text for m in messages}
    known = {i.id: i.text for i in state.items}
    script = _conversation_script(messages)
    problems = []
    for n, op in enumerate(answer.ops):
        why = ""
        if not isinstance(op, AddOp) and op.item not in known:
            why = f"there is no item {op.item!r}"
        elif not isinstance(op, RemoveOp) and any(s not in texts for s in op.sources):
            why = "it cites a message id that is not among the new messages"
        elif isinstance(op, AddOp | UpdateOp | ResolveOp):
            text = op.answer if isinstance(op, ResolveOp) else op.text
            cited = [texts[s] for s in op.sources] + ([known[op.item]] if not isinstance(op, AddOp) else [])
            if text and not is_grounded(text, cited):
                why = "a name, number or date in it is not in the messages it cites"
            elif text and script and script_of(text) not in ("", script):
                why = f"it is not written in the conversation's language ({answer.language or script})"
        if why:
            problems.append(f"ops[{n}]: {why}")
    return problems


def to_ops(answer: FoldAnswer, problems: Sequence[str], messages: Sequence[SourceMessage]) -> list[Op]:
    """The valid operations of ``answer`` (those ``problems`` name are dropped), documents
    reduced to their pointers; an update without a date gets its latest cited message's day."""
    bad = {int(p[4 : p.index("]")]) for p in problems if p.startswith("ops[")}
    days = {m.id: m.at for m in messages}
    out: list[Op] = []
    for n, op in enumerate(answer.ops):
        if n in bad:
            continue
        if isinstance(op, AddOp):
            out.append(AddItem(op.field, op.text.strip(), tuple(op.sources), op.priority))
        elif isinstance(op, UpdateOp):
            since = op.since.strip() or next((days[s] for s in reversed(op.sources) if days.get(s)), "")
            out.append(UpdateItem(op.item, op.text.strip(), tuple(op.sources), since=since))
        elif isinstance(op, ResolveOp):
            out.append(ResolveQuestion(op.item, tuple(op.sources), op.answer.strip()))
        else:
            out.append(RemoveItem(op.item))
    return with_document_pointers(out, messages)


@dataclass
class ModelSummariser:
    """Summarises with ``model`` (temperature 0.0–0.2); falls back to ``fallback`` when the
    model's answer is unusable (the reason is in the proposal)."""

    model: ChatModel
    temperature: float = 0.1
    max_tokens: int = 1200
    fallback: ExtractiveSummariser = field(default_factory=ExtractiveSummariser)
    name: str = "model"

    def __post_init__(self) -> None:
        if not 0.0 <= self.temperature <= 0.2:
            raise ValueError("fold temperature must be within 0.0–0.2")

    async def apropose(self, state: SummaryState, messages: Sequence[SourceMessage]) -> Proposal:
        """Ask the model; unusable answers give the extractive operations instead. Provider
        errors (timeouts, outages) propagate: the caller retries the fold later."""
        request = build_fold_request(state, messages, temperature=self.temperature, max_tokens=self.max_tokens)
        try:
            got = await complete_structured(
                self.model, request, FoldAnswer, check=lambda a: fold_problems(a, state, messages)
            )
        except UnusableAnswer as e:
            return self._fallback(state, messages, str(e), e)
        ops = to_ops(got.value, got.problems, messages)
        proposed = [o for o in got.value.ops]
        if proposed and len(got.problems) == len(proposed):
            return self._fallback(
                state, messages, "every operation failed its check: " + "; ".join(got.problems[:3]), got
            )
        return Proposal(tuple(ops), "model", None, got.usage, self.model.name)

    def _fallback(
        self, state: SummaryState, messages: Sequence[SourceMessage], why: str, got: object = None
    ) -> Proposal:
        usage = getattr(got, "usage", None)
        return Proposal(tuple(self.fallback.propose(state, messages)), "extractive", why, usage, self.model.name)
