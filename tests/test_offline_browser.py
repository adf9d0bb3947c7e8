"""Issue 40: the newcomer session in the web app, with the offline default, in Debian's
chromium at 1400 and 390 px: facts told in English and in Russian, each asked in a new
conversation, answered with the fact and its source; "I don't know" for what was never said.

Skipped with a message when /usr/bin/chromium or the playwright package is missing, unless
THREADKEEP_REQUIRE_BROWSER=1 (CI), which turns the skip into a failure.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import launched_chromium, live_site, require_browser, save_screenshot
from tests.conftest_api import ApiHarness
from tests.test_offline_newcomer import ENGLISH, NEVER_SAID, RUSSIAN
from tests.test_surface_fakes import wait_idle
from threadkeep.memory.offline import OfflineModel

require_browser("browser tests")

from playwright.sync_api import Browser, Page, expect  # noqa: E402

FROM_FACTS = "- (what I know about you) "


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launched_chromium() as b:
        yield b


def _new_chat(page: Page) -> None:
    if page.locator("#menu-toggle").is_visible():  # a phone: the conversations are a drawer
        page.click("#menu-toggle")
    page.click("#new-chat")
    expect(page.locator(".msg")).to_have_count(0)


def _say(page: Page, site: ApiHarness, text: str) -> str:
    """Send ``text``, wait for the whole answer and the jobs it left, return the answer."""
    answers = page.locator(".msg.assistant")
    before = answers.count()
    page.fill("#input", text)
    page.press("#input", "Enter")
    expect(answers).to_have_count(before + 1)
    expect(answers.last.locator(".thumb-up")).to_be_visible()  # finished, not streaming
    wait_idle(site, timeout=60)
    return str(answers.last.locator(".text").text_content())


@pytest.mark.parametrize(("width", "height"), [(1400, 900), (390, 844)])
def test_the_newcomer_session_in_the_browser(
    browser: Browser, tmp_path: Path, settings: Any, width: int, height: int
) -> None:
    with live_site(tmp_path / "web.db", settings, OfflineModel()) as site:
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.set_default_timeout(30_000)
        try:
            key, name = site.person_key()
            page.goto(site.url + "/")
            page.fill("#login-key", key)
            page.click("#login-submit")
            expect(page.locator("#who")).to_have_text(name)
            answers: list[str] = []
            for told, asked in (ENGLISH, RUSSIAN):
                _new_chat(page)
                answers += [_say(page, site, sentence) for sentence in told]
                for question, fact in asked:
                    _new_chat(page)
                    answer = _say(page, site, question)
                    lines = [line for line in answer.split("\n") if line.strip()]
                    assert any(line.startswith(FROM_FACTS) and fact in line for line in lines), (question, answer)
                    assert len(lines) == len(set(lines)), answer  # no line twice
                    for quote in (line.split(") ", 1)[-1] for line in lines if line.startswith("- (")):
                        assert not any(
                            said in quote
                            for a in answers
                            for said in a.split("\n")
                            if said.strip() and not said.startswith("- (")
                        ), (question, answer)
                    answers.append(answer)
            save_screenshot(page, f"offline-newcomer-{width}")
            page.screenshot(path=f"/tmp/offline-newcomer-{width}.png")
            for question in NEVER_SAID:
                _new_chat(page)
                answer = _say(page, site, question)
                assert "I don't know" in answer and "- (" not in answer, (question, answer)
            page.screenshot(path=f"/tmp/offline-newcomer-{width}-unknown.png")
        finally:
            context.close()
