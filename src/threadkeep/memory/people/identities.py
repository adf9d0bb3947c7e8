"""Channel identities of one person: a web login, a Slack user, a Telegram user can be one.

Linking is explicit — an administrator or an API call says "this Slack user is that person" —
and never guessed from names or e-mail addresses: a wrong guess would hand one person's facts
to another. Facts, profile and recall are keyed by the person, so they follow every linked
identity automatically.

Linking an identity that already belongs to another person (a Slack user who wrote before
being linked) merges that person into this one (:func:`link_or_merge`, a pending merge that
can be undone until it is confirmed: :mod:`threadkeep.memory.people.merge`).
:func:`link_identity` alone still refuses, for callers that only ever link new people.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError as SAIntegrityError
from sqlalchemy.orm import Session

from threadkeep.errors import Conflict, InputError, NotFound
from threadkeep.memory.people import merge as people_merge
from threadkeep.store.db import Database
from threadkeep.store.models import Identity, User
from threadkeep.store.vault import Vault

__all__ = [
    "IdentityConflict",
    "LinkResult",
    "link_identity",
    "link_or_merge",
    "resolve_identity",
    "unlink_identity",
    "identities_of",
]


class IdentityConflict(Conflict):
    """The channel identity already belongs to another person (unlink it there first)."""


def _norm(channel: str, external_id: str) -> tuple[str, str]:
    channel = channel.strip().lower()
    external_id = external_id.strip()
    if not channel or not external_id:
        raise InputError("channel and external_id must not be empty")
    return channel, external_id


def link_identity(db: Database, *, user_id: str, channel: str, external_id: str) -> str:
    """Link ``(channel, external_id)`` to the person; returns the identity id.

    Linking again to the same person is a no-op; linking an identity that belongs to someone
    else raises :class:`IdentityConflict` rather than moving it silently.
    """
    channel, external_id = _norm(channel, external_id)

    def run(s: Session) -> str:
        if s.get(User, user_id) is None:
            raise NotFound(f"no person with id {user_id}")
        row = s.scalars(
            select(Identity).where(Identity.channel == channel, Identity.external_id == external_id)
        ).first()
        if row is not None:
            if row.user_id != user_id:
                raise IdentityConflict(f"{channel}:{external_id} is linked to another person; unlink it first")
            return row.id
        row = Identity(user_id=user_id, channel=channel, external_id=external_id)
        s.add(row)
        s.flush()
        return row.id

    try:
        return db.write(run)
    except SAIntegrityError as e:
        # Two concurrent links of the same identity: the unique constraint decided.
        raise IdentityConflict(f"{channel}:{external_id} was linked concurrently") from e


@dataclass(frozen=True, slots=True)
class LinkResult:
    """A link made: the identity's id, and the pending merge it started (None: no merge)."""

    identity_id: str
    merge: people_merge.MergeInfo | None = None


def link_or_merge(
    db: Database, vault: Vault, *, user_id: str, channel: str, external_id: str, actor: str
) -> LinkResult:
    """Link ``(channel, external_id)`` to the person; when it belongs to another person, merge
    that person (all their conversations, facts, profile and identities) into this one.

    The merge is pending: :func:`threadkeep.memory.people.merge.undo_merge` puts both people
    back, :func:`~threadkeep.memory.people.merge.confirm_merge` makes it final.
    """
    channel, external_id = _norm(channel, external_id)

    def run(s: Session) -> LinkResult:
        if s.get(User, user_id) is None:
            raise NotFound(f"no person with id {user_id}")
        row = s.scalars(
            select(Identity).where(Identity.channel == channel, Identity.external_id == external_id)
        ).first()
        if row is None:
            row = Identity(user_id=user_id, channel=channel, external_id=external_id)
            s.add(row)
            s.flush()
            return LinkResult(row.id)
        if row.user_id == user_id:
            return LinkResult(row.id)
        if channel == "local":
            raise IdentityConflict(
                f"{channel}:{external_id} is another person's own handle; merge "
                "the two people instead (`threadkeep users merge start`)"
            )
        merge = people_merge.start_merge_in(
            s, vault, source=row.user_id, target=user_id, actor=actor, via=f"{channel}:{external_id}"[:240]
        )
        return LinkResult(row.id, merge)

    try:
        result = db.write(run)
    except SAIntegrityError as e:
        raise IdentityConflict(f"{channel}:{external_id} was linked concurrently") from e
    if result.merge is not None:
        people_merge.forget_caches(result.merge.source_user_id, result.merge.target_user_id)
    return result


def resolve_identity(db: Database, *, channel: str, external_id: str) -> str | None:
    """The person behind a channel identity, or None when it is not linked."""
    channel, external_id = _norm(channel, external_id)
    with db.session() as s:
        return s.scalar(
            select(Identity.user_id).where(Identity.channel == channel, Identity.external_id == external_id)
        )


def unlink_identity(db: Database, *, channel: str, external_id: str, user_id: str | None = None) -> bool:
    """Remove a link (only from ``user_id`` when given); True when something was removed."""
    channel, external_id = _norm(channel, external_id)
    q = delete(Identity).where(Identity.channel == channel, Identity.external_id == external_id)
    if user_id is not None:
        q = q.where(Identity.user_id == user_id)
    return bool(db.write(lambda s: s.execute(q).rowcount))  # type: ignore[attr-defined]


def identities_of(db: Database, *, user_id: str) -> list[tuple[str, str]]:
    """The person's linked identities as ``(channel, external_id)``, sorted."""
    with db.session() as s:
        rows = s.execute(select(Identity.channel, Identity.external_id).where(Identity.user_id == user_id)).all()
    return sorted((r[0], r[1]) for r in rows)
