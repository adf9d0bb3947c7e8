"""Recall: the person's own earlier messages, brought back by relevance to the new message.

Candidates are every message of the person's conversations (what they said and what they
were answered) except those still verbatim in the current request. Ranking is the shared
hybrid index (BM25 + e5, reciprocal-rank fusion) of :mod:`threadkeep.retrieval.hybrid`.

Message texts are sealed, so the index lives in memory: per person, decrypted once and kept
in process; when the person's messages change only the new ones are decrypted and appended
to the index in place (deleted ones are tombstoned). Embeddings
are computed once, in background work (:func:`index_message` / :func:`index_pending`), and
stored sealed in ``message_vectors`` — re-embedding a person's history on every process start
would cost far more than decrypting 1.5 KB per message. A message not yet indexed is embedded
in memory when it is first needed and not stored from the turn path.

:func:`rank_items` is the pure core (items in, ranked hits out) for the evaluation harness.
"""

from __future__ import annotations

import heapq
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import numpy as np
from sqlalchemy import bindparam, func, or_, select
from sqlalchemy.orm import Session

from threadkeep.memory import dates as dates_mod
from threadkeep.memory.fact_tables import MessageChunk, MessageVector
from threadkeep.retrieval.embedding import (
    Embedder,
    default_embedder,
    vector_from_bytes,
    vector_to_bytes,
)
from threadkeep.retrieval.hybrid import HybridIndex, PersonCache, token_counter
from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation, Message
from threadkeep.store.vault import Vault
from threadkeep.tokens import TokenCounter

__all__ = [
    "RecallItem",
    "RecallHit",
    "rank_items",
    "index_message",
    "index_pending",
    "recall",
    "clear_recall_cache",
    "RecalledBlock",
    "render_recalled",
    "chunk_spans",
    "NewMessageVector",
    "embed_new_message",
    "store_indexed",
]

