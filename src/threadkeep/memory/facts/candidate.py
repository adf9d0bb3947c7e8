"""The value a fact rule or the fact model proposes, before the store merges it."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FactCandidate"]


@dataclass(frozen=True, slots=True)
class FactCandidate:
    """A proposed fact: slot ``key`` (``employer``, ``preference:tea``, ``note``), a display
    value in its base form ("Москва", "東京"), the clause it was read from, and the value's
    words as said ("Москве", "東京に"; empty when they are the value)."""

    key: str
    value: str
    evidence: str = ""
    said: str = ""
