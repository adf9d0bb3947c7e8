"""Issue 15, part 1: the budget always fits.

A 16,000-token window and three 42 KB pastes (English, Russian, Japanese — the last larger than
the whole budget) through a real server on loopback: every turn answers 200, every request the
model got counts at most the ceiling, failed turns never reach later requests, and each paste
is found again by recall. The tool round is counted inside the same ceiling.
"""

from __future__ import annotations

import os
import random

import pytest

from tests.conftest_api import start_harness, stop_harness
from threadkeep.config import Settings
from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.context.budget import MemoCounter, request_tokens
from threadkeep.context.compaction import Compactor
from threadkeep.crypto import MasterKey
from threadkeep.engine.tools import ToolRun
from threadkeep.engine.tools import with_tool_round as _with_tool_round
from threadkeep.errors import ProviderServerError
from threadkeep.knowledge.tool import SEARCH_KNOWLEDGE_TOOL
from threadkeep.llm.scripted import Step
from threadkeep.memory.recall.search import recall
from threadkeep.memory.summary.items import SourceMessage
from threadkeep.messages import ToolCallPart
from threadkeep.store import repo
from threadkeep.tokens import counter_for

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

WORDS = (
    "ledger harbour invoice pipeline quarterly turbine orchard vendor compliance shipment "
    "audit forecast warehouse contract clause tariff"
).split()
RU = "договор поставка склад счёт проверка прогноз турбина сад поставщик пошлина".split()
JA = ["倉庫", "契約", "請求書", "監査", "予測", "出荷", "関税", "果樹園", "供給者", "四半期"]


def paste(seed: int, marker: str, vocab: list[str], sep: str = " ", size: int = 42_000) -> str:
    """About ``size`` bytes of numbered lines, with ``marker`` as its first line."""
    rnd = random.Random(seed)
    lines = [f"Document {seed}. {marker}"]
    used = len(lines[0].encode())
    i = 0
    while used < size:
        i += 1
        line = f"{i}. " + sep.join(rnd.choice(vocab) for _ in range(14)) + f" {rnd.randint(1000, 99999)}."
        lines.append(line)
        used += len(line.encode()) + 1
    return "\n".join(lines)


PASTES = [
    ("The zebra code is ALPHA-7 and the harbour budget is 4417 euros.", "zebra code ALPHA-7", WORDS, " "),
    ("Кодовое слово для склада: БЕРЁЗА-8.", "кодовое слово БЕРЁЗА", RU, " "),
    ("倉庫の合言葉はサクラ九です。", "合言葉 サクラ", JA, ""),
]


