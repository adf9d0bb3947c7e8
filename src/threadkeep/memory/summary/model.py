"""The model-based summariser: a small model at low temperature proposes JSON operations.

The model is asked for operations, never for the summary text, so what it forgets to repeat is
still kept (:func:`~threadkeep.memory.summary.items.apply_ops`). Its answer is parsed and validated
here; on a provider failure, unparsable JSON or an operation on an unknown item, the fold
falls back to the extractive summariser — nothing stops working without a model (§5).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from threadkeep.errors import ProviderError
from threadkeep.llm.base import ChatModel, complete
from threadkeep.memory.summary.extractive import LONG_MESSAGE_CHARS, ExtractiveSummariser
from threadkeep.memory.summary.items import (
    FIELD_TITLES,
    FIELDS,
    AddItem,
    Op,
    RemoveItem,
    ResolveQuestion,
    SourceMessage,
    SummaryState,
    UpdateItem,
)
from threadkeep.memory.summary.pasted import PREVIEW_CHARS, is_document, with_document_pointers
from threadkeep.messages import ChatMessage, ModelRequest, Segment, canonical_json

__all__ = [
    "ModelSummariser",
    "FOLD_SYSTEM_PROMPT",
    "build_fold_request",
    "parse_ops",
    "op_to_dict",
    "op_from_dict",
]

FOLD_SYSTEM_PROMPT = (
    "You maintain the structured summary of a long conversation. You never rewrite it: you "
    "propose operations on its items, and code applies them.\n"
    "Fields, in order: " + "; ".join(f"{f} ({FIELD_TITLES[f]})" for f in FIELDS) + ".\n"
    "Operations (answer with JSON only: {\"ops\": [...]}):\n"
    '  {"op":"add","field":F,"text":T,"sources":[message ids],"priority":0-5}\n'
    '  {"op":"update","item":ID,"text":T,"sources":[message ids]}  (a value changed: the '
    "new text replaces the old, e.g. a moved deadline or a new tech lead)\n"
    '  {"op":"resolve","item":ID,"sources":[message ids],"text":answer}\n'
    '  {"op":"remove","item":ID}\n'
    "Keep what matters later: roles, decisions and refusals with their reasons, amounts, "
    "dates, commitments (who does what), open questions. Skip small talk. Use only names, "
    "numbers and dates that appear in the cited messages. Cite only the new messages. "
    "Priority 5 for roles, decisions, deadlines and approved amounts; 1 for background. "
    "A message that starts with \"[Document pasted …]\" is a document pasted into the "
    "conversation: it is indexed for recall and code keeps a pointer item for it, so do not "
    "summarise its body or cite it alone. Dates in parentheses after words such as "
    "\"yesterday (7 May 2023)\" are resolved from the message's date: keep them in items."
)


def op_to_dict(op: Op) -> dict[str, Any]:
    """The JSON shape of an operation (the one the fold model is asked to produce)."""
    if isinstance(op, AddItem):
        return {"op": "add", "field": op.field, "text": op.text, "sources": list(op.source_ids),
                "priority": op.priority}
    if isinstance(op, UpdateItem):
        return {"op": "update", "item": op.item_id, "text": op.text,
                "sources": list(op.source_ids), "priority": op.priority}
    if isinstance(op, ResolveQuestion):
        return {"op": "resolve", "item": op.item_id, "text": op.text,
                "sources": list(op.source_ids)}
    return {"op": "remove", "item": op.item_id}


def op_from_dict(data: Mapping[str, Any]) -> Op:
    """Parse one operation; raises ``ValueError`` on anything malformed."""
    if not isinstance(data, Mapping):
        raise ValueError("operation must be an object")
    kind = data.get("op")
    sources = data.get("sources", [])
    if not isinstance(sources, list) or not all(isinstance(s, str | int) for s in sources):
        raise ValueError("sources must be a list of message ids")
    src = tuple(str(s) for s in sources)
    prio = data.get("priority")
    if prio is not None and (not isinstance(prio, int) or isinstance(prio, bool)):
        raise ValueError("priority must be an integer")
    if kind == "add":
        fld = data.get("field")
        if fld not in FIELDS:
            raise ValueError(f"unknown field {fld!r}")
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise ValueError("add needs a non-empty text")
        return AddItem(fld, text.strip(), src, prio)
    item_id = data.get("item")
    if not isinstance(item_id, str) or not item_id:
        raise ValueError(f"{kind!r} needs an item id")
    if kind == "update":
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise ValueError("update needs a non-empty text")
        return UpdateItem(item_id, text.strip(), src, prio)
    if kind == "resolve":
        text = data.get("text") or ""
        if not isinstance(text, str):
            raise ValueError("resolve text must be a string")
        return ResolveQuestion(item_id, src, text.strip())
    if kind == "remove":
        return RemoveItem(item_id)
    raise ValueError(f"unknown operation {kind!r}")



def build_fold_request(
    state: SummaryState, messages: Sequence[SourceMessage], *, temperature: float = 0.1,
    max_tokens: int = 800,
) -> ModelRequest:
    """The fold request: old items as canonical JSON, then the new messages, clipped (a
    pasted document to its header and opening, :data:`~threadkeep.memory.summary.pasted.PREVIEW_CHARS`)."""
    items = [{"id": i.id, "field": i.field, "text": i.text, "priority": i.priority,
              "resolved": i.resolved} for i in state.items]
    lines = []
    for m in messages:
        limit = PREVIEW_CHARS if is_document(m[2]) else LONG_MESSAGE_CHARS
        text = m[2] if len(m[2]) <= limit else m[2][:limit] + " […]"
        lines.append(f"[{m[0]}] {m[1]}: {text}")
    prompt = ("Current summary items:\n" + canonical_json(items) + "\n\nNew messages:\n"
              + "\n".join(lines) + "\n\nAnswer with {\"ops\": [...]} only.")
    return ModelRequest(
        system=FOLD_SYSTEM_PROMPT,
        segments=(Segment("new_message", (ChatMessage.user(prompt),)),),
        max_tokens=max_tokens,
        temperature=temperature,
        metadata={"purpose": "fold"},
    )


_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.MULTILINE)


def parse_ops(text: str, state: SummaryState, message_ids: Sequence[str]) -> list[Op]:
    """Parse and validate a model's answer; raises ``ValueError`` if any part is unusable."""
    body = _FENCE.sub("", text.strip())
    start = min((i for i in (body.find("{"), body.find("[")) if i >= 0), default=-1)
    if start < 0:
        raise ValueError("no JSON in the answer")
    data = json.loads(body[start:])
    raw = data.get("ops") if isinstance(data, dict) else data
    if not isinstance(raw, list):
        raise ValueError("expected a list of operations")
    known_items = {i.id for i in state.items}
    known_msgs = set(message_ids)
    ops: list[Op] = []
    for entry in raw:
        op = op_from_dict(entry)
        if not isinstance(op, AddItem) and op.item_id not in known_items:
            raise ValueError(f"operation on unknown item {op.item_id!r}")
        sources = getattr(op, "source_ids", ())
        if any(s not in known_msgs for s in sources):
            raise ValueError("operation cites a message outside this fold")
        ops.append(op)
    return ops


