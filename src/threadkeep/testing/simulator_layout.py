"""A rendered request as the simulator's prefix cache sees it: blocks, keys and points.

:class:`~threadkeep.testing.simulator.SimulatedModel` accounts each call against its cache
entries; this module turns the body the real adapter rendered into what that accounting reads —
each block's cumulative hash and token count, the breakpoints (explicit caching) and the points
where an entry can start or end (every ``increment_tokens`` for automatic caching). Kept apart
from the simulator so the layout, a pure function of the configuration and the body, reads on its
own beside the cache's accounting.
"""

from __future__ import annotations

import hashlib
from array import array
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from threadkeep.messages import canonical_json
from threadkeep.testing.simulator_config import EXTENDED_RETENTION_S, SimulatorConfig
from threadkeep.tokens import encoding

__all__ = ["Point", "Layout", "layout_of", "point_like", "first_difference", "token_ids", "digest"]


@dataclass(slots=True)
class Point:
    """A place where a cache entry can start or end: its key, length and block."""

    key: str
    tokens: int
    block: int


@dataclass(slots=True)
class Layout:
    """A request as the cache sees it."""

    block_keys: list[str]  # cumulative hash through each block
    block_tokens: list[int]  # cumulative tokens through each block
    segments: tuple[str, ...]
    points: list[Point]  # where entries may be read (automatic: every 128 tokens)
    breakpoints: dict[int, int] = field(default_factory=dict)  # block -> ttl (explicit)
    automatic_ttl: int = 300  # automatic: TTL of what this request writes or refreshes

    @property
    def total(self) -> int:
        return self.block_tokens[-1] if self.block_tokens else 0


@lru_cache(maxsize=65_536)
def token_ids(text: str) -> tuple[int, ...]:
    return tuple(encoding("o200k_base").encode(text, disallowed_special=()))


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def layout_of(cfg: SimulatorConfig, body: dict[str, Any], segments: tuple[str, ...]) -> Layout:
    """A rendered body (Anthropic's or OpenAI's, as the style says) as the cache sees it."""
    automatic_ttl = cfg.automatic_ttl_seconds
    if cfg.style == "explicit":
        blocks: list[tuple[str, dict[str, Any]]] = [("tools", dict(t)) for t in body.get("tools", [])]
        system = body.get("system", [])
        blocks += [
            ("system", dict(b)) for b in ([{"type": "text", "text": system}] if isinstance(system, str) else system)
        ]
        for message in body["messages"]:
            content = message["content"]
            if isinstance(content, str):
                content = [{"type": "text", "text": content}]
            blocks += [(message["role"], dict(b)) for b in content]
    else:
        blocks = [("tools", dict(t)) for t in body.get("tools", [])]
        blocks += [("message", dict(m)) for m in body["messages"]]
        if body.get("prompt_cache_retention") == "24h":
            automatic_ttl = EXTENDED_RETENTION_S

    key = digest(f"model:{cfg.model}".encode())
    block_keys: list[str] = []
    block_tokens: list[int] = []
    breakpoints: dict[int, int] = {}
    ids: list[int] = []
    running = 0
    for index, (role, block) in enumerate(blocks):
        control = block.pop("cache_control", None)
        if control is not None:
            breakpoints[index] = 3600 if control.get("ttl") == "1h" else 300
        text = f"{role}\n{canonical_json(block)}"
        block_ids = token_ids(text)
        key = digest(f"{key}|{digest(text.encode())}".encode())
        running += len(block_ids)
        block_keys.append(key)
        block_tokens.append(running)
        if cfg.style == "automatic":
            ids.extend(block_ids)

    points: list[Point]
    if cfg.style == "explicit":
        points = [Point(k, t, i) for i, (k, t) in enumerate(zip(block_keys, block_tokens, strict=True))]
    else:
        points = []
        chunk_key = digest(f"model:{cfg.model}".encode())
        step = cfg.increment_tokens
        at_block = 0
        for end in range(step, len(ids) + 1, step):
            chunk_key = digest(chunk_key.encode() + array("I", ids[end - step : end]).tobytes())
            while block_tokens[at_block] < end:
                at_block += 1
            points.append(Point(chunk_key, end, at_block))
    return Layout(block_keys, block_tokens, segments, points, breakpoints, automatic_ttl)


def point_like(cfg: SimulatorConfig, layout: Layout, target: Point) -> Point | None:
    """The point of this request at the same place as ``target`` in an earlier one."""
    if cfg.style == "explicit":
        return layout.points[target.block] if target.block < len(layout.points) else None
    index = target.tokens // cfg.increment_tokens - 1
    return layout.points[index] if 0 <= index < len(layout.points) else None


def first_difference(before: list[str], after: list[str]) -> int:
    for index, (a, b) in enumerate(zip(before, after, strict=False)):
        if a != b:
            return index
    return min(len(before), len(after))
