"""The web app in a real browser: Playwright driving Debian's chromium (never a downloaded one).

Skipped with a message when /usr/bin/chromium or the playwright package is missing, unless
THREADKEEP_REQUIRE_BROWSER=1 (CI), which turns the skip into a failure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser_support import (
    ARTIFACTS,
    launched_chromium,
    live_site,
    require_browser,
    save_screenshot,
)
from tests.conftest_api import ApiHarness, echo_responder
from tests.test_surface_fakes import wait_idle
from threadkeep.llm.scripted import ScriptedModel

require_browser("browser tests")

from playwright.sync_api import Browser, Page, expect  # noqa: E402


@pytest.fixture
def site(tmp_path: Path, settings: Any) -> Iterator[ApiHarness]:
    model = ScriptedModel(responder=echo_responder(chunk=3), pace=0.06)
    with live_site(tmp_path / "web.db", settings, model) as h:
        yield h


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One chromium for the module; a fresh context per test."""
    with launched_chromium() as b:
        yield b


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    try:
        yield pg
    finally:
        context.close()


def _login(page: Page, site: ApiHarness) -> tuple[str, str]:
    key, name = site.person_key()
    page.goto(site.url + "/")
    page.fill("#login-key", key)
    page.click("#login-submit")
    expect(page.locator("#who")).to_have_text(name)
    return key, name


def test_chat_streams_survives_reload_and_manages_conversations(site: ApiHarness, page: Page) -> None:
    key, _ = _login(page, site)
    text = "Please remember that the launch is on the twentieth of February"
    # Record every partial answer the page shows, however briefly: polling for one can miss it
    # on a loaded machine.
    page.evaluate("""() => { window.partials = [];
      new MutationObserver(() => {
        const a = document.querySelector('.msg.assistant.streaming .text');
        if (a && a.textContent) window.partials.push(a.textContent.length);
      }).observe(document.getElementById('messages'), {subtree: true, childList: true, characterData: true}); }""")
    page.fill("#input", text)
    page.press("#input", "Enter")
    answer = page.locator(".msg.assistant").last
    expect(answer.locator(".text")).to_have_text(f"echo: {text}")
    # Streamed: part of the answer was on screen while the rest was still coming.
    partials = page.evaluate("window.partials")
    assert len(set(partials)) > 3 and min(partials) < len(f"echo: {text}")
    expect(answer.locator(".thumb-up")).to_be_visible()
    expect(page.locator("#conversation-list li")).to_have_count(1)
    expect(page.locator("#gauge")).to_be_visible()
    expect(page.locator("#gauge-text")).to_contain_text("Context")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "chat.png"), full_page=True)

    page.reload()
    expect(page.locator(".msg.user .text")).to_have_text(text)
    expect(page.locator(".msg.assistant .text")).to_have_text(f"echo: {text}")
    expect(page.locator("#conversation-list li.active")).to_have_count(1)

    page.locator(".msg.assistant .thumb-up").click()
    expect(page.locator(".msg.assistant .thumb-up")).to_have_attribute("aria-pressed", "true")
    api = httpx.Client(base_url=site.url, headers={"Authorization": f"Bearer {key}"})
    cid = api.get("/v1/conversations").json()["conversations"][0]["id"]
    assert api.get(f"/v1/conversations/{cid}").json()["messages"][1]["rating"] == "up"
    page.locator(".msg.assistant .thumb-down").click()
    expect(page.locator(".msg.assistant .thumb-down")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".msg.assistant .thumb-up")).to_have_attribute("aria-pressed", "false")

    page.once("dialog", lambda d: d.accept("Launch planning"))
    page.click("#rename")
    expect(page.locator("#chat-title")).to_have_text("Launch planning")
    expect(page.locator("#conversation-list li.active")).to_have_text("Launch planning")

    page.check("#keep-warm")
    page.wait_for_timeout(300)
    assert api.get(f"/v1/conversations/{cid}").json()["keep_warm"] is True
    assert page.get_attribute("#export-md", "href") == f"/v1/conversations/{cid}/export?format=markdown"

    page.click("#new-chat")
    expect(page.locator(".msg")).to_have_count(0)
    expect(page.locator("#chat-title")).to_have_text("New chat")
    # No conversation yet: nothing to rename, export or delete, and no gauge of a past request.
    expect(page.locator("#chat-actions")).to_be_hidden()
    expect(page.locator("#delete")).to_be_hidden()
    expect(page.locator("#gauge")).to_be_hidden()
    page.fill("#input", "A different topic")
    page.press("#input", "Enter")
    expect(page.locator(".msg.assistant .text")).to_have_text("echo: A different topic")
    expect(page.locator("#conversation-list li")).to_have_count(2)

    page.once("dialog", lambda d: d.accept())
    page.click("#delete")
    expect(page.locator("#conversation-list li")).to_have_count(1)
    expect(page.locator("#conversation-list li")).to_have_text("Launch planning")
    expect(page.locator("#chat-title")).to_have_text("New chat")
    api.close()


