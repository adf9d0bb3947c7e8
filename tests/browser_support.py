"""What the browser tests share: Debian's chromium driven by Playwright, never a downloaded one.

A test module calls :func:`require_browser` before importing playwright: without
/usr/bin/chromium or the playwright package the module is skipped with a message saying
which, unless THREADKEEP_REQUIRE_BROWSER=1 (CI), which turns the skip into a failure.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.conftest_api import ApiHarness, start_harness, stop_harness

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
# Flags for every launch: nothing fetched in the background, no first-run pages.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def browser_problem() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install playwright; never `playwright install`)"
    return None


def require_browser(what: str) -> None:
    """Skip the calling module when the browser is missing (fail when CI requires it)."""
    problem = browser_problem()
    if problem is None:
        return
    if os.environ.get("THREADKEEP_REQUIRE_BROWSER") == "1":
        raise RuntimeError(f"{what} required (THREADKEEP_REQUIRE_BROWSER=1) but {problem}")
    pytest.skip(f"{what} skipped: {problem}", allow_module_level=True)


@contextmanager
def launched_chromium() -> Iterator[Browser]:
    """One headless chromium (starting it is the slow part: share it across a module)."""
    from playwright.sync_api import expect, sync_playwright

    # expect() waits 5 s by default: too short on a busy 2-core machine running other work.
    expect.set_options(timeout=15_000)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", *CHROMIUM_FLAGS], headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def live_site(db_file: Path, settings: Any, model: Any = None) -> Iterator[ApiHarness]:
    """threadkeep's service on a loopback port over a fresh SQLite file."""
    from threadkeep.crypto import MasterKey

    harness = start_harness(f"sqlite:///{db_file}", MasterKey(os.urandom(32), "t"), settings, model=model)
    try:
        yield harness
    finally:
        stop_harness(harness)


def save_screenshot(page: Any, name: str, *, full_page: bool = False) -> Path:
    """The page as ``test-artifacts/NAME.png``; also into the folder named by
    THREADKEEP_SCREENSHOTS (``make screenshots`` sets docs/screenshots), reduced to a small
    palette PNG so the documentation's pictures stay a few tens of KB."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    target = os.environ.get("THREADKEEP_SCREENSHOTS")
    if target:
        from PIL import Image

        Path(target).mkdir(parents=True, exist_ok=True)
        with Image.open(path) as image:
            small = image.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT)
            small.save(Path(target) / f"{name}.png", optimize=True)
    return path
