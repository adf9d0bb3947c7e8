"""The personal export: everything threadkeep holds about one person, as one zip archive.

What a data-protection request needs: every conversation (JSON and the Markdown of
:mod:`threadkeep.export`), every fact with its history, the profile, digests, feedback,
linked identities and API key metadata — decrypted with that person's key only. The archive
is written entry by entry and conversations are read one at a time, so memory stays flat in
the size of the history. ``docs/EXPORT.md`` describes the format; ``manifest.json`` carries
:data:`FORMAT` and :data:`FORMAT_VERSION`, which :mod:`threadkeep.imports.threadkeep_archive`
checks when the archive is read back. Each part is read by
:mod:`threadkeep.personal_export_sections`; this module writes the archive.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import tempfile
import zipfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from threadkeep import __version__
from threadkeep import personal_export_sections as sections
from threadkeep.errors import NotFound
from threadkeep.store import repo
from threadkeep.store.db import Database
from threadkeep.store.models import Conversation
from threadkeep.store.vault import Vault

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "ExportSummary",
    "write_personal_export",
    "export_person",
    "export_to_temp",
    "archive_filename",
]

FORMAT = "threadkeep-personal-export"
FORMAT_VERSION = 1
_ZIP = {"compression": zipfile.ZIP_DEFLATED, "compresslevel": 6}


@dataclass(slots=True)
class ExportSummary:
    """What an export wrote: the archive's path and the counts its manifest carries."""

    path: Path
    person: str
    exported_at: datetime
    counts: dict[str, int] = field(default_factory=dict)


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def archive_filename(person: str, at: datetime) -> str:
    """A download name such as ``threadkeep-export-ann-2026-12-01.zip`` (filesystem-safe)."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", person).strip("._")[:60] or "person"
    return f"threadkeep-export-{safe}-{at:%Y-%m-%d}.zip"


_README = """# Your threadkeep export

This archive holds everything threadkeep stored about {person}, exported {at}.

- `manifest.json` — format name and version, and how many of each thing is inside.
- `person.json` — your handle, linked chat accounts (identities), API key names (never the keys),
  and which chat threads lead to which conversation.
- `conversations/<id>.md` — each conversation to read; `conversations/<id>.json` — the same with
  every message's id, role, time, status, feedback, and the conversation's summary and settings.
- `facts.json` / `facts.md` — what threadkeep learned about you, with every change to each fact.
- `profile.json` / `profile.md` — the short standing description used to start conversations.
- `digests.json` / `digests.md` — weekly and monthly digests.
- `feedback.json` — every thumbs up or down you gave.

`threadkeep import threadkeep ARCHIVE --user NAME` reads it back into a threadkeep database.
"""


# -- the archive -----------------------------------------------------------------------------
def write_personal_export(
    db: Database, vault: Vault, *, user: str, out: Path | str, missing_ok: bool = False
) -> ExportSummary:
    """Write the person's archive to ``out`` (replaced atomically; nothing is left on failure).

    Blocking: run it in a worker thread (:func:`export_person`). A person with no row yet is
    :class:`NotFound` unless ``missing_ok`` (then the archive says that nothing is held).
    """
    out = Path(out)
    fd, tmp_name = tempfile.mkstemp(prefix=".threadkeep-export-", suffix=".zip.part", dir=out.parent or ".")
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        with zipfile.ZipFile(tmp, "w", allowZip64=True, **_ZIP) as zf, db.reading() as s:
            summary = _write_entries(zf, s, vault, user=user, missing_ok=missing_ok)
        os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    summary.path = out
    return summary


def _write_entries(zf: zipfile.ZipFile, s: Session, vault: Vault, *, user: str, missing_ok: bool) -> ExportSummary:
    now = datetime.now(UTC)
    row = repo.find_user(s, name=user)
    if row is None and not missing_ok:
        raise NotFound(f"person {user!r} not found")
    counts = {
        "conversations": 0,
        "messages": 0,
        "facts": 0,
        "fact_versions": 0,
        "digests": 0,
        "feedback": 0,
        "identities": 0,
        "profile": 0,
    }
    feedback: list[dict[str, Any]] = []
    zf.writestr("README.md", _README.format(person=user, at=f"{now:%Y-%m-%d %H:%M %Z}"))
    if row is not None:
        uid = row.id
        person = sections.person(s, row)
        counts["identities"] = len(person["identities"])
        zf.writestr("person.json", _dump(person))
        conv_ids = list(
            s.scalars(
                select(Conversation.id)
                .where(Conversation.user_id == uid)
                .order_by(Conversation.created_at, Conversation.id)
            )
        )
        for cid in conv_ids:
            conv = s.get(Conversation, cid)
            if conv is None:  # deleted while the export ran (PostgreSQL reads committed rows)
                continue
            as_json, as_md, n = sections.conversation_entries(s, vault, conv, feedback)
            zf.writestr(f"conversations/{cid}.json", as_json)
            zf.writestr(f"conversations/{cid}.md", as_md)
            counts["conversations"] += 1
            counts["messages"] += n
            # One conversation's rows at a time: the session must not keep them all.
            s.expunge_all()
        facts, versions = sections.facts(s, vault, uid)
        from threadkeep.memory.profile import (
            read_profile,  # lazy: start-up (tests/test_serve_startup.py)
        )

        profile = read_profile(s, vault, user_id=uid)
        digests = [d.to_dict() for d in sections.digests(s, vault, uid)]
    else:
        zf.writestr(
            "person.json",
            _dump({"name": user, "created_at": None, "identities": [], "api_keys": [], "chat_threads": []}),
        )
        facts, versions, profile, digests = [], 0, None, []
    counts.update(
        facts=len(facts),
        fact_versions=versions,
        digests=len(digests),
        feedback=len(feedback),
        profile=int(profile is not None),
    )
    zf.writestr("facts.json", _dump({"facts": facts}))
    zf.writestr("facts.md", sections.facts_markdown(facts))
    profile_json, profile_md = sections.profile(profile)
    zf.writestr("profile.json", _dump(profile_json))
    zf.writestr("profile.md", profile_md)
    zf.writestr("digests.json", _dump({"digests": digests}))
    zf.writestr("digests.md", sections.digests_markdown(digests))
    zf.writestr("feedback.json", _dump({"feedback": feedback}))
    # Written last, when the counts are known; a reader finds it through the zip's directory.
    zf.writestr(
        "manifest.json",
        _dump(
            {
                "format": FORMAT,
                "format_version": FORMAT_VERSION,
                "person": user,
                "exported_at": now.isoformat(),
                "generator": f"threadkeep {__version__}",
                "counts": counts,
            }
        ),
    )
    return ExportSummary(path=Path(), person=user, exported_at=now, counts=counts)


async def export_person(memory: Memory, *, user: str, out: Path | str, missing_ok: bool = False) -> ExportSummary:
    """:func:`write_personal_export` of ``memory``'s database in a worker thread, off the
    caller's event loop (what ``threadkeep users export`` calls)."""
    return await asyncio.to_thread(
        write_personal_export, memory.db, memory.vault, user=user, out=out, missing_ok=missing_ok
    )


async def export_to_temp(memory: Memory, *, user: str, missing_ok: bool = True) -> ExportSummary:
    """The archive in a new temporary file; the caller deletes it after sending it (what
    ``GET /v1/me/export`` calls)."""
    fd, name = tempfile.mkstemp(prefix="threadkeep-export-", suffix=".zip")
    os.close(fd)
    try:
        return await export_person(memory, user=user, out=name, missing_ok=missing_ok)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
