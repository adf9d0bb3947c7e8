"""Recall's per-person index: decrypted messages held in process, kept in step with storage.

Message texts are sealed, so the index lives in memory: per person, decrypted once and kept
in process; when the person's messages change only the new ones are decrypted and appended
to the index in place (deleted ones are tombstoned). Vectors come from what the background
indexer stored (:mod:`threadkeep.memory.recall.vectors`); a message not yet indexed is
embedded in memory when it is first needed and not stored from the turn path.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import numpy as np
from sqlalchemy import bindparam, func, or_, select
from sqlalchemy.orm import Session

from threadkeep.memory import dates as dates_mod
from threadkeep.memory.recall.chunking import message_pieces
from threadkeep.memory.recall.ranking import RecallItem
from threadkeep.memory.recall.vectors import CHUNK_TABLE, EMBED_CHARS, VECTOR_TABLE, open_message
from threadkeep.retrieval.embedding import Embedder, vector_from_bytes
from threadkeep.retrieval.hybrid import HybridIndex, PersonCache
from threadkeep.store.memory_tables import MessageChunk, MessageVector
from threadkeep.store.models import Conversation, Message
from threadkeep.store.vault import Vault

__all__ = ["PersonIndex", "person_index", "clear_recall_cache", "sync_person", "place_items", "SYNC_SLACK"]

# Items a turn may embed in memory when none of the person's messages is indexed yet.
_INLINE_EMBED = 32

# "tools": a turn paused for a client's tool results (engine/client_tools.py).
_SKIP_STATUS = ("failed", "pending", "tools")
_CACHE_SIZE = 64


def _skipped(row: Any) -> bool:
    """Not indexed: a turn not (yet) answered, or an offline answer (quotes of memory, which
    recalled would quote the quotes)."""
    return bool(row.status in _SKIP_STATUS or row.offline)


# Items (messages and chunks) held over every cached person: ~1 KB each lexical, ~3.6 KB with
# e5-small vectors (bench/bench_recall_memory.py; docs/BENCHMARKS.md, "HTTP service"), so at
# most ~0.7 GB. Beyond it the least recently used people are dropped and rebuilt from storage
# when they come back.
_CACHE_ITEMS = 200_000


@dataclass(slots=True)
class PersonIndex:
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
    # The names stored as speakers of the person's messages (an imported chat's participants).
    speakers: set[str] = field(default_factory=set)

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


_cache: PersonCache[PersonIndex] = PersonCache(
    lambda name: PersonIndex(embedder=name),
    _CACHE_SIZE,
    max_items=_CACHE_ITEMS,
    weigh=lambda p: p.index.size if p.index is not None else 0,
)


def clear_recall_cache(user_id: str | None = None) -> None:
    """Forget decrypted messages held in memory (one person's, or everyone's)."""
    _cache.clear(user_id)


def person_index(user_id: str, name: str | None) -> PersonIndex:
    return _cache.get(user_id, name)


def _state_statement() -> Any:
    uid: Any = bindparam("uid")
    counted = (
        select(func.coalesce(func.sum(Conversation.message_count), 0))
        .where(Conversation.user_id == uid)
        .scalar_subquery()
    )
    active = select(func.max(Conversation.last_activity_at)).where(Conversation.user_id == uid).scalar_subquery()
    newest = select(func.max(Message.created_at)).where(Message.user_id == uid).scalar_subquery()
    return select(counted, active, newest)


# The per-turn statements are built once: building a SQLAlchemy expression costs more CPU
# than SQLite takes to run it.
_STATE = _state_statement()
_SINCE = (
    select(Message.id, Message.status, Message.offline)
    .where(Message.user_id == bindparam("uid"), Message.created_at >= bindparam("since"))
    .order_by(Message.created_at, Message.seq)
)
_SINCE_OR_WAITING = (
    select(Message.id, Message.status, Message.offline)
    .where(
        Message.user_id == bindparam("uid"),
        or_(Message.created_at >= bindparam("since"), Message.id.in_(bindparam("waiting", expanding=True))),
    )
    .order_by(Message.created_at, Message.seq)
)
# The columns an index item needs, as plain rows (not ORM objects).
_MESSAGES = select(
    Message.id,
    Message.user_id,
    Message.conversation_id,
    Message.seq,
    Message.role,
    Message.text_ct,
    Message.speaker_ct,
    Message.created_at,
).where(Message.id.in_(bindparam("ids", expanding=True)))
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


def _changes(s: Session, person: PersonIndex, user_id: str, count: int) -> Sequence[Any] | None:
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
            rows = s.execute(
                _SINCE_OR_WAITING, {"uid": user_id, "since": since, "waiting": sorted(person.waiting)}
            ).all()
        else:
            rows = s.execute(_SINCE, {"uid": user_id, "since": since}).all()
        # Membership in the held maps, not a union of them: that would copy every id each turn.
        fresh = sum(1 for r in rows if r.id not in person.items and r.id not in person.waiting)
        # Every message is held (live) or waiting, once: new ones must make up the difference.
        if len(person.items) + len(person.waiting) + fresh + person.uncounted == count:
            return rows
    return None


def sync_person(s: Session, vault: Vault, person: PersonIndex, user_id: str, emb: Embedder | None) -> None:
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
    rows: Sequence[Any] | None = _changes(s, person, user_id, state[0])
    if rows is None:
        rows = s.execute(
            select(Message.id, Message.status, Message.offline)
            .where(Message.user_id == user_id)
            .order_by(Message.created_at, Message.seq)
        ).all()
        keep = {r.id for r in rows if not _skipped(r)}
        gone = [i for i in person.items if i not in keep]
        person.waiting = set()
        # Counters that disagree with the rows (they should not) cost full reads, not errors.
        person.uncounted = state[0] - len(rows)
    else:
        gone = [r.id for r in rows if _skipped(r) and r.id in person.items]
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
    new_ids = [r.id for r in rows if not _skipped(r) and r.id not in person.items]
    for start in range(0, len(new_ids), 500):
        _add(s, vault, person, user_id, emb, new_ids[start : start + 500])
    person.state = state
    person.mark = max((t for t in state[1:] if t is not None), default=None)


def _add(
    s: Session, vault: Vault, person: PersonIndex, user_id: str, emb: Embedder | None, batch: Sequence[str]
) -> None:
    msgs = {m.id: m for m in s.execute(_MESSAGES, {"ids": list(batch)})}
    stored = {v.message_id: v for v in s.scalars(_VECTORS, {"ids": list(batch)})}
    items: list[RecallItem] = []
    for mid in batch:
        m = msgs[mid]
        text = open_message(s, vault, m)
        speaker = (
            vault.open_text(s, user_id, m.speaker_ct, table="messages", column="speaker", row_id=mid)
            if m.speaker_ct is not None
            else None
        )
        v = stored.get(mid)
        if v is not None and v.dates_ct is not None:
            found = dates_mod.from_json(
                vault.open_text(s, user_id, v.dates_ct, table=VECTOR_TABLE, column="dates", row_id=mid)
            )
        else:
            found = dates_mod.resolve(text, m.created_at)
        for i, _, _, piece in message_pieces(text, found) or [(0, 0, 0, "")]:
            items.append(
                RecallItem(mid, m.conversation_id, m.seq, m.role, piece, m.created_at, chunk=i, speaker=speaker)
            )
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
            vectors.update(
                zip(
                    ((it.message_id, it.chunk) for it in newest),
                    emb.passages([it.text[:EMBED_CHARS] for it in newest]),
                    strict=True,
                )
            )
            lacking = [it for it in lacking if (it.message_id, it.chunk) not in vectors]
            dim = len(next(iter(vectors.values())))
        person.unvectored |= {it.message_id for it in lacking}
        matrix = np.zeros((len(items), dim or 0), np.float32)
        for n, it in enumerate(items):
            vec = vectors.get((it.message_id, it.chunk))
            if vec is not None:
                matrix[n] = vec
    place_items(person, items, matrix)


def _dim(person: PersonIndex, vectors: Mapping[Any, np.ndarray]) -> int | None:
    if person.index is not None and person.index.vectors is not None:
        return int(person.index.vectors.shape[1])
    return len(next(iter(vectors.values()))) if vectors else None


def _stored_vectors(
    s: Session, vault: Vault, user_id: str, emb: Embedder, stored: Mapping[str, Any], items: Sequence[RecallItem]
) -> dict[tuple[str, int], np.ndarray]:
    vectors: dict[tuple[str, int], np.ndarray] = {}
    for mid, v in stored.items():
        if v.model == emb.name:
            vectors[(mid, 0)] = _vector(s, vault, user_id, v.vector_ct, VECTOR_TABLE, mid)
    chunked = sorted({it.message_id for it in items if it.chunk > 0})
    if chunked:
        for c in s.scalars(select(MessageChunk).where(MessageChunk.message_id.in_(chunked))):
            if c.model == emb.name:
                vectors[(c.message_id, c.chunk)] = _vector(
                    s, vault, user_id, c.vector_ct, CHUNK_TABLE, f"{c.message_id}:{c.chunk}"
                )
    return vectors


def place_items(person: PersonIndex, items: Sequence[RecallItem], matrix: np.ndarray | None) -> None:
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
        if it.speaker:
            person.speakers.add(it.speaker)
        person.pos_of.setdefault(it.message_id, []).append(pos)
        if it.chunk == 0:
            person.items[it.message_id] = it
            person.by_seq[(it.conversation_id, it.seq)] = pos


def _swap_vectors(s: Session, vault: Vault, person: PersonIndex, user_id: str, emb: Embedder) -> None:
    """Messages indexed lexically (no vector stored yet) whose vector the background indexer
    has stored since: re-placed with it (a few rows: the indexer's lag)."""
    ids = sorted(person.unvectored)
    done = set(
        s.scalars(
            select(MessageVector.message_id).where(MessageVector.message_id.in_(ids), MessageVector.model == emb.name)
        )
    )
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
