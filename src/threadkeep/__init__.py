"""threadkeep: where the conversation lives between turns.

Library entry points: :class:`Memory` (async) and :class:`SyncMemory` (blocking).
"""

from threadkeep.engine import Memory, TurnResult
from threadkeep.sync import SyncMemory

__all__ = ["Memory", "SyncMemory", "TurnResult", "__version__"]
__version__ = "0.1.0"