_T = "message_vectors"
_CT = "message_chunks"
# Items a turn may embed in memory when none of the person's messages is indexed yet.
_INLINE_EMBED = 32
_EMBED_CHARS = 2000  # e5-small reads 512 tokens; more text only costs time
_SKIP_STATUS = ("failed", "pending")
_CACHE_SIZE = 64
# Items (messages and chunks) held over every cached person: ~1 KB each lexical, ~3.6 KB with
# e5-small vectors (bench/bench_recall_memory.py; docs/BENCHMARKS.md, "HTTP service"), so at
# most ~0.7 GB. Beyond it the least recently used people are dropped and rebuilt from storage
# when they come back.
_CACHE_ITEMS = 200_000
# Fusion: equal weights once the tokeniser meets inflections (dense 1.5 only helped the
# cruder stems); each side read 300 deep so neighbours and the role lift have candidates.
FUSION_WEIGHTS = (1.0, 1.0)
SEARCH_DEPTH = 300
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
_MAX_MISFITS = 20
_MIN_LINE = 8
_BLOCK_COST = 8  # "[2023-05-08] " and the block's line break


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
    order = sorted(range(len(sentences)),
                   key=lambda i: (-len(query_terms & set(tokenize(sentences[i]))), i))
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
    by_seq: Mapping[tuple[str, int], int] | None = None,
    trim_tokens: int | None = TRIM_TOKENS,
) -> list[RecallHit]:
    """The best items for ``query`` whose rendering (:func:`render_recalled`) fits
    ``token_budget``; ``items`` gives the item at each index position, ``allowed`` masks
    positions (False = not a candidate, e.g. still verbatim in the request).

    Beyond the flat ranking: a chosen message brings its neighbours in the same conversation
    in as candidates at ``neighbours`` × its score (a question's answer is often the next
    turn, and the turn before says what it answers); ``prefer_roles`` lifts messages of those
    roles (a question about the person: their own words first). ``item_overhead`` is what the
    caller adds around each rendered block (e.g. ``"- "`` and a newline in the assembler).
    Messages longer than ``trim_tokens`` keep only their sentences nearest the query
    (:func:`trim_to_query`); ``max_item_tokens`` is the hard cap either way.
    """
    tc = token_counter(counter)
    labels = labels or DEFAULT_LABELS
    if by_seq is None:
        by_seq = _seq_map(items)
    ranked = index.search(query, query_vector, k=max(4 * k, SEARCH_DEPTH), depth=SEARCH_DEPTH,
                          allowed=allowed, weights=FUSION_WEIGHTS)
    # A max-heap of (−score, tiebreak, position); neighbours join it as they earn a place.
    heap = [(-r.score * (PREFER_BOOST if items[r.pos].role in prefer_roles else 1.0), n, r.pos, 0)
            for n, r in enumerate(ranked)]
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
    tick = len(heap)
    terms_set = set(terms)
    chosen: dict[int, RecallHit] = {}
    convs: set[str] = set()
    used = misfits = 0
    while heap and len(chosen) < k:
        neg, _, pos, hop = heapq.heappop(heap)
        if pos in chosen:
            continue
        item = items[pos]
        cap = trim_tokens if not hop or trim_tokens is None else int(trim_tokens * NEIGHBOUR_TRIM)
        # Whole turns by default; past the cap, whole sentences nearest the query.
        text, n = trim_to_query(item.text, terms_set, min(cap or max_item_tokens, max_item_tokens), tc)
        # A line is "label: text" plus its line break; a new conversation adds a dated block.
        cost = n + tc.count(labels.get(item.role, item.role)) + 2
        if item.conversation_id not in convs:
            cost += _BLOCK_COST + item_overhead
        if used + cost > token_budget:
            # Past a run of misfits the budget is as good as full: stop rather than count and
            # trim hundreds more candidates (token counting is most of a turn's recall cost).
            misfits += 1
            if misfits >= _MAX_MISFITS or token_budget - used < _MIN_LINE:
                break
            continue
        misfits = 0
        seen = evidence[pos] if not hop else None
        chosen[pos] = RecallHit(item, -neg, text, n, float(held[pos]) / rare if seen else None,
                                seen.dense if seen else None,
                                seen.dense - dense_mid if seen and seen.dense is not None
                                and dense_mid is not None else None)
        convs.add(item.conversation_id)
        used += cost
        if neighbours > 0 and hop < NEIGHBOUR_CHAIN:
            for step in (-1, 1):
                npos = by_seq.get((item.conversation_id, item.seq + step))
                if npos is not None and npos not in chosen and (allowed is None or allowed[npos]):
                    tick += 1
                    heapq.heappush(heap, (neg * neighbours, tick, npos, hop + 1))
    hits = sorted(chosen.values(), key=lambda h: -h.score)
    # The estimate ignores gap marks and token merges at joins: check the real rendering.
    while hits and _rendered_cost(hits, labels, tc, item_overhead) > token_budget:
        hits.pop()
    return hits


def _seq_map(items: Sequence[RecallItem] | Mapping[int, RecallItem]) -> dict[tuple[str, int], int]:
    pairs = items.items() if isinstance(items, Mapping) else enumerate(items)
    return {(it.conversation_id, it.seq): pos for pos, it in pairs}


def _rendered_cost(hits: Sequence[RecallHit], labels: Mapping[str, str], tc: TokenCounter,
                   overhead: int) -> int:
    return sum(tc.count(b.text) + overhead for b in render_recalled(hits, labels))


@dataclass(frozen=True, slots=True)
class RecalledBlock:
    """Recalled messages of one earlier conversation, rendered as one per-turn context item:
    its date once, then ``label: text`` lines in conversation order."""

    conversation_id: str
    hits: tuple[RecallHit, ...]
    text: str

    @property
    def message_ids(self) -> tuple[str, ...]:
        """The messages this block carries (its sources, for the turn report)."""
        return tuple(h.item.message_id for h in self.hits)


DEFAULT_LABELS: Mapping[str, str] = {"user": "you", "assistant": "assistant"}


