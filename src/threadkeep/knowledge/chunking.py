"""Split a document's text into passages for retrieval.

Passages follow the document's own structure: a Markdown heading starts a new section, a
blank line ends a paragraph, and paragraphs are packed together up to a token target. A
paragraph too long for one passage is cut at sentence ends (and, failing that, at word or
character boundaries for scripts without spaces). Consecutive passages of one section share a
small overlap so that an answer straddling a boundary is still found whole in one of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["Chunk", "ChunkingOptions", "chunk_text"]

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
# Sentence ends in Latin, Cyrillic and CJK punctuation.
_SENTENCE_END = re.compile(r"(?<=[.!?…。！？])\s+|(?<=[。！？])")


@dataclass(frozen=True, slots=True)
class ChunkingOptions:
    """Token targets: pack paragraphs up to ``target``, never exceed ``maximum``."""

    target: int = 300
    maximum: int = 400
    minimum: int = 40  # a trailing passage shorter than this is merged into the previous one
    overlap: int = 40


@dataclass(frozen=True, slots=True)
class Chunk:
    """One passage: its text (with its section heading), position and size."""

    ordinal: int
    text: str
    section: str
    token_count: int


@dataclass(slots=True)
class _Block:
    section: str
    text: str
    tokens: int


def chunk_text(
    text: str,
    *,
    options: ChunkingOptions | None = None,
    counter: TokenCounter | None = None,
) -> list[Chunk]:
    """Cut ``text`` (plain text or Markdown) into passages of about ``options.target`` tokens."""
    opts = options or ChunkingOptions()
    count = (counter or default_counter()).count
    blocks = list(_blocks(text, opts, count))
    chunks: list[Chunk] = []
    current: list[_Block] = []
    size = 0
    fresh = 0  # blocks in ``current`` not already carried over from the previous passage

    def flush() -> None:
        nonlocal current, size, fresh
        if not fresh:
            current, size = [], 0
            return
        section = current[0].section
        body = "\n\n".join(b.text for b in current)
        full = f"{section}\n\n{body}" if section else body
        chunks.append(Chunk(len(chunks), full, section, count(full)))
        # Carry the tail of this passage into the next one (same section only), but never
        # the whole passage, or the next one would repeat it.
        tail: list[_Block] = []
        carried = 0
        for b in reversed(current[1:]):
            if carried + b.tokens > opts.overlap:
                break
            tail.insert(0, b)
            carried += b.tokens
        if not tail:
            # Paragraphs bigger than the overlap: carry the last sentence(s) instead.
            tail_text = _tail_sentences(current[-1].text, opts.overlap, count)
            if tail_text and tail_text != current[-1].text:
                tail = [_Block(section, tail_text, count(tail_text))]
                carried = tail[0].tokens
        current, size, fresh = tail, carried, 0

    for block in blocks:
        if current and block.section != current[0].section:
            flush()
            current, size = [], 0
        if fresh and size + block.tokens > opts.target:
            flush()
        current.append(block)
        size += block.tokens
        fresh += 1
    flush()
    return _merge_small_tail(chunks, opts, count)


def _tail_sentences(text: str, budget: int, count) -> str:  # type: ignore[no-untyped-def]
    """The last whole sentences of ``text`` that fit in ``budget`` tokens ("" if none do)."""
    sentences = [u for u in _SENTENCE_END.split(text) if u.strip()]
    kept: list[str] = []
    used = 0
    for sentence in reversed(sentences):
        n = count(sentence)
        if used + n > budget:
            break
        kept.insert(0, sentence.strip())
        used += n
    return (" " if " " in text else "").join(kept)


def _merge_small_tail(chunks: list[Chunk], opts: ChunkingOptions, count) -> list[Chunk]:  # type: ignore[no-untyped-def]
    """Fold a tiny last passage into the one before it, when they share a section."""
    if len(chunks) >= 2 and chunks[-1].token_count < opts.minimum:
        prev, last = chunks[-2], chunks[-1]
        if prev.section == last.section and prev.token_count + last.token_count <= opts.maximum:
            body = last.text[len(last.section) :].lstrip() if last.section else last.text
            merged = prev.text if body in prev.text else f"{prev.text}\n\n{body}"
            chunks[-2] = Chunk(prev.ordinal, merged, prev.section, count(merged))
            chunks.pop()
    return chunks


def _blocks(text: str, opts: ChunkingOptions, count) -> Iterator[_Block]:  # type: ignore[no-untyped-def]
    """Paragraphs tagged with their section heading; long ones are cut to fit."""
    section = ""
    para: list[str] = []

    def emit() -> Iterator[_Block]:
        joined = "\n".join(para).strip()
        para.clear()
        if not joined:
            return
        n = count(joined)
        if n <= opts.target:
            yield _Block(section, joined, n)
            return
        for piece in _split_long(joined, opts.target, count):
            yield _Block(section, piece, count(piece))

    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        m = _HEADING.match(line.strip())
        if m:
            yield from emit()
            section = f"{m.group(1)} {m.group(2)}"
        elif not line.strip():
            yield from emit()
        else:
            para.append(line.rstrip())
    yield from emit()


def _split_long(text: str, target: int, count) -> list[str]:  # type: ignore[no-untyped-def]
    """Cut one long paragraph at sentence ends, then words, then characters."""
    pieces: list[str] = []
    for unit in _SENTENCE_END.split(text):
        unit = unit.strip()
        if not unit:
            continue
        if count(unit) <= target:
            pieces.append(unit)
        elif " " in unit:
            pieces.extend(_pack(unit.split(" "), " ", target, count))
        else:
            # Scripts without spaces (Japanese, Chinese): cut by characters; these scripts
            # run at about one token per character, so ``target`` characters fit.
            pieces.extend(unit[i : i + target] for i in range(0, len(unit), max(target, 1)))
    return _pack(pieces, " " if " " in text else "", target, count)


def _pack(parts: list[str], sep: str, target: int, count) -> list[str]:  # type: ignore[no-untyped-def]
    """Greedily join ``parts`` up to ``target`` tokens (sizes summed, counted once each)."""
    out: list[str] = []
    cur: list[str] = []
    size = 0
    for part in parts:
        n = count(part) + (1 if sep else 0)
        if cur and size + n > target:
            out.append(sep.join(cur))
            cur, size = [], 0
        cur.append(part)
        size += n
    if cur:
        out.append(sep.join(cur))
    return out
