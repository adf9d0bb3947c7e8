"""The five-questions evaluation, measured through the engine (issues 3 and 17).

Each dialog (format: ``../shared/data/dialogs/README.md``) is played through a real
:class:`~threadkeep.engine.Memory` on a temporary SQLite database: every person's message is
a turn, the assistant's recorded answer is what a :class:`~threadkeep.llm.scripted.ScriptedModel`
replies, and the engine's own background jobs run after every turn exactly as a deployment's
job workers would — folds with the extractive summariser, promotion of evicted items to facts
(``TurnBuilder._promote``), per-message fact extraction, the recall index. When a dialog's messages carry an ISO ``time``, each
message is played at that time (the engine's clock is moved there, so "today" in a message is
the day it was said) and the questions are asked a minute after the last message. Each question is
then asked as one more turn, and the request the engine built for it is taken from the
scripted model's recorded calls. Nothing is simulated: what is scored is what a model would
have been sent.

For each question we look for an accepted answer, matched on token boundaries (so "8 October"
is not found inside "18 October"),

* in the summary block of that request (``summary_only``), and
* in the whole request but the question itself (``assembled``): system prompt, start-up
  bundle, summary, verbatim window, facts and recalled messages at the token budget;

``stale_only`` counts questions whose request holds a superseded value (``wrong``) and no
accepted answer; ``stale_beside`` (issue 26) is the share of the questions that have a
superseded value where some line of the request — a summary item, a compaction block, a recall
note, a recalled turn, a fact — holds a superseded value and no accepted answer: an old value
shown as if current, whether or not the answer is elsewhere ("moved from A to B" on one line is
the correction itself, and fine); ``stale_kept`` counts questions whose summary still holds a superseded value
as a current item: an item that names the stale value and no accepted answer (an item naming
both is the correction itself, "moved from 9 to 20 February"), whether or not the answer is
elsewhere in the summary. ``by_kind`` and ``by_language`` give the same keys per question
kind and per dialog language.

``baseline="brief"`` replaces the structured summary with the free "summarise briefly"
baseline (:mod:`evals.brief`), which the engine does not run: that row is a
simulation of the fold loop with the same policy and no facts layer, kept for comparison.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any, Literal

from evals.brief import BriefSummary, brief_fold
from evals.five_questions_summary import summary_counts, summary_shares
from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.context.compaction import Compactor
from threadkeep.memory.summary.items import DEFAULT_CAP_TOKENS, SourceMessage
from threadkeep.memory.summary.policy import FoldPolicy, fold_range
from threadkeep.messages import ModelRequest
from threadkeep.tokens import TokenCounter, default_counter

__all__ = ["run_five_questions", "BriefMemory", "feed_brief", "contains_token", "stale_kept", "stale_beside", "METRICS"]

EVAL_SYSTEM_PROMPT = "You are a helpful assistant for a project team. Answer from the conversation."
EVAL_USER = "five-questions"
# What the scripted model answers to each question (stored as the turn's answer).
QUESTION_ANSWER = "(evaluation)"
METRICS = ("summary_only", "assembled", "stale_only", "stale_kept", "stale_beside")
# A question asked after a dialog with message times is asked this long after the last one.
QUESTION_DELAY = timedelta(minutes=1)


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
            mem.brief = brief_fold(mem.brief, mem.messages[rng.first - 1 : rng.last], cap=cap, counter=counter)
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
    # The messages as sent (role, text), the shape of ``eval locomo --dump``.
    messages: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class _Turn:
    text: str
    answer: str | None
    at: datetime | None


def message_time(message: dict[str, Any]) -> datetime | None:
    """A message's ISO ``time`` as an aware datetime (UTC when it names no zone), or None."""
    raw = message.get("time")
    if raw is None:
        return None
    try:
        at = datetime.fromisoformat(str(raw))
    except ValueError as e:
        raise ValueError(f"message time {raw!r} is not an ISO 8601 date-time") from e
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def _pairs(messages: Sequence[dict[str, Any]]) -> list[_Turn]:
    """(person's message, assistant's answer, time) turns; a person's message with no answer
    after it gets an empty answer, an assistant message with no question before it is dropped."""
    turns: list[_Turn] = []
    for m in messages:
        if m["role"] == "user":
            turns.append(_Turn(m["text"], None, message_time(m)))
        elif turns and turns[-1].answer is None:
            turns[-1] = _Turn(turns[-1].text, m["text"], turns[-1].at)
    return turns


def _as_messages(request: ModelRequest) -> tuple[tuple[str, str], ...]:
    return (("system", request.system), *((m.role, m.text) for m in request.messages))


class _Clock:
    """The engine's clock for one dialog: real time, or moved to each message's time."""

    def __init__(self, timed: bool) -> None:
        self._traveller: Any = None
        self._coords: Any = None
        if timed:
            import time_machine

            self._time_machine = time_machine

    def at(self, when: datetime | None) -> None:
        if when is None:
            return
        if self._traveller is None:
            self._traveller = self._time_machine.travel(when, tick=True)
            self._coords = self._traveller.start()
        else:
            self._coords.move_to(when)

    def stop(self) -> None:
        if self._traveller is not None:
            self._traveller.stop()
            self._traveller = None


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


