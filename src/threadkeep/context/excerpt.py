"""A new message larger than the room a request has for it, shown in part.

The whole message is stored (and indexed for recall like any other); only the request shows
less of it. The request carries a one-line reference — ``[message of N tokens, shown in part
…]`` — and then the passages that fit, chosen in this order:

1. the beginning and the end of the message, up to a quarter of the room each: people put
   what they want before or after what they paste ("Here is the contract … what does clause 4
   say?");
2. then the passages sharing the most rare words with that beginning and end (each shared
   word weighs ``log(1 + passages / passages containing it)``), best first, while they fit.

Chosen passages keep their original order, with ``[… N tokens not shown …]`` where text was
left out. Pure and deterministic: the same message and room give the same bytes (the request
stays cacheable), and its cost is linear in the message length.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.tokens import TokenCounter

__all__ = ["PASSAGE_TOKENS", "MIN_EXCERPT_TOKENS", "Excerpt", "excerpt"]

# A passage: consecutive lines up to this many tokens (a long line is cut into pieces).
PASSAGE_TOKENS = 120
# Below this much room a message cannot be usefully shown in part.
MIN_EXCERPT_TOKENS = 48
_EDGE_SHARE = 0.25  # of the room, for the beginning and again for the end


@dataclass(frozen=True, slots=True)
class Excerpt:
    text: str
    total_tokens: int  # of the whole message
    shown_passages: int
    passages: int


def _pieces(line: str, tokens: int) -> list[str]:
    """A line too long for one passage, cut at character positions scaled to its density."""
    size = max(1, len(line) * PASSAGE_TOKENS // max(1, tokens))
    return [line[i : i + size] for i in range(0, len(line), size)]


def _passages(text: str, counter: TokenCounter) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    lines: list[str] = []
    used = 0
    for line in text.split("\n"):
        n = counter.count(line) + 1
        if n > PASSAGE_TOKENS:
            if lines:
                out.append(("\n".join(lines), used))
                lines, used = [], 0
            out.extend((p, counter.count(p)) for p in _pieces(line, n))
            continue
        if used + n > PASSAGE_TOKENS and lines:
            out.append(("\n".join(lines), used))
            lines, used = [], 0
        lines.append(line)
        used += n
    if lines:
        out.append(("\n".join(lines), used))
    return out


def _render(total: int, passages: list[tuple[str, int]], chosen: set[int], counter: TokenCounter) -> str:
    head = (
        f"[message of {total} tokens, shown in part: its beginning, its end and the passages "
        "most related to them; the whole message is stored]"
    )
    out = [head]
    gap = 0
    for i, (text, cost) in enumerate(passages):
        if i in chosen:
            if gap:
                out.append(f"[… {gap} tokens not shown …]")
                gap = 0
            out.append(text)
        else:
            gap += cost
    if gap:
        out.append(f"[… {gap} tokens not shown …]")
    return "\n".join(out)


def _edge_passages(passages: list[tuple[str, int]], edge: int) -> list[int]:
    """The beginning, then the end, each up to ``edge`` tokens: people frame a paste there."""
    order: list[int] = []
    used = 0
    for i in range(len(passages)):  # the beginning
        if used + passages[i][1] > edge:
            break
        order.append(i)
        used += passages[i][1]
    used = 0
    for i in range(len(passages) - 1, -1, -1):  # the end
        if i in order or used + passages[i][1] > edge:
            break
        order.append(i)
        used += passages[i][1]
    return order


def _related_passages(passages: list[tuple[str, int]], edges: set[int]) -> list[int]:
    """The passages outside ``edges``, those sharing the most rare words with them first."""
    n = len(passages)
    query = set(tokenize("\n".join(passages[i][0] for i in sorted(edges))))
    terms = [set(tokenize(p)) for p, _ in passages]
    df: dict[str, int] = {}
    for ts in terms:
        for t in ts & query:
            df[t] = df.get(t, 0) + 1
    idf = {t: math.log(1 + n / c) for t, c in df.items()}
    return sorted(
        (i for i in range(n) if i not in edges), key=lambda i: (-sum(idf.get(t, 0.0) for t in terms[i] & query), i)
    )


def _cut_beginning(
    total: int, passages: list[tuple[str, int]], room: int, counter: TokenCounter
) -> tuple[str, set[int]]:
    """The reference line and the longest prefix of the first passage that fit in ``room``.

    The last resort when not even the chosen passages' rendering fits; returns the text and
    the passages shown (the first, or none).
    """
    head = _render(total, passages, set(), counter)
    first = passages[0][0] if passages else ""
    lo, hi = 0, len(first)
    while lo < hi:  # the longest prefix that fits
        mid = (lo + hi + 1) // 2
        if counter.count(f"{head}\n{first[:mid]}") <= room:
            lo = mid
        else:
            hi = mid - 1
    return (f"{head}\n{first[:lo]}" if lo else head), ({0} if lo else set())


def excerpt(text: str, room: int, counter: TokenCounter) -> Excerpt:
    """``text`` in at most ``room`` tokens (counted by ``counter``), as described above."""
    total = counter.count(text)
    passages = _passages(text, counter)
    # Passages in the order they are offered a place.
    order = _edge_passages(passages, int(room * _EDGE_SHARE))
    edges = set(order)
    if not edges and passages:  # not even one passage fits in a quarter: the start, cut to size
        order.append(0)
    order.extend(_related_passages(passages, edges))
    chosen: set[int] = set()
    budget = room - counter.count(_render(total, passages, set(), counter)) - 8
    for i in order:
        cost = passages[i][1] + 12  # a gap marker may come with it
        if cost <= budget:
            chosen.add(i)
            budget -= cost
    rendered = _render(total, passages, chosen, counter)
    # Per-passage counts can drift from the joined text: shed the last offered until it fits.
    for i in reversed(order):
        if counter.count(rendered) <= room:
            break
        if i in chosen:
            chosen.discard(i)
            rendered = _render(total, passages, chosen, counter)
    if counter.count(rendered) > room:
        # Only the reference line and a cut of the beginning are left.
        rendered, chosen = _cut_beginning(total, passages, room, counter)
    return Excerpt(rendered, total, len(chosen), len(passages))
