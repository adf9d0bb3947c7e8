"""Every table module, imported so the metadata is complete (for Alembic and tests)."""

from threadkeep.cache import tables as _cache  # noqa: F401
from threadkeep.engine import openai_threads as _openai_threads  # noqa: F401
from threadkeep.imports import tables as _imports  # noqa: F401
from threadkeep.knowledge import tables as _knowledge  # noqa: F401
from threadkeep.memory.recall import notes as _recall_notes  # noqa: F401
from threadkeep.store import insights_tables as _insights  # noqa: F401
from threadkeep.store import memory_tables as _facts  # noqa: F401
from threadkeep.store import models  # noqa: F401
from threadkeep.store import people_tables as _people  # noqa: F401
from threadkeep.store import surface_tables as _surfaces  # noqa: F401
from threadkeep.store.base import Base

metadata = Base.metadata
