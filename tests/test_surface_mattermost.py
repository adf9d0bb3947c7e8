# ruff: noqa: F811  -- pytest fixtures imported from tests.test_surface_fakes are parameter names here
"""Mattermost: the outgoing webhook's token, one answer per post, a thread is a conversation."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import httpx

from tests.conftest_api import ApiHarness
from tests.test_surface_fakes import (  # noqa: F401  (fixtures)
    MATTERMOST_TOKEN,
    FakePlatform,
    fake,
    settings,
    site,
    stored_events,
    wait_idle,
)
from threadkeep.store.models import Message


def outgoing(post_id: str, text: str, *, token: str = MATTERMOST_TOKEN, **extra: str) -> dict[str, str]:
    """An outgoing webhook payload, with the fields Mattermost sends."""
    return {"token": token, "team_id": "team1", "team_domain": "acme", "channel_id": "chan1",
            "channel_name": "town-square", "timestamp": "1800000000000", "user_id": "mmuser1",
            "user_name": "mona", "post_id": post_id, "text": f"@threadkeep {text}",
            "trigger_word": "@threadkeep", "file_ids": "", **extra}


def send(h: ApiHarness, payload: dict[str, Any], *, form: bool = True) -> httpx.Response:
    url = f"{h.url}/surfaces/mattermost/webhook"
    if form:  # Mattermost's default content type
        return httpx.post(url, content=urlencode(payload),
                          headers={"Content-Type": "application/x-www-form-urlencoded"}, timeout=20)
    return httpx.post(url, json=payload, timeout=20)


def conversation_of(h: ApiHarness, post_id: str) -> str:
    event = stored_events(h, post_id)[0]
    with h.memory.db.reading() as s:
        return s.get(Message, event.user_message_id).conversation_id  # type: ignore[union-attr]


def test_token_is_checked_before_anything_is_stored(site: ApiHarness, fake: FakePlatform) -> None:
    assert send(site, outgoing("p0", "hi", token="wrong")).status_code == 401
    assert send(site, {k: v for k, v in outgoing("p0", "hi").items() if k != "token"}).status_code == 401
    assert stored_events(site) == []
    assert send(site, outgoing("p0", "hi"), form=False).status_code == 200  # JSON content type too
    post = fake.wait_for("posts")[0]
    assert post.headers["authorization"] == "Bearer bot-token-123"
    assert post.body == {"channel_id": "chan1", "message": "echo: hi", "root_id": "p0"}
    wait_idle(site)
    assert stored_events(site, "p0")[0].text_ct is None  # the message table holds the words now
    admin = site.client(site.admin_key)
    status = {row["surface"]: row for row in admin.get("/surfaces/status").json()["surfaces"]}
    assert status["mattermost"]["last_event_at"] and status["mattermost"]["last_answer_at"]
    assert site.client(site.person_key()[0]).get("/surfaces/status").status_code == 403


def test_a_thread_is_a_conversation_and_each_post_is_answered_once(site: ApiHarness, fake: FakePlatform) -> None:
    send(site, outgoing("p1", "I collect stamps"))
    send(site, outgoing("p1", "I collect stamps"))  # delivered twice
    fake.wait_for("posts")
    # A reply in p1's thread: the outgoing webhook does not say so, the server does.
    fake.roots["p2"] = "p1"
    send(site, outgoing("p2", "Which ones?"))
    fake.wait_for("posts", 2)
    send(site, outgoing("p3", "Replying in the thread", root_id="p1"))  # newer servers send root_id
    fake.wait_for("posts", 3)
    send(site, outgoing("p4", "Another topic"))
    posts = fake.wait_for("posts", 4)
    wait_idle(site)
    assert len(fake.named("posts")) == 4 and len(site.model.calls) == 4
    assert [p.body["root_id"] for p in posts] == ["p1", "p1", "p1", "p4"]
    assert posts[0].body["message"] == "echo: I collect stamps"  # the trigger word is not the message
    assert conversation_of(site, "p1") == conversation_of(site, "p2") == conversation_of(site, "p3")
    assert conversation_of(site, "p4") != conversation_of(site, "p1")
