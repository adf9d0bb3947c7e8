"""Issue 18, item 8: several replicas on one database behave as one.

Three real service processes (``python -m threadkeep.testing.server``: the app of
``threadkeep serve`` with a scripted echo model) share one scratch PostgreSQL database behind a
round-robin client. Turns, folds and background jobs land once; a per-key rate limit holds
across the three; one replica killed with SIGKILL under load loses and duplicates nothing.
The limiters themselves are checked in process too: two limiters over one database (or one
Redis) share every bucket.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from threadkeep.engine.ratelimit import DatabaseLimiter, LocalLimiter, Rate, RedisLimiter
from threadkeep.store.db import Database
from threadkeep.testing.checks import check_database, wait_for_jobs
from threadkeep.testing.proc import ServerProcess, drop_postgres, scratch_postgres

REDIS_URL = "redis://127.0.0.1:6379/15"


def _redis_or_skip() -> None:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except Exception as e:  # noqa: BLE001 - any failure means no Redis here
        if os.environ.get("THREADKEEP_REQUIRE_REDIS") == "1":
            raise
        pytest.skip(f"no Redis at {REDIS_URL}: {e}")


def _hammer(limiters: list[Any], bucket: str, rate: Rate, n: int) -> int:
    """``n`` takes spread over the limiters from 6 threads; returns how many were allowed."""
    with ThreadPoolExecutor(6) as pool:
        waits = list(pool.map(lambda i: limiters[i % len(limiters)].take(bucket, rate), range(n)))
    return sum(1 for w in waits if w == 0)


def _shared_case(limiters: list[Any]) -> None:
    rate = Rate(per_minute=6, burst=10)  # one token every 10 s: no refill during the test
    bucket = f"test:{uuid.uuid4().hex}"
    allowed = _hammer(limiters, bucket, rate, 40)
    assert allowed == 10, f"{allowed} of 40 allowed across {len(limiters)} limiters (burst 10)"
    wait = limiters[0].take(bucket, rate)
    assert 0 < wait <= 10.5  # Retry-After: until the next token
    assert limiters[1].peek(bucket, rate) > 0


def test_local_limiters_do_not_share() -> None:
    """What "per replica" meant: two processes' buckets allow twice the burst."""
    rate = Rate(per_minute=6, burst=10)
    assert _hammer([LocalLimiter(), LocalLimiter()], "k", rate, 40) == 20


def test_database_limiters_share_every_bucket(backend) -> None:  # type: ignore[no-untyped-def]
    url, _key = backend
    dbs = [Database(url), Database(url)]
    dbs[0].upgrade()
    try:
        _shared_case([DatabaseLimiter(db) for db in dbs])
    finally:
        for db in dbs:
            db.dispose()


def test_redis_limiters_share_every_bucket() -> None:
    _redis_or_skip()
    _shared_case([RedisLimiter(REDIS_URL), RedisLimiter(REDIS_URL)])


# -- three replicas --------------------------------------------------------------------------
class RoundRobin:
    """A client that sends each request to the next replica; a refused connection (a dead
    replica) moves on to the next one, anything else is the caller's to handle."""

    def __init__(self, urls: list[str], key: str) -> None:
        self.clients = [httpx.Client(base_url=u, timeout=60, headers={"Authorization": f"Bearer {key}"}) for u in urls]
        self._next = itertools.count()
        self._lock = threading.Lock()

    def request(self, method: str, path: str, **kw: Any) -> httpx.Response:
        last: Exception | None = None
        for _ in range(3 * len(self.clients)):
            with self._lock:
                client = self.clients[next(self._next) % len(self.clients)]
            try:
                return client.request(method, path, **kw)
            except httpx.ConnectError as e:  # nothing was sent: the next replica gets it
                last = e
                time.sleep(0.05)
        raise RuntimeError(f"no replica answered: {last}")

    def close(self) -> None:
        for c in self.clients:
            c.close()


class Conversation:
    """One person's conversation, driven turn by turn through the round-robin client."""

    def __init__(self, rr: RoundRobin, label: str) -> None:
        self.rr, self.label = rr, label
        self.cid: str | None = None
        self.sent: list[str] = []
        self.lost_connections = 0
        self.retried = 0

    def turn(self, text: str) -> None:
        body = {"text": text, **({"conversation_id": self.cid} if self.cid else {})}
        try:
            r = self.rr.request("POST", "/v1/messages", json=body)
        except (httpx.TransportError, RuntimeError):
            # The replica died with the request: was the message stored? Ask another one.
            self.lost_connections += 1
            self._resolve(text)
        else:
            assert r.status_code == 200, r.text
            self.cid = r.json()["conversation_id"]
        self.sent.append(text)

    def _resolve(self, text: str) -> None:
        assert self.cid is not None, "the first turn is made before any replica is killed"
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            msgs = self.rr.request("GET", f"/v1/conversations/{self.cid}").json()["messages"]
            mine = [m for m in msgs if m["role"] == "user" and m["text"] == text]
            if not mine:  # never stored: send it again
                r = self.rr.request("POST", "/v1/messages", json={"text": text, "conversation_id": self.cid})
                assert r.status_code == 200, r.text
                return
            if mine[0]["status"] == "answered":
                return
            if mine[0]["status"] == "failed":  # stored, not answered: answer the same message
                r = self.rr.request("POST", f"/v1/messages/{mine[0]['id']}/retry")
                assert r.status_code == 200, r.text
                self.retried += 1
                return
            time.sleep(0.3)  # pending: the dead replica's turn, until it is marked failed
        raise AssertionError(f"{text!r} stayed pending")

    def stored_user_texts(self) -> list[str]:
        msgs = self.rr.request("GET", f"/v1/conversations/{self.cid}").json()["messages"]
        return [m["text"] for m in msgs if m["role"] == "user"]


