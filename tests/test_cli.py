"""Issue 2: the CLI as a person runs it (real subprocesses, embedded SQLite, no API key)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

MARKER = "cli-marker-51b0"


def tk(home: Path, *args: str, stdin: str | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("THREADKEEP_", "ANTHROPIC", "OPENAI"))}
    env["THREADKEEP_HOME"] = str(home)
    proc = subprocess.run(
        [sys.executable, "-m", "threadkeep.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"threadkeep {' '.join(args)} failed: {proc.stderr}")
    return proc


def test_chat_piped_one_reply_per_line_and_export(tmp_path) -> None:
    home = tmp_path / "home"
    proc = tk(home, "chat", "--user", "alice", stdin=f"My code word is {MARKER}.\nWhat is my code word?\n")
    lines = proc.stdout.strip("\n").split("\n")
    assert lines[0].startswith("[offline mode")
    assert proc.stdout.count("[offline mode") == 1  # the notice opens a conversation, once
    assert len(lines) == 2 and MARKER in lines[1]  # the second reply quotes memory
    assert "conversation: " in proc.stderr
    cid = proc.stderr.split("conversation: ")[1].split()[0]
    # The marker is encrypted at rest ...
    raw = b"".join(p.read_bytes() for p in home.glob("threadkeep.db*"))
    assert MARKER.encode() not in raw
    # ... and the export shows it.
    md = tk(home, "conversations", "export", cid, "--user", "alice").stdout
    assert MARKER in md
    data = json.loads(tk(home, "conversations", "export", cid, "--user", "alice", "--format", "json").stdout)
    assert data["messages"][0]["text"] == f"My code word is {MARKER}."
    # Continue the same conversation.
    tk(home, "chat", "--user", "alice", "--conversation", cid, stdin="third message\n")
    listed = json.loads(tk(home, "conversations", "list", "--user", "alice", "--json").stdout)
    assert [c["id"] for c in listed] == [cid] and listed[0]["message_count"] == 6


def test_conversations_rename_delete_and_errors(tmp_path) -> None:
    home = tmp_path / "home"
    proc = tk(home, "chat", "--user", "bob", stdin="hello\n")
    cid = proc.stderr.split("conversation: ")[1].split()[0]
    tk(home, "conversations", "rename", cid, "Планы", "--user", "bob")
    assert "Планы" in tk(home, "conversations", "list", "--user", "bob").stdout
    other = tk(home, "conversations", "export", cid, "--user", "mallory", check=False)
    assert other.returncode != 0 and "not found" in other.stderr and "Traceback" not in other.stderr
    tk(home, "conversations", "delete", cid, "--user", "bob")
    assert tk(home, "conversations", "list", "--user", "bob").stdout.strip() == ""
    unknown = tk(home, "chat", "--user", "bob", "--conversation", "nope", stdin="hi\n", check=False)
    assert unknown.returncode != 0 and "not found" in unknown.stderr and "Traceback" not in unknown.stderr


def test_missing_master_key_error_names_the_file(tmp_path) -> None:
    home = tmp_path / "home"
    tk(home, "chat", "--user", "carol", stdin="hello\n")
    (home / "master.key").unlink()
    proc = tk(home, "conversations", "list", "--user", "carol", check=False)
    assert proc.returncode != 0
    assert str(home / "master.key") in proc.stderr and "Traceback" not in proc.stderr
    assert not (home / "master.key").exists()


def test_rotate_master_key_via_cli(tmp_path) -> None:
    home = tmp_path / "home"
    proc = tk(home, "chat", "--user", "dave", stdin="before rotation\n")
    cid = proc.stderr.split("conversation: ")[1].split()[0]
    new_key = tmp_path / "new.key"
    tk(home, "keys", "generate-master", "--out", str(new_key))
    out = tk(home, "keys", "rotate-master", "--new-key-file", str(new_key)).stdout
    assert "re-wrapped 1 data keys" in out or "re-wrapped 2 data keys" in out
    os.replace(new_key, home / "master.key")
    assert "before rotation" in tk(home, "conversations", "export", cid, "--user", "dave").stdout


@pytest.mark.parametrize("bad", ["\x00nul\n"])
def test_chat_bad_line_reports_and_continues(tmp_path, bad) -> None:
    home = tmp_path / "home"
    proc = tk(home, "chat", "--user", "erin", stdin=f"{bad}fine message\n")
    assert "NUL" in proc.stderr
    assert proc.stdout.count("[offline mode") == 1


def test_knowledge_add_list_search_remove(tmp_path) -> None:
    home = tmp_path / "home"
    doc = tmp_path / "policy.md"
    doc.write_text("# Travel policy\n\nEconomy class for flights under six hours.\n\nHotels up to 180 euros.\n")
    html = tmp_path / "hr.html"
    html.write_text(
        "<html><head><title>HR</title><script>x()</script></head><body><p>Salary bands are reviewed in May.</p></body></html>"
    )
    added = tk(home, "knowledge", "add", str(doc), "--public")
    assert " 1 chunk " in added.stdout and "ingesting" in added.stderr
    tk(home, "knowledge", "add", str(html), "--group", "hr")
    listed = json.loads(tk(home, "knowledge", "list", "--json").stdout)
    assert {d["title"] for d in listed} == {"Travel policy", "HR"}
    found = json.loads(tk(home, "knowledge", "search", "salary bands review", "--json").stdout)
    assert all(h["title"] != "HR" for h in found)  # not visible without the group
    found = json.loads(tk(home, "knowledge", "search", "salary bands review", "--group", "hr", "--json").stdout)
    assert found[0]["title"] == "HR" and "x()" not in found[0]["text"]
    hr_id = next(d["id"] for d in listed if d["title"] == "HR")
    tk(home, "knowledge", "remove", hr_id)
    assert [d["title"] for d in json.loads(tk(home, "knowledge", "list", "--json").stdout)] == ["Travel policy"]


def test_an_unreachable_database_is_one_line_and_a_failure(tmp_path) -> None:
    home = tmp_path / "home"
    for args in (
        ("--db", "postgresql://nowhere/x", "facts", "list", "--user", "a"),
        ("facts", "list", "--db", "postgresql://someone:s3cret@127.0.0.1:1/x", "--user", "a"),
    ):
        proc = tk(home, *args, check=False)
        assert proc.returncode != 0 and "Traceback" not in proc.stderr
        (line,) = proc.stderr.strip().splitlines()
        url = args[args.index("--db") + 1]
        assert line.startswith("Error: cannot open the database postgresql://") and url.split("@")[-1] in line
        assert "s3cret" not in line  # the password is not printed


def test_a_sqlite_path_into_a_missing_folder_is_refused_and_creates_nothing(tmp_path) -> None:
    missing = tmp_path / "typo" / "deeper"
    proc = tk(tmp_path / "home", "--db", str(missing / "tk.db"), "facts", "list", "--user", "a", check=False)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert f"the folder {missing} does not exist" in proc.stderr
    assert not (tmp_path / "typo").exists()
    # The default database in threadkeep's home still gets its folder.
    tk(tmp_path / "new-home", "chat", "--user", "a", stdin="Hello.\n")
    assert (tmp_path / "new-home" / "threadkeep.db").is_file()


def test_chat_with_an_unknown_conversation_fails(tmp_path) -> None:
    home = tmp_path / "home"
    tk(home, "chat", "--user", "alice", stdin="Hello.\n")
    proc = tk(home, "chat", "--user", "alice", "--conversation", "no-such-id", stdin="Hello again.\n", check=False)
    assert proc.returncode != 0 and "conversation 'no-such-id' not found" in proc.stderr and proc.stdout == ""
