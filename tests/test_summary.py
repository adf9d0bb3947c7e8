"""The structured summary: op merge, grounding, cap with eviction hook, rendering and JSON."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from threadkeep.memory.summary.items import (
    FIELDS,
    AddItem,
    RemoveItem,
    ResolveQuestion,
    SummaryState,
    UpdateItem,
    render_summary,
    summary_from_json,
    summary_to_json,
)
from threadkeep.memory.summary.merge import apply_ops, enforce_cap, is_grounded
from threadkeep.memory.summary.model import FoldAnswer, to_ops
from threadkeep.messages import SourceMessage
from threadkeep.tokens import default_counter

# bpe-openai loads its tables through a deprecated importlib call.
pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

SOURCES = {
    "m1": "We decided to go with Postgres for billing.",
    "m2": "Priya is the tech lead on Atlas.",
    "m3": "The launch deadline is 3 March.",
    "m4": "Update: the launch moved to 17 March.",
    "m5": "Should we self-host the runners?",
    "r1": "Решили взять Kafka для очередей, дедлайн 5 мая.",
    "j1": "田中さんがAtlasのテックリードです。予算は300万円です。",
}


def _state() -> SummaryState:
    ops = [
        AddItem("decisions", "We decided to go with Postgres for billing.", ("m1",), 5),
        AddItem("participants", "Priya is the tech lead on Atlas.", ("m2",), 5),
        AddItem("numbers", "The launch deadline is 3 March.", ("m3",), 5),
        AddItem("questions", "Should we self-host the runners?", ("m5",), 3),
    ]
    result = apply_ops(SummaryState(), ops, SOURCES)
    assert result.rejected == ()
    return result.state


def test_fields_are_in_the_contract_order() -> None:
    assert FIELDS == ("participants", "decisions", "numbers", "questions", "next_steps", "context")
    text = render_summary(_state())
    heads = [line for line in text.splitlines() if line.startswith("## ")]
    assert heads == ["## Participants and roles", "## Decisions", "## Numbers and dates", "## Open questions"]


def test_update_replaces_the_value_and_keeps_both_sources() -> None:
    state = _state()
    deadline = state.in_field("numbers")[0]
    merged = apply_ops(state, [UpdateItem(deadline.id, "The launch moved to 17 March.", ("m4",))], SOURCES).state
    item = merged.get(deadline.id)
    assert item is not None and item.text == "The launch moved to 17 March."
    assert item.source_ids == ("m3", "m4")
    # The old value is named once, as what the update replaced.
    assert item.was == "3 March" and "- The launch moved to 17 March. (earlier: 3 March)" in render_summary(merged)
    assert len(merged.items) == len(state.items)


def test_an_update_that_names_the_old_value_too_still_supersedes_its_messages() -> None:
    # "moved from Priya to Omar" keeps "Priya": nothing is shown as earlier in the summary,
    # but the message that said Priya leads is no longer current, and a recalled line of it
    # says so; a restatement marks nothing.
    from threadkeep.memory.summary.items import changed_messages

    said = {
        "a1": "The tech lead on Atlas is Priya.",
        "a2": "Small change: the Atlas lead moved from Priya to Omar.",
        "a3": "As said, the tech lead on Atlas is Priya.",
    }
    state = apply_ops(SummaryState(), [AddItem("participants", said["a1"], ("a1",))], said).state
    lead = state.items[0].id
    merged = apply_ops(state, [UpdateItem(lead, said["a2"], ("a2",), since="9 May 2026")], said).state
    assert "(earlier:" not in render_summary(merged)
    assert changed_messages(merged) == {"a1": "(later changed: now Omar, since 9 May 2026)"}
    again = apply_ops(state, [UpdateItem(lead, "The tech lead on Atlas is Priya.", ("a3",))], said).state
    assert changed_messages(again) == {}


def test_resolve_and_remove_are_the_only_ways_out() -> None:
    state = _state()
    question = state.in_field("questions")[0]
    gone: list[str] = []
    resolved = apply_ops(state, [ResolveQuestion(question.id, ("m1",))], SOURCES).state
    assert resolved.get(question.id).resolved  # type: ignore[union-attr]
    removed = apply_ops(
        resolved, [RemoveItem(question.id)], SOURCES, on_evict=lambda items: gone.extend(i.id for i in items)
    )
    assert removed.state.get(question.id) is None and gone == [question.id]


def test_ungrounded_items_are_rejected_in_three_languages() -> None:
    bad = [
        AddItem("participants", "Marcus is the tech lead on Atlas.", ("m2",)),  # invented name
        AddItem("numbers", "The launch deadline is 4 March.", ("m3",)),  # invented number
        AddItem("numbers", "Дедлайн 6 мая.", ("r1",)),
        AddItem("numbers", "予算は500万円です。", ("j1",)),
        AddItem("participants", "スズキさんがリードです。", ("j1",)),
        AddItem("decisions", "Went with Postgres.", ("nope",)),  # unknown source
    ]
    good = [
        AddItem("decisions", "Решили взять Kafka для очередей.", ("r1",)),
        AddItem("participants", "田中さんがAtlasのテックリードです。", ("j1",)),
        AddItem("numbers", "予算: 300万円.", ("j1",)),
        AddItem("decisions", "Decided: Postgres for billing.", ("m1",)),  # sentence-start prose
    ]
    result = apply_ops(SummaryState(), [*bad, *good], SOURCES)
    assert [op for op, _ in result.rejected] == bad
    assert len(result.state.items) == len(good)


def test_grounding_accepts_reformatted_numbers() -> None:
    assert is_grounded("Finance approved 120000 euros", ["Finance approved 120 000 euros."])
    assert not is_grounded("Finance approved 130000 euros", ["Finance approved 120 000 euros."])
    assert not is_grounded("Finance approved 12 euros", ["Finance approved 120 euros."])


def test_cap_evicts_low_priority_first_and_hands_items_on() -> None:
    sources = {f"c{i}": f"Kiosk {i} near Gate {i} opened at {i}:00." for i in range(40)}
    sources.update(SOURCES)
    ops = [AddItem("context", sources[f"c{i}"], (f"c{i}",), 1) for i in range(40)]
    state = apply_ops(_state(), ops, sources).state
    handed: list[str] = []
    capped = enforce_cap(state, cap=120, on_evict=lambda items: handed.extend(i.text for i in items))
    assert default_counter().count(render_summary(capped.state)) <= 120
    kept = {i.text for i in capped.state.items}
    assert "We decided to go with Postgres for billing." in kept
    assert "Priya is the tech lead on Atlas." in kept
    assert handed and all(t.startswith("Kiosk") for t in handed)
    assert handed[0] == sources["c0"]  # oldest of the lowest priority leaves first


def test_cap_keeps_what_the_conversation_comes_back_to() -> None:
    # Four older items about Harwick; newer one-off chatter whose places each come up twice.
    topic = [f"Harwick milestone {i} is owned by Team {i}." for i in range(4)]
    chatter = [f"{p} was lovely on trip {i}." for i, p in enumerate(["Galway", "Galway", "Tallinn", "Tallinn"])]
    sources = {f"t{i}": t for i, t in enumerate(topic)} | {f"c{i}": t for i, t in enumerate(chatter)}
    ops = [AddItem("decisions", t, (k,), 3) for k, t in sources.items()]
    state = apply_ops(SummaryState(), ops, sources).state
    full = default_counter().count(render_summary(state))
    handed: list[str] = []
    enforce_cap(state, cap=full - 30, on_evict=lambda items: handed.extend(i.text for i in items))
    # Same priority: the places named twice leave before the subject named four times, though
    # the subject's items are older and were touched first.
    assert handed and all(t in chatter for t in handed)


def test_json_round_trip_is_canonical() -> None:
    state = _state()
    text = summary_to_json(state)
    again = summary_from_json(text)
    assert again == state
    assert summary_to_json(again) == text
    assert render_summary(again) == render_summary(state)


def test_model_operations_become_merge_operations() -> None:
    answer = FoldAnswer.model_validate(
        {
            "language": "English",
            "ops": [
                {"op": "add", "field": "decisions", "text": "x", "sources": ["m1"], "priority": 4},
                {"op": "update", "item": "i1", "text": "y", "sources": ["m2"], "since": ""},
                {"op": "resolve", "item": "i2", "answer": "z", "sources": ["m3"]},
                {"op": "remove", "item": "i3"},
            ],
        }
    )
    msgs = [
        SourceMessage("m1", "user", "x"),
        SourceMessage("m2", "user", "y", "3 May 2026"),
        SourceMessage("m3", "user", "z"),
    ]
    assert to_ops(answer, [], msgs) == [
        AddItem("decisions", "x", ("m1",), 4),
        UpdateItem("i1", "y", ("m2",), since="3 May 2026"),
        ResolveQuestion("i2", ("m3",), "z"),
        RemoveItem("i3"),
    ]
    # An operation its check refused is dropped, the rest kept.
    assert to_ops(answer, ["ops[0]: refused"], msgs)[0] == UpdateItem("i1", "y", ("m2",), since="3 May 2026")


# ---- properties -------------------------------------------------------------------------------

_WORDS = ["alpha", "beta", "gamma", "delta", "Atlas", "Omar", "42", "7 May"]
_sentences = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=5).map(" ".join)


@st.composite
def _op_batches(draw: st.DrawFn) -> list[tuple[dict[str, str], list[object]]]:
    batches = []
    for b in range(draw(st.integers(1, 5))):
        texts = draw(st.lists(_sentences, min_size=1, max_size=4))
        sources = {f"b{b}m{i}": t for i, t in enumerate(texts)}
        ops: list[object] = []
        for _ in range(draw(st.integers(0, 6))):
            kind = draw(st.sampled_from(["add", "update", "resolve", "remove"]))
            sid = draw(st.sampled_from(sorted(sources)))
            target = f"i{draw(st.integers(1, 12))}"
            if kind == "add":
                ops.append(AddItem(draw(st.sampled_from(FIELDS)), sources[sid], (sid,)))
            elif kind == "update":
                ops.append(UpdateItem(target, sources[sid], (sid,)))
            elif kind == "resolve":
                ops.append(ResolveQuestion(target, (sid,)))
            else:
                ops.append(RemoveItem(target))
        batches.append((sources, ops))
    return batches


@settings(max_examples=60, deadline=None)
@given(_op_batches())
def test_merge_never_loses_an_item_unless_an_op_removes_it(batches) -> None:  # type: ignore[no-untyped-def]
    state = SummaryState()
    for sources, ops in batches:
        before = {i.id for i in state.items}
        removed = {op.item_id for op in ops if isinstance(op, RemoveItem)}
        state = apply_ops(state, ops, sources).state  # type: ignore[arg-type]
        after = {i.id for i in state.items}
        assert before - removed <= after
        # Same state, same bytes — through JSON and back as well.
        assert render_summary(state) == render_summary(summary_from_json(summary_to_json(state)))


def test_long_low_priority_items_are_condensed_before_anything_leaves() -> None:
    long_text = (
        "Kai mentioned that the picnic near the harbour, which 40 people joined, "
        "ran late because the boats were delayed by the wind, and the caterer "
        "forgot the plates, so everyone ate with their hands and laughed about it."
    )
    sources = {**SOURCES, "c1": long_text}
    state = apply_ops(_state(), [AddItem("context", long_text, ("c1",), 1)], sources).state
    full = default_counter().count(render_summary(state))
    handed: list[str] = []
    capped = enforce_cap(state, cap=full - 10, on_evict=lambda items: handed.extend(i.text for i in items))
    assert len(capped.state.items) == len(state.items)  # nothing evicted
    short = [i.text for i in capped.state.items if i.field == "context"][0]
    assert short.endswith("…") and long_text.startswith(short[:-1])
    assert handed == [long_text]  # the details were handed on


def test_re_adding_an_existing_item_does_not_duplicate_it() -> None:
    state = _state()
    again = apply_ops(
        state, [AddItem("decisions", "We decided to go with Postgres for billing.", ("m1",))], {"m1": SOURCES["m1"]}
    ).state
    assert len(again.items) == len(state.items)
