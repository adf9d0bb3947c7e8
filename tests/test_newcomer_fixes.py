"""Issue 28, item 5: the smaller things a new user hit, each checked the way they hit it."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_takes_port_and_host(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    venv.mkdir()
    (venv / ".installed").touch()
    newer = time.time() + 60  # newer than pyproject.toml: make sees nothing to install
    os.utime(venv / ".installed", (newer, newer))
    out = subprocess.run(
        ["make", "-n", "-C", str(ROOT), "run", f"VENV={venv}", "PORT=9123", "HOST=0.0.0.0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert f"{venv}/bin/threadkeep serve --host 0.0.0.0 --port 9123" in out
    default = subprocess.run(
        ["make", "-n", "-C", str(ROOT), "run", f"VENV={venv}"], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    assert "serve --host 127.0.0.1 --port 8000" in default


def test_users_delete_says_what_it_removed(tmp_path: Path) -> None:
    """Issue 28: `users delete` printed nothing after the confirmation."""
    from tests.test_cli import tk

    home = tmp_path / "home"
    tk(home, "chat", "--user", "vera", stdin="My locker is 12.\nI work in Lisbon.\n")
    done = tk(home, "users", "delete", "--user", "vera", stdin="y\n")
    assert "deleted 'vera': 1 conversation, 4 messages" in done.stdout and "data key was destroyed" in done.stdout
    assert "vera" not in tk(home, "users", "list").stdout
    again = tk(home, "users", "delete", "--user", "vera", "--yes", check=False)
    assert again.returncode != 0 and "no person named 'vera'" in again.stderr and "Traceback" not in again.stderr


def test_a_corrupt_pdf_is_one_clear_error_without_parser_noise(tmp_path: Path) -> None:
    """Issue 28: pypdf's repair notes ("incorrect startxref pointer", ...) reached the terminal."""
    pypdf = pytest.importorskip("pypdf")
    from tests.test_cli import tk

    writer = pypdf.PdfWriter()
    writer.add_blank_page(200, 200)
    whole = tmp_path / "whole.pdf"
    writer.write(str(whole))
    data = whole.read_bytes()
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(data[: len(data) // 2] + data[-40:])  # the middle cut out
    proc = tk(tmp_path / "home", "knowledge", "add", str(broken), check=False)
    assert proc.returncode != 0
    err = [line for line in proc.stderr.splitlines() if "master key" not in line and line != "ingesting"]
    assert err == ["Error: not a readable PDF: Cannot find Root object in pdf"], proc.stderr


def test_importing_an_archive_into_its_own_database_counts_the_facts_already_there(tmp_path: Path) -> None:
    """Issue 28: the import said "facts added: …" and nothing of the facts it already held."""
    from tests.test_cli import tk

    home = tmp_path / "home"
    tk(
        home,
        "chat",
        "--user",
        "dora",
        stdin="I work at Acme.\nI live in Lisbon.\nMy name is Dora.\nMy favourite colour is green.\n",
    )
    out = tmp_path / "dora.zip"
    assert "4 facts" in tk(home, "users", "export", "--user", "dora", "--out", str(out)).stdout
    proc = tk(home, "import", "threadkeep", str(out), "--user", "dora")
    assert "facts: 4 in the archive, 4 already here, 0 added" in proc.stderr, proc.stderr
    assert (
        "stored 0 messages" in proc.stderr and "kept in place (still in this database): 1 conversation" in proc.stderr
    )
    listed = tk(home, "facts", "list", "--user", "dora").stdout.strip().splitlines()
    assert len(listed) == 4


def test_the_admin_cache_report_explains_offline_mode(tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    """Issue 28: the admin Cache section showed empty charts in offline mode with no word why."""
    from tests.conftest_api import start_harness, stop_harness
    from threadkeep.crypto import MasterKey
    from threadkeep.memory.offline import OfflineModel

    h = start_harness(
        f"sqlite:///{tmp_path / 'o.db'}",
        MasterKey(os.urandom(32), "o"),
        settings.model_copy(update={"embeddings": False}),
        model=OfflineModel(),
    )  # type: ignore[arg-type]
    try:
        c, _ = h.person()
        assert c.post("/v1/messages", json={"text": "The code is 7."}).status_code == 200
        admin = h.client(h.admin_key)
        report = admin.get("/v1/admin/cache-report").json()
        assert report["model"] == {"name": "offline", "prompt_cache": "none"}
        assert report["note"].startswith("Offline mode: no language model is configured")
        assert "THREADKEEP_MODEL" in report["note"]
        assert "Offline mode" in admin.get("/v1/admin/cache-report?format=text").text
        page = admin.get("/admin/admin.js").text  # the console shows the note above its charts
        assert "r.note" in page and "cache-note" in admin.get("/admin").text
    finally:
        stop_harness(h)
