"""Folding policy invariants and the model summariser with its extractive fallback."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from threadkeep.errors import ConfigError, ProviderServerError
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import FoldPolicy, afold_summary, fold_range, fold_summary
from threadkeep.memory.summary.items import AddItem, SourceMessage, SummaryState, render_summary
from threadkeep.memory.summary.model import ModelSummariser, parse_ops

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def test_defaults_and_first_fold() -> None:
    assert fold_range(30, 0) is None
    r = fold_range(31, 0)
    assert r is not None and (r.first, r.last) == (1, 15)
    assert fold_range(31, 15) is None


def test_config_is_checked() -> None:
    with pytest.raises(ConfigError, match="at least 12"):
        FoldPolicy(tail=8)
    with pytest.raises(ConfigError, match="larger than the tail"):
        FoldPolicy(threshold=16, tail=16)


@settings(max_examples=150, deadline=None)
@given(
    threshold=st.integers(13, 60),
    extra_tail=st.integers(0, 20),
    batch=st.one_of(st.none(), st.integers(1, 40)),
    events=st.lists(st.sampled_from(["msg", "msg", "msg", "fold", "fail", "race"]),
                    max_size=300),
)
def test_folds_cover_each_message_once_and_never_the_tail(
    threshold: int, extra_tail: int, batch: int | None, events: list[str]
) -> None:
    tail = max(12, min(threshold - 1, 12 + extra_tail))
    policy = FoldPolicy(threshold=threshold, tail=tail, max_batch=batch)
    n = cursor = 0
    folded: list[int] = []
    for ev in events:
        if ev == "msg":
            n += 1
            continue
        rng = fold_range(n, cursor, policy)
        if rng is None:
            continue
        assert rng.first == cursor + 1            # contiguous: no gap, no overlap
        assert rng.last <= n - tail               # the tail is never folded
        assert n - rng.last >= 12                 # the last 12 are always verbatim
        if ev == "fail":
            continue                              # a failed fold leaves the cursor
        if ev == "race":
            # Two turns computed the same range; only the one that advances the cursor
            # from the value it read may commit (the engine's compare-and-set).
            other = fold_range(n, cursor, policy)
            assert other == rng
        folded.extend(range(rng.first, rng.last + 1))
        cursor = rng.last
    assert folded == list(range(1, cursor + 1))   # each message exactly once, in order
    # Whatever happened, catching up leaves at most `threshold` messages verbatim.
    while (rng := fold_range(n, cursor, policy)) is not None:
        cursor = rng.last
    assert n - cursor <= threshold


MSGS = [
    SourceMessage("m1", "user", "We decided to go with Postgres for billing."),
    SourceMessage("m2", "assistant", "Noted."),
    SourceMessage("m3", "user", "Priya is the tech lead on Atlas."),
]


async def test_model_ops_are_used_when_valid() -> None:
    answer = {"ops": [{"op": "add", "field": "decisions", "text": "Postgres for billing.",
                       "sources": ["m1"], "priority": 5},
                      {"op": "add", "field": "participants", "text": "Priya leads Atlas.",
                       "sources": ["m3"]}]}
    model = ScriptedModel([json.dumps(answer)])
    summariser = ModelSummariser(model, temperature=0.1)
    result = await afold_summary(SummaryState(), MSGS, summariser=summariser)
    model.assert_done()
    assert summariser.last_fallback is None
    assert [i.text for i in result.state.items] == ["Postgres for billing.", "Priya leads Atlas."]
    request = model.calls[0]
    assert request.temperature is not None and 0.0 <= request.temperature <= 0.2
    assert "[m1] user: We decided" in request.messages[0].text


@pytest.mark.parametrize("step", [
    Step(text="Sure! Here is the summary: Postgres."),                       # not JSON
    Step(text='{"ops": [{"op": "update", "item": "i99", "text": "x", "sources": ["m1"]}]}'),
    Step(text='{"ops": [{"op": "add", "field": "moods", "text": "x", "sources": ["m1"]}]}'),
    Step(text='{"ops": [{"op": "add", "field": "decisions", "text": "x", "sources": ["m7"]}]}'),
    Step(error=ProviderServerError("boom", provider="scripted", status=503)),
])
async def test_any_failure_falls_back_to_extractive(step: Step) -> None:
    model = ScriptedModel([step])
    summariser = ModelSummariser(model)
    result = await afold_summary(SummaryState(), MSGS, summariser=summariser)
    expected = fold_summary(SummaryState(), MSGS, summariser=ExtractiveSummariser())
    assert summariser.last_fallback is not None
    assert render_summary(result.state) == render_summary(expected.state)


async def test_hallucinated_model_items_are_rejected_not_fatal() -> None:
    answer = {"ops": [{"op": "add", "field": "participants", "text": "Marcus leads Atlas.",
                       "sources": ["m3"]}]}
    model = ScriptedModel([json.dumps(answer)])
    result = await afold_summary(SummaryState(), MSGS, summariser=ModelSummariser(model))
    assert result.state.items == ()
    assert result.rejected and "grounded" in result.rejected[0][1]


def test_parse_ops_accepts_fenced_json() -> None:
    text = '```json\n{"ops": [{"op": "add", "field": "context", "text": "t", "sources": ["m1"]}]}\n```'
    ops = parse_ops(text, SummaryState(), ["m1"])
    assert ops == [AddItem("context", "t", ("m1",), None)]


def test_temperature_is_bounded() -> None:
    with pytest.raises(ValueError):
        ModelSummariser(ScriptedModel(), temperature=0.7)
