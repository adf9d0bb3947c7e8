"""The five-questions evaluation of the rolling summary (issue 3).

Each dialog (format: ``../shared/data/dialogs/README.md``) is fed message by message through
the folding policy (threshold 30, tail 16), as the engine would. Then, for each question, we
look for an accepted answer (case-insensitive substring) in

* the rendered summary alone (``summary_only``), and
* the whole assembled request at the token budget (``assembled``) — system prompt, summary,
  verbatim window and per-turn context, but not the question itself;

and count ``stale_only``: the assembled request holds a stale value (``wrong``) and no accepted
answer. The facts layer is simulated the way §4–5 describe it: items leaving the summary
(``on_evict``) become fact candidates, and the turn gets the top-k by lexical relevance to the
question. With ``baseline="brief"`` the summary is the unstructured brief baseline, which has
no fact hand-off.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.memory.brief import BriefSummary, brief_fold
from threadkeep.memory.extractive import ExtractiveSummariser
from threadkeep.memory.folding import FoldPolicy, fold_range, fold_summary
from threadkeep.memory.summary import (
    DEFAULT_CAP_TOKENS,
    Item,
    SourceMessage,
    SummaryState,
    render_summary,
)
from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["run_five_questions", "DialogMemory", "feed_dialog"]

EVAL_SYSTEM_PROMPT = "You are a helpful assistant for a project team. Answer from the conversation."
FACTS_TOP_K = 8

_STEM_WORD = re.compile(r"[0-9a-zа-яё]+", re.IGNORECASE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]+")
_STOP = frozenset("the a an of on for to is are was what who why which how did we our in and "
                  "какой какую кто почему что для на мы в и".split())


def _terms(text: str) -> set[str]:
    terms = {w.lower()[:5] for w in _STEM_WORD.findall(text) if w.lower() not in _STOP}
    for run in _CJK.findall(text):
        terms.update(run[i:i + 2] for i in range(max(1, len(run) - 1)))
    return terms


def _relevant(question: str, candidates: Sequence[str], k: int) -> list[str]:
    q = _terms(question)
    scored = [(len(q & _terms(c)), i, c) for i, c in enumerate(candidates)]
    scored = [s for s in scored if s[0] > 0]
    # Most overlap first; among equals the most recent candidate.
    scored.sort(key=lambda s: (-s[0], -s[1]))
    return [c for _, _, c in scored[:k]]


@dataclass
class DialogMemory:
    """The memory of one dialog after feeding it: summary, cursor and fact candidates."""

    messages: list[SourceMessage]
    cursor: int = 0
    state: SummaryState = field(default_factory=SummaryState)
    brief: BriefSummary = field(default_factory=BriefSummary)
    fact_candidates: list[str] = field(default_factory=list)
    folds: int = 0

    def summary_text(self, baseline: str | None) -> str:
        return self.brief.render() if baseline == "brief" else render_summary(self.state)


def feed_dialog(
    texts: Sequence[tuple[str, str]],
    *,
    baseline: Literal["brief"] | None = None,
    policy: FoldPolicy | None = None,
    cap: int = DEFAULT_CAP_TOKENS,
    counter: TokenCounter | None = None,
) -> DialogMemory:
    """Feed ``(role, text)`` pairs one by one, folding whenever the policy says so."""
    policy = policy or FoldPolicy()
    counter = counter or default_counter()
    summariser = ExtractiveSummariser()
    mem = DialogMemory([SourceMessage(f"m{i + 1}", r, t) for i, (r, t) in enumerate(texts)])

    def keep_facts(items: Sequence[Item]) -> None:
        mem.fact_candidates.extend(i.text for i in items)

    for n in range(1, len(mem.messages) + 1):
        while (rng := fold_range(n, mem.cursor, policy)) is not None:
            batch = mem.messages[rng.first - 1 : rng.last]
            if baseline == "brief":
                mem.brief = brief_fold(mem.brief, batch, cap=cap, counter=counter)
            else:
                mem.state = fold_summary(mem.state, batch, summariser=summariser, cap=cap,
                                         counter=counter, on_evict=keep_facts).state
            mem.cursor = rng.last
            mem.folds += 1
    return mem


def _share(hits: int, total: int) -> float:
    return round(hits / total, 4) if total else 0.0


def run_five_questions(
    path: str | Path,
    budget: int = 2000,
    baseline: Literal["brief"] | None = None,
    *,
    threshold: int = 30,
    tail: int = 16,
    cap: int = DEFAULT_CAP_TOKENS,
) -> dict[str, Any]:
    """Run the evaluation on a dialogs file; returns the JSON-able result.

    Top-level keys ``summary_only``, ``assembled``, ``stale_only`` (shares in 0..1) and
    ``by_kind`` (the same three per question kind), plus ``questions`` and ``dialogs``.
    """
    if baseline not in (None, "brief"):
        raise ValueError(f"unknown baseline {baseline!r}; use None or 'brief'")
    dialogs = json.loads(Path(path).read_text(encoding="utf-8"))
    counter = default_counter()
    policy = FoldPolicy(threshold=threshold, tail=tail)
    totals = {"n": 0, "summary_only": 0, "assembled": 0, "stale_only": 0}
    kinds: dict[str, dict[str, int]] = {}
    misses: list[dict[str, Any]] = []
    for dialog in dialogs:
        pairs = [(m["role"], m["text"]) for m in dialog["messages"]]
        mem = feed_dialog(pairs, baseline=baseline, policy=policy, cap=cap, counter=counter)
        summary = mem.summary_text(baseline)
        window = tuple(mem.messages[mem.cursor:])
        for q in dialog["questions"]:
            facts = () if baseline == "brief" else tuple(
                _relevant(q["q"], mem.fact_candidates, FACTS_TOP_K))
            built = assemble(TurnInputs(
                system=EVAL_SYSTEM_PROMPT, startup=f"Conversation {dialog.get('id', '')}",
                summary=summary, history=window, now="(evaluation)", facts=facts,
                new_message=q["q"]), ceiling=budget, counter=counter)
            # The question itself is left out: only what memory brought counts.
            seen = "\n".join([built.request.system, *(m.text for m in built.request.messages[:-1])])
            in_summary = _contains(summary, q["answers"])
            in_request = _contains(seen, q["answers"])
            stale = not in_request and _contains(seen, q.get("wrong", []))
            row = kinds.setdefault(q["kind"], {"n": 0, "summary_only": 0, "assembled": 0,
                                                "stale_only": 0})
            for bucket in (row, totals):
                bucket["n"] += 1
                bucket["summary_only"] += in_summary
                bucket["assembled"] += in_request
                bucket["stale_only"] += stale
            if not in_request:
                misses.append({"dialog": dialog.get("id"), "kind": q["kind"], "stale": stale})
    return {
        "summary_only": _share(totals["summary_only"], totals["n"]),
        "assembled": _share(totals["assembled"], totals["n"]),
        "stale_only": _share(totals["stale_only"], totals["n"]),
        "by_kind": {k: {m: _share(v[m], v["n"]) for m in ("summary_only", "assembled", "stale_only")}
                    for k, v in sorted(kinds.items())},
        "questions": totals["n"],
        "dialogs": len(dialogs),
        "budget": budget,
        "baseline": baseline or "structured",
        "misses": misses,
    }


def _contains(text: str, needles: Sequence[str]) -> bool:
    low = text.lower()
    return any(n.lower() in low for n in needles)
