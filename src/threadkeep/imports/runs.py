"""The record of an import run: starting, progress, failure, and the status reported.

An import is one run (``imports`` row) whatever its face: an upload arriving in parts, a
file read by the CLI, the background work queued after storing. Its lifecycle (receiving,
storing, indexing, done or failed), its progress counters and the status a person reads
(:func:`import_status`, :func:`list_imports`) live here; writing the conversations themselves
is :mod:`threadkeep.imports.store`, which records its progress through this module.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from threadkeep.errors import InputError, NotFound
from threadkeep.store import repo
from threadkeep.store.base import new_id, utcnow
from threadkeep.store.imports_tables import ImportRun
from threadkeep.store.models import Job

if TYPE_CHECKING:
    from threadkeep.engine import Memory

__all__ = [
    "start_import",
    "drop_import",
    "fail_import",
    "begin_storing",
    "note_received",
    "count_chunks_indexed",
    "note_chunks_indexed",
    "running_imports",
    "background_left",
    "import_status",
    "list_imports",
    "FORMATS",
    "STALE_AFTER",
    "EMPTY",
]

# A run receiving or storing with no progress for this long is taken for dead.
STALE_AFTER = timedelta(minutes=5)
FORMATS = ("chatgpt", "claude", "telegram", "threadkeep")
# Left-out reason of a conversation with nothing to store (every message left out, or none).
EMPTY = "conversations with nothing to store"


def start_import(
    memory: Memory, *, user: str, format: str, bytes_total: int | None = None, status: str = "storing"
) -> str:
    """Record a new import run for the person (made on first use, like a first turn); its id."""
    if format not in FORMATS and not (status == "receiving" and format == "upload"):
        raise InputError(f"unknown import format {format!r}; use one of {', '.join(FORMATS)}")

    def run(s: Session) -> str:
        uid = repo.get_or_create_user(s, memory.vault, name=user).id
        row = ImportRun(
            id=new_id(),
            user_id=uid,
            format=format,
            status=status,
            bytes_total=bytes_total,
            bytes_read=0,
            conversations=0,
            messages=0,
            skipped_conversations=0,
            skipped_messages=0,
            jobs_total=0,
            chunks_total=0,
            chunks_done=0,
            left_out={},
        )
        s.add(row)
        return row.id

    return memory.db.write(run)


def drop_import(memory: Memory, import_id: str) -> None:
    """Forget a run that never stored anything (an upload refused before its file was read):
    a refused upload leaves no import record."""

    def run(s: Session) -> None:
        row = s.get(ImportRun, import_id)
        if row is not None and row.status in ("receiving", "storing") and not row.conversations:
            s.delete(row)

    memory.db.write(run)


def fail_import(memory: Memory, import_id: str, error: BaseException | str) -> None:
    """Mark the run failed with an error message (a place in the file, never its content)."""
    text = (
        error
        if isinstance(error, str)
        else (str(error) if isinstance(error, InputError) else f"{type(error).__name__}: {error}")
    )

    def run(s: Session) -> None:
        s.execute(
            update(ImportRun)
            .where(ImportRun.id == import_id)
            .values(status="failed", error=text[:2000], updated_at=utcnow(), finished_at=utcnow())
        )

    memory.db.write(run)


def begin_storing(memory: Memory, import_id: str, *, format: str, bytes_total: int | None) -> None:
    """An upload has arrived whole: its format and size are known; storing starts."""
    if format not in FORMATS:
        raise InputError(f"unknown import format {format!r}; use one of {', '.join(FORMATS)}")

    def run(s: Session) -> None:
        s.execute(
            update(ImportRun)
            .where(ImportRun.id == import_id)
            .values(format=format, bytes_total=bytes_total, status="storing", updated_at=utcnow())
        )

    memory.db.write(run)


def note_received(memory: Memory, import_id: str, received: int) -> None:
    """An upload still arriving: how much so far (it also shows the upload is alive)."""

    def run(s: Session) -> None:
        s.execute(
            update(ImportRun)
            .where(ImportRun.id == import_id, ImportRun.status == "receiving")
            .values(bytes_read=received, updated_at=utcnow())
        )

    memory.db.write(run)


def count_chunks_indexed(s: Session, import_id: str, chunks: int) -> None:
    """A step of the import's recall job stored ``chunks`` more, in the step's transaction."""
    s.execute(
        update(ImportRun)
        .where(ImportRun.id == import_id)
        .values(chunks_done=ImportRun.chunks_done + chunks, updated_at=utcnow())
    )


def note_chunks_indexed(memory: Memory, import_id: str) -> None:
    """The import's recall job left nothing unindexed: every chunk it made is embedded."""

    def run(s: Session) -> None:
        s.execute(update(ImportRun).where(ImportRun.id == import_id).values(chunks_done=ImportRun.chunks_total))

    memory.db.write(run)


