"""The request assembler: segment order, ceiling, errors, compaction and its byte stability."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.context.budget import ceiling_for
from threadkeep.context.compaction import Compactor
from threadkeep.errors import ConfigError, ContextOverflow
from threadkeep.memory.summary.items import SourceMessage
from threadkeep.messages import SEGMENT_ORDER, ToolSpec
from threadkeep.tokens import default_counter

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

TOOLS = (
    ToolSpec(
        "search_knowledge",
        "Search the knowledge base.",
        {"type": "object", "properties": {"query": {"type": "string"}}},
    ),
)


def _history(n: int, start: int = 0) -> tuple[SourceMessage, ...]:
    lines = [
        "We decided to ship the Atlas beta on {d} May with budget {b} euros.",
        "Noted, the beta on {d} May it is.",
    ]
    return tuple(
        SourceMessage(f"m{i}", "user" if i % 2 == 0 else "assistant", lines[i % 2].format(d=1 + i % 28, b=100 + i))
        for i in range(start, start + n)
    )


def _inputs(**kw: object) -> TurnInputs:
    base = dict(
        system="You are Threadkeep.",
        tools=TOOLS,
        startup="Conversation began 2026-01-05.",
        summary="## Decisions\n- Postgres for billing.",
        history=_history(20),
        now="2026-11-29 10:00 UTC",
        facts=("Lives in Lisbon.", "Prefers short answers."),
        recalled=(),
        new_message="What did we decide about the beta?",
    )
    base.update(kw)
    return TurnInputs(**base)  # type: ignore[arg-type]


def test_segments_follow_the_architecture_order() -> None:
    built = assemble(_inputs(), compactor=Compactor(), ceiling=4000)
    names = [s.name for s in built.request.segments]
    assert names == ["startup", "summary", "history", "turn_context", "new_message"]
    assert [SEGMENT_ORDER.index(n) for n in names] == sorted(SEGMENT_ORDER.index(n) for n in names)
    assert built.request.tools == TOOLS and built.request.system == "You are Threadkeep."
    context = built.request.segments[3].messages[0].text
    assert "2026-11-29 10:00 UTC" in context and "Lives in Lisbon." in context
    assert built.request.messages[-1].text == "What did we decide about the beta?"
    assert built.report.compaction is None
    assert built.report.total_tokens <= 4000


def test_report_is_json_and_counts_segments() -> None:
    report = assemble(_inputs(), compactor=Compactor(), ceiling=4000).report.to_dict()
    data = json.loads(json.dumps(report))
    assert set(data["segments"]) == {"tools", "system", "startup", "summary", "history", "turn_context", "new_message"}
    assert data["total_tokens"] == sum(data["segments"].values())
    assert data["facts_used"] == 2 and len(data["verbatim_ids"]) == 20


def test_system_and_tools_too_large_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="system prompt and tools"):
        assemble(_inputs(system="word " * 500), compactor=Compactor(), ceiling=300)


def test_new_message_larger_than_the_room_is_shown_in_part_with_a_reference() -> None:
    body = "\n".join(f"Line {i}: filler about nothing in particular, item {i}." for i in range(400))
    message = (
        "Please read this report and tell me about the zebra budget.\n"
        + body
        + "\nSection 7: the zebra budget is 41 thousand euros.\n"
        + body
        + "\nSo, what is the zebra budget?"
    )
    built = assemble(_inputs(new_message=message), compactor=Compactor(), ceiling=900)
    shown = built.request.messages[-1].text
    total = default_counter().count(message)
    assert shown.startswith(f"[message of {total} tokens, shown in part")
    assert "Please read this report" in shown and "what is the zebra budget?" in shown  # its edges
    assert "41 thousand euros" in shown  # the passage that shares the question's rare words
    assert "tokens not shown" in shown
    assert built.report.total_tokens <= 900
    assert any("shown in part" in n for n in built.report.notes)
    # The same message and room give the same bytes (the request stays cacheable).
    assert assemble(_inputs(new_message=message), compactor=Compactor(), ceiling=900).request == built.request


def test_new_message_too_large_for_any_excerpt_names_both_numbers() -> None:
    message = "lorem ipsum " * 400
    with pytest.raises(ContextOverflow) as info:
        assemble(_inputs(new_message=message, history=()), compactor=Compactor(), ceiling=120)
    text = str(info.value)
    needed = default_counter().count(message) + 4
    assert str(needed) in text and "120" in text


def test_ceiling_for_checks_the_reserve() -> None:
    assert ceiling_for(8000, 1000) == 7000
    with pytest.raises(ConfigError):
        ceiling_for(1000, 1000)


def test_old_history_is_compacted_not_dropped_and_last_12_stay_verbatim_when_they_fit() -> None:
    built = assemble(_inputs(history=_history(40)), compactor=Compactor(), ceiling=700)
    report = built.report
    assert report.compaction is not None
    assert report.total_tokens <= 700
    ids = [f"m{i}" for i in range(40)]
    compacted = ids[: report.compaction.messages]
    assert list(report.verbatim_ids) == ids[report.compaction.messages :]
    assert len(report.verbatim_ids) >= 12 and report.verbatim_ids[-12:] == tuple(ids[-12:])
    assert report.compaction.first_id == compacted[0]
    context = built.request.segments[-2].messages[0].text
    assert f"{compacted[0]}–{compacted[-1]}" in context


def test_compaction_block_is_byte_identical_on_later_turns() -> None:
    compactor = Compactor()
    seen: dict[tuple[str, str], str] = {}
    repeats = 0
    for n in range(36, 48):  # one more message each turn
        built = assemble(_inputs(history=_history(n)), ceiling=700, compactor=compactor)
        comp = built.report.compaction
        assert comp is not None
        block = built.request.segments[-2].messages[0].text.split("\n\n")[-1]
        key = (comp.first_id, comp.last_id)
        if key in seen:
            repeats += 1
            assert seen[key] == block
        seen[key] = block
    assert repeats >= 3  # the range moves in steps, so most turns reuse the same block
    # A fresh process computes the same bytes for the same range.
    fresh = Compactor()
    assert fresh.block(_history(40)[:8]) == compactor.block(_history(40)[:8])
    made = compactor.made
    compactor.block(_history(40)[:8])
    assert compactor.made == made  # served from the memo


def test_facts_take_top_k_in_relevance_order_when_short_of_room() -> None:
    facts = tuple(f"Fact number {i} about the Atlas beta and its schedule." for i in range(30))
    built = assemble(_inputs(history=_history(40), facts=facts), compactor=Compactor(), ceiling=700)
    used = built.report.facts_used
    assert 0 < used < 30
    context = built.request.segments[-2].messages[0].text
    assert all(f"Fact number {i} " in context for i in range(used))
    assert f"Fact number {used} " not in context
    assert built.report.total_tokens <= 700


def test_window_that_cannot_hold_the_last_12_compacts_their_oldest() -> None:
    long_history = tuple(SourceMessage(f"m{i}", "user", f"point {i}: " + "word " * 80) for i in range(12))
    built = assemble(_inputs(history=long_history), compactor=Compactor(), ceiling=600)
    report = built.report
    assert report.total_tokens <= 600
    assert report.compaction is not None and report.compaction.first_id == "m0"
    kept = list(report.verbatim_ids)
    assert 0 < len(kept) < 12 and kept == [f"m{i}" for i in range(12 - len(kept), 12)]
    assert any("fit verbatim" in n for n in report.notes)


def test_one_message_larger_than_the_window_is_compacted_not_refused() -> None:
    paste = SourceMessage("p", "user", "\n".join(f"Paragraph {i} of the pasted document." for i in range(2000)))
    history = (*_history(4), paste, SourceMessage("a", "assistant", "Got the document."))
    built = assemble(_inputs(history=history), compactor=Compactor(), ceiling=1500)
    assert built.report.total_tokens <= 1500
    assert built.report.verbatim_ids == ("a",)
    assert built.report.compaction is not None and built.report.compaction.last_id == "p"


def test_same_inputs_same_request() -> None:
    a = assemble(_inputs(history=_history(40)), compactor=Compactor(), ceiling=700)
    b = assemble(_inputs(history=_history(40)), compactor=Compactor(), ceiling=700)
    assert a.request == b.request and a.report == b.report


@settings(max_examples=40, deadline=None)
@given(
    lengths=st.lists(st.integers(1, 60), min_size=0, max_size=45),
    n_facts=st.integers(0, 12),
    ceiling=st.integers(200, 1500),
)
def test_any_window_fits_or_fails_loudly(lengths: list[int], n_facts: int, ceiling: int) -> None:
    history = tuple(
        SourceMessage(f"m{i}", "user" if i % 2 == 0 else "assistant", " ".join(f"w{i}x{j}" for j in range(k)))
        for i, k in enumerate(lengths)
    )
    facts = tuple(f"Fact {i} about Atlas." for i in range(n_facts))
    built = assemble(
        _inputs(history=history, facts=facts, tools=()),  # never refused
        compactor=Compactor(),
        ceiling=ceiling,
    )
    report = built.report
    assert report.total_tokens <= ceiling
    ids = [m.id for m in history]
    kept = list(report.verbatim_ids)
    compacted = report.compaction.messages if report.compaction else 0
    assert ids[:compacted] + kept == ids  # every message verbatim or compacted
    if len(kept) < min(12, len(ids)):  # fewer than 12 verbatim only when they did not fit
        assert any("fit verbatim" in n or "one more message" in n for n in report.notes)
    assert report.facts_used <= n_facts


@pytest.mark.parametrize("ceiling", range(60, 200, 7))
def test_no_history_and_no_room_for_retrieval_never_names_a_compaction(ceiling: int) -> None:
    # Found by the fuzz test: with no older history to compact and less room than the turn's
    # context frame, the assembler named a "left out" range of messages that did not exist.
    inputs = _inputs(history=(), facts=tuple(f"Fact number {i} about the person." for i in range(30)))
    try:
        built = assemble(inputs, compactor=Compactor(), ceiling=ceiling)
    except (ConfigError, ContextOverflow) as e:
        assert str(e)
        return
    assert built.report.total_tokens <= ceiling
    assert built.report.compaction is None or built.report.compaction.messages == 0
    assert not any("replaced by a notice" in n for n in built.report.notes)
