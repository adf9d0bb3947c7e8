"""Revision ids from before the chain was numbered in order, and the step that maps them.

Until issue 29 the files ran 0007 → 0011b → 0008 → … → 0014 → 0017 (branches merged under
the numbers they were given). They were renumbered in chain order; a database stamped with an
old id is re-stamped with the new id of the same revision before Alembic reads it, so it
upgrades from where it was.
"""

from __future__ import annotations

from sqlalchemy import Connection, inspect, text

__all__ = ["OLD_TO_NEW", "restamp"]

# old id -> the same revision's id now. Ids not listed (0001–0007, 0012–0014) did not change.
OLD_TO_NEW: dict[str, str] = {
    "0011b_openai_threads": "0008_openai_threads",
    "0008_turn_recovery": "0009_turn_recovery",
    "0009_recall": "0010_recall",
    "0010_security": "0011_security",
    "0017_perf": "0015_perf",
}
VERSION_TABLE = "alembic_version"


def restamp(connection: Connection) -> int:
    """Rewrite old revision ids in the version table to their new ids; returns how many."""
    if not inspect(connection).has_table(VERSION_TABLE):
        return 0
    changed = 0
    for old, new in OLD_TO_NEW.items():
        result = connection.execute(
            text(f"UPDATE {VERSION_TABLE} SET version_num = :new WHERE version_num = :old"), {"new": new, "old": old}
        )
        changed += result.rowcount
    return changed
