# ruff: noqa: F811  -- pytest fixtures imported from tests.test_surface_fakes are parameter names here
"""An acknowledged event is answered after the server dies, exactly once.

The first server runs in a subprocess with a model that never finishes in time; it
acknowledges a Slack event, starts the turn, and is killed with SIGKILL. A new server over
the same database picks the job up once its lease has run out and posts one answer, reusing
the stored message of the person rather than storing it twice.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, update

from tests.conftest_api import start_harness, stop_harness
from tests.helpers import open_memory
from tests.test_surface_fakes import (  # noqa: F401  (fixtures)
    SLACK_SECRET,
    FakePlatform,
    fake,
    settings,
    slack_message,
    slack_post,
    surface_env,
    wait_idle,
)
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.store.base import utcnow
from threadkeep.store.db import Database
from threadkeep.store.models import Job, Message
from threadkeep.store.surface_tables import SurfaceEvent
from threadkeep.surfaces import common

SERVER = """
import sys, uvicorn
from threadkeep.api.app import create_app
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.llm.scripted import ScriptedModel, Step

url, key, port, home = sys.argv[1:]
model = ScriptedModel(responder=lambda request: Step(text="never sent", delay=120))
memory = Memory.open(url, settings=Settings(home=home, embeddings=False), model=model,
                     master_key=MasterKey(bytes.fromhex(key), "durability"))
uvicorn.run(create_app(memory), host="127.0.0.1", port=int(port), log_level="warning")
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _event(db: Database, key_suffix: str) -> SurfaceEvent | None:
    with db.reading() as s:
        return next((e for e in s.scalars(select(SurfaceEvent)) if e.event_key.endswith(key_suffix)), None)


def test_killed_before_answering_then_answered_once_after_restart(
    backend,
    settings: Settings,
    fake: FakePlatform,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    url, key = backend
    surface_env(monkeypatch, fake)
    open_memory(url, key, settings).db.dispose()  # migrate before two processes race to do it
    port = _free_port()
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - closed in finally
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER, url, key.key.hex(), str(port), str(settings.home)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=dict(os.environ),
    )
    db = Database(url)
    ts = f"{time.time_ns() // 1000}.000001"
    try:
        event_id = _acknowledge_then_kill(proc, log, port, db, ts, tmp_path)
        assert fake.named("chat.postMessage", thread_ts=ts) == []
        # The dead worker's lease would run out after LEASE_SECONDS; move the clock, not the test.
        db.write(
            lambda s: s.execute(
                update(Job)
                .where(Job.dedupe_key == f"surface:{event_id}")
                .values(locked_until=utcnow() - timedelta(seconds=1))
            )
        )
        since = utcnow() - timedelta(minutes=1)
        h = start_harness(url, key, settings)
        try:
            posted = fake.wait_for("chat.postMessage", timeout=20, thread_ts=ts)
            wait_idle(h, since=since)
            assert len(fake.named("chat.postMessage", thread_ts=ts)) == 1
            assert posted[0].body["text"] == "echo: survive this"
        finally:
            stop_harness(h)
        ev = _event(db, ts)
        assert ev is not None and ev.status == "posted"
        with db.reading() as s:
            mid = ev.user_message_id
            cid = s.get(Message, mid).conversation_id  # type: ignore[union-attr]
            roles = list(s.scalars(select(Message.role).where(Message.conversation_id == cid).order_by(Message.seq)))
            assert s.get(Message, mid).status == "answered"  # type: ignore[union-attr]
        assert roles == ["user", "assistant"]  # the person's message was reused, not stored again
    finally:
        db.dispose()


def _acknowledge_then_kill(
    proc: subprocess.Popen[bytes], log: Any, port: int, db: Database, ts: str, tmp_path: Path
) -> str:
    """Send one Slack event to the subprocess, wait until its turn has begun, then SIGKILL it."""
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "server.log").read_text()
                time.sleep(0.1)
        r = slack_post(f"http://127.0.0.1:{port}/surfaces/slack/events", slack_message("survive this", ts=ts))
        assert r.status_code == 200
        deadline = time.monotonic() + 20
        while (ev := _event(db, ts)) is None or ev.user_message_id is None:  # the turn has begun
            assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()
            time.sleep(0.05)
        return ev.id
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        log.close()


class FlakyPoster:
    """Posts like a platform would, failing the first ``fail`` attempts (a crash mid-post)."""

    channel = "telegram"
    limit = 4096

    def __init__(self, fail: int) -> None:
        self.fail = fail
        self.posted: list[str] = []

    async def started(self, event: common.StoredEvent) -> None:
        return None

    async def finished(self, event: common.StoredEvent) -> None:
        return None

    async def resolve_thread(self, event: common.StoredEvent) -> str:
        return event.thread_key

    async def post(
        self, event: common.StoredEvent, text: str, *, index: int, last: bool, assistant_message_id: str | None
    ) -> str:
        if self.fail:
            self.fail -= 1
            raise ConnectionError("the platform went away")
        self.posted.append(text)
        return f"post{len(self.posted)}"


async def test_an_answer_stored_but_not_posted_is_posted_without_asking_again(tmp_path: Path) -> None:
    model = ScriptedModel([Step(text="the one answer")])
    memory = open_memory(
        f"sqlite:///{tmp_path / 'd.db'}",
        MasterKey(os.urandom(32), "t"),
        Settings(home=tmp_path, embeddings=False),
        model=model,
    )
    try:
        uid, name = common.person_for(memory, channel="telegram", external_id="9", handle="telegram:9")
        assert common.person_for(memory, channel="telegram", external_id="9", handle="telegram:9") == (uid, name)
        eid = common.record_event(
            memory,
            channel="telegram",
            event_key="77",
            user_id=uid,
            thread_key="9",
            text="hello",
            target={"chat_id": "9"},
        )
        assert eid is not None
        assert (
            common.record_event(
                memory,
                channel="telegram",
                event_key="77",
                user_id=uid,
                thread_key="9",
                text="hello",
                target={"chat_id": "9"},
            )
            is None
        )
        poster = FlakyPoster(fail=1)
        with pytest.raises(ConnectionError):
            await common.answer_event(memory, poster, eid)
        await common.answer_event(memory, poster, eid)  # the job's retry
        await common.answer_event(memory, poster, eid)  # a stray re-run: nothing more
        assert poster.posted == ["the one answer"] and len(model.calls) == 1
        with memory.db.reading() as s:
            assert s.scalar(select(func.count()).select_from(Message)) == 2
    finally:
        await memory.close()
