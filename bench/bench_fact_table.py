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

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from threadkeep.memory.facts.extract import extract_facts  # noqa: E402
from threadkeep.memory.facts.table_score import LANGS, load_table, score  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("table", type=Path)
    rows = load_table(ap.parse_args().table)
    for lang in LANGS:
        result = score(rows, lang, extract_facts)
        print(f"{lang}: precision {result.precision:.2f} ({result.correct}/{result.produced}), "
              f"recall {result.recall:.2f} ({result.found}/{result.stated})")
        for line in [f"  wrong  {w}" for w in result.wrong] + [f"  missed {m}" for m in result.missed]:
            print(line)


if __name__ == "__main__":
    main()
