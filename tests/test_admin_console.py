"""The admin console's API: every admin route refuses non-admins, and each setting takes effect.

Runs on a live server over a fresh SQLite database per test: background work happens in the
server's own job runner and the tests wait for its effects, which needs a queue without other
tests' leftovers (the PostgreSQL test database is shared by the whole session). The insight
logic itself runs on both databases in tests/test_insights_*.py.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest_api import ApiHarness, start_harness, stop_harness
from threadkeep.crypto import MasterKey
from threadkeep.store.base import utcnow
from threadkeep.store.insights_tables import Digest, ReaskMark
from threadkeep.store.models import Conversation


@pytest.fixture
def api(tmp_path: Path, settings: Any) -> Iterator[ApiHarness]:
    h = start_harness(f"sqlite:///{tmp_path / 'console.db'}", MasterKey(os.urandom(32), "t"), settings)
    try:
        yield h
    finally:
        stop_harness(h)


def wait_for(check: Callable[[], Any], timeout: float = 15.0) -> Any:
    """Poll until ``check()`` is truthy (the server's job runner works in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


def admin_routes(h: ApiHarness) -> list[tuple[str, str]]:
    """(method, path) of every route under /v1/admin, path parameters filled with a dummy.

    Read from the app's OpenAPI document, which every admin route is part of.
    """
    app = h.server.server.config.app
    out = []
    for path, ops in app.openapi()["paths"].items():
        if path.startswith("/v1/admin"):
            out.extend((m.upper(), re.sub(r"\{[^}]+\}", "x", path)) for m in sorted(ops))
    return out


def test_every_admin_route_refuses_non_admins(api: ApiHarness) -> None:
    routes = admin_routes(api)
    # The console's own routes are among them (a route added later is covered automatically).
    paths = {p for _, p in routes}
    assert {
        "/v1/admin/tools",
        "/v1/admin/retention",
        "/v1/admin/reasks",
        "/v1/admin/feedback",
        "/v1/admin/surfaces",
        "/v1/admin/keep-warm/sessions",
        "/v1/admin/digests/run",
        "/v1/admin/keys",
        "/v1/admin/cache-report",
    } <= paths
    person, name = api.person()
    surface = api.client(api.key("surface"), **{"X-Threadkeep-User": name})
    anonymous = api.client()
    for method, path in routes:
        for who, expected in ((person, 403), (surface, 403), (anonymous, 401)):
            r = who.request(method, path, json={})
            assert r.status_code == expected, (method, path, r.status_code, r.text)
    admin = api.client(api.admin_key)
    assert admin.get("/v1/admin/whoami").json()["scope"] == "admin"


def test_tool_catalogue_controls_what_a_turn_offers(api: ApiHarness) -> None:
    admin = api.client(api.admin_key)
    assert admin.get("/v1/admin/tools").json()["web_search"]["enabled"] is False
    bad = admin.put("/v1/admin/tools", json={"web_search": {"enabled": True}})
    assert bad.status_code == 400 and "URL" in bad.json()["error"]["message"]
    assert admin.put("/v1/admin/tools", json={"web_search": {"enabled": True, "url": "ftp://x"}}).status_code == 400
    ok = admin.put("/v1/admin/tools", json={"web_search": {"enabled": True, "url": "http://127.0.0.1:9/search"}})
    assert ok.json()["web_search"] == {"enabled": True, "provider": "searxng", "url": "http://127.0.0.1:9/search"}
    assert [t.name for t in api.memory.tools.offered(())] == ["web_search"]
    admin.put("/v1/admin/tools", json={"web_search": {"enabled": False, "url": "http://127.0.0.1:9/search"}})
    assert api.memory.tools.offered(()) == ()


def test_retention_deletes_old_conversations_in_the_background(api: ApiHarness) -> None:
    person, _ = api.person()
    old = person.post("/v1/messages", json={"text": "an old thread"}).json()["conversation_id"]
    new = person.post("/v1/messages", json={"text": "a fresh thread"}).json()["conversation_id"]

    def age(s: Any) -> None:
        s.get(Conversation, old).last_activity_at = utcnow() - timedelta(days=40)

    api.memory.db.write(age)
    admin = api.client(api.admin_key)
    assert admin.get("/v1/admin/retention").json() == {"enabled": False, "days": 365}
    assert admin.put("/v1/admin/retention", json={"enabled": True, "days": 0}).status_code == 400
    assert admin.put("/v1/admin/retention", json={"enabled": True, "days": 30, "x": 1}).status_code == 400
    assert admin.put("/v1/admin/retention", json={"enabled": True, "days": 30}).json() == {"enabled": True, "days": 30}
    assert wait_for(lambda: person.get(f"/v1/conversations/{old}").status_code == 404)
    assert person.get(f"/v1/conversations/{new}").status_code == 200


def test_reasks_are_marked_per_answer_and_shown_per_day_and_configuration(api: ApiHarness) -> None:
    person, _ = api.person()
    cid = person.post("/v1/messages", json={"text": "Hi, my name is Anna and I live in Porto."}).json()[
        "conversation_id"
    ]
    api.model.add("Nice to meet you. What is your name?")  # planted re-ask
    person.post("/v1/messages", json={"text": "Plan my week", "conversation_id": cid})
    api.model.add("Sure. What are your priorities?")  # an ordinary question
    person.post("/v1/messages", json={"text": "Ship the report", "conversation_id": cid})

    def marks() -> list[ReaskMark]:
        with api.memory.db.reading() as s:
            return list(s.query(ReaskMark).filter_by(conversation_id=cid))

    assert wait_for(lambda: len(marks()) == 3)
    assert sorted(m.reask for m in marks()) == [False, False, True]
    # The detail is sealed: the question's words are not in the row.
    assert all(b"name" not in (m.detail_ct or b"") for m in marks())
    stats = api.client(api.admin_key).get("/v1/admin/reasks").json()
    assert stats["total"]["answers"] >= 3 and stats["total"]["reasks"] >= 1
    day = utcnow().strftime("%Y-%m-%d")
    assert stats["by_day"][day]["reasks"] >= 1
    (config,) = [c for c in stats["by_config"] if c.startswith("scripted")]
    assert "fold 30/16" in config


def test_feedback_rates_and_content_policy(api: ApiHarness) -> None:
    person, name = api.person()
    a = person.post("/v1/messages", json={"text": "secret plans for Friday"}).json()
    b = person.post("/v1/messages", json={"text": "another thing"}).json()
    person.put(f"/v1/messages/{a['assistant_message_id']}/feedback", json={"rating": "up"})
    person.put(f"/v1/messages/{b['assistant_message_id']}/feedback", json={"rating": "down"})
    admin = api.client(api.admin_key)
    report = admin.get("/v1/admin/feedback").json()
    assert report["totals"]["up"] >= 1 and report["totals"]["down"] >= 1
    assert report["by_surface"]["api"]["total"] >= 2
    assert report["by_search"]["not_searched"]["total"] >= 2
    day = utcnow().strftime("%Y-%m-%d")
    assert report["by_day"][day]["total"] >= 2
    assert "secret plans" not in str(report)
    mine = [r for r in report["rated"] if r["person"] == name]
    assert {r["rating"] for r in mine} == {"up", "down"}

    conv = admin.get(f"/v1/admin/feedback/conversations/{a['conversation_id']}").json()
    assert conv["content_allowed"] is False and all(m["text"] is None for m in conv["messages"])
    assert admin.put("/v1/admin/content-policy", json={"enabled": True}).json() == {"enabled": True}
    conv = admin.get(f"/v1/admin/feedback/conversations/{a['conversation_id']}").json()
    assert conv["messages"][0]["text"] == "secret plans for Friday"
    assert admin.get("/v1/admin/feedback?since=2026-01-01T00:00:00").status_code == 400


def test_surface_status_and_warm_sessions(api: ApiHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    admin = api.client(api.admin_key)
    monkeypatch.setenv("THREADKEEP_TELEGRAM_SECRET", "s")
    monkeypatch.setenv("THREADKEEP_TELEGRAM_BOT_TOKEN", "t")
    monkeypatch.delenv("THREADKEEP_SLACK_BOT_TOKEN", raising=False)
    # The console reports the settings the webhooks answer with, read when the app starts:
    # re-read them as a restart with these variables would.
    from threadkeep.surfaces.common import SurfaceSettings

    api.server.server.config.app.state.surfaces = SurfaceSettings()
    from threadkeep.store.surface_tables import SurfaceStatus

    heard = utcnow() - timedelta(minutes=3)
    api.memory.db.write(lambda s: s.add(SurfaceStatus(channel="telegram", last_event_at=heard)))
    got = {s["surface"]: s for s in admin.get("/v1/admin/surfaces").json()["surfaces"]}
    assert set(got) == {"slack", "telegram", "mattermost", "mcp"}
    assert got["telegram"]["last_event_at"] == heard.isoformat() and got["slack"]["last_event_at"] is None
    assert got["telegram"]["configured"] is True and got["slack"]["configured"] is False
    assert got["mcp"]["configured"] is False
    admin.post("/v1/admin/keys", json={"scope": "surface", "name": "mcp bridge"})
    assert {s["surface"]: s for s in admin.get("/v1/admin/surfaces").json()["surfaces"]}["mcp"]["configured"]

    person, name = api.person()
    cid = person.post("/v1/messages", json={"text": "keep me warm"}).json()["conversation_id"]
    person.patch(f"/v1/conversations/{cid}", json={"keep_warm": True})
    sessions = admin.get("/v1/admin/keep-warm/sessions").json()["sessions"]
    assert [(s["conversation_id"], s["person"]) for s in sessions] == [(cid, name)]


def test_admin_session_cookie_opens_the_console(api: ApiHarness) -> None:
    with httpx.Client(base_url=api.url) as browser:
        assert browser.get("/v1/admin/whoami").status_code == 401
        person_key, _ = api.person_key()
        refused = browser.post("/v1/admin/session", headers={"Authorization": f"Bearer {person_key}"})
        assert refused.status_code == 403
        ok = browser.post("/v1/admin/session", headers={"Authorization": f"Bearer {api.admin_key}"})
        assert ok.status_code == 200 and "httponly" in ok.headers["set-cookie"].lower()
        assert browser.get("/v1/admin/whoami").json()["via"] == "session"
        assert browser.get("/v1/admin/tools").status_code == 200
        assert "admin.js" in browser.get("/admin").text


def test_digest_rows_are_sealed(api: ApiHarness) -> None:
    person, name = api.person()
    for text in ("The budget review needs numbers.", "Budget review moved to Monday."):
        person.post("/v1/messages", json={"text": text})
    admin = api.client(api.admin_key)
    r = admin.post(
        "/v1/admin/digests/run", json={"period": "week", "start": utcnow().date().isoformat(), "person": name}
    )
    assert r.status_code == 202
    got = wait_for(lambda: person.get("/v1/me/digests").json()["digests"])
    assert got and got[0]["period"] == "week"
    assert "budget" in [t["topic"] for t in got[0]["topics"]]
    with api.memory.db.reading() as s:
        assert all(b"budget" not in d.body_ct.lower() for d in s.query(Digest))