def render_recalled(hits: Sequence[RecallHit], labels: Mapping[str, str] | None = None) -> list[RecalledBlock]:
    """Group hits by conversation (groups in order of their best hit) and render each group as
    one item. The date travels with the text, so "when did …" can be answered from it."""
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
            if prev is not None and (seq > prev[0] + 1 or (seq == prev[0] and chunk > prev[1] + 1)
                                     or (seq > prev[0] and chunk > 0)):
                lines.append("…")
            lines.append(f"{labels.get(h.item.role, h.item.role)}: {h.text}")
            prev = (seq, chunk)
        date = group[0].item.created_at.strftime("%Y-%m-%d")
        out.append(RecalledBlock(conv, tuple(group), f"[{date}] " + "\n".join(lines)))
    return out


# -- long messages: chunks -------------------------------------------------------------------
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
    return [sp for sp in spans if text[sp[0]:sp[1]].strip()]


def _pieces(text: str, found: Sequence[dates_mod.Resolved]) -> list[tuple[int, int, int, str]]:
    """(chunk, start, end, text as recalled) per part: resolved dates written in as notes."""
    out = []
    for i, (a, b) in enumerate(chunk_spans(text)):
        inside = [dates_mod.Resolved(r.start - a, r.end - a, r.note) for r in found if a <= r.start and r.end <= b]
        out.append((i, a, b, dates_mod.annotate(text[a:b], inside).strip()))
    return out


# -- indexing (background) ------------------------------------------------------------------
def _embedder(embedder: Embedder | None | bool) -> Embedder | None:
    return default_embedder() if embedder is True else (embedder or None)  # type: ignore[return-value]


def _open_message(s: Session, vault: Vault, m: Message | Any) -> str:
    return vault.open_text(s, m.user_id, m.text_ct, table="messages", column="text", row_id=m.id)


@dataclass(frozen=True, slots=True)
class _Indexed:
    """What the background job computed for one message, before it is written."""

    message_id: str
    user_id: str
    conversation_id: str
    seq: int
    dates: str
    parts: tuple[tuple[int, int, int, np.ndarray], ...]  # chunk, start, end, vector


def _compute(rows: Sequence[tuple[str, str, str, int, datetime, str]], emb: Embedder) -> list[_Indexed]:
    """Dates and vectors of messages (id, user, conversation, seq, created_at, text); no
    database access, so it runs outside any transaction."""
    plan = []
    texts: list[str] = []
    for mid, uid, cid, seq, at, text in rows:
        found = dates_mod.resolve(text, at)
        pieces = _pieces(text, found) or [(0, 0, 0, "")]
        plan.append((mid, uid, cid, seq, dates_mod.to_json(found), pieces))
        texts.extend(p[3][:_EMBED_CHARS] for p in pieces)
    vectors = emb.passages(texts) if texts else np.zeros((0, 0), np.float32)
    out, k = [], 0
    for mid, uid, cid, seq, found_json, pieces in plan:
        parts = tuple((i, a, b, vectors[k + j]) for j, (i, a, b, _) in enumerate(pieces))
        k += len(pieces)
        out.append(_Indexed(mid, uid, cid, seq, found_json, parts))
    return out


def _store(s: Session, vault: Vault, done: Sequence[_Indexed], model: str) -> int:
    """Write computed vectors and dates; a message indexed meanwhile (the job ran twice) or
    deleted since is skipped."""
    written = 0
    for d in done:
        if s.get(MessageVector, d.message_id) is not None or s.get(Message, d.message_id) is None:
            continue
        s.add(MessageVector(
            message_id=d.message_id, user_id=d.user_id, conversation_id=d.conversation_id, seq=d.seq,
            model=model,
            vector_ct=vault.seal(s, d.user_id, vector_to_bytes(d.parts[0][3]), table=_T, column="vector",
                                 row_id=d.message_id),
            dates_ct=vault.seal(s, d.user_id, d.dates, table=_T, column="dates", row_id=d.message_id),
        ))
        if len(d.parts) > 1:
            for i, a, b, vec in d.parts:
                row_id = f"{d.message_id}:{i}"
                s.add(MessageChunk(message_id=d.message_id, chunk=i, user_id=d.user_id, start=a, end=b,
                                   model=model, vector_ct=vault.seal(s, d.user_id, vector_to_bytes(vec),
                                                                     table=_CT, column="vector", row_id=row_id)))
        written += 1
    return written


