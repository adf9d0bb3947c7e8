"""Folds and fact extraction through a model's structured output, on both real adapters over faked
provider HTTP (tests/provider_fakes.py): what each provider is asked for, and what becomes of
each way real models get it wrong (issue 38, item 3). Every case ends with valid operations
applied or a recorded fallback; no message is lost and the cursor never passes what was not
folded."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.provider_fakes import FakeProvider, Reply
from tests.test_facts import Person, person  # noqa: F401  (fixture)
from threadkeep.engine.fact_extraction import aextract_and_store
from threadkeep.errors import ProviderError
from threadkeep.llm.anthropic import AnthropicModel
from threadkeep.llm.base import ChatModel
from threadkeep.llm.openai import OpenAICompatibleModel, render_request
from threadkeep.llm.retry import RetryPolicy
from threadkeep.llm.schema import strict_schema
from threadkeep.llm.structured import output_spec
from threadkeep.memory.facts.model import FactAnswer
from threadkeep.memory.summary.extractive import ExtractiveSummariser
from threadkeep.memory.summary.folding import afold_summary, fold_summary
from threadkeep.memory.summary.items import SourceMessage, SummaryState, render_summary
from threadkeep.memory.summary.model import FoldAnswer, ModelSummariser
from threadkeep.messages import ChatMessage, ModelRequest, Segment
from threadkeep.store.base import new_id

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

ADAPTERS = ("openai", "anthropic")


async def _no_sleep(_: float) -> None:
    return None


def adapter(style: str, fake: FakeProvider) -> ChatModel:
    retry = RetryPolicy(max_attempts=1, sleep=_no_sleep)
    if style == "openai":
        return OpenAICompatibleModel(
            "gpt-4.1-mini", preset="openai", api_key="sk-test", client=fake.client(), retry=retry
        )
    return AnthropicModel("claude-haiku-4-5", api_key="sk-ant-test", client=fake.client(), retry=retry)


# -- what each provider is asked for -------------------------------------------------------


def _structured_request() -> ModelRequest:
    return ModelRequest(
        system="s",
        segments=(Segment("new_message", (ChatMessage.user("hi"),)),),
        output=output_spec(FoldAnswer, "summary_operations"),
    )


def test_the_schema_is_strict_everywhere() -> None:
    schema = strict_schema(FoldAnswer.model_json_schema())
    text = json.dumps(schema)
    assert '"oneOf"' not in text and '"default"' not in text and '"discriminator"' not in text

    def check(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == "object":
                assert node["additionalProperties"] is False
                assert sorted(node["required"]) == sorted(node["properties"])
            for value in node.values():
                check(value)
        elif isinstance(node, list):
            for value in node:
                check(value)

    check(schema)


@pytest.mark.parametrize(
    ("preset", "fields"),
    [
        ("openai", {"response_format"}),
        ("vllm", {"response_format"}),
        ("ollama", {"response_format", "format"}),
        ("llamacpp", {"json_schema"}),
    ],
)
def test_openai_style_servers_get_their_own_structured_fields(preset: str, fields: set[str]) -> None:
    body = render_request(
        _structured_request(), "m", structured=OpenAICompatibleModel("m", preset=preset, api_key="k").preset.structured
    ).body
    assert fields <= set(body)
    if "response_format" in fields:
        rf = body["response_format"]
        assert rf["type"] == "json_schema" and rf["json_schema"]["strict"] is True
        assert rf["json_schema"]["name"] == "summary_operations"
    schema = body.get("json_schema") or body.get("format") or body["response_format"]["json_schema"]["schema"]
    assert schema == strict_schema(FoldAnswer.model_json_schema())


async def test_anthropic_is_asked_for_a_forced_tool_call() -> None:
    fake = FakeProvider("anthropic", [Reply({"language": "English", "ops": []})])
    model = adapter("anthropic", fake)
    await afold_summary(SummaryState(), MSGS, summariser=ModelSummariser(model))
    body = fake.requests[0]
    assert body["tool_choice"] == {"type": "tool", "name": "summary_operations"}
    (tool,) = body["tools"]
    assert tool["name"] == "summary_operations" and tool["input_schema"]["properties"]["ops"]
    assert body["temperature"] <= 0.2


# -- the fold path -------------------------------------------------------------------------

MSGS = [
    SourceMessage("m1", "user", "We decided to go with Postgres for billing.", "3 May 2026"),
    SourceMessage("m2", "assistant", "Noted.", "3 May 2026"),
    SourceMessage("m3", "user", "Priya is the tech lead on Atlas.", "3 May 2026"),
]
GOOD = {
    "language": "English",
    "ops": [
        {"op": "add", "field": "decisions", "text": "Postgres for billing.", "sources": ["m1"], "priority": 5},
        {"op": "add", "field": "participants", "text": "Priya leads Atlas.", "sources": ["m3"], "priority": 5},
    ],
}
UNKNOWN_ITEM = {
    "language": "English",
    "ops": [{"op": "update", "item": "i99", "text": "Postgres for billing.", "sources": ["m1"], "since": ""}],
}
UNGROUNDED = {
    "language": "English",
    "ops": [{"op": "add", "field": "participants", "text": "Marcus leads Atlas.", "sources": ["m3"], "priority": 5}],
}
OTHER_LANGUAGE = {
    "language": "English",
    "ops": [{"op": "add", "field": "decisions", "text": "Решили взять Postgres.", "sources": ["m1"], "priority": 5}],
}
EXTRACTIVE = render_summary(fold_summary(SummaryState(), MSGS, summariser=ExtractiveSummariser()).state)
USED = ["- Postgres for billing.", "- Priya leads Atlas."]

# (case, replies, outcome): "model" — the model's valid operations are in the summary;
# "fallback" — the extractive summary, with a reason; "raises" — a provider error the caller
# retries later (nothing merged).
FOLD_CASES = [
    ("valid", [Reply(GOOD)], "model"),
    (
        "prose around the JSON",
        [Reply(text=f"Sure, here you go:\n```json\n{json.dumps(GOOD)}\n```\nAnything else?")],
        "model",
    ),
    ("truncated at max_tokens", [Reply(GOOD, cut=60)], "fallback"),
    ("a refusal", [Reply(refusal="I can't help with that.")], "fallback"),
    ("an unknown item id, repaired", [Reply(UNKNOWN_ITEM), Reply(GOOD)], "model"),
    ("an unknown item id, twice", [Reply(UNKNOWN_ITEM), Reply(UNKNOWN_ITEM)], "fallback"),
    ("a value in no cited message", [Reply(UNGROUNDED), Reply(UNGROUNDED)], "fallback"),
    ("another language than the conversation's", [Reply(OTHER_LANGUAGE), Reply(OTHER_LANGUAGE)], "fallback"),
    ("an empty answer, repaired", [Reply(text=""), Reply(GOOD)], "model"),
    ("an empty answer, twice", [Reply(text=""), Reply(text="")], "fallback"),
    ("a provider error mid-stream", [Reply(GOOD, fail_mid_stream=True)], "raises"),
    ("a timeout", [Reply(timeout=True)], "raises"),
]


@pytest.mark.parametrize("style", ADAPTERS)
@pytest.mark.parametrize(("case", "replies", "outcome"), FOLD_CASES, ids=[c[0] for c in FOLD_CASES])
async def test_fold_model_failures(style: str, case: str, replies: list[Reply], outcome: str) -> None:
    fake = FakeProvider(style, list(replies))
    summariser = ModelSummariser(adapter(style, fake))
    if outcome == "raises":
        with pytest.raises(ProviderError) as err:
            await afold_summary(SummaryState(), MSGS, summariser=summariser)
        assert err.value.retryable
        return
    result = await afold_summary(SummaryState(), MSGS, summariser=summariser)
    assert not fake.replies, "every scripted reply was asked for (a repair round where expected)"
    if outcome == "model":
        assert result.method == "model" and result.fallback is None
        assert render_summary(result.state).splitlines()[1::2] == USED or set(USED) <= set(
            render_summary(result.state).splitlines()
        )
    else:
        assert result.method == "extractive" and result.fallback
        assert render_summary(result.state) == EXTRACTIVE
    assert result.model and result.usage is not None and result.usage.output_tokens > 0
    if len(fake.requests) == 2:  # the repair round sent the problems back, not the person's text
        repair = fake.requests[1]
        last = repair["messages"][-1]
        said = last["content"] if isinstance(last["content"], str) else last["content"][0]["text"]
        assert "could not be used" in said


# -- the fact path -------------------------------------------------------------------------

TEXT = "I work at Lumen Analytics in Bergen."
FACT_GOOD = {
    "operations": [{"op": "add", "key": "employer", "value": "Lumen Analytics", "said": "I work at Lumen Analytics"}]
}
FACT_UNKNOWN = {
    "operations": [
        {"op": "update", "fact": "f9", "value": "Lumen Analytics", "said": "I work at Lumen Analytics", "since": ""}
    ]
}
FACT_UNSAID = {"operations": [{"op": "add", "key": "employer", "value": "Globex", "said": "I work at Globex"}]}
FACT_CASES = [
    ("valid", [Reply(FACT_GOOD)], "model"),
    ("prose around the JSON", [Reply(text="Here: " + json.dumps(FACT_GOOD) + " Done.")], "model"),
    ("truncated at max_tokens", [Reply(FACT_GOOD, cut=40)], "rule"),
    ("a refusal", [Reply(refusal="No.")], "rule"),
    ("an unknown fact alias, repaired", [Reply(FACT_UNKNOWN), Reply(FACT_GOOD)], "model"),
    ("words the message never said", [Reply(FACT_UNSAID), Reply(FACT_UNSAID)], "model-nothing"),
    ("an empty answer, twice", [Reply(text=""), Reply(text="")], "rule"),
    ("a provider error mid-stream", [Reply(FACT_GOOD, fail_mid_stream=True)], "raises"),
    ("a timeout", [Reply(timeout=True)], "raises"),
]


@pytest.fixture
def fact_person(person: Person) -> Iterator[Person]:  # noqa: F811
    yield person


@pytest.mark.parametrize("style", ADAPTERS)
@pytest.mark.parametrize(("case", "replies", "outcome"), FACT_CASES, ids=[c[0] for c in FACT_CASES])
async def test_fact_model_failures(
    fact_person: Person, style: str, case: str, replies: list[Reply], outcome: str
) -> None:
    fake = FakeProvider(style, list(replies))
    model = adapter(style, fake)
    if outcome == "raises":
        with pytest.raises(ProviderError):
            await aextract_and_store(
                fact_person.db,
                fact_person.vault,
                user_id=fact_person.user_id,
                message_id=new_id(),
                text=TEXT,
                model=model,
                embedder=False,
            )
        assert fact_person.facts() == []  # nothing stored; the job runs it again
        return
    result = await aextract_and_store(
        fact_person.db,
        fact_person.vault,
        user_id=fact_person.user_id,
        message_id=new_id(),
        text=TEXT,
        model=model,
        embedder=False,
    )
    assert not fake.replies
    facts = {(f.key, f.value) for f in fact_person.facts()}
    if outcome == "model":
        assert result.method == "model" and facts == {("employer", "Lumen Analytics")}
    elif outcome == "model-nothing":  # the invented value is dropped; nothing else was proposed
        assert result.method == "model" and facts == set()
    else:
        assert result.method == "rule" and result.fallback
        assert [k for k, _ in facts] and all(k.startswith("said:") for k, _ in facts)
    body = fake.requests[0]
    if style == "openai":
        assert body["response_format"]["json_schema"]["name"] == "fact_operations"
        assert body["response_format"]["json_schema"]["strict"] is True
    else:
        assert body["tool_choice"] == {"type": "tool", "name": "fact_operations"}
    assert body["temperature"] == 0.0


def test_fact_schema_names_the_operations() -> None:
    schema = strict_schema(FactAnswer.model_json_schema())
    assert "operations" in schema["properties"]