def test_failed_turn_keeps_the_message_and_retries(site: ApiHarness, page: Page) -> None:
    from threadkeep.errors import ProviderServerError
    from threadkeep.llm.scripted import Step

    _login(page, site)
    site.model.add(Step(error=ProviderServerError("the provider is overloaded", provider="scripted")))
    page.fill("#input", "Do not lose this")
    page.press("#input", "Enter")
    failed = page.locator(".msg.user.failed")
    expect(failed).to_contain_text("the provider is overloaded")
    expect(page.locator(".msg.assistant")).to_have_count(0)
    failed.locator(".retry").click()
    expect(page.locator(".msg.assistant .text")).to_have_text("echo: Do not lose this")
    expect(page.locator(".msg.user.failed")).to_have_count(0)
    page.reload()
    expect(page.locator(".msg.user .text")).to_have_text("Do not lose this")
    expect(page.locator(".msg.assistant .text")).to_have_text("echo: Do not lose this")


def test_facts_panel_shows_history_and_undoes(site: ApiHarness, page: Page) -> None:
    from threadkeep.memory.facts.candidate import SLOTS, FactCandidate
    from threadkeep.store import repo
    from threadkeep.store.fact_changes import apply_candidates

    _, name = _login(page, site)
    expect(page.locator("#facts-empty")).to_be_visible()
    for value in ("Acme", "Globex"):

        def learn(s, value=value):  # type: ignore[no-untyped-def]
            uid = repo.get_or_create_user(s, site.memory.vault, name=name).id
            apply_candidates(
                s,
                site.memory.vault,
                user_id=uid,
                message_id=None,
                candidates=[FactCandidate("employer", value)],
                slots=SLOTS,
            )

        site.memory.db.write(learn)
    page.reload()
    fact = page.locator("#facts li").first
    expect(fact.locator(".fact-text")).to_have_text("Employer: Globex")
    fact.locator(".fact-history").click()
    expect(fact.locator(".history li")).to_have_count(2)
    expect(fact.locator(".history li").last).to_contain_text("Acme")
    page.click("#undo-fact")
    expect(page.locator("#facts li .fact-text")).to_have_text("Employer: Acme")
    # Forgetting asks first; saying no keeps the fact.
    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    page.locator("#facts li .fact-forget").click()
    page.wait_for_timeout(300)
    assert asked == ["Forget “Employer: Acme”?"]
    expect(page.locator("#facts li .fact-text")).to_have_text("Employer: Acme")
    assert [f["text"] for f in site.client(site.person_key(name)[0]).get("/v1/me/facts").json()["facts"]] == [
        "Employer: Acme"
    ]
    page.once("dialog", lambda d: answer(d, True))
    page.locator("#facts li .fact-forget").click()
    expect(page.locator("#facts li")).to_have_count(0)
    assert len(asked) == 2


def test_anonymous_visitor_widget_keeps_one_conversation(site: ApiHarness, page: Page) -> None:
    httpx.put(
        f"{site.url}/v1/admin/anonymous-visitors",
        json={"enabled": True},
        headers={"Authorization": f"Bearer {site.admin_key}"},
    ).raise_for_status()
    page.goto(site.url + "/?widget")
    expect(page.locator("#who")).to_have_text("Guest")
    page.fill("#input", "Hello from the widget")
    page.press("#input", "Enter")
    expect(page.locator(".msg.assistant .text")).to_have_text("echo: Hello from the widget")
    page.context.clear_cookies()  # the visitor id in localStorage brings the guest back
    page.goto(site.url + "/?widget")
    expect(page.locator(".msg.user .text")).to_have_text("Hello from the widget")


# -- layout at desktop and phone widths -----------------------------------------------------------
DESKTOP, PHONE = (1400, 900), (390, 844)


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height})
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    try:
        yield pg
    finally:
        context.close()


