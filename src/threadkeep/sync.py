"""A thin synchronous wrapper over :class:`~threadkeep.engine.Memory`.

It owns a private event loop, so it works from plain scripts; background work is run after
each turn (there is no loop running in between to do it later).
"""

from __future__ import annotations

import asyncio
from typing import Any

from threadkeep.engine import Memory, TurnResult
from threadkeep.export import ConversationView

__all__ = ["SyncMemory"]


class SyncMemory:
    """The same operations as :class:`Memory`, blocking."""

    def __init__(self, memory: Memory, *, run_jobs: bool = True) -> None:
        self._loop = asyncio.new_event_loop()
        self.memory = memory
        self.run_jobs = run_jobs

    @classmethod
    def open(cls, db_url: str | None = None, **kwargs: Any) -> SyncMemory:
        return cls(Memory.open(db_url, **kwargs))

    def _run(self, coro: Any) -> Any:
        return self._loop.run_until_complete(coro)

    def send(self, text: str, *, user: str, conversation_id: str | None = None, channel: str = "api") -> TurnResult:
        result: TurnResult = self._run(
            self.memory.send(text, user=user, conversation_id=conversation_id, channel=channel)
        )
        if self.run_jobs:
            self._run(self.memory.drain_jobs())
        return result

    def list_conversations(self, *, user: str, limit: int = 50) -> list[ConversationView]:
        return self._run(self.memory.list_conversations(user=user, limit=limit))  # type: ignore[no-any-return]

    def get_conversation(self, conversation_id: str, *, user: str) -> ConversationView:
        return self._run(self.memory.get_conversation(conversation_id, user=user))  # type: ignore[no-any-return]

    def rename(self, conversation_id: str, title: str, *, user: str) -> None:
        self._run(self.memory.rename(conversation_id, title, user=user))

    def delete_conversation(self, conversation_id: str, *, user: str) -> None:
        self._run(self.memory.delete_conversation(conversation_id, user=user))

    def export(self, conversation_id: str, *, user: str, format: str = "markdown") -> str:
        return self._run(self.memory.export(conversation_id, user=user, format=format))  # type: ignore[no-any-return]

    def delete_user(self, user: str) -> None:
        self._run(self.memory.delete_user(user))

    def close(self) -> None:
        try:
            self._run(self.memory.close())
        finally:
            self._loop.close()

    def __enter__(self) -> SyncMemory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
