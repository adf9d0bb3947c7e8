"""Model specs (``provider:model[@url]``, docs/PROVIDERS.md) read without loading any adapter,
and which model the memory uses for folds, fact extraction and the profile.

Kept apart from :mod:`threadkeep.llm.registry` (which builds the adapters, httpx and all) so
that deciding what to build costs nothing at start-up (tests/test_serve_startup.py).
"""

from __future__ import annotations

from threadkeep.errors import ConfigError
from threadkeep.llm.pricing import models_table

__all__ = ["SPEC_HELP", "EXTRACTIVE", "parse_spec", "memory_model_spec"]

SPEC_HELP = (
    "use one of: anthropic:MODEL, openai:MODEL, ollama:MODEL, llamacpp:default, vllm:MODEL, "
    "openai-compatible:MODEL@http://host:port/v1, scripted, simulator:anthropic, "
    "simulator:openai, offline"
)

# THREADKEEP_FOLD_MODEL=extractive: no model for folds and facts, even with a provider.
EXTRACTIVE = "extractive"


def parse_spec(spec: str) -> tuple[str, str, str | None]:
    """Split a spec into (provider, model, base_url or None)."""
    spec = spec.strip()
    if not spec:
        raise ConfigError(f"the model spec is empty; {SPEC_HELP}")
    provider, _, rest = spec.partition(":")
    provider = provider.strip().lower()
    base_url: str | None = None
    if "@" in rest:
        name, _, url = rest.rpartition("@")
        if url.startswith(("http://", "https://")):
            rest, base_url = name, url
    return provider, rest.strip(), base_url


def memory_model_spec(chat_spec: str, fold_setting: str | None) -> str | None:
    """The model spec folds, fact extraction and the profile use, or None (extractive).

    ``fold_setting`` (``THREADKEEP_FOLD_MODEL``) wins when set; ``extractive`` means none.
    Unset, a provider's chat model brings its small model (``fold_models`` in
    ``llm/data/models.json``: Anthropic → a Haiku model, OpenAI → a mini model; a local or
    OpenAI-compatible server → the chat model itself, with its ``@URL``). Offline, the scripted
    model and the simulator keep the extractive path.
    """
    if fold_setting is not None and fold_setting.strip():
        wanted = fold_setting.strip()
        return None if wanted.lower() == EXTRACTIVE else wanted
    provider, _model, base_url = parse_spec(chat_spec)
    table = models_table().get("fold_models", {})
    assert isinstance(table, dict)
    if provider not in table:
        return None
    small = table[provider]
    if small is None:
        return chat_spec.strip()
    return f"{provider}:{small}" + (f"@{base_url}" if base_url else "")
