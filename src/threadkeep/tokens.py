"""Offline token counting behind one interface.

``bpe-openai`` ships the o200k and cl100k tables, so counting needs no network. For a provider
whose tokenizer is not public (Anthropic) we count with o200k and add a safety margin, so the
ceiling is never crossed because of a counting difference.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, cast

import bpe_openai

__all__ = ["TokenCounter", "BpeCounter", "counter_for", "default_counter", "token_counter", "encoding"]


class TokenCounter(Protocol):
    """Counts the tokens of a text; ``name`` says which table (read-only: counters are values)."""

    @property
    def name(self) -> str: ...

    def count(self, text: str) -> int: ...


@dataclass(frozen=True)
class BpeCounter:
    """Counts with a tiktoken-compatible table; ``margin`` inflates counts (0.1 = +10 %)."""

    encoding: str = "o200k_base"
    margin: float = 0.0

    @property
    def name(self) -> str:
        return f"{self.encoding}+{int(self.margin * 100)}%" if self.margin else self.encoding

    def count(self, text: str) -> int:
        if not text:
            return 0
        n = len(encoding(self.encoding).encode(text, disallowed_special=()))
        if self.margin:
            return int(n * (1.0 + self.margin)) + 1
        return n


@lru_cache(maxsize=4)
def encoding(name: str) -> Any:  # a bpe_openai encoding: the library ships no types
    """The bundled tiktoken-compatible table ``name`` (loaded once)."""
    # bpe-openai 0.1.4 loads its tables through a deprecated importlib API; that warning is
    # about the library, not us, and must not fail runs that treat warnings as errors.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)

        return bpe_openai.get_encoding(name)


# Per-provider counters. Anthropic's tokenizer is not published: o200k plus 15 % keeps us under.
_PROVIDER_COUNTERS: dict[str, BpeCounter] = {
    "openai": BpeCounter("o200k_base"),
    "openai-legacy": BpeCounter("cl100k_base"),
    "anthropic": BpeCounter("o200k_base", margin=0.15),
    "local": BpeCounter("o200k_base", margin=0.15),
}


def counter_for(provider: str) -> BpeCounter:
    """The counter for a provider family; unknown providers get o200k with a 15 % margin."""
    return _PROVIDER_COUNTERS.get(provider, BpeCounter("o200k_base", margin=0.15))


@lru_cache(maxsize=1)
def default_counter() -> BpeCounter:
    return BpeCounter("o200k_base")


def token_counter(counter: TokenCounter | None = None) -> TokenCounter:
    """The given counter, or the default o200k counter."""
    # BpeCounter declares ``name`` as a read-only property, which type checkers do not accept
    # for the Protocol's plain attribute; it counts the same either way.
    return counter if counter is not None else cast(TokenCounter, default_counter())
