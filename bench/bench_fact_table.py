"""Precision and recall of the offline fact rules on a fact table (issue 26).

    PYTHONPATH=src python bench/bench_fact_table.py bench/data/fact_heldout.tsv

The table has the columns of tests/fixtures/fact_table.tsv (language, class, sentence,
expected facts). Prints precision (facts produced that the table expects) and recall (facts
the table expects that were produced) per language, and every wrong and missed fact — the
held-out figure docs/FACTS.md reports, since the test's own table was written with the rules.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_fact_table_languages import LANGS, Row, _matches  # noqa: E402
from threadkeep.memory.facts.extract import extract_facts  # noqa: E402


def load(path: Path) -> list[Row]:
    """The rows of a fact table file."""
    rows: list[Row] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        lang, cls, sentence, expected = line.split("\t")
        want = () if expected == "-" else tuple(
            tuple(p.strip().split("=", 1)) for p in expected.split(" | "))
        rows.append(Row(lang, cls, sentence, want))  # type: ignore[arg-type]
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("table", type=Path)
    rows = load(ap.parse_args().table)
    for lang in LANGS:
        produced = correct = stated = found = 0
        notes: list[str] = []
        for row in (r for r in rows if r.lang == lang):
            got = [(c.key, c.value) for c in extract_facts(row.sentence)]
            produced += len(got)
            for key, value in got:
                if any(_matches(key, value, w) for w in row.want):
                    correct += 1
                else:
                    notes.append(f"  wrong  ({row.cls}) {row.sentence} -> {key}={value}")
            for w in row.want:
                stated += 1
                if any(_matches(k, v, w) for k, v in got):
                    found += 1
                else:
                    notes.append(f"  missed {row.sentence} (want {w[0]}={w[1]}; got {got})")
        precision = correct / produced if produced else 1.0
        recall = found / stated if stated else 1.0
        print(f"{lang}: precision {precision:.2f} ({correct}/{produced}), recall {recall:.2f} ({found}/{stated})")
        print("\n".join(notes))


if __name__ == "__main__":
    main()
