"""The model-based summariser: a small model at low temperature proposes JSON operations.

The model is asked for operations, never for the summary text, so what it forgets to repeat is
still kept (:func:`~threadkeep.memory.summary.apply_ops`). Its answer is parsed and validated
here; on a provider failure, unparsable JSON or an operation on an unknown item, the fold
falls back to the extractive summariser — nothing stops working without a model (§5).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from threadkeep.context.request import ModelRequest, Segment
from threadkeep.errors import ProviderError
from threadkeep.llm.base import ChatModel, complete
from threadkeep.memory.extractive import LONG_MESSAGE_CHARS, ExtractiveSummariser
from threadkeep.memory.summary import (
    FIELD_TITLES,
    FIELDS,
    AddItem,
    Op,
    SourceMessage,
    SummaryState,
    op_from_dict,
)
from threadkeep.messages import ChatMessage, canonical_json

__all__ = ["ModelSummariser", "FOLD_SYSTEM_PROMPT", "build_fold_request", "parse_ops"]

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
    "Priority 5 for roles, decisions, deadlines and approved amounts; 1 for background."
)


def build_fold_request(
    state: SummaryState, messages: Sequence[SourceMessage], *, temperature: float = 0.1,
    max_tokens: int = 800,
) -> ModelRequest:
    """The fold request: old items as canonical JSON, then the new messages, clipped."""
    items = [{"id": i.id, "field": i.field, "text": i.text, "priority": i.priority,
              "resolved": i.resolved} for i in state.items]
    lines = []
    for m in messages:
        text = m[2] if len(m[2]) <= LONG_MESSAGE_CHARS else m[2][:LONG_MESSAGE_CHARS] + " […]"
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
        return ops
