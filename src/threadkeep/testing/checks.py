"""Invariants of a database after a load or fault run — what "nothing lost, nothing half
written, background work done once" means, checked on the stored rows.

Only ids, sequence numbers, statuses and cursors are read (no decryption): the checker can
run against any database the service wrote, while the service is stopped or still running.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import create_engine, or_, select
from sqlalchemy.engine import Engine

from threadkeep.memory.summary.policy import MIN_TAIL  # the tail is never folded
from threadkeep.store.base import utcnow
from threadkeep.store.models import Conversation, Job, Message, SummaryVersion

__all__ = ["Findings", "check_database", "wait_for_jobs", "MIN_TAIL"]


@dataclass
class Findings:
    """What the checker saw; ``problems`` is empty when every invariant holds."""

    conversations: int = 0
    messages: int = 0
    folds: int = 0
    jobs_done: int = 0
    jobs_failed: int = 0
    jobs_left: int = 0
    failed_turns: int = 0
    pending_turns: int = 0
    problems: list[str] = field(default_factory=list)


def _engine(url: str) -> Engine:
    return create_engine(url, pool_pre_ping=True)


@dataclass
class _Rows:
    """The rows the checks read, grouped by conversation."""

    convs: dict[str, Any]
    msgs: dict[str, list[Any]]
    versions: dict[str, list[Any]]
    jobs: list[Any]


def _read_rows(url: str) -> _Rows:
    """Ids, sequence numbers, statuses and cursors of every conversation, message, summary
    version and job, read in one connection."""
    eng = _engine(url)
    try:
        with eng.connect() as c:
            convs = {
                r.id: r
                for r in c.execute(
                    select(
                        Conversation.id,
                        Conversation.message_count,
                        Conversation.summary_cursor,
                        Conversation.summary_version,
                        Conversation.adopted_version,
                        Conversation.adopted_cursor,
                    )
                )
            }
            msgs: dict[str, list[Any]] = defaultdict(list)
            for m in c.execute(
                select(Message.id, Message.conversation_id, Message.seq, Message.role, Message.status, Message.reply_to)
            ):
                msgs[m.conversation_id].append(m)
            versions: dict[str, list[Any]] = defaultdict(list)
            for v in c.execute(select(SummaryVersion.conversation_id, SummaryVersion.version, SummaryVersion.cursor)):
                versions[v.conversation_id].append(v)
            jobs = list(c.execute(select(Job.kind, Job.status, Job.attempts, Job.last_error)))
    finally:
        eng.dispose()
    return _Rows(convs, msgs, versions, jobs)


def _check_messages(f: Findings, cid: str, conv: Any, rows: list[Any], *, allow_pending_turns: bool) -> None:
    """One conversation's messages: gapless sequence, its count, every turn answered once."""
    if [m.seq for m in rows] != list(range(1, len(rows) + 1)):
        f.problems.append(f"{cid}: sequence has gaps or duplicates")
    if len(rows) != conv.message_count:
        f.problems.append(f"{cid}: message_count {conv.message_count} but {len(rows)} rows")
    by_id = {m.id: m for m in rows}
    replies: dict[str, int] = defaultdict(int)
    for m in rows:
        if m.role == "assistant":
            asked = by_id.get(m.reply_to)
            if asked is None or asked.status != "answered":
                f.problems.append(f"{cid}: assistant row {m.seq} without its answered user row")
            else:
                replies[asked.id] += 1
        if m.role == "user" and m.status == "failed":
            f.failed_turns += 1
        if m.role == "user" and m.status == "pending":
            f.pending_turns += 1
            if not allow_pending_turns:
                f.problems.append(f"{cid}: user row {m.seq} still pending")
    # Answered user rows are counted once every assistant row is seen.
    for m in rows:
        if m.role == "user" and m.status == "answered" and replies.get(m.id) != 1:
            f.problems.append(f"{cid}: user row {m.seq} answered {replies.get(m.id, 0)} times")


def _check_summaries(f: Findings, cid: str, conv: Any, versions: list[Any], n_rows: int) -> None:
    """One conversation's summary versions: consecutive, each folding new messages only, the
    cursors in the conversation row matching them, and the tail never folded."""
    vs = sorted(versions, key=lambda v: v.version)
    f.folds += len(vs)
    if [v.version for v in vs] != list(range(1, len(vs) + 1)) or (vs and vs[-1].version != conv.summary_version):
        f.problems.append(f"{cid}: summary versions not consecutive: {[v.version for v in vs]}")
    cursors = [0] + [v.cursor for v in vs]
    if any(b <= a for a, b in zip(cursors, cursors[1:], strict=False)):
        f.problems.append(f"{cid}: a message folded twice (cursors {cursors})")
    if cursors[-1] != conv.summary_cursor:
        f.problems.append(f"{cid}: cursor {conv.summary_cursor} but last version says {cursors[-1]}")
    adopted_at = cursors[conv.adopted_version] if 0 <= conv.adopted_version < len(cursors) else None
    if conv.adopted_version > conv.summary_version or adopted_at != conv.adopted_cursor:
        f.problems.append(
            f"{cid}: adopted version {conv.adopted_version} (cursor "
            f"{conv.adopted_cursor}) does not match its summary version"
        )
    if conv.summary_cursor > max(0, n_rows - MIN_TAIL):
        f.problems.append(f"{cid}: the tail was folded (cursor {conv.summary_cursor} of {n_rows})")


def _count_jobs(f: Findings, jobs: list[Any]) -> None:
    """Jobs done, failed (each a problem: background work must finish) and left."""
    for j in jobs:
        if j.status == "done":
            f.jobs_done += 1
        elif j.status == "failed":
            f.jobs_failed += 1
            f.problems.append(f"job {j.kind} failed after {j.attempts} attempts: {j.last_error}")
        else:
            f.jobs_left += 1


def check_database(url: str, *, allow_failed_turns: bool = False, allow_pending_turns: bool = False) -> Findings:
    """Check messages, replies, summary versions and jobs of every conversation.

    ``allow_pending_turns`` counts user rows still ``pending`` instead of calling them a
    problem: after a database outage a turn whose failure could not be written stays pending
    until the next start (see docs/RELIABILITY.md).
    """
    data = _read_rows(url)
    f = Findings()
    f.conversations = len(data.convs)
    for cid, conv in data.convs.items():
        rows = sorted(data.msgs.get(cid, []), key=lambda m: m.seq)
        f.messages += len(rows)
        _check_messages(f, cid, conv, rows, allow_pending_turns=allow_pending_turns)
        _check_summaries(f, cid, conv, data.versions.get(cid, []), len(rows))
    if f.failed_turns and not allow_failed_turns:
        f.problems.append(f"{f.failed_turns} failed turns left")
    _count_jobs(f, data.jobs)
    return f


def wait_for_jobs(url: str, *, timeout: float = 60.0, kinds: tuple[str, ...] = ()) -> int:
    """Wait until no job is due or running (of ``kinds``, if given); returns how many are left.

    A job deferred to later (an idle-fold watcher waiting for a cache to expire) is not work
    left now.
    """
    eng = _engine(url)
    deadline = time.monotonic() + timeout
    try:
        while True:
            with eng.connect() as c:
                q = select(Job.id).where(
                    or_(Job.status == "running", (Job.status == "ready") & (Job.run_after <= utcnow()))
                )
                if kinds:
                    q = q.where(Job.kind.in_(kinds))
                left = len(c.execute(q).all())
            if left == 0 or time.monotonic() > deadline:
                return left
            time.sleep(0.3)
    finally:
        eng.dispose()
