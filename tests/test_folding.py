"""Folding policy invariants and the model summariser with its extractive fallback."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from threadkeep.errors import ConfigError
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.summary.model import ModelSummariser
from threadkeep.memory.summary.policy import FoldPolicy, fold_range

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
    events=st.lists(st.sampled_from(["msg", "msg", "msg", "fold", "fail", "race"]), max_size=300),
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
        assert rng.first == cursor + 1  # contiguous: no gap, no overlap
        assert rng.last <= n - tail  # the tail is never folded
        assert n - rng.last >= 12  # the last 12 are always verbatim
        if ev == "fail":
            continue  # a failed fold leaves the cursor
        if ev == "race":
            # Two turns computed the same range; only the one that advances the cursor
            # from the value it read may commit (the engine's compare-and-set).
            other = fold_range(n, cursor, policy)
            assert other == rng
        folded.extend(range(rng.first, rng.last + 1))
        cursor = rng.last
    assert folded == list(range(1, cursor + 1))  # each message exactly once, in order
    # Whatever happened, catching up leaves at most `threshold` messages verbatim.
    while (rng := fold_range(n, cursor, policy)) is not None:
        cursor = rng.last
    assert n - cursor <= threshold


def test_temperature_is_bounded() -> None:
    with pytest.raises(ValueError):
        ModelSummariser(ScriptedModel(), temperature=0.7)
