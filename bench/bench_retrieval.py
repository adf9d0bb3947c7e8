"""Tokenizer and BM25 cost: retrieval's one implementation, optionally beside an earlier tree's.

CPU time (``time.process_time``, medians of ``--runs``) on the turns and questions of a LoCoMo
file: tokenizing every turn once, and scoring every question against a BM25 index of the
turns repeated ``--copies`` times (~10,000 documents by default) — a static index, and one
that gains a document before each question (the cost of the addition included). With ``--baseline-src`` the
same is measured for the tokenizers and BM25 classes of another source tree (e.g. a checkout
of the commit before retrieval was unified, whose ``retrieval/hybrid.py`` was memory's and
``retrieval/lexical.py`` the knowledge base's), in the same process, side by side::

    git archive 6cf912a src | tar -x -C /tmp/before
    python bench/bench_retrieval.py --data ../shared/data/locomo/locomo_dev2.json \\
        --baseline-src /tmp/before/src
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
from harness import emit, time_calls

from threadkeep.retrieval.bm25 import Bm25Index
from threadkeep.retrieval.tokenizer import tokenize

__all__ = ["main"]


def _load(path: Path, name: str) -> ModuleType | None:
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def _texts(path: Path) -> tuple[list[str], list[str]]:
    turns, questions = [], []
    for sample in json.loads(path.read_text("utf-8")):
        for value in sample["conversation"].values():
            if isinstance(value, list):
                turns += [t["text"] for t in value if isinstance(t, dict) and "text" in t]
        questions += [q["question"] for q in sample["qa"]]
    return turns, questions


def _median_cpu(work: Callable[[], object], runs: int) -> float:
    """Median process CPU seconds of ``work``."""
    return time_calls(work, runs, cpu=True)["median"] / 1e3


def main(argv: list[str] | None = None) -> int:
    """Measure and print one JSON document."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, required=True, help="a LoCoMo JSON file")
    ap.add_argument("--baseline-src", type=Path, help="another tree's src/ to measure beside")
    ap.add_argument("--copies", type=int, default=13, help="the turns repeated, for the BM25 index")
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args(argv)

    turns, questions = _texts(args.data)
    docs = [tokenize(t) for t in turns] * args.copies
    queries = [tokenize(q) for q in questions]
    out: dict[str, Any] = {"turns": len(turns), "bm25_documents": len(docs), "questions": len(questions)}
    tokenizers: dict[str, Callable[[str], list[str]]] = {"unified": tokenize}
    # Every BM25 gets the same tokens, so only the index is compared.
    # (build the index, score a question, add one document)
    bm25: dict[
        str, tuple[Callable[[], Any], Callable[[Any, list[str]], np.ndarray], Callable[[Any, list[str]], object]]
    ] = {"unified": (lambda: Bm25Index(docs), lambda ix, q: ix.scores(q), lambda ix, d: ix.add([d]))}
    if args.baseline_src is not None:
        base = args.baseline_src / "threadkeep" / "retrieval"
        memory_old = _load(base / "hybrid.py", "baseline_hybrid")
        knowledge_old = _load(base / "lexical.py", "baseline_lexical")
        if memory_old is not None and hasattr(memory_old, "tokenize"):
            tokenizers["baseline memory (hybrid.py)"] = memory_old.tokenize
            bm25["baseline memory (hybrid.py)"] = (
                lambda: memory_old.Bm25Index(docs),
                lambda ix, q: ix.scores(q),
                lambda ix, d: ix.add([d]),
            )
        if knowledge_old is not None:
            tokenizers["baseline knowledge (lexical.py)"] = knowledge_old.tokenize
            # Its BM25 tokenizes text itself: from here on it is handed the tokens as they are.
            knowledge_old.tokenize = lambda s: s.split("\x00")  # type: ignore[attr-defined]

            def build() -> Any:
                ix = knowledge_old.BM25Index()
                for label, doc in enumerate(docs):
                    ix.add(label, "\x00".join(doc))
                return ix

            bm25["baseline knowledge (lexical.py)"] = (
                build,
                lambda ix, q: ix.scores("\x00".join(q), ix._live),
                lambda ix, d: ix.add(ix._live, "\x00".join(d)),
            )
    out["tokenize_us_per_turn"] = {
        name: round(_median_cpu(lambda f=f: [f(t) for t in turns], args.runs) / len(turns) * 1e6, 1)  # type: ignore[misc]
        for name, f in tokenizers.items()
    }
    # A static index (a knowledge base between changes), and one that gains a document before
    # every question (a person's messages: recall's index grows by each turn's message).
    out["bm25_ms_per_question"], out["bm25_ms_per_question_after_an_addition"] = {}, {}
    for name, (build, score, add) in bm25.items():
        index = build()
        per_round = _median_cpu(lambda: [score(index, q) for q in queries], args.runs)  # noqa: B023
        out["bm25_ms_per_question"][name] = round(per_round / len(queries) * 1000, 4)
        growing = build()
        fresh = iter(docs * args.runs)

        def grow_and_score() -> None:
            for q in queries:
                add(growing, next(fresh))  # noqa: B023
                score(growing, q)  # noqa: B023

        out["bm25_ms_per_question_after_an_addition"][name] = round(
            _median_cpu(grow_and_score, args.runs) / len(queries) * 1000, 4
        )
    emit(out, as_json=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