def test_three_large_pastes_in_a_16k_window_keep_answering(tmp_path, settings: Settings) -> None:
    settings = settings.model_copy(update={"context_window": 16_000, "embeddings": False})
    url = f"sqlite:///{tmp_path / 'b.db'}"
    h = start_harness(url, MasterKey(os.urandom(32), "b"), settings)
    try:
        c, person = h.person()
        counter = h.memory.builder.counter
        ceiling = h.memory.builder.ceiling
        r = c.post("/v1/messages", json={"text": "I will paste three documents; keep them in mind."})
        assert r.status_code == 200, r.text
        cid = r.json()["conversation_id"]
        pasted: list[tuple[str, str]] = []  # (message id, recall query)
        sizes = []
        for seed, (marker, query, vocab, sep) in enumerate(PASTES, start=1):
            text = paste(seed, marker, vocab, sep)
            sizes.append((len(text.encode()), counter.count(text)))
            r = c.post("/v1/messages", json={"text": text, "conversation_id": cid})
            assert r.status_code == 200, r.text[:300]
            pasted.append((r.json()["user_message_id"], query))
            r = c.post("/v1/messages", json={"text": f"What does document {seed} say?", "conversation_id": cid})
            assert r.status_code == 200, r.text[:300]
        assert all(b >= 42_000 for b, _ in sizes)
        assert max(t for _, t in sizes) > ceiling  # one paste is larger than the whole budget
        # A failed turn: stored, failed, and never part of a later request.
        h.model.add(Step(error=ProviderServerError("upstream 502", status=502)))
        failed = c.post("/v1/messages", json={"text": "a question the provider never answered", "conversation_id": cid})
        assert failed.status_code == 502
        r = c.post("/v1/messages", json={"text": "and now?", "conversation_id": cid})
        assert r.status_code == 200, r.text[:300]
        later = h.model.calls[-1]
        assert not any("never answered" in m.text for m in later.messages)
        # The first paste is compacted by now; recall brings back its passage for a question.
        r = c.post("/v1/messages", json={"text": "Remind me: what is the zebra code?", "conversation_id": cid})
        assert r.status_code == 200, r.text[:300]
        report = r.json()["report"]
        assert report["compaction"] is not None
        # Recall found the passage: shown this turn, or already in a recall note of the window
        # (an earlier "What does document 1 say?" recalled it; issue 16's notes keep it cached).
        shown = pasted[0][0] in [x["message_id"] for x in report["recall"] if x["this_conversation"]]
        assert shown or report["recall_note"]["repeated"] > 0, report["recall_note"]
        sent = h.model.calls[-1]
        recalled_text = [
            m.text
            for seg in sent.segments
            if seg.name in ("history", "turn_context")
            for m in seg.messages
            if "<recalled_note>" in m.text or "<turn_context>" in m.text
        ]
        assert any("ALPHA-7" in t for t in recalled_text)

        counted = [request_tokens(call, counter) for call in h.model.calls]
        assert max(counted) <= ceiling, (counted, ceiling)
        shown = [m.text for call in h.model.calls for m in call.messages]
        assert any(t.startswith("[message of ") and "shown in part" in t for t in shown)
        assert "サクラ九" in next(t for t in shown if t.startswith("[message of "))  # its beginning

        with h.memory.db.session() as s:
            uid = repo.find_user(s, name=person).id
        for mid, query in pasted:
            hits = recall(h.memory.db, h.memory.vault, user_id=uid, query=query, embedder=False, token_budget=2000)
            assert mid in [hit.item.message_id for hit in hits], query
        print(f"paste sizes (bytes, tokens): {sizes}; request tokens max {max(counted)} of {ceiling}")
    finally:
        stop_harness(h)


def test_tool_results_are_cut_to_what_the_ceiling_leaves() -> None:
    counter = MemoCounter(counter_for("local"))
    history = tuple(
        SourceMessage(f"m{i}", "user" if i % 2 == 0 else "assistant", f"message {i} " + "word " * 60) for i in range(30)
    )
    ceiling = 3000
    built = assemble(
        TurnInputs(
            system="You are Threadkeep.",
            new_message="What is in the manual?",
            history=history,
            tools=(SEARCH_KNOWLEDGE_TOOL,),
        ),
        ceiling=ceiling - 300,
        counter=counter,
        compactor=Compactor(counter=counter),
    )
    runs = [
        ToolRun(
            ToolCallPart(f"c{i}", "search_knowledge", {"query": "manual"}),
            "\n".join(f"[{i}.{j}] passage about the manual, section {j}" for j in range(800)),
        )
        for i in range(2)
    ]
    before = request_tokens(built.request, counter)
    assert before <= ceiling - 300
    request = _with_tool_round(built.request, "Let me look that up.", runs, ceiling=ceiling, counter=counter)
    total = request_tokens(request, counter)
    assert total <= ceiling, (before, total)
    results = request.segments[-1].messages[1].parts
    assert len(results) == 2 and all("cut here" in r.content for r in results)  # type: ignore[union-attr]
    assert all(counter.count(r.content) > 50 for r in results)  # type: ignore[union-attr]
    # Room for the calls but hardly for results: they say so instead of overflowing.
    tight = _with_tool_round(built.request, "", runs, ceiling=before + 120, counter=counter)
    assert request_tokens(tight, counter) <= before + 120
    assert all(
        r.content.startswith("[result left out") or "cut here" in r.content  # type: ignore[union-attr]
        for r in tight.segments[-1].messages[1].parts
    )
