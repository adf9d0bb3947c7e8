"""The whole schema: every table module imported, so :data:`metadata` is complete.

Tables live with the feature that owns them (``store/`` for the core and the tables the engine
serves to the faces, ``cache/``, ``knowledge/``, ``memory/``, ``imports/``, the engine's
``openai_threads``); each registers itself on :class:`threadkeep.store.base.Base` when its
module is imported. Gathering them all needs imports from every layer, so this module sits at
the top of the layer list, and the migration environment below it imports none of them: upgrades
run the hand-written revisions and need no metadata. Autogenerate and the migrated-schema test
(``tests/test_migrations.py``) hand this metadata to Alembic through :func:`alembic_config`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import MetaData

from threadkeep.engine import openai_threads as _openai_threads  # noqa: F401
from threadkeep.memory.recall import notes as _recall_notes  # noqa: F401
from threadkeep.store import cache_tables as _cache  # noqa: F401
from threadkeep.store import imports_tables as _imports  # noqa: F401
from threadkeep.store import insights_tables as _insights  # noqa: F401
from threadkeep.store import knowledge_tables as _knowledge  # noqa: F401
from threadkeep.store import memory_tables as _facts  # noqa: F401
from threadkeep.store import models as _models  # noqa: F401
from threadkeep.store import people_tables as _people  # noqa: F401
from threadkeep.store import surface_tables as _surfaces  # noqa: F401
from threadkeep.store.base import Base

if TYPE_CHECKING:
    from alembic.config import Config

    from threadkeep.store.db import Database

__all__ = ["metadata", "alembic_config"]

metadata: MetaData = Base.metadata


def alembic_config(db: Database) -> Config:
    """``db``'s Alembic configuration with the complete metadata as the autogenerate target."""
    return db.alembic_config(target_metadata=metadata)
