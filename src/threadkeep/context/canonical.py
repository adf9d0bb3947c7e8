"""Canonical serialisation: the same conversation state is the same bytes, every time.

A provider's prefix cache is keyed by bytes. Python dicts keep insertion order, tool lists
arrive in whatever order a catalogue or a plugin registered them, and a JSON schema written by
hand in one place and generated in another differs only in key order — each of those would
change the prefix without changing its meaning (ARCHITECTURE §3). Everything that enters the
request's prefix goes through here first:

- :func:`canonical_schema` rebuilds a JSON schema with sorted keys at every depth (and sorts
  the ``required`` list, whose order carries no meaning);
- :func:`canonical_tools` sorts tools by name and canonicalises their schemas;
- :func:`canonical_request` applies both to a :class:`ModelRequest`;
- :func:`segment_bytes` gives the provider-neutral bytes of each segment, which the
  fingerprints (:mod:`threadkeep.cache.fingerprint`) hash.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from threadkeep.errors import ConfigError
from threadkeep.messages import (
    ChatMessage,
    ModelRequest,
    SegmentName,
    ToolSpec,
    canonical_json,
    message_to_dict,
)

__all__ = [
    "canonical_schema",
    "canonical_tools",
    "canonical_request",
    "tool_bytes",
    "message_bytes",
    "segment_bytes",
]

# Lists whose order is meaningless in JSON Schema: sorting them removes an order dependence.
_UNORDERED_LISTS = frozenset({"required"})


def canonical_schema(value: Any) -> Any:
    """``value`` with every dict rebuilt in sorted key order (recursively).

    Lists keep their order (``enum`` or ``prefixItems`` order can matter), except the
    ``required`` list of an object schema, which is a set in disguise.
    """
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key in sorted(value, key=str):
            item = value[key]
            if key in _UNORDERED_LISTS and isinstance(item, list | tuple) and all(isinstance(x, str) for x in item):
                out[str(key)] = sorted(set(item))
            else:
                out[str(key)] = canonical_schema(item)
        return out
    if isinstance(value, list | tuple):
        return [canonical_schema(v) for v in value]
    return value


def canonical_tools(tools: Iterable[ToolSpec]) -> tuple[ToolSpec, ...]:
    """Tools sorted by name with canonical schemas; two tools of one name are a config error."""
    seen: set[str] = set()
    out: list[ToolSpec] = []
    for tool in sorted(tools, key=lambda t: t.name):
        if tool.name in seen:
            raise ConfigError(f"two tools are named {tool.name!r}; tool names must be unique")
        seen.add(tool.name)
        out.append(ToolSpec(tool.name, tool.description, canonical_schema(tool.parameters)))
    return tuple(out)


def canonical_request(request: ModelRequest) -> ModelRequest:
    """``request`` with its tools in canonical order and form; everything else untouched.

    Message order is meaning (it is the conversation), so it is never reordered here.
    """
    return dataclasses.replace(request, tools=canonical_tools(request.tools))


def tool_bytes(tools: Sequence[ToolSpec]) -> bytes:
    """The canonical bytes of a tool list (in canonical order, whatever order it came in)."""
    return canonical_json(
        [{"description": t.description, "name": t.name, "parameters": t.parameters} for t in canonical_tools(tools)]
    ).encode("utf-8")


def message_bytes(message: ChatMessage) -> bytes:
    """The canonical bytes of one message (role and parts; tool arguments key-sorted)."""
    return canonical_json(message_to_dict(message)).encode("utf-8")


def segment_bytes(request: ModelRequest) -> list[tuple[SegmentName, list[bytes]]]:
    """Provider-neutral bytes of each segment, in request order, one item per message.

    ``tools`` and ``system`` always come first (they are carried outside ``segments``), each as
    one item; segments listed twice under one name are joined, so the result has one entry
    per name. An absent segment has no entry.
    """
    out: list[tuple[SegmentName, list[bytes]]] = []
    if request.tools:
        out.append(("tools", [tool_bytes(request.tools)]))
    if request.system:
        out.append(("system", [request.system.encode("utf-8")]))
    index: dict[str, int] = {name: i for i, (name, _items) in enumerate(out)}
    for segment in request.segments:
        if segment.name in ("tools", "system") or not segment.messages:
            continue
        items = [message_bytes(m) for m in segment.messages]
        if segment.name in index:
            out[index[segment.name]][1].extend(items)
        else:
            index[segment.name] = len(out)
            out.append((segment.name, items))
    return out
