"""Which token counter measures a model's requests is a declared capability of its adapter or
preset, not a guess from the model's name."""

from __future__ import annotations

import pytest

from threadkeep.llm.anthropic import AnthropicModel
from threadkeep.llm.base import ChatModel
from threadkeep.llm.openai import OpenAICompatibleModel
from threadkeep.llm.registry import build_model
from threadkeep.llm.retry import RetryingModel
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.tokens import counter_for

TEXT = "Сколько токенов в этой строке? これは何トークンですか。 How many tokens?"


@pytest.mark.parametrize(
    ("model", "tokenizer"),
    [
        (AnthropicModel("claude-sonnet-4-5", api_key="k"), "anthropic"),
        (OpenAICompatibleModel("gpt-4.1-mini", preset="openai", api_key="k"), "openai"),
        # A local server named like an OpenAI model still counts with the local margin.
        (OpenAICompatibleModel("gpt-4o", preset="vllm"), "local"),
        (OpenAICompatibleModel("claude-imitation", preset="ollama"), "local"),
    ],
)
def test_the_adapter_counts_with_the_tokenizer_it_declares(model: ChatModel, tokenizer: str) -> None:
    assert model.capabilities.tokenizer == tokenizer
    assert model.count_tokens(TEXT) == counter_for(tokenizer).count(TEXT)


def test_a_name_does_not_choose_the_tokenizer() -> None:
    assert ScriptedModel([], name="anthropic:claude-sonnet-4-5").capabilities.tokenizer == "local"
    assert ScriptedModel([], name="openai:gpt-4o").capabilities.tokenizer == "local"


def test_the_registry_and_the_retry_wrapper_keep_it() -> None:
    model = build_model("openai:gpt-4.1-mini", env={"OPENAI_API_KEY": "k"})
    assert model.capabilities.tokenizer == "openai"
    assert RetryingModel(model).capabilities.tokenizer == "openai"
