"""The profile: a short standing description of a person, refreshed every N of their messages.

It is standing context, not a list of facts: the engine freezes the current profile into the
start-up bundle of each new conversation (so it never changes inside a conversation's cached
prefix). It is built from the person's current facts by code, or — when a model is configured
— written by the model from those facts and the person's recent messages, then capped.
Stored sealed, one row per person.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from threadkeep.errors import ProviderError
from threadkeep.llm.base import ChatModel, Usage, complete
from threadkeep.memory.facts.candidate import render_fact
from threadkeep.messages import ChatMessage, ModelRequest, Segment
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.facts import FactRecord, load_facts
from threadkeep.store.memory_tables import Profile
from threadkeep.store.models import Message
from threadkeep.store.vault import Vault
from threadkeep.tokens import TokenCounter, token_counter

__all__ = [
    "DEFAULT_REFRESH_EVERY",
    "MAX_PROFILE_TOKENS",
    "ProfileRecord",
    "current_profile",
    "read_profile",
    "profile_from_facts",
    "profile_due",
    "arefresh_profile",
    "refresh_profile",
    "restore_profile",
]

DEFAULT_REFRESH_EVERY = 20
MAX_PROFILE_TOKENS = 120
_RECENT_MESSAGES = 20
_T = "profiles"
_ORDER = (
    "name",
    "role",
    "employer",
    "manager",
    "team",
    "city",
    "hometown",
    "moved_from",
    "studies",
    "business",
    "former",
    "family",
    "pet",
    "language",
    "hobby",
    "preference",
    "commitment",
    "note",
)
# The facts of a life that hold many values, as the profile names them.
_MANY = (
    ("business", "Runs"),
    ("former", "Formerly"),
    ("family", "Family"),
    ("pet", "Pets"),
    ("language", "Speaks"),
    ("hobby", "Hobbies"),
)
_PROFILE_SYSTEM = (
    "Write a short standing description of one person (at most 80 words, third person, plain "
    "prose) from their facts and recent messages: who they are, what they do, where they are, "
    "what they like and what they are working on. Only what the material states; no advice, "
    "no instructions, no guesses. Answer with the description only."
)


@dataclass(frozen=True, slots=True)
class ProfileRecord:
    """The decrypted profile and when, how, and at which message count it was built."""

    text: str
    version: int
    method: str
    built_at: datetime
    messages_at_build: int
    # The model call that wrote it (for the memory's cost log): its usage and name; None when
    # no model was asked. ``fallback``: why the model's text was not used.
    usage: Usage | None = None
    model: str | None = None
    fallback: str | None = None


def current_profile(db: Database, vault: Vault, *, user_id: str) -> ProfileRecord | None:
    """The person's profile, or None before the first refresh."""
    with db.reading() as s:
        return read_profile(s, vault, user_id=user_id)


def read_profile(s: Session, vault: Vault, *, user_id: str) -> ProfileRecord | None:
    """:func:`current_profile` inside the caller's transaction."""
    row = s.get(Profile, user_id)
    if row is None:
        return None
    text = vault.open_text(s, user_id, row.text_ct, table=_T, column="text", row_id=user_id)
    return ProfileRecord(text, row.version, row.method, row.built_at, row.messages_at_build)


def _person_messages(s: Session, user_id: str) -> int:
    return (
        s.scalar(select(func.count()).select_from(Message).where(Message.user_id == user_id, Message.role == "user"))
        or 0
    )


def profile_due(db: Database, *, user_id: str, every: int = DEFAULT_REFRESH_EVERY) -> bool:
    """True when the person has said ``every`` messages since the last build (or none exists)."""
    with db.session() as s:
        row = s.get(Profile, user_id)
        return row is None or _person_messages(s, user_id) - row.messages_at_build >= every


def _fit(sentences: list[str], max_tokens: int, counter: TokenCounter) -> str:
    out = ""
    for sentence in sentences:
        candidate = f"{out} {sentence}".strip()
        if counter.count(candidate) > max_tokens:
            break
        out = candidate
    return out


def _sentences(text: str) -> list[str]:
    # Split after sentence ends in Latin, Cyrillic and CJK punctuation, keeping the marks, so
    # capping drops whole sentences ("。" has no space after it).
    return [p.strip() for p in re.split(r"(?<=[.!?])\s+|(?<=[。！？])\s*", text.strip()) if p.strip()]


