"""Issue 9, fuzzing the two pure cores of a turn with hypothesis.

- The request assembler, fed arbitrary text (any script, control characters, empty fields,
  huge or tiny ceilings): it raises nothing but the documented ``ConfigError`` /
  ``ContextOverflow``; a request it returns fits the ceiling, keeps the last 12 messages
  verbatim unless they do not fit (then it says so), keeps every message either verbatim or
  compacted, and orders its segments; a new message too large is shown in part.
- The summary merge, fed random operations (unknown ids, ungrounded text, wild priorities,
  duplicate and contradictory ops): no exception; every item not removed survives; the cap
  holds after ``enforce_cap`` and every item that left or was condensed went to ``on_evict``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from threadkeep.context.assemble import MIN_VERBATIM, TurnInputs, assemble
from threadkeep.context.compaction import Compactor
from threadkeep.errors import ConfigError, ContextOverflow
from threadkeep.memory.summary.items import (
    FIELDS,
    AddItem,
    RemoveItem,
    ResolveQuestion,
    SourceMessage,
    SummaryState,
    UpdateItem,
    render_summary,
)
from threadkeep.memory.summary.merge import apply_ops, enforce_cap
from threadkeep.messages import SEGMENT_ORDER, ToolSpec
from threadkeep.tokens import default_counter

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")
FUZZ = settings(
    max_examples=int(os.environ.get("THREADKEEP_FUZZ_EXAMPLES", "80")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Valid text only (the engine refuses NUL and lone surrogates before assembly; see validate.py).
_chars = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")
_text = st.text(_chars, max_size=200)
_words = st.lists(
    st.sampled_from(["Atlas", "Omar", "budget", "42", "7 May", "日本", "Привет", "…", "\n"]), min_size=0, max_size=40
).map(" ".join)
_any_text = st.one_of(_text, _words)


@st.composite
def _turns(draw: st.DrawFn) -> TurnInputs:
    n = draw(st.integers(0, 40))
    history = tuple(SourceMessage(f"m{i}", "user" if i % 2 == 0 else "assistant", draw(_any_text)) for i in range(n))
    tools = draw(
        st.lists(
            st.builds(
                lambda name, d: ToolSpec(name, d, {"type": "object"}),
                st.sampled_from(["search_knowledge", "web_search"]),
                _text,
            ),
            max_size=2,
            unique_by=lambda t: t.name,
        )
    )
    return TurnInputs(
        system=draw(_any_text),
        new_message=draw(_any_text),
        tools=tuple(tools),
        startup=draw(_any_text),
        summary=draw(_any_text),
        history=history,
        now=draw(st.sampled_from(["", "2026-11-29 10:00 UTC"])),
        facts=tuple(draw(st.lists(_any_text, max_size=10))),
        recalled=tuple(draw(st.lists(_any_text, max_size=5))),
    )


@FUZZ
@given(inputs=_turns(), ceiling=st.integers(0, 3000), share=st.floats(0, 1), step=st.integers(1, 20))
def test_assembler_fits_or_refuses_with_a_documented_error(
    inputs: TurnInputs, ceiling: int, share: float, step: int
) -> None:
    try:
        built = assemble(inputs, ceiling=ceiling, retrieval_share=share, compaction_step=step, compactor=Compactor())
    except (ConfigError, ContextOverflow) as e:
        assert str(e), "a refusal must say why"
        return
    report = built.report
    assert report.total_tokens <= ceiling
    ids = [m.id for m in inputs.history]
    kept = list(report.verbatim_ids)
    compacted = report.compaction.messages if report.compaction else 0
    assert ids[:compacted] + kept == ids  # nothing dropped silently
    if len(kept) < min(MIN_VERBATIM, len(ids)):  # compacted only when they did not fit, and said so
        assert any("fit verbatim" in n or "one more message" in n for n in report.notes)
    names = [s.name for s in built.request.segments]
    assert [SEGMENT_ORDER.index(n) for n in names] == sorted(SEGMENT_ORDER.index(n) for n in names)
    shown = built.request.messages[-1].text
    assert names[-1] == "new_message"
    assert shown == inputs.new_message or (
        shown.startswith("[message of ") and any("shown in part" in n for n in report.notes)
    )
    assert built.request.system == inputs.system and built.request.tools == inputs.tools
    # Pure: the same inputs give the same bytes (the prefix cache depends on it).
    again = assemble(inputs, ceiling=ceiling, retrieval_share=share, compaction_step=step, compactor=Compactor())
    assert again.request == built.request


@st.composite
def _batches(draw: st.DrawFn) -> list[tuple[dict[str, str], list[object]]]:
    batches = []
    for b in range(draw(st.integers(1, 6))):
        texts = draw(st.lists(_any_text, min_size=0, max_size=4))
        sources = {f"b{b}m{i}": t for i, t in enumerate(texts)}
        ids = sorted(sources) + ["nowhere"]
        ops: list[object] = []
        for _ in range(draw(st.integers(0, 8))):
            kind = draw(st.sampled_from(["add", "update", "resolve", "remove"]))
            cite = tuple(draw(st.lists(st.sampled_from(ids), max_size=3)))
            # Text either from a source (grounded) or made up (the guard must refuse it).
            text = draw(st.one_of(st.sampled_from(texts or [""]), _any_text))
            target = f"i{draw(st.integers(0, 15))}"
            prio = draw(st.one_of(st.none(), st.integers(-100, 100)))
            if kind == "add":
                ops.append(AddItem(draw(st.sampled_from(FIELDS)), text, cite, prio))
            elif kind == "update":
                ops.append(UpdateItem(target, text, cite, prio))
            elif kind == "resolve":
                ops.append(ResolveQuestion(target, cite, draw(st.sampled_from(["", text]))))
            else:
                ops.append(RemoveItem(target))
        batches.append((sources, ops))
    return batches


@FUZZ
@given(batches=_batches(), cap=st.integers(0, 600))
def test_summary_merge_keeps_items_and_the_cap(batches, cap: int) -> None:  # type: ignore[no-untyped-def]
    counter = default_counter()
    state = SummaryState()
    for sources, ops in batches:
        before = {i.id: i for i in state.items}
        removed = {op.item_id for op in ops if isinstance(op, RemoveItem)}
        handed: list = []
        result = apply_ops(state, ops, sources, on_evict=handed.extend)
        state = result.state
        after = {i.id for i in state.items}
        assert set(before) - removed <= after, "an item vanished without a remove"
        assert set(before) - after <= {i.id for i in handed}, "a removed item was not handed on"
        for item in state.items:
            assert 0 <= item.priority <= 5 and item.field in FIELDS
        # Resolving keeps the question: it is marked, not removed.
        for op in ops:
            if isinstance(op, ResolveQuestion) and op.item_id in before and op.item_id not in removed:
                assert op.item_id in after
        evicted: list = []
        capped = enforce_cap(state, cap=cap, counter=counter, on_evict=evicted.extend)
        assert counter.count(render_summary(capped.state)) <= cap or not capped.state.items
        kept = {i.id for i in capped.state.items}
        assert {i.id for i in state.items} - kept <= {i.id for i in evicted}, "an item left the cap silently"
        changed = {i.id for i in capped.state.items if state.get(i.id) != i}
        assert changed <= {i.id for i in evicted}, "a condensed item's original was not handed on"
        state = capped.state
