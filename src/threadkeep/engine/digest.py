"""Weekly and monthly digests: what repeats across a person's conversations.

A digest is a level above the per-conversation summary. It does not retell any conversation;
it keeps what recurs and what is still open, from the period's conversations:

- **recurring topics** — content words of the person's own messages (stop words dropped, a
  crude stem so "deadline"/"deadlines" and "бюджет"/"бюджета" meet) that occur in at least
  two different conversations, ranked by how many conversations, then how often;
- **decisions** — the summaries' decision items and the person's sentences with a decision
  marker ("we decided", "let's go with", "решили", "договорились");
- **open items** — the summaries' unresolved questions and agreed next steps, and the
  person's sentences that say something still has to be done ("need to", "нужно", "надо"),
  minus anything a decision of the period already settled.

Deterministic, no model. Built by the background job only (never inside a turn), stored
sealed with the person's key (``digests.body``), one row per person, period and start.
The faces read them with :func:`digests_of` and :func:`digest_of` (no session of their own).
"""

from __future__ import annotations

import json
import logging
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from cryptography.exceptions import InvalidTag
from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.errors import ThreadkeepError
from threadkeep.memory.summary.items import SummaryState, summary_from_json
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.insights_tables import Digest
from threadkeep.store.models import Message, User
from threadkeep.store.vault import SYSTEM_USER, Vault

if TYPE_CHECKING:
    from threadkeep.engine.memory import Memory

__all__ = [
    "PERIODS",
    "period_bounds",
    "previous_period",
    "build_digest",
    "write_digest",
    "run_digests",
    "list_digests",
    "open_digest",
    "DigestView",
    "digests_of",
    "digest_of",
]

log = logging.getLogger("threadkeep.insights")
PERIODS = ("week", "month")
MAX_TOPICS = 8
MAX_ITEMS = 10

_WORD = re.compile(r"[^\W\d_]{4,}", re.UNICODE)
_SENTENCE = re.compile(r"(?<=[.!?…])\s+|\n+")
_DECISION = re.compile(
    r"\b(?:we|i) (?:decided|agreed|chose|will go with)\b|\blet'?s go with\b|\bdecision\b|"
    r"\bрешил[аи]?\b|\bдоговорились\b|\bостановились на\b|\bвыбрали\b",
    re.I | re.U,
)
_OPEN = re.compile(
    r"\b(?:need to|have to|must|todo|to-do|don't forget|still (?:need|have) to)\b|"
    r"\b(?:нужно|надо|необходимо|не забыть)\b",
    re.I | re.U,
)
_STOP = frozenset(
    """
about after again also because been before being could does doing don't from have having here just
like make more most much need only other over please should some such than that their them then there
these they this those very want what when where which while will with would your yours into know
think thanks thank good great really right still today tomorrow week month year help maybe okay
это этот эта эти того тому также чтобы когда потом может можно нужно надо очень есть было будет были
буду если меня мне мной тебя тебе себя свой своя свои наши наша наше ваша ваши ваше какой какая какие
который которая которые только сейчас здесь там тоже всего всех весь вся спасибо пожалуйста хорошо
""".split()
)


@dataclass(frozen=True, slots=True)
class DigestView:
    """A decrypted digest, as the API returns it."""

    id: str
    period: str
    start: str
    end: str
    conversations: int
    created_at: datetime
    body: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "period": self.period,
            "start": self.start,
            "end": self.end,
            "conversations": self.conversations,
            "created_at": self.created_at.isoformat(),
            **self.body,
        }


def period_bounds(period: str, day: date) -> tuple[date, date]:
    """The period containing ``day``: [Monday, next Monday) or [1st, next 1st)."""
    if period == "week":
        start = day - timedelta(days=day.weekday())
        return start, start + timedelta(days=7)
    if period == "month":
        start = day.replace(day=1)
        nxt = (start + timedelta(days=32)).replace(day=1)
        return start, nxt
    raise ValueError(f"period must be one of {PERIODS}, not {period!r}")


def previous_period(period: str, today: date) -> tuple[date, date]:
    """The last period that has ended by ``today``."""
    start, _ = period_bounds(period, today)
    return period_bounds(period, start - timedelta(days=1))


def _stem(word: str) -> str:
    # Six letters join most inflections in English and Russian without a stemmer.
    return word.casefold()[:6]


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if s.strip()]


def _norm(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold(), re.U))