def running_imports(memory: Memory, *, user: str) -> int:
    """The person's imports still receiving or storing (stale ones are marked failed first)."""

    def run(s: Session) -> int:
        found = repo.find_user(s, name=user)
        if found is None:
            return 0
        rows = s.scalars(
            select(ImportRun).where(ImportRun.user_id == found.id, ImportRun.status.in_(("receiving", "storing")))
        ).all()
        return sum(1 for r in rows if not _stale(r))

    return memory.db.write(run)


def _stale(run: ImportRun) -> bool:
    """A run receiving or storing that has shown no progress for STALE_AFTER: its process
    stopped (a restart). It is marked failed; importing the file again resumes it."""
    if run.status not in ("receiving", "storing") or run.updated_at > utcnow() - STALE_AFTER:
        return False
    run.status, run.finished_at = "failed", utcnow()
    run.error = (
        f"the import stopped making progress (no news for {int(STALE_AFTER.total_seconds())} s: "
        "the server was restarted?); import the file again: what was stored is skipped"
    )
    return True


def background_left(s: Session, import_id: str) -> int:
    """Background jobs of the import still queued or running."""
    return int(s.scalar(select(func.count()).select_from(Job).where(Job.dedupe_key.like(f"import:{import_id}:%"))) or 0)


def _failed_work(s: Session, run: ImportRun) -> str | None:
    """The kind and error of a background job of the import that failed for good, if any."""
    for job in s.scalars(
        select(Job).where(Job.kind.like("import_%"), Job.status == "failed", Job.created_at >= run.created_at)
    ):
        if (job.payload or {}).get("import_id") == run.id:
            return f"{job.kind}: {job.last_error}"
    return None


def _status(s: Session, run: ImportRun) -> dict[str, Any]:
    _stale(run)
    left = background_left(s, run.id) if run.status in ("indexing", "done") else run.jobs_total
    if run.status == "indexing" and left == 0:
        failed = _failed_work(s, run)
        run.status, run.finished_at = ("failed" if failed else "done"), utcnow()
        if failed:
            run.error = f"background work could not finish: {failed}"[:2000]
    stored_frac = (
        min(1.0, run.bytes_read / run.bytes_total)
        if run.bytes_total
        else (1.0 if run.status in ("indexing", "done") else 0.0)
    )
    if run.status in ("indexing", "done"):
        stored_frac = 1.0
    bg_done = max(0, run.jobs_total - left)
    bg_frac = (bg_done / run.jobs_total) if run.jobs_total else (1.0 if run.status == "done" else 0.0)
    return {
        "id": run.id,
        "format": run.format,
        "status": run.status,
        "progress": {
            "stage": {
                "receiving": "receiving",
                "storing": "storing",
                "indexing": "background",
                "done": "done",
                "failed": "failed",
            }.get(run.status, run.status),
            "storing": round(stored_frac, 4),
            "background": round(bg_frac, 4),
            "bytes_read": run.bytes_read,
            "bytes_total": run.bytes_total,
            "jobs_total": run.jobs_total,
            "jobs_done": bg_done,
            # Recall indexing: chunks embedded of the chunks the import's messages make.
            "chunks_total": run.chunks_total,
            "chunks_done": min(run.chunks_done, run.chunks_total),
        },
        "counts": {
            "conversations": run.conversations,
            "messages": run.messages,
            "skipped_conversations": run.skipped_conversations,
            "empty_conversations": int((run.left_out or {}).get(EMPTY, 0)),
            "skipped_messages": run.skipped_messages,
        },
        "left_out": dict(run.left_out or {}),
        "error": run.error,
        "created_at": run.created_at.isoformat(),
        "finished_at": run.finished_at.isoformat() if run.finished_at else None,
    }


def import_status(memory: Memory, import_id: str, *, user: str) -> dict[str, Any]:
    """The run's status, progress of both stages (storing, background work), counts, error.

    Someone else's import is NotFound, as an unknown one. Read without the write lock; a run
    whose background work just ended (or whose process died) is updated in a short write.
    """

    def find(s: Session) -> ImportRun:
        found = repo.find_user(s, name=user)
        row = s.get(ImportRun, import_id)
        if found is None or row is None or row.user_id != found.id:
            raise NotFound(f"import {import_id} not found")
        return row

    with memory.db.reading() as s:
        row = find(s)
        settled = not (_would_go_stale(row) or (row.status == "indexing" and not background_left(s, row.id)))
        if settled:
            return _status(s, row)
    return memory.db.write(lambda s: _status(s, find(s)))


def _would_go_stale(run: ImportRun) -> bool:
    return run.status in ("receiving", "storing") and run.updated_at <= utcnow() - STALE_AFTER


def list_imports(memory: Memory, *, user: str, limit: int = 20) -> list[dict[str, Any]]:
    def run(s: Session) -> list[dict[str, Any]]:
        found = repo.find_user(s, name=user)
        if found is None:
            return []
        rows = s.scalars(
            select(ImportRun).where(ImportRun.user_id == found.id).order_by(ImportRun.created_at.desc()).limit(limit)
        ).all()
        return [_status(s, r) for r in rows]

    return memory.db.write(run)
