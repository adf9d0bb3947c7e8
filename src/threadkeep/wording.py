"""Counts in user-facing text: "1 document", "2 documents", "0 documents"."""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun`` agreeing in number (``plural``: when it is not ``noun + "s"``)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
