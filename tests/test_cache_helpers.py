"""Builders shared by the prompt-cache tests: a conversation driven through the real assembler
and planner, a database with one person and conversations, and a datetime view of the
simulator's manual clock."""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from threadkeep.cache.adoption import HistoryTTL, history_ttl
from threadkeep.cache.plan import plan_breakpoints
from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.context.compaction import Compactor
from threadkeep.llm.base import Capabilities
from threadkeep.memory.summary.items import SourceMessage
from threadkeep.messages import ModelRequest, ToolSpec
from threadkeep.store import cache_tables as _cache_tables  # noqa: F401  (metadata for the tests)
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation, User
from threadkeep.testing.simulator import ManualClock

__all__ = ["SYSTEM", "TOOLS", "STARTUP", "EPOCH", "Convo", "dt_clock", "open_db", "add_conversation", "fp_key"]

SYSTEM = " ".join(f"Rule {i}: answer from memory, cite sources, keep it short." for i in range(150))
STARTUP = "Conversation started on 2026-11-02 (UTC), channel: web. Profile: Ada, project lead."
TOOLS = (
    ToolSpec(
        "web_search",
        "Search the web.",
        {"type": "object", "required": ["query"], "properties": {"query": {"type": "string"}}},
    ),
    ToolSpec(
        "search_knowledge",
        "Search the knowledge base.",
        {"properties": {"query": {"type": "string", "description": "standalone query"}}, "type": "object"},
    ),
)
EPOCH = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def dt_clock(clock: ManualClock):  # type: ignore[no-untyped-def]
    """The simulator's float clock as UTC datetimes (EPOCH + seconds)."""
    return lambda: EPOCH + timedelta(seconds=clock.now)


def test_dt_clock_follows_the_manual_clock() -> None:
    clock = ManualClock()
    now = dt_clock(clock)
    clock.advance(90)
    assert now() == EPOCH + timedelta(seconds=90)


@dataclass
class Convo:
    """A conversation whose requests come from ``assemble`` + ``plan_breakpoints``."""

    capabilities: Capabilities
    cid: str = "conv-1"
    tools: tuple[ToolSpec, ...] = TOOLS
    system: str = SYSTEM
    startup: str = STARTUP
    summary: str = ""
    keep_warm: bool = False
    history_ttl: HistoryTTL = "5m"
    history: list[SourceMessage] = field(default_factory=list)

    def request(self, new: str, *, now: str = "2026-11-02 09:00") -> ModelRequest:
        """The planned request of the next turn."""
        inputs = TurnInputs(
            system=self.system,
            new_message=new,
            tools=self.tools,
            startup=self.startup,
            summary=self.summary,
            history=tuple(self.history),
            now=now,
        )
        req = assemble(inputs, ceiling=150_000, cache_key=self.cid, compactor=Compactor()).request
        ttl = history_ttl(self.history_ttl, self.capabilities, keep_warm=self.keep_warm, rebuilding=False)
        return plan_breakpoints(req, self.capabilities, history_ttl=ttl)

    def answered(self, new: str, answer: str) -> None:
        """Record a finished turn in the history."""
        n = len(self.history)
        self.history += [(f"m{n + 1}", "user", new), (f"m{n + 2}", "assistant", answer)]

    def ping_request(self, _cid: str = "") -> ModelRequest:
        """What the engine's ``ping_request`` returns: the next turn's planned request."""
        return self.request("(next message)")


def open_db(url: str) -> Database:
    """A migrated database."""
    db = Database(url)
    db.upgrade()
    return db


def fp_key(user_id: str) -> bytes:
    """A fingerprint key per test person (the engine derives it from the person's data key)."""
    return hashlib.sha256(b"test fingerprint key:" + user_id.encode()).digest()


def add_conversation(db: Database, *, keep_warm: bool = False) -> tuple[str, str]:
    """A fresh person and one conversation; returns (user_id, conversation_id)."""
    with db.session() as s:
        user = User(name=f"u-{uuid.uuid4().hex[:10]}")
        s.add(user)
        s.flush()
        conv = Conversation(user_id=user.id, keep_warm=keep_warm)
        s.add(conv)
        s.flush()
        return user.id, conv.id
