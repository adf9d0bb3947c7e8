"""Small helpers shared by tests (not fixtures)."""

from __future__ import annotations

import uuid
from typing import Any

from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.memory.offline import OfflineModel


def open_memory(url: str, key: MasterKey, settings: Settings, model: Any = None, **kw: Any) -> Memory:
    return Memory.open(url, settings=settings, model=model or OfflineModel(), master_key=key, **kw)


def all_table_bytes(memory: Memory) -> bytes:
    """Every value of every table, as bytes — what an attacker with the database sees."""
    from sqlalchemy import inspect, text

    out = bytearray()
    with memory.db.engine.connect() as c:
        for table in inspect(memory.db.engine).get_table_names():
            for row in c.execute(text(f'SELECT * FROM "{table}"')):
                for value in row:
                    if value is None:
                        continue
                    out += value if isinstance(value, (bytes, memoryview)) else str(value).encode("utf-8")
                    out += b"\n"
    return bytes(out)


def unique_user() -> str:
    return f"u-{uuid.uuid4().hex[:10]}"
