"""Restoring facts read back from a personal export, with their whole history: this lives in
:mod:`threadkeep.memory.facts` (it writes through the facts store's own lock, blind index and
versions), and the facts it takes are :class:`~threadkeep.memory.facts.FactRecord` with their
history; this name still imports it."""

from threadkeep.memory.facts import restore_facts

__all__ = ["restore_facts"]
