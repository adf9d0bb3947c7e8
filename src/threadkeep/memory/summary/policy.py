"""When to fold (ARCHITECTURE §5): with ``n`` messages and the cursor at ``c``, messages
``c+1 .. n−tail`` fold once ``n − c`` passes the threshold, at most one batch at a time. Pure and
free of any language work: a turn asks it whether to queue a fold.
"""

from __future__ import annotations

from dataclasses import dataclass

from threadkeep.context.assemble import MIN_VERBATIM
from threadkeep.errors import ConfigError

__all__ = ["DEFAULT_THRESHOLD", "DEFAULT_TAIL", "MIN_TAIL", "FoldPolicy", "FoldRange", "fold_range"]

DEFAULT_THRESHOLD = 30
DEFAULT_TAIL = 16
MIN_TAIL = MIN_VERBATIM  # the last 12 messages are always verbatim (context/assemble.py)


@dataclass(frozen=True, slots=True)
class FoldPolicy:
    """Threshold, tail and the largest batch one fold may take."""

    threshold: int = DEFAULT_THRESHOLD
    tail: int = DEFAULT_TAIL
    max_batch: int | None = None

    def __post_init__(self) -> None:
        if self.tail < MIN_TAIL:
            raise ConfigError(
                f"fold tail is {self.tail}; it must be at least {MIN_TAIL} (the last 12 messages are always verbatim)"
            )
        if self.threshold <= self.tail:
            raise ConfigError(
                f"fold threshold ({self.threshold}) must be larger than the tail "
                f"({self.tail}); e.g. threshold 30, tail 16"
            )
        if self.max_batch is not None and self.max_batch < 1:
            raise ConfigError("fold max_batch must be at least 1")

    @property
    def batch(self) -> int:
        """Messages per fold at most: by default what one regular fold takes."""
        return self.max_batch if self.max_batch is not None else self.threshold - self.tail + 1


@dataclass(frozen=True, slots=True)
class FoldRange:
    """Messages ``first..last`` (1-based, inclusive) to fold; the cursor becomes ``last``."""

    first: int
    last: int

    @property
    def count(self) -> int:
        return self.last - self.first + 1


def fold_range(n: int, cursor: int, policy: FoldPolicy | None = None) -> FoldRange | None:
    """The range to fold now (``cursor+1 .. n−tail``, at most one batch), or ``None``."""
    policy = policy or FoldPolicy()
    if cursor < 0 or cursor > n:
        raise ValueError(f"cursor {cursor} outside 0..{n}")
    if n - cursor <= policy.threshold:
        return None
    last = min(n - policy.tail, cursor + policy.batch)
    if last <= cursor:
        return None
    return FoldRange(cursor + 1, last)