@pytest.mark.postgres
@pytest.mark.slow
def test_three_replicas_behave_as_one_and_survive_a_kill(pg_url) -> None:  # type: ignore[no-untyped-def]
    db = scratch_postgres("tk_replicas")
    env = {"THREADKEEP_TEST_MASTER_KEY_HEX": os.urandom(32).hex(), "THREADKEEP_EMBEDDINGS": "false"}
    replicas = [ServerProcess(db, delay=0.02, fold_delay=0.0, facts_delay=0.0, lease=3.0, env=env) for _ in range(3)]
    for r in replicas:
        r.set_option("--rate-per-minute", 6)
        r.set_option("--rate-burst", 80)
    rrs: list[RoundRobin] = []
    try:
        replicas[0].start(timeout=240)  # it makes the admin key; the others start together
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda r: r.start(timeout=240), replicas[1:]))
        admin = httpx.Client(
            base_url=replicas[0].url, timeout=30, headers={"Authorization": f"Bearer {replicas[0].admin_key}"}
        )
        urls = [r.url for r in replicas]

        def person() -> RoundRobin:
            key = admin.post("/v1/admin/keys", json={"scope": "person", "person": f"p-{uuid.uuid4().hex[:8]}"})
            rr = RoundRobin(urls, key.json()["key"])
            rrs.append(rr)
            return rr

        # 1. Turns, folds and jobs through three replicas: 6 conversations x 18 turns.
        convs = [Conversation(person(), f"c{i}") for i in range(6)]

        def talk(c: Conversation, turns: range) -> None:
            for t in turns:
                c.turn(f"{c.label} turn {t}: the Atlas budget is {100 + t} euros")

        with ThreadPoolExecutor(6) as pool:
            list(pool.map(lambda c: talk(c, range(18)), convs))

        # 2. One rate limit across the replicas: burst 80 for the key, not 3 x 80.
        limited = person()
        codes = [limited.request("GET", "/v1/me").status_code for _ in range(150)]
        ok, refused = codes.count(200), codes.count(429)
        assert ok + refused == 150 and 80 <= ok <= 82, (ok, refused)
        r429 = limited.request("GET", "/v1/me")
        assert r429.status_code == 429 and int(r429.headers["Retry-After"]) >= 1

        # 3. kill -9 one replica while 6 conversations talk; it comes back (as an orchestrator
        # would restart it) and marks the turns it left pending as failed, to be retried.
        killer_done = threading.Event()

        def kill_one() -> None:
            time.sleep(1.5)
            replicas[1].kill9()
            replicas[1].env["THREADKEEP_PENDING_TURN_TIMEOUT_S"] = "0"
            replicas[1].start(timeout=240)  # a loaded 2-core machine: starting takes long
            killer_done.set()

        killer = threading.Thread(target=kill_one, daemon=True)
        killer.start()
        with ThreadPoolExecutor(6) as pool:
            list(pool.map(lambda c: talk(c, range(18, 30)), convs))
        killer.join(timeout=300)
        assert killer_done.is_set()

        left = wait_for_jobs(db, timeout=120, kinds=("fold", "facts", "recall_index", "profile"))
        assert left == 0
        found = check_database(db)
        assert found.problems == [], found.problems
        assert found.folds >= 6 and found.jobs_failed == 0
        for c in convs:
            stored = c.stored_user_texts()
            assert stored == c.sent, f"{c.label}: lost or duplicated"  # 0 lost, 0 duplicated, in order
        figures = {
            "messages": found.messages,
            "folds": found.folds,
            "jobs_done": found.jobs_done,
            "rate_ok": ok,
            "rate_429": refused,
            "lost_connections": sum(c.lost_connections for c in convs),
            "retried": sum(c.retried for c in convs),
        }
        print(f"\nthree replicas: {figures}")
        assert found.messages == 2 * sum(len(c.sent) for c in convs)  # every turn answered once
        admin.close()
    finally:
        for rr in rrs:
            rr.close()
        for r in replicas:
            r.stop()
        drop_postgres(db)
