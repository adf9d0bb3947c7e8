"""The OpenAI wire format of a client's own tools on ``POST /v1/chat/completions``.

In: ``tools`` (``{"type": "function", "function": {name, description, parameters}}``),
``tool_choice`` (``"auto"``, ``"none"``, ``"required"`` or
``{"type": "function", "function": {"name": ...}}``), and — after the new user message — the
turn's tool rounds: assistant messages with ``tool_calls`` and ``role: tool`` messages with
their ``tool_call_id`` and result. Out: the model's calls as ``message.tool_calls`` (or
streamed ``delta.tool_calls`` chunks: index, id and name first, then the arguments) with
``finish_reason: "tool_calls"``. See :mod:`threadkeep.engine.client_tools` for the turn.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal, cast

from threadkeep.api.errors import ApiError
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

__all__ = ["client_tools", "tool_calls_out", "is_tool_call", "valid_name", "MAX_NAME"]

MAX_NAME = 64  # OpenAI's limit on a function name
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


def valid_name(name: Any) -> bool:
    """A tool name both providers accept: 1–64 letters, digits, ``_`` or ``-``."""
    return isinstance(name, str) and 1 <= len(name) <= MAX_NAME and set(name) <= _NAME_CHARS


def is_tool_call(message: Any) -> bool:
    """An assistant message that calls tools (part of a tool round, not a turn's answer)."""
    return message.role == "assistant" and bool(getattr(message, "tool_calls", None))


def _spec(tool: Any, i: int) -> ToolSpec:
    if not isinstance(tool, dict) or tool.get("type") != "function" or not isinstance(tool.get("function"), dict):
        raise ApiError(400, f'tools[{i}]: only {{"type": "function", "function": {{...}}}} tools are supported')
    fn = tool["function"]
    name = fn.get("name")
    if not valid_name(name):
        raise ApiError(400, f"tools[{i}].function.name must be 1 to {MAX_NAME} letters, digits, '_' or '-'")
    params = fn.get("parameters")
    if params is not None and not isinstance(params, dict):
        raise ApiError(400, f"tools[{i}].function.parameters must be a JSON Schema object")
    description = fn.get("description")
    return ToolSpec(
        name,
        description if isinstance(description, str) else "",
        params if params is not None else {"type": "object", "properties": {}},
    )


def _choice(value: Any) -> ToolChoice | None:
    if value is None:
        return None
    if value in ("auto", "none", "required"):
        return ToolChoice(cast(Literal["auto", "none", "required"], value))
    if isinstance(value, dict) and value.get("type") == "function" and isinstance(value.get("function"), dict):
        name = value["function"].get("name")
        if isinstance(name, str) and name:
            return ToolChoice("tool", name)
    raise ApiError(
        400, 'tool_choice must be "auto", "none", "required" or {"type": "function", "function": {"name": ...}}'
    )


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            p["text"]
            for p in content
            if isinstance(p, dict) and p.get("type") == "text" and isinstance(p.get("text"), str)
        )
    return ""


def _rounds(after: Sequence[Any]) -> tuple[ChatMessage, ...]:
    """The messages after the new user message as the turn's tool rounds, in order."""
    out: list[ChatMessage] = []
    for m in after:
        if m.role == "assistant":
            parts: list[Part] = [TextPart(t)] if (t := _text(m.content)) else []
            for call in getattr(m, "tool_calls", None) or []:
                fn = call.get("function") if isinstance(call, dict) else None
                if (
                    not isinstance(fn, dict)
                    or not isinstance(call.get("id"), str)
                    or not isinstance(fn.get("name"), str)
                ):
                    raise ApiError(400, "each tool call needs an id and a function name")
                raw = fn.get("arguments") or "{}"
                if not isinstance(raw, str):
                    raise ApiError(400, f"tool call {call['id']!r}: arguments must be a JSON string")
                try:
                    args = json.loads(raw)
                except json.JSONDecodeError as e:
                    raise ApiError(400, f"tool call {call['id']!r}: arguments are not valid JSON ({e.msg})") from e
                if not isinstance(args, dict):
                    raise ApiError(400, f"tool call {call['id']!r}: arguments must be a JSON object")
                parts.append(ToolCallPart(call["id"], fn["name"], args))
            if parts:
                out.append(ChatMessage("assistant", tuple(parts)))
        elif m.role == "tool":
            call_id = getattr(m, "tool_call_id", None)
            if not isinstance(call_id, str) or not call_id:
                raise ApiError(400, "a message with role 'tool' needs the tool_call_id it answers")
            result = ToolResultPart(call_id, _text(m.content))
            if out and out[-1].role == "user":  # the results of one round in one message
                out[-1] = ChatMessage("user", (*out[-1].parts, result))
            else:
                out.append(ChatMessage("user", (result,)))
    asked = {p.call_id for m in out for p in m.parts if isinstance(p, ToolCallPart)}
    answered = {p.call_id for m in out for p in m.parts if isinstance(p, ToolResultPart)}
    if answered - asked:
        raise ApiError(400, f"tool results for calls no assistant message made: {sorted(answered - asked)}")
    if asked - answered:
        raise ApiError(
            400, f"tool calls without a result (send one 'tool' message per call): {sorted(asked - answered)}"
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


def tool_calls_out(calls: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The calls as ``message.tool_calls`` (arguments as a JSON string, as OpenAI sends them)."""
    return [
        {
            "id": c["id"],
            "type": "function",
            "function": {"name": c["name"], "arguments": json.dumps(c["arguments"], ensure_ascii=False)},
        }
        for c in calls
    ]
