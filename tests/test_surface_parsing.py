"""Pure parts of the surfaces: Slack's signature, splitting long answers, picking messages."""

from __future__ import annotations

import pytest
from pydantic import SecretStr

from threadkeep.surfaces import mattermost, slack, telegram
from threadkeep.surfaces.common import secret_equals, split_text


def test_slack_signature_follows_the_documented_example() -> None:
    # The worked example of Slack's "Verifying requests from Slack" page.
    secret = SecretStr("8f742231b10e8888abcd99yyyzzz85a5")
    body = (
        b"token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V"
        b"&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text="
        b"&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN"
        b"&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c"
    )
    expected = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503"
    assert slack.sign(secret.get_secret_value(), body, "1531420618") == expected
    assert slack.verify_signature(secret, body, "1531420618", expected, now=1531420618 + 60)
    assert not slack.verify_signature(secret, body, "1531420618", expected, now=1531420618 + 301)
    assert not slack.verify_signature(secret, body + b"x", "1531420618", expected, now=1531420618)
    assert not slack.verify_signature(secret, body, "soon", expected, now=1531420618)
    assert not slack.verify_signature(None, body, "1531420618", expected, now=1531420618)


def test_secrets_compare_and_unset_never_matches() -> None:
    assert secret_equals("s3cret", SecretStr("s3cret"))
    assert not secret_equals("s3cret", SecretStr("other"))
    assert not secret_equals("", SecretStr(""))
    assert not secret_equals(None, SecretStr("s3cret"))


@pytest.mark.parametrize("limit", [100, 3000, 4096])
def test_split_keeps_every_word_and_the_limit(limit: int) -> None:
    text = "\n\n".join(" ".join(f"w{p}-{i}" for i in range(150)) for p in range(20))
    parts = split_text(text, limit)
    assert all(len(p) <= limit for p in parts)
    assert " ".join(parts).split() == text.split()
    assert split_text("short", limit) == ["short"]


def test_split_closes_and_reopens_a_cut_code_fence() -> None:
    text = "Here:\n```\n" + "print(1)\n" * 600 + "```\nDone."
    parts = split_text(text, 1000)
    assert len(parts) > 2 and all(len(p) <= 1000 and p.count("```") % 2 == 0 for p in parts)


def test_slack_answers_dms_and_mentions_only() -> None:
    def payload(**event: object) -> dict[str, object]:
        base = {"type": "message", "user": "U1", "text": "hi", "ts": "1.1", "channel": "D1", "channel_type": "im"}
        return {"team_id": "T1", "event": {**base, **event}}

    assert slack.inbound_message(payload(), "UB") is not None
    assert slack.inbound_message(payload(channel_type="channel"), "UB") is None
    hit = slack.inbound_message(payload(channel_type="channel", text="<@UB> hi", thread_ts="0.9"), "UB")
    assert hit is not None and hit.text == "hi" and hit.thread_key == "T1:D1:0.9"
    assert slack.inbound_message(payload(text="<@UB>"), "UB") is None  # nothing but the mention
    assert slack.inbound_message(payload(subtype="message_deleted"), "UB") is None
    assert slack.inbound_message(payload(user="UB"), "UB") is None


def test_telegram_and_mattermost_pick_their_messages() -> None:
    msg = {"message_id": 5, "from": {"id": 1, "is_bot": False}, "chat": {"id": -100}, "text": "/new@tkbot"}
    found = telegram.inbound_update({"update_id": 9, "message": msg})
    assert found is not None and found.kind == "new" and found.chat_id == "-100"
    assert telegram.inbound_update({"update_id": 9, "message": {**msg, "from": {"id": 2, "is_bot": True}}}) is None
    assert telegram.inbound_update({"update_id": 9, "edited_message": msg}) is None
    post = {"user_id": "u", "channel_id": "c", "post_id": "p", "text": "tk: hello", "trigger_word": "tk:"}
    got = mattermost.inbound_post(post, "bot")
    assert got is not None and got.text == "hello" and got.thread_key == ""
    assert mattermost.inbound_post({**post, "user_id": "bot"}, "bot") is None
