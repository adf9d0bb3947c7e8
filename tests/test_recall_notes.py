"""Issue 16, recall that caches: recalled blocks become a note in the cached history, once."""

from __future__ import annotations

import os

import pytest
from sqlalchemy import select

from threadkeep.context.canonical import segment_bytes
from threadkeep.crypto import MasterKey
from threadkeep.memory.recall.floor import Relevance, clears, relevance
from threadkeep.memory.recall.notes import NOTE_OPEN, notes_for
from threadkeep.memory.recall.ranking import RecallHit, RecallItem
from threadkeep.store.memory_tables import RecallNote
from threadkeep.store.models import Conversation
from threadkeep.testing.simulator import ManualClock, SimulatedModel, SimulatorConfig

from .helpers import open_memory, unique_user

SECRET = "Marguerite from the next valley breeds Suri alpacas on a farm near Valparaiso."


def _memory(tmp_path, settings, sim, **changes):  # type: ignore[no-untyped-def]
    settings.system_prompt = "You are a careful assistant who keeps long threads in order. " * 120
    settings.embeddings = False  # lexical recall: fast and deterministic
    for k, v in changes.items():
        setattr(settings, k, v)
    return open_memory(f"sqlite:///{tmp_path / 'n.db'}", MasterKey(os.urandom(32), "t"), settings, sim)


def _history(request) -> list[bytes]:  # type: ignore[no-untyped-def]
    return next((items for name, items in segment_bytes(request) if name == "history"), [])


def first_note_user(s, cid: str) -> str:  # type: ignore[no-untyped-def]
    return s.get(Conversation, cid).user_id


async def _earlier(m, user: str) -> None:  # type: ignore[no-untyped-def]
    """An earlier conversation holding the detail, indexed for recall."""
    r = await m.send(SECRET, user=user)
    await m.send(
        "We also talked about the weather in Lisbon, nothing more.", user=user, conversation_id=r.conversation_id
    )
    await m.drain_jobs()


def _context(request) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(x.text for s in request.segments if s.name == "turn_context" for x in s.messages)


ASKS = (
    "How are Marguerite's alpacas in Valparaiso doing?",
    "Does Marguerite sell the Suri alpacas' wool?",
    "And what about her farm near Valparaiso, with the Suri alpacas?",
    "One more thing on Marguerite's Suri alpacas: how many are there?",
)


@pytest.mark.parametrize("after", [1, 2])
async def test_recalled_blocks_become_one_note_in_the_cached_history(tmp_path, settings, after) -> None:
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock, responder=lambda r: "I remember that.")
    m = _memory(tmp_path, settings, sim, recall_note_after=after)
    user = unique_user()
    await _earlier(m, user)
    results, hists, requests = [], [], []
    cid = None
    for ask in ASKS:
        clock.advance(30)
        r = await m.send(ask, user=user, conversation_id=cid)
        cid = r.conversation_id
        results.append(r)
        requests.append(sim.requests[-1])
        hists.append(_history(sim.requests[-1]))
    noted = after - 1  # the turn whose note carries the detail
    if after == 2:
        # Recalled for the first time: in that turn's context, uncached, and not in the history.
        assert "Suri alpacas" in _context(requests[0])
        assert not any(NOTE_OPEN.encode() in item for item in hists[0])
        assert results[0].report["recall_note"]["note_id"] is None
        assert results[0].report["recall_note"]["first_shown"] >= 1
    # Then a note: the last history message before the new one, inside the cached prefix.
    assert results[noted].report["recall_note"]["note_id"]
    assert NOTE_OPEN.encode() in hists[noted][-1] and b"Suri alpacas" in hists[noted][-1]
    assert "Suri alpacas" not in _context(requests[noted])
    req = requests[noted]
    assert req.breakpoints and req.segments[max(b.segment for b in req.breakpoints)].name == "history"
    # Never re-sent: not in any later turn's context, and in exactly one note of the history.
    assert all("Suri alpacas" not in _context(r) for r in requests[noted + 1 :])
    assert sum(b"Suri alpacas" in item for item in hists[-1] if NOTE_OPEN.encode() in item) == 1
    assert any(r.report["recall_note"]["repeated"] >= 1 for r in results[noted + 1 :])
    # Byte-stable: each turn's history starts with the previous turn's, notes included.
    for before, later in zip(hists, hists[1:], strict=False):
        assert later[: len(before)] == before
    # The note's prefix is read from the cache on the next turns.
    assert sim.records[-1].cache_read_tokens > 0 and sim.records[-2].cache_read_tokens > 0
    with m.db.session() as s:
        rows = s.scalars(select(RecallNote).where(RecallNote.conversation_id == cid).order_by(RecallNote.seq)).all()
    keys = [k for r in rows for k in r.sources]
    assert keys and len(keys) == len(set(keys))  # no source in two notes
    # Sealed: the note's text is not in the database in plaintext.
    assert all(b"Suri alpacas" not in r.text_ct for r in rows)
    # The ping (keep-warm) rebuilds the same history, note included.
    ping = m.ping_request(cid)
    assert _history(ping)[: len(hists[-1])] == hists[-1]
    await m.close()