async def _play(
    dialog: dict[str, Any], *, budget: int, threshold: int, tail: int, cap: int, embeddings: bool, workdir: Path
) -> list[_Seen]:
    """Play one dialog through a real Memory and return what each question's request held."""
    from threadkeep.config import Settings
    from threadkeep.crypto import MasterKey
    from threadkeep.engine import Memory
    from threadkeep.llm.scripted import ScriptedModel

    settings = Settings(
        system_prompt=EVAL_SYSTEM_PROMPT,
        fold_threshold=threshold,
        fold_tail=tail,
        fold_adoption="eager",
        summary_cap_tokens=cap,
        embeddings=embeddings,
        context_window=budget + Settings().answer_reserve,
    )
    model = ScriptedModel(name="five-questions")
    turns = _pairs(dialog["messages"])
    times = [t.at for t in turns if t.at is not None]
    clock = _Clock(bool(times))
    clock.at(times[0] if times else None)
    db_path = workdir / f"{abs(hash(dialog.get('id', ''))) % 10**8}-{os.getpid()}.db"
    memory = Memory.open(
        f"sqlite:///{db_path}",
        settings=settings,
        model=model,
        master_key=MasterKey(os.urandom(32), "five-questions eval"),
    )
    try:
        cid: str | None = None
        for turn in turns:
            clock.at(turn.at)
            model.add(turn.answer if turn.answer is not None else "")
            done = await memory.send(turn.text, user=EVAL_USER, conversation_id=cid)
            cid = done.conversation_id
            # The job workers of a deployment: folds, promotion, facts, recall index, profile.
            await memory.drain_jobs()
        clock.at(times[-1] + QUESTION_DELAY if times else None)
        seen: list[_Seen] = []
        for q in dialog["questions"]:
            model.add(QUESTION_ANSWER)
            await memory.send(q["q"], user=EVAL_USER, conversation_id=cid)
            summary, request = _request_text(model.calls[-1])
            sent = _as_messages(model.calls[-1])
            seen.append(_Seen(summary, request, sent))
        return seen
    finally:
        clock.stop()
        await memory.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db_path}{suffix}").unlink(missing_ok=True)


def _brief_seen(
    dialog: dict[str, Any], *, budget: int, policy: FoldPolicy, cap: int, counter: TokenCounter
) -> list[_Seen]:
    mem = feed_brief([(m["role"], m["text"]) for m in dialog["messages"]], policy=policy, cap=cap, counter=counter)
    summary = mem.brief.render()
    window = tuple(mem.messages[mem.cursor :])
    seen: list[_Seen] = []
    for q in dialog["questions"]:
        built = assemble(
            TurnInputs(
                system=EVAL_SYSTEM_PROMPT,
                startup=f"Conversation {dialog.get('id', '')}",
                summary=summary,
                history=window,
                now="(evaluation)",
                new_message=q["q"],
            ),
            ceiling=budget,
            counter=counter,
            compactor=Compactor(counter=counter),
        )
        text = "\n".join([built.request.system, *(m.text for m in built.request.messages[:-1])])
        seen.append(_Seen(summary, text, _as_messages(built.request)))
    return seen


def _summary_items(summary: str) -> list[str]:
    # One item per line; the field headers ("## Decisions") name no value.
    return [line for line in summary.splitlines() if line.strip() and not line.startswith("#")]


def stale_kept(summary: str, answers: Sequence[str], wrong: Sequence[str]) -> bool:
    """Whether the summary still holds a superseded value as a current item: an item naming a
    stale value and no accepted answer (an item naming both is the correction itself)."""
    return bool(wrong) and any(
        contains_token(item, wrong) and not contains_token(item, answers) for item in _summary_items(summary)
    )


def _stale_lines(request: str, answers: Sequence[str], wrong: Sequence[str]) -> list[str]:
    if not wrong:
        return []
    return [line for line in request.splitlines() if contains_token(line, wrong) and not contains_token(line, answers)]


def stale_beside(request: str, answers: Sequence[str], wrong: Sequence[str]) -> bool:
    """Whether some line of the request shows a superseded value as if current: a line naming
    a stale value and no accepted answer ("moved from A to B" on one line is the correction)."""
    return bool(_stale_lines(request, answers, wrong))


def _dump_line(out: IO[str], dialog: dict[str, Any], number: int, index: int, q: dict[str, Any], got: _Seen) -> None:
    qid = f"{dialog.get('id') or f'dialog-{index + 1}'}/q{number + 1}"
    out.write(
        json.dumps(
            {
                "id": qid,
                "q": q["q"],
                "summary": got.summary,
                "request": [{"role": r, "text": t} for r, t in got.messages],
            },
            ensure_ascii=False,
        )
        + "\n"
    )


