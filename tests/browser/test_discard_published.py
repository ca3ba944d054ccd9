"""Discarding a published round (no result yet) asks first; the question can be declined (desktop
and a 390 px phone)."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.app.conftest import make_tournament, pair
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_discarding_a_published_round_asks_first(page, arbiter, viewport):
    tournament = make_tournament(arbiter.memberships.get().club, players=6, rounds=3)
    pair(tournament)
    page.set_viewport_size(viewport)
    log_in(page)
    page.goto(reverse("arbiter:round", args=[tournament.slug, 1]))
    page.click("#discard-published")
    expect(page.locator("#discard-question")).to_contain_text("Round 1 is published")
    no_sideways_scroll(page, viewport=viewport)
    screenshot(page, f"discard-published-question-{viewport['width']}")
    page.click("#discard-cancel")  # declined: still published
    expect(page.locator("#discard-published")).to_be_visible()
    assert tournament.round_set.get().status == "published"
    page.click("#discard-published")
    page.click("#discard-confirm")
    expect(page.locator("ul.messages")).to_contain_text("The pairing of round 1 was discarded.")
    assert not tournament.round_set.exists()
