"""OpenAI-compatible Chat Completions adapter (``POST {base_url}/chat/completions``).

One wire format serves OpenAI itself and the local servers that copy it (vLLM, Ollama,
llama.cpp server). Their differences are a few switches, collected per server in
:data:`PRESETS`:

- ``max_tokens_field``: OpenAI deprecated ``max_tokens`` for ``max_completion_tokens`` (its
  reasoning models refuse the old name); the local servers document ``max_tokens``.
- ``send_cache_key``: ``prompt_cache_key`` routes a conversation's requests to the same cache
  on OpenAI. Local servers do not know the field, and a strict one may refuse it, so it is off
  for them unless configured.
- ``cache_retention``: ``prompt_cache_retention: "24h"`` (OpenAI's extended retention: a
  cached prefix lives up to 24 h instead of minutes) for the models that accept it — the
  table (:func:`extended_retention_models`) is data (``llm/data/openai_prompt_cache.json``). ``auto``
  (the default) sends it for a listed model on OpenAI only; ``24h`` / ``in_memory`` always
  send that value; ``off`` never sends the field. A model sent ``24h`` is told to the cache
  planner (``Capabilities.automatic_ttl_s``), so a pause of minutes no longer counts as cold.

Rendering (:func:`render_request`): the system prompt first as a ``system`` message; assistant
tool calls as ``tool_calls`` with JSON-string arguments; each tool result as a ``tool``
message with its ``tool_call_id``; tools as ``{"type": "function", "function": {...}}``;
``stream_options: {"include_usage": true}`` so the last chunk carries usage with
``prompt_tokens_details.cached_tokens``; a structured answer (``request.output``) as each
server's own field (:func:`structured_fields`). Decoding is
:class:`~threadkeep.llm.openai_stream.ChunkDecoder`.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

import httpx

from threadkeep.errors import (
    ConfigError,
)
from threadkeep.llm._http import (
    DEFAULT_TIMEOUT,
    HttpChatModel,
    decode_sse,
    post_stream,
)
from threadkeep.llm.base import (
    Capabilities,
    StreamEvent,
)
from threadkeep.llm.openai_stream import ChunkDecoder
from threadkeep.llm.retry import RetryPolicy
from threadkeep.llm.schema import strict_schema
from threadkeep.messages import (
    ModelRequest,
    OutputSpec,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    canonical_json,
)
from threadkeep.tokens import counter_for

__all__ = [
    "Preset",
    "PRESETS",
    "OpenAIRendering",
    "render_request",
    "structured_fields",
    "StructuredStyle",
    "OpenAICompatibleModel",
    "CacheRetention",
    "CACHE_RETENTIONS",
    "extended_retention_models",
    "retention_for",
]

MaxTokensField = Literal["max_tokens", "max_completion_tokens"]
# How a server is asked for a structured answer (see :func:`structured_fields`).
StructuredStyle = Literal["response_format", "ollama", "llamacpp"]
CacheRetention = Literal["auto", "24h", "in_memory", "off"]
CACHE_RETENTIONS: tuple[str, ...] = ("auto", "24h", "in_memory", "off")


@dataclass(frozen=True, slots=True)
class Preset:
    """What differs between OpenAI-compatible servers."""

    provider: str
    base_url: str
    max_tokens_field: MaxTokensField = "max_tokens"
    send_cache_key: bool = False
    # Env var holding the key; ``key_required`` servers refuse to start without it.
    key_env: str = "THREADKEEP_LLM_API_KEY"
    key_required: bool = False
    capabilities: Capabilities = field(default_factory=Capabilities)
    # ``auto``: extended retention for the models of EXTENDED_RETENTION (OpenAI itself only).
    cache_retention: CacheRetention = "off"
    structured: StructuredStyle = "response_format"


_OPENAI_CAPS = Capabilities(
    cache_style="automatic",
    # OpenAI keeps cached prefixes for minutes of inactivity (up to an hour off-peak);
    # there is no TTL to choose, so none is listed.
    cache_ttls=(),
    min_cacheable_tokens=1024,
    max_breakpoints=0,
    allows_zero_max_tokens=False,
    context_window=128_000,
    tokenizer="openai",
)
# Local servers reuse the KV cache of the longest common prefix (vLLM automatic prefix
# caching, llama.cpp slot reuse, Ollama's loaded context). They have no minimum we can rely on.
_LOCAL_CAPS = Capabilities(
    cache_style="automatic",
    cache_ttls=(),
    min_cacheable_tokens=0,
    max_breakpoints=0,
    allows_zero_max_tokens=False,
    context_window=8_192,
)

# Local servers default to 8001, not their own documented 8000 (vLLM's ``vllm serve``), which
# is threadkeep's own port: run vLLM with ``--port 8001`` (docs/PROVIDERS.md).
LOCAL_SERVER_PORT = 8001
PRESETS: dict[str, Preset] = {
    "openai": Preset(
        "openai",
        "https://api.openai.com/v1",
        "max_completion_tokens",
        send_cache_key=True,
        key_env="OPENAI_API_KEY",
        key_required=True,
        capabilities=_OPENAI_CAPS,
        cache_retention="auto",
    ),
    "ollama": Preset("ollama", "http://127.0.0.1:11434/v1", capabilities=_LOCAL_CAPS, structured="ollama"),
    "llamacpp": Preset("llamacpp", "http://127.0.0.1:8080/v1", capabilities=_LOCAL_CAPS, structured="llamacpp"),
    "vllm": Preset("vllm", f"http://127.0.0.1:{LOCAL_SERVER_PORT}/v1", capabilities=_LOCAL_CAPS),
    "openai-compatible": Preset(
        "openai-compatible", f"http://127.0.0.1:{LOCAL_SERVER_PORT}/v1", capabilities=_LOCAL_CAPS
    ),
}


@dataclass(frozen=True, slots=True)
class _RetentionTable:
    models: frozenset[str]
    only_24h: frozenset[str]
    ttl_s: int


@lru_cache(maxsize=1)
def _retention_table() -> _RetentionTable:
    raw = json.loads(
        resources.files("threadkeep.llm").joinpath("data/openai_prompt_cache.json").read_text(encoding="utf-8")
    )
    return _RetentionTable(
        frozenset(raw["extended_retention"]), frozenset(raw["only_24h"]), int(raw["extended_retention_ttl_s"])
    )


_SNAPSHOT = re.compile(r"-\d{4}-\d{2}-\d{2}$")


def _listed(model: str, names: frozenset[str]) -> bool:
    return model in names or _SNAPSHOT.sub("", model) in names


def extended_retention_models() -> frozenset[str]:
    """The models that accept ``prompt_cache_retention: "24h"`` (from the data file)."""
    table = _retention_table()
    return table.models | table.only_24h


def retention_for(model: str, setting: CacheRetention) -> str | None:
    """The ``prompt_cache_retention`` to send for ``model`` under ``setting`` (None: omit it)."""
    if setting not in CACHE_RETENTIONS:
        raise ConfigError(f"OpenAI cache retention must be one of {', '.join(CACHE_RETENTIONS)}, not {setting!r}")
    if setting == "off":
        return None
    if setting != "auto":
        return setting
    return "24h" if _listed(model, extended_retention_models()) else None


# --------------------------------------------------------------------------- rendering


@dataclass(frozen=True, slots=True)
class OpenAIRendering:
    """The body and, per cacheable block (each tool, then each message), its segment name."""

    body: dict[str, Any]
    block_segments: tuple[str, ...]

    def to_bytes(self) -> bytes:
        """The exact bytes sent on the wire."""
        return canonical_json(self.body).encode("utf-8")


def render_request(
    request: ModelRequest,
    model: str,
    *,
    max_tokens_field: MaxTokensField = "max_tokens",
    send_cache_key: bool = False,
    include_usage: bool = True,
    cache_retention: str | None = None,
    structured: StructuredStyle = "response_format",
) -> OpenAIRendering:
    """Render ``request`` into a Chat Completions body for ``model``."""
    messages: list[dict[str, Any]] = []
    segments: list[str] = []
    if request.system:
        messages.append({"role": "system", "content": request.system})
        segments.append("system")
    for segment in request.segments:
        for message in segment.messages:
            for wire in _render_message(message.role, message.parts):
                messages.append(wire)
                segments.append(segment.name)

    body: dict[str, Any] = {"model": model, "messages": messages, "stream": True, max_tokens_field: request.max_tokens}
    if include_usage:
        body["stream_options"] = {"include_usage": True}
    if request.tools:
        body["tools"] = [
            {"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.parameters}}
            for t in request.tools
        ]
    if request.tool_choice is not None:
        choice = request.tool_choice
        body["tool_choice"] = (
            {"type": "function", "function": {"name": choice.name}} if choice.mode == "tool" else choice.mode
        )
    for name, value in (("temperature", request.temperature), ("top_p", request.top_p), ("stop", list(request.stop))):
        if value is not None and value != []:  # the client's sampling settings, when it gave them
            body[name] = value
    if send_cache_key and request.cache_key:
        body["prompt_cache_key"] = request.cache_key
    if cache_retention is not None:
        body["prompt_cache_retention"] = cache_retention
    if request.output is not None:
        body.update(structured_fields(request.output, structured))
    tool_blocks = ["tools"] * len(request.tools)
    return OpenAIRendering(body, tuple(tool_blocks + segments))


def structured_fields(output: OutputSpec, style: StructuredStyle) -> dict[str, Any]:
    """The body fields that ask for ``output`` as a JSON value of its schema.

    - ``response_format``: OpenAI's structured outputs, ``{"type": "json_schema",
      "json_schema": {"name", "schema", "strict": true}}`` — also what vLLM reads;
    - ``ollama``: the same ``response_format`` (Ollama's OpenAI layer hands its schema to the
      native grammar) and Ollama's own ``format: <schema>``;
    - ``llamacpp``: llama.cpp server's own ``json_schema: <schema>``.

    The schema is made strict-compatible once (:func:`~threadkeep.llm.schema.strict_schema`), so
    every server gets the same one.
    """
    schema = strict_schema(output.schema)
    spec: dict[str, Any] = {"name": output.name, "schema": schema, "strict": True}
    if output.description:
        spec["description"] = output.description
    response_format = {"type": "json_schema", "json_schema": spec}
    if style == "llamacpp":
        return {"json_schema": schema}
    if style == "ollama":
        return {"response_format": response_format, "format": schema}
    return {"response_format": response_format}


def _render_message(role: str, parts: tuple[Any, ...]) -> list[dict[str, Any]]:
    """One stored message as one or more wire messages (tool results are their own)."""
    texts = [p.text for p in parts if isinstance(p, TextPart)]
    calls = [p for p in parts if isinstance(p, ToolCallPart)]
    results = [p for p in parts if isinstance(p, ToolResultPart)]
    out: list[dict[str, Any]] = []
    # Tool results answer the previous assistant message, so they come before any text.
    for r in results:
        content = f"Error: {r.content}" if r.is_error else r.content
        out.append({"role": "tool", "tool_call_id": r.call_id, "content": content})
    text = "".join(texts)
    if role == "assistant" and calls:
        out.append(
            {
                "role": "assistant",
                # The API wants null, not "", for an assistant turn that only calls tools.
                "content": text or None,
                "tool_calls": [
                    {
                        "id": c.call_id,
                        "type": "function",
                        "function": {"name": c.name, "arguments": canonical_json(c.arguments)},
                    }
                    for c in calls
                ],
            }
        )
    elif text or not results:
        out.append({"role": role, "content": text})
    return out


# --------------------------------------------------------------------------- client


class OpenAICompatibleModel(HttpChatModel):
    """A :class:`~threadkeep.llm.base.ChatModel` for any Chat Completions server."""

    def __init__(
        self,
        model: str,
        *,
        preset: Preset | str = "openai-compatible",
        base_url: str | None = None,
        api_key: str | None = None,
        send_cache_key: bool | None = None,
        max_tokens_field: MaxTokensField | None = None,
        client: httpx.AsyncClient | None = None,
        timeout: httpx.Timeout = DEFAULT_TIMEOUT,
        retry: RetryPolicy | None = None,
        extra_headers: dict[str, str] | None = None,
        capabilities: Capabilities | None = None,
        cache_retention: CacheRetention | None = None,
    ) -> None:
        if isinstance(preset, str):
            if preset not in PRESETS:
                raise ConfigError(
                    f"unknown OpenAI-compatible preset {preset!r}; choose one of {', '.join(sorted(PRESETS))}"
                )
            preset = PRESETS[preset]
        if preset.key_required and not api_key:
            raise ConfigError(f"the {preset.provider} adapter needs an API key: set {preset.key_env}")
        super().__init__(client=client, timeout=timeout, retry=retry, extra_headers=extra_headers)
        self.preset = replace(
            preset,
            base_url=(base_url or preset.base_url).rstrip("/"),
            send_cache_key=preset.send_cache_key if send_cache_key is None else send_cache_key,
            max_tokens_field=max_tokens_field or preset.max_tokens_field,
        )
        self.model = model
        self.name = f"{preset.provider}:{model}"
        # What goes on the wire as prompt_cache_retention (None: the field is not sent).
        self.cache_retention = retention_for(model, cache_retention or preset.cache_retention)
        caps = capabilities or preset.capabilities
        if self.cache_retention == "24h" and caps.cache_style == "automatic":
            caps = replace(caps, automatic_ttl_s=_retention_table().ttl_s)
        self.capabilities = caps
        self._api_key = api_key

    @property
    def base_url(self) -> str:
        """The server's ``/v1`` root."""
        return self.preset.base_url

    def render(self, request: ModelRequest) -> OpenAIRendering:
        """The body this model would send for ``request``."""
        return render_request(
            request,
            self.model,
            max_tokens_field=self.preset.max_tokens_field,
            send_cache_key=self.preset.send_cache_key,
            cache_retention=self.cache_retention,
            structured=self.preset.structured,
        )

    def count_tokens(self, text: str) -> int:
        """The counter the capabilities name: o200k for OpenAI; o200k with a margin for local
        models (their tokenizers differ)."""
        return counter_for(self.capabilities.tokenizer).count(text)

    def _headers(self) -> dict[str, str]:
        headers = {"content-type": "application/json", "accept": "text/event-stream"}
        if self._api_key:
            headers["authorization"] = f"Bearer {self._api_key}"
        headers.update(self._extra_headers)
        return headers

    async def _stream_once(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        provider = self.preset.provider
        url = f"{self.base_url}/chat/completions"
        async with post_stream(
            self._http(), url, content=self.render(request).to_bytes(), headers=self._headers(), provider=provider
        ) as response:
            async for event in decode_sse(response, ChunkDecoder(provider), provider=provider):
                yield event
