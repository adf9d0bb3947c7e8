"""The sections of the personal export: each part of what threadkeep holds about a person, read.

:mod:`threadkeep.personal_export` writes the archive (its entries, manifest and README, the
atomic replace); this module reads and decrypts each part it holds — one conversation with its
summary and earlier answers, the facts with their history, the profile, the digests and the
person's linked accounts — and renders the Markdown beside each JSON. Kept apart so the archive
writer stays one job and each reader can be read on its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep.cache.keepwarm import warm_status
from threadkeep.engine.digest import open_digest
from threadkeep.export import ConversationView, to_markdown
from threadkeep.memory.facts.candidate import render_fact
from threadkeep.store import fact_changes, repo
from threadkeep.store import facts as fact_rows
from threadkeep.store.insights_tables import Digest
from threadkeep.store.memory_tables import Fact
from threadkeep.store.models import AnswerVersion, ApiKey, Conversation, Identity, Message, User
from threadkeep.store.surface_tables import SurfaceThread
from threadkeep.store.vault import Vault
from threadkeep.wording import counted

if TYPE_CHECKING:  # the digests and the profile (retrieval, numpy) load with the first export
    from threadkeep.engine.digest import DigestView
    from threadkeep.memory.profile import ProfileRecord

__all__ = ["conversation_entries", "facts", "facts_markdown", "profile", "digests", "digests_markdown", "person"]

# Every status a fact row can have: the export holds forgotten and undone facts too, since
# threadkeep still holds them (in history) until they are erased for good.
_ALL_FACT_STATUSES = ("current", "retired", "forgotten", "undone")


def _iso(dt: datetime | None) -> str | None:
    return None if dt is None else dt.isoformat()


# -- one conversation ----------------------------------------------------------------------
def conversation_entries(
    s: Session, vault: Vault, conv: Conversation, feedback: list[dict[str, Any]]
) -> tuple[str, str, int]:
    """The JSON and Markdown of one conversation (and its rated messages into ``feedback``)."""
    uid = conv.user_id
    stored: list[repo.StoredMessage] = []
    rows: list[dict[str, Any]] = []
    earlier = _earlier_answers(s, vault, conv)
    for m in s.scalars(select(Message).where(Message.conversation_id == conv.id).order_by(Message.seq)):
        text = repo.open_message_text(s, vault, m)
        stored.append(
            repo.StoredMessage(
                id=m.id,
                seq=m.seq,
                role=m.role,
                text=text,
                status=m.status,
                created_at=m.created_at,
                rating=m.rating,
                error=m.error,
                reply_to=m.reply_to,
                offline=m.offline,
            )
        )
        rows.append(
            {
                "id": m.id,
                "seq": m.seq,
                "role": m.role,
                "text": text,
                "created_at": _iso(m.created_at),
                "status": m.status,
                "error": m.error,
                "reply_to": m.reply_to,
                "model": m.model,
                "usage": m.usage,
                "rating": m.rating,
                "rated_at": _iso(m.rated_at),
            }
        )
        if m.speaker_ct is not None:  # who said it, when a name is known (an imported chat)
            rows[-1]["speaker"] = vault.open_text(s, uid, m.speaker_ct, table="messages", column="speaker", row_id=m.id)
        if m.id in earlier:  # what a regenerated answer said before (the text above is current)
            rows[-1]["earlier_versions"] = earlier[m.id]
        if m.rating is not None:
            feedback.append(
                {"message_id": m.id, "conversation_id": conv.id, "rating": m.rating, "rated_at": _iso(m.rated_at)}
            )
    title = repo.conversation_title(s, vault, conv)
    view = ConversationView(
        id=conv.id,
        title=title,
        channel=conv.channel,
        created_at=conv.created_at,
        last_activity_at=conv.last_activity_at,
        message_count=conv.message_count,
        keep_warm=conv.keep_warm,
        messages=tuple(stored),
    )
    body = view.as_dict(with_messages=False)
    summary = repo.latest_summary(s, conversation_id=conv.id)

    def opened(blob: bytes | None, column: str) -> str | None:
        if blob is None:
            return None
        return vault.open_text(s, uid, blob, table="conversations", column=column, row_id=conv.id)

    body.update(
        {
            "keep_warm_state": warm_status(s, conv.id),
            # What the conversation was started with (frozen so the prompt cache holds): the
            # deployment's system prompt and the start-up bundle built from the person's memory.
            "context_at_start": {
                "system_prompt": opened(conv.system_prompt_ct, "system_prompt"),
                "startup": opened(conv.startup_ct, "startup"),
            },
            # The client's instructions as kept now (a drop-in's system prompt, the API's ``system``).
            "instructions": opened(conv.instructions_ct, "instructions"),
            "summary": None
            if summary is None
            else {
                "version": summary.version,
                "covers_through_seq": summary.cursor,
                "method": summary.method,
                "created_at": _iso(summary.created_at),
                "state": json.loads(
                    vault.open_text(
                        s, uid, summary.state_ct, table="summary_versions", column="state", row_id=summary.id
                    )
                ),
            },
        }
    )
    return _with_messages(body, rows), to_markdown(view), len(rows)


def _earlier_answers(s: Session, vault: Vault, conv: Conversation) -> dict[str, list[dict[str, Any]]]:
    """The earlier versions of the conversation's regenerated answers, oldest first, by answer id."""
    out: dict[str, list[dict[str, Any]]] = {}
    for v in s.scalars(
        select(AnswerVersion)
        .join(Message, Message.id == AnswerVersion.answer_id)
        .where(Message.conversation_id == conv.id)
        .order_by(AnswerVersion.version)
    ):
        text = vault.open_text(s, conv.user_id, v.text_ct, table="answer_versions", column="text", row_id=v.id)
        out.setdefault(v.answer_id, []).append(
            {
                "version": v.version,
                "text": text,
                "model": v.model,
                "created_at": _iso(v.created_at),
                "replaced_at": _iso(v.replaced_at),
            }
        )
    return out


