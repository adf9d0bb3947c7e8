"""The five-questions evaluation, measured through the engine (issues 3 and 17).

Each dialog (format: ``../shared/data/dialogs/README.md``) is played through a real
:class:`~threadkeep.engine.Memory` on a temporary SQLite database: every person's message is
a turn, the assistant's recorded answer is what a :class:`~threadkeep.llm.scripted.ScriptedModel`
replies, and the engine's own background jobs run after every turn exactly as a deployment's
job workers would — folds with the extractive summariser, promotion of evicted items to facts
(``TurnBuilder._promote``), per-message fact extraction, the recall index. Each question is
then asked as one more turn, and the request the engine built for it is taken from the
scripted model's recorded calls. Nothing is simulated: what is scored is what a model would
have been sent.

For each question we look for an accepted answer, matched on token boundaries (so "8 October"
is not found inside "18 October"),

* in the summary block of that request (``summary_only``), and
* in the whole request but the question itself (``assembled``): system prompt, start-up
  bundle, summary, verbatim window, facts and recalled messages at the token budget;

``stale_only`` counts questions whose request holds a superseded value (``wrong``) and no
accepted answer; ``stale_kept`` counts questions whose summary still holds a superseded value
as a current item: an item that names the stale value and no accepted answer (an item naming
both is the correction itself, "moved from 9 to 20 February"), whether or not the answer is
elsewhere in the summary. ``by_kind`` and ``by_language`` give the same keys per question
kind and per dialog language.

``baseline="brief"`` replaces the structured summary with the free "summarise briefly"
baseline (:mod:`threadkeep.memory.summary.brief`), which the engine does not run: that row is a
simulation of the fold loop with the same policy and no facts layer, kept for comparison.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.memory.summary.brief import BriefSummary, brief_fold
from threadkeep.memory.summary.compaction import extractive_compactor
from threadkeep.memory.summary.folding import FoldPolicy, fold_range
from threadkeep.memory.summary.items import DEFAULT_CAP_TOKENS, SourceMessage
from threadkeep.messages import ModelRequest
from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["run_five_questions", "BriefMemory", "feed_brief", "contains_token", "stale_kept", "METRICS"]

EVAL_SYSTEM_PROMPT = "You are a helpful assistant for a project team. Answer from the conversation."
EVAL_USER = "five-questions"
# What the scripted model answers to each question (stored as the turn's answer).
QUESTION_ANSWER = "(evaluation)"
METRICS = ("summary_only", "assembled", "stale_only", "stale_kept")


@dataclass
class BriefMemory:
    """The brief baseline after feeding a dialog: its summary and verbatim window."""

    messages: list[SourceMessage]
    cursor: int = 0
    brief: BriefSummary = field(default_factory=BriefSummary)
    folds: int = 0


def feed_brief(
    texts: Sequence[tuple[str, str]],
    *,
    policy: FoldPolicy | None = None,
    cap: int = DEFAULT_CAP_TOKENS,
    counter: TokenCounter | None = None,
) -> BriefMemory:
    """Feed ``(role, text)`` pairs into the brief baseline, folding whenever the policy says so."""
    policy = policy or FoldPolicy()
    counter = counter or default_counter()
    mem = BriefMemory([SourceMessage(f"m{i + 1}", r, t) for i, (r, t) in enumerate(texts)])
    for n in range(1, len(mem.messages) + 1):
        while (rng := fold_range(n, mem.cursor, policy)) is not None:
            mem.brief = brief_fold(mem.brief, mem.messages[rng.first - 1 : rng.last], cap=cap,
                                   counter=counter)
            mem.cursor = rng.last
            mem.folds += 1
    return mem


def _share(hits: int, total: int) -> float:
    return round(hits / total, 4) if total else 0.0


@dataclass(frozen=True, slots=True)
class _Seen:
    """What one question's request showed the model."""

    summary: str
    request: str


def _pairs(messages: Sequence[dict[str, str]]) -> list[tuple[str, str | None]]:
    """(person's message, assistant's answer) turns; a person's message with no answer after
    it gets an empty answer, an assistant message with no question before it is dropped."""
    turns: list[tuple[str, str | None]] = []
    for m in messages:
        if m["role"] == "user":
            turns.append((m["text"], None))
        elif turns and turns[-1][1] is None:
            turns[-1] = (turns[-1][0], m["text"])
    return turns


