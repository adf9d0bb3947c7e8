"""Issue 19: the command line as a person meets it — through a real terminal (pexpect) where
the terminal matters, and as subprocesses otherwise. No tracebacks, clear messages, non-zero
exits, and answers that agree with each other."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from tests.test_cli import tk

PROMPT = "you> "


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("THREADKEEP_", "ANTHROPIC", "OPENAI"))}
    return env | {"THREADKEEP_HOME": str(home), "PYTHONUNBUFFERED": "1"}


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[list[pexpect.spawn]]:
    """Spawned terminals, each killed at the end even if the test fails."""
    spawned: list[pexpect.spawn] = []
    yield spawned
    for child in spawned:
        if child.isalive():
            child.terminate(force=True)
        child.close()


def _chat(terminal: list[pexpect.spawn], home: Path, *args: str) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "threadkeep.cli", "chat", "--user", "tess", *args],
        env=_env(home),
        encoding="utf-8",
        timeout=90,
        dimensions=(40, 200),
    )
    terminal.append(child)
    return child


def test_chat_in_a_terminal_commands_order_and_ctrl_c(tmp_path: Path, terminal: list[pexpect.spawn]) -> None:
    home = tmp_path / "home"
    child = _chat(terminal, home)
    child.expect(PROMPT)
    assert "/exit" in child.before and "Ctrl-D" in child.before  # the prompt says how to leave
    child.sendline("/help")
    child.expect(PROMPT)
    assert "/exit" in child.before and "/new" in child.before
    child.sendline("My locker number is 4417.")
    # The conversation id is told before the answer starts, not in the middle of it.
    child.expect(r"conversation: ([0-9a-f-]{36})\r\n")
    cid = child.match.group(1)
    child.expect("assistant> ")
    child.expect(PROMPT)
    child.sendline("exit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    # "/help" and "exit" were commands: one conversation, holding only the real message.
    listed = json.loads(tk(home, "conversations", "list", "--user", "tess", "--json").stdout)
    assert [(c["id"], c["message_count"], c["title"]) for c in listed] == [(cid, 2, "My locker number is 4417.")]

    again = _chat(terminal, home, "--conversation", cid)
    again.expect(PROMPT)
    again.send("half a line")
    started = time.monotonic()
    again.sendintr()  # Ctrl-C at the prompt: leave at once, no traceback
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0 and "Traceback" not in again.before
    assert time.monotonic() - started < 30  # not "after the next Enter" (generous for a busy machine)
    assert json.loads(tk(home, "conversations", "list", "--user", "tess", "--json").stdout)[0]["message_count"] == 2


@pytest.mark.parametrize("delay", [0.3, 1.0, 2.5])
def test_ctrl_c_during_start_up_is_not_a_traceback(tmp_path: Path, terminal: list[pexpect.spawn], delay: float) -> None:
    child = _chat(terminal, tmp_path / "home")
    time.sleep(delay)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in child.before and "KeyboardInterrupt" not in child.before
    # Interrupted while loading (130), or it reached the prompt first and left cleanly (0).
    assert child.exitstatus in (0, 130) or child.signalstatus is not None, child.before


def test_piped_chat_prints_exactly_one_line_per_reply(tmp_path: Path) -> None:
    home = tmp_path / "home"
    lines = ["The printer code is 9087.", "/help", "What is the printer code?", "And the weather?"]
    proc = tk(home, "chat", "--user", "pia", stdin="\n".join(lines) + "\n")
    replies = proc.stdout.split("\n")
    assert replies[-1] == "" and len(replies[:-1]) == 3  # /help is a command, not a message
    # The offline notice is said once per conversation (issue 40), on its first answer.
    assert "9087" in replies[1] and [r.startswith("[offline mode") for r in replies[:-1]] == [True, False, False]
    assert "Commands" in proc.stderr


def test_files_that_cannot_be_written_are_clear_errors(tmp_path: Path) -> None:
    home = tmp_path / "home"
    cid = tk(home, "chat", "--user", "olga", stdin="hello\n").stderr.split("conversation: ")[1].split()[0]
    export = tk(home, "conversations", "export", cid, "--user", "olga", "--out", "/nonexistent/x.md", check=False)
    assert export.returncode != 0 and "Traceback" not in export.stderr
    assert "cannot write /nonexistent/x.md" in export.stderr and "No such file or directory" in export.stderr
    chart = tk(home, "cache-report", "--png", "/nonexistent/dir/x.png", check=False)
    assert chart.returncode != 0 and "Traceback" not in chart.stderr
    assert "/nonexistent/dir/x.png" in chart.stderr


def test_answers_agree_unknown_people_and_facts_confirmations(tmp_path: Path) -> None:
    home = tmp_path / "home"
    cid = tk(home, "chat", "--user", "rita", stdin="hello\n").stderr.split("conversation: ")[1].split()[0]
    undo = tk(home, "facts", "undo", "0000", "--user", "rita", check=False)
    assert undo.returncode != 0 and "fact 0000 not found" in undo.stderr
    for args in (["conversations", "list", "--user", "zed"], ["facts", "list", "--user", "zed"]):
        proc = tk(home, *args, check=False)
        assert proc.returncode != 0 and "person 'zed' not found" in proc.stderr, args
    renamed = tk(home, "conversations", "rename", cid, "Plans", "--user", "rita")
    assert renamed.stdout.strip() == f"renamed {cid} to 'Plans'"
    deleted = tk(home, "conversations", "delete", cid, "--user", "rita")
    assert deleted.stdout.strip() == f"deleted {cid}"
    # A known person without conversations is an empty list, not an error.
    assert tk(home, "conversations", "list", "--user", "rita").stdout == ""


def test_knowledge_refuses_binary_and_explains_invisible_documents(tmp_path: Path) -> None:
    home = tmp_path / "home"
    junk = tmp_path / "junk"
    junk.write_bytes(os.urandom(20_000))
    refused = tk(home, "knowledge", "add", str(junk), "--public", check=False)
    assert refused.returncode != 0 and "does not look like text" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert json.loads(tk(home, "knowledge", "list", "--json").stdout) == []

    doc = tmp_path / "rota.md"
    doc.write_text("# Rota\n\nThe night shift starts at ten.\n")
    tk(home, "knowledge", "add", str(doc))  # neither --public nor --group
    search = tk(home, "knowledge", "search", "night shift")
    assert search.stdout == ""
    assert "1 document is not visible" in search.stderr and "--public" in search.stderr


def test_a_locked_database_is_a_clear_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from threadkeep import cli
    from threadkeep.store import db

    home = tmp_path / "home"
    cid = tk(home, "chat", "--user", "lena", stdin="hello\n").stderr.split("conversation: ")[1].split()[0]
    # Another process holds the write lock (as a busy server does) for longer than we wait.
    monkeypatch.setattr(db, "SQLITE_BUSY_TIMEOUT_MS", 100)
    monkeypatch.setattr(db, "LOCKED_RETRIES", 1)
    holder = sqlite3.connect(home / "threadkeep.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        result = CliRunner().invoke(cli.main, ["conversations", "rename", cid, "x", "--user", "lena"], env=_env(home))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.exit_code == 1, result.output
    assert "database is locked" in result.output and "try again" in result.output.lower()
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_an_unknown_slash_command_is_refused_with_the_list_not_sent(tmp_path: Path) -> None:
    """Issue 28: "/clear" was sent to the model and remembered."""
    home = tmp_path / "home"
    lines = ["/clear", "/reset everything", "The locker code is 4471.", "//etc is where configs live"]
    proc = tk(home, "chat", "--user", "uma", stdin="\n".join(lines) + "\n")
    assert "unknown command /clear" in proc.stderr and "unknown command /reset" in proc.stderr
    assert "/help, /exit, /quit, /new" in proc.stderr and "not sent" in proc.stderr
    assert len(proc.stdout.strip("\n").split("\n")) == 2  # two replies: the two real messages
    cid = proc.stderr.split("conversation: ")[1].split()[0]
    data = json.loads(tk(home, "conversations", "export", cid, "--user", "uma", "--format", "json").stdout)
    said = [m["text"] for m in data["messages"] if m["role"] == "user"]
    assert said == ["The locker code is 4471.", "/etc is where configs live"]
