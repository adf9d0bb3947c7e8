"""Issue 15, part 3: half turns recover at once.

- ``kill -9`` a real ``threadkeep serve`` subprocess while it streams several answers (from a
  slow fake OpenAI-compatible provider on loopback), start it again: every half turn is failed
  and answered by ``retry`` within 5 s of the restart;
- a live replica's pending turns are never touched; a replica on another machine is judged
  by its lease's expiry;
- a failed turn is retried after a fold has passed it.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, select, update
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.routing import Route

from tests.conftest_api import LiveServer
from tests.helpers import open_memory, unique_user
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.engine import access as auth
from threadkeep.errors import Conflict, ProviderServerError
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.store import repo
from threadkeep.store.base import utcnow
from threadkeep.store.models import Conversation, Message, TurnLease
from threadkeep.testing.proc import drop_postgres, free_port, scratch_postgres

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def fake_provider(state: dict[str, float]) -> Starlette:
    """An OpenAI-compatible provider streaming ``state['chunks']`` deltas, ``state['delay']`` apart."""

    async def completions(request: Request) -> StreamingResponse:
        body = await request.json()
        last = body["messages"][-1]["content"]
        text = last if isinstance(last, str) else "".join(p.get("text", "") for p in last)

        async def chunks() -> AsyncIterator[bytes]:
            for i in range(int(state["chunks"])):
                await asyncio.sleep(state["delay"])
                piece = f"answer to {text[:40]!r}" if i == 0 else "."
                data = {
                    "id": "c",
                    "object": "chat.completion.chunk",
                    "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}],
                }
                yield f"data: {json.dumps(data)}\n\n".encode()
            done = {
                "id": "c",
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5},
            }
            yield f"data: {json.dumps(done)}\n\ndata: [DONE]\n\n".encode()

        return StreamingResponse(chunks(), media_type="text/event-stream")

    return Starlette(routes=[Route("/v1/chat/completions", completions, methods=["POST"])])


class Serve:
    """``threadkeep serve`` as a child process that can be killed with SIGKILL and started again."""

    def __init__(self, db: str, home: Path, provider_url: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.cmd = [
            sys.executable,
            "-c",
            "from threadkeep.cli.service import serve; serve()",
            "--db",
            db,
            "--port",
            str(self.port),
            "--log-level",
            "warning",
            "--model",
            f"openai-compatible:fake@{provider_url}/v1",
        ]
        self.env = {**os.environ, "THREADKEEP_HOME": str(home), "THREADKEEP_EMBEDDINGS": "false"}
        self.log = home / "serve.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        """Start and wait until it answers; returns the moment it did (time.monotonic)."""
        self.launched = time.monotonic()
        self.launched_at = utcnow()
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(self.cmd, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"serve exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/v1/session", timeout=1).status_code == 200:
                    return time.monotonic()
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise RuntimeError("serve did not answer in 90 s")

    def kill9(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill9()


def _person_key(db: str, home: Path, person: str) -> str:
    memory = Memory.open(db, settings=Settings(home=home, embeddings=False), model="offline")
    try:
        return auth.create_key(memory.db, memory.vault, scope="person", person=person)[0]
    finally:
        asyncio.run(memory.close())


@pytest.mark.parametrize("db_kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_kill9_under_load_then_every_half_turn_is_retryable_at_once(db_kind: str, tmp_path, request) -> None:
    if db_kind == "postgres":
        request.getfixturevalue("pg_url")  # skips (or fails under THREADKEEP_REQUIRE_PG) without a server
    # Its own database: the server keeps its master key in its own home.
    db = f"sqlite:///{tmp_path / 'k.db'}" if db_kind == "sqlite" else scratch_postgres("tk_kill")
    home = tmp_path / "home"
    home.mkdir()
    state = {"delay": 0.0, "chunks": 2.0}
    provider = LiveServer(fake_provider(state)).start()
    serve = Serve(db, home, provider.url)
    clients: list[httpx.Client] = []
    try:
        key = _person_key(db, home, unique_user())
        serve.start()
        c = httpx.Client(base_url=serve.url, headers={"Authorization": f"Bearer {key}"}, timeout=30)
        clients.append(c)
        convs = []
        for i in range(4):  # conversations with some history, answered at once
            r = c.post("/v1/messages", json={"text": f"conversation {i} starts"})
            assert r.status_code == 200, r.text
            convs.append(r.json()["conversation_id"])
        state.update(delay=0.5, chunks=120.0)  # answers now take a minute: the kill lands mid-answer
        stored: list[str] = []
        lock = threading.Lock()
        seen = threading.Semaphore(0)

        def half_turn(i: int) -> None:
            with httpx.Client(base_url=serve.url, headers={"Authorization": f"Bearer {key}"}, timeout=120) as hc:
                try:
                    body = {"text": f"question {i} interrupted", "conversation_id": convs[i % 4], "stream": True}
                    with hc.stream("POST", "/v1/messages", json=body) as r:
                        event = ""
                        for line in r.iter_lines():
                            if line.startswith("event: "):
                                event = line[7:]
                            elif line.startswith("data: ") and event == "message":
                                with lock:
                                    stored.append(json.loads(line[6:])["message_id"])
                                seen.release()
                except httpx.HTTPError:
                    pass  # the server was killed under us

        threads = [threading.Thread(target=half_turn, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for _ in threads:
            assert seen.acquire(timeout=60), "a turn was never stored"
        serve.kill9()
        for t in threads:
            t.join(timeout=30)
        assert len(stored) == 8
        state.update(delay=0.0, chunks=2.0)  # the provider answers quickly again

        ready = serve.start()
        c.close()
        c = httpx.Client(base_url=serve.url, headers={"Authorization": f"Bearer {key}"}, timeout=30)
        clients.append(c)
        statuses = {m["id"]: m["status"] for cid in convs for m in c.get(f"/v1/conversations/{cid}").json()["messages"]}
        # Failed (retryable) before the server even answered: the start-up recovered them.
        assert all(statuses[mid] == "failed" for mid in stored), statuses
        retryable = time.monotonic() - ready
        assert retryable < 5, retryable
        eng = create_engine(db)
        try:
            with eng.connect() as conn:
                rows = conn.execute(select(Message.failed_at, Message.status).where(Message.id.in_(stored))).all()
        finally:
            eng.dispose()
        for mid in stored:
            r = c.post(f"/v1/messages/{mid}/retry")
            assert r.status_code == 200, r.text
            assert r.json()["user_message_id"] == mid and "interrupted" in r.json()["text"]
        retried = time.monotonic() - ready
        print(
            f"8 half turns: failed by the new process's start-up "
            f"{(max(r[0] for r in rows) - serve.launched_at).total_seconds():.1f} s "
            f"after its launch (it answered HTTP {ready - serve.launched:.1f} s after launch); "
            f"retryable {retryable:.2f} s after it answered; all 8 retried in {retried:.2f} s ({db_kind})"
        )
        # Nothing was stored twice: four conversations of two turns each, plus the eight retried.
        users = [
            m for cid in convs for m in c.get(f"/v1/conversations/{cid}").json()["messages"] if m["role"] == "user"
        ]
        assert len(users) == 12 and all(m["status"] == "answered" for m in users)
    finally:
        for cl in clients:
            cl.close()
        serve.stop()
        provider.stop()
        if db_kind == "postgres":
            drop_postgres(db)


async def test_a_live_replicas_turns_are_never_touched(tmp_path, settings: Settings) -> None:
    url, key = f"sqlite:///{tmp_path / 'r.db'}", MasterKey(os.urandom(32), "r")
    settings = settings.model_copy(update={"embeddings": False})
    slow = ScriptedModel(responder=lambda r: Step(text="slow answer", delay=3.0))
    a = open_memory(url, key, settings, slow)
    user = unique_user()
    first = await a.send("hello", user=user)
    events = a.stream("a slow one", user=user, conversation_id=first.conversation_id)
    await events.__anext__()
    stored = await events.__anext__()  # stored, pending, being answered by replica a
    mid = stored.message_id  # type: ignore[union-attr]
    b = open_memory(url, key, settings, ScriptedModel(responder=lambda r: "b answers"))  # a replica starting
    with b.db.session() as s:
        assert s.get(Message, mid).status == "pending"  # a lives: untouched
    with pytest.raises(Conflict):
        async for _ in b.retry(mid, user=user):
            pass
    rest = [ev async for ev in events]
    assert rest[-1].type == "done"

    # A replica on another machine that stopped renewing its lease: failed once it expires.
    with b.db.session() as s:
        conv = s.get(Conversation, first.conversation_id)
        msg = repo.append_message(s, b.vault, conv=conv, role="user", text="half turn elsewhere", status="pending")
        msg.owner = "lease-of-another-host"
        s.add(
            TurnLease(
                id="lease-of-another-host",
                host="other",
                boot_id="another-boot",
                pid_ns="pid:[1]",
                pid=1,
                started="1",
                heartbeat_at=utcnow(),
                expires_at=utcnow() + timedelta(seconds=60),
            )
        )
        s.commit()
        other = msg.id
    c = open_memory(url, key, settings, ScriptedModel(responder=lambda r: "c answers"))
    with c.db.session() as s:
        assert s.get(Message, other).status == "pending"  # its lease is fresh
        s.execute(
            update(TurnLease)
            .where(TurnLease.id == "lease-of-another-host")
            .values(expires_at=utcnow() - timedelta(seconds=1))
        )
        s.commit()
    # Expired: a retry takes it over at once.
    done = [ev async for ev in c.retry(other, user=user)]
    assert done[-1].type == "done" and done[-1].text == "c answers"  # type: ignore[union-attr]
    for m in (a, b, c):
        await m.close()


async def test_retry_succeeds_after_a_fold_passed_the_failed_turn(tmp_path, settings: Settings) -> None:
    url, key = f"sqlite:///{tmp_path / 'f.db'}", MasterKey(os.urandom(32), "f")
    settings = settings.model_copy(
        update={"embeddings": False, "fold_threshold": 14, "fold_tail": 12, "fold_adoption": "eager"}
    )
    model = ScriptedModel(responder=lambda r: "echo: " + r.segments[-1].messages[-1].text)
    m = open_memory(url, key, settings, model)
    user = unique_user()
    cid = (await m.send("first", user=user)).conversation_id
    model.add(Step(error=ProviderServerError("down", status=503)))
    with pytest.raises(ProviderServerError):
        await m.send("the question that failed", user=user, conversation_id=cid)
    with m.db.session() as s:
        failed = s.scalar(select(Message).where(Message.conversation_id == cid, Message.status == "failed"))
        failed_id, failed_seq = failed.id, failed.seq
    for i in range(16):
        await m.send(f"later message {i}", user=user, conversation_id=cid)
        await m.drain_jobs()
    await m.send("one more, to adopt the fold", user=user, conversation_id=cid)
    with m.db.session() as s:
        assert s.get(Conversation, cid).adopted_cursor >= failed_seq  # the fold passed it
    # No later request carried the failed turn.
    assert not any(
        "failed" in msg.text
        for call in model.calls[2:]
        for msg in call.messages
        if "the question that failed" in msg.text
    )
    done = [ev async for ev in m.retry(failed_id, user=user)]
    assert done[-1].type == "done", done[-1]
    assert done[-1].text == "echo: the question that failed"  # type: ignore[union-attr]
    await m.close()


def test_the_lease_is_renewed_while_turns_are_in_flight_and_judged_exactly_on_this_machine(tmp_path) -> None:
    from threadkeep.store.db import Database
    from threadkeep.store.leases import TurnLeaseHolder, lease_dead, this_process

    db = Database(f"sqlite:///{tmp_path / 'l.db'}")
    db.upgrade()
    try:
        holder = TurnLeaseHolder(db, ttl_s=2.0)
        holder.register()
        with db.session() as s:
            first = s.get(TurnLease, holder.id).expires_at
        with holder.holding():
            time.sleep(1.5)  # a heartbeat every ttl / 4
            with db.session() as s:
                assert s.get(TurnLease, holder.id).expires_at > first
        deadline = time.monotonic() + 5
        while holder._thread is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert holder._thread is None  # no turn in flight: no heartbeat thread left behind
        me = this_process()
        with db.session() as s:
            mine = s.get(TurnLease, holder.id)
            assert not lease_dead(mine, utcnow() + timedelta(hours=1))  # seen running, whatever the clock
            if me.boot_id and me.started:
                gone = subprocess.Popen(["true"])
                gone.wait()
                ghost = TurnLease(
                    id="ghost",
                    host=me.host,
                    boot_id=me.boot_id,
                    pid_ns=me.pid_ns,
                    pid=gone.pid,
                    started=me.started,
                    heartbeat_at=utcnow(),
                    expires_at=utcnow() + timedelta(hours=1),
                )
                assert lease_dead(ghost, utcnow())  # its process is gone: dead before its expiry
        holder.release()
        with db.session() as s:
            assert s.get(TurnLease, holder.id) is None
    finally:
        db.dispose()
