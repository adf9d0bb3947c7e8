"""The browser extension loaded into Debian's chromium (Playwright), against a live server.

The extension's side panel page is opened as a tab (a headless browser has no toolbar to
click); everything else is as a person would use it: the options page stores the server and
key, a message streams its answer, a page selection rides along with exactly one message,
and "New chat" opens a new conversation.

Skipped with a message when /usr/bin/chromium or the playwright package is missing, unless
THREADKEEP_REQUIRE_BROWSER=1 (CI), which turns the skip into a failure.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser_support import ARTIFACTS, CHROMIUM, CHROMIUM_FLAGS, live_site, require_browser
from tests.conftest_api import ApiHarness, echo_responder
from threadkeep.llm.scripted import ScriptedModel

EXTENSION = Path(__file__).resolve().parent.parent / "extension"

require_browser("extension browser tests")

from playwright.sync_api import BrowserContext, Page, Worker, expect, sync_playwright  # noqa: E402

# Other work may load the machine: a streamed answer can take longer than expect's 5 s default.
expect.set_options(timeout=15_000)

QUOTE = "The quarterly review moved to Thursday the ninth, in room Aurora."
ARTICLE = f"""<!doctype html><html><head><title>Team notes</title></head>
<body><h1>Team notes</h1><p id="quote">{QUOTE}</p><p>Other text that is not selected.</p></body></html>"""


@pytest.fixture
def site(tmp_path: Path, settings: Any) -> Iterator[ApiHarness]:
    model = ScriptedModel(responder=echo_responder(chunk=3), pace=0.03)
    with live_site(tmp_path / "ext.db", settings, model) as h:
        yield h


@pytest.fixture
def article() -> Iterator[str]:
    """A web page on loopback to select text in (scripts cannot run in data: or file: pages)."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the http.server hook name
            body = ARTICLE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/notes"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[tuple[BrowserContext, str, Worker]]:
    """Chromium with the unpacked extension loaded: the context, extension id, service worker."""
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=CHROMIUM,
            headless=True,  # the new headless mode, which runs extensions
            args=[f"--disable-extensions-except={EXTENSION}", f"--load-extension={EXTENSION}", *CHROMIUM_FLAGS],
        )
        try:
            worker = (
                context.service_workers[0]
                if context.service_workers
                else context.wait_for_event("serviceworker", timeout=15_000)
            )
            yield context, worker.url.split("/")[2], worker
        finally:
            context.close()


def _options(context: BrowserContext, ext_id: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"chrome-extension://{ext_id}/options.html")
    return page


def _configure(context: BrowserContext, ext_id: str, site: ApiHarness, key: str, person: str) -> None:
    options = _options(context, ext_id)
    options.fill("#server-url", site.url + "/")
    options.fill("#api-key", key)
    options.click("#save")
    expect(options.locator("#status")).to_have_text("Saved.")
    expect(options.locator("#server-url")).to_have_value(site.url)  # trailing slash dropped
    options.click("#test")
    expect(options.locator("#status")).to_have_text(f"Connected as {person}.")
    options.close()


def _panel(context: BrowserContext, ext_id: str) -> Page:
    panel = context.new_page()
    panel.set_viewport_size({"width": 400, "height": 720})  # about a side panel's width
    panel.set_default_timeout(10_000)
    panel.goto(f"chrome-extension://{ext_id}/sidepanel.html")
    expect(panel.locator("body")).to_have_attribute("data-ready", "true")
    return panel


def _send(panel: Page, text: str) -> None:
    # The panel sends one message at a time: wait until the previous answer has finished.
    expect(panel.locator(".msg.assistant.streaming")).to_have_count(0)
    expect(panel.locator("#send")).to_be_enabled()
    panel.fill("#input", text)
    panel.press("#input", "Enter")


