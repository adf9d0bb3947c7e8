"""The scripted model a served process uses keeps a bounded record of its calls.

Each request holds the whole window it was sent; a scripted model serving a long run (the
``scripted`` provider, the load and API benchmarks) that kept every one grew the process
without end. Tests that read ``calls`` keep the default: every call.
"""

from __future__ import annotations

import pytest

from threadkeep.llm.base import TextDelta
from threadkeep.llm.registry import build_model
from threadkeep.llm.scripted import SERVED_SCRIPTED_CALLS, ScriptedModel, UnexpectedCall
from threadkeep.messages import ChatMessage, ModelRequest, Segment


def _request(i: int) -> ModelRequest:
    return ModelRequest(system="s", segments=(Segment("history", (ChatMessage.user(f"message {i}"),)),))


async def _answer(model: ScriptedModel, i: int) -> str:
    return "".join([e.text async for e in model.stream(_request(i)) if isinstance(e, TextDelta)])


async def test_served_scripted_model_keeps_only_recent_calls() -> None:
    model = build_model("scripted", env={})
    assert isinstance(model, ScriptedModel)
    n = 5 * SERVED_SCRIPTED_CALLS + 7
    for i in range(n):
        assert await _answer(model, i) == f"(scripted) message {i}"
    assert model.call_count == n
    assert SERVED_SCRIPTED_CALLS <= len(model.calls) <= 2 * SERVED_SCRIPTED_CALLS
    # The kept calls are the latest, in order.
    kept = [c.messages[-1].text for c in model.calls]
    assert kept == [f"message {i}" for i in range(n - len(kept), n)]


async def test_default_keeps_every_call_and_counts_the_unexpected_one() -> None:
    model = ScriptedModel(["a"] * 250)
    for i in range(250):
        await _answer(model, i)
    assert len(model.calls) == model.call_count == 250
    with pytest.raises(UnexpectedCall, match="#251"):
        await _answer(model, 250)


def test_keep_calls_must_keep_at_least_one() -> None:
    with pytest.raises(ValueError, match="keep_calls"):
        ScriptedModel(keep_calls=0)
