"""JSON Schemas for structured answers, in the subset every provider's strict mode accepts.

OpenAI's strict structured outputs accept a subset of JSON Schema: every object closes
(``additionalProperties: false``) and lists all its properties as ``required`` (an optional
value is a union with ``null``), unions are ``anyOf`` (not ``oneOf``), and keywords such as
``default`` or ``discriminator`` are refused. Pydantic writes all of those.
:func:`strict_schema` rewrites a Pydantic schema into that subset once, so the same schema goes
to OpenAI, vLLM, Ollama, llama.cpp and (as a tool's input schema) Anthropic.
"""

from __future__ import annotations

from typing import Any

__all__ = ["strict_schema"]

# Keywords strict mode refuses, or that mean nothing to a grammar-constrained decoder.
_DROP = frozenset(
    {
        "default",
        "discriminator",
        "examples",
        "format",
        "pattern",
        "minLength",
        "maxLength",
        "minimum",
        "maximum",
        "minItems",
        "maxItems",
        "title",
    }
)


def strict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``schema`` in the strict subset (see the module docstring).

    Constraints dropped here (lengths, ranges) are still checked: the answer is validated
    against the Pydantic model it came from, not against this schema.
    """
    out: dict[str, Any] = _strict(schema)
    return out


def _strict(node: Any) -> Any:
    if isinstance(node, list):
        return [_strict(n) for n in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROP:
            continue
        if key == "oneOf":
            out["anyOf"] = _strict(value)
        elif key in ("properties", "$defs", "definitions"):
            out[key] = {name: _strict(sub) for name, sub in value.items()}
        else:
            out[key] = _strict(value)
    if out.get("type") == "object" or "properties" in out:
        props = out.setdefault("properties", {})
        out["required"] = list(props)
        out["additionalProperties"] = False
    return out
