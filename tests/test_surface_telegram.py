# ruff: noqa: F811  -- pytest fixtures imported from tests.test_surface_fakes are parameter names here
"""Telegram: the secret token, one answer per update_id, /new, long answers split, thumbs buttons."""

from __future__ import annotations

from typing import Any

import httpx

from tests.conftest_api import ApiHarness
from tests.test_surface_fakes import (  # noqa: F401  (fixtures)
    TELEGRAM_SECRET,
    FakePlatform,
    fake,
    settings,
    site,
    stored_events,
    wait_idle,
)
from threadkeep.llm.scripted import Step
from threadkeep.store.models import Message


def update(update_id: int, text: str, *, user: int = 42, chat: int = 42) -> dict[str, Any]:
    """An Update with a text message, as the Bot API sends it to a webhook."""
    return {
        "update_id": update_id,
        "message": {
            "message_id": update_id * 10,
            "date": 1_800_000_000,
            "text": text,
            "from": {"id": user, "is_bot": False, "first_name": "Tess", "language_code": "en"},
            "chat": {"id": chat, "type": "private", "first_name": "Tess"},
        },
    }


def send(h: ApiHarness, body: dict[str, Any], secret: str | None = TELEGRAM_SECRET) -> httpx.Response:
    headers = {"X-Telegram-Bot-Api-Secret-Token": secret} if secret else {}
    return httpx.post(f"{h.url}/surfaces/telegram/webhook", json=body, headers=headers, timeout=20)


def conversation_of(h: ApiHarness, update_id: int) -> str:
    event = stored_events(h, str(update_id))[0]
    with h.memory.db.reading() as s:
        return s.get(Message, event.user_message_id).conversation_id  # type: ignore[union-attr]


def test_secret_token_is_checked_before_anything_is_stored(site: ApiHarness, fake: FakePlatform) -> None:
    assert send(site, update(1, "hi"), secret="wrong").status_code == 401
    assert send(site, update(2, "hi"), secret=None).status_code == 401
    assert stored_events(site) == []
    assert send(site, update(3, "hi")).status_code == 200
    fake.wait_for("sendMessage")
    assert [e.event_key for e in stored_events(site)] == ["3"]


def test_one_answer_per_update_id_and_new_starts_a_conversation(site: ApiHarness, fake: FakePlatform) -> None:
    assert send(site, update(10, "I live in Oslo")).status_code == 200
    assert send(site, update(10, "I live in Oslo")).status_code == 200  # Telegram delivering again
    first = fake.wait_for("sendMessage")
    assert first[0].body["chat_id"] == "42" and first[0].body["text"] == "echo: I live in Oslo"
    assert first[0].body["reply_parameters"]["message_id"] == 100
    assert fake.wait_for("sendChatAction")[0].body["action"] == "typing"
    send(site, update(11, "And the weather?"))
    fake.wait_for("sendMessage", 2)
    send(site, update(12, "/new"))
    assert fake.wait_for("sendMessage", 3)[2].body["text"] == "Started a new conversation."
    send(site, update(13, "A fresh start"))
    fake.wait_for("sendMessage", 4)
    wait_idle(site)
    assert len(fake.named("sendMessage")) == 4 and len(site.model.calls) == 3
    assert conversation_of(site, 10) == conversation_of(site, 11) != conversation_of(site, 13)


def test_long_answers_are_split_within_the_limit(site: ApiHarness, fake: FakePlatform) -> None:
    long = " ".join(f"word{i}" for i in range(1800))  # about 16 000 characters
    site.model.add(Step(text=long, chunk=500))
    send(site, update(20, "tell me everything"))
    fake.wait_for("sendMessage")
    wait_idle(site)
    parts = fake.named("sendMessage")
    assert len(parts) == 4 and all(len(p.body["text"]) <= 4096 for p in parts)
    assert " ".join(p.body["text"] for p in parts).split() == long.split()
    assert ["reply_markup" in p.body for p in parts] == [False, False, False, True]
    assert "reply_parameters" in parts[0].body and "reply_parameters" not in parts[1].body


def test_thumbs_buttons_become_feedback(site: ApiHarness, fake: FakePlatform) -> None:
    send(site, update(30, "rate this"))
    sent = fake.wait_for("sendMessage")[0]
    wait_idle(site)
    up = sent.body["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    aid = stored_events(site, "30")[0].assistant_message_id
    assert up == f"up:{aid}"

    def press(user: int, data: str) -> httpx.Response:
        return send(
            site,
            {
                "update_id": 31 + user,
                "callback_query": {
                    "id": f"cb{user}",
                    "from": {"id": user, "is_bot": False, "first_name": "X"},
                    "chat_instance": "1",
                    "data": data,
                },
            },
        )

    stranger = press(7, up)
    assert stranger.json()["method"] == "answerCallbackQuery"
    with site.memory.db.reading() as s:
        assert s.get(Message, aid).rating is None  # type: ignore[union-attr]
    r = press(42, f"down:{aid}")
    assert r.json() == {"method": "answerCallbackQuery", "callback_query_id": "cb42", "text": "Thanks for the feedback"}
    with site.memory.db.reading() as s:
        assert s.get(Message, aid).rating == "down"  # type: ignore[union-attr]


def test_a_deleted_person_writing_again_is_acknowledged_and_nothing_is_kept(
    site: ApiHarness, fake: FakePlatform
) -> None:
    """Issue 18: a deletion is final; the platform gets 200 (no retries), nothing is stored."""
    import asyncio

    assert send(site, update(20, "remember me", user=77, chat=77)).status_code == 200
    fake.wait_for("sendMessage")
    wait_idle(site)
    asyncio.run(site.memory.delete_user("telegram:77"))
    assert send(site, update(21, "I am back", user=77, chat=77)).status_code == 200
    assert stored_events(site, "21") == []
    with site.memory.db.reading() as s:
        assert s.query(Message).count() == 0
