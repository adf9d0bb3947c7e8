"""Build a chat model from a spec string (``THREADKEEP_MODEL``) and the environment.

Spec syntax (``provider:model``; see docs/PROVIDERS.md)::

    anthropic:claude-sonnet-4-5            key from ANTHROPIC_API_KEY
    openai:gpt-4.1-mini                    key from OPENAI_API_KEY
    ollama:llama3.1                        http://127.0.0.1:11434/v1
    llamacpp:default                       http://127.0.0.1:8080/v1 (llama.cpp ignores the name)
    vllm:Qwen/Qwen2.5-7B-Instruct          http://127.0.0.1:8001/v1 (not 8000: threadkeep's own port)
    openai-compatible:MODEL@http://host:port/v1
    ollama:llama3.1@http://gpu-box:11434/v1   any OpenAI-style preset accepts @base_url
    scripted                               echoes, for smoke tests
    simulator:anthropic | simulator:openai  the prefix-cache simulator on the real clock
    simulator:anthropic:claude-haiku-4-5   ... imitating a given model's minimum
                                           (threadkeep.testing, through the ``threadkeep.models``
                                           entry points any installed package may add to)
    offline                                no model at all (the default; memory/offline.py
                                           quotes memory, through the entry point below)

Keys: ``ANTHROPIC_API_KEY``, ``OPENAI_API_KEY``; local servers and ``openai-compatible`` use
``THREADKEEP_LLM_API_KEY`` when it is set (most local servers need none).
``THREADKEEP_LLM_BASE_URL`` overrides the preset's URL (Anthropic's too; a ``@URL`` in the spec
wins); ``THREADKEEP_LLM_SEND_CACHE_KEY=1``
sends ``prompt_cache_key`` to a server that accepts it. ``THREADKEEP_OPENAI_CACHE_RETENTION``
(``auto``, the default: ``"24h"`` extended retention for the OpenAI models that support it;
``24h``, ``in_memory``, ``off``) sets ``prompt_cache_retention``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, cast

from threadkeep.errors import ConfigError
from threadkeep.llm.anthropic import AnthropicModel
from threadkeep.llm.base import ChatModel
from threadkeep.llm.openai import CACHE_RETENTIONS, PRESETS, OpenAICompatibleModel
from threadkeep.llm.scripted import SERVED_SCRIPTED_CALLS, ScriptedModel
from threadkeep.llm.specs import SPEC_HELP, parse_spec

__all__ = ["PLUGIN_GROUP", "build_model"]

# Entry point group of providers other packages offer: ``name = "module:factory"``, where
# ``factory(model, **options)`` returns a ChatModel for the spec ``name:model``.
PLUGIN_GROUP = "threadkeep.models"

_OPENAI_STYLE = ("openai", "ollama", "llamacpp", "vllm", "openai-compatible")
_TRUE = {"1", "true", "yes", "on"}


def build_model(spec: str, *, env: Mapping[str, str] | None = None, **options: Any) -> ChatModel:
    """The :class:`ChatModel` a spec names; ``options`` go to the adapter (client, retry ...).

    A missing key or an unknown provider is a :class:`ConfigError` that says how to fix it.
    """
    env = os.environ if env is None else env
    provider, model, base_url = parse_spec(spec)

    if provider == "scripted":
        return ScriptedModel(responder=_echo, name="scripted", keep_calls=SERVED_SCRIPTED_CALLS)
    if provider == "anthropic":
        if not model:
            raise ConfigError("anthropic needs a model name, e.g. anthropic:claude-sonnet-4-5")
        key = env.get("ANTHROPIC_API_KEY", "")
        if not key:
            raise ConfigError(f"model {spec!r} needs an Anthropic API key: set ANTHROPIC_API_KEY")
        url = base_url or env.get("THREADKEEP_LLM_BASE_URL")
        if url:
            options.setdefault("base_url", _anthropic_root(url))
        return AnthropicModel(model, api_key=key, **options)
    if provider in _OPENAI_STYLE:
        return _openai_style(spec, provider, model, base_url, env, options)
    plugin = _plugin(provider)
    if plugin is not None:
        return plugin(model, **options)
    raise ConfigError(f"unknown model provider {provider!r} in {spec!r}; {SPEC_HELP}")


def _anthropic_root(url: str) -> str:
    """Anthropic's base URL has no ``/v1`` (the adapter adds ``/v1/messages``); accept both."""
    url = url.strip().rstrip("/")
    return url[: -len("/v1")] if url.endswith("/v1") else url


def _openai_style(
    spec: str, provider: str, model: str, base_url: str | None, env: Mapping[str, str], options: dict[str, Any]
) -> ChatModel:
    preset = PRESETS[provider]
    if provider == "llamacpp" and not model:
        model = "default"  # llama.cpp serves the one model it loaded, whatever the name
    if not model:
        raise ConfigError(f"{provider} needs a model name, e.g. {provider}:MODEL; {SPEC_HELP}")
    if provider == "openai-compatible" and not (base_url or env.get("THREADKEEP_LLM_BASE_URL")):
        raise ConfigError(
            f"{spec!r} needs the server URL: openai-compatible:MODEL@http://host:port/v1 or set THREADKEEP_LLM_BASE_URL"
        )
    key = env.get(preset.key_env) or None
    if preset.key_required and not key:
        raise ConfigError(f"model {spec!r} needs an API key: set {preset.key_env}")
    send_key = env.get("THREADKEEP_LLM_SEND_CACHE_KEY")
    options.setdefault("base_url", base_url or env.get("THREADKEEP_LLM_BASE_URL") or None)
    if send_key is not None:
        options.setdefault("send_cache_key", send_key.strip().lower() in _TRUE)
    retention = env.get("THREADKEEP_OPENAI_CACHE_RETENTION")
    if retention is not None and retention.strip():
        value = retention.strip().lower()
        if value not in CACHE_RETENTIONS:
            raise ConfigError(
                f"THREADKEEP_OPENAI_CACHE_RETENTION must be one of {', '.join(CACHE_RETENTIONS)}, not {retention!r}"
            )
        options.setdefault("cache_retention", value)
    return OpenAICompatibleModel(model, preset=preset, api_key=key, **options)


def _plugin(provider: str) -> Callable[..., ChatModel] | None:
    """A provider another installed package offers (entry point group ``threadkeep.models``).

    The provider simulator is one (``threadkeep.testing``, above every layer of the service); a
    team can add its own the same way, without the service importing it.
    """
    for point in entry_points(group=PLUGIN_GROUP, name=provider):
        return cast(Callable[..., ChatModel], point.load())
    return None


def _echo(request: Any) -> str:
    last = next((m.text for m in reversed(request.messages) if m.role == "user"), "")
    return f"(scripted) {last}"