@dataclass(frozen=True, slots=True)
class NewMessageVector:
    """The turn's one embedding of the new message (:func:`embed_new_message`): ``vector`` is
    what recall and facts search with; ``indexed``, when set, is what the index stores for the
    message (written with the turn's answer by :func:`store_indexed`, so the background indexer
    does not embed it again)."""

    vector: np.ndarray
    indexed: _Indexed | None


def embed_new_message(emb: Embedder, *, message_id: str, user_id: str, conversation_id: str, seq: int,
                      created_at: datetime, text: str) -> NewMessageVector:
    """Embed the person's new message once, on the request path, outside any transaction.

    A message the index keeps whole (up to ``CHUNK_OVER`` characters: nearly every chat turn)
    is embedded as the passage the index stores — the text with its resolved dates, as
    :func:`index_pending` would embed it — and that vector is also the query: e5's passage
    side searches as well as its query side here (docs/BENCHMARKS.md, "Embedding the new
    message once"). A longer message (a pasted document) is searched with a query embedding
    of its head and tail, and its chunks are left to the background indexer."""
    if len(chunk_spans(text)) > 1:
        return NewMessageVector(emb.query(text), None)
    done = _compute([(message_id, user_id, conversation_id, seq, created_at, text)], emb)[0]
    return NewMessageVector(done.parts[0][3], done)


def store_indexed(s: Session, vault: Vault, new: NewMessageVector | None, model: str) -> bool:
    """Store the vector :func:`embed_new_message` computed, in the caller's (the turn's)
    transaction; False when there is none or the message is indexed already."""
    if new is None or new.indexed is None:
        return False
    return _store(s, vault, [new.indexed], model) == 1


def _read_rows(db: Database, vault: Vault, query: Any) -> list[tuple[str, str, str, int, datetime, str]]:
    with db.reading() as s:
        return [(m.id, m.user_id, m.conversation_id, m.seq, m.created_at, _open_message(s, vault, m))
                for m in s.scalars(query).all()]


def index_message(db: Database, vault: Vault, *, message_id: str,
                  embedder: Embedder | None | bool = True) -> bool:
    """Embed one message (every chunk of a long one), resolve its dates and store both sealed;
    False when already indexed or no embedder is available. Idempotent (the background job
    may run twice). The embedding is computed between a read and a write transaction."""
    emb = _embedder(embedder)
    if emb is None:
        return False
    rows = _read_rows(db, vault, select(Message).outerjoin(MessageVector, MessageVector.message_id == Message.id)
                      .where(Message.id == message_id, MessageVector.message_id.is_(None)))
    if not rows:
        return False
    done = _compute(rows, emb)
    return db.write(lambda s: _store(s, vault, done, emb.name)) == 1


def index_pending(db: Database, vault: Vault, *, user_id: str, limit: int = 256,
                  embedder: Embedder | None | bool = True) -> int:
    """Index up to ``limit`` of the person's messages that have no vector yet; returns how
    many were taken up (0: nothing left). Read, compute, then write: no transaction is open
    while the model runs."""
    emb = _embedder(embedder)
    if emb is None:
        return 0
    rows = _read_rows(db, vault, select(Message).outerjoin(MessageVector, MessageVector.message_id == Message.id)
                      .where(Message.user_id == user_id, MessageVector.message_id.is_(None))
                      .order_by(Message.created_at, Message.seq).limit(limit))
    if not rows:
        return 0
    done = _compute(rows, emb)
    db.write(lambda s: _store(s, vault, done, emb.name))
    return len(rows)


