"""Fake chat platforms on loopback, and a harness that points threadkeep's surfaces at them.

A :class:`FakePlatform` is a real HTTP server that speaks the documented wire format of the
Slack Web API (``chat.postMessage``, ``reactions.add``…), the Telegram Bot API
(``/bot<token>/sendMessage``) and the Mattermost REST API (``/api/v4/posts``), and records
every call it gets. The surface tests import it from here; the one test below checks the
fake itself answers as the platforms do.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.store.base import utcnow
from threadkeep.store.surface_tables import SurfaceEvent
from threadkeep.surfaces.slack import sign

SLACK_SECRET = "slack-signing-secret-for-tests"
TELEGRAM_SECRET = "telegram-secret-token"
MATTERMOST_TOKEN = "mattermost-outgoing-token"
BOT_TOKEN = "bot-token-123"
BOT_USER = "UBOT"


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]


class FakePlatform:
    """One loopback server for all three platforms' outbound APIs; records calls in order."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.roots: dict[str, str] = {}  # Mattermost post id -> root id
        self._lock = threading.Lock()
        self._n = 0
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: Any) -> None:
                pass

            def _reply(self) -> None:
                size = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(size) if size else b""
                body = json.loads(raw) if raw else {}
                call = Call(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                data = fake.respond(call)
                out = json.dumps(data).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)

            do_GET = do_POST = _reply  # noqa: N815 - http.server's naming

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def respond(self, call: Call) -> dict[str, Any]:
        with self._lock:
            self._n += 1
            n = self._n
            if call.method == "GET" and call.path.startswith("/api/v4/posts/"):
                pid = call.path.rsplit("/", 1)[-1]
                return {"id": pid, "root_id": self.roots.get(pid, "")}
            self.calls.append(call)
        if call.name == "chat.postMessage":
            # Unique across fakes: the PostgreSQL database outlives one test.
            return {"ok": True, "channel": call.body["channel"], "ts": f"{time.time_ns() // 1000}.{n:06d}"}
        if call.name in ("reactions.add", "reactions.remove", "chat.update"):
            return {"ok": True}
        if call.name == "sendMessage":
            return {
                "ok": True,
                "result": {"message_id": 1000 + n, "chat": {"id": call.body["chat_id"]}, "text": call.body["text"]},
            }
        if call.name == "sendChatAction":
            return {"ok": True, "result": True}
        if call.path == "/api/v4/posts":
            return {"id": f"mmpost{n}", "channel_id": call.body["channel_id"], "root_id": call.body.get("root_id")}
        return {"ok": False, "error": "unknown_method"}

    def named(self, name: str, **body: Any) -> list[Call]:
        """Calls of one API method, optionally only those whose body has these values."""
        with self._lock:
            return [c for c in self.calls if c.name == name and all(c.body.get(k) == v for k, v in body.items())]

    def wait_for(self, name: str, count: int = 1, timeout: float = 20.0, **body: Any) -> list[Call]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.named(name, **body)
            if len(found) >= count:
                return found
            time.sleep(0.05)
        raise AssertionError(f"expected {count} {name} call(s), got {self.named(name)}")

    def start(self) -> FakePlatform:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def surface_env(monkeypatch: pytest.MonkeyPatch, fake: FakePlatform) -> None:
    """Configure every surface against the fake platform."""
    for name, value in {
        "SLACK_SIGNING_SECRET": SLACK_SECRET,
        "SLACK_BOT_TOKEN": BOT_TOKEN,
        "SLACK_API_URL": f"{fake.url}/api",
        "TELEGRAM_SECRET": TELEGRAM_SECRET,
        "TELEGRAM_BOT_TOKEN": BOT_TOKEN,
        "TELEGRAM_API_URL": fake.url,
        # Answers are posted whole unless a test asks for progress: timing on a busy machine
        # must not decide what the assertions see.
        "SLACK_PROGRESS_S": "600",
        "MATTERMOST_TOKEN": MATTERMOST_TOKEN,
        "MATTERMOST_BOT_TOKEN": BOT_TOKEN,
        "MATTERMOST_URL": fake.url,
    }.items():
        monkeypatch.setenv(f"THREADKEEP_{name}", value)


@pytest.fixture
def fake() -> Iterator[FakePlatform]:
    f = FakePlatform().start()
    try:
        yield f
    finally:
        f.stop()


@pytest.fixture
def settings(tmp_path) -> Settings:  # type: ignore[no-untyped-def]
    """Lexical retrieval only: loading the embedding model would dominate these tests' time."""
    return Settings(home=tmp_path / "home", embeddings=False)


# When each harness started: the shared PostgreSQL queue also holds other tests' jobs.
_STARTED: dict[int, datetime] = {}


def _serve(
    url: str, key: MasterKey, settings: Settings, fake: FakePlatform, monkeypatch: pytest.MonkeyPatch
) -> Iterator[ApiHarness]:
    surface_env(monkeypatch, fake)
    started = utcnow()
    h = start_harness(url, key, settings)
    _STARTED[id(h)] = started
    try:
        yield h
    finally:
        stop_harness(h)


