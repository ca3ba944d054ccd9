"""Playwright on the system Chromium (never a downloaded browser), against pytest-django's live server."""

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from playwright.sync_api import expect

from tests.smtp import SmtpServer
from tournaments.models import Club, Membership

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1200, "height": 900}
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
# The machine's network is closed: keep Chromium from calling home.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def page(transactional_db, live_server):
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls of the test are safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(base_url=live_server.url, viewport=DESKTOP)
        page = context.new_page()
        page.set_default_timeout(20_000)
        yield page
        context.close()
        browser.close()
        # ORM calls made while Playwright's loop ran used connections of that context: close them too.
        connections.close_all()


@pytest.fixture
def smtp(settings):
    """A real SMTP server on 127.0.0.1 (tests/smtp.py) that the app's mail goes to."""
    server = SmtpServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield server
    server.stop()


def log_in(page, username: str = "ann", password: str = "pw-ann-123", *, button: str = "Log in",
           heading: str = "My tournaments") -> None:
    """Log in through the login page (``button`` and ``heading``: their words in the page's language)."""
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name=button).click()
    expect(page.locator("h1")).to_have_text(heading)


def sticking_out(page, selector: str = "body *", width: int = PHONE["width"]) -> list[str]:
    """The first elements of ``selector``, and the texts, whose right edge is past ``width`` px (a long
    word that does not wrap sticks out of a box that does not)."""
    return page.evaluate("""([selector, width]) => {
        const boxes = [...document.querySelectorAll(selector)]
            .filter(e => e.getBoundingClientRect().right > width)
            .map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + e.getBoundingClientRect().right);
        const texts = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node; (node = walker.nextNode());) {
            const range = document.createRange();
            range.selectNodeContents(node);
            const right = Math.max(0, ...[...range.getClientRects()].map(r => r.right));
            const clipped = node.parentElement.closest('.visually-hidden');
            const text = JSON.stringify(node.textContent.slice(0, 40));
            if (right > width && !clipped) texts.push('text ' + text + ' ' + right);
        }
        return boxes.concat(texts).slice(0, 8);
    }""", [selector, width])


def no_sideways_scroll(page, label: str = "", viewport=PHONE) -> None:
    """The page is no wider than the screen (the viewport, a phone unless told): it never scrolls
    sideways.  The message names the page and the elements that stick out."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth") == viewport["width"], \
        (label or page.url, width, sticking_out(page, width=viewport["width"]))


def screenshot(page, name: str) -> None:
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)


@pytest.fixture
def arbiter(transactional_db):
    """The chief arbiter ann of Lyon Chess."""
    club = Club.objects.create(name="Lyon Chess", slug="lyon")
    user = get_user_model().objects.create_user("ann", password="pw-ann-123")
    Membership.objects.create(club=club, user=user, role=Membership.Role.CHIEF)
    return user


def enter_results(page, results):
    """Type each board's result and press Enter, as an arbiter does; every row must come back from
    the server with the result stored."""
    inputs = page.locator("input.result")
    expect(inputs).to_have_count(len(results))
    for index, text in enumerate(results):
        field = inputs.nth(index)
        field.fill(text)
        field.press("Enter")  # saves through htmx and moves to the next board
    for index in range(len(results)):
        expect(page.locator("input.result").nth(index)).not_to_have_value("")
    expect(page.locator("input.result.missing")).to_have_count(0)


def switch_language(page, name: str) -> None:
    """Open the header's language list and choose ``name`` (the language's own name)."""
    page.locator("#languages summary").click()
    page.get_by_role("button", name=name).click()