def _request_text(request: ModelRequest) -> tuple[str, str]:
    """(summary block, everything but the new message) of a request the engine built."""
    summary, parts = [], [request.system]
    for seg in request.segments:
        if seg.name in ("new_message", "tool_round"):
            continue
        text = "\n".join(m.text for m in seg.messages)
        parts.append(text)
        if seg.name == "summary":
            summary.append(text)
    return "\n".join(summary), "\n".join(parts)


async def _play(dialog: dict[str, Any], *, budget: int, threshold: int, tail: int, cap: int,
                embeddings: bool, workdir: Path) -> list[_Seen]:
    """Play one dialog through a real Memory and return what each question's request held."""
    from threadkeep.config import Settings
    from threadkeep.crypto import MasterKey
    from threadkeep.engine import Memory
    from threadkeep.llm.scripted import ScriptedModel

    settings = Settings(
        system_prompt=EVAL_SYSTEM_PROMPT, fold_threshold=threshold, fold_tail=tail,
        fold_adoption="eager", summary_cap_tokens=cap, embeddings=embeddings,
        context_window=budget + Settings().answer_reserve)
    model = ScriptedModel(name="five-questions")
    db_path = workdir / f"{abs(hash(dialog.get('id', ''))) % 10**8}-{os.getpid()}.db"
    memory = Memory.open(f"sqlite:///{db_path}", settings=settings, model=model,
                         master_key=MasterKey(os.urandom(32), "five-questions eval"))
    try:
        cid: str | None = None
        for text, answer in _pairs(dialog["messages"]):
            model.add(answer if answer is not None else "")
            done = await memory.send(text, user=EVAL_USER, conversation_id=cid)
            cid = done.conversation_id
            # The job workers of a deployment: folds, promotion, facts, recall index, profile.
            await memory.drain_jobs()
        seen: list[_Seen] = []
        for q in dialog["questions"]:
            model.add(QUESTION_ANSWER)
            await memory.send(q["q"], user=EVAL_USER, conversation_id=cid)
            summary, request = _request_text(model.calls[-1])
            seen.append(_Seen(summary, request))
        return seen
    finally:
        await memory.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db_path}{suffix}").unlink(missing_ok=True)


def _brief_seen(dialog: dict[str, Any], *, budget: int, policy: FoldPolicy, cap: int,
                counter: TokenCounter) -> list[_Seen]:
    mem = feed_brief([(m["role"], m["text"]) for m in dialog["messages"]], policy=policy, cap=cap,
                     counter=counter)
    summary = mem.brief.render()
    window = tuple(mem.messages[mem.cursor:])
    seen: list[_Seen] = []
    for q in dialog["questions"]:
        built = assemble(TurnInputs(
            system=EVAL_SYSTEM_PROMPT, startup=f"Conversation {dialog.get('id', '')}",
            summary=summary, history=window, now="(evaluation)", new_message=q["q"]),
            ceiling=budget, counter=counter, compactor=extractive_compactor(counter=counter))
        text = "\n".join([built.request.system, *(m.text for m in built.request.messages[:-1])])
        seen.append(_Seen(summary, text))
    return seen


def _summary_items(summary: str) -> list[str]:
    # One item per line; the field headers ("## Decisions") name no value.
    return [line for line in summary.splitlines() if line.strip() and not line.startswith("#")]


def stale_kept(summary: str, answers: Sequence[str], wrong: Sequence[str]) -> bool:
    """Whether the summary still holds a superseded value as a current item: an item naming a
    stale value and no accepted answer (an item naming both is the correction itself)."""
    return bool(wrong) and any(contains_token(item, wrong) and not contains_token(item, answers)
                               for item in _summary_items(summary))