# -- the per-person index -------------------------------------------------------------------
@dataclass(slots=True)
class _PersonIndex:
    """One person's decrypted messages and their index; guarded by ``lock``."""

    embedder: str | None
    state: tuple[object, ...] = ()
    items: dict[str, RecallItem] = field(default_factory=dict)  # message id -> its first part
    pos_of: dict[str, list[int]] = field(default_factory=dict)
    item_at: dict[int, RecallItem] = field(default_factory=dict)
    by_seq: dict[tuple[str, int], int] = field(default_factory=dict)
    index: HybridIndex | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    # Incremental sync: the newest creation time seen, the messages seen pending or failed
    # (they may be answered later), and those indexed before their vector was stored.
    mark: datetime | None = None
    uncounted: int = 0
    waiting: set[str] = field(default_factory=set)
    unvectored: set[str] = field(default_factory=set)
    # Per position, as codes: who said it, which conversation, its seq (a turn's candidate
    # mask is then a few vector operations, not a loop over every message).
    codes: dict[str, int] = field(default_factory=dict)
    role_at: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    conv_at: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    seq_at: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))

    def code(self, name: str) -> int:
        return self.codes.setdefault(name, len(self.codes) + 1)

    def allowed(self, roles: Sequence[str], conversation_id: str, cursor: int) -> np.ndarray:
        """Live positions of ``roles`` outside ``conversation_id``'s messages after ``cursor``."""
        n = self.index.size if self.index is not None else 0
        wanted = [self.codes[r] for r in roles if r in self.codes]
        mask = np.isin(self.role_at[:n], wanted)
        conv = self.codes.get(conversation_id)
        if conv is not None:
            mask &= ~((self.conv_at[:n] == conv) & (self.seq_at[:n] > cursor))
        return mask


_cache: PersonCache[_PersonIndex] = PersonCache(
    lambda name: _PersonIndex(embedder=name), _CACHE_SIZE, max_items=_CACHE_ITEMS,
    weigh=lambda p: p.index.size if p.index is not None else 0)


def clear_recall_cache(user_id: str | None = None) -> None:
    """Forget decrypted messages held in memory (one person's, or everyone's)."""
    _cache.clear(user_id)


def _entry(user_id: str, name: str | None) -> _PersonIndex:
    return _cache.get(user_id, name)


def _state_statement() -> Any:
    uid = bindparam("uid")
    counted = (select(func.coalesce(func.sum(Conversation.message_count), 0))
               .where(Conversation.user_id == uid).scalar_subquery())
    active = select(func.max(Conversation.last_activity_at)).where(Conversation.user_id == uid).scalar_subquery()
    newest = select(func.max(Message.created_at)).where(Message.user_id == uid).scalar_subquery()
    return select(counted, active, newest)


# The per-turn statements are built once: building a SQLAlchemy expression costs more CPU
# than SQLite takes to run it.
_STATE = _state_statement()
_SINCE = (select(Message.id, Message.status)
          .where(Message.user_id == bindparam("uid"), Message.created_at >= bindparam("since"))
          .order_by(Message.created_at, Message.seq))
_SINCE_OR_WAITING = (select(Message.id, Message.status)
                     .where(Message.user_id == bindparam("uid"),
                            or_(Message.created_at >= bindparam("since"),
                                Message.id.in_(bindparam("waiting", expanding=True))))
                     .order_by(Message.created_at, Message.seq))
# The columns an index item needs, as plain rows (not ORM objects).
_MESSAGES = (select(Message.id, Message.user_id, Message.conversation_id, Message.seq, Message.role,
                    Message.text_ct, Message.created_at)
             .where(Message.id.in_(bindparam("ids", expanding=True))))
_VECTORS = select(MessageVector).where(MessageVector.message_id.in_(bindparam("ids", expanding=True)))


