"""The admin console in a real browser (Playwright + Debian chromium, never a downloaded one).

Every admin page: change each setting in the page and see it through the API; a non-admin
sees no admin page and no way to it. Skipped like test_web_browser.py when chromium or
playwright is missing, unless THREADKEEP_REQUIRE_BROWSER=1.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import (
    ARTIFACTS,
    launched_chromium,
    live_site,
    require_browser,
    save_screenshot,
)
from tests.conftest_api import ApiHarness
from threadkeep.store.base import utcnow
from threadkeep.store.models import Job

require_browser("admin browser tests")

from playwright.sync_api import Browser, Page, expect  # noqa: E402


@pytest.fixture
def site(tmp_path: Path, settings: Any) -> Iterator[ApiHarness]:
    with live_site(tmp_path / "admin-web.db", settings) as h:
        yield h


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launched_chromium() as b:
        yield b


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    yield from _page(browser, 1280, 900)


@pytest.fixture(params=[(1400, 900), (390, 844)], ids=["desktop", "phone"])
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    yield from _page(browser, *request.param)


def _page(browser: Browser, width: int, height: int) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": width, "height": height})
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    # Nothing may load from the internet: any request off this machine fails the test.
    outside: list[str] = []
    pg.on("request", lambda r: outside.append(r.url) if not r.url.startswith(("http://127.0.0.1", "data:")) else None)
    try:
        yield pg
    finally:
        context.close()
    assert outside == []


def eventually(check: Any, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := check()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return value


def admin_login(page: Page, site: ApiHarness) -> None:
    page.goto(site.url + "/admin")
    page.fill("#admin-key", site.admin_key)
    page.click("#admin-login-submit")
    expect(page.locator("#admin-app")).to_be_visible()


def open_section(page: Page, name: str) -> None:
    page.click(f"#admin-nav button[data-section={name}]")
    expect(page.locator(f"#section-{name}[data-loaded]")).to_be_visible()


def test_admin_pages_change_settings_seen_through_the_api(site: ApiHarness, page: Page) -> None:
    admin = site.client(site.admin_key)
    person, name = site.person()
    first = person.post("/v1/messages", json={"text": "My name is Vera and I work at Acme."}).json()
    cid = first["conversation_id"]
    site.model.add("Thanks! What is your name?")  # a planted re-ask
    second = person.post("/v1/messages", json={"text": "Plan the budget review.", "conversation_id": cid}).json()
    person.put(f"/v1/messages/{second['assistant_message_id']}/feedback", json={"rating": "down"})
    person.patch(f"/v1/conversations/{cid}", json={"keep_warm": True})
    other = person.post("/v1/messages", json={"text": "The budget review moved to Monday."}).json()
    assert other["conversation_id"] != cid
    admin_login(page, site)

    # Tools
    open_section(page, "tools")
    page.check("#web-search-enabled")
    page.fill("#web-search-url", "http://127.0.0.1:9/search")
    page.click("#tools-save")
    expect(page.locator("#admin-status")).to_have_text("Tool catalogue saved.")
    assert admin.get("/v1/admin/tools").json()["web_search"]["enabled"] is True

    # Keep-warm: limits, quiet hours, and the marked session with its state
    open_section(page, "keepwarm")
    page.check("#warm-enabled")
    page.fill("#warm-max-sessions", "3")
    page.fill("#warm-max-minutes", "45")
    page.fill("#warm-quiet-start", "22:00")
    page.fill("#warm-quiet-end", "07:00")
    page.fill("#warm-quiet-tz", "Europe/Berlin")
    page.click("#warm-save")
    expect(page.locator("#admin-status")).to_have_text("Keep-warm settings saved.")
    warm = admin.get("/v1/admin/keep-warm").json()
    assert (warm["enabled"], warm["max_sessions"], warm["max_warm_minutes"]) == (True, 3, 45)
    assert warm["quiet_hours"] == {"start": "22:00", "end": "07:00", "tz": "Europe/Berlin"}
    expect(page.locator("#warm-sessions tbody tr")).to_have_count(1)
    expect(page.locator("#warm-sessions tbody tr")).to_contain_text(name)

    # Retention and the content policy
    open_section(page, "retention")
    page.check("#retention-enabled")
    page.fill("#retention-days", "30")
    page.click("#retention-save")
    expect(page.locator("#admin-status")).to_have_text("Retention policy saved.")
    assert admin.get("/v1/admin/retention").json() == {"enabled": True, "days": 30}

    # Identity linking
    open_section(page, "identities")
    page.fill("#identity-person", name)
    page.select_option("#identity-channel", "slack")
    page.fill("#identity-external", "U123")
    page.click("#identity-link")
    slack_row = page.locator("#identities tbody tr", has_text="U123")
    expect(slack_row).to_have_count(1)
    links = admin.get(f"/v1/admin/people/{name}/identities").json()["identities"]
    assert {"channel": "slack", "external_id": "U123"} in links
    slack_row.locator(".unlink").click()
    expect(page.locator("#identities tbody tr", has_text="U123")).to_have_count(0)
    links = admin.get(f"/v1/admin/people/{name}/identities").json()["identities"]
    assert {"channel": "slack", "external_id": "U123"} not in links

    # API keys: create (shown once), list, revoke
    open_section(page, "keys")
    page.select_option("#key-scope", "surface")
    page.fill("#key-name", "mcp bridge")
    page.click("#key-create")
    expect(page.locator("#key-once")).to_contain_text("tk_s_")
    made = page.locator("#key-once").text_content() or ""
    new_key = made.rsplit(" ", 1)[-1]
    assert site.client(new_key, **{"X-Threadkeep-User": name}).get("/v1/me").status_code == 200
    row = page.locator("#keys tbody tr", has_text="mcp bridge")
    page.once("dialog", lambda d: d.accept())
    row.locator(".revoke").click()
    expect(page.locator("#keys tbody tr", has_text="mcp bridge")).to_have_count(0)
    assert eventually(lambda: site.client(new_key, **{"X-Threadkeep-User": name}).get("/v1/me").status_code == 401)

    # Surfaces
    open_section(page, "surfaces")
    expect(page.locator("#surfaces tbody tr")).to_have_count(4)
    expect(page.locator("#surfaces tr[data-surface=slack]")).to_contain_text("not configured")

    # Cache dashboard: four SVG charts from the JSON report
    open_section(page, "cache")
    expect(page.locator("#cache-summary")).to_contain_text("turns")
    for chart in ("share", "causes", "cost", "warm"):
        expect(page.locator(f"#chart-{chart} svg")).to_have_count(1)
    expect(page.locator("#chart-cost svg rect[data-series='without cache']")).not_to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "admin-cache.png"), full_page=True)

    # Re-asks (marked by the background job after each turn)
    assert eventually(lambda: admin.get("/v1/admin/reasks").json()["total"]["reasks"] >= 1)
    open_section(page, "reasks")
    day = utcnow().strftime("%Y-%m-%d")
    expect(page.locator("#reasks-days tbody tr", has_text=day)).to_have_count(1)
    expect(page.locator("#reasks-configs tbody tr")).to_contain_text("scripted")

    # Feedback: counts only until the content policy allows text
    open_section(page, "feedback")
    expect(page.locator("#feedback-rated tbody tr")).to_have_count(1)
    page.click("#feedback-rated .open-rated")
    expect(page.locator("#feedback-conversation .hidden-text").first).to_be_visible()
    expect(page.locator("#feedback-conversation")).not_to_contain_text("Vera")
    open_section(page, "retention")
    page.check("#content-enabled")
    expect(page.locator("#admin-status")).to_have_text("Content policy saved.")
    assert admin.get("/v1/admin/content-policy").json() == {"enabled": True}
    open_section(page, "feedback")
    page.click("#feedback-rated .open-rated")
    expect(page.locator("#feedback-conversation")).to_contain_text("My name is Vera")

    # Digests: queued from the page, built by the job runner, shown to the person
    open_section(page, "digests")
    page.fill("#digest-start", utcnow().date().isoformat())
    page.fill("#digest-person", name)
    page.click("#digest-run")
    expect(page.locator("#admin-status")).to_contain_text("queued")
    digests = eventually(lambda: person.get("/v1/me/digests").json()["digests"])
    assert digests and "budget" in [t["topic"] for t in digests[0]["topics"]]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "admin.png"), full_page=True)


def test_person_sees_digests_and_no_admin_page(site: ApiHarness, page: Page) -> None:
    key, name = site.person_key()
    person = site.client(key)
    for text in ("The launch checklist needs an owner.", "Launch checklist: we decided to freeze on Friday."):
        person.post("/v1/messages", json={"text": text})
    site.client(site.admin_key).post(
        "/v1/admin/digests/run", json={"period": "week", "start": utcnow().date().isoformat(), "person": name}
    )
    assert eventually(lambda: person.get("/v1/me/digests").json()["digests"])

    page.goto(site.url + "/")
    expect(page.locator("#admin-entry")).to_be_hidden()
    page.fill("#login-key", key)
    page.click("#login-submit")
    expect(page.locator("#who")).to_have_text(name)
    page.locator("#digests summary").first.click()
    expect(page.locator("#digests")).to_contain_text("launch")
    expect(page.locator("#digests")).to_contain_text("we decided to freeze on Friday")
    assert page.locator("a[href='/admin']:visible").count() == 0

    # The admin page shows nothing of the console to a person session...
    page.goto(site.url + "/admin")
    expect(page.locator("#admin-forbidden")).to_be_visible()
    expect(page.locator("#admin-app")).to_be_hidden()
    # ...and refuses a person key at its own login.
    page.click("#forbidden-logout")
    expect(page.locator("#admin-login")).to_be_visible()
    page.fill("#admin-key", key)
    page.click("#admin-login-submit")
    expect(page.locator("#admin-login-error")).to_have_text("That key is not an admin key.")
    expect(page.locator("#admin-app")).to_be_hidden()


def test_admin_session_gets_the_link_from_the_main_app(site: ApiHarness, page: Page) -> None:
    admin_login(page, site)
    page.goto(site.url + "/")
    expect(page.locator("#admin-entry")).to_be_visible()
    page.click("#admin-link")
    expect(page.locator("#admin-app")).to_be_visible()


ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
# Pictographs (U+1F000 on: 👍 👎 and friends) need an emoji font; without one they are boxes.
EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf]")


def _status(page: Page) -> tuple[str, bool, str]:
    """The status line: its text, whether it is styled as an error, and its colour."""
    return page.evaluate("""() => { const el = document.getElementById('admin-status');
        return [el.textContent, el.classList.contains('error'), getComputedStyle(el).color]; }""")


def test_admin_messages_times_ratings_and_width(site: ApiHarness, sized: Page) -> None:
    person, name = site.person()
    sent = person.post("/v1/messages", json={"text": "Plan the budget review."}).json()
    person.put(f"/v1/messages/{sent['assistant_message_id']}/feedback", json={"rating": "down"})
    other = person.post("/v1/messages", json={"text": "And the launch."}).json()
    person.put(f"/v1/messages/{other['assistant_message_id']}/feedback", json={"rating": "up"})
    person.patch(f"/v1/conversations/{sent['conversation_id']}", json={"keep_warm": True})
    phone = (sized.viewport_size or {}).get("width", 0) < 700
    admin_login(sized, site)

    # An error looks like one (red, not the green of a success), and a later success replaces it.
    open_section(sized, "tools")
    sized.check("#web-search-enabled")
    sized.fill("#web-search-url", "")
    sized.click("#tools-save")
    expect(sized.locator("#admin-status")).to_have_text("Error: web search needs its provider URL to be enabled")
    text, is_error, error_colour = _status(sized)
    assert is_error
    sized.fill("#web-search-url", "http://127.0.0.1:9/search")
    sized.click("#tools-save")
    expect(sized.locator("#admin-status")).to_have_text("Tool catalogue saved.")
    _, is_error, ok_colour = _status(sized)
    assert not is_error and ok_colour != error_colour

    # A failed key creation, then a good one: no stale error above the new key.
    open_section(sized, "keys")
    sized.select_option("#key-scope", "person")
    sized.fill("#key-person", "")
    sized.click("#key-create")
    expect(sized.locator("#admin-status")).to_contain_text("Error:")
    sized.select_option("#key-scope", "surface")
    sized.fill("#key-name", "bridge")
    sized.click("#key-create")
    expect(sized.locator("#key-once")).to_contain_text("tk_s_")
    expect(sized.locator("#admin-status")).not_to_contain_text("Error")
    assert not _status(sized)[1]
    # Times read as times: no raw ISO with microseconds, the exact value in the tooltip.
    created = sized.locator("#keys tbody tr", has_text="bridge").locator("td").nth(4)
    assert not ISO_TIME.search(created.text_content() or "")
    assert ISO_TIME.search(created.get_attribute("title") or "")

    open_section(sized, "keepwarm")
    expect(sized.locator("#warm-sessions tbody tr")).to_have_count(1)
    assert not ISO_TIME.search(sized.locator("#warm-sessions tbody").text_content() or "")

    # Ratings in words, no emoji.
    open_section(sized, "feedback")
    expect(sized.locator("#feedback-rated tbody tr")).to_have_count(2)
    ratings = sorted(sized.locator("#feedback-rated tbody tr td:nth-child(4)").all_text_contents())
    assert ratings == ["▲ up", "▼ down"]
    section = sized.locator("#section-feedback").text_content() or ""
    assert not EMOJI.search(section) and not ISO_TIME.search(section)
    expect(sized.locator("#feedback-surfaces tbody")).to_contain_text("1 up")
    overflow = sized.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow
    save_screenshot(sized, "admin-phone" if phone else "admin-desktop", full_page=not phone)

    # Queue with no day: a clear error, nothing queued.
    def digest_jobs() -> int:
        return site.memory.db.write(lambda s: s.query(Job).filter(Job.kind == "digests").count())

    open_section(sized, "digests")
    before = digest_jobs()
    sized.click("#digest-run")
    expect(sized.locator("#admin-status")).to_have_text("Error: pick a day in the week to build; nothing was queued.")
    assert _status(sized)[1]
    sized.wait_for_timeout(300)
    assert digest_jobs() == before
    sized.fill("#digest-start", utcnow().date().isoformat())
    sized.click("#digest-run")
    expect(sized.locator("#admin-status")).to_contain_text("for everyone queued")
    assert not _status(sized)[1]

    # Every section fits the window's width (wide tables scroll inside their own box).
    for name in (
        "tools",
        "keepwarm",
        "retention",
        "identities",
        "keys",
        "surfaces",
        "cache",
        "reasks",
        "feedback",
        "digests",
    ):
        open_section(sized, name)
        overflow = sized.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (name, overflow)
