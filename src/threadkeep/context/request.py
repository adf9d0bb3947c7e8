"""The request types now live in :mod:`threadkeep.messages` (below the provider adapters,
which render them); this module re-exports them for older imports."""

from threadkeep.messages import (
    SEGMENT_ORDER,
    Breakpoint,
    ModelRequest,
    Segment,
    SegmentName,
    ToolSpec,
)

__all__ = ["SegmentName", "SEGMENT_ORDER", "ToolSpec", "Segment", "Breakpoint", "ModelRequest"]
