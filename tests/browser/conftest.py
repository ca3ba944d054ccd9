"""Playwright on the system Chromium (never a downloaded browser), against pytest-django's live server."""

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from playwright.sync_api import expect

from tournaments.models import Club, Membership

CHROMIUM = "/usr/bin/chromium"
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
        context = browser.new_context(base_url=live_server.url, viewport={"width": 1200, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        yield page
        context.close()
        browser.close()
        # ORM calls made while Playwright's loop ran used connections of that context: close them too.
        connections.close_all()


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