def profile_from_facts(
    facts: list[FactRecord], *, max_tokens: int = MAX_PROFILE_TOKENS, counter: TokenCounter | None = None
) -> str:
    """A deterministic profile: identity first, then preferences, then recent notes."""
    tc = token_counter(counter)
    by_cat: dict[str, list[FactRecord]] = {}
    for f in facts:
        by_cat.setdefault(f.category, []).append(f)
    one = {
        c: by_cat[c][0].value
        for c in ("name", "role", "employer", "manager", "team", "city", "hometown", "moved_from", "studies")
        if c in by_cat
    }
    sentences: list[str] = []
    who = one.get("name", "The person")
    work = " ".join(
        p
        for p in (
            one.get("role"),
            f"at {one['employer']}" if "employer" in one else None,
            f"in the {one['team']} team" if "team" in one else None,
        )
        if p
    )
    if work or "name" in one:
        sentences.append(f"{who}" + (f": {work}." if work else "."))
    if "manager" in one:
        sentences.append(f"Manager: {one['manager']}.")
    if "city" in one:
        sentences.append(f"Lives in {one['city']}.")
    if "hometown" in one:
        sentences.append(f"From {one['hometown']}.")
    if "moved_from" in one:
        sentences.append(f"Moved from {one['moved_from']}.")
    if "studies" in one:
        sentences.append(f"Studies {one['studies']}.")
    for cat, label in _MANY:
        said = sorted(by_cat.get(cat, []), key=lambda f: (-f.times_seen, f.first_seen))
        if said:
            sentences.append(f"{label}: " + ", ".join(f.value for f in said[:4]) + ".")
    prefs = sorted(by_cat.get("preference", []), key=lambda f: (-f.times_seen, f.first_seen))
    if prefs:
        sentences.append("; ".join(p.value for p in prefs[:6]).capitalize() + ".")
    promised = sorted(by_cat.get("commitment", []), key=lambda f: f.last_seen, reverse=True)
    sentences += [f"Committed to: {c.value}." for c in promised[:3]]
    notes = sorted(by_cat.get("note", []), key=lambda f: f.last_seen, reverse=True)
    sentences += [f"Noted: {n.value}." for n in notes[:4]]
    # What the person said about themselves (the model-free extractor's facts), latest first.
    said = sorted(by_cat.get("said", []), key=lambda f: f.last_seen, reverse=True)
    sentences += [f"Said: {f.value.rstrip('.!。')}." for f in said[:8]]
    return _fit(sentences if facts else [], max_tokens, tc)


def _recent_person_messages(s: Session, vault: Vault, user_id: str) -> list[str]:
    rows = s.scalars(
        select(Message)
        .where(Message.user_id == user_id, Message.role == "user")
        .order_by(Message.created_at.desc())
        .limit(_RECENT_MESSAGES)
    ).all()
    return [
        vault.open_text(s, user_id, r.text_ct, table="messages", column="text", row_id=r.id) for r in reversed(rows)
    ]


async def arefresh_profile(
    db: Database,
    vault: Vault,
    *,
    user_id: str,
    every: int = DEFAULT_REFRESH_EVERY,
    model: ChatModel | None = None,
    force: bool = False,
    max_tokens: int = MAX_PROFILE_TOKENS,
) -> ProfileRecord | None:
    """Rebuild the profile when due (or ``force``); returns the new one, or None if not due."""
    tc = token_counter()
    with db.session() as s:
        row = s.get(Profile, user_id)
        seen = _person_messages(s, user_id)
        if not force and row is not None and seen - row.messages_at_build < every:
            return None
        facts = load_facts(s, vault, user_id=user_id)
        recent = _recent_person_messages(s, vault, user_id) if model is not None else []
    text, method = profile_from_facts(facts, max_tokens=max_tokens, counter=tc), "facts"
    usage: Usage | None = None
    fallback: str | None = None
    if model is not None and (facts or recent):
        prompt = (
            "Facts:\n"
            + "\n".join(render_fact(f.key, f.value) for f in facts)
            + "\n\nRecent messages of the person:\n"
            + "\n".join(f"- {m[:500]}" for m in recent)
        )
        try:
            answer = await complete(
                model,
                ModelRequest(
                    system=_PROFILE_SYSTEM,
                    segments=(Segment("new_message", (ChatMessage.user(prompt),)),),
                    max_tokens=max_tokens * 2,
                    temperature=0.0,
                    metadata={"purpose": "profile"},
                ),
            )
            usage = answer.usage
            written = _fit(_sentences(answer.text), max_tokens, tc) if answer.stop_reason != "refusal" else ""
            if written:
                text, method = written, "model"
            else:
                fallback = f"unusable answer ({answer.stop_reason})"
        except ProviderError as e:  # the facts-built profile stands; never worth failing a job
            fallback = f"{type(e).__name__}"

    def write(s: Session) -> ProfileRecord:
        at = utcnow()
        sealed = vault.seal(s, user_id, text, table=_T, column="text", row_id=user_id)
        current = s.get(Profile, user_id)
        if current is None:
            current = Profile(
                user_id=user_id, text_ct=sealed, version=1, method=method, messages_at_build=seen, built_at=at
            )
            s.add(current)
        else:
            current.text_ct, current.method = sealed, method
            current.version += 1
            current.messages_at_build, current.built_at = seen, at
        return ProfileRecord(
            text, current.version, method, at, seen, usage, model.name if model is not None else None, fallback
        )

    return db.write(write)


def refresh_profile(
    db: Database,
    vault: Vault,
    *,
    user_id: str,
    every: int = DEFAULT_REFRESH_EVERY,
    model: ChatModel | None = None,
    force: bool = False,
) -> ProfileRecord | None:
    """Synchronous wrapper of :func:`arefresh_profile`."""
    return asyncio.run(arefresh_profile(db, vault, user_id=user_id, every=every, model=model, force=force))


def restore_profile(s: Session, vault: Vault, *, user_id: str, text: str, method: str, built_at: datetime) -> bool:
    """Keep a profile read back from a personal export, unless the person has one already
    (a profile is rebuilt from facts anyway). Its refresh clock starts at the messages the
    person has now, so the next refresh comes after ``every`` new ones."""
    if s.get(Profile, user_id) is not None:
        return False
    s.add(
        Profile(
            user_id=user_id,
            version=1,
            method=method,
            built_at=built_at,
            messages_at_build=_person_messages(s, user_id),
            text_ct=vault.seal(s, user_id, text, table=_T, column="text", row_id=user_id),
        )
    )
    return True