def test_manifest_declares_a_side_panel_extension() -> None:
    import json

    manifest = json.loads((EXTENSION / "manifest.json").read_text())
    assert manifest["manifest_version"] == 3
    assert manifest["side_panel"]["default_path"] == "sidepanel.html"
    assert {"sidePanel", "storage", "scripting"} <= set(manifest["permissions"])
    for name in (
        "sidepanel.html",
        "sidepanel.js",
        "background.js",
        "options.html",
        "options.js",
        "common.js",
        "styles.css",
    ):
        assert (EXTENSION / name).is_file(), name


def test_side_panel_chats_streams_uses_a_selection_once_and_starts_new_chats(
    site: ApiHarness,
    article: str,
    browser: tuple[BrowserContext, str, Worker],
) -> None:
    context, ext_id, worker = browser
    key, person = site.person_key()
    _configure(context, ext_id, site, key, person)
    panel = _panel(context, ext_id)
    expect(panel.locator("#setup")).to_be_hidden()

    first = "Please remember that the launch is on the twentieth of February"
    # Record every partial answer the page shows, however briefly (polling could miss them).
    panel.evaluate("""() => { window.partials = [];
      new MutationObserver(() => {
        const a = document.querySelector('.msg.assistant.streaming .text');
        if (a && a.textContent) window.partials.push(a.textContent.length);
      }).observe(document.getElementById('messages'), {subtree: true, childList: true, characterData: true}); }""")
    _send(panel, first)
    answer = panel.locator(".msg.assistant .text").last
    expect(answer).to_have_text(f"echo: {first}")
    expect(panel.locator(".msg.assistant.streaming")).to_have_count(0)
    # Streamed: the answer grew on screen in several steps before it was complete.
    partials = panel.evaluate("window.partials")
    assert len(set(partials)) > 3 and min(partials) < len(f"echo: {first}")
    api = httpx.Client(base_url=site.url, headers={"Authorization": f"Bearer {key}"}, timeout=10)
    try:
        conversations = api.get("/v1/conversations").json()["conversations"]
        assert len(conversations) == 1 and conversations[0]["message_count"] == 2

        # Select text on a web page, attach it from the panel, ask about it.
        page = context.new_page()
        page.goto(article)
        page.evaluate(
            "() => { const r = document.createRange();"
            " r.selectNodeContents(document.getElementById('quote'));"
            " const s = window.getSelection(); s.removeAllRanges(); s.addRange(r); }"
        )
        panel.bring_to_front()
        panel.click("#use-selection")
        expect(panel.locator("#context")).to_be_visible()
        expect(panel.locator("#context-text")).to_have_text(QUOTE)
        expect(panel.locator("#context-source")).to_contain_text("Team notes")
        ARTIFACTS.mkdir(exist_ok=True)
        panel.screenshot(path=str(ARTIFACTS / "extension-panel.png"), full_page=True)

        _send(panel, "When is the review?")
        expect(panel.locator(".msg.assistant .text").last).to_contain_text(QUOTE)
        expect(panel.locator(".msg.user").last.locator(".note")).to_contain_text("Team notes")
        expect(panel.locator(".msg.user .text").last).to_have_text("When is the review?")
        expect(panel.locator("#context")).to_be_hidden()  # used up by that one message
        sent = site.model.calls[-1].segments[-1].messages[-1].text
        assert QUOTE in sent and "<page_selection" in sent and sent.endswith("When is the review?")
        assert article in sent

        # The next message goes without it.
        _send(panel, "Thanks")
        expect(panel.locator(".msg.assistant .text").last).to_have_text("echo: Thanks")
        assert QUOTE not in site.model.calls[-1].segments[-1].messages[-1].text
        assert len(api.get("/v1/conversations").json()["conversations"]) == 1

        # Reopening the panel continues the same conversation.
        panel.close()
        panel = _panel(context, ext_id)
        expect(panel.locator(".msg")).to_have_count(6)

        panel.click("#new-chat")
        expect(panel.locator(".msg")).to_have_count(0)
        _send(panel, "A different topic")
        expect(panel.locator(".msg.assistant .text").last).to_have_text("echo: A different topic")
        # The reply is on screen as it streams; it is stored when the stream ends, a moment
        # later on a busy machine.
        deadline = time.monotonic() + 15
        while True:
            listed = api.get("/v1/conversations").json()["conversations"]
            if (len(listed) == 2 and listed[0]["message_count"] == 2) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert len(listed) == 2 and listed[0]["message_count"] == 2

        # The context-menu item hands its selection to the open panel the same way.
        worker.evaluate(
            "askAboutSelection({menuItemId: 'threadkeep-ask-selection', selectionText: 'Room Aurora'},"
            " {url: 'https://intranet.example/rooms', title: 'Rooms'})"
        )
        expect(panel.locator("#context-text")).to_have_text("Room Aurora")
        expect(panel.locator("#context-source")).to_contain_text("Rooms")
        panel.click("#context-clear")
        expect(panel.locator("#context")).to_be_hidden()
    finally:
        api.close()


