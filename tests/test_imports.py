"""Issue 20: importing ChatGPT, Claude and Telegram exports (readers, the store, re-imports,
errors that name the place, sealing, original times), on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select

from tests.helpers import all_table_bytes, open_memory, unique_user
from tests.import_exports import (
    T0,
    chatgpt_branching,
    chatgpt_simple,
    claude_export,
    telegram_account,
    telegram_group,
    telegram_personal,
    write_json,
)
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.errors import InputError
from threadkeep.imports.model import ImportFormatError
from threadkeep.imports.runs import import_status
from threadkeep.imports.service import import_file, read_export, run_background
from threadkeep.store.imports_tables import ImportSource
from threadkeep.store.models import Conversation, Message

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


@pytest.fixture
def memory(backend: tuple[str, MasterKey], tmp_path: Path) -> Iterator[Memory]:
    url, key = backend
    # Lexical recall only here (fast); the done-when test runs with the default embeddings.
    m = open_memory(url, key, Settings(home=tmp_path / "home", embeddings=False))
    try:
        yield m
    finally:
        asyncio.run(m.close())


def _conversations(memory: Memory, user: str) -> list:  # type: ignore[type-arg]
    views = asyncio.run(memory.list_conversations(user=user, limit=1000))
    return [asyncio.run(memory.get_conversation(v.id, user=user)) for v in views]


# -- ChatGPT --------------------------------------------------------------------------------
def test_chatgpt_keeps_the_current_branch_text_and_times(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    path = write_json(tmp_path / "conversations.json", [chatgpt_branching()])
    result = import_file(memory, path, user=user, format="chatgpt")
    assert result.counts.conversations == 1 and result.counts.messages == 6
    (view,) = _conversations(memory, user)
    assert view.title == "Meeting Ana" and view.channel == "import"
    assert view.created_at == datetime.fromtimestamp(T0, UTC)
    texts = [(m.role, m.text) for m in view.messages]
    assert texts == [
        ("user", "Hi! My name is Ana Ferreira and I live in Lisbon."),
        ("assistant", "Nice to meet you, Ana."),
        ("user", "Our team mascot is a purple heron named Bartholomew."),
        ("assistant", "A purple heron is a fine mascot."),
        ("user", "Thanks!"),
        ("assistant", "You're welcome."),
    ]
    assert "ABANDONED" not in json.dumps(texts)
    # Original times, to the second (create_time is a float of seconds).
    assert [m.created_at for m in view.messages] == [
        datetime.fromtimestamp(T0 + d, UTC) for d in (10, 20, 50, 70, 80, 90)
    ]
    assert view.last_activity_at == datetime.fromtimestamp(T0 + 90, UTC)
    # What was left out is said.
    assert result.counts.left_out == {
        "system messages": 1,
        "hidden messages": 1,
        "tool messages": 1,
        "assistant messages to a tool": 1,
        "non-text parts (images, audio, files)": 1,
    }
    status = import_status(memory, result.import_id, user=user)
    assert status["left_out"] == result.counts.left_out and status["counts"]["messages"] == 6


def test_reimport_adds_nothing_and_a_later_export_adds_only_what_is_new(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    first = [chatgpt_simple("conv-a", "A", [("one", "uno")]), chatgpt_simple("conv-b", "B", [("two", "dos")])]
    path = write_json(tmp_path / "c.json", first)
    assert import_file(memory, path, user=user, format="chatgpt").counts.messages == 4
    again = import_file(memory, path, user=user, format="chatgpt").counts
    assert (again.messages, again.conversations, again.skipped_conversations, again.skipped_messages) == (0, 0, 2, 4)
    # The same history, continued: conversation A got a new exchange, C is new.
    later = [
        chatgpt_simple("conv-a", "A", [("one", "uno"), ("three", "tres")]),
        first[1],
        chatgpt_simple("conv-c", "C", [("four", "cuatro")]),
    ]
    counts = import_file(memory, write_json(tmp_path / "later.json", later), user=user, format="chatgpt").counts
    assert (counts.messages, counts.conversations, counts.skipped_messages) == (4, 2, 4)
    views = {v.title: v for v in _conversations(memory, user)}
    assert sorted(views) == ["A", "B", "C"]
    assert [m.text for m in views["A"].messages] == ["one", "uno", "three", "tres"]
    assert [m.seq for m in views["A"].messages] == [1, 2, 3, 4]
    # Another person importing the same file gets their own copy.
    other = unique_user()
    assert import_file(memory, path, user=other, format="chatgpt").counts.messages == 4


def test_deleted_imported_conversation_comes_back_on_reimport(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    path = write_json(tmp_path / "c.json", [chatgpt_simple("conv-d", "D", [("hello", "hi")])])
    import_file(memory, path, user=user, format="chatgpt")
    (view,) = _conversations(memory, user)
    asyncio.run(memory.delete_conversation(view.id, user=user))
    with memory.db.reading() as s:
        assert (
            s.scalar(select(func.count()).select_from(ImportSource).where(ImportSource.conversation_id == view.id)) == 0
        )
    assert import_file(memory, path, user=user, format="chatgpt").counts.messages == 2


def test_imported_text_is_sealed(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    import_file(memory, write_json(tmp_path / "c.json", [chatgpt_branching()]), user=user, format="chatgpt")
    import_file(memory, write_json(tmp_path / "k.json", claude_export()), user=user, format="claude")
    raw = all_table_bytes(memory)
    for secret in ("Bartholomew", "Meeting Ana", "saffron", "Garden plans", "мёдом", "日本語"):
        assert secret.encode() not in raw, secret
    with memory.db.reading() as s:
        assert s.scalar(select(func.count()).select_from(Message)) >= 9


# -- malformed and truncated files -------------------------------------------------------------
def test_truncated_file_names_the_place_and_keeps_whole_conversations(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    convs = [chatgpt_simple(f"conv-{i}", f"T{i}", [(f"q{i} " * 50, f"a{i} " * 50)]) for i in range(6)]
    text = json.dumps(convs)
    cut = text.index('"conv-4"') - 40  # inside conversation #5
    path = tmp_path / "conversations.json"
    path.write_text(text[:cut], encoding="utf-8")
    with pytest.raises(ImportFormatError) as info:
        import_file(memory, path, user=user, format="chatgpt")
    message = str(info.value)
    assert "conversations.json" in message and "conversation #5" in message and "after id conv-3" in message
    assert "bytes " in message and "truncated" in message
    # Conversations 1-4 are stored, each whole; nothing of #5.
    views = _conversations(memory, user)
    assert sorted(v.title for v in views) == ["T0", "T1", "T2", "T3"]
    assert all(v.message_count == 2 for v in views)
    uid = asyncio.run(memory.user_id(user))
    with memory.db.reading() as s:
        stored = s.scalar(select(func.count()).select_from(Message).where(Message.user_id == uid))
    assert stored == 8
    # The run says so.
    from threadkeep.imports.runs import list_imports

    (run,) = list_imports(memory, user=user)
    assert run["status"] == "failed" and "conversation #5" in run["error"]
    # The good file resumes: only 5 and 6 are added.
    path.write_text(text, encoding="utf-8")
    counts = import_file(memory, path, user=user, format="chatgpt").counts
    assert (counts.conversations, counts.skipped_conversations) == (2, 4)
    assert len(_conversations(memory, user)) == 6


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("", "the file is empty"),
        ('{"conversations": []}', "the JSON is an object; expected a JSON list of conversations"),
        ("PK\x03\x04garbage", "not a JSON file"),
        ('[{"id": "x", "mapping": {}}, {"title": "no id", "mapping": {}}]', "conversation #2: it has no id"),
        ('[{"id": "x", "mapping": []}]', "conversation #1 (id x): it has no 'mapping' object"),
        (
            '[{"id": "ok", "mapping": {}}, {"id": "bad", "mapping": {"a": }}]',
            "malformed JSON in conversation #2 (after id ok)",
        ),
    ],
)
def test_malformed_chatgpt_files(memory: Memory, tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "conversations.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ImportFormatError, match="conversations.json: ") as info:
        import_file(memory, path, user=unique_user(), format="chatgpt")
    assert expected in str(info.value)


def test_zip_export_is_read_in_place(memory: Memory, tmp_path: Path) -> None:
    import zipfile

    user = unique_user()
    with zipfile.ZipFile(tmp_path / "export.zip", "w") as zf:
        zf.writestr("user.json", "{}")
        zf.writestr("conversations.json", json.dumps([chatgpt_branching()]))
    assert import_file(memory, tmp_path / "export.zip", user=user, format="chatgpt").counts.messages == 6
    with zipfile.ZipFile(tmp_path / "other.zip", "w") as zf:
        zf.writestr("notes.txt", "x")
    with pytest.raises(ImportFormatError, match="holds no conversations.json"):
        import_file(memory, tmp_path / "other.zip", user=user, format="chatgpt")


def test_missing_file_and_wrong_options(memory: Memory, tmp_path: Path) -> None:
    with pytest.raises(ImportFormatError, match="no such file"):
        import_file(memory, tmp_path / "nope.json", user=unique_user(), format="chatgpt")
    with pytest.raises(InputError, match="Telegram exports only"):
        list(read_export("claude", tmp_path / "x.json", person="ana"))


# -- Claude -------------------------------------------------------------------------------------
def test_claude_text_blocks_roles_and_times(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    result = import_file(
        memory, write_json(tmp_path / "conversations.json", claude_export()), user=user, format="claude"
    )
    assert result.counts.messages == 4 and result.counts.conversations == 2
    views = {v.title: v for v in _conversations(memory, user)}
    garden = views["Garden plans"]
    assert [(m.role, m.text) for m in garden.messages] == [
        ("user", "I grow saffron crocuses on my balcony in Porto."),
        ("assistant", "Saffron crocuses like sun and dry soil."),
        ("user", "Тоже люблю чай с мёдом."),
    ]
    assert garden.messages[0].created_at == datetime(2024, 3, 2, 9, 0, 5, tzinfo=UTC)
    assert garden.created_at == datetime(2024, 3, 2, 9, 0, tzinfo=UTC)
    # An empty name: titled from the first message.
    assert "日本語のメッセージです。" in views
    assert result.counts.left_out == {
        "thinking blocks": 1,
        "tool_use blocks": 1,
        "attachments and files": 1,
        "empty messages": 1,
    }
    assert b"SECRET-ATTACHMENT" not in all_table_bytes(memory)


# -- Telegram -----------------------------------------------------------------------------------
def test_telegram_personal_chat_sides_and_sessions(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    result = import_file(
        memory, write_json(tmp_path / "result.json", telegram_personal()), user=user, format="telegram"
    )
    views = sorted(_conversations(memory, user), key=lambda v: v.created_at)
    # A pause of seven hours starts a new conversation.
    assert [len(v.messages) for v in views] == [2, 1]
    assert [(m.role, m.text) for m in views[0].messages] == [
        ("user", "Boris, my dentist appointment is on the 14th at Clínica Sorriso."),
        ("assistant", "Good luck with the dentist!"),
    ]
    assert views[1].messages[0].role == "user" and "Miso" in views[1].messages[0].text
    assert views[0].title == "Boris · 2023-11-14"
    assert views[1].messages[0].created_at == datetime.fromtimestamp(T0 + 7 * 3600, UTC)
    assert result.counts.left_out == {"service messages": 1, "media without a caption": 1}
    # --as the other side flips the roles.
    other = unique_user()
    import_file(
        memory, write_json(tmp_path / "r2.json", telegram_personal()), user=other, format="telegram", person="Boris"
    )
    first = sorted(_conversations(memory, other), key=lambda v: v.created_at)[0]
    assert [m.role for m in first.messages] == ["assistant", "user"]


def test_telegram_group_needs_the_person_and_names_the_others(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    path = write_json(tmp_path / "result.json", telegram_group())
    with pytest.raises(ImportFormatError, match=r"chat #1 \(id 999\) is a private_supergroup: say which member"):
        import_file(memory, path, user=user, format="telegram")
    assert _conversations(memory, user) == []
    import_file(memory, path, user=user, format="telegram", person="user111")
    (view,) = _conversations(memory, user)
    assert [(m.role, m.text) for m in view.messages] == [
        ("assistant", "Carla: Who brings the rope on Saturday?"),
        ("user", "I bring the rope; my harness size is M."),
        ("assistant", "Dmitri: I'll bring chalk."),
    ]
    # By display name, case-insensitive: the same ids, so nothing new.
    again = import_file(memory, path, user=user, format="telegram", person="ana").counts
    assert again.messages == 0 and again.skipped_messages == 3


def test_telegram_account_export_takes_private_chats_unless_named(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    path = write_json(tmp_path / "result.json", telegram_account())
    counts = import_file(memory, path, user=user, format="telegram").counts
    assert counts.messages == 3  # the private chat only; the group is not named
    counts = import_file(memory, path, user=user, format="telegram", chats=["Climbing club"]).counts
    assert counts.messages == 3
    group = [v for v in _conversations(memory, user) if v.title.startswith("Climbing club")]
    # The account owner (personal_information.user_id) is the person in the group too.
    assert [m.role for m in group[0].messages] == ["assistant", "user", "assistant"]


def test_telegram_truncated_names_chat_and_message(memory: Memory, tmp_path: Path) -> None:
    text = json.dumps(telegram_account())
    cut = text.index('"id": 12')  # inside the group's last message
    path = tmp_path / "result.json"
    path.write_text(text[:cut], encoding="utf-8")
    with pytest.raises(ImportFormatError) as info:
        import_file(memory, path, user=unique_user(), format="telegram", chats=["999"])
    assert "result.json: malformed JSON in chat #2 (id 999), after message 11" in str(info.value)


# -- background work ----------------------------------------------------------------------------
def test_background_work_builds_facts_folds_and_finishes(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    long = chatgpt_simple(
        "conv-long",
        "Long",
        [(f"Point {i}: the quarterly numbers look different. " * 8, f"Answer {i}. " * 40) for i in range(30)],
    )
    path = write_json(tmp_path / "c.json", [chatgpt_branching(), long])
    result = import_file(memory, path, user=user, format="chatgpt")
    before = import_status(memory, result.import_id, user=user)
    assert before["status"] == "indexing" and before["progress"]["stage"] == "background"
    assert before["progress"]["jobs_total"] == 4 and before["progress"]["background"] == 0.0
    assert before["progress"]["chunks_total"] > 0 and before["progress"]["chunks_done"] == 0
    seen: list[float] = []
    status = asyncio.run(
        run_background(
            memory, result.import_id, user=user, on_progress=lambda st: seen.append(st["progress"]["background"])
        )
    )
    assert status["status"] == "done" and status["progress"]["background"] == 1.0
    assert status["progress"]["jobs_done"] == 4 and seen == sorted(seen)
    assert status["progress"]["chunks_done"] == status["progress"]["chunks_total"] == before["progress"]["chunks_total"]
    facts = asyncio.run(_facts(memory, user))
    assert "Statement: My name is Ana Ferreira and I live in Lisbon." in facts
    uid = asyncio.run(memory.user_id(user))
    with memory.db.reading() as s:
        conv = s.scalar(select(Conversation).where(Conversation.user_id == uid, Conversation.message_count == 60))
        assert conv is not None and conv.summary_cursor > 0  # the long conversation was folded


async def _facts(memory: Memory, user: str) -> list[str]:
    from threadkeep.memory.facts.candidate import render_fact
    from threadkeep.store.facts import load_facts

    uid = await memory.user_id(user)
    with memory.db.reading() as s:
        return [render_fact(f.key, f.value) for f in load_facts(s, memory.vault, user_id=uid)]


def test_deleting_the_person_leaves_no_import_rows_or_jobs(memory: Memory, tmp_path: Path) -> None:
    from threadkeep.store.imports_tables import ImportRun
    from threadkeep.store.models import Job

    user = unique_user()
    result = import_file(memory, write_json(tmp_path / "c.json", [chatgpt_branching()]), user=user, format="chatgpt")
    uid = asyncio.run(memory.user_id(user))
    asyncio.run(memory.delete_user(user))
    with memory.db.reading() as s:
        assert s.scalar(select(func.count()).select_from(ImportRun).where(ImportRun.user_id == uid)) == 0
        assert s.scalar(select(func.count()).select_from(ImportSource).where(ImportSource.user_id == uid)) == 0
        assert (
            s.scalar(select(func.count()).select_from(Job).where(Job.dedupe_key.like(f"import:{result.import_id}:%")))
            == 0
        )
