"""Issue 40: counts in user-facing text agree with their noun ("1 document", "2 documents")."""

from __future__ import annotations

import re
from pathlib import Path

from threadkeep.wording import counted

SRC = Path(__file__).resolve().parents[1] / "src" / "threadkeep"


def test_a_count_agrees_with_its_noun() -> None:
    assert [counted(n, "document") for n in (0, 1, 2)] == ["0 documents", "1 document", "2 documents"]
    assert counted(1, "person", "people") == "1 person" and counted(3, "person", "people") == "3 people"


def test_no_user_facing_text_puts_a_bare_count_before_a_plural() -> None:
    """What the CLI, the web app, the admin console and exports print: a count goes through
    counted() (Python) or counted() (the pages' scripts), never "{n} documents"."""
    nouns = "documents|chunks|messages|conversations|facts|turns|pings|rewrites|digests|versions|answers"
    python = re.compile(r"\{[^{}]*\}\s+(?:" + nouns + r")\b")
    script = re.compile(r"\$\{[^{}]*\}\s+(?:" + nouns + r")\b")
    files = [
        *(SRC / "cli").glob("*.py"),
        SRC / "export.py",
        SRC / "personal_export.py",
        SRC / "personal_export_sections.py",
        SRC / "surfaces" / "digests.py",
    ]
    slips = [f"{f.name}: {m.group(0)}" for f in files for m in python.finditer(f.read_text())]
    slips += [f"{f.name}: {m.group(0)}" for f in (SRC / "web").glob("*.js") for m in script.finditer(f.read_text())]
    assert not slips, slips
