# ruff: noqa: F811  -- pytest fixtures imported from tests.test_surface_fakes are parameter names here
"""Digests reach the people who use threadkeep only through Slack or Telegram, once each."""

from __future__ import annotations

from tests.conftest_api import ApiHarness
from tests.test_surface_fakes import (  # noqa: F401  (fixtures)
    FakePlatform,
    fake,
    settings,
    site,
    slack_message,
    slack_post,
    wait_idle,
)
from tests.test_surface_telegram import send as telegram_send
from tests.test_surface_telegram import update
from threadkeep.store.base import utcnow
from threadkeep.surfaces.digests import digest_text

BUDGET = ("The budget review needs an owner.", "Budget review: we decided to freeze the numbers on Friday.")


def queue_digest(h: ApiHarness, person: str) -> None:
    r = h.client(h.admin_key).post(
        "/v1/admin/digests/run", json={"period": "week", "start": utcnow().date().isoformat(), "person": person}
    )
    assert r.status_code == 202, r.text
    wait_idle(h)


def test_slack_and_telegram_people_get_their_digest_once(site: ApiHarness, fake: FakePlatform) -> None:
    events = f"{site.url}/surfaces/slack/events"
    for i, text in enumerate(BUDGET):  # two threads: two conversations with the same topic
        slack_post(events, slack_message(text, ts=f"17000000{i}.000100", user="U7"))
    fake.wait_for("chat.postMessage", 2)
    for i, text in enumerate(BUDGET):
        telegram_send(site, update(900 + i, text, user=77, chat=77))
        telegram_send(site, update(950 + i, "/new", user=77, chat=77))
    fake.wait_for("sendMessage", 2)
    wait_idle(site)

    queue_digest(site, "slack:T1:U7")
    dm = fake.wait_for("chat.postMessage", channel="U7")
    assert len(dm) == 1
    text = dm[0].body["text"]
    assert text.startswith("Your week in threadkeep") and "(2 conversations)" in text
    assert "Recurring topics: budget (2 conversations)" in text
    assert "• Budget review: we decided to freeze the numbers on Friday." in text
    assert "thread_ts" not in dm[0].body  # a DM of its own, not a reply in a thread

    queue_digest(site, "telegram:77")
    sent = [c for c in fake.wait_for("sendMessage", 3) if "Your week" in c.body["text"]]
    assert len(sent) == 1 and sent[0].body["chat_id"] == "77"
    assert "Open items:" in sent[0].body["text"] or "Decisions:" in sent[0].body["text"]

    # Building the same digests again replaces them; nobody is sent a second copy.
    queue_digest(site, "slack:T1:U7")
    queue_digest(site, "telegram:77")
    assert len(fake.named("chat.postMessage", channel="U7")) == 1
    assert len([c for c in fake.named("sendMessage") if "Your week" in c.body["text"]]) == 1


def test_web_people_read_digests_in_the_app_and_get_no_message(site: ApiHarness, fake: FakePlatform) -> None:
    person, name = site.person()
    for text in BUDGET:
        person.post("/v1/messages", json={"text": text})
    # Even with a Slack identity linked: their latest conversation is on the web.
    site.client(site.admin_key).post(
        "/v1/admin/identities", json={"person": name, "channel": "slack", "external_id": "T1:U8"}
    ).raise_for_status()
    queue_digest(site, name)
    assert person.get("/v1/me/digests").json()["digests"]
    assert fake.named("chat.postMessage") == [] and fake.named("sendMessage") == []


def test_digest_text_reads_as_plain_sentences() -> None:
    text = digest_text(
        {
            "period": "month",
            "start": "2026-11-01",
            "end": "2026-12-01",
            "conversations": 1,
            "topics": [],
            "decisions": [],
            "open_items": [{"text": "Call Ana", "kind": "to do", "conversations": 1}],
        }
    )
    assert text == ("Your month in threadkeep, 2026-11-01 to 2026-11-30 (1 conversation)\n\nOpen items:\n• Call Ana")
