"""Issue 40: what the offline default quotes besides the person's facts — knowledge passages
only over the relevance floor recall uses, superseded values once and never nested."""

from __future__ import annotations

import os

from tests.helpers import open_memory, unique_user
from threadkeep.crypto import MasterKey
from threadkeep.engine.tools import is_relevant
from threadkeep.memory.offline import OfflineModel

# Every document says "work": a word that common is no evidence of what the person meant.
HANDBOOK = {"Refunds policy": "Customers can ask for a refund within 30 days. Work orders cancelled after "
                              "shipping are not refunded.",
            "Working hours": "Our office hours are nine to five. Work on weekends needs a manager's approval.",
            "Remote work": "You may work from home two days a week. Tell your team where you work from.",
            "Expenses": "Keep receipts for work travel. Claims are paid at the end of the month.",
            "Security": "Lock your screen when you leave your desk at work."}


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
        assert "- (knowledge base [1] Refunds policy (part 1)) Customers can ask for a refund within 30 days." \
            in refund, refund
        assert "Remote work" not in refund and "Working hours" not in refund
    finally:
        await m.close()
