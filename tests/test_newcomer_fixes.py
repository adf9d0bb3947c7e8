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
    out = subprocess.run(["make", "-n", "-C", str(ROOT), "run", f"VENV={venv}", "PORT=9123", "HOST=0.0.0.0"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert f"{venv}/bin/threadkeep serve --host 0.0.0.0 --port 9123" in out
    default = subprocess.run(["make", "-n", "-C", str(ROOT), "run", f"VENV={venv}"],
                             capture_output=True, text=True, timeout=60, check=True).stdout
    assert "serve --host 127.0.0.1 --port 8000" in default