def test_side_panel_shows_the_servers_refusal_of_a_bad_key(
    site: ApiHarness,
    browser: tuple[BrowserContext, str, Worker],
) -> None:
    context, ext_id, _ = browser
    unset = _panel(context, ext_id)
    expect(unset.locator("#setup")).to_be_visible()  # nothing configured yet: says where to
    unset.close()
    options = _options(context, ext_id)
    options.fill("#server-url", site.url)
    options.fill("#api-key", "tk_p_not-a-key")
    options.click("#test")
    expect(options.locator("#status")).to_have_text("unknown or revoked API key")
    options.click("#save")
    panel = _panel(context, ext_id)
    _send(panel, "Hello?")
    expect(panel.locator("#error")).to_have_text("unknown or revoked API key")
    expect(panel.locator(".msg")).to_have_count(0)
    expect(panel.locator("#input")).to_have_value("Hello?")  # nothing lost


def test_side_panel_rates_every_answer(site: ApiHarness, browser: tuple[BrowserContext, str, Worker]) -> None:
    context, ext_id, _ = browser
    key, person = site.person_key()
    _configure(context, ext_id, site, key, person)
    panel = _panel(context, ext_id)
    for text in ("First question", "Second question"):
        _send(panel, text)
        expect(panel.locator(".msg.assistant .text").last).to_have_text(f"echo: {text}")
    answers = panel.locator(".msg.assistant")
    expect(answers.locator(".thumb-up")).to_have_count(2)  # beside every answer, as it arrives
    api = httpx.Client(base_url=site.url, headers={"Authorization": f"Bearer {key}"}, timeout=10)
    try:
        cid = api.get("/v1/conversations").json()["conversations"][0]["id"]

        def ratings() -> list[str | None]:
            messages = api.get(f"/v1/conversations/{cid}").json()["messages"]
            return [m["rating"] for m in messages if m["role"] == "assistant"]

        answers.nth(0).locator(".thumb-up").click()
        expect(answers.nth(0).locator(".thumb-up")).to_have_attribute("aria-pressed", "true")
        answers.nth(1).locator(".thumb-down").click()
        expect(answers.nth(1).locator(".thumb-down")).to_have_attribute("aria-pressed", "true")
        assert ratings() == ["up", "down"]

        # Reopened, the panel shows the ratings given; clicking the given one clears it.
        panel.close()
        panel = _panel(context, ext_id)
        answers = panel.locator(".msg.assistant")
        expect(answers.nth(0).locator(".thumb-up")).to_have_attribute("aria-pressed", "true")
        expect(answers.nth(1).locator(".thumb-down")).to_have_attribute("aria-pressed", "true")
        expect(answers.nth(1).locator(".thumb-up")).to_have_attribute("aria-pressed", "false")
        answers.nth(1).locator(".thumb-down").click()
        expect(answers.nth(1).locator(".thumb-down")).to_have_attribute("aria-pressed", "false")
        assert ratings() == ["up", None]
        answers.nth(0).locator(".thumb-down").click()
        expect(answers.nth(0).locator(".thumb-up")).to_have_attribute("aria-pressed", "false")
        assert ratings() == ["down", None]
        ARTIFACTS.mkdir(exist_ok=True)
        panel.screenshot(path=str(ARTIFACTS / "extension-thumbs.png"))
    finally:
        api.close()
