"""Prices of model calls: what the call log, the cache report and keep-warm charge.

Production figures, apart from the provider simulator that also uses them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources

__all__ = ["Pricing", "ANTHROPIC_PRICING", "OPENAI_PRICING", "pricing_for", "models_table"]


@dataclass(frozen=True, slots=True)
class Pricing:
    """USD per million tokens for base input and output; cache prices as multipliers of input."""

    input_per_mtok: float = 3.0
    output_per_mtok: float = 15.0
    write_5m_multiplier: float = 1.25
    write_1h_multiplier: float = 2.0
    read_multiplier: float = 0.1

    def cost(self, *, uncached: int, write_5m: int, write_1h: int, read: int, output: int) -> float:
        """Cost of one call in USD."""
        unit = self.input_per_mtok / 1_000_000
        return (
            uncached * unit
            + write_5m * unit * self.write_5m_multiplier
            + write_1h * unit * self.write_1h_multiplier
            + read * unit * self.read_multiplier
            + output * self.output_per_mtok / 1_000_000
        )


ANTHROPIC_PRICING = Pricing()  # a Sonnet-class model
# gpt-4.1-mini-like: cached input at a quarter of the price, no write premium.
OPENAI_PRICING = Pricing(
    input_per_mtok=0.4, output_per_mtok=1.6, write_5m_multiplier=1.0, write_1h_multiplier=1.0, read_multiplier=0.25
)


@lru_cache(maxsize=1)
def models_table() -> dict[str, object]:
    """``llm/data/models.json``: the default models for memory and list prices, as data."""
    text = resources.files("threadkeep.llm").joinpath("data/models.json").read_text(encoding="utf-8")
    table: dict[str, object] = json.loads(text)
    return table


_SNAPSHOT = re.compile(r"(-\d{4}-?\d{2}-?\d{2}|-latest)$")


def pricing_for(model: str, *, automatic_cache: bool) -> Pricing:
    """The prices of ``model`` (``provider:name`` or a bare name; dated snapshots match their
    model): its list prices from the table with its provider's cache multipliers, else the
    typical prices of its cache style."""
    base = OPENAI_PRICING if automatic_cache else ANTHROPIC_PRICING
    name = _SNAPSHOT.sub("", model.split(":", 1)[-1].split("@", 1)[0])
    prices = models_table().get("prices", {})
    assert isinstance(prices, dict)
    if name in prices:
        given, taken = prices[name]
        return replace(base, input_per_mtok=float(given), output_per_mtok=float(taken))
    return base
