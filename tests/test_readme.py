"""The README is the way in: it names every page in docs/ and every picture it links exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_lists_every_document_and_links_existing_files() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pages = sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    assert pages
    missing = [name for name in pages if f"docs/{name}" not in readme]
    assert missing == [], f"README.md does not mention {missing}"
    links = re.findall(r"\]\((docs/[^)]+)\)", readme)
    assert any(link.endswith(".png") for link in links)
    assert [link for link in links if not (ROOT / link).is_file()] == []
    for where in ("/admin", "/mcp", "extension/", "docs/SURFACES.md"):
        assert where in readme
