"""Issue 26: a question never creates or changes a fact, in English, Russian and Japanese —
driven through the whole engine turn (``Memory.send``, the background facts job), on the rules
path (no fold model) and on the model path (a scripted fact model that would happily "update"
the city from anything it is shown)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from threadkeep.engine import people as facts_api
from threadkeep.llm.scripted import ScriptedModel

from .helpers import open_memory, unique_user

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

# (statement, questions about the same slot, the stored value)
CASES = {
    "en": (
        "I live in Montreal.",
        ["Where do I live?", "Do I live in Toronto now?", "Is it true that I live in Toronto?"],
        "Montreal",
    ),
    "ru": ("Я живу в Казани.", ["Где я живу?", "Я живу в Москве?", "Разве я живу в Москве"], "Казань"),
    "ja": (
        "札幌に住んでいます。",
        ["私はどこに住んでいますか？", "東京に住んでいますか？", "私は東京に住んでいるっけ"],
        "札幌",
    ),
}


def _fact_model(seen: list[str]) -> ScriptedModel:
    """A fact model that adds the city from the statement and, shown anything else, updates it
    to the words it was shown — what a careless model does with a question."""

    def answer(req: Any) -> str:
        if (req.metadata or {}).get("purpose") != "fact_extraction":
            return "A person."  # the profile job's request
        prompt = req.segments[0].messages[0].text
        message = prompt.split("<<<\n", 1)[1].rsplit("\n>>>", 1)[0]
        seen.append(message)
        if "f1:" not in prompt:
            for value, said in (("Montreal", "Montreal"), ("Казань", "Казани"), ("札幌", "札幌")):
                if said in message:
                    return json.dumps({"operations": [{"op": "add", "key": "city", "value": value, "said": message}]})
        return json.dumps(
            {"operations": [{"op": "update", "fact": "f1", "value": message, "said": message, "since": ""}]}
        )

    return ScriptedModel(responder=answer)


@pytest.mark.parametrize("path", ["rules", "model"])
@pytest.mark.parametrize("lang", sorted(CASES))
async def test_a_question_through_the_whole_turn_changes_no_fact(backend, settings, lang: str, path: str) -> None:
    url, key = backend
    said, questions, value = CASES[lang]
    seen: list[str] = []
    memory = open_memory(
        url,
        key,
        settings,
        ScriptedModel(responder=lambda r: "Noted."),
        fold_model=_fact_model(seen) if path == "model" else None,
    )
    user = unique_user()
    try:
        first = await memory.send(said, user=user)
        await memory.drain_jobs()
        before = await facts_api.list_facts(memory, user=user, include_retired=True)
        # The model names the slot; the model-free extractor keeps the statement as said.
        assert [f["value"] for f in before] == [value if path == "model" else said]
        history = await facts_api.fact_history(memory, before[0]["id"], user=user)
        for question in questions:
            await memory.send(question, user=user, conversation_id=first.conversation_id)
            await memory.drain_jobs()
        after = await facts_api.list_facts(memory, user=user, include_retired=True)
        assert [(f["key"], f["value"], f["times_seen"]) for f in after] == [
            (f["key"], f["value"], f["times_seen"]) for f in before
        ]
        assert await facts_api.fact_history(memory, after[0]["id"], user=user) == history
        if path == "model":
            # The fact model was shown the statement and never a question.
            assert seen == [said]
    finally:
        await memory.close()
