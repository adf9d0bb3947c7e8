"""The reading rules stay a general fallback (issue 38): ``memory/summary/`` and
``memory/facts/`` together hold at most 2,000 lines. They grew to 7,000 lines of phrases when
each round added what a bank's sentences needed; a rule that does not fit has to replace one."""

from __future__ import annotations

from pathlib import Path

import threadkeep

BUDGET = 2_000


def test_the_summary_and_fact_rules_fit_their_line_budget() -> None:
    memory = Path(threadkeep.__file__).parent / "memory"
    files = sorted([*(memory / "summary").glob("*.py"), *(memory / "facts").glob("*.py")])
    assert len(files) >= 8, files  # the packages are where this test expects them
    lines = {f.name: len(f.read_text(encoding="utf-8").splitlines()) for f in files}
    assert sum(lines.values()) <= BUDGET, f"{sum(lines.values())} lines > {BUDGET}: {lines}"