def run_five_questions(
    path: str | Path,
    budget: int = 2000,
    baseline: Literal["brief"] | None = None,
    *,
    threshold: int = 30,
    tail: int = 16,
    cap: int = DEFAULT_CAP_TOKENS,
    embeddings: bool = True,
    dump: str | Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run the evaluation on a dialogs file; returns the JSON-able result. ``progress`` gets a
    line as each dialog starts and ends (the CLI writes them to stderr).

    Top-level keys ``summary_only``, ``assembled``, ``stale_only``, ``stale_kept``,
    ``stale_beside`` (shares in 0..1; ``stale_beside`` of the questions that have a superseded
    value, the others of all questions), ``by_kind`` and ``by_language`` (the same per question
    kind and per dialog language), plus ``questions``, ``dialogs`` and ``misses``. Overall and
    per language also ``summary_words``, ``small_talk_items``, ``open_questions_kept`` and
    ``next_steps_kept``: what the summary a dialog leaves is made of
    (:mod:`evals.five_questions_summary`; None where the dialogs tag nothing). ``dump``
    names a file that gets one JSON line per question: ``id``, ``q``, ``summary`` and
    ``request`` (the messages as sent, ``[{"role", "text"}]``).
    """
    if baseline not in (None, "brief"):
        raise ValueError(f"unknown baseline {baseline!r}; use None or 'brief'")
    dialogs = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(dialogs, list):
        raise ValueError(f"{path}: expected a JSON list of dialogs")
    counter = default_counter()
    policy = FoldPolicy(threshold=threshold, tail=tail)
    totals = {"n": 0, "n_wrong": 0, **{m: 0 for m in METRICS}}
    kinds: dict[str, dict[str, int]] = {}
    langs: dict[str, dict[str, int]] = {}
    misses: list[dict[str, Any]] = []
    # What each dialog's summary is made of (evals/five_questions_summary.py), per language.
    made_of: dict[str, list[dict[str, int]]] = {}
    # A memory-backed directory when there is one: the eval commits thousands of turns.
    scratch = "/dev/shm" if os.path.isdir("/dev/shm") else None
    dumping: AbstractContextManager[IO[str] | None] = Path(dump).open("w", encoding="utf-8") if dump else nullcontext()
    with dumping as out, tempfile.TemporaryDirectory(prefix="tk-five-questions-", dir=scratch) as tmp:
        started = time.monotonic()
        for index, dialog in enumerate(dialogs):
            if progress is not None:
                progress(
                    f"dialog {index + 1}/{len(dialogs)} ({dialog.get('id', '?')}, {dialog.get('lang', '?')}): "
                    f"{len(dialog['messages'])} messages, {len(dialog['questions'])} questions; "
                    f"{time.monotonic() - started:.0f} s so far"
                )
            if baseline == "brief":
                seen = _brief_seen(dialog, budget=budget, policy=policy, cap=cap, counter=counter)
            else:
                seen = asyncio.run(
                    _play(
                        dialog,
                        budget=budget,
                        threshold=threshold,
                        tail=tail,
                        cap=cap,
                        embeddings=embeddings,
                        workdir=Path(tmp),
                    )
                )
            if seen:
                made_of.setdefault(dialog.get("lang", "?"), []).append(
                    summary_counts(seen[0].summary, dialog["messages"])
                )
            for number, (q, got) in enumerate(zip(dialog["questions"], seen, strict=True)):
                if out is not None:
                    _dump_line(out, dialog, number, index, q, got)
                wrong = q.get("wrong", [])
                in_summary = contains_token(got.summary, q["answers"])
                in_request = contains_token(got.request, q["answers"])
                stale = not in_request and contains_token(got.request, wrong)
                kept = stale_kept(got.summary, q["answers"], wrong)
                beside = stale_beside(got.request, q["answers"], wrong)
                hit = {
                    "summary_only": in_summary,
                    "assembled": in_request,
                    "stale_only": stale,
                    "stale_kept": kept,
                    "stale_beside": beside,
                }
                empty = {"n": 0, "n_wrong": 0, **{m: 0 for m in METRICS}}
                row_k = kinds.setdefault(q["kind"], dict(empty))
                row_l = langs.setdefault(dialog.get("lang", "?"), dict(empty))
                for bucket in (row_k, row_l, totals):
                    bucket["n"] += 1
                    bucket["n_wrong"] += bool(wrong)
                    for m in METRICS:
                        bucket[m] += hit[m]
                if not (in_summary and in_request) or stale or kept or beside:
                    misses.append(
                        {
                            "dialog": dialog.get("id"),
                            "lang": dialog.get("lang"),
                            "kind": q["kind"],
                            **hit,
                            "stale_lines": _stale_lines(got.request, q["answers"], wrong)[:5],
                        }
                    )

    def row(v: dict[str, int]) -> dict[str, float]:
        return {m: _share(v[m], v["n_wrong" if m == "stale_beside" else "n"]) for m in METRICS}

    def shares(rows: dict[str, dict[str, int]]) -> dict[str, dict[str, float]]:
        return {k: row(v) for k, v in sorted(rows.items())}

    by_language: dict[str, dict[str, float | None]] = {
        k: {**v, **summary_shares(made_of.get(k, []))} for k, v in shares(langs).items()
    }
    return {
        **row(totals),
        **summary_shares(r for rows in made_of.values() for r in rows),
        "by_kind": shares(kinds),
        "by_language": by_language,
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
