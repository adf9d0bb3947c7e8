"""Issue 16 in the rolling summary: a pasted document leaves one pointer item (not its body),
and relative dates are written into summarised text resolved ("yesterday (7 May 2023)")."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from threadkeep.engine.window import summary_state
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.pasted import is_pointer, pointer_text
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import afold_summary, fold_message, fold_summary
from threadkeep.memory.summary.items import SummaryState, render_summary
from threadkeep.memory.summary.model import ModelSummariser

AT = datetime(2023, 5, 8, 14, 30)
BODY_SENTENCE = "Clause 4 of the Atlas agreement: the supplier is paid within 45 days of delivery."
DOC = "# Atlas supply agreement\n\n" + " ".join([BODY_SENTENCE] * 60)
JA_DOC = "松本工場の議事録\n" + "会議ではアトラス社との契約と予算について話し合いました。" * 80
RU_DOC = "Договор поставки «Атлас»\n\n" + "Поставщик получает оплату в течение 45 дней после поставки. " * 60


def _chat(doc: str) -> list:
    return [
        fold_message("m1", "user", "Marina approved the budget of 120k euros yesterday.", AT),
        fold_message("m2", "user", doc, AT),
        fold_message("m3", "assistant", "Got it, I have the agreement.", AT),
    ]


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        (DOC, "Document pasted 8 May 2023: Atlas supply agreement, ~900 words — indexed, ask to recall it"),
        (RU_DOC, "Document pasted 8 May 2023: Договор поставки «Атлас», ~540 words — indexed, ask to recall it"),
        (JA_DOC, "Document pasted 8 May 2023: 松本工場の議事録, ~2200 characters — indexed, ask to recall it"),
    ],
)
def test_extractive_fold_keeps_a_pointer_not_the_body(doc: str, expected: str) -> None:
    state = fold_summary(SummaryState(), _chat(doc), summariser=ExtractiveSummariser()).state
    pointers = [i for i in state.items if is_pointer(i.text)]
    assert [p.text for p in pointers] == [expected]
    assert pointers[0].source_ids == ("m2",) and pointers[0].field == "context"
    text = render_summary(state)
    assert "45" not in text  # nothing of the body beyond its title
    assert "Marina approved the budget" in text  # the chat around it is summarised as before


def test_pointer_survives_later_folds_and_chat_about_the_same_subject() -> None:
    state = fold_summary(SummaryState(), _chat(DOC), summariser=ExtractiveSummariser()).state
    later = [
        fold_message(f"n{i}", "user", f"Update: the Atlas agreement now says {30 + i} days, Marina changed it.", AT)
        for i in range(5)
    ]
    state = fold_summary(state, later, summariser=ExtractiveSummariser()).state
    assert any(i.text.startswith("Document pasted 8 May 2023: Atlas supply agreement") for i in state.items)


def test_document_without_a_date_still_gets_a_grounded_pointer() -> None:
    # Callers that build plain (id, role, text) messages: the header is added at the fold.
    from threadkeep.memory.summary.items import SourceMessage

    state = fold_summary(SummaryState(), [SourceMessage("d", "user", DOC)], summariser=ExtractiveSummariser()).state
    assert [i.text for i in state.items] == [pointer_text(DOC)]
    assert state.items[0].text.startswith("Document pasted: Atlas supply agreement, ~900 words")


async def test_model_fold_keeps_the_pointer_and_drops_a_summary_of_the_body() -> None:
    answer = {
        "language": "English",
        "ops": [
            {
                "op": "add",
                "field": "numbers",
                "text": "Marina approved the budget of 120k euros.",
                "sources": ["m1"],
                "priority": 5,
            },
            # The model summarises the body anyway: dropped, the pointer stands instead.
            {
                "op": "add",
                "field": "numbers",
                "text": "Atlas pays within 45 days of delivery.",
                "sources": ["m2"],
                "priority": 4,
            },
        ],
    }
    model = ScriptedModel([json.dumps(answer)])
    summariser = ModelSummariser(model)
    result = await afold_summary(SummaryState(), _chat(DOC), summariser=summariser)
    assert result.method == "model" and result.fallback is None
    texts = [i.text for i in result.state.items]
    assert texts == [
        "Marina approved the budget of 120k euros.",
        "Document pasted 8 May 2023: Atlas supply agreement, ~900 words — indexed, ask to recall it",
    ]
    prompt = model.calls[0].messages[0].text
    system = model.calls[0].system
    # The model reads the header and the opening of the document, not its whole body.
    assert "[m2] user (8 May 2023): [Document pasted 8 May 2023, ~900 words]\n# Atlas supply agreement" in prompt
    assert prompt.count(BODY_SENTENCE) <= 5
    assert "Document pasted" in system and "yesterday (7 May 2023)" in system


async def test_model_fold_that_forgets_the_document_still_gets_its_pointer() -> None:
    model = ScriptedModel([json.dumps({"language": "日本語", "ops": []})])
    result = await afold_summary(SummaryState(), _chat(JA_DOC), summariser=ModelSummariser(model))
    assert [i.text for i in result.state.items] == [
        "Document pasted 8 May 2023: 松本工場の議事録, ~2200 characters — indexed, ask to recall it"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Marina took over as tech lead yesterday.", "Marina took over as tech lead yesterday (7 May 2023)."),
        ("The Atlas release moved to next Friday.", "The Atlas release moved to next Friday (12 May 2023)."),
        ("Вчера Борис утвердил бюджет 120 тыс. евро.", "Вчера (7 May 2023) Борис утвердил бюджет 120 тыс. евро."),
        (
            "На прошлой неделе Олег подписал договор с Атласом.",
            "На прошлой неделе (week of 1 May 2023) Олег подписал договор с Атласом.",
        ),
        (
            "昨日、田中さんがリリースを来週の金曜日に延期しました。",
            "昨日 (7 May 2023)、田中さんがリリースを来週の金曜日 (19 May 2023)に延期しました。",
        ),
    ],
)
def test_extractive_summary_carries_resolved_dates(text: str, expected: str) -> None:
    state = fold_summary(
        SummaryState(), [fold_message("m1", "user", text, AT)], summariser=ExtractiveSummariser()
    ).state
    assert [i.text for i in state.items] == [expected]


async def test_model_fold_sees_resolved_dates_and_may_cite_them() -> None:
    msgs = [fold_message("m1", "user", "Я вчера подписала договор с Атласом.", AT)]
    answer = {
        "language": "Russian",
        "ops": [
            {
                "op": "add",
                "field": "decisions",
                "priority": 4,
                "text": "Договор с Атласом подписан 7 May 2023.",
                "sources": ["m1"],
            }
        ],
    }
    model = ScriptedModel([json.dumps(answer)])
    result = await afold_summary(SummaryState(), msgs, summariser=ModelSummariser(model))
    assert "вчера (7 May 2023)" in model.calls[0].messages[0].text
    # Grounded: the resolved date is in the folded text, so the item is accepted.
    assert [i.text for i in result.state.items] == ["Договор с Атласом подписан 7 May 2023."]


def test_fold_message_leaves_text_without_dates_unchanged_and_marks_documents_once() -> None:
    assert fold_message("a", "user", "Nothing relative here.", AT).text == "Nothing relative here."
    once = fold_message("d", "user", DOC, AT)
    assert once.text.startswith("[Document pasted 8 May 2023, ~900 words]\n# Atlas")
    assert fold_message("d", "user", once.text, AT).text == once.text


async def test_engine_fold_writes_dates_and_a_dated_pointer(backend, settings) -> None:
    """Through the engine on real storage: the fold job reads messages with their timestamps."""
    import re

    from threadkeep.llm.scripted import ScriptedModel as Model

    from .helpers import open_memory, unique_user

    url, key = backend
    from threadkeep.store.models import Conversation

    m = open_memory(url, key, settings, Model(responder=lambda r: "Noted."))
    try:
        user = unique_user()
        r = await m.send("Yesterday Marina took over as tech lead on Borealis.", user=user)
        cid = r.conversation_id
        notes = "Borealis design notes\n\n" + "The ingest service writes every event to the queue first. " * 60
        await m.send(notes, user=user, conversation_id=cid)
        for i in range(30):
            await m.send(f"small talk number {i}", user=user, conversation_id=cid)
            await m.drain_jobs()
        with m.db.session() as s:
            conv = s.get(Conversation, cid)
            assert conv.summary_cursor >= 4
            text = render_summary(summary_state(s, m.vault, conv))
    finally:
        await m.close()
    assert re.search(r"Yesterday \(\d{1,2} [A-Z][a-z]+ \d{4}\) Marina took over", text), text
    assert re.search(
        r"Document pasted \d{1,2} [A-Z][a-z]+ \d{4}: Borealis design notes, ~600 words "
        r"— indexed, ask to recall it",
        text,
    ), text
    assert "queue first" not in text
