"""The chat surfaces' tables, where they were first defined: they live in
:mod:`threadkeep.store.surface_tables` (below the engine, whose surface-event service reads and
writes them); this name still imports them."""

from threadkeep.store.surface_tables import SurfaceEvent, SurfacePost, SurfaceStatus, SurfaceThread

__all__ = ["SurfaceThread", "SurfaceEvent", "SurfacePost", "SurfaceStatus"]
