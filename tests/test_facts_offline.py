"""Facts and profile with no model configured, through the engine (issue 17)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine.turn_input import TurnInput
from threadkeep.memory.facts.candidate import render_fact
from threadkeep.memory.profile import current_profile
from threadkeep.store.facts import load_facts
from threadkeep.store.models import Message

from .helpers import open_memory

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def test_offline_mode_brings_the_job_fact_to_a_new_conversation_and_builds_a_profile(tmp_path: Path) -> None:
    # Embeddings on (the default): "my job" meets "I work as a data engineer" by meaning.
    settings = Settings(home=tmp_path / "home", profile_every=5)
    memory = open_memory(f"sqlite:///{tmp_path / 'o.db'}", MasterKey(os.urandom(32), "t"), settings)

    async def run() -> tuple[list[str], str | None, list[str]]:
        cid = None
        said = [
            "Hi there!",
            "These days I work as a data engineer.",
            "My manager is Dana.",
            "I moved to Globex, a much bigger company.",
            "I'm on the payments team.",
            "Can you tidy up this paragraph?",
            "Thanks.",
        ]
        for text in said:
            cid = (await memory.send(text, user="ana", conversation_id=cid)).conversation_id
            await memory.drain_jobs()
        # A new conversation: the earlier one's words reach it only through facts.
        turn = await memory.send("What is my job?", user="ana")
        uid = await memory.user_id("ana")
        profile = current_profile(memory.db, memory.vault, user_id=uid)
        with memory.db.session() as s:
            records = load_facts(s, memory.vault, user_id=uid)
        await memory.close()
        shown = {f["fact_id"] for f in turn.report["facts"]}
        lines = {r.id: render_fact(r.key, r.value) for r in records}
        return [t for i, t in lines.items() if i in shown], profile.text if profile else None, list(lines.values())

    shown, profile, facts = asyncio.run(run())
    assert "Statement: These days I work as a data engineer." in shown, shown
    assert {
        "Statement: These days I work as a data engineer.",
        "Statement: My manager is Dana.",
        "Statement: I moved to Globex, a much bigger company.",
        "Statement: I'm on the payments team.",
    } <= set(facts)
    assert profile and "data engineer" in profile and "Globex" in profile, profile


def test_earlier_messages_of_a_drop_in_client_are_learnt_from_once(tmp_path: Path) -> None:
    """A client that resends its own history (the OpenAI drop-in): the person's earlier words
    are stored once and facts are learnt from each of them — one queued job per message,
    none for the assistant's."""
    settings = Settings(home=tmp_path / "home", embeddings=False)
    memory = open_memory(f"sqlite:///{tmp_path / 'd.db'}", MasterKey(os.urandom(32), "t"), settings)

    async def run() -> tuple[int, list[str]]:
        earlier = [
            ("user", "My manager is Dana."),
            ("assistant", "Noted: Dana is your manager."),
            ("user", "These days I work as a data engineer."),
        ]
        async for _ in memory.stream("Thanks!", user="ana", inputs=TurnInput(earlier=tuple(earlier))):
            pass
        from sqlalchemy import func, select

        from threadkeep.store.models import Job

        with memory.db.reading() as s:
            queued = s.scalar(select(func.count()).select_from(Job).where(Job.kind == "facts")) or 0
        await memory.drain_jobs()
        uid = await memory.user_id("ana")
        with memory.db.session() as s:
            facts = [render_fact(f.key, f.value) for f in load_facts(s, memory.vault, user_id=uid)]
        await memory.close()
        return queued, facts

    queued, facts = asyncio.run(run())
    assert queued == 3  # two earlier user messages and the new one
    assert {"Statement: My manager is Dana.", "Statement: These days I work as a data engineer."} <= set(facts)


def test_a_fact_keeps_the_year_last_year_meant_when_it_was_said(tmp_path: Path) -> None:
    memory = open_memory(
        f"sqlite:///{tmp_path / 'y.db'}", MasterKey(os.urandom(32), "t"), Settings(home=tmp_path / "home")
    )

    async def run() -> tuple[list[str], int]:
        turn = await memory.send("I moved to Bergen last year.", user="ana")
        await memory.drain_jobs()
        uid = await memory.user_id("ana")
        with memory.db.session() as s:
            records = load_facts(s, memory.vault, user_id=uid)
            year = s.get(Message, turn.user_message_id).created_at.year
        await memory.close()
        return [render_fact(r.key, r.value) for r in records], year

    facts, year = asyncio.run(run())
    assert f"Statement: I moved to Bergen last year ({year - 1})." in facts, facts