class _Tally:
    """What one person wrote in a period, gathered conversation by conversation.

    Words become topics (by stem, with the spelling seen most); sentences and summary items
    become decisions or open items, keyed by their normalised text so the same point made in
    several conversations is one entry that counts them.
    """

    def __init__(self) -> None:
        self.topic_convs: dict[str, set[str]] = defaultdict(set)
        self.mentions: Counter[str] = Counter()
        self.forms: dict[str, Counter[str]] = defaultdict(Counter)
        self.decisions: dict[str, dict[str, Any]] = {}
        self.open_items: dict[str, dict[str, Any]] = {}

    @staticmethod
    def _keep(bucket: dict[str, dict[str, Any]], text: str, cid: str, kind: str) -> None:
        key = _norm(text)
        if not key:
            return
        entry = bucket.setdefault(key, {"text": text.strip(), "kind": kind, "conversations": set()})
        entry["conversations"].add(cid)

    def add_message(self, cid: str, text: str) -> None:
        """One of the person's messages in conversation ``cid``: its words and marked sentences."""
        for word in _WORD.findall(text):
            low = word.casefold()
            if low in _STOP:
                continue
            stem = _stem(low)
            self.topic_convs[stem].add(cid)
            self.mentions[stem] += 1
            self.forms[stem][low] += 1
        for sentence in _sentences(text):
            if _DECISION.search(sentence):
                self._keep(self.decisions, sentence, cid, "said")
            elif _OPEN.search(sentence):
                self._keep(self.open_items, sentence, cid, "to do")

    def add_summary(self, cid: str, state: SummaryState) -> None:
        """The conversation's summary: its decisions and what it leaves unresolved."""
        for item in state.items:
            if item.field == "decisions":
                self._keep(self.decisions, item.text, cid, "decision")
            elif item.field == "questions" and not item.resolved:
                self._keep(self.open_items, item.text, cid, "question")
            elif item.field == "next_steps" and not item.resolved:
                self._keep(self.open_items, item.text, cid, "next step")

    def topics(self) -> list[dict[str, Any]]:
        """Stems met in two conversations or more, the most widespread first."""
        recurring = [s for s, convs in self.topic_convs.items() if len(convs) >= 2]
        recurring.sort(key=lambda s: (-len(self.topic_convs[s]), -self.mentions[s], s))
        return [
            {
                "topic": self.forms[s].most_common(1)[0][0],
                "conversations": len(self.topic_convs[s]),
                "mentions": self.mentions[s],
            }
            for s in recurring[:MAX_TOPICS]
        ]

    @staticmethod
    def listed(bucket: dict[str, dict[str, Any]], skip: str = "") -> list[dict[str, Any]]:
        """A bucket's entries, the most widespread first, minus those found within ``skip``."""
        items = [e for k, e in bucket.items() if not (skip and k in skip)]
        items.sort(key=lambda e: (-len(e["conversations"]), e["text"]))
        return [
            {"text": e["text"], "kind": e["kind"], "conversations": len(e["conversations"])} for e in items[:MAX_ITEMS]
        ]


def build_digest(session: Session, vault: Vault, *, user_id: str, start: date, end: date) -> dict[str, Any] | None:
    """The digest body for one person and period, or None when they wrote nothing in it."""
    lo = datetime.combine(start, time(), UTC)
    hi = datetime.combine(end, time(), UTC)
    rows = session.scalars(
        select(Message)
        .where(
            Message.user_id == user_id,
            Message.role == "user",
            Message.status != "failed",
            Message.created_at >= lo,
            Message.created_at < hi,
        )
        .order_by(Message.created_at)
    ).all()
    if not rows:
        return None
    by_conv: dict[str, list[str]] = defaultdict(list)
    for m in rows:
        by_conv[m.conversation_id].append(repo.open_message_text(session, vault, m))

    tally = _Tally()
    for cid, texts in by_conv.items():
        for text in texts:
            tally.add_message(cid, text)
        summary = repo.latest_summary(session, conversation_id=cid)
        if summary is not None and summary.state_ct:
            tally.add_summary(
                cid,
                summary_from_json(
                    vault.open_text(
                        session, user_id, summary.state_ct, table="summary_versions", column="state", row_id=summary.id
                    )
                ),
            )

    # An open item a decision of the period already settled is not open any more.
    settled = " ".join(tally.decisions)
    return {
        "topics": tally.topics(),
        "decisions": tally.listed(tally.decisions),
        "open_items": tally.listed(tally.open_items, settled),
        "messages": len(rows),
        "conversation_count": len(by_conv),
    }


