"""Reading a threadkeep personal export back: ``threadkeep import threadkeep ARCHIVE``.

The archive (:mod:`threadkeep.personal_export`, docs/EXPORT.md) is checked whole before
anything is stored: the zip's directory, ``manifest.json`` (format name and version), every
conversation entry (its JSON, CRC and fields) and the manifest's counts. A bad or truncated
archive is refused with an error naming the entry and field, and nothing is written.

Then conversations go through the one writer of imported history
(:func:`threadkeep.imports.store.store_conversations`) with source ids made of the archive's
own ids (``threadkeep:<conversation id>`` and ``threadkeep:<conversation id>:<message id>``), so reading the same archive
again adds nothing. The archive's facts arrive with their history
(:func:`threadkeep.imports.facts_restore.restore_facts`) — the imported messages are marked as
mined, so the import's background work does not re-derive (and re-order) them — and the
profile is kept when the person has none.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, field_validator
from sqlalchemy import and_, exists, insert, literal, select
from sqlalchemy.orm import Session

from threadkeep.imports.facts_restore import restore_facts
from threadkeep.imports.model import (
    ImportedConversation,
    ImportedMessage,
    ImportFormatError,
    ImportLimitError,
)
from threadkeep.imports.reading import MAX_ITEM_BYTES, MAX_ZIP_ENTRIES, check_ratio, open_zip
from threadkeep.imports.store import ImportCounts, store_conversations
from threadkeep.memory.profile import restore_profile
from threadkeep.memory.recall.facts import clear_fact_cache
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.facts import FactRecord, FactVersionRecord
from threadkeep.store.imports_tables import ImportSource
from threadkeep.store.memory_tables import FactExtraction
from threadkeep.store.models import Conversation, Message

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = ["ArchiveImport", "ThreadkeepArchive", "import_archive", "MAX_ENTRY_BYTES", "MAX_ENTRIES", "SOURCE_PREFIX"]

# The format this reader understands (kept in step with threadkeep.personal_export, which
# sits above the imports in the layering and so is not imported here).
FORMAT = "threadkeep-personal-export"
FORMAT_VERSIONS = (1,)
SOURCE_PREFIX = "threadkeep:"
# Limits: one entry is parsed whole (one conversation at a time), so each has a ceiling —
# the readers' item limit — and so have the directory and each entry's expansion.
MAX_ENTRY_BYTES = MAX_ITEM_BYTES
MAX_ENTRIES = MAX_ZIP_ENTRIES


# -- the archive's shape --------------------------------------------------------------------
class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class _Manifest(_Model):
    format: str
    format_version: int
    person: str
    counts: dict[str, int]


class _Message(_Model):
    id: str
    role: Literal["user", "assistant"]
    text: str
    created_at: AwareDatetime
    rating: Literal["up", "down"] | None = None
    rated_at: AwareDatetime | None = None
    speaker: str | None = Field(default=None, max_length=200)


class _Conversation(_Model):
    id: str
    title: str | None
    created_at: AwareDatetime
    messages: list[_Message]

    @field_validator("messages")
    @classmethod
    def _unique_ids(cls, value: list[_Message]) -> list[_Message]:
        seen: set[str] = set()
        for m in value:
            if m.id in seen:
                raise ValueError(f"message id {m.id!r} appears twice")
            seen.add(m.id)
        return value


class _Version(_Model):
    version: int
    op: str
    old_value: str | None
    new_value: str | None
    old_status: str | None
    new_status: str | None
    at: AwareDatetime
    source_message_id: str | None = None


class _Fact(_Model):
    id: str = ""  # the fact's id where it was exported (a restore gives it a new one)
    key: str
    value: str
    said: str = ""  # the value's words as said (archives before 0019 have none)
    status: Literal["current", "retired", "forgotten", "undone"]
    method: str
    times_seen: int
    first_seen: AwareDatetime
    last_seen: AwareDatetime
    updated_at: AwareDatetime
    source_message_id: str | None = None
    history: list[_Version] = []

    @field_validator("history")
    @classmethod
    def _unique_versions(cls, value: list[_Version]) -> list[_Version]:
        numbers = [v.version for v in value]
        if len(set(numbers)) != len(numbers):
            raise ValueError("a version number appears twice")
        return value


class _Facts(_Model):
    facts: list[_Fact]


class _Profile(_Model):
    profile: str | None
    method: str = "facts"
    built_at: AwareDatetime | None = None


def _where(error: ValidationError) -> str:
    first = error.errors()[0]
    place = " → ".join(str(p) for p in first["loc"]) or "(top level)"
    return f"{place}: {first['msg']}"


# -- reading ----------------------------------------------------------------------------------
class ThreadkeepArchive:
    """An open personal-export archive: its manifest, then its parts, read one at a time."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if not self.path.exists():
            raise FileNotFoundError(str(self.path))
        self._opened = open_zip(self.path, str(self.path))
        self._zip = self._opened.__enter__()
        infos = self._zip.infolist()
        if len(infos) > MAX_ENTRIES:
            raise ImportFormatError(f"{self.path}: {len(infos)} entries, more than the limit of {MAX_ENTRIES}")
        self._names = {i.filename for i in infos}
        self.conversation_entries = sorted(
            n for n in self._names if n.startswith("conversations/") and n.endswith(".json")
        )
        self.manifest = _Manifest.model_validate(self._json("manifest.json", required=True))
        if self.manifest.format != FORMAT:
            raise ImportFormatError(
                f"{self.path}: manifest.json names format {self.manifest.format!r}, "
                f"not a threadkeep personal export ({FORMAT!r})"
            )
        if self.manifest.format_version not in FORMAT_VERSIONS:
            raise ImportFormatError(
                f"{self.path}: manifest.json: format version {self.manifest.format_version} is not one this "
                f"threadkeep reads ({', '.join(map(str, FORMAT_VERSIONS))}); a newer threadkeep made it"
            )

    def close(self) -> None:
        self._opened.__exit__(None, None, None)

    def __enter__(self) -> ThreadkeepArchive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _json(self, name: str, *, required: bool = False) -> Any:
        if name not in self._names:
            if required:
                raise ImportFormatError(f"{self.path}: no {name}: not a threadkeep personal export")
            return None
        info = self._zip.getinfo(name)
        if info.file_size > MAX_ENTRY_BYTES:
            raise ImportLimitError(
                f"{self.path}: {name} is {info.file_size} bytes, more than the limit "
                f"of {MAX_ENTRY_BYTES} bytes per entry"
            )
        check_ratio(info, str(self.path))
        try:
            with self._zip.open(info) as f:
                data = f.read(MAX_ENTRY_BYTES + 1)  # the declared size may lie: never more
            if len(data) > MAX_ENTRY_BYTES:
                raise ImportLimitError(
                    f"{self.path}: {name} holds more than the limit of {MAX_ENTRY_BYTES} bytes "
                    "per entry (its declared size is wrong)"
                )
            return json.loads(data)
        except RecursionError:
            raise ImportLimitError(f"{self.path}: {name}: JSON nested too deep to be an archive entry") from None
        except (zipfile.BadZipFile, EOFError, OSError, ValueError) as e:
            # A bad CRC, a cut-off stream, bad UTF-8 or bad JSON: the entry is damaged.
            raise ImportFormatError(f"{self.path}: {name} is damaged or truncated ({e})") from e

    def _model(self, name: str, model: type[_Model], *, required: bool = True) -> Any:
        raw = self._json(name, required=required)
        if raw is None and not required:
            return None
        try:
            return model.model_validate(raw)
        except ValidationError as e:
            raise ImportFormatError(f"{self.path}: {name}: {_where(e)}") from e

    def conversations(self) -> Iterator[tuple[str, _Conversation]]:
        """``(entry name, conversation)``, one parsed at a time."""
        for name in self.conversation_entries:
            yield name, self._model(name, _Conversation)

    def facts(self) -> list[FactRecord]:
        parsed = self._model("facts.json", _Facts, required=False)
        if parsed is None:
            return []
        return [
            FactRecord(
                id=f.id,
                key=f.key,
                value=f.value,
                status=f.status,
                method=f.method,
                times_seen=f.times_seen,
                first_seen=f.first_seen,
                last_seen=f.last_seen,
                updated_at=f.updated_at,
                source_message_id=f.source_message_id,
                said=f.said,
                history=tuple(FactVersionRecord(**v.model_dump()) for v in f.history),
            )
            for f in parsed.facts
        ]

    def profile(self) -> _Profile | None:
        parsed = self._model("profile.json", _Profile, required=False)
        return parsed if parsed is not None and parsed.profile else None

    def check(self) -> dict[str, int]:
        """Read every part once; raise on the first problem; the counts found."""
        conversations = messages = 0
        for _, conv in self.conversations():
            conversations += 1
            messages += len(conv.messages)
        facts = self.facts()
        self.profile()
        found = {"conversations": conversations, "messages": messages, "facts": len(facts)}
        for what, n in found.items():
            said = self.manifest.counts.get(what)
            if said is not None and said != n:
                raise ImportFormatError(
                    f"{self.path}: manifest.json counts {said} {what} but the archive "
                    f"holds {n}: entries are missing (a truncated or edited archive)"
                )
        return found


