"""The sync wrapper and the async core behave the same."""

from __future__ import annotations

import os

from threadkeep.crypto import MasterKey
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.sync import SyncMemory

from .helpers import open_memory


def _script() -> ScriptedModel:
    return ScriptedModel(["one", "two"])


async def test_async_path(tmp_path, settings) -> None:
    m = open_memory(f"sqlite:///{tmp_path / 'a.db'}", MasterKey(os.urandom(32), "t"), settings, _script())
    r1 = await m.send("first", user="p")
    await m.send("second", user="p", conversation_id=r1.conversation_id)
    await m.drain_jobs()
    view = await m.get_conversation(r1.conversation_id, user="p")
    await m.close()
    assert [x.text for x in view.messages] == ["first", "one", "second", "two"]


def test_sync_path_matches(tmp_path, settings) -> None:
    m = SyncMemory(open_memory(f"sqlite:///{tmp_path / 's.db'}", MasterKey(os.urandom(32), "t"), settings, _script()))
    r1 = m.send("first", user="p")
    m.send("second", user="p", conversation_id=r1.conversation_id)
    view = m.get_conversation(r1.conversation_id, user="p")
    exported = m.export(r1.conversation_id, user="p", format="json")
    m.close()
    assert [x.text for x in view.messages] == ["first", "one", "second", "two"]
    assert '"text": "two"' in exported
