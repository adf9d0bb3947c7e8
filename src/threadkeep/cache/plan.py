"""Breakpoint planning: where a request asks the provider to cache, and for how long.

Anthropic caches only where a request says so (``cache_control``), at most four places, and
1-hour entries must come before 5-minute ones. threadkeep's request is layered by how long each
part stays the same (ARCHITECTURE §3), so one breakpoint closes each stable layer:

1. tools + system prompt — the same for the life of a conversation: 1 hour;
2. start-up bundle + rolling summary — change only at a fold: 1 hour;
3. the end of the verbatim history — grows each turn: the TTL the caller passes
   (:func:`threadkeep.cache.adoption.history_ttl`: 1 hour by default, always for a session
   kept warm).

Nothing after the history is marked: the turn context and the new message change every turn,
so an entry there would be written and never read. A breakpoint whose cumulative prefix is
below the provider's minimum cacheable length would be ignored by the provider, so it is left
out (it would only use one of the four slots). A layer whose prefix is no longer than the one
before it adds nothing and is skipped. With fewer slots than layers, the history end wins (it
covers the most tokens), then the system layer.

Automatic caches (OpenAI and compatible servers) need no breakpoints, only a stable
``cache_key`` per conversation so requests land where the prefix is cached.

The planner also puts the tools in canonical order (:mod:`threadkeep.context.canonical`).
"""

from __future__ import annotations

import dataclasses

from threadkeep.cache.fingerprint import fingerprint
from threadkeep.context.canonical import canonical_request
from threadkeep.llm.base import Capabilities
from threadkeep.messages import Breakpoint, ModelRequest, Segment
from threadkeep.tokens import TokenCounter

__all__ = [
    "SHORT_TTL",
    "LONG_TTL",
    "plan_breakpoints",
    "prefix_ttl",
]

SHORT_TTL = 300
LONG_TTL = 3600
# (layer, segments whose end closes the layer — the last present one is used)
_LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("stable", ("tools", "system")),
    ("frozen", ("startup", "summary")),
    ("history", ("history",)),
)
# Which layers keep their breakpoint when the provider allows fewer than three.
_PRIORITY = ("history", "stable", "frozen")


def _supported(ttl: int, capabilities: Capabilities, *, prefer_long: bool) -> int:
    ttls = tuple(sorted(capabilities.cache_ttls)) or (SHORT_TTL,)
    if ttl in ttls:
        return ttl
    return ttls[-1] if prefer_long else ttls[0]


def prefix_ttl(request: ModelRequest) -> int | None:
    """TTL of the request's last breakpoint (what expires first at the end of the prefix)."""
    if not request.breakpoints:
        return None
    return max(request.breakpoints, key=lambda bp: bp.segment).ttl_seconds


def _with_head_segments(request: ModelRequest) -> ModelRequest:
    """Segments with explicit (empty) ``tools`` and ``system`` entries at the front.

    The adapters carry tools and system outside ``segments``; a breakpoint can name them only
    if they are listed. Empty segments render no bytes, so the wire prefix is unchanged.
    """
    names = [s.name for s in request.segments]
    head = [Segment(n) for n in ("tools", "system") if n not in names]
    if not head:
        return request
    return dataclasses.replace(request, segments=(*head, *request.segments))


def plan_breakpoints(
    request: ModelRequest,
    capabilities: Capabilities,
    counter: TokenCounter | None = None,
    *,
    history_ttl: int = SHORT_TTL,
    stable_ttl: int = LONG_TTL,
) -> ModelRequest:
    """``request`` with canonical tools and cache breakpoints planned for ``capabilities``.

    ``counter`` estimates tokens against ``capabilities.min_cacheable_tokens`` (o200k by
    default). Existing breakpoints are replaced. For automatic caching only the ``cache_key``
    is set (from ``metadata["conversation_id"]`` when the request has none).
    """
    request = canonical_request(request)
    if capabilities.cache_style == "automatic":
        key = request.cache_key or request.metadata.get("conversation_id")
        return dataclasses.replace(request, breakpoints=(), cache_key=str(key) if key is not None else None)
    if capabilities.cache_style != "explicit" or capabilities.max_breakpoints <= 0:
        return dataclasses.replace(request, breakpoints=())

    request = _with_head_segments(request)
    prints = fingerprint(request, counter)
    wanted = {
        "stable": _supported(stable_ttl, capabilities, prefer_long=True),
        "frozen": _supported(stable_ttl, capabilities, prefer_long=True),
        "history": _supported(history_ttl, capabilities, prefer_long=False),
    }
    names: list[str] = [s.name for s in request.segments]
    chosen: list[tuple[str, int, int]] = []  # (layer, segment index, prefix tokens)
    floor = 0
    for layer, members in _LAYERS:
        present = [n for n in members if n in prints.order]
        if not present:
            continue
        end = max(present, key=lambda n: prints.tokens[n])
        tokens = prints.tokens[end]
        if tokens <= floor or tokens < capabilities.min_cacheable_tokens:
            continue
        # The last listed segment of that name: a breakpoint on it closes the layer.
        index = len(names) - 1 - names[::-1].index(end)
        chosen.append((layer, index, tokens))
        floor = tokens
    chosen.sort(key=lambda c: _PRIORITY.index(c[0]))
    chosen = sorted(chosen[: capabilities.max_breakpoints], key=lambda c: c[1])
    # 1-hour entries must precede 5-minute ones: an earlier layer is never shorter-lived.
    ttls = [wanted[layer] for layer, _i, _t in chosen]
    for i in range(len(ttls) - 2, -1, -1):
        ttls[i] = max(ttls[i], ttls[i + 1])
    breakpoints = tuple(Breakpoint(index, ttl) for (_l, index, _t), ttl in zip(chosen, ttls, strict=True))
    return dataclasses.replace(request, breakpoints=breakpoints)
