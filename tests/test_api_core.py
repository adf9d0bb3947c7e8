"""The public API against a real server on loopback, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
from sqlalchemy import update

from tests.conftest_api import ApiHarness, api  # noqa: F401
from threadkeep.errors import ProviderServerError
from threadkeep.llm.scripted import Step
from threadkeep.store.models import Conversation


def sse_events(response: httpx.Response) -> Iterator[tuple[str, dict[str, Any]]]:
    """(event, data) pairs as they arrive, read line by line from the open response."""
    event, data = "message", []
    for line in response.iter_lines():
        if line == "":
            if data:
                yield event, json.loads("\n".join(data))
            event, data = "message", []
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())


def test_turns_conversations_export_feedback(api: ApiHarness) -> None:  # noqa: F811
    c, _ = api.person()
    first = c.post("/v1/messages", json={"text": "Our deadline is 20 February"})
    assert first.status_code == 200, first.text
    a = first.json()
    assert a["created"] is True and a["text"] == "echo: Our deadline is 20 February"
    assert set(a) >= {"conversation_id", "user_message_id", "assistant_message_id", "usage", "report"}
    cid = a["conversation_id"]
    second = c.post("/v1/messages", json={"text": "And the budget?", "conversation_id": cid, "stream": False}).json()
    assert second["conversation_id"] == cid and second["created"] is False

    other = c.post("/v1/messages", json={"text": "A second thread"}).json()["conversation_id"]
    page = c.get("/v1/conversations", params={"limit": 1}).json()
    assert [x["id"] for x in page["conversations"]] == [other]  # newest activity first
    older = c.get("/v1/conversations", params={"limit": 1, "before": page["next_before"]}).json()
    assert [x["id"] for x in older["conversations"]] == [cid]

    conv = c.get(f"/v1/conversations/{cid}").json()
    assert [m["role"] for m in conv["messages"]] == ["user", "assistant", "user", "assistant"]
    assert conv["messages"][1]["text"] == "echo: Our deadline is 20 February"

    patched = c.patch(f"/v1/conversations/{cid}", json={"title": "Planning", "keep_warm": True}).json()
    assert patched["title"] == "Planning" and patched["keep_warm"] is True

    md = c.get(f"/v1/conversations/{cid}/export")
    assert md.status_code == 200 and md.headers["content-type"].startswith("text/markdown")
    assert "# Planning" in md.text and "20 February" in md.text
    assert "attachment" in md.headers["content-disposition"]
    js = c.get(f"/v1/conversations/{cid}/export", params={"format": "json"}).json()
    assert js["title"] == "Planning" and len(js["messages"]) == 4

    aid = a["assistant_message_id"]
    assert c.put(f"/v1/messages/{aid}/feedback", json={"rating": "up"}).status_code == 204
    assert c.get(f"/v1/conversations/{cid}").json()["messages"][1]["rating"] == "up"
    assert c.put(f"/v1/messages/{aid}/feedback", json={"rating": "down"}).status_code == 204
    assert c.get(f"/v1/conversations/{cid}").json()["messages"][1]["rating"] == "down"
    assert c.delete(f"/v1/messages/{aid}/feedback").status_code == 204
    assert c.get(f"/v1/conversations/{cid}").json()["messages"][1]["rating"] is None
    own = c.put(f"/v1/messages/{a['user_message_id']}/feedback", json={"rating": "up"})
    assert own.status_code == 409 and own.json()["error"]["type"] == "conflict"
    bad = c.put(f"/v1/messages/{aid}/feedback", json={"rating": "meh"})
    assert bad.status_code == 422 and bad.json()["error"]["type"] == "validation_error"

    assert c.delete(f"/v1/conversations/{cid}").status_code == 204
    gone = c.get(f"/v1/conversations/{cid}")
    assert gone.status_code == 404 and gone.json()["error"]["type"] == "not_found"


def test_sse_streams_events_as_they_happen(api: ApiHarness) -> None:  # noqa: F811
    c, _ = api.person()
    api.model.add(Step(text="streamed answer, in pieces", delay=0.6, chunk=5))
    started = time.monotonic()
    with c.stream("POST", "/v1/messages", json={"text": "hi"}, headers={"Accept": "text/event-stream"}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        events = sse_events(r)
        kind, opened = next(events)
        # The conversation event arrives while the model is still thinking: nothing is buffered.
        assert kind == "conversation" and opened["created"] is True
        assert time.monotonic() - started < 0.5
        kind, stored = next(events)
        assert kind == "message" and stored["message_id"]
        rest = list(events)
    kinds = [k for k, _ in rest]
    assert kinds[-1] == "done" and kinds.count("delta") == 6
    assert "".join(d["text"] for k, d in rest if k == "delta") == "streamed answer, in pieces"
    done = rest[-1][1]
    assert done["text"] == "streamed answer, in pieces" and done["user_message_id"] == stored["message_id"]
    assert set(done) >= {"usage", "report", "assistant_message_id", "conversation_id"}


def test_provider_failure_keeps_message_and_retry_answers(api: ApiHarness) -> None:  # noqa: F811
    c, _ = api.person()
    api.model.add(Step(error=ProviderServerError("upstream overloaded", provider="scripted", status=529)))
    r = c.post("/v1/messages", json={"text": "keep me"})
    assert r.status_code == 502
    err = r.json()["error"]
    assert err["type"] == "provider_server_error" and err["retryable"] is True
    mid, cid = err["user_message_id"], err["conversation_id"]
    conv = c.get(f"/v1/conversations/{cid}").json()
    assert [(m["text"], m["status"]) for m in conv["messages"]] == [("keep me", "failed")]

    api.model.add(Step(error=ProviderServerError("still down", provider="scripted")))
    with c.stream("POST", f"/v1/messages/{mid}/retry", params={"stream": True}) as s:
        events = list(sse_events(s))
    assert events[-1][0] == "error" and events[-1][1]["status"] == 502

    retried = c.post(f"/v1/messages/{mid}/retry")
    assert retried.status_code == 200 and retried.json()["text"] == "echo: keep me"
    again = c.post(f"/v1/messages/{mid}/retry")
    assert again.status_code == 409


def test_errors_have_one_shape_and_the_right_status(api: ApiHarness) -> None:  # noqa: F811
    c, _ = api.person()
    empty = c.post("/v1/messages", json={"text": "   "})
    assert empty.status_code == 400 and empty.json()["error"]["type"] == "empty_message"
    big = c.post("/v1/messages", json={"text": "x" * 100_001})
    assert big.status_code == 413 and "100001" in big.json()["error"]["message"]
    huge = c.post("/v1/messages", content=b"{" + b" " * 1_100_000 + b"}", headers={"Content-Type": "application/json"})
    assert huge.status_code == 413 and huge.json()["error"]["type"] == "request_too_large"
    missing = c.post("/v1/messages", json={"txt": "typo"})
    assert missing.status_code == 422 and missing.json()["error"]["type"] == "validation_error"
    unknown = c.post("/v1/messages", json={"text": "hi", "conversation_id": "no-such-id"})
    assert unknown.status_code == 404
    cursor = c.get("/v1/conversations", params={"before": "yesterday"})
    assert cursor.status_code == 400


def test_another_persons_data_is_a_404(api: ApiHarness) -> None:  # noqa: F811
    alice, _ = api.person()
    bob, _ = api.person()
    a = alice.post("/v1/messages", json={"text": "alice's secret"}).json()
    cid, aid, mid = a["conversation_id"], a["assistant_message_id"], a["user_message_id"]
    attempts = [
        bob.get(f"/v1/conversations/{cid}"),
        bob.patch(f"/v1/conversations/{cid}", json={"title": "mine"}),
        bob.delete(f"/v1/conversations/{cid}"),
        bob.get(f"/v1/conversations/{cid}/export"),
        bob.put(f"/v1/messages/{aid}/feedback", json={"rating": "down"}),
        bob.delete(f"/v1/messages/{aid}/feedback"),
        bob.post(f"/v1/messages/{mid}/retry"),
        bob.post("/v1/messages", json={"text": "join", "conversation_id": cid}),
    ]
    for r in attempts:
        assert r.status_code == 404, (r.request.method, r.request.url, r.text)
        assert "secret" not in r.text
    assert bob.get("/v1/conversations").json()["conversations"] == []
    assert alice.get(f"/v1/conversations/{cid}").status_code == 200


def test_keys_scopes_and_surfaces(api: ApiHarness) -> None:  # noqa: F811
    anon = api.client()
    assert anon.get("/v1/conversations").status_code == 401
    assert api.client("tk_p_not-a-key").get("/v1/conversations").status_code == 401
    person, name = api.person()
    assert person.get("/v1/admin/keys").status_code == 403
    assert person.get("/v1/me").json() == {"person": name, "scope": "person", "via": "key"}

    admin = api.client(api.admin_key)
    made = admin.post("/v1/admin/keys", json={"scope": "surface", "name": "slack bridge"})
    assert made.status_code == 201
    surface = api.client(made.json()["key"])
    needs = surface.post("/v1/messages", json={"text": "hi"})
    assert needs.status_code == 400 and needs.json()["error"]["type"] == "person_required"
    as_carol = api.client(made.json()["key"], **{"X-Threadkeep-User": "carol"})
    cid = as_carol.post("/v1/messages", json={"text": "from slack"}).json()["conversation_id"]
    assert as_carol.get(f"/v1/conversations/{cid}").status_code == 200
    as_dave = api.client(made.json()["key"], **{"X-Threadkeep-User": "dave"})
    assert as_dave.get(f"/v1/conversations/{cid}").status_code == 404
    # A person key ignores the header: it can never act for someone else.
    spoof = api.client(api.person_key()[0], **{"X-Threadkeep-User": "carol"})
    assert spoof.get(f"/v1/conversations/{cid}").status_code == 404

    listed = admin.get("/v1/admin/keys").json()["keys"]
    assert any(k["id"] == made.json()["id"] and k["scope"] == "surface" for k in listed)
    assert all("key_hash" not in k and "key" not in k for k in listed)
    assert admin.delete(f"/v1/admin/keys/{made.json()['id']}").status_code == 204
    assert as_carol.get("/v1/conversations").status_code == 401


def test_web_session_and_visitors(api: ApiHarness) -> None:  # noqa: F811
    key, name = api.person_key()
    browser = api.client()
    assert browser.get("/v1/session").json()["authenticated"] is False
    assert browser.post("/v1/session", json={"key": api.admin_key}).status_code == 403
    login = browser.post("/v1/session", json={"key": key})
    assert login.status_code == 200 and login.json()["person"] == name
    cookie = login.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    assert browser.get("/v1/me").json()["via"] == "session"
    browser.post("/v1/messages", json={"text": "via the web"})
    assert len(browser.get("/v1/conversations").json()["conversations"]) == 1
    forged = api.client()
    forged.cookies.set("tk_session", browser.cookies["tk_session"][:-3] + "AAA")
    assert forged.get("/v1/conversations").status_code == 401
    api.client(api.admin_key).delete(f"/v1/admin/keys/{key[:12]}")
    assert browser.get("/v1/conversations").status_code == 401  # revoking the key ends the session

    visitor = api.client()
    assert visitor.post("/v1/session/visitor", json={}).status_code == 403  # off by default
    api.client(api.admin_key).put("/v1/admin/anonymous-visitors", json={"enabled": True})
    started = visitor.post("/v1/session/visitor", json={})
    assert started.status_code == 200 and started.json()["person"].startswith("visitor:")
    one = visitor.post("/v1/messages", json={"text": "hello widget"}).json()["conversation_id"]
    two = visitor.post("/v1/messages", json={"text": "lost my id"}).json()["conversation_id"]
    assert one == two  # one conversation per visitor
    back = api.client()
    again = back.post("/v1/session/visitor", json={"visitor_id": started.json()["visitor_id"]})
    assert again.json()["person"] == started.json()["person"]
    assert back.get(f"/v1/conversations/{one}").status_code == 200


def test_delete_me_shreds_the_person(api: ApiHarness) -> None:  # noqa: F811
    c, name = api.person()
    c.post("/v1/messages", json={"text": "forget me"})
    assert c.delete("/v1/me").status_code == 204
    assert c.get("/v1/conversations").status_code == 401  # the key went with the person
    assert name not in api.client(api.admin_key).get("/v1/admin/people").json()["people"]


def test_facts_list_history_undo_delete(api: ApiHarness) -> None:  # noqa: F811
    from threadkeep.memory.facts.candidate import SLOTS, FactCandidate
    from threadkeep.store import repo
    from threadkeep.store.fact_changes import apply_candidates

    c, name = api.person()
    assert c.get("/v1/me/facts").json() == {"facts": []}

    def learn(value: str) -> None:
        def run(s):  # type: ignore[no-untyped-def]
            uid = repo.get_or_create_user(s, api.memory.vault, name=name).id
            apply_candidates(
                s,
                api.memory.vault,
                user_id=uid,
                message_id=None,
                candidates=[FactCandidate("employer", value)],
                slots=SLOTS,
            )

        api.memory.db.write(run)

    learn("Acme")
    learn("Globex")
    facts = c.get("/v1/me/facts").json()["facts"]
    assert [(f["key"], f["value"]) for f in facts] == [("employer", "Globex")]
    fid = facts[0]["id"]
    history = c.get(f"/v1/me/facts/{fid}/history").json()["versions"]
    assert [(v["op"], v["new_value"]) for v in history] == [("add", "Acme"), ("update", "Globex")]
    undone = c.post("/v1/me/facts/undo", json={"fact_id": fid}).json()["undone"]
    assert undone["value"] == "Acme"
    assert c.get("/v1/me/facts").json()["facts"][0]["value"] == "Acme"
    other, _ = api.person()
    assert other.get(f"/v1/me/facts/{fid}/history").status_code == 404
    assert other.delete(f"/v1/me/facts/{fid}").status_code == 404
    assert c.delete(f"/v1/me/facts/{fid}").status_code == 204
    assert c.get("/v1/me/facts").json()["facts"] == []
    # Forget is a version of its own: undo brings the forgotten fact back, history keeps all.
    assert c.post("/v1/me/facts/undo").json()["undone"]["value"] == "Acme"
    assert [f["value"] for f in c.get("/v1/me/facts").json()["facts"]] == ["Acme"]
    ops = [v["op"] for v in c.get(f"/v1/me/facts/{fid}/history").json()["versions"]]
    assert ops == ["add", "update", "undo", "forget", "undo"]


def test_client_leaving_mid_stream_keeps_the_message_for_retry(api: ApiHarness) -> None:  # noqa: F811
    c, _ = api.person()
    api.model.add(Step(text="too late", delay=3.0))
    calls = len(api.model.calls)
    with c.stream("POST", "/v1/messages", json={"text": "are you there?", "stream": True}) as r:
        events = sse_events(r)
        cid = next(events)[1]["conversation_id"]
        mid = next(events)[1]["message_id"]
        # Leave while the model is answering (not while the request is still being built).
        deadline = time.monotonic() + 10
        while len(api.model.calls) == calls and time.monotonic() < deadline:
            time.sleep(0.02)
    # The server notices the closed connection, stops the turn and marks it failed.
    deadline = time.monotonic() + 10
    status = None
    while time.monotonic() < deadline:
        status = c.get(f"/v1/conversations/{cid}").json()["messages"][0]["status"]
        if status == "failed":
            break
        time.sleep(0.1)
    assert status == "failed"
    retried = c.post(f"/v1/messages/{mid}/retry").json()
    assert retried["text"] == "echo: are you there?"


def test_conversation_pages_neither_skip_nor_repeat_ties(api: ApiHarness) -> None:  # noqa: F811
    c, name = api.person()
    made = {c.post("/v1/messages", json={"text": f"thread {i}"}).json()["conversation_id"] for i in range(5)}
    # Five conversations active at the very same instant: a timestamp-only cursor loses some.
    same = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    with api.memory.db.session() as s:
        s.execute(update(Conversation).where(Conversation.id.in_(made)).values(last_activity_at=same))
    seen: list[str] = []
    params: dict[str, object] = {"limit": 2}
    while True:
        page = c.get("/v1/conversations", params=params).json()
        seen += [x["id"] for x in page["conversations"]]
        if page["next_before"] is None:
            break
        params = {"limit": 2, "before": page["next_before"]}
    assert sorted(seen) == sorted(made) and len(seen) == 5
    # The earlier cursor form (a bare timestamp) still pages strictly before that instant.
    older = c.get("/v1/conversations", params={"before": same.isoformat()}).json()
    assert older["conversations"] == []
    for bad in ("yesterday", "2026-11-30T09:00:00~", "2026-11-30T09:00:00~abc"):
        r = c.get("/v1/conversations", params={"before": bad})
        assert r.status_code == 400, bad
        assert "before" in r.json()["error"]["message"]