def _state(s: Session, user_id: str) -> tuple[int, datetime | None, datetime | None]:
    """(how many messages the person has, when one was last added to a conversation, the
    newest message's time): the count from their conversations' counters (one row per
    conversation, not one per message), the newest time from ix_messages_user_created (one
    index probe). Either changing means something may be new."""
    row = s.execute(_STATE, {"uid": user_id}).one()
    return (int(row[0]), row[1], row[2])


def _vector(s: Session, vault: Vault, user_id: str, blob: bytes, table: str, row_id: str) -> np.ndarray:
    return vector_from_bytes(vault.open_bytes(s, user_id, blob, table=table, column="vector", row_id=row_id))


# Rows committed a little after their creation time (a turn's transaction, another replica's
# clock) are still caught: when the read from the newest time seen leaves the count
# unexplained, it is repeated from this far before it. Correctness does not rest on it: a row
# both reads miss leaves the count unexplained, and the sync then reads every id (as it would
# after a deletion).
SYNC_SLACK = timedelta(seconds=5)


def _changes(s: Session, person: _PersonIndex, user_id: str, count: int) -> list[Any] | None:
    """The id and status of the person's messages created since the last look (and of those
    seen waiting), or None when that cannot account for every message (some were deleted or
    moved in from elsewhere): the caller then reads them all.

    The usual read starts at the newest creation time seen, so it returns the few messages
    of the last turn, however fast turns follow each other; only when that does not account
    for the count (a message committed after a newer one was seen) is the read widened by
    :data:`SYNC_SLACK`."""
    if person.mark is None or person.index is None:
        return None
    for since in (person.mark, person.mark - SYNC_SLACK):
        if person.waiting:
            rows = s.execute(_SINCE_OR_WAITING, {"uid": user_id, "since": since,
                                                 "waiting": sorted(person.waiting)}).all()
        else:
            rows = s.execute(_SINCE, {"uid": user_id, "since": since}).all()
        # Membership in the held maps, not a union of them: that would copy every id each turn.
        fresh = sum(1 for r in rows if r.id not in person.items and r.id not in person.waiting)
        # Every message is held (live) or waiting, once: new ones must make up the difference.
        if len(person.items) + len(person.waiting) + fresh + person.uncounted == count:
            return rows
    return None


def _sync(s: Session, vault: Vault, person: _PersonIndex, user_id: str, emb: Embedder | None) -> None:
    """Add new messages to the index and drop deleted ones; nothing already held is decrypted
    again, and a turn reads only what changed since the last (messages created since then and
    the ones seen pending), not every message of the person. Vectors and resolved dates come
    from ``message_vectors``/``message_chunks``; the turn path never embeds a stored message:
    one not indexed yet is searched lexically until the background indexer has stored its
    vector, which a later sync swaps in."""
    if person.unvectored and emb is not None and person.index is not None:
        _swap_vectors(s, vault, person, user_id, emb)
    state = _state(s, user_id)
    if state == person.state:
        return
    rows = _changes(s, person, user_id, state[0])
    if rows is None:
        rows = s.execute(
            select(Message.id, Message.status).where(Message.user_id == user_id)
            .order_by(Message.created_at, Message.seq)
        ).all()
        keep = {r.id for r in rows if r.status not in _SKIP_STATUS}
        gone = [i for i in person.items if i not in keep]
        person.waiting = set()
        # Counters that disagree with the rows (they should not) cost full reads, not errors.
        person.uncounted = state[0] - len(rows)
    else:
        gone = [r.id for r in rows if r.status in _SKIP_STATUS and r.id in person.items]
    if gone and person.index is not None:
        person.index.remove(p for i in gone for p in person.pos_of[i])
    for i in gone:
        for p in person.pos_of.pop(i):
            person.item_at.pop(p, None)
        it = person.items.pop(i)
        person.by_seq.pop((it.conversation_id, it.seq), None)
        person.unvectored.discard(i)
    for r in rows:
        if r.status in _SKIP_STATUS:
            person.waiting.add(r.id)
        else:
            person.waiting.discard(r.id)
    new_ids = [r.id for r in rows if r.status not in _SKIP_STATUS and r.id not in person.items]
    for start in range(0, len(new_ids), 500):
        _add(s, vault, person, user_id, emb, new_ids[start : start + 500])
    person.state = state
    person.mark = max((t for t in state[1:] if t is not None), default=None)


