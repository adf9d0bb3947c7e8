"""What every bank recipe shares: its phrasings file, the JSON form, the message clock."""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "bench" / "data"
PHRASINGS_DIR = DATA / "phrasings"


@cache
def phrasings(bank: str) -> dict[str, Any]:
    """The sentences, names and value pools of ``bank`` (``bench/data/phrasings/<bank>.json``)."""
    return dict(json.loads((PHRASINGS_DIR / f"{bank}.json").read_text(encoding="utf-8")))


def render(dialogs: list[dict[str, Any]]) -> str:
    """The text of a bank file: one-space-indented JSON, non-ASCII kept, a final newline."""
    return json.dumps(dialogs, ensure_ascii=False, indent=1) + "\n"


class BankCheckError(Exception):
    """A built bank broke one of its recipe's own rules; the bank is not written."""


def repo_on_path() -> None:
    """Put the repository root (for ``evals``) and ``src/`` on ``sys.path``, once."""
    for path in (ROOT / "src", ROOT):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))


def fill(template: Any, ctx: dict[str, Any]) -> Any:
    """``template`` with every string in it formatted from ``ctx`` (lists and dicts kept)."""
    if isinstance(template, str):
        return template.format(**ctx)
    if isinstance(template, list):
        return [fill(item, ctx) for item in template]
    return {key: fill(item, ctx) for key, item in template.items()}
