"""Issue 27, item 4: attribution that is never silently wrong, and what each format keeps.

Built on small files in the formats the tools write (tests/fixtures/imports/, our own
values): Telegram --as must match a sender, an ambiguous private chat asks for --as,
forwards are quotes never mined, titles use the export's local dates; Claude voice notes
are kept; ChatGPT citation markers go; the format is told by structure and a wrong flag says
what the file looks like; "already imported" is told apart from "nothing to store"; a
message over the size limit is stored whole, in parts.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from tests.helpers import open_memory, unique_user
from tests.import_exports import chatgpt_simple, claude_export, write_json
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory, people
from threadkeep.imports.model import ImportFormatError
from threadkeep.imports.runs import import_status
from threadkeep.imports.service import check_format, import_file, run_background
from threadkeep.store.memory_tables import Fact
from threadkeep.store.models import Message

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")
FIXTURES = Path(__file__).parent / "fixtures" / "imports"


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    m = open_memory(
        f"sqlite:///{tmp_path / 'tk.db'}",
        MasterKey(os.urandom(32), "t"),
        Settings(home=tmp_path / "home", embeddings=False),
    )
    try:
        yield m
    finally:
        asyncio.run(m.close())


def _texts(memory: Memory, user: str) -> list[tuple[str, str]]:
    views = asyncio.run(memory.list_conversations(user=user, limit=100))
    out: list[tuple[str, str]] = []
    for v in sorted(views, key=lambda v: v.created_at):
        conv = asyncio.run(memory.get_conversation(v.id, user=user))
        out += [(m.role, m.text) for m in conv.messages]
    return out


def _titles(memory: Memory, user: str) -> list[str]:
    return [v.title for v in asyncio.run(memory.list_conversations(user=user, limit=100))]


# -- Telegram ---------------------------------------------------------------------------------
def test_telegram_as_naming_nobody_is_refused_with_the_senders_and_counts(memory: Memory) -> None:
    user = unique_user()
    with pytest.raises(ImportFormatError) as e:
        import_file(memory, FIXTURES / "telegram_private_ambiguous.json", user=user, format="telegram", person="Zed")
    text = str(e.value)
    assert "--as 'Zed' matches no sender" in text
    assert "Ana Ferreira (user111000111): 1" in text and "Boris Petrov (user222000222): 2" in text
    assert _texts(memory, user) == []
    # Naming one of them works, by name or by id.
    done = import_file(
        memory, FIXTURES / "telegram_private_ambiguous.json", user=user, format="telegram", person="ana ferreira"
    )
    assert done.counts.messages == 3
    assert [r for r, _ in _texts(memory, user)] == ["user", "assistant", "assistant"]


def test_a_private_chat_whose_id_matches_no_sender_asks_for_as(memory: Memory) -> None:
    user = unique_user()
    with pytest.raises(ImportFormatError) as e:
        import_file(memory, FIXTURES / "telegram_private_ambiguous.json", user=user, format="telegram")
    text = str(e.value)
    assert "chat #1 (id 500500) is a private chat" in text and "--as NAME_OR_ID" in text
    assert "Boris Petrov (user222000222): 2" in text
    assert _texts(memory, user) == []


def test_forwards_are_quotes_with_their_origin_and_never_the_persons_facts(memory: Memory) -> None:
    user = unique_user()
    done = import_file(memory, FIXTURES / "telegram_saved_forwards.json", user=user, format="telegram")
    asyncio.run(run_background(memory, done.import_id, user=user))
    texts = _texts(memory, user)
    assert texts[0] == ("user", "Forwarded from Carla Mendes:\n> I live in Reykjavik and I work at Initech.")
    assert texts[1] == ("user", "Forwarded from a hidden account:\n> Line one\n> line two of a forwarded post")
    assert texts[2] == ("user", "I live in Lisbon.")
    facts = [f["text"] for f in asyncio.run(people.list_facts(memory, user=user))]
    assert any("Lisbon" in f for f in facts), facts
    assert not any("Reykjavik" in f or "Initech" in f for f in facts), facts
    status = import_status(memory, done.import_id, user=user)
    assert status["left_out"]["forwarded messages kept as quotes, not mined for facts"] == 2


def test_telegram_titles_use_the_exports_local_dates(memory: Memory) -> None:
    user = unique_user()
    import_file(memory, FIXTURES / "telegram_local_dates.json", user=user, format="telegram")
    # date_unixtime is 2023-12-31 17:30 UTC; the export's own (local) date says 2024-01-01.
    assert _titles(memory, user) == ["Kenji · 2024-01-01"]
    with memory.db.reading() as s:
        first = s.scalars(select(Message).order_by(Message.created_at)).first()
        assert first is not None and first.created_at.isoformat().startswith("2023-12-31T17:30")


# -- Claude and ChatGPT -----------------------------------------------------------------------
def test_claude_voice_notes_are_the_persons_words(memory: Memory) -> None:
    user = unique_user()
    done = import_file(memory, FIXTURES / "claude_voice_note.json", user=user, format="claude")
    assert done.counts.messages == 2
    assert _texts(memory, user) == [
        ("user", "My sister Mira is visiting from Oslo next week."),
        ("assistant", "That sounds lovely."),
    ]


def test_chatgpt_citation_markers_are_removed_and_entities_rendered(memory: Memory) -> None:
    user = unique_user()
    import_file(memory, FIXTURES / "chatgpt_citations.json", user=user, format="chatgpt")
    answer = _texts(memory, user)[1][1]
    assert answer == "The tallest building is the Burj Khalifa  in Dubai, finished in 2010."
    assert not any("\ue000" <= c <= "\uf8ff" for c in answer)


# -- formats told by structure ------------------------------------------------------------------
def test_each_format_is_told_by_its_structure_and_a_wrong_flag_names_the_right_one(tmp_path: Path) -> None:
    claude = write_json(tmp_path / "claude.json", claude_export())
    files = {
        "chatgpt": FIXTURES / "chatgpt_citations.json",
        "claude": claude,
        "telegram": FIXTURES / "telegram_saved_forwards.json",
    }
    zipped = tmp_path / "export.zip"
    shutil.make_archive(str(zipped.with_suffix("")), "zip", FIXTURES.parent / "imports", None)
    for fmt, path in files.items():
        assert check_format(path, None) == fmt
    archive = tmp_path / "archive.zip"
    import zipfile

    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr(
            "manifest.json",
            json.dumps({"format": "threadkeep-personal-export", "format_version": 1, "person": "x", "counts": {}}),
        )
    assert check_format(archive, None) == "threadkeep"
    with pytest.raises(
        ImportFormatError, match="not a ChatGPT export: it looks like a Claude export; import it as claude"
    ):
        check_format(claude, "chatgpt")
    with pytest.raises(ImportFormatError, match="not a Telegram Desktop export: it looks like a ChatGPT export"):
        check_format(files["chatgpt"], "telegram")
    odd = write_json(tmp_path / "odd.json", {"hello": 1})
    with pytest.raises(ImportFormatError, match="cannot tell which export this is"):
        check_format(odd, None)


def test_threadkeep_import_file_without_a_format(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("THREADKEEP_", "ANTHROPIC", "OPENAI"))}
    env["THREADKEEP_HOME"] = str(tmp_path / "home")
    claude = write_json(tmp_path / "conversations.json", claude_export())

    def tk(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "threadkeep", *args], env=env, capture_output=True, text=True, timeout=600
        )

    done = tk("import", str(claude), "--user", "ana", "--no-wait", "--json")
    assert done.returncode == 0, done.stderr
    assert "conversations.json: claude export" in done.stderr
    assert json.loads(done.stdout)["counts"]["messages"] == 4
    wrong = tk("import", "chatgpt", str(claude), "--user", "ana", "--no-wait")
    assert wrong.returncode == 1 and "it looks like a Claude export" in wrong.stderr
    assert "Traceback" not in wrong.stderr


# -- counts and sizes -----------------------------------------------------------------------------
def test_already_imported_is_told_apart_from_nothing_to_store(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    empty = chatgpt_simple("empty-1", "Nothing", [])
    path = write_json(tmp_path / "conversations.json", [chatgpt_simple("c-1", "One", [("I like tea.", "ok")]), empty])
    first = import_file(memory, path, user=user, format="chatgpt")
    counts = import_status(memory, first.import_id, user=user)["counts"]
    assert counts | {"conversations": 1, "skipped_conversations": 0, "empty_conversations": 1} == counts
    again = import_file(memory, path, user=user, format="chatgpt")
    counts = import_status(memory, again.import_id, user=user)["counts"]
    assert counts | {"conversations": 0, "skipped_conversations": 1, "empty_conversations": 1} == counts


def test_a_message_over_the_size_limit_is_stored_whole_in_parts(memory: Memory, tmp_path: Path) -> None:
    user = unique_user()
    long = "\n\n".join(f"Paragraph {i}: " + "palavra " * 119 + "fim." for i in range(300))  # ~300 KB
    path = write_json(tmp_path / "conversations.json", [chatgpt_simple("long-1", "Long", [(long, "ok")])])
    done = import_file(memory, path, user=user, format="chatgpt")
    assert done.counts.split_messages == 1
    texts = _texts(memory, user)
    parts = [t for r, t in texts if r == "user"]
    assert len(parts) == 3 and all(len(p.encode()) <= memory.settings.max_message_bytes for p in parts)
    assert "".join(parts) == long  # nothing dropped
    assert texts[-1] == ("assistant", "ok")
    # Importing it again adds nothing.
    assert import_file(memory, path, user=user, format="chatgpt").counts.messages == 0
    with memory.db.reading() as s:
        assert len(s.scalars(select(Fact)).all()) == 0
