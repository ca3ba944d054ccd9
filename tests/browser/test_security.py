"""The Content-Security-Policy in a real browser: nothing is refused, nothing is fetched from elsewhere."""

import random

import pytest
from playwright.sync_api import expect

from tests.app.conftest import make_tournament, pair, play
from tests.browser.conftest import PHONE, no_sideways_scroll, screenshot
from tournaments.models import Club

pytestmark = pytest.mark.browser


@pytest.fixture
def watched(page, live_server):
    """The page, with every policy violation the browser reports and every request to another origin."""
    problems = []
    page.on("console", lambda message: problems.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text else None)
    page.on("request", lambda request: problems.append(f"request to {request.url}")
            if not request.url.startswith(live_server.url) and not request.url.startswith("data:") else None)
    return page, problems


def test_api_docs_work_under_the_policy_from_local_assets(watched):
    page, problems = watched
    page.goto("/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Swiss tournaments API")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    screenshot(page, "40-api-docs")
    assert problems == []


def test_public_pages_on_a_phone_under_the_policy(watched, transactional_db):
    page, problems = watched
    tournament = make_tournament(Club.objects.create(name="Lyon Chess", slug="lyon"), players=7, rounds=3)
    play(pair(tournament), random.Random(3))
    page.set_viewport_size(PHONE)
    for path in ("/", f"/t/{tournament.slug}/", f"/t/{tournament.slug}/round/1/", f"/t/{tournament.slug}/standings/",
                 f"/t/{tournament.slug}/crosstable/"):
        page.goto(path)
        expect(page.locator("h1")).to_be_visible()
        assert page.evaluate("typeof htmx") == "object"  # the script loaded and ran
        no_sideways_scroll(page, path)  # wide tables scroll inside
    assert page.context.cookies() == []  # a reader gets no cookie
    screenshot(page, "41-phone-crosstable")
    assert problems == []
