"""Re-ask marks: each assistant message checked once, and the re-ask figures read from the marks.

Apart from the detection (:mod:`threadkeep.engine.reask`, pure) because this is its storage
side: it reads a conversation and the person's facts, stores one ``reask_marks`` row per
assistant message — counts and the flag in plaintext, the detail (slot, question, evidence)
sealed with the person's key — and sums the plaintext counts for the admin figures.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from threadkeep.engine.reask import Said, find_reasks
from threadkeep.memory.facts.candidate import render_fact
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.facts import load_facts
from threadkeep.store.insights_tables import ReaskMark
from threadkeep.store.models import Conversation, Message
from threadkeep.store.vault import Vault

__all__ = ["mark_conversation", "reask_stats"]

# Facts store slots that answer a question slot.
_FACT_SLOTS = {"name": "name", "employer": "employer", "city": "city", "role": "role"}


def _config(model: str | None, fold: str) -> str:
    return f"{model or 'unknown'} · {fold}"[:300]


def mark_conversation(session: Session, vault: Vault, *, conversation_id: str, fold: str) -> int:
    """Mark every assistant message of the conversation not marked yet; returns how many.

    ``fold`` describes the fold settings that built the context (e.g. ``fold 30/16 extractive``).
    Idempotent: a message is marked once, so the job may run again.
    """
    conv = session.get(Conversation, conversation_id)
    if conv is None:
        return 0
    done = set(session.scalars(select(ReaskMark.message_id).where(ReaskMark.conversation_id == conversation_id)))
    rows = session.scalars(
        select(Message).where(Message.conversation_id == conversation_id).order_by(Message.seq)
    ).all()
    # An offline answer quotes memory and asks nothing: it is no re-ask, nor evidence of one.
    todo = [m for m in rows if m.role == "assistant" and not m.offline and m.id not in done]
    if not todo:
        return 0
    said = [
        Said(m.id, m.role, repo.open_message_text(session, vault, m))
        for m in rows
        if m.role in ("user", "assistant") and m.status != "failed" and not m.offline
    ]
    first_answer = min(m.created_at for m in todo)
    facts, lines = _known_facts(session, vault, user_id=conv.user_id, before=first_answer)
    results = find_reasks(said, facts=facts, only=[m.id for m in todo], known=lines)
    for m in todo:
        findings = results.get(m.id, [])
        reasks = [f for f in findings if f.reask]
        detail = None
        if findings:
            payload = json.dumps(
                [
                    {
                        "slot": f.slot,
                        "question": f.question,
                        "reask": f.reask,
                        "known_from": f.known_from,
                        "evidence": f.evidence,
                    }
                    for f in findings
                ],
                ensure_ascii=False,
                sort_keys=True,
            )
            detail = vault.seal(session, conv.user_id, payload, table="reask_marks", column="detail", row_id=m.id)
        session.add(
            ReaskMark(
                message_id=m.id,
                conversation_id=conversation_id,
                user_id=conv.user_id,
                day=m.created_at.strftime("%Y-%m-%d"),
                config=_config(m.model, fold),
                questions=len(findings),
                reasks=len(reasks),
                reask=bool(reasks),
                detail_ct=detail,
                checked_at=utcnow(),
            )
        )
    session.flush()
    return len(todo)


def _known_facts(
    session: Session, vault: Vault, *, user_id: str, before: datetime
) -> tuple[dict[str, tuple[str, str]], list[tuple[str, str]]]:
    """Facts known before ``before``: by question slot, and every one as (id, line) for
    questions about anything else."""
    out: dict[str, tuple[str, str]] = {}
    lines: list[tuple[str, str]] = []
    for f in load_facts(session, vault, user_id=user_id, categories=None):
        if f.first_seen > before:
            continue
        lines.append((f.id, render_fact(f.key, f.value)))
        slot = next((q for q, fk in _FACT_SLOTS.items() if fk == f.key), None)
        if slot is not None:
            out[slot] = (f.id, f.value)
    return out, lines


def reask_stats(session: Session, *, since: str | None = None) -> dict[str, Any]:
    """Re-ask rates per day and per configuration, from the plaintext counts only.

    ``rate`` is re-asking answers / answers checked; ``questions`` counts slot questions.
    """
    q = select(
        ReaskMark.day,
        ReaskMark.config,
        func.count(),
        func.sum(ReaskMark.questions),
        func.sum(case((ReaskMark.reask, 1), else_=0)),
    ).group_by(ReaskMark.day, ReaskMark.config)
    if since is not None:
        q = q.where(ReaskMark.day >= since)
    by_day: dict[str, list[int]] = {}
    by_config: dict[str, list[int]] = {}
    for day, config, answers, questions, reasks in session.execute(q):
        for bucket, key in ((by_day, day), (by_config, config)):
            acc = bucket.setdefault(key, [0, 0, 0])
            acc[0] += int(answers or 0)
            acc[1] += int(questions or 0)
            acc[2] += int(reasks or 0)

    def shape(acc: list[int]) -> dict[str, Any]:
        return {
            "answers": acc[0],
            "questions": acc[1],
            "reasks": acc[2],
            "rate": round(acc[2] / acc[0], 4) if acc[0] else 0.0,
        }

    total = [sum(v[i] for v in by_day.values()) for i in range(3)]
    return {
        "total": shape(total),
        "by_day": {k: shape(v) for k, v in sorted(by_day.items())},
        "by_config": {k: shape(v) for k, v in sorted(by_config.items())},
    }
