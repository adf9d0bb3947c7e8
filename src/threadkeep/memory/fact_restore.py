"""Restoring facts read back from a personal export, with their whole history: this lives in
:mod:`threadkeep.memory.facts` (it writes through the facts store's own lock, blind index and
versions); this name still imports it."""

from threadkeep.memory.facts import RestoredFact, RestoredVersion, restore_facts

__all__ = ["RestoredVersion", "RestoredFact", "restore_facts"]
