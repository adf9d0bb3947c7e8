"""The whole schema: every table module imported, so :data:`metadata` is complete.

Every table lives in ``store/``: ``store/models.py`` (the core: people, conversations,
messages, jobs, the OpenAI drop-in's thread fingerprints) and ``store/<feature>_tables.py`` for
each feature (cache, imports, knowledge, memory, people, insights, surfaces); each registers
itself on :class:`threadkeep.store.base.Base` when its module is imported, so logic modules
never define tables and any layer can read any table. The migration environment imports none of
them: upgrades run the hand-written revisions and need no metadata. Autogenerate and the migrated-schema test
(``tests/test_migrations.py``) hand this metadata to Alembic through :func:`alembic_config`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import MetaData

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