def _imported(name: str, conv: _Conversation) -> ImportedConversation:
    return ImportedConversation(
        source_id=SOURCE_PREFIX + conv.id,
        title=conv.title,
        created_at=conv.created_at,
        where=name,
        messages=tuple(
            ImportedMessage(
                role=m.role, text=m.text, created_at=m.created_at, source_id=_source(conv.id, m.id), speaker=m.speaker
            )
            for m in conv.messages
        ),
    )


def _source(conversation_id: str, message_id: str) -> str:
    return f"{SOURCE_PREFIX}{conversation_id}:{message_id}"


# -- the import -------------------------------------------------------------------------------
@dataclass(slots=True)
class ArchiveImport:
    """What reading an archive back did."""

    import_id: str | None
    counts: ImportCounts
    found: dict[str, int] = field(default_factory=dict)
    originals_kept: int = 0  # conversations still in this database under their own id
    facts_added: int = 0
    profile_restored: bool = False


def import_archive(
    memory: Memory,
    path: Path | str,
    *,
    user: str,
    on_checked: Callable[[dict[str, int]], None] | None = None,
    on_conversation: Callable[[ImportCounts], None] | None = None,
) -> ArchiveImport:
    """Read a personal export back into ``user``'s memory (blocking: call it from a thread).

    ``on_checked`` gets the counts found once the whole archive is checked (before anything
    is stored); ``on_conversation`` is called after each stored conversation. Conversations
    that still exist here under their archived id (the archive came from this database) are
    kept as they are rather than stored twice. The import's background work (facts of other
    formats, folds, recall, profile) is queued as jobs of :mod:`threadkeep.imports.jobs`.
    """
    with ThreadkeepArchive(path) as archive:
        found = archive.check()  # the whole archive is sound before anything is written
        if on_checked is not None:
            on_checked(found)
        uid = memory.db.write(lambda s: repo.get_or_create_user(s, memory.vault, name=user).id)
        originals: list[str] = []
        rated: list[tuple[str, str, datetime | None]] = []  # (source id, rating, rated at)

        def fresh() -> Iterator[ImportedConversation]:
            for name, conv in archive.conversations():
                with memory.db.reading() as s:
                    original = _is_original(s, uid, conv.id)
                if original:
                    originals.append(conv.id)
                    continue
                rated.extend((_source(conv.id, m.id), m.rating, m.rated_at) for m in conv.messages if m.rating)
                yield _imported(name, conv)

        stored = store_conversations(memory, fresh(), user=user, format="threadkeep", on_conversation=on_conversation)
        facts = archive.facts()
        profile = archive.profile()

    def finish(s: Session) -> tuple[int, bool]:
        wanted = {f.source_message_id for f in facts} | {v.source_message_id for f in facts for v in f.history}
        ids = _message_map(s, uid, wanted - {None})
        ids.update({mid: mid for mid in _original_message_ids(s, uid, originals)})
        _mark_mined(s, uid)
        _restore_ratings(s, uid, rated)
        added = restore_facts(s, memory.vault, user_id=uid, facts=facts, message_ids=ids)
        restored = (
            profile is not None
            and profile.profile is not None
            and restore_profile(
                s,
                memory.vault,
                user_id=uid,
                text=profile.profile,
                method=profile.method,
                built_at=profile.built_at or utcnow(),
            )
        )
        return added, restored

    added, restored = memory.db.write(finish)
    clear_fact_cache(uid)
    return ArchiveImport(stored.import_id, stored.counts, found, len(originals), added, restored)


