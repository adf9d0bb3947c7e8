"""A structured answer from any model: ask with the provider's own mechanism, validate, repair once.

Folds and fact extraction need operations, not prose. :func:`complete_structured` sends a
request whose ``output`` names a Pydantic model's JSON Schema (each adapter renders it natively:
OpenAI ``response_format`` json_schema strict, Anthropic a forced tool call, Ollama ``format``,
llama.cpp ``json_schema``), then reads the answer — the forced tool call's input, or the text —
validates it against the model and the caller's own checks (``check``: unknown ids, values in
no cited message), and on a failure sends the errors back once. What real models get wrong is
handled here, once, for every caller:

========================== ===================================================================
prose around the JSON      the outermost JSON object in the text is read
an empty answer            repaired once, then :class:`~threadkeep.errors.UnusableAnswer`
invalid JSON or shape      repaired once (the validation errors, never the person's text, are
                           sent back), then ``UnusableAnswer``
failed ``check``           repaired once; what still fails is returned in ``problems`` for the
                           caller to drop, so the valid part is kept
cut off at ``max_tokens``  ``UnusableAnswer`` at once (the same budget would cut it again)
a refusal                  ``UnusableAnswer`` at once
provider errors, timeouts  raised as they are (:class:`~threadkeep.errors.ProviderError`): the
                           caller decides whether to try later
========================== ===================================================================

Usage of every call (the repair included) is summed in the result, for the cost report.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from pydantic import BaseModel, ValidationError

from threadkeep.errors import MalformedResponse, UnusableAnswer
from threadkeep.llm.base import ChatModel, Completion, Usage, complete
from threadkeep.messages import ChatMessage, ModelRequest, OutputSpec, Segment

__all__ = ["StructuredResult", "complete_structured", "output_spec", "read_json", "MAX_PROBLEMS"]

T = TypeVar("T", bound=BaseModel)
# At most this many validation problems are listed back to the model in the repair round.
MAX_PROBLEMS = 12


@dataclass(slots=True)
class StructuredResult(Generic[T]):
    """A validated answer, what still failed the caller's check after the repair (those parts
    are the caller's to drop), whether a repair round was needed, and the usage of all calls."""

    value: T
    problems: list[str] = field(default_factory=list)
    repaired: bool = False
    usage: Usage = field(default_factory=Usage)
    calls: int = 1


def output_spec(model: type[BaseModel], name: str, description: str = "") -> OutputSpec:
    """The :class:`~threadkeep.messages.OutputSpec` of a Pydantic model."""
    return OutputSpec(name=name, schema=model.model_json_schema(), description=description)


def read_json(text: str) -> object:
    """The JSON value of an answer: the whole text, else its outermost ``{...}`` (a model that
    wrapped the JSON in prose or a code fence). Raises ``ValueError`` when there is none."""
    body = text.strip()
    if not body:
        raise ValueError("the answer is empty")
    try:
        return json.loads(body)
    except ValueError:
        pass
    start, end = body.find("{"), body.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("the answer holds no JSON object")
    return json.loads(body[start : end + 1])


def _answer_value(answer: Completion, spec: OutputSpec) -> object:
    for call in answer.tool_calls:  # Anthropic: the forced tool's input is the answer
        if call.name == spec.name:
            return call.arguments
    return read_json(answer.text)


def _problems(exc: ValidationError) -> list[str]:
    """Where and what, never the input values (they are the person's text)."""
    out = []
    for err in exc.errors(include_url=False, include_input=False)[:MAX_PROBLEMS]:
        where = ".".join(str(p) for p in err.get("loc", ())) or "(root)"
        out.append(f"{where}: {err.get('msg', 'invalid')}")
    return out


def _unusable(why: str, usage: Usage) -> UnusableAnswer:
    err = UnusableAnswer(why)
    err.usage = usage  # what the calls cost, for the cost report
    return err


def _repair_request(request: ModelRequest, answer: Completion, problems: list[str]) -> ModelRequest:
    said = answer.text or json.dumps([c.arguments for c in answer.tool_calls], ensure_ascii=False)
    fix = (
        "Your answer could not be used:\n- "
        + "\n- ".join(problems[:MAX_PROBLEMS])
        + "\nAnswer again, in full, with only the corrected JSON."
    )
    turn = Segment("tool_round", (ChatMessage.assistant(said[:8000] or "(empty)"), ChatMessage.user(fix)))
    return replace(request, segments=(*request.segments, turn))


async def complete_structured(
    model: ChatModel,
    request: ModelRequest,
    output_type: type[T],
    *,
    check: Callable[[T], list[str]] | None = None,
) -> StructuredResult[T]:
    """Ask ``model`` for an ``output_type`` value (``request.output`` must be its spec), with
    one repair round; see the module docstring for what each failure becomes."""
    if request.output is None:
        raise ValueError("complete_structured needs a request with an output spec")
    usage = Usage()
    current = request
    first: StructuredResult[T] | None = None  # a valid first answer whose check failed
    for attempt in (1, 2):
        try:
            answer = await complete(model, current)
        except MalformedResponse as e:
            raise _unusable(f"the answer broke the wire format: {e}", usage) from e
        usage = usage + answer.usage
        if answer.stop_reason == "refusal":
            raise _unusable(
                "the model refused" + (f": {answer.stop_detail[:200]}" if answer.stop_detail else ""), usage
            )
        if answer.stop_reason == "max_tokens":
            raise _unusable(f"the answer was cut off at max_tokens ({request.max_tokens})", usage)
        try:
            value = output_type.model_validate(_answer_value(answer, request.output))
        except ValueError as e:  # ValidationError is a ValueError
            problems = _problems(e) if isinstance(e, ValidationError) else [str(e)]
            if first is not None:  # the repair broke what was valid: keep the first answer
                return replace(first, usage=usage, calls=2)
            if attempt == 2:
                raise _unusable("invalid after one repair: " + "; ".join(problems[:3]), usage) from e
            current = _repair_request(request, answer, problems)
            continue
        problems = check(value) if check is not None else []
        result = StructuredResult(value, problems, repaired=attempt == 2, usage=usage, calls=attempt)
        if not problems or attempt == 2:
            return result
        first = result
        current = _repair_request(request, answer, problems)
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises
