"""The insight tables (re-ask marks, digests): they live in
:mod:`threadkeep.store.insights_tables` (below the engine, whose digest service reads them);
this name still imports them."""

from threadkeep.store.insights_tables import Digest, ReaskMark

__all__ = ["ReaskMark", "Digest"]
