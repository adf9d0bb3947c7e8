"""Moving a person's rows to another person, every sealed field sealed again under their key.

A merge (:mod:`threadkeep.memory.people.merge`) moves rows one way and its undo moves them
back; both need the same knowledge of which table follows what and which of its columns are
sealed, so that knowledge and the moving live here, apart from the merge's own bookkeeping
(locks, undo data, audit, status). Everything runs in the caller's transaction.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import TableClause, and_, bindparam, column, select, table, update
from sqlalchemy.orm import Session

from threadkeep.store.models import Identity
from threadkeep.store.vault import Vault

__all__ = [
    "SEALED",
    "MOVED_WITH_CONVERSATION",
    "MOVED_WITH_MESSAGE",
    "MOVED_WITH_PERSON",
    "KEPT_WITH_SOURCE",
    "move_conversations",
    "move_person_rows",
    "move_listed",
    "still_owned",
]

# Sealed columns of the rows that move: ciphertext column -> the column name in its
# associated data. The row id in the associated data is ``id`` unless :data:`_ROW_ID` says.
SEALED: dict[str, dict[str, str]] = {
    "conversations": {
        "title_ct": "title",
        "system_prompt_ct": "system_prompt",
        "startup_ct": "startup",
        "instructions_ct": "instructions",
    },
    "messages": {"text_ct": "text", "trace_ct": "trace", "speaker_ct": "speaker"},
    "summary_versions": {"state_ct": "state"},
    "message_vectors": {"vector_ct": "vector", "dates_ct": "dates"},
    "message_chunks": {"vector_ct": "vector"},
    "reask_marks": {"detail_ct": "detail"},
    "surface_events": {"text_ct": "text"},
    "recall_notes": {"text_ct": "text"},
    "answer_versions": {"text_ct": "text"},
}
_ROW_ID = {
    "message_vectors": lambda r: r["message_id"],
    "message_chunks": lambda r: f"{r['message_id']}:{r['chunk']}",
    "reask_marks": lambda r: r["message_id"],
}
# Which rows follow a moved conversation, a moved message, or the person themselves.
MOVED_WITH_CONVERSATION = (
    "messages",
    "summary_versions",
    "message_vectors",
    "reask_marks",
    "model_calls",
    "openai_threads",
    "import_sources",
    "recall_notes",
)
MOVED_WITH_MESSAGE = ("message_chunks", "fact_extractions", "answer_versions")
MOVED_WITH_PERSON = ("surface_threads", "surface_events", "surface_posts", "identities")
# Rows that stay with the source (merged copies go to the target, or they are the source's
# own credentials and bookkeeping) and are deleted with the source when the merge is confirmed.
KEPT_WITH_SOURCE = (
    "user_keys",
    "facts",
    "fact_versions",
    "facts_state",
    "profiles",
    "digests",
    "idempotency_keys",
    "api_keys",
    "imports",
    "memory_calls",
)
_BATCH = 500
# Primary key and the other columns a move reads or filters on, per moving table (besides
# ``user_id`` and the sealed columns). Lightweight table constructs: this module reaches the
# surfaces' and insights' tables by name, without importing those layers.
_KEYS: dict[str, tuple[str, ...]] = {
    "conversations": ("id",),
    "messages": ("id", "conversation_id"),
    "summary_versions": ("id", "conversation_id"),
    "message_vectors": ("message_id", "conversation_id"),
    "reask_marks": ("message_id", "conversation_id"),
    "model_calls": ("id", "conversation_id"),
    "openai_threads": ("conversation_id",),
    "message_chunks": ("message_id", "chunk"),
    "fact_extractions": ("message_id",),
    "surface_threads": ("id", "channel", "thread_key"),
    "surface_events": ("id",),
    "surface_posts": ("id",),
    "identities": ("id",),
    "import_sources": ("source_id", "conversation_id"),
    "recall_notes": ("id", "conversation_id"),
    "answer_versions": ("id", "answer_id"),
}
_PRIMARY = {
    "message_vectors": ("message_id",),
    "reask_marks": ("message_id",),
    "openai_threads": ("conversation_id",),
    "message_chunks": ("message_id", "chunk"),
    "fact_extractions": ("message_id",),
}


@functools.cache
def _table(name: str) -> TableClause:
    """One construct per table (a statement must use the same one in its columns and filters)."""
    cols = dict.fromkeys([*_KEYS[name], "user_id", *SEALED.get(name, {})])
    return table(name, *(column(c) for c in cols))


def _primary(name: str) -> tuple[str, ...]:
    return _PRIMARY.get(name, ("id",))


def _chunks(ids: list[str]) -> Iterable[list[str]]:
    for i in range(0, len(ids), _BATCH):
        yield ids[i : i + _BATCH]


def _reseal_rows(s: Session, vault: Vault, name: str, where: Any, to_user: str) -> int:
    """Give the selected rows of table ``name`` to ``to_user``, sealing every sealed field
    again under their key; returns how many rows moved."""
    t = _table(name)
    sealed = SEALED.get(name, {})
    if not sealed:
        return int(s.execute(update(t).where(where).values(user_id=to_user)).rowcount or 0)  # type: ignore[attr-defined]
    pk = list(_primary(name))
    cols = [t.c[c] for c in dict.fromkeys([*pk, "user_id", *sealed])]
    rows = [dict(r._mapping) for r in s.execute(select(*cols).where(where))]
    params = []
    row_id: Callable[[Any], str] = _ROW_ID.get(name, lambda r: str(r["id"]))
    for r in rows:
        p: dict[str, Any] = {f"k_{c}": r[c] for c in pk}
        p["v_user_id"] = to_user
        for col, aad in sealed.items():
            blob = r[col]
            if blob is not None:
                plain = vault.open_bytes(s, r["user_id"], blob, table=name, column=aad, row_id=row_id(r))
                blob = vault.seal(s, to_user, plain, table=name, column=aad, row_id=row_id(r))
            p[f"v_{col}"] = blob
        params.append(p)
    stmt = (
        update(t)
        .where(and_(*(t.c[c] == bindparam(f"k_{c}") for c in pk)))
        .values({"user_id": bindparam("v_user_id"), **{c: bindparam(f"v_{c}") for c in sealed}})
    )
    for i in range(0, len(params), _BATCH):
        s.connection().execute(stmt, params[i : i + _BATCH])
    return len(rows)


def move_conversations(s: Session, vault: Vault, conv_ids: list[str], to_user: str) -> dict[str, int]:
    """Move conversations and everything under them to ``to_user``; returns row counts."""
    counts = {"conversations": 0, "messages": 0}
    conv_t = _table("conversations")
    msg_t = _table("messages")
    for batch in _chunks(conv_ids):
        counts["conversations"] += _reseal_rows(s, vault, "conversations", conv_t.c.id.in_(batch), to_user)
        for name in MOVED_WITH_CONVERSATION:
            t = _table(name)
            where: Any = t.c.conversation_id.in_(batch)  # a clause, and-ed below
            if name == "import_sources":
                # Both imported the same export: the receiver's row stands, so a re-import
                # still adds nothing twice; the other stays behind (and goes with its owner).
                where = where & t.c.source_id.not_in(select(t.c.source_id).where(t.c.user_id == to_user))
            n = _reseal_rows(s, vault, name, where, to_user)
            if name == "messages":
                counts["messages"] += n
        in_msgs = select(msg_t.c.id).where(msg_t.c.conversation_id.in_(batch)).scalar_subquery()
        for name in MOVED_WITH_MESSAGE:
            t = _table(name)
            of_message = t.c.answer_id if name == "answer_versions" else t.c.message_id
            _reseal_rows(s, vault, name, of_message.in_(in_msgs), to_user)
    return counts


def move_person_rows(s: Session, vault: Vault, source: str, target: str) -> dict[str, list[str]]:
    """Move the source's surface rows and channel identities; returns the moved ids."""
    moved: dict[str, list[str]] = {}
    threads = _table("surface_threads")
    taken = {
        (c, k) for c, k in s.execute(select(threads.c.channel, threads.c.thread_key).where(threads.c.user_id == target))
    }
    ids: list[str] = []
    for tid, channel, key in s.execute(
        select(threads.c.id, threads.c.channel, threads.c.thread_key).where(threads.c.user_id == source)
    ):
        if (channel, key) not in taken:  # both in one platform thread: the target's row stands
            ids.append(tid)
    moved["surface_threads"] = ids
    for name in ("surface_events", "surface_posts"):
        t = _table(name)
        moved[name] = [r[0] for r in s.execute(select(t.c.id).where(t.c.user_id == source))]
    moved["identities"] = list(
        s.scalars(select(Identity.id).where(Identity.user_id == source, Identity.channel != "local"))
    )
    move_listed(s, vault, moved, target)
    return moved


def move_listed(s: Session, vault: Vault, moved: dict[str, list[str]], to_user: str) -> None:
    for name, ids in moved.items():
        t = _table(name)
        for batch in _chunks(ids):
            _reseal_rows(s, vault, name, t.c.id.in_(batch), to_user)


def still_owned(s: Session, name: str, ids: list[str], owner: str) -> list[str]:
    """Those of ``ids`` that still exist in table ``name`` and still belong to ``owner``."""
    t = _table(name)
    return [
        i for batch in _chunks(ids) for i in s.scalars(select(t.c.id).where(t.c.id.in_(batch), t.c.user_id == owner))
    ]
