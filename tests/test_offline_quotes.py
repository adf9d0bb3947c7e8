"""Issue 40: what the offline default quotes besides the person's facts — knowledge passages
only over the relevance floor recall uses, superseded values once and never nested."""

from __future__ import annotations

import os

from tests.helpers import open_memory, unique_user
from threadkeep.crypto import MasterKey
from threadkeep.engine.tools import is_relevant
from threadkeep.memory.offline import OfflineModel

# Every document says "work": a word that common is no evidence of what the person meant.
HANDBOOK = {
    "Refunds policy": "Customers can ask for a refund within 30 days. Work orders cancelled after "
    "shipping are not refunded.",
    "Working hours": "Our office hours are nine to five. Work on weekends needs a manager's approval.",
    "Remote work": "You may work from home two days a week. Tell your team where you work from.",
    "Expenses": "Keep receipts for work travel. Claims are paid at the end of the month.",
    "Security": "Lock your screen when you leave your desk at work.",
}


async def test_knowledge_is_quoted_only_over_recalls_floor(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    m = open_memory(f"sqlite:///{tmp_path / 'k.db'}", MasterKey(os.urandom(32), "t"), settings, OfflineModel())
    try:
        for title, text in HANDBOOK.items():
            m.knowledge.add_document(title=title, text=text, public=True)
        user = unique_user()
        told = "I work at Lumen Analytics."
        # Knowledge search alone finds passages for it (close in meaning, sharing "work") …
        assert any(is_relevant(h) for h in m.knowledge.search(told, groups=[], k=6))
        # … but none stands out as recall's floor asks, so the answer quotes none of them.
        answer = (await m.send(told, user=user)).text
        assert "(knowledge base" not in answer, answer
        # A question the handbook answers still gets its passage.
        refund = (await m.send("How long do I have to ask for a refund?", user=user)).text
        assert (
            "- (knowledge base [1] Refunds policy (part 1)) Customers can ask for a refund within 30 days." in refund
        ), refund
        assert "Remote work" not in refund and "Working hours" not in refund
    finally:
        await m.close()


def test_a_value_changed_twice_shows_once_with_the_one_it_replaced() -> None:
    from threadkeep.memory.summary.items import (
        AddItem,
        SummaryState,
        UpdateItem,
        changed_messages,
        render_summary,
    )
    from threadkeep.memory.summary.merge import apply_ops

    said = {
        "m1": "The launch deadline is 9 February.",
        "m2": "The launch deadline moved to 20 February.",
        "m3": "The launch deadline moved again, to 3 March.",
    }
    state = apply_ops(
        SummaryState(), [AddItem("decisions", "The launch deadline is 9 February.", ("m1",))], {"m1": said["m1"]}
    ).state
    item = state.items[0].id
    state = apply_ops(
        state,
        [UpdateItem(item, "The launch deadline is 20 February.", ("m2",), since="5 May 2026")],
        {"m2": said["m2"]},
    ).state
    # A fold model echoes the mark it read in the summary: it is not part of the new text.
    state = apply_ops(
        state,
        [
            UpdateItem(
                item,
                "The launch deadline is 3 March (earlier: 20 February; changed 5 May 2026).",
                ("m3",),
                since="9 May 2026",
            )
        ],
        {"m3": said["m3"]},
    ).state
    line = render_summary(state).split("\n")[1]
    assert (
        line == "- The launch deadline is 3 March. (earlier: 20 February; changed 9 May 2026)"
        or line == "- The launch deadline is 3 March (earlier: 20 February; changed 9 May 2026)"
    ), line
    notes = changed_messages(state)
    # Both old values point at the current one, each once.
    assert notes["m1"] == notes["m2"] == "(later changed: now 3 March, since 9 May 2026)"
    assert all(n.count("(") == 1 for n in notes.values()), notes


def test_a_recalled_old_value_is_not_quoted_beside_its_current_one() -> None:
    from threadkeep.messages import ChatMessage, Segment

    summary = Segment(
        "summary",
        (
            ChatMessage.user(
                "<summary>\n## Decisions\n- The launch deadline is 3 March. (earlier: 20 February; changed 9 May 2026)\n"
                "</summary>"
            ),
        ),
    )
    context = Segment(
        "turn_context",
        (
            ChatMessage.user(
                "<turn_context>\nRecalled:\n"
                "- [2026-05-05] you: The launch deadline moved to 20 February. (later changed: now 3 March, since 9 May 2026)\n"
                "- [2026-05-01] you: The launch party is at the harbour.\n</turn_context>"
            ),
        ),
    )
    answer = OfflineModel().answer("What is the launch deadline?", (summary, context))
    quotes = [line for line in answer.split("\n") if line.startswith("- (")]
    assert quotes[0] == (
        "- (the summary of this conversation) The launch deadline is 3 March. (earlier: 20 February; "
        "changed 9 May 2026)"
    ), answer
    assert not any("later changed" in q for q in quotes), answer  # the old value shows once, named
    assert all(q.count("(earlier:") + q.count("(later changed:") <= 1 for q in quotes)
