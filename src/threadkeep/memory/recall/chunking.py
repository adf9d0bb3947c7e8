"""Long messages as recall indexes them: chunks of whole sentences, dates written in as notes."""

from __future__ import annotations

import re
from collections.abc import Sequence

from threadkeep.memory import dates as dates_mod

__all__ = ["CHUNK_OVER", "CHUNK_CHARS", "chunk_spans", "message_pieces"]

# Messages longer than CHUNK_OVER characters (a pasted document, not a chat turn) are indexed
# as chunks of whole sentences of about CHUNK_CHARS: each chunk is embedded and ranked on its
# own, so any part of a 40 KB paste can be found by meaning, and a hit brings that part, not
# the document's first lines. e5-small reads 512 tokens (~2,000 characters); 1,000-character
# chunks keep one topic per vector and cost ~250 tokens when recalled.
CHUNK_OVER = 1500
CHUNK_CHARS = 1000
_MIN_TAIL = 200  # a shorter last chunk joins the one before
_BREAK = re.compile(r"\n\s*\n|(?<=[.!?。！？])\s+|\n")


def chunk_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the parts ``text`` is indexed in: one span for a message up to
    ``CHUNK_OVER`` characters, else runs of whole sentences (paragraph and line ends count as
    sentence ends) of at most ``CHUNK_CHARS``; a sentence longer than that is cut at a space.
    Linear in the text's length."""
    n = len(text)
    if n <= CHUNK_OVER:
        return [(0, n)]
    ends = [m.end() for m in _BREAK.finditer(text)] + [n]
    spans: list[tuple[int, int]] = []
    start = prev = 0
    for e in ends:
        if e - start > CHUNK_CHARS:
            if prev > start:
                spans.append((start, prev))
                start = prev
            while e - start > CHUNK_CHARS:  # one sentence longer than a chunk
                cut = text.rfind(" ", start + CHUNK_CHARS // 2, start + CHUNK_CHARS)
                cut = cut + 1 if cut > 0 else start + CHUNK_CHARS
                spans.append((start, cut))
                start = cut
        prev = e
    if start < n:
        spans.append((start, n))
    if len(spans) > 1 and spans[-1][1] - spans[-1][0] < _MIN_TAIL:
        last = spans.pop()
        spans[-1] = (spans[-1][0], last[1])
    return [sp for sp in spans if text[sp[0] : sp[1]].strip()]


def message_pieces(text: str, found: Sequence[dates_mod.Resolved]) -> list[tuple[int, int, int, str]]:
    """(chunk, start, end, text as recalled) per part: resolved dates written in as notes."""
    out = []
    for i, (a, b) in enumerate(chunk_spans(text)):
        inside = [dates_mod.Resolved(r.start - a, r.end - a, r.note) for r in found if a <= r.start and r.end <= b]
        out.append((i, a, b, dates_mod.annotate(text[a:b], inside).strip()))
    return out
