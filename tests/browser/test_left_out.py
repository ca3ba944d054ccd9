"""Board 1 unpaired by hand, then "Publish": the page names the two players left without a board and
asks first (out of FIDE mode); in FIDE mode it refuses (desktop and a 390 px phone)."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.app.conftest import make_tournament, request
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Round
from tournaments.services.setup import leave_fide_mode

pytestmark = pytest.mark.browser


def _unpair_board_1(page, tournament):
    page.goto(reverse("arbiter:round", args=[tournament.slug, 1]))
    page.select_option("#manual-kind", "unpair")
    page.select_option("#manual-board", "1")
    page.click("#review-change")
    page.click("#confirm-change")
    expect(page.locator("ul.messages")).to_contain_text("The change was saved")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_publishing_with_players_left_without_a_board(page, arbiter, viewport):
    club = arbiter.memberships.get().club
    tournament = make_tournament(club, players=8, name="Club Rapid")
    leave_fide_mode(tournament, confirmations=2)
    request(tournament)
    page.set_viewport_size(viewport)
    log_in(page)
    _unpair_board_1(page, tournament)
    page.click("#publish")
    question = page.locator("#publish-question")
    expect(question).to_contain_text("1. Player, A0, 5. Player, E4 will have no board in round 1")
    assert tournament.round_set.get().status == Round.Status.DRAFT
    no_sideways_scroll(page, viewport=viewport)
    screenshot(page, f"left-out-1-question-{viewport['width']}")
    page.click("#publish-anyway")
    expect(page.locator("ul.messages")).to_contain_text("Round 1 published.")
    assert tournament.round_set.get().status == Round.Status.PUBLISHED

    # In FIDE mode: refused, the draft stays.
    fide = make_tournament(club, players=8, name="FIDE Open")
    request(fide)
    _unpair_board_1(page, fide)
    page.click("#publish")
    expect(page.locator("ul.messages")).to_contain_text("FIDE mode: 1. Player, A0, 5. Player, E4 have no board")
    assert fide.round_set.get().status == Round.Status.DRAFT
    no_sideways_scroll(page, viewport=viewport)
    screenshot(page, f"left-out-2-fide-refused-{viewport['width']}")