def _add(s: Session, vault: Vault, person: _PersonIndex, user_id: str, emb: Embedder | None,
         batch: Sequence[str]) -> None:
    msgs = {m.id: m for m in s.execute(_MESSAGES, {"ids": list(batch)})}
    stored = {v.message_id: v for v in s.scalars(_VECTORS, {"ids": list(batch)})}
    items: list[RecallItem] = []
    for mid in batch:
        m = msgs[mid]
        text = _open_message(s, vault, m)
        v = stored.get(mid)
        if v is not None and v.dates_ct is not None:
            found = dates_mod.from_json(vault.open_text(s, user_id, v.dates_ct, table=_T, column="dates", row_id=mid))
        else:
            found = dates_mod.resolve(text, m.created_at)
        for i, _, _, piece in _pieces(text, found) or [(0, 0, 0, "")]:
            items.append(RecallItem(mid, m.conversation_id, m.seq, m.role, piece, m.created_at, chunk=i))
    matrix = None
    if emb is not None:
        vectors = _stored_vectors(s, vault, user_id, emb, stored, items)
        lacking = [it for it in items if (it.message_id, it.chunk) not in vectors]
        dim = _dim(person, vectors)
        if lacking and dim is None:
            # Nothing of the person's is indexed yet, so the vectors' size is not known: embed
            # the newest few in memory (once per process; never stored from here). At most
            # _INLINE_EMBED of them — after a large import whose index is still being built,
            # embedding every message here would hold the turn for hours; the rest are
            # searched lexically until the indexer has stored their vectors.
            newest = sorted(lacking, key=lambda it: it.created_at, reverse=True)[:_INLINE_EMBED]
            vectors.update(zip(((it.message_id, it.chunk) for it in newest),
                               emb.passages([it.text[:_EMBED_CHARS] for it in newest]), strict=True))
            lacking = [it for it in lacking if (it.message_id, it.chunk) not in vectors]
            dim = len(next(iter(vectors.values())))
        person.unvectored |= {it.message_id for it in lacking}
        matrix = np.zeros((len(items), dim or 0), np.float32)
        for n, it in enumerate(items):
            vec = vectors.get((it.message_id, it.chunk))
            if vec is not None:
                matrix[n] = vec
    _place(person, items, matrix)


def _dim(person: _PersonIndex, vectors: Mapping[Any, np.ndarray]) -> int | None:
    if person.index is not None and person.index.vectors is not None:
        return int(person.index.vectors.shape[1])
    return len(next(iter(vectors.values()))) if vectors else None


def _stored_vectors(s: Session, vault: Vault, user_id: str, emb: Embedder, stored: Mapping[str, Any],
                    items: Sequence[RecallItem]) -> dict[tuple[str, int], np.ndarray]:
    vectors: dict[tuple[str, int], np.ndarray] = {}
    for mid, v in stored.items():
        if v.model == emb.name:
            vectors[(mid, 0)] = _vector(s, vault, user_id, v.vector_ct, _T, mid)
    chunked = sorted({it.message_id for it in items if it.chunk > 0})
    if chunked:
        for c in s.scalars(select(MessageChunk).where(MessageChunk.message_id.in_(chunked))):
            if c.model == emb.name:
                vectors[(c.message_id, c.chunk)] = _vector(s, vault, user_id, c.vector_ct, _CT,
                                                            f"{c.message_id}:{c.chunk}")
    return vectors


