"""Anthropic's wire format of a client's own tools on ``POST /anthropic/v1/messages``.

In: ``tools`` (``{name, description, input_schema}``), ``tool_choice`` (``{"type": "auto" |
"any" | "none" | "tool", "name"}``), and — after the new user message — the turn's tool rounds:
assistant messages with ``tool_use`` blocks and user messages of ``tool_result`` blocks. A user
message holding tool results is a round's results, never a new turn. Out: ``tool_use`` content
blocks with ``stop_reason: "tool_use"``. See :mod:`threadkeep.engine.client_tools` for the turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, cast

from threadkeep.api.dropin import text_of
from threadkeep.api.errors import ApiError
from threadkeep.api.openai_tools import MAX_NAME, valid_name
from threadkeep.engine.client_tools import ClientTools
from threadkeep.messages import (
    ChatMessage,
    Part,
    TextPart,
    ToolCallPart,
    ToolChoice,
    ToolResultPart,
    ToolSpec,
)

__all__ = ["is_tool_traffic", "client_tools", "tool_use_blocks"]


def _blocks(message: Any) -> list[dict[str, Any]]:
    return [b for b in message.content if isinstance(b, dict)] if isinstance(message.content, list) else []


def is_tool_traffic(message: Any) -> bool:
    """An assistant message that uses tools, or a user message carrying tool results."""
    kind = "tool_use" if message.role == "assistant" else "tool_result"
    return any(b.get("type") == kind for b in _blocks(message))


def _text(blocks: Sequence[Any]) -> str:
    return "\n".join(
        b["text"] for b in blocks if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)
    )


def _spec(tool: Any, i: int) -> ToolSpec:
    if not isinstance(tool, dict) or tool.get("type", "custom") != "custom":
        raise ApiError(400, f"tools[{i}]: only client tools ({{name, description, input_schema}}) are supported")
    name, schema = tool.get("name"), tool.get("input_schema")
    if not valid_name(name):
        raise ApiError(400, f"tools[{i}].name must be 1 to {MAX_NAME} letters, digits, '_' or '-'")
    if not isinstance(schema, dict):
        raise ApiError(400, f"tools[{i}].input_schema must be a JSON Schema object")
    description = tool.get("description")
    return ToolSpec(str(name), description if isinstance(description, str) else "", schema)


def _choice(value: Any) -> ToolChoice | None:
    if value is None:
        return None
    kind = value.get("type") if isinstance(value, dict) else None
    if kind in ("auto", "none"):
        return ToolChoice(cast(Literal["auto", "none"], kind))
    if kind == "any":
        return ToolChoice("required")
    if kind == "tool" and isinstance(value.get("name"), str):
        return ToolChoice("tool", value["name"])
    raise ApiError(
        400, 'tool_choice must be {"type": "auto"}, {"type": "any"}, {"type": "none"} or {"type": "tool", "name": ...}'
    )


def _rounds(after: Sequence[Any]) -> tuple[ChatMessage, ...]:
    out: list[ChatMessage] = []
    for m in after:
        blocks = _blocks(m) if isinstance(m.content, list) else [{"type": "text", "text": m.content}]
        parts: list[Part] = []
        if m.role == "assistant":
            if text := _text(blocks):
                parts.append(TextPart(text))
            for b in blocks:
                if b.get("type") == "tool_use":
                    if not isinstance(b.get("id"), str) or not isinstance(b.get("name"), str):
                        raise ApiError(400, "each tool_use block needs an id and a name")
                    if not isinstance(b.get("input", {}), dict):
                        raise ApiError(400, f"tool_use {b['id']!r}: input must be a JSON object")
                    parts.append(ToolCallPart(b["id"], b["name"], dict(b.get("input") or {})))
        else:
            for b in blocks:
                if b.get("type") == "tool_result":
                    if not isinstance(b.get("tool_use_id"), str):
                        raise ApiError(400, "a tool_result block needs the tool_use_id it answers")
                    # A result's images are refused like a message's (text_of): the model gets text.
                    text = text_of(b.get("content", ""), where=f"tool_result {b['tool_use_id']!r}")
                    parts.append(ToolResultPart(b["tool_use_id"], text, bool(b.get("is_error"))))
        if parts:
            out.append(ChatMessage("assistant" if m.role == "assistant" else "user", tuple(parts)))
    asked = {p.call_id for m in out for p in m.parts if isinstance(p, ToolCallPart)}
    answered = {p.call_id for m in out for p in m.parts if isinstance(p, ToolResultPart)}
    if answered != asked:
        raise ApiError(
            400,
            "every tool_use block needs one tool_result (and every result a tool_use): "
            f"unanswered {sorted(asked - answered)}, unasked {sorted(answered - asked)}",
        )
    return tuple(out)


def client_tools(tools: list[Any] | None, tool_choice: Any, after: Sequence[Any]) -> ClientTools | None:
    """The request's client tools (None: it sent none and no tool round)."""
    rounds = _rounds(after)
    if not tools and tool_choice is not None:
        raise ApiError(400, "tool_choice needs tools: send the tools the model may call (or no tool_choice)")
    if not tools and not rounds:
        return None
    # ClientTools checks the count, the names and the choice (an InputError: a 400).
    return ClientTools(tuple(_spec(t, i) for i, t in enumerate(tools or [])), _choice(tool_choice), rounds)


def tool_use_blocks(calls: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": "tool_use", "id": c["id"], "name": c["name"], "input": c["arguments"]} for c in calls]
