"""Issue 20, done when: the three exports imported with the real CLI (subprocesses, SQLite,
the default embeddings, the offline extractor); after the background work ``threadkeep
facts list`` shows facts from the imported history, and a NEW conversation recalls an
imported detail (it is in the request the model gets)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.import_exports import chatgpt_branching, claude_export, telegram_personal, write_json
from threadkeep.config import Settings
from threadkeep.engine import Memory
from threadkeep.llm.scripted import ScriptedModel

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def tk(home: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("THREADKEEP_", "ANTHROPIC", "OPENAI"))}
    env["THREADKEEP_HOME"] = str(home)
    proc = subprocess.run(
        [sys.executable, "-m", "threadkeep", *args], capture_output=True, text=True, env=env, timeout=600
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"threadkeep {' '.join(args)} failed: {proc.stderr}")
    return proc


def test_imported_history_becomes_facts_and_recall(tmp_path: Path) -> None:
    home = tmp_path / "home"
    gpt = write_json(tmp_path / "conversations.json", [chatgpt_branching()])
    claude = write_json(tmp_path / "claude.json", claude_export())
    tg = write_json(tmp_path / "result.json", telegram_personal())

    out = tk(home, "import", "chatgpt", str(gpt), "--user", "ana", "--json")
    status = json.loads(out.stdout)
    assert status["status"] == "done" and status["progress"]["background"] == 1.0
    assert "stored 6 messages in 1 conversation" in out.stderr
    assert "left out: 1 assistant messages to a tool" in out.stderr
    assert "background" in out.stderr  # the second progress bar
    tk(home, "import", "claude", str(claude), "--user", "ana")
    done = tk(home, "import", "telegram", str(tg), "--user", "ana")
    assert done.stdout.strip().endswith(": done")

    facts = tk(home, "facts", "list", "--user", "ana").stdout
    assert "Statement: My name is Ana Ferreira and I live in Lisbon." in facts

    listed = json.loads(tk(home, "conversations", "list", "--user", "ana", "--json").stdout)
    assert {"Meeting Ana", "Garden plans", "Boris · 2023-11-14"} <= {c["title"] for c in listed}

    # Re-importing adds nothing and queues nothing.
    again = json.loads(tk(home, "import", "chatgpt", str(gpt), "--user", "ana", "--json").stdout)
    assert again["counts"]["messages"] == 0 and again["progress"]["jobs_total"] == 0

    # A new conversation: the imported detail reaches the model through recall.
    model = ScriptedModel(responder=lambda request: "ok")
    memory = Memory.open(None, settings=Settings(home=home), model=model)
    try:
        asyncio.run(memory.send("What was the name of our team mascot, the purple heron?", user="ana"))
    finally:
        asyncio.run(memory.close())
    (request,) = model.calls
    sent = "\n".join(m.text for seg in request.segments for m in seg.messages)
    assert "Bartholomew" in sent
    # And the facts block carries an imported fact.
    assert "Lisbon" in sent


def test_cli_error_names_the_place_without_a_traceback(tmp_path: Path) -> None:
    home = tmp_path / "home"
    text = json.dumps([chatgpt_branching()])
    bad = tmp_path / "conversations.json"
    bad.write_text(text[: len(text) // 2], encoding="utf-8")
    proc = tk(home, "import", "chatgpt", str(bad), "--user", "ana", check=False)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "conversations.json: malformed JSON in conversation #1, between bytes" in proc.stderr
    assert "Run the import again with a good file" in proc.stderr
    group = tk(
        home,
        "import",
        "telegram",
        str(
            write_json(
                tmp_path / "g.json",
                {
                    "name": "G",
                    "type": "private_group",
                    "id": 5,
                    "messages": [
                        {
                            "id": 1,
                            "type": "message",
                            "date_unixtime": "1700000000",
                            "from": "X",
                            "from_id": "user9",
                            "text": "hi",
                        }
                    ],
                },
            )
        ),
        "--user",
        "ana",
        check=False,
    )
    assert group.returncode == 1 and "--as NAME_OR_ID" in group.stderr
