"""Fixtures for the API tests: a real uvicorn server on loopback over a real database.

Import the fixtures into a test module (``from tests.conftest_api import api``). The server
runs in a thread with its own event loop, exactly as ``threadkeep serve`` runs it, and the
scripted model answers (``api.model.add(...)`` queues a particular answer or error).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
import uvicorn

from tests.helpers import unique_user
from threadkeep.api.app import create_app
from threadkeep.api.config import ServiceSettings
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.engine import Memory
from threadkeep.engine import access as auth
from threadkeep.llm.scripted import ScriptedModel, Step
from threadkeep.messages import ModelRequest

__all__ = ["LiveServer", "ApiHarness", "api", "start_harness", "echo_responder"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """uvicorn serving an app on 127.0.0.1 in a background thread."""

    def __init__(self, app: Any) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on", timeout_keep_alive=3900
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name=f"uvicorn:{self.port}", daemon=True)

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


def echo_responder(delay: float = 0.0, chunk: int = 4):  # type: ignore[no-untyped-def]
    """Answer "echo: <the new message>" in small deltas, after ``delay`` seconds."""

    def respond(request: ModelRequest) -> Step:
        last = request.segments[-1].messages[-1].text if request.segments else ""
        return Step(text=f"echo: {last}", delay=delay, chunk=chunk)

    return respond


@dataclass
class ApiHarness:
    url: str
    memory: Memory
    model: ScriptedModel
    admin_key: str
    server: LiveServer
    clients: list[httpx.Client] = field(default_factory=list)

    def person_key(self, name: str | None = None) -> tuple[str, str]:
        """A new person key; returns (key, person name)."""
        name = name or unique_user()
        key, _ = auth.create_key(self.memory.db, self.memory.vault, scope="person", person=name)
        return key, name

    def key(self, scope: str) -> str:
        return auth.create_key(self.memory.db, self.memory.vault, scope=scope)[0]

    def client(self, key: str | None = None, **headers: str) -> httpx.Client:
        hdrs = dict(headers)
        if key:
            hdrs["Authorization"] = f"Bearer {key}"
        c = httpx.Client(base_url=self.url, headers=hdrs, timeout=20)
        self.clients.append(c)
        return c

    def person(self, name: str | None = None) -> tuple[httpx.Client, str]:
        key, name = self.person_key(name)
        return self.client(key), name


def start_harness(
    url: str,
    master_key: MasterKey,
    settings: Settings,
    *,
    service: ServiceSettings | None = None,
    responder: Any = None,
    model: ScriptedModel | None = None,
    knowledge: Any = None,
) -> ApiHarness:
    """A live server; ``knowledge(memory)`` may build the knowledge base (e.g. a fake embedder)."""
    model = model or ScriptedModel(responder=responder or echo_responder())
    memory = Memory.open(url, settings=settings, model=model, master_key=master_key)
    service = service or ServiceSettings(rate_per_minute=0, _env_file=None)  # type: ignore[call-arg]
    server = LiveServer(
        create_app(memory, settings, service=service, knowledge=knowledge(memory) if knowledge else None)
    ).start()
    admin, _ = auth.create_key(memory.db, memory.vault, scope="admin", name="test admin")
    return ApiHarness(server.url, memory, model, admin, server)


def stop_harness(h: ApiHarness) -> None:
    for c in h.clients:
        c.close()
    h.server.stop()  # its lifespan stopped the job runner
    # Not asyncio.run(memory.close()): a caller may already run a loop (Playwright's sync API).
    h.memory.db.dispose()


@pytest.fixture
def api(backend: tuple[str, MasterKey], settings: Settings) -> Iterator[ApiHarness]:
    """A live server on each database, with an admin key and a scripted echo model."""
    url, key = backend
    h = start_harness(url, key, settings)
    try:
        yield h
    finally:
        stop_harness(h)