def _place(person: _PersonIndex, items: Sequence[RecallItem], matrix: np.ndarray | None) -> None:
    if person.index is None:
        person.index = HybridIndex([], None, dim=None if matrix is None else matrix.shape[1])
    positions = person.index.add([it.text for it in items], matrix)
    need = person.index.size
    if need > len(person.role_at):
        size = max(need, 2 * len(person.role_at), 64)
        for name in ("role_at", "conv_at", "seq_at"):
            old = getattr(person, name)
            grown = np.zeros(size, old.dtype)
            grown[: len(old)] = old
            setattr(person, name, grown)
    for it, pos in zip(items, positions, strict=True):
        person.role_at[pos] = person.code(it.role)
        person.conv_at[pos] = person.code(it.conversation_id)
        person.seq_at[pos] = it.seq
        person.item_at[pos] = it
        person.pos_of.setdefault(it.message_id, []).append(pos)
        if it.chunk == 0:
            person.items[it.message_id] = it
            person.by_seq[(it.conversation_id, it.seq)] = pos


def _swap_vectors(s: Session, vault: Vault, person: _PersonIndex, user_id: str, emb: Embedder) -> None:
    """Messages indexed lexically (no vector stored yet) whose vector the background indexer
    has stored since: re-placed with it (a few rows: the indexer's lag)."""
    ids = sorted(person.unvectored)
    done = set(s.scalars(select(MessageVector.message_id).where(MessageVector.message_id.in_(ids),
                                                                MessageVector.model == emb.name)))
    if not done:
        return
    redo = [i for i in ids if i in done and i in person.items]
    person.unvectored -= done
    if not redo:
        return
    assert person.index is not None
    person.index.remove(p for i in redo for p in person.pos_of[i])
    for i in redo:
        for p in person.pos_of.pop(i):
            person.item_at.pop(p, None)
        it = person.items.pop(i)
        person.by_seq.pop((it.conversation_id, it.seq), None)
    _add(s, vault, person, user_id, emb, redo)


def recall(
    db: Database,
    vault: Vault,
    *,
    user_id: str,
    query: str,
    exclude_conversation_seq_gt: tuple[str, int] | None = None,
    k: int = 8,
    token_budget: int = 800,
    max_item_tokens: int = 300,
    roles: tuple[str, ...] = ("user", "assistant"),
    embedder: Embedder | None | bool = True,
    counter: TokenCounter | None = None,
    query_vector: np.ndarray | None = None,
    item_overhead: int = 0,
    labels: Mapping[str, str] | None = None,
    neighbours: float = NEIGHBOUR_WEIGHT,
    prefer_roles: tuple[str, ...] = (),
    trim_tokens: int | None = TRIM_TOKENS,
) -> list[RecallHit]:
    """Earlier messages of the person most relevant to ``query``, best first, whose rendering
    by :func:`render_recalled` (with ``labels``) fits ``token_budget``.
    ``exclude_conversation_seq_gt=(conversation_id, cursor)`` leaves out that conversation's
    messages with ``seq > cursor`` — the ones still verbatim in the request. ``query_vector``
    reuses the turn's one embedding of the new message. ``neighbours``, ``prefer_roles`` and
    ``item_overhead`` are as in :func:`rank_items`."""
    emb = _embedder(embedder)
    if k <= 0 or token_budget <= 0:
        return []
    qvec = None
    if emb is not None:
        qvec = query_vector if query_vector is not None else emb.query(query)
    person = _entry(user_id, None if emb is None else emb.name)
    with person.lock:
        with db.reading() as s:
            _sync(s, vault, person, user_id, emb)
        if not person.items or person.index is None:
            return []
        conv, cursor = exclude_conversation_seq_gt or ("", 0)
        allowed = person.allowed(roles, conv, cursor)
        return rank_items(person.item_at, person.index, query, qvec, k=k, token_budget=token_budget,
                          max_item_tokens=max_item_tokens, allowed=allowed, counter=counter,
                          item_overhead=item_overhead, labels=labels, neighbours=neighbours,
                          prefer_roles=prefer_roles, by_seq=person.by_seq, trim_tokens=trim_tokens)