def _with_messages(body: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    """The conversation's JSON with one message per line: readable, and written by the C
    encoder (an ``indent`` would switch json to its pure-Python encoder, 3× slower here)."""
    head = json.dumps(body, ensure_ascii=False)
    lines = ",\n".join(json.dumps(m, ensure_ascii=False) for m in rows)
    return f'{head[:-1]}, "messages": [\n{lines}\n]}}\n'


# -- the person-level parts ----------------------------------------------------------------
def facts(s: Session, vault: Vault, uid: str) -> tuple[list[dict[str, Any]], int]:
    out: list[dict[str, Any]] = []
    versions = 0
    for f in fact_rows.load_facts(s, vault, user_id=uid, include_retired=True) + _hidden_facts(s, vault, uid):
        history = fact_changes.fact_history(s, vault, user_id=uid, fact_id=f.id)
        versions += len(history)
        out.append(
            {
                "id": f.id,
                "key": f.key,
                "category": f.category,
                "value": f.value,
                "said": f.said,
                "text": render_fact(f.key, f.value),
                "status": f.status,
                "method": f.method,
                "times_seen": f.times_seen,
                "first_seen": _iso(f.first_seen),
                "last_seen": _iso(f.last_seen),
                "updated_at": _iso(f.updated_at),
                "source_message_id": f.source_message_id,
                "history": [
                    {
                        "version": v.version,
                        "op": v.op,
                        "old_value": v.old_value,
                        "new_value": v.new_value,
                        "old_status": v.old_status,
                        "new_status": v.new_status,
                        "at": _iso(v.at),
                        "source_message_id": v.source_message_id,
                    }
                    for v in history
                ],
            }
        )
    return out, versions


def _hidden_facts(s: Session, vault: Vault, uid: str) -> list[fact_rows.FactRecord]:
    """Forgotten and undone facts: out of every list, still held (with history) until erased."""
    hidden = [st for st in _ALL_FACT_STATUSES if st not in fact_rows.LISTED_STATUSES]
    rows = s.scalars(
        select(Fact).where(Fact.user_id == uid, Fact.status.in_(hidden)).order_by(Fact.first_seen, Fact.id)
    )
    return [fact_rows.open_fact(vault, s, r) for r in rows]


def facts_markdown(facts: list[dict[str, Any]]) -> str:
    lines = ["# Facts", ""]
    for status, heading in (
        ("current", "Current"),
        ("retired", "No longer true"),
        ("forgotten", "Forgotten (kept in history until erased)"),
        ("undone", "Undone (kept in history until erased)"),
    ):
        group = [f for f in facts if f["status"] == status]
        if not group:
            continue
        lines += [f"## {heading}", ""]
        for f in group:
            lines.append(f"- {f['text']} (seen {f['times_seen']}×, since {f['first_seen'][:10]})")
            for v in f["history"]:
                change = " → ".join(x for x in (v["old_value"], v["new_value"]) if x is not None)
                lines.append(f"  - {v['at'][:16].replace('T', ' ')} {v['op']}: {change}")
        lines.append("")
    if len(lines) == 2:
        lines.append("_No facts are stored._")
    return "\n".join(lines).rstrip() + "\n"


def profile(rec: ProfileRecord | None) -> tuple[dict[str, Any], str]:
    if rec is None:
        return {"profile": None}, "# Profile\n\n_No profile has been built yet._\n"
    return (
        {
            "profile": rec.text,
            "version": rec.version,
            "method": rec.method,
            "built_at": _iso(rec.built_at),
            "messages_at_build": rec.messages_at_build,
        },
        f"# Profile\n\n{rec.text}\n\n_Version {rec.version}, built {rec.built_at:%Y-%m-%d %H:%M UTC} "
        f"({rec.method})._\n",
    )


def digests(s: Session, vault: Vault, uid: str) -> Iterator[DigestView]:
    for row in s.scalars(select(Digest).where(Digest.user_id == uid).order_by(Digest.start, Digest.period)):
        yield open_digest(s, vault, row)


def digests_markdown(digests: list[dict[str, Any]]) -> str:
    lines = ["# Digests", ""]
    for d in digests:
        lines += [f"## {d['period']} {d['start']} – {d['end']} ({counted(d['conversations'], 'conversation')})", ""]
        for name, value in d.items():
            if isinstance(value, list) and value:
                lines.append(f"**{name.replace('_', ' ').capitalize()}**")
                for item in value:
                    text = item.get("text") or item.get("topic") if isinstance(item, dict) else item
                    lines.append(f"- {text}")
                lines.append("")
    if len(lines) == 2:
        lines.append("_No digests._")
    return "\n".join(lines).rstrip() + "\n"


def person(s: Session, user: User) -> dict[str, Any]:
    identities = s.execute(
        select(Identity.channel, Identity.external_id, Identity.created_at)
        .where(Identity.user_id == user.id)
        .order_by(Identity.channel, Identity.external_id)
    )
    keys = s.scalars(select(ApiKey).where(ApiKey.user_id == user.id).order_by(ApiKey.created_at))
    threads = s.scalars(
        select(SurfaceThread).where(SurfaceThread.user_id == user.id).order_by(SurfaceThread.created_at)
    )
    return {
        "name": user.name,
        "created_at": _iso(user.created_at),
        "identities": [{"channel": c, "external_id": e, "linked_at": _iso(at)} for c, e, at in identities],
        # Metadata only: the key itself was shown once and only its hash is stored.
        "api_keys": [
            {
                "prefix": k.prefix,
                "scope": k.scope,
                "name": k.name,
                "created_at": _iso(k.created_at),
                "revoked_at": _iso(k.revoked_at),
                "last_used_at": _iso(k.last_used_at),
            }
            for k in keys
        ],
        "chat_threads": [
            {
                "channel": t.channel,
                "thread": t.thread_key,
                "conversation_id": t.conversation_id,
                "created_at": _iso(t.created_at),
            }
            for t in threads
        ],
    }
