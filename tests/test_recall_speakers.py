"""Issue 25, item 3: every recalled line names its speaker and carries its own date — in the
person's own conversations ("you" / "the assistant") and in an imported two-party chat (each
participant by name, the person's own name marked "(you)"); names survive a person merge's
re-sealing and the personal export."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.helpers import open_memory, unique_user
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.imports.service import import_file
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.recall.index import clear_recall_cache

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


@pytest.fixture
def memory(backend: tuple[str, MasterKey], tmp_path: Path) -> Iterator[Memory]:
    url, key = backend
    clear_recall_cache()
    m = open_memory(
        url,
        key,
        Settings(home=tmp_path / "home", embeddings=False),
        ScriptedModel(["Congratulations on the kayak from Porto!"] + ["ok"] * 5),
    )
    try:
        yield m
    finally:
        asyncio.run(m.close())
        clear_recall_cache()


def _recalled(memory: Memory) -> str:
    """The per-turn context the model was last sent."""
    model = memory.model
    assert isinstance(model, ScriptedModel)
    texts = [m.text for m in model.calls[-1].messages if m.text.startswith("<turn_context>")]
    assert texts, "the request carried no per-turn context"
    return texts[-1]


def test_own_conversation_lines_say_you_and_the_assistant_with_their_dates(memory: Memory) -> None:
    user = unique_user()
    asyncio.run(memory.send("I bought a red kayak from a shop in Porto.", user=user))
    asyncio.run(memory.send("Where did I buy the red kayak?", user=user))  # a new conversation
    context = _recalled(memory)
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    lines = context.splitlines()
    assert f"- [{today}] you: I bought a red kayak from a shop in Porto." in lines
    assert f"[{today}] the assistant: Congratulations on the kayak from Porto!" in lines


def _telegram_chat() -> dict[str, object]:
    """A private chat of Ana Lima (user 111) with Boris (user 222): two days, two sessions."""

    def msg(mid: int, at: datetime, who: str, uid: str, text: str) -> dict[str, object]:
        return {
            "id": mid,
            "type": "message",
            "date": at.strftime("%Y-%m-%dT%H:%M:%S"),
            "date_unixtime": str(int(at.timestamp())),
            "from": who,
            "from_id": uid,
            "text": text,
        }

    d1, d2 = datetime(2023, 6, 10, 9, 0, tzinfo=UTC), datetime(2023, 6, 14, 18, 0, tzinfo=UTC)
    return {
        "name": "Boris",
        "type": "personal_chat",
        "id": 222,
        "messages": [
            msg(1, d1, "Boris", "user222", "I sold my old kayak to a neighbour in Braga."),
            msg(2, d1.replace(minute=5), "Ana Lima", "user111", "Nice! I still paddle mine every Sunday."),
            msg(3, d2, "Boris", "user222", "Weather in Braga is awful this week."),
        ],
    }


def test_imported_two_party_chat_names_each_participant_on_each_line(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    path = tmp_path / "result.json"
    path.write_text(json.dumps(_telegram_chat()), encoding="utf-8")
    assert import_file(memory, path, user=user, format="telegram").counts.messages == 3
    asyncio.run(memory.send("Who sold a kayak to a neighbour, and where?", user=user))
    lines = _recalled(memory).splitlines()
    assert "- [2023-06-10] Boris: I sold my old kayak to a neighbour in Braga." in lines
    assert "[2023-06-10] Ana Lima (you): Nice! I still paddle mine every Sunday." in lines


def test_speaker_names_are_sealed_at_rest(memory: Memory, tmp_path: Path) -> None:
    from tests.helpers import all_table_bytes

    user = unique_user()
    path = tmp_path / "result.json"
    path.write_text(json.dumps(_telegram_chat()).replace("Boris", "Zebulon Quarterfield"), encoding="utf-8")
    import_file(memory, path, user=user, format="telegram")
    assert b"Zebulon Quarterfield" not in all_table_bytes(memory)