@dataclass
class ModelSummariser:
    """Summarises with ``model`` (temperature 0.0–0.2); falls back to ``fallback`` on failure.

    ``last_fallback`` says why the last fold fell back (``None`` when the model's ops were used).
    """

    model: ChatModel
    temperature: float = 0.1
    max_tokens: int = 800
    fallback: ExtractiveSummariser = field(default_factory=ExtractiveSummariser)
    name: str = "model"
    last_fallback: str | None = None

    def __post_init__(self) -> None:
        if not 0.0 <= self.temperature <= 0.2:
            raise ValueError("fold temperature must be within 0.0–0.2")

    async def apropose(self, state: SummaryState, messages: Sequence[SourceMessage]) -> list[Op]:
        """Ask the model for operations; any failure yields the extractive operations instead."""
        request = build_fold_request(state, messages, temperature=self.temperature,
                                     max_tokens=self.max_tokens)
        try:
            answer = await complete(self.model, request)
            ops = parse_ops(answer.text, state, [str(m[0]) for m in messages])
        except ProviderError as exc:
            self.last_fallback = f"provider error: {exc}"
            return self.fallback.propose(state, messages)
        except (ValueError, TypeError, KeyError) as exc:
            self.last_fallback = f"invalid answer: {exc}"
            return self.fallback.propose(state, messages)
        self.last_fallback = None
        # Documents are indexed, not summarised: whatever the model said of one, its pointer.
        return with_document_pointers(ops, messages)