def _restore_ratings(s: Session, uid: str, rated: list[tuple[str, str, datetime | None]]) -> None:
    """Thumbs on assistant messages, as the archive has them (a rating given here stays)."""
    for source, rating, at in rated:
        link = s.get(ImportSource, (uid, source))
        msg = s.get(Message, link.message_id) if link is not None and link.message_id else None
        if msg is not None and msg.user_id == uid and msg.role == "assistant" and msg.rating is None:
            msg.rating, msg.rated_at = rating, at or utcnow()


def _is_original(s: Session, uid: str, conversation_id: str) -> bool:
    return (
        s.scalar(select(Conversation.id).where(Conversation.id == conversation_id, Conversation.user_id == uid))
        is not None
    )


def _message_map(s: Session, uid: str, wanted: set[str | None]) -> dict[str, str]:
    """Archived message id → the id it was stored under (of the ``wanted`` ones: facts' sources)."""
    rows = s.execute(
        select(ImportSource.source_id, ImportSource.message_id).where(
            ImportSource.user_id == uid,
            ImportSource.source_id.startswith(SOURCE_PREFIX, autoescape=True),
            ImportSource.message_id.is_not(None),
        )
    )
    out: dict[str, str] = {}
    for source, mid in rows:
        archived = source.rsplit(":", 1)[1]
        if archived in wanted:
            out[archived] = str(mid)
    return out


def _original_message_ids(s: Session, uid: str, conversation_ids: list[str]) -> list[str]:
    if not conversation_ids:
        return []
    return list(
        s.scalars(select(Message.id).where(Message.user_id == uid, Message.conversation_id.in_(conversation_ids)))
    )


def _mark_mined(s: Session, uid: str) -> None:
    """The archive's messages count as mined: their facts come from the archive with history."""
    mined = select(
        ImportSource.message_id,
        ImportSource.user_id,
        literal("archive"),
        literal(0),
        literal(utcnow(), FactExtraction.at.type),
    ).where(
        ImportSource.user_id == uid,
        ImportSource.source_id.startswith(SOURCE_PREFIX, autoescape=True),
        ImportSource.message_id.is_not(None),
        ~exists().where(and_(FactExtraction.message_id == ImportSource.message_id)),
    )
    s.execute(insert(FactExtraction).from_select(["message_id", "user_id", "method", "changes", "at"], mined))
