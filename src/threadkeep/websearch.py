"""Web search for the ``web_search`` tool: one provider interface, one real implementation.

SearXNG is the implementation: a self-hostable metasearch engine with a documented JSON API
(``GET /search?q=…&format=json``; the instance must have ``json`` in its enabled formats).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import httpx

from threadkeep.errors import ConfigError, ProviderError

__all__ = ["WebResult", "WebSearch", "SearxngSearch", "MAX_WEB_RESULTS"]

MAX_WEB_RESULTS = 5
_TIMEOUT = httpx.Timeout(10.0, connect=5.0)


@dataclass(frozen=True, slots=True)
class WebResult:
    title: str
    url: str
    snippet: str


class WebSearch(Protocol):
    name: str

    async def search(self, query: str, *, limit: int = MAX_WEB_RESULTS) -> list[WebResult]: ...


class SearxngSearch:
    """Queries a SearXNG instance's JSON API."""

    name = "searxng"

    def __init__(self, base_url: str, *, transport: httpx.AsyncBaseTransport | None = None) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ConfigError(f"web search URL must start with http:// or https://, got {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self._transport = transport

    async def search(self, query: str, *, limit: int = MAX_WEB_RESULTS) -> list[WebResult]:
        try:
            async with httpx.AsyncClient(timeout=_TIMEOUT, transport=self._transport) as client:
                resp = await client.get(f"{self.base_url}/search", params={"q": query, "format": "json"})
        except httpx.HTTPError as e:
            raise ProviderError(f"web search failed: {e}", provider=self.name) from e
        if resp.status_code != 200:
            raise ProviderError(
                f"web search answered HTTP {resp.status_code}", provider=self.name, status=resp.status_code
            )
        try:
            items = resp.json().get("results", [])
        except ValueError as e:
            raise ProviderError(
                "web search answered with invalid JSON (is the json format enabled?)", provider=self.name
            ) from e
        out: list[WebResult] = []
        for item in items:
            if not isinstance(item, dict) or not item.get("url"):
                continue
            out.append(
                WebResult(str(item.get("title") or item["url"]), str(item["url"]), str(item.get("content") or "")[:500])
            )
            if len(out) >= limit:
                break
        return out
