"""threadkeep: where the conversation lives between turns.

Library entry points: :class:`Memory` (async) and :class:`SyncMemory` (blocking).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["Memory", "SyncMemory", "TurnResult", "__version__"]
__version__ = "0.1.0"

if TYPE_CHECKING:
    from threadkeep.engine import Memory, TurnResult
    from threadkeep.sync import SyncMemory


def __getattr__(name: str) -> Any:
    # Imported on first use: the command line starts (and answers Ctrl-C) without loading the
    # engine and its dependencies for commands that never need them.
    if name in ("Memory", "TurnResult"):
        from threadkeep import engine  # lazy: package attribute loaded on first use (PEP 562)

        return getattr(engine, name)
    if name == "SyncMemory":
        from threadkeep.sync import (
            SyncMemory,  # lazy: package attribute loaded on first use (PEP 562)
        )

        return SyncMemory
    raise AttributeError(f"module 'threadkeep' has no attribute {name!r}")