async def test_a_folded_turn_takes_its_note_with_it(tmp_path, settings) -> None:
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock, responder=lambda r: "Noted.")
    m = _memory(tmp_path, settings, sim, fold_threshold=14, fold_tail=12, fold_adoption="eager", recall_note_after=1)
    user = unique_user()
    await _earlier(m, user)
    first = await m.send("Remind me where Marguerite's Suri alpacas live?", user=user)
    cid = first.conversation_id
    assert first.report["recall_note"]["note_id"]
    for i in range(10):
        clock.advance(20)
        await m.send(f"Plain update number {i}: the spreadsheet is renamed.", user=user, conversation_id=cid)
        await m.drain_jobs()
    last = sim.requests[-1]
    summary = [x.text for s in last.segments if s.name == "summary" for x in s.messages]
    assert summary, "a fold happened and was adopted"
    # The folded turn's note is gone from the history and was not folded into the summary.
    with m.db.session() as s:
        notes = notes_for(s, m.vault, conversation_id=cid, user_id=first_note_user(s, cid), after_seq=0)
    first_note = next(n for n in notes if n.message_id == first.user_message_id)
    texts = [x.text for seg in last.segments if seg.name == "history" for x in seg.messages]
    assert not any(first_note.text in t for t in texts)
    before = [x.text for seg in sim.requests[1 + 2].segments if seg.name == "history" for x in seg.messages]
    assert any(first_note.text in t for t in before)  # it was there before the fold
    assert not any(NOTE_OPEN in t for t in summary)
    # Needed again after the fold: recall finds it again and makes a new note at this turn.
    again = await m.send("What do Marguerite's Suri alpacas eat?", user=user, conversation_id=cid)
    assert again.report["recall_note"]["note_id"] not in (None, first.report["recall_note"]["note_id"])
    await m.close()


async def test_the_floor_skips_recall_for_an_irrelevant_message(tmp_path, settings) -> None:
    clock = ManualClock()
    sim = SimulatedModel(SimulatorConfig.anthropic(), now=clock, responder=lambda r: "Sure.")
    m = _memory(tmp_path, settings, sim)
    user = unique_user()
    await _earlier(m, user)
    r = await m.send("ok thanks, sounds good to me", user=user)
    assert r.report["recall_note"]["fired"] is False
    assert r.report["recall_note"]["note_id"] is None and r.report["recall"] == []
    with m.db.session() as s:
        assert s.scalar(select(RecallNote).where(RecallNote.conversation_id == r.conversation_id)) is None
    # With the floor off, the same message recalls whatever ranks first.
    m.settings.recall_min_lexical = 0
    r2 = await m.send("ok thanks, sounds good to me", user=user)
    assert r2.report["recall_note"]["fired"] is True
    await m.close()


EARLIER = (
    "My sister Marguerite breeds Suri alpacas on a farm near Valparaiso.",
    "The quarterly budget review moved to the second week of March.",
    "I started learning the cello again, mostly Bach suites.",
    "Our team lead Ingrid wants the migration plan by Friday.",
    "We adopted a rescue greyhound called Pepper last spring.",
)


