# ruff: noqa: F811  -- pytest fixtures imported from tests.test_surface_fakes are parameter names here
"""Mattermost: the outgoing webhook's token, one answer per post, a thread is a conversation."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest

from tests.conftest_api import ApiHarness
from tests.test_surface_fakes import (  # noqa: F401  (fixtures)
    MATTERMOST_TOKEN,
    FakePlatform,
    _serve,
    fake,
    settings,
    site,
    stored_events,
    wait_idle,
)
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey
from threadkeep.store.models import Message

PUBLIC = "https://tk.example.org"


def outgoing(post_id: str, text: str, *, token: str = MATTERMOST_TOKEN, **extra: str) -> dict[str, str]:
    """An outgoing webhook payload, with the fields Mattermost sends."""
    return {
        "token": token,
        "team_id": "team1",
        "team_domain": "acme",
        "channel_id": "chan1",
        "channel_name": "town-square",
        "timestamp": "1800000000000",
        "user_id": "mmuser1",
        "user_name": "mona",
        "post_id": post_id,
        "text": f"@threadkeep {text}",
        "trigger_word": "@threadkeep",
        "file_ids": "",
        **extra,
    }


def send(h: ApiHarness, payload: dict[str, Any], *, form: bool = True) -> httpx.Response:
    url = f"{h.url}/surfaces/mattermost/webhook"
    if form:  # Mattermost's default content type
        return httpx.post(
            url, content=urlencode(payload), headers={"Content-Type": "application/x-www-form-urlencoded"}, timeout=20
        )
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


@pytest.fixture
def buttons_site(
    tmp_path: Path, settings: Settings, fake: FakePlatform, monkeypatch: pytest.MonkeyPatch
) -> Iterator[ApiHarness]:
    """The site with THREADKEEP_PUBLIC_URL set, so answers carry thumbs buttons."""
    monkeypatch.setenv("THREADKEEP_PUBLIC_URL", PUBLIC + "/")
    yield from _serve(f"sqlite:///{tmp_path / 'mm.db'}", MasterKey(os.urandom(32), "t"), settings, fake, monkeypatch)


def press(h: ApiHarness, context: dict[str, Any], user: str = "mmuser1") -> httpx.Response:
    """What Mattermost sends to an action's integration URL when a button is pressed."""
    return httpx.post(
        f"{h.url}/surfaces/mattermost/actions",
        timeout=20,
        json={
            "user_id": user,
            "user_name": "mona",
            "channel_id": "chan1",
            "channel_name": "town-square",
            "team_id": "team1",
            "team_domain": "acme",
            "post_id": "mmpost1",
            "trigger_id": "t1",
            "type": "",
            "data_source": "",
            "context": context,
        },
    )


def test_answers_carry_thumbs_that_only_their_person_can_press(buttons_site: ApiHarness, fake: FakePlatform) -> None:
    h = buttons_site
    send(h, outgoing("p1", "I collect stamps"))
    post = fake.wait_for("posts")[0]
    wait_idle(h)
    assert post.body["message"] == "echo: I collect stamps"
    actions = post.body["props"]["attachments"][0]["actions"]
    assert [a["name"] for a in actions] == ["▲ Good", "▼ Bad"]
    assert {a["integration"]["url"] for a in actions} == {PUBLIC + "/surfaces/mattermost/actions"}
    up, down = (a["integration"]["context"] for a in actions)
    aid = stored_events(h, "p1")[0].assistant_message_id

    def rating() -> str | None:
        with h.memory.db.reading() as s:
            return s.get(Message, aid).rating  # type: ignore[union-attr]

    assert up["message_id"] == aid and (up["rating"], down["rating"]) == ("up", "down")
    r = press(h, up)
    assert r.status_code == 200 and r.json() == {"ephemeral_text": "Thanks for the feedback."}
    assert rating() == "up"
    # Someone else in the channel: told so, nothing changes.
    r = press(h, down, user="mmuser2")
    assert r.json() == {"ephemeral_text": "Only the person this answer was for can rate it."}
    assert rating() == "up"
    # A forged context (rating swapped, or no signature) is refused.
    assert press(h, {**up, "rating": "down"}).status_code == 401
    assert press(h, {"message_id": aid, "rating": "down"}).status_code == 401
    assert rating() == "up"
    assert press(h, down).status_code == 200 and rating() == "down"


def test_no_buttons_without_a_public_url(site: ApiHarness, fake: FakePlatform) -> None:
    send(site, outgoing("p9", "hello"))
    assert "props" not in fake.wait_for("posts")[0].body