def _overflow(page: Page) -> dict[str, Any]:
    """How far the page and the chat header reach past the window (0 when they fit)."""
    return page.evaluate("""() => {
        const de = document.documentElement, head = document.querySelector('.chat-head');
        return { x: de.scrollWidth - window.innerWidth, y: de.scrollHeight - window.innerHeight,
                 head: head.scrollWidth - head.clientWidth, scrollY: window.scrollY };
    }""")


def _inside_window(page: Page, selector: str) -> None:
    expect(page.locator(selector)).to_be_visible()
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= size["width"] + 0.5, (selector, box, size)
    assert box["y"] + box["height"] <= size["height"] + 0.5, (selector, box, size)


def test_login_card_alone_on_the_login_screen(site: ApiHarness, sized: Page) -> None:
    sized.goto(site.url + "/")
    expect(sized.locator("#login")).to_be_visible()
    expect(sized.locator("#app")).to_be_hidden()  # not drawn underneath the card
    _inside_window(sized, "#login-submit")
    assert _overflow(sized)["x"] <= 0


def test_message_column_scrolls_and_everything_stays_reachable(site: ApiHarness, sized: Page) -> None:
    site.model.pace = 0.0  # seeding goes through the API; no need to watch it stream
    key, name = site.person_key()
    api = site.client(key)
    first = api.post("/v1/messages", json={"text": "An older conversation about the garden"}).json()
    cid = None
    for i in range(10):
        text = f"Point {i} of the plan:\n" + "\n".join(f"- step {i}.{j}" for j in range(4))
        cid = api.post("/v1/messages", json={"text": text, "conversation_id": cid}).json()["conversation_id"]
    api.patch(f"/v1/conversations/{cid}", json={"title": "A long plan with a title that goes on and on"})
    # The seeded turns' background work (facts, re-asks) can hold the busy machine for seconds:
    # let it finish so the page's requests are not timed against it.
    wait_idle(site, timeout=120)
    phone = sized.viewport_size is not None and sized.viewport_size["width"] < 900

    sized.goto(f"{site.url}/#c={cid}")
    sized.fill("#login-key", key)
    sized.click("#login-submit")
    expect(sized.locator(".msg.assistant")).to_have_count(10)
    # The page itself does not scroll: the message column does, and it shows the latest turn.
    assert sized.locator(".msg.assistant").last.is_visible()
    scroller = sized.evaluate(
        "() => { const m = document.getElementById('messages');"
        " return { top: m.scrollTop, height: m.scrollHeight, client: m.clientHeight }; }"
    )
    assert scroller["height"] > scroller["client"] and scroller["top"] > 0, scroller
    overflow = _overflow(sized)
    assert overflow["x"] <= 0 and overflow["y"] <= 0 and overflow["head"] <= 0, overflow
    for selector in ("#composer #send", "#input", "#chat-title", "#rename", "#keep-warm", "#export-md", "#delete"):
        _inside_window(sized, selector)
    box = sized.locator("#messages").bounding_box()
    assert box is not None
    sized.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    sized.mouse.wheel(0, -3000)  # scrolling the messages moves neither header nor composer
    sized.wait_for_timeout(200)
    assert sized.evaluate("() => document.getElementById('messages').scrollTop") < scroller["top"]
    assert _overflow(sized)["scrollY"] == 0
    _inside_window(sized, "#send")
    _inside_window(sized, "#delete")
    sized.mouse.wheel(0, 3000)
    sized.wait_for_timeout(200)
    save_screenshot(sized, "web-phone" if phone else "web-desktop")

    if not phone:
        expect(sized.locator("#menu-toggle")).to_be_hidden()
        for selector in ("#new-chat", "#logout", "#undo-fact", "#conversation-list li >> nth=1"):
            _inside_window(sized, selector)
        return
    # Phone: the conversation list, New chat and Log out live in a drawer behind "Chats"...
    expect(sized.locator("#sidebar")).to_be_hidden()
    expect(sized.locator("#memory-panel")).to_be_hidden()
    sized.click("#menu-toggle")
    for selector in ("#new-chat", "#logout", "#conversation-list li >> nth=1"):
        _inside_window(sized, selector)
    assert _overflow(sized)["x"] <= 0
    save_screenshot(sized, "web-phone-chats")
    sized.locator("#conversation-list li", has_text="garden").click()
    expect(sized.locator("#sidebar")).to_be_hidden()
    # (A count first: to_have_text on a locator that still matches the old ten messages fails at
    # once with a strict-mode error instead of waiting.)
    expect(sized.locator(".msg.user")).to_have_count(1)
    expect(sized.locator(".msg.user .text")).to_have_text("An older conversation about the garden")
    assert first["conversation_id"] in sized.url
    # ...the memory panel behind "Memory" (Escape closes it)...
    sized.click("#memory-toggle")
    _inside_window(sized, "#undo-fact")
    sized.keyboard.press("Escape")
    expect(sized.locator("#memory-panel")).to_be_hidden()
    # ...and New chat from the drawer leaves no conversation bar behind.
    sized.click("#menu-toggle")
    sized.click("#new-chat")
    expect(sized.locator("#sidebar")).to_be_hidden()
    expect(sized.locator("#chat-actions")).to_be_hidden()
    sized.click("#menu-toggle")
    sized.click("#logout")
    expect(sized.locator("#login")).to_be_visible()
    expect(sized.locator("#app")).to_be_hidden()


