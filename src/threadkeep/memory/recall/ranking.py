"""Recall ranking: which of the person's earlier messages a turn brings back, and how they read.

Ranking is the shared hybrid index (BM25 + e5, reciprocal-rank fusion) of
:mod:`threadkeep.retrieval.hybrid`. :func:`rank_items` is the pure core (items in, ranked hits
out), used by :func:`threadkeep.memory.recall.search.recall` and the evaluation harness;
:func:`render_recalled` groups hits into one dated block per earlier conversation. A chosen
turn is shown whole, or a long one cut by sentence to what it states, and a turn of filler
alone is not shown (:mod:`threadkeep.memory.recall.excerpt`).
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from threadkeep.memory.recall.excerpt import excerpt
from threadkeep.retrieval.hybrid import HybridIndex
from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.tokens import TokenCounter, token_counter

__all__ = [
    "RecallItem",
    "RecallHit",
    "rank_items",
    "trim_to_query",
    "RecalledBlock",
    "render_recalled",
    "DEFAULT_LABELS",
    "speaker_label",
]

# Fusion: dense 1.5 against lexical 1.0 (issue 25: with every line dated and named, multi-hop
# evidence all present 0.24 → 0.31 on the dev conversations, single-hop and temporal strict
# kept — docs/BENCHMARKS.md, "LoCoMo, strictly measured"); each side read 300 deep so
# neighbours and the role lift have candidates.
FUSION_WEIGHTS = (1.0, 1.5)
SEARCH_DEPTH = 300
# The relevance floor's lexical evidence reads this many of the first fused candidates, not
# only the hits chosen: with the participants' names out of the dense query, the chosen hits
# are the turns telling what a person did, and the turns naming them (and the asked-about
# word) rank just below — 4 of 219 dev questions fell under the floor without it.
FLOOR_CANDIDATES = 50
# A chosen message's neighbours compete at 0.8 × its score, at most two turns away: the answer
# to a matching question is usually the next turn, and one more step rarely pays.
NEIGHBOUR_WEIGHT = 0.8
NEIGHBOUR_CHAIN = 2
PREFER_BOOST = 1.5  # lift of ``prefer_roles`` (the person's own words when asked about them)
# Turns are recalled whole (None). A cap here keeps a message's sentences nearest the query,
# neighbours 0.7 × that; trimming to 30 tokens lost the sentence holding the answer (AIC 0.505
# against 0.648 whole on the dev conversations, docs/BENCHMARKS.md).
TRIM_TOKENS: int | None = None
NEIGHBOUR_TRIM = 0.7
# Seeds (the turns the turn's chosen facts were read from) compete at the score of the 10th
# fused candidate when they rank below it: a fact matches a question its turn's words do not.
# At rank 0 they push out the best hits (multi-hop strict 0.325 → 0.275); at 20 or 40 they
# rarely fit (docs/BENCHMARKS.md, "third round").
SEED_RANK = 10
_MAX_MISFITS = 20
_MIN_LINE = 8
# A line's cost beyond its text and label is this + 2: "[2023-05-08] ", ": " and the line
# break (which merges with "["). It was 9 (+ 2), which over-counted each line and left ~7 %
# of the budget unused (dev LoCoMo: 1,689 of 1,812 counted tokens filled; 1,794 at 6). The
# real rendering is checked at the end either way.
_DATE_COST = 6


@dataclass(frozen=True, slots=True)
class RecallItem:
    """One earlier message and where it came from."""

    message_id: str
    conversation_id: str
    seq: int
    role: str
    text: str
    created_at: datetime
    chunk: int = 0  # which part of a long message (0: the message, or its first chunk)
    speaker: str | None = None  # who said it, when a name is stored (an imported chat's participant)


@dataclass(frozen=True, slots=True)
class RecallHit:
    """A recalled message: the item, its fused score, and the text and tokens it takes."""

    item: RecallItem
    score: float
    text: str
    tokens: int
    # The evidence of a direct hit (None for a neighbour brought in by one): the IDF of the
    # query words it holds, in units of the IDF of a word said once, and its dense similarity
    # to the query — what the relevance floor reads.
    lexical: float | None = None
    dense: float | None = None
    # How far its dense similarity stands above the median of the candidates': short generic
    # messages are close to everything (cosine 0.84–0.89 for "ok thanks"), a real match
    # stands out.
    dense_margin: float | None = None
    # On a direct hit: the best lexical evidence (as ``lexical``) among the query's first
    # :data:`FLOOR_CANDIDATES` fused candidates, chosen or not — what the floor reads besides.
    candidates_lexical: float | None = None

    @property
    def source(self) -> tuple[str, str, int, datetime]:
        """(conversation id, message id, seq, date) — what the turn report names."""
        i = self.item
        return (i.conversation_id, i.message_id, i.seq, i.created_at)


def _clip(text: str, max_tokens: int, counter: TokenCounter) -> tuple[str, int]:
    n = counter.count(text)
    if n <= max_tokens:
        return text, n
    # Cut proportionally, then tighten: counting once per step keeps this cheap.
    cut = text[: max(1, len(text) * max_tokens // n)]
    while cut and counter.count(cut + " …") > max_tokens:
        cut = cut[: int(len(cut) * 0.9)]
    cut = cut + " …"
    return cut, counter.count(cut)


_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+")


def trim_to_query(text: str, query_terms: set[str], max_tokens: int, counter: TokenCounter) -> tuple[str, int]:
    """A long message cut down to its sentences that share most words with the query, kept in
    their order (gaps marked "…"), within ``max_tokens``. Chat turns carry greetings and
    small talk around the one sentence that matters; dropping them lets more turns fit."""
    n = counter.count(text)
    if n <= max_tokens:
        return text, n
    sentences = [x for x in _SENTENCE.split(text) if x]
    if len(sentences) < 2:
        return _clip(text, max_tokens, counter)
    # Best overlap first; on ties the earlier sentence (it usually says what the turn is about).
    order = sorted(range(len(sentences)), key=lambda i: (-len(query_terms & set(tokenize(sentences[i]))), i))
    keep: set[int] = set()
    used = 0
    for i in order:
        cost = counter.count(sentences[i]) + 1
        if used + cost > max_tokens:
            continue
        keep.add(i)
        used += cost
    if not keep:
        return _clip(sentences[order[0]], max_tokens, counter)
    parts: list[str] = []
    for i in range(len(sentences)):
        if i in keep:
            parts.append(sentences[i])
        elif not parts or parts[-1] != "…":
            parts.append("…")
    out = " ".join(parts)
    return out, counter.count(out)


def rank_items(
    items: Sequence[RecallItem] | Mapping[int, RecallItem],
    index: HybridIndex,
    query: str,
    query_vector: np.ndarray | None,
    *,
    k: int = 8,
    token_budget: int = 800,
    max_item_tokens: int = 300,
    allowed: np.ndarray | None = None,
    counter: TokenCounter | None = None,
    item_overhead: int = 0,
    labels: Mapping[str, str] | None = None,
    neighbours: float = NEIGHBOUR_WEIGHT,
    prefer_roles: tuple[str, ...] = (),
    prefer_speakers: frozenset[str] = frozenset(),
    by_seq: Mapping[tuple[str, int], int] | None = None,
    trim_tokens: int | None = TRIM_TOKENS,
    seeds: Sequence[int] = (),
) -> list[RecallHit]:
    """The best items for ``query`` whose rendering (:func:`render_recalled`) fits
    ``token_budget``; ``items`` gives the item at each index position, ``allowed`` masks
    positions (False = not a candidate, e.g. still verbatim in the request).

    Beyond the flat ranking: a chosen message brings its neighbours in the same conversation
    in as candidates at ``neighbours`` × its score (a question's answer is often the next
    turn, and the turn before says what it answers); ``prefer_roles`` lifts messages of those
    roles (a question about the person: their own words first), ``prefer_speakers`` those
    of these stored speakers. ``item_overhead`` is what the
    caller adds around each rendered block (e.g. ``"- "`` and a newline in the assembler).
    Messages longer than ``trim_tokens`` keep only their sentences nearest the query
    (:func:`trim_to_query`); ``max_item_tokens`` is the hard cap either way. Below those caps
    a chosen turn, hit or neighbour, reads as :func:`recalled_text` gives it: whole under
    60 words, else the sentences that carry something. ``seeds`` are positions
    found by other means (the source turns of the turn's facts): each competes as a direct
    hit at the score of the :data:`SEED_RANK`-th fused candidate, unless it ranks above it.
    """
    tc = token_counter(counter)
    labels = labels or DEFAULT_LABELS
    if by_seq is None:
        by_seq = _seq_map(items)
    ranked = index.search(
        query, query_vector, k=max(4 * k, SEARCH_DEPTH), depth=SEARCH_DEPTH, allowed=allowed, weights=FUSION_WEIGHTS
    )

    # A max-heap of (−score, tiebreak, position); neighbours join it as they earn a place.
    def lift(item: RecallItem) -> float:
        return PREFER_BOOST if item.role in prefer_roles or item.speaker in prefer_speakers else 1.0

    heap = [(-r.score * lift(items[r.pos]), n, r.pos, 0) for n, r in enumerate(ranked)]
    if seeds and ranked:
        at = ranked[min(SEED_RANK, len(ranked) - 1)].score
        ranked_pos = {r.pos: n for n, r in enumerate(ranked)}
        for n, pos in enumerate(seeds):
            if (allowed is None or allowed[pos]) and ranked_pos.get(pos, SEED_RANK + 1) > SEED_RANK:
                heap.append((-at, -len(seeds) + n, pos, 0))
    heapq.heapify(heap)
    evidence = {r.pos: r for r in ranked}
    dense_seen = [r.dense for r in ranked if r.dense is not None]
    dense_mid = float(np.median(dense_seen)) if dense_seen else None
    # A direct hit's lexical evidence: the IDF of the query words it holds, in units of the
    # IDF of a word said once (1.0: one word as rare as can be, or a few rarer-than-common).
    terms = tokenize(query)
    rare = index.bm25.idf(()).get("", 1.0) or 1.0
    # What each position holds of the query's vocabulary, from the postings: no item is
    # tokenised again to tell.
    held = index.bm25.matched_idf(terms)
    best_held = max((float(held[r.pos]) for r in ranked[:FLOOR_CANDIDATES]), default=0.0) / rare
    idf_memo: dict[str, float] = {}

    def idf_of(tokens: Sequence[str]) -> Mapping[str, float]:
        todo = [t for t in tokens if t not in idf_memo]
        if todo:
            found = index.bm25.idf(todo)
            idf_memo.update({t: found.get(t, rare) for t in todo})
        return idf_memo

    terms_set = set(terms)
    ticks = itertools.count(len(heap) + 1)
    chosen: dict[int, RecallHit] = {}
    skipped: set[int] = set()
    convs: set[str] = set()
    used = misfits = 0
    while heap and len(chosen) < k:
        neg, _, pos, hop = heapq.heappop(heap)
        if pos in chosen or pos in skipped:
            continue
        item = items[pos]
        cap = trim_tokens if not hop or trim_tokens is None else int(trim_tokens * NEIGHBOUR_TRIM)
        # A turn that is only filler is not shown, but what it answers or is answered by may be.
        # Else: whole under 60 words, or the sentences that carry something (excerpt.py);
        # past the hard cap, whole sentences nearest the query.
        source = excerpt(item.text, idf_of, rare, terms_set)
        if source is None:
            skipped.add(pos)
            _push_neighbours(heap, ticks, item, neg, hop, by_seq, chosen, allowed, neighbours)
            continue
        text, n = trim_to_query(source, terms_set, min(cap or max_item_tokens, max_item_tokens), tc)
        # A line is "label: text" plus its line break; a new conversation adds a dated block.
        cost = n + tc.count(speaker_label(item, labels)) + 2 + _DATE_COST
        if item.conversation_id not in convs:
            cost += item_overhead
        if used + cost > token_budget:
            # Past a run of misfits the budget is as good as full: stop rather than count and
            # trim hundreds more candidates (token counting is most of a turn's recall cost).
            misfits += 1
            if misfits >= _MAX_MISFITS or token_budget - used < _MIN_LINE:
                break
            continue
        misfits = 0
        seen = evidence.get(pos) if not hop else None
        chosen[pos] = RecallHit(
            item,
            -neg,
            text,
            n,
            float(held[pos]) / rare if seen else None,
            seen.dense if seen else None,
            seen.dense - dense_mid if seen and seen.dense is not None and dense_mid is not None else None,
            best_held if seen else None,
        )
        convs.add(item.conversation_id)
        used += cost
        _push_neighbours(heap, ticks, item, neg, hop, by_seq, chosen, allowed, neighbours)
    hits = sorted(chosen.values(), key=lambda h: -h.score)
    # The estimate ignores gap marks and token merges at joins: check the real rendering.
    while hits and _rendered_cost(hits, labels, tc, item_overhead) > token_budget:
        hits.pop()
    return hits


def _push_neighbours(
    heap: list[tuple[float, int, int, int]],
    ticks: Iterator[int],
    item: RecallItem,
    neg: float,
    hop: int,
    by_seq: Mapping[tuple[str, int], int],
    chosen: Mapping[int, RecallHit],
    allowed: np.ndarray | None,
    weight: float,
) -> None:
    """A chosen (or skipped) message's neighbours join the candidates at ``weight`` × its score."""
    if weight <= 0 or hop >= NEIGHBOUR_CHAIN:
        return
    for step in (-1, 1):
        npos = by_seq.get((item.conversation_id, item.seq + step))
        if npos is not None and npos not in chosen and (allowed is None or allowed[npos]):
            heapq.heappush(heap, (neg * weight, next(ticks), npos, hop + 1))


def _seq_map(items: Sequence[RecallItem] | Mapping[int, RecallItem]) -> dict[tuple[str, int], int]:
    pairs = items.items() if isinstance(items, Mapping) else enumerate(items)
    return {(it.conversation_id, it.seq): pos for pos, it in pairs}


def _rendered_cost(hits: Sequence[RecallHit], labels: Mapping[str, str], tc: TokenCounter, overhead: int) -> int:
    return sum(tc.count(b.text) + overhead for b in render_recalled(hits, labels))


@dataclass(frozen=True, slots=True)
class RecalledBlock:
    """Recalled messages of one earlier conversation, rendered as one per-turn context item:
    ``[date] speaker: text`` lines in conversation order ("…" where turns are skipped)."""

    conversation_id: str
    hits: tuple[RecallHit, ...]
    text: str

    @property
    def message_ids(self) -> tuple[str, ...]:
        """The messages this block carries (its sources, for the turn report)."""
        return tuple(h.item.message_id for h in self.hits)


# Who said a line when no name is stored: the person ("you") or the assistant.
DEFAULT_LABELS: Mapping[str, str] = {"user": "you", "assistant": "the assistant"}


def speaker_label(item: RecallItem, labels: Mapping[str, str] | None = None) -> str:
    """Who said ``item``, as its recalled line names them: the stored speaker's name (an
    imported chat's participant; the person's own name marked "(you)"), else ``labels`` by
    role ("you" / "the assistant")."""
    labels = labels or DEFAULT_LABELS
    if item.speaker:
        return f"{item.speaker} (you)" if item.role == "user" else item.speaker
    return labels.get(item.role, item.role)


def render_recalled(hits: Sequence[RecallHit], labels: Mapping[str, str] | None = None) -> list[RecalledBlock]:
    """Group hits by conversation (groups in order of their best hit) and render each group as
    one item. Every line carries its own date and names its speaker (:func:`speaker_label`),
    so "when did …" and "whose …" can be answered from it."""
    labels = labels or DEFAULT_LABELS
    groups: dict[str, list[RecallHit]] = {}
    for h in hits:
        groups.setdefault(h.item.conversation_id, []).append(h)
    out = []
    for conv, group in groups.items():
        group.sort(key=lambda h: (h.item.seq, h.item.chunk))
        lines = []
        prev: tuple[int, int] | None = None
        for h in group:
            seq, chunk = h.item.seq, h.item.chunk
            if prev is not None and (
                seq > prev[0] + 1 or (seq == prev[0] and chunk > prev[1] + 1) or (seq > prev[0] and chunk > 0)
            ):
                lines.append("…")
            lines.append(f"[{h.item.created_at:%Y-%m-%d}] {speaker_label(h.item, labels)}: {h.text}")
            prev = (seq, chunk)
        out.append(RecalledBlock(conv, tuple(group), "\n".join(lines)))
    return out
