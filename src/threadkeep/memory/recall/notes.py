"""Recall notes: recalled material kept in the conversation's cached history (issue 16).

Recall used to ride in the per-turn context, after the last cache breakpoint, so the same
excerpts were re-sent uncached on every turn that needed them (39 % of input tokens on a
replay). A **recall note** instead holds the recalled blocks a turn brought in for the first
time: stored sealed, tied to the person's message of that turn, and rendered as one history
message placed just before that message — on the turn itself (the history's breakpoint then
closes after it, so it is written to the cache once) and on every later turn while that
turn is verbatim (the same stored bytes in the same place: a cache read).

- **Once**: recall's hits whose source (message id and chunk) is already in a note of the
  verbatim window are skipped (:func:`new_hits`); only genuinely new material makes a note.
  A turn makes at most one note (unique per message): a retried turn reuses its note.
- **Folding**: a note lives as long as its turn is verbatim. When a fold moves the adopted
  cursor past its turn, the note leaves the window with it and is *not* folded into the
  summary — its sources are earlier messages that stay in the recall index (and in their own
  conversation's summary); folding them into this conversation's summary would copy another
  conversation's words into it and make summaries grow with recall. If the material is
  needed again after the fold, recall finds it again and a new note is made at that turn.
- **Byte stability**: the note's text is rendered once, sealed, and opened byte for byte;
  its place is fixed by its turn's sequence number, so the history prefix is the same bytes
  on every later turn (see ``tests/test_recall_notes.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from threadkeep.memory.recall.ranking import RecallHit
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.memory_tables import RecallNote
from threadkeep.store.vault import Vault

__all__ = [
    "RecallNote",
    "StoredNote",
    "NOTE_OPEN",
    "NOTE_CLOSE",
    "render_note",
    "hit_key",
    "new_hits",
    "split_recurring",
    "notes_for",
    "store_note",
    "placed",
]

NOTE_OPEN = "<recalled_note>"
NOTE_CLOSE = "</recalled_note>"
_TABLE, _COLUMN = "recall_notes", "text"


@dataclass(frozen=True, slots=True)
class StoredNote:
    """An opened note: its id, the message it sits before, its text and its sources."""

    id: str
    message_id: str
    seq: int
    text: str  # empty: the turn made no note (it only showed material in its context)
    sources: frozenset[str]
    shown: frozenset[str] = frozenset()


def hit_key(hit: RecallHit) -> str:
    """What a recalled hit is deduplicated by: its message and chunk."""
    return f"{hit.item.message_id}#{hit.item.chunk}"


def new_hits(hits: Sequence[RecallHit], notes: Iterable[StoredNote]) -> tuple[list[RecallHit], int]:
    """``hits`` whose source no note of the window carries yet, and how many were skipped."""
    seen: set[str] = set()
    for note in notes:
        seen |= note.sources
    fresh = [h for h in hits if hit_key(h) not in seen]
    return fresh, len(hits) - len(fresh)


def split_recurring(hits: Sequence[RecallHit], notes: Iterable[StoredNote]) -> tuple[list[RecallHit], list[RecallHit]]:
    """(hits an earlier turn of the window already showed in its context, hits never shown)."""
    shown: set[str] = set()
    for note in notes:
        shown |= note.shown
    again = [h for h in hits if hit_key(h) in shown]
    return again, [h for h in hits if hit_key(h) not in shown]


def render_note(blocks: Sequence[str]) -> str:
    """The history message of a note: the recalled blocks, framed so the model reads them as
    memory brought in at that point, not as something the person said."""
    body = "\n".join(f"- {b}" for b in blocks)
    return f"{NOTE_OPEN}\nRecalled from earlier conversations:\n{body}\n{NOTE_CLOSE}"


def notes_for(s: Session, vault: Vault, *, conversation_id: str, user_id: str, after_seq: int) -> list[StoredNote]:
    """The conversation's notes whose turn is after ``after_seq`` (the verbatim window), in
    turn order, opened."""
    rows = s.execute(_WINDOW_NOTES, {"cid": conversation_id, "after": after_seq}).all()
    return [
        StoredNote(
            r.id,
            r.message_id,
            r.seq,
            vault.open_text(s, user_id, r.text_ct, table=_TABLE, column=_COLUMN, row_id=r.id),
            frozenset(r.sources or ()),
            frozenset(r.shown or ()),
        )
        for r in rows
    ]


# Every turn reads its window's notes: built once, the columns as plain rows.
_WINDOW_NOTES = (
    select(
        RecallNote.id, RecallNote.message_id, RecallNote.seq, RecallNote.text_ct, RecallNote.sources, RecallNote.shown
    )
    .where(RecallNote.conversation_id == bindparam("cid"), RecallNote.seq > bindparam("after"))
    .order_by(RecallNote.seq)
)


def store_note(
    s: Session,
    vault: Vault,
    *,
    conversation_id: str,
    user_id: str,
    message_id: str,
    seq: int,
    text: str,
    sources: Sequence[str],
    tokens: int,
    shown: Sequence[str] = (),
) -> StoredNote:
    """Seal and store the note of ``message_id``'s turn (``text`` empty: no note, only what the
    turn ``shown`` in its context); the existing one if the turn has one.

    One INSERT that yields to an existing note (a retried turn, or a concurrent attempt at the
    same turn): the id is chosen first so the text is sealed to it; only when a note was
    already there is it read back."""
    rid = new_id()
    row = {
        "id": rid,
        "conversation_id": conversation_id,
        "user_id": user_id,
        "message_id": message_id,
        "seq": seq,
        "text_ct": vault.seal(s, user_id, text, table=_TABLE, column=_COLUMN, row_id=rid),
        "sources": sorted(set(sources)),
        "shown": sorted(set(shown)),
        "tokens": tokens,
        "created_at": utcnow(),
    }
    if s.connection().execute(_INSERT_NOTE[s.get_bind().dialect.name], row).first() is not None:
        return StoredNote(rid, message_id, seq, text, frozenset(sources), frozenset(shown))
    found = s.scalars(select(RecallNote).where(RecallNote.message_id == message_id)).one()
    return StoredNote(
        found.id,
        found.message_id,
        found.seq,
        vault.open_text(s, user_id, found.text_ct, table=_TABLE, column=_COLUMN, row_id=found.id),
        frozenset(found.sources or ()),
        frozenset(found.shown or ()),
    )


_INSERT_NOTE = {
    "sqlite": sqlite_insert(RecallNote).on_conflict_do_nothing(index_elements=["message_id"]).returning(RecallNote.id),
    "postgresql": pg_insert(RecallNote).on_conflict_do_nothing(index_elements=["message_id"]).returning(RecallNote.id),
}


def placed(
    history: Sequence[Any], message_ids: Sequence[str], notes: Sequence[StoredNote], make: Any
) -> tuple[list[Any], list[int]]:
    """``history`` with each note placed just before its message; returns the new list and,
    for each entry, the index of the original message it stands with (a note: the one after
    it). Notes whose message is not in ``message_ids`` are left out here (the caller places
    the current turn's note at the end). ``make(note)`` builds a note's history entry."""
    by_message: Mapping[str, StoredNote] = {n.message_id: n for n in notes if n.text}
    out: list[Any] = []
    origin: list[int] = []
    for i, (entry, mid) in enumerate(zip(history, message_ids, strict=True)):
        note = by_message.get(mid)
        if note is not None:
            out.append(make(note))
            origin.append(i)
        out.append(entry)
        origin.append(i)
    return out, origin