async def test_the_floor_with_embeddings_skips_chit_chat_in_any_language(tmp_path, settings) -> None:
    # e5 puts chit-chat close to every short message (cosine ~0.88 here): the floor reads how
    # far the best hit stands out, not the cosine.
    settings.embeddings = True
    sim = SimulatedModel(
        SimulatorConfig.anthropic(), now=ManualClock(), responder=lambda r: "Noted, thanks for telling me."
    )
    m = open_memory(f"sqlite:///{tmp_path / 'e.db'}", MasterKey(os.urandom(32), "t"), settings, sim)
    user = unique_user()
    cid = None
    for text in EARLIER:
        cid = (await m.send(text, user=user, conversation_id=cid)).conversation_id
    await m.drain_jobs()
    for chat in ("ok thanks, sounds good", "Спасибо, понятно.", "ありがとう、了解です。"):
        r = await m.send(chat, user=user)
        assert r.report["recall_note"]["fired"] is False, (chat, r.report["recall_note"])
    for ask in ("How are Marguerite's alpacas doing?", "what was the dog we adopted called again?"):
        r = await m.send(ask, user=user)
        assert r.report["recall_note"]["fired"] is True, (ask, r.report["recall_note"])
        assert r.report["recall"]
    await m.close()


def test_floor_reads_direct_hits_only() -> None:
    from datetime import UTC, datetime

    item = RecallItem("m1", "c1", 1, "user", "x", datetime(2026, 1, 1, tzinfo=UTC))
    weak = RecallHit(item, 0.03, "x", 1, lexical=0.4, dense=0.91, dense_margin=0.02)
    neighbour = RecallHit(item, 0.9, "x", 1)  # no evidence of its own
    assert relevance([weak, neighbour]) == Relevance(0.4, 0.91, 0.02)
    # A high cosine alone is not evidence: short generic messages are close to everything.
    assert not clears(relevance([weak, neighbour]), min_lexical=0.8, min_dense_margin=0.08)
    assert clears(Relevance(0.9, None), min_lexical=0.8, min_dense_margin=0.08)
    assert clears(Relevance(0.0, 0.86, 0.09), min_lexical=0.8, min_dense_margin=0.08)
    assert clears(Relevance(0.0, None), min_lexical=0, min_dense_margin=0.08)  # floor off


async def test_a_turn_keeps_its_first_note(backend, tmp_path) -> None:
    """A second store for the same turn (a retry, a concurrent attempt) yields the stored note,
    opened, and adds no row — on both databases (the INSERT yields on the unique message id)."""
    from threadkeep.config import Settings
    from threadkeep.llm.scripted import ScriptedModel
    from threadkeep.memory.recall.notes import store_note

    url, key = backend
    m = open_memory(url, key, Settings(home=tmp_path, embeddings=False), ScriptedModel(responder=lambda r: "Ok."))
    r = await m.send("Пример: 明日は雨です.", user=unique_user())

    def store(text: str, sources: list[str]):  # type: ignore[no-untyped-def]
        def run(s):  # type: ignore[no-untyped-def]
            uid = first_note_user(s, r.conversation_id)
            return store_note(
                s,
                m.vault,
                conversation_id=r.conversation_id,
                user_id=uid,
                message_id=r.user_message_id,
                seq=1,
                text=text,
                sources=sources,
                tokens=3,
            )

        return m.db.write(run)

    first = store("Recalled: Marguerite's alpacas — 明日", ["a#0", "b#0"])
    again = store("something else", ["c#0"])
    assert (again.id, again.text, again.sources) == (
        first.id,
        "Recalled: Marguerite's alpacas — 明日",
        frozenset({"a#0", "b#0"}),
    )
    with m.db.reading() as s:
        rows = s.scalars(select(RecallNote).where(RecallNote.message_id == r.user_message_id)).all()
        assert len(rows) == 1
        opened = notes_for(s, m.vault, conversation_id=r.conversation_id, user_id=rows[0].user_id, after_seq=0)
    assert [n.text for n in opened] == ["Recalled: Marguerite's alpacas — 明日"]
    await m.close()
