"""The model-free fact extractor's statement filter on a table of sentences written apart from it.

    PYTHONPATH=src python bench/bench_fact_filter.py [bench/data/fact_heldout.tsv] [--json]

Each row of the table is a sentence a person might say and its class: ``statement`` (it states
something about the speaker) or ``question``, ``hypothetical``, ``negation``, ``quote``,
``other`` (someone else), ``chat`` (nothing about anyone). A statement should give a fact, the
others none. Printed per class: rows, rows that gave a fact, and the two shares — *recall*
(statements that gave a fact) and *precision* (of the rows that gave a fact, the statements).
Notes ("remember that …") are not counted: they are kept by design whatever the class.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from harness import add_json_flag, emit, table

from threadkeep.memory.facts.extract import extract_facts

DEFAULT = Path(__file__).parent / "data" / "fact_heldout.tsv"


def measure(path: Path) -> dict[str, object]:
    """Per class: rows and rows that gave a fact; recall and precision over the table."""
    rows: Counter[str] = Counter()
    gave: Counter[str] = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        _lang, cls, sentence, *_ = line.split("\t")
        rows[cls] += 1
        gave[cls] += any(c.key != "note" for c in extract_facts(sentence))
    produced = sum(gave.values())
    return {
        "classes": {c: {"rows": rows[c], "gave_a_fact": gave[c]} for c in sorted(rows)},
        "recall": round(gave["statement"] / rows["statement"], 3) if rows["statement"] else None,
        "precision": round(gave["statement"] / produced, 3) if produced else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("table", nargs="?", type=Path, default=DEFAULT)
    add_json_flag(parser)
    args = parser.parse_args()
    result = measure(args.table)
    rows = [{"class": cls, **row} for cls, row in result["classes"].items()]  # type: ignore[union-attr]
    text = table(rows) + f"\nrecall {result['recall']}  precision {result['precision']}"
    emit(result, args.json, text)


if __name__ == "__main__":
    main()