def run_five_questions(
    path: str | Path,
    budget: int = 2000,
    baseline: Literal["brief"] | None = None,
    *,
    threshold: int = 30,
    tail: int = 16,
    cap: int = DEFAULT_CAP_TOKENS,
    embeddings: bool = True,
) -> dict[str, Any]:
    """Run the evaluation on a dialogs file; returns the JSON-able result.

    Top-level keys ``summary_only``, ``assembled``, ``stale_only``, ``stale_kept`` (shares in
    0..1), ``by_kind`` and ``by_language`` (the same four per question kind and per dialog
    language), plus ``questions``, ``dialogs`` and ``misses``.
    """
    if baseline not in (None, "brief"):
        raise ValueError(f"unknown baseline {baseline!r}; use None or 'brief'")
    dialogs = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(dialogs, list):
        raise ValueError(f"{path}: expected a JSON list of dialogs")
    counter = default_counter()
    policy = FoldPolicy(threshold=threshold, tail=tail)
    totals = {"n": 0, **{m: 0 for m in METRICS}}
    kinds: dict[str, dict[str, int]] = {}
    langs: dict[str, dict[str, int]] = {}
    misses: list[dict[str, Any]] = []
    # A memory-backed directory when there is one: the eval commits thousands of turns.
    scratch = "/dev/shm" if os.path.isdir("/dev/shm") else None
    with tempfile.TemporaryDirectory(prefix="tk-five-questions-", dir=scratch) as tmp:
        for dialog in dialogs:
            if baseline == "brief":
                seen = _brief_seen(dialog, budget=budget, policy=policy, cap=cap, counter=counter)
            else:
                seen = asyncio.run(_play(dialog, budget=budget, threshold=threshold, tail=tail,
                                         cap=cap, embeddings=embeddings, workdir=Path(tmp)))
            for q, got in zip(dialog["questions"], seen, strict=True):
                wrong = q.get("wrong", [])
                in_summary = contains_token(got.summary, q["answers"])
                in_request = contains_token(got.request, q["answers"])
                stale = not in_request and contains_token(got.request, wrong)
                kept = stale_kept(got.summary, q["answers"], wrong)
                hit = {"summary_only": in_summary, "assembled": in_request, "stale_only": stale,
                       "stale_kept": kept}
                row_k = kinds.setdefault(q["kind"], {"n": 0, **{m: 0 for m in METRICS}})
                row_l = langs.setdefault(dialog.get("lang", "?"), {"n": 0, **{m: 0 for m in METRICS}})
                for bucket in (row_k, row_l, totals):
                    bucket["n"] += 1
                    for m in METRICS:
                        bucket[m] += hit[m]
                if not (in_summary and in_request) or stale or kept:
                    misses.append({"dialog": dialog.get("id"), "lang": dialog.get("lang"),
                                   "kind": q["kind"], **hit})

    def shares(rows: dict[str, dict[str, int]]) -> dict[str, dict[str, float]]:
        return {k: {m: _share(v[m], v["n"]) for m in METRICS} for k, v in sorted(rows.items())}

    return {
        **{m: _share(totals[m], totals["n"]) for m in METRICS},
        "by_kind": shares(kinds),
        "by_language": shares(langs),
        "questions": totals["n"],
        "dialogs": len(dialogs),
        "budget": budget,
        "baseline": baseline or "structured",
        "misses": misses,
    }


def _is_word_char(ch: str) -> bool:
    """Letters and digits of scripts written with spaces; CJK characters are not (Japanese has
    no spaces, so "6月18日" must be found inside "6月18日に")."""
    if not ch.isalnum():
        return False
    return not ("\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff")


def contains_token(text: str, needles: Sequence[str]) -> bool:
    """Whether any needle occurs in ``text`` (case-insensitive) on token boundaries: the
    characters either side of the match are not letters or digits of the same run ("8 October"
    is not in "18 October", "Ann" is not in "Anna"). Plain string search, linear in the text."""
    low = text.lower()
    for needle in needles:
        n = needle.lower().strip()
        if not n:
            continue
        start = low.find(n)
        while start != -1:
            end = start + len(n)
            before = low[start - 1] if start else ""
            after = low[end] if end < len(low) else ""
            left_ok = not (before and _is_word_char(before) and _is_word_char(n[0]))
            right_ok = not (after and _is_word_char(after) and _is_word_char(n[-1]))
            if left_ok and right_ok:
                return True
            start = low.find(n, start + 1)
    return False
