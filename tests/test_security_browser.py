"""Issue 18, item 7: the Content-Security-Policy does not break the web app or the admin
console in a real browser (Debian's chromium), and the browser enforces it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import launched_chromium, live_site, require_browser
from tests.conftest_api import ApiHarness

require_browser("security browser tests")

from playwright.sync_api import Browser, expect  # noqa: E402


@pytest.fixture
def site(tmp_path: Path, settings: Any) -> Iterator[ApiHarness]:
    with live_site(tmp_path / "csp.db", settings) as h:
        yield h


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launched_chromium() as b:
        yield b


def test_pages_work_under_the_policy_and_it_blocks_inline_script(site: ApiHarness, browser: Browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(10_000)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        key, _name = site.person_key()
        served = page.goto(site.url + "/")
        assert served is not None and "script-src 'self'" in served.headers["content-security-policy"]
        page.fill("#login-key", key)
        page.click("#login-submit")
        expect(page.locator("#who")).to_be_visible()
        page.goto(site.url + "/admin")
        # The admin page's inline <style> is allowed by its hash: its grid layout applies.
        page.evaluate(
            "() => document.getElementById('admin-app') && document.getElementById('admin-app').removeAttribute('hidden')"
        )
        display = page.evaluate("() => getComputedStyle(document.querySelector('.admin') || document.body).display")
        assert display == "grid"
        assert violations == [], violations
        # The policy is enforced: a script injected into the page does not run.
        page.evaluate("""() => { const s = document.createElement('script');
            s.textContent = 'window.__injected = 1'; document.body.appendChild(s); }""")
        assert page.evaluate("() => window.__injected") is None
    finally:
        context.close()
