"""What a change superseded is decided when the fold runs and stored on the item (issue 38):
the request shows the current value, with the old one named on its line and the day it changed,
and a recalled line of the old message carries what it is now — and the turn computes nothing
about it (test_turn_language.py)."""

from __future__ import annotations

import pytest

from tests.helpers import open_memory, unique_user
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.summary.items import Item, SummaryState, render_summary

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def test_an_updated_item_renders_its_old_value_once() -> None:
    item = Item(
        "i1", "numbers", "The Harwick launch moved to 17 March.", ("m9",), 3, 1, 2, was="3 March", since="9 May 2026"
    )
    assert render_summary(SummaryState((item,), 2, 2)) == (
        "## Numbers and dates\n- The Harwick launch moved to 17 March. (earlier: 3 March; changed 9 May 2026)"
    )


async def test_the_request_shows_the_current_value_with_the_old_one_named(backend, settings) -> None:  # type: ignore[no-untyped-def]
    url, key = backend
    model = ScriptedModel(responder=lambda r: "Noted.")
    memory = open_memory(url, key, settings, model)
    try:
        user = unique_user()
        cid = (await memory.send("The Harwick launch is on 3 March.", user=user)).conversation_id
        for i in range(20):
            await memory.send(f"Filler line {i} about nothing much.", user=user, conversation_id=cid)
        await memory.send("Change of plan: the Harwick launch moved to 17 March.", user=user, conversation_id=cid)
        for i in range(20):
            await memory.send(f"More filler {i}, still nothing.", user=user, conversation_id=cid)
            await memory.drain_jobs()
        await memory.send("When is the launch?", user=user, conversation_id=cid)
        sent = "\n".join(m.text for m in model.calls[-1].messages)
    finally:
        await memory.close()
    # The summary's item names the old value; a recalled line of the old message says what it is now.
    lines = [line for line in sent.splitlines() if "3 March" in line]
    assert any("(earlier: 3 March;" in line for line in lines)
    assert all("17 March" in line for line in lines), lines