def test_api_docs_render_without_the_internet(site: ApiHarness, page: Page) -> None:
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(site.url) else outside.append(r.url))
    page.goto(site.url + "/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("threadkeep")
    expect(page.locator(".opblock-summary-path[data-path='/v1/messages']").first).to_be_visible()
    assert outside == []
    assert httpx.get(site.url + "/docs/assets/swagger-ui.css").status_code == 200
    assert httpx.get(site.url + "/docs/assets/index.html").status_code == 404  # only what /docs uses


def _rows(page: Page, selector: str) -> int:
    """How many rows the visible items of the header ``selector`` are laid out in (items whose
    heights overlap share a row)."""
    return page.evaluate(
        """(sel) => {
        const items = [...document.querySelector(sel).querySelectorAll(':scope > *, .chat-actions > *')]
            .filter(e => !e.classList.contains('chat-actions') && e.getClientRects().length)
            .map(e => e.getBoundingClientRect()).sort((a, b) => a.top - b.top);
        let rows = 0, bottom = -Infinity;
        for (const r of items) { if (r.top >= bottom - 1) { rows += 1; bottom = r.bottom; }
                                 else bottom = Math.max(bottom, r.bottom); }
        return rows; }""",
        selector,
    )


def test_a_finished_answer_ends_in_view_under_its_title(site: ApiHarness, sized: Page) -> None:
    site.model.pace = 0.0
    key, _ = site.person_key()
    api = site.client(key)
    cid = None
    for i in range(6):
        text = f"Note {i} for the trip:\n" + "\n".join(f"- item {i}.{j}" for j in range(3))
        cid = api.post("/v1/messages", json={"text": text, "conversation_id": cid}).json()["conversation_id"]
    wait_idle(site, timeout=120)
    phone = sized.viewport_size is not None and sized.viewport_size["width"] < 900
    sized.goto(f"{site.url}/")
    sized.fill("#login-key", key)
    sized.click("#login-submit")
    expect(sized.locator("#conversation-list li")).to_have_count(1)
    # A new conversation from the page: the answer streams in, then its thumbs and the gauge.
    # The page's own reload of the conversation never answers (a server busy with background
    # work): the header still names it as the list does.
    sized.route(
        re.compile(r".*/v1/conversations/[0-9a-f-]{36}$"),
        lambda route: None if route.request.method == "GET" else route.continue_(),
    )
    site.model.pace = 0.02
    sized.fill("#input", "Packing list for the trip:\n" + "\n".join(f"- thing {j}" for j in range(30)))
    sized.press("#input", "Enter")
    last = sized.locator(".msg.assistant").last
    expect(last.locator(".thumb-up")).to_be_visible()
    expect(sized.locator("#conversation-list li")).to_have_count(2)
    expect(sized.locator("#gauge")).to_be_visible()
    sized.wait_for_timeout(500)  # the conversation list and header settle after the answer
    save_screenshot(sized, f"web-answer-end-{'phone' if phone else 'desktop'}")
    _inside_window(sized, ".msg.assistant >> nth=-1 >> .thumb-down")
    box, column = last.bounding_box(), sized.locator("#messages").bounding_box()
    assert box is not None and column is not None
    assert box["y"] + box["height"] <= column["y"] + column["height"] + 0.5, (box, column)
    # The header names the conversation as the sidebar does.
    title = api.get("/v1/conversations").json()["conversations"][0]["title"]
    assert title and title.startswith("Packing list")
    expect(sized.locator("#conversation-list li.active")).to_have_text(title)
    expect(sized.locator("#chat-title")).to_have_text(title)
    assert _rows(sized, ".chat-head") <= 2, _rows(sized, ".chat-head")