def write_digest(session: Session, vault: Vault, *, user_id: str, period: str, start: date, end: date) -> bool:
    """Build and store (or replace) one digest; False when the person was silent that period."""
    body = build_digest(session, vault, user_id=user_id, start=start, end=end)
    if body is None:
        return False
    row = session.scalar(
        select(Digest).where(Digest.user_id == user_id, Digest.period == period, Digest.start == start.isoformat())
    )
    if row is None:
        row = Digest(user_id=user_id, period=period, start=start.isoformat(), end=end.isoformat(), body_ct=b"")
        session.add(row)
        session.flush()
    payload = json.dumps({"period": period, **body}, ensure_ascii=False, sort_keys=True)
    row.body_ct = vault.seal(session, user_id, payload, table="digests", column="body", row_id=row.id)
    row.conversations = int(body["conversation_count"])
    row.created_at = utcnow()
    return True


def run_digests(
    session: Session,
    vault: Vault,
    *,
    period: str,
    start: date,
    end: date,
    user_id: str | None = None,
    on_created: Callable[[Session, str], None] | None = None,
) -> int:
    """Digests of every person (or one) who wrote in the period; returns how many were written.

    ``on_created(session, user_id)`` runs, in the same transaction, for each digest written for
    the first time (not for a rebuild of one that exists): how a new digest gets delivered once.
    """
    lo = datetime.combine(start, time(), UTC)
    hi = datetime.combine(end, time(), UTC)
    q = (
        select(Message.user_id)
        .where(Message.role == "user", Message.created_at >= lo, Message.created_at < hi)
        .distinct()
    )
    if user_id is not None:
        q = q.where(Message.user_id == user_id)
    system = session.scalar(select(User.id).where(User.name == SYSTEM_USER))
    written = 0
    for uid in session.scalars(q).all():
        if uid == system:
            continue
        try:
            # One person whose data cannot be read (a key problem) must not stop everyone's digest.
            with session.begin_nested():
                existed = session.scalar(
                    select(Digest.id).where(
                        Digest.user_id == uid, Digest.period == period, Digest.start == start.isoformat()
                    )
                )
                made = write_digest(session, vault, user_id=uid, period=period, start=start, end=end)
                written += made
                if made and existed is None and on_created is not None:
                    on_created(session, uid)
        except ThreadkeepError as e:
            log.warning("digest of person %s for %s %s skipped: %s", uid, period, start, e)
        except InvalidTag:
            log.warning("digest of person %s for %s %s skipped: their data did not decrypt", uid, period, start)
    return written


def list_digests(
    session: Session, vault: Vault, *, user_id: str, period: str | None = None, limit: int = 20
) -> list[DigestView]:
    """The person's digests, newest period first, decrypted."""
    q = select(Digest).where(Digest.user_id == user_id)
    if period is not None:
        q = q.where(Digest.period == period)
    return [
        open_digest(session, vault, row)
        for row in session.scalars(q.order_by(Digest.start.desc(), Digest.period).limit(limit))
    ]


def open_digest(session: Session, vault: Vault, row: Digest) -> DigestView:
    """One stored digest, decrypted with its person's key."""
    body = json.loads(vault.open_text(session, row.user_id, row.body_ct, table="digests", column="body", row_id=row.id))
    return DigestView(row.id, row.period, row.start, row.end, row.conversations, row.created_at, body)


def digests_of(memory: Memory, *, person: str, period: str | None = None, limit: int = 20) -> list[DigestView]:
    """A person's digests by handle, newest first ([] for a person with no row yet). Blocking."""

    def run(s: Session) -> list[DigestView]:
        user = repo.find_user(s, name=person)
        if user is None:
            return []
        return list_digests(s, memory.vault, user_id=user.id, period=period, limit=limit)

    return memory.db.write(run)


def digest_of(memory: Memory, *, user_id: str, period: str, start: date) -> DigestView | None:
    """One digest of a person (the period starting ``start``), or None. Blocking."""
    with memory.db.reading() as s:
        row = s.scalar(
            select(Digest).where(Digest.user_id == user_id, Digest.period == period, Digest.start == start.isoformat())
        )
        return open_digest(s, memory.vault, row) if row is not None else None
