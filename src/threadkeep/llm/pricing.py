"""Prices of model calls: what the call log, the cache report and keep-warm charge.

Production figures, apart from the provider simulator that also uses them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Pricing", "ANTHROPIC_PRICING", "OPENAI_PRICING"]


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
        return (uncached * unit + write_5m * unit * self.write_5m_multiplier
                + write_1h * unit * self.write_1h_multiplier + read * unit * self.read_multiplier
                + output * self.output_per_mtok / 1_000_000)


ANTHROPIC_PRICING = Pricing()  # a Sonnet-class model
# gpt-4.1-mini-like: cached input at a quarter of the price, no write premium.
OPENAI_PRICING = Pricing(input_per_mtok=0.4, output_per_mtok=1.6, write_5m_multiplier=1.0,
                         write_1h_multiplier=1.0, read_multiplier=0.25)
