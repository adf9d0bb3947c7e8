# ruff: noqa: F811  -- the api fixture is imported as a parameter name
"""Issue 20: ``POST /v1/me/imports`` and its progress, on a live server over each database."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.conftest_api import ApiHarness, api, start_harness, stop_harness  # noqa: F401
from tests.helpers import unique_user
from tests.import_exports import chatgpt_branching, chatgpt_simple, claude_export, telegram_group
from threadkeep.api.config import ServiceSettings
from threadkeep.config import Settings
from threadkeep.crypto import MasterKey

pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def upload(
    client: httpx.Client, content: bytes, fmt: str | None, name: str = "conversations.json", **fields: Any
) -> httpx.Response:
    data: dict[str, Any] = dict(fields)
    if fmt is not None:
        data["format"] = fmt
    return client.post("/v1/me/imports", files={"file": (name, content, "application/json")}, data=data)


def wait(client: httpx.Client, import_id: str, timeout: float = 180.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        r = client.get(f"/v1/me/imports/{import_id}")
        assert r.status_code == 200, r.text
        body = r.json()
        if body["status"] in ("done", "failed") or time.monotonic() > deadline:
            return body
        time.sleep(0.2)


def test_person_uploads_and_follows_both_stages(api: ApiHarness) -> None:
    client, person = api.person()
    content = json.dumps([chatgpt_branching(), chatgpt_simple("c2", "Second", [("I like green tea.", "ok")])]).encode()
    r = upload(client, content, "chatgpt")
    assert r.status_code == 202, r.text
    body = r.json()
    assert r.headers["location"] == f"/v1/me/imports/{body['id']}"
    assert body["status"] in ("storing", "indexing", "done") and body["format"] == "chatgpt"
    assert set(body["progress"]) >= {
        "stage",
        "storing",
        "background",
        "bytes_read",
        "bytes_total",
        "jobs_total",
        "jobs_done",
    }
    assert body["progress"]["bytes_total"] == len(content)
    final = wait(client, body["id"])
    assert final["status"] == "done", final
    assert final["progress"] == final["progress"] | {
        "stage": "done",
        "storing": 1.0,
        "background": 1.0,
        "bytes_read": len(content),
    }
    assert final["progress"]["jobs_done"] == final["progress"]["jobs_total"] == 4
    assert final["counts"]["conversations"] == 2 and final["counts"]["messages"] == 8
    assert final["left_out"]["system messages"] == 1 and final["error"] is None
    convs = client.get("/v1/conversations").json()
    titles = {c["title"] for c in convs["conversations"]} if isinstance(convs, dict) else {c["title"] for c in convs}
    assert {"Meeting Ana", "Second"} <= titles
    # Facts were built by the server's workers from the imported history.
    facts = client.get("/v1/me/facts").json()["facts"]
    assert any("I live in Lisbon" in f["text"] for f in facts)
    # Listed; someone else cannot see it.
    assert [i["id"] for i in client.get("/v1/me/imports").json()["imports"]] == [body["id"]]
    stranger, _ = api.person()
    assert stranger.get(f"/v1/me/imports/{body['id']}").status_code == 404
    # The same file again adds nothing.
    again = wait(client, upload(client, content, "chatgpt").json()["id"])
    assert again["status"] == "done" and again["counts"]["messages"] == 0
    assert again["counts"]["skipped_messages"] == 8 and again["progress"]["jobs_total"] == 0


def test_admin_for_a_person_and_who_may_not(api: ApiHarness) -> None:
    person = unique_user()
    admin = api.client(api.admin_key, **{"X-Threadkeep-User": person})
    r = upload(admin, json.dumps(claude_export()).encode(), "claude")
    assert r.status_code == 202, r.text
    assert wait(admin, r.json()["id"])["counts"]["messages"] == 4
    surface = api.client(api.key("surface"), **{"X-Threadkeep-User": person})
    refused = upload(surface, b"[]", "chatgpt")
    assert refused.status_code == 403 and "surface key" in refused.json()["error"]["message"]
    assert surface.get("/v1/me/imports").status_code == 403


def test_telegram_fields_and_bad_uploads(api: ApiHarness) -> None:
    client, _ = api.person()
    group = json.dumps(telegram_group()).encode()
    r = upload(client, group, "telegram", name="result.json", **{"as": "Ana"})
    assert wait(client, r.json()["id"])["counts"]["messages"] == 3
    # A group without 'as': the import fails and says why.
    failed = wait(client, upload(client, group, "telegram", name="result.json").json()["id"])
    assert failed["status"] == "failed" and "say which member you are" in failed["error"]
    assert upload(client, b"[]", "whatsapp").status_code == 400
    assert upload(client, b"[]", None).status_code == 400
    assert upload(client, b"[]", "chatgpt", **{"as": "x"}).status_code == 400
    assert client.post("/v1/me/imports", json={"format": "chatgpt"}).status_code == 415
    no_file = client.post("/v1/me/imports", files={"format": (None, "chatgpt")})
    assert no_file.status_code == 400 and "no 'file' part" in no_file.json()["error"]["message"]


@pytest.mark.parametrize("fmt", ["telegram", "chatgpt", "claude", None])
def test_random_bytes_are_refused_at_upload_and_leave_no_import(api: ApiHarness, fmt: str | None) -> None:
    client, _ = api.person()
    junk = random.Random(40).randbytes(30_000)
    for name, content in (("result.json", junk), ("export.zip", b"PK\x03\x04" + junk)):
        r = upload(client, content, fmt, name=name)
        assert r.status_code == 400, (fmt, name, r.text)
        message = r.json()["error"]["message"]
        assert message.startswith(f"{name}: ") and "export" in message, message
    assert client.get("/v1/me/imports").json()["imports"] == []


def test_truncated_upload_fails_naming_the_place(api: ApiHarness) -> None:
    client, _ = api.person()
    text = json.dumps([chatgpt_simple(f"k{i}", f"T{i}", [("hello " * 30, "hi " * 30)]) for i in range(4)])
    cut = text.index('"k2"')
    final = wait(client, upload(client, text[:cut].encode(), "chatgpt").json()["id"])
    assert final["status"] == "failed"
    assert "conversation #3 (after id k1)" in final["error"] and "bytes" in final["error"]
    assert final["counts"]["conversations"] == 2


@pytest.fixture
def small_api(backend: tuple[str, MasterKey], settings: Settings) -> Iterator[ApiHarness]:
    url, key = backend
    service = ServiceSettings(rate_per_minute=0, max_import_bytes=4096, _env_file=None)  # type: ignore[call-arg]
    h = start_harness(url, key, settings, service=service)
    try:
        yield h
    finally:
        stop_harness(h)


def test_upload_limit_is_its_own(small_api: ApiHarness) -> None:
    client, _ = small_api.person()
    big = upload(client, b"[" + b" " * 8000 + b"]", "chatgpt")
    assert big.status_code == 413 and "4096" in big.json()["error"]["message"]
    # Other routes keep the general body limit; an upload under its own limit passes.
    ok = upload(client, json.dumps([chatgpt_simple("s", "S", [("hi", "yo")])]).encode(), "chatgpt")
    assert ok.status_code == 202
