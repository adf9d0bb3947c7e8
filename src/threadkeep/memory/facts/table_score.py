"""Scoring the offline fact rules on a fact table (issue 26): one scorer for the test's own
table (tests/test_fact_table_languages.py) and the held-out one (bench/bench_fact_table.py).

A table is tab-separated: language, class, sentence, expected facts ("-" for none, else
``slot=value`` joined by `` | ``). Commitments and notes match when the expected text is inside
the stored value; every other slot must match exactly, case and punctuation aside. Precision is
over every fact produced (notes included), recall over the facts the table expects.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from threadkeep.memory.facts.candidate import FactCandidate

__all__ = ["LANGS", "CLASSES", "Row", "Score", "load_table", "matches", "score"]

LANGS = ("en", "ru", "ja")
CLASSES = frozenset({"statement", "question", "hypothetical", "negation", "quote", "other", "chat"})
# Multi-word free text: the expected words must be inside the stored value.
_CONTAINED = frozenset({"commitment", "note"})


@dataclass(frozen=True)
class Row:
    """One sentence of a table and the facts it states about the speaker."""

    lang: str
    cls: str
    sentence: str
    want: tuple[tuple[str, str], ...]


@dataclass
class Score:
    """Precision and recall of one language, with every wrong and missed fact spelled out."""

    produced: int = 0
    correct: int = 0
    stated: int = 0
    found: int = 0
    wrong: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.correct / self.produced if self.produced else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.stated if self.stated else 1.0


def load_table(path: Path) -> list[Row]:
    """The rows of a table file; a malformed line raises ``ValueError`` naming it."""
    rows: list[Row] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 4 or parts[0] not in LANGS or parts[1] not in CLASSES:
            raise ValueError(f"{path}:{number}: want language, class, sentence, facts: {line!r}")
        lang, cls, sentence, expected = parts
        want = () if expected == "-" else tuple(
            _pair(part, f"{path}:{number}") for part in expected.split(" | "))
        rows.append(Row(lang, cls, sentence, want))
    return rows


def _pair(part: str, where: str) -> tuple[str, str]:
    slot, sep, value = part.strip().partition("=")
    if not sep:
        raise ValueError(f"{where}: an expected fact is slot=value, not {part!r}")
    return slot, value


def _norm(value: str) -> str:
    v = unicodedata.normalize("NFC", value).casefold().replace("ё", "е")
    v = re.sub(r"[\"'«»“”「」『』.,;:!?。、！？]", " ", v)
    v = re.sub(r"^\s*(?:the|a|an)\s+", "", v)
    return " ".join(v.split())


def matches(key: str, value: str, want: tuple[str, str]) -> bool:
    """Whether a produced fact (slot key, value) is the expected one."""
    slot, expected = want
    if key.split(":", 1)[0] != slot:
        return False
    if slot in _CONTAINED:
        return _norm(expected) in _norm(value)
    return _norm(value) == _norm(expected)


def score(rows: Iterable[Row], lang: str, extract: Callable[[str], Sequence[FactCandidate]]) -> Score:
    """Score ``extract`` on the rows of one language."""
    out = Score()
    for row in rows:
        if row.lang != lang:
            continue
        got = [(c.key, c.value) for c in extract(row.sentence)]
        out.produced += len(got)
        for key, value in got:
            if any(matches(key, value, w) for w in row.want):
                out.correct += 1
            else:
                out.wrong.append(f"({row.cls}) {row.sentence} -> {key}={value}")
        for w in row.want:
            out.stated += 1
            if any(matches(k, v, w) for k, v in got):
                out.found += 1
            else:
                out.missed.append(f"{row.sentence} (want {w[0]}={w[1]}; got {got})")
    return out
