"""Hand-written questions about the person, for choosing and checking how the offline default
picks the facts a question asks for (bench/bench_self_questions.py).

The cases are data (``bench/data/self_questions.json``): a person's facts as they said them, and
questions with the indexes of the facts that answer them (empty: never said). ``DEV`` chose the
rule; ``HELDOUT`` was written apart and only checks it.
"""

from __future__ import annotations

import json
from pathlib import Path

Case = tuple[tuple[str, ...], tuple[tuple[str, tuple[int, ...]], ...]]

_DATA = json.loads((Path(__file__).resolve().parent / "data" / "self_questions.json").read_text(encoding="utf-8"))


def _cases(section: str) -> tuple[Case, ...]:
    return tuple(
        (tuple(case["facts"]), tuple((q["q"], tuple(q["answers"])) for q in case["questions"]))
        for case in _DATA[section]
    )


DEV: tuple[Case, ...] = _cases("dev")
HELDOUT: tuple[Case, ...] = _cases("heldout")