@pytest.fixture
def site(tmp_path, settings, fake: FakePlatform, monkeypatch: pytest.MonkeyPatch) -> Iterator[ApiHarness]:  # type: ignore[no-untyped-def]
    """A live threadkeep on SQLite, its surfaces pointed at the fake platform."""
    yield from _serve(f"sqlite:///{tmp_path / 'site.db'}", MasterKey(os.urandom(32), "t"), settings, fake, monkeypatch)


@pytest.fixture
def site_db(backend, settings, fake: FakePlatform, monkeypatch: pytest.MonkeyPatch) -> Iterator[ApiHarness]:  # type: ignore[no-untyped-def]
    """The same on each database (SQLite and PostgreSQL)."""
    url, key = backend
    yield from _serve(url, key, settings, fake, monkeypatch)


def slack_post(
    url: str,
    payload: dict[str, Any],
    *,
    secret: str = SLACK_SECRET,
    retry: int | None = None,
    ts: int | None = None,
    form: bool = False,
) -> httpx.Response:
    """Send a signed Slack request as Slack does (JSON events, or a form with ``payload``)."""
    if form:
        from urllib.parse import urlencode

        body = urlencode({"payload": json.dumps(payload)}).encode()
        ctype = "application/x-www-form-urlencoded"
    else:
        body = json.dumps(payload).encode()
        ctype = "application/json"
    stamp = str(ts if ts is not None else int(time.time()))
    headers = {
        "Content-Type": ctype,
        "X-Slack-Request-Timestamp": stamp,
        "X-Slack-Signature": sign(secret, body, stamp),
    }
    if retry is not None:
        headers["X-Slack-Retry-Num"] = str(retry)
        headers["X-Slack-Retry-Reason"] = "http_timeout"
    return httpx.post(url, content=body, headers=headers, timeout=20)


def slack_message(
    text: str,
    *,
    ts: str,
    user: str = "U1",
    channel: str = "D1",
    channel_type: str = "im",
    thread_ts: str | None = None,
    event_id: str | None = None,
    kind: str = "message",
    **extra: Any,
) -> dict[str, Any]:
    """An ``event_callback`` envelope around a message event, as Slack sends it."""
    event: dict[str, Any] = {
        "type": kind,
        "user": user,
        "text": text,
        "ts": ts,
        "channel": channel,
        "channel_type": channel_type,
        "team": "T1",
        **extra,
    }
    if thread_ts:
        event["thread_ts"] = thread_ts
    return {
        "token": "legacy",
        "team_id": "T1",
        "api_app_id": "A1",
        "type": "event_callback",
        "event_id": event_id or f"Ev{ts.replace('.', '')}",
        "event_time": int(time.time()),
        "authorizations": [{"team_id": "T1", "user_id": BOT_USER, "is_bot": True}],
        "event": event,
    }


def stored_events(h: ApiHarness, key_suffix: str = "") -> list[SurfaceEvent]:
    """Stored events whose key ends with ``key_suffix`` (the PostgreSQL database is shared by tests)."""
    from sqlalchemy import select

    with h.memory.db.reading() as s:
        return [e for e in s.scalars(select(SurfaceEvent)) if e.event_key.endswith(key_suffix)]


def wait_idle(h: ApiHarness, timeout: float = 20.0, since: datetime | None = None) -> None:
    """Until this test's jobs (answers, folds, facts; not daily digests) are done.

    Only jobs made since the harness started (or ``since``) count: on the shared PostgreSQL
    database, other tests may leave jobs that wait out a backoff.
    """
    from sqlalchemy import func, select

    from threadkeep.store.models import Job

    since = since or _STARTED.get(id(h))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        q = select(func.count()).select_from(Job).where(Job.status.in_(("ready", "running")), Job.run_after <= utcnow())
        if since is not None:
            q = q.where(Job.created_at >= since)
        with h.memory.db.reading() as s:
            busy = s.scalar(q)
        if not busy:
            return
        time.sleep(0.05)
    raise AssertionError("the job queue did not drain")


def test_the_fake_speaks_each_platform(fake: FakePlatform) -> None:
    slack_ok = httpx.post(f"{fake.url}/api/chat.postMessage", json={"channel": "C1", "text": "hi"}).json()
    assert slack_ok["ok"] and slack_ok["ts"] and slack_ok["channel"] == "C1"
    tg = httpx.post(f"{fake.url}/bot{BOT_TOKEN}/sendMessage", json={"chat_id": 5, "text": "hi"}).json()
    assert tg["ok"] and tg["result"]["message_id"] > 1000
    fake.roots["p1"] = "root1"
    assert httpx.get(f"{fake.url}/api/v4/posts/p1").json()["root_id"] == "root1"
    assert httpx.post(f"{fake.url}/api/v4/posts", json={"channel_id": "c", "message": "m"}).json()["id"]
    assert [c.name for c in fake.calls] == ["chat.postMessage", "sendMessage", "posts"]
