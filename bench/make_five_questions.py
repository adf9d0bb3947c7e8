"""Write or check a five-questions bank: the one generator of every bank in ``bench/data/``.

    python bench/make_five_questions.py bank6                 # the bank's JSON to stdout
    python bench/make_five_questions.py bank6 --write         # into bench/data/five_questions_bank6.json
    python bench/make_five_questions.py all --check           # every bank against its stored file
    python bench/make_five_questions.py bank6 --stats         # a recipe's own counts, if it has them

A bank is a recipe in ``bench/banks/<name>.py`` (the seeded order of draws that makes its
dialogs) and its phrasings in ``bench/data/phrasings/<name>.json`` (the sentences, names and
value pools). Every bank rebuilds byte for byte; ``tests/test_bench_banks.py`` holds the
SHA-256 of each stored file. Run an evaluation on a bank with
``bench/bench_five_questions_fold.py`` or ``threadkeep eval five-questions``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path

from banks.common import DATA, BankCheckError, render

BANKS = ("bank2", "bank3", "bank4", "bank5", "bank6", "bank7", "bank8", "bank9", "own", "own_ru_ja")


def stored_path(bank: str) -> Path:
    """Where the bank's JSON is kept in the repository."""
    return DATA / f"five_questions_{bank}.json"


def build(bank: str) -> str:
    """The bank's file text, built from its recipe and phrasings."""
    if bank not in BANKS:
        raise SystemExit(f"unknown bank {bank!r}; known: {', '.join(BANKS)}")
    recipe = importlib.import_module(f"banks.{bank}")
    return render(recipe.make_bank(), final_newline=getattr(recipe, "FINAL_NEWLINE", True))


def main(argv: list[str] | None = None) -> int:
    """Write, print or check the named banks; 1 when a check finds a difference."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("bank", help=f"one of {', '.join(BANKS)}, or 'all'")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="write bench/data/five_questions_<bank>.json")
    mode.add_argument("--check", action="store_true", help="compare with the stored file, write nothing")
    mode.add_argument("--stats", action="store_true", help="print the recipe's own counts (bank6, bank7, bank8, bank9)")
    args = ap.parse_args(argv)
    names = list(BANKS) if args.bank == "all" else [args.bank]
    if args.bank == "all" and not (args.write or args.check):
        ap.error("'all' goes with --write or --check")
    failed = 0
    for bank in names:
        try:
            if args.stats:
                recipe = importlib.import_module(f"banks.{bank}")
                if not hasattr(recipe, "stats"):
                    raise SystemExit(f"{bank} has no --stats")
                print(json.dumps(recipe.stats(), ensure_ascii=False, indent=1))
                continue
            text = build(bank)
        except BankCheckError as e:
            print(f"{bank} fails its check: {e}", file=sys.stderr)
            failed += 1
            continue
        path = stored_path(bank)
        if args.check:
            same = path.is_file() and path.read_text(encoding="utf-8") == text
            print(f"{bank}: {'same' if same else 'DIFFERS from'} {path.name}")
            failed += not same
        elif args.write:
            path.write_text(text, encoding="utf-8")
            print(f"{bank}: wrote {path}")
        else:
            sys.stdout.write(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
