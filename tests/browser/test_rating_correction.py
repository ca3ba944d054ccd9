"""The player's page shows, before a save, what a rating correction would renumber (C.04.2 B.3,
2026 Art. 2.3 and 4.3): the moves before round 1 is paired, none once it is, on a desktop and at
390 px."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.app.conftest import pair
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Club, Player
from tournaments.services.players import register_player
from tournaments.services.setup import create_tournament

pytestmark = pytest.mark.browser


def fifteen_players():
    """The issue's tournament: 15 players, the Dutch system 2026 with the Baku acceleration."""
    tournament = create_tournament(Club.objects.get(slug="lyon"), name="Venue Open", rounds=7,
                                   acceleration="baku", initial_colour="w")
    for i in range(15):
        register_player(tournament, Player(name=f"Player, {chr(65 + i)}", rating=2400 - 37 * i))
    return tournament


def numbers(tournament):
    return {p.name: p.pairing_number for p in tournament.players.all()}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_rating_correction_previews_the_renumbering(page, arbiter, viewport):
    tournament = fifteen_players()
    page.set_viewport_size(viewport)
    log_in(page)
    player = tournament.players.get(pairing_number=14)
    page.goto(reverse("arbiter:player_edit", args=[tournament.slug, player.pk]))
    preview = page.locator("#renumbering")
    expect(preview).to_have_text("No pairing number changes.")

    page.fill("#id_rating", "2390")  # a typo corrected: he would be #2 in initial order (B.2)
    expect(preview).to_contain_text("Saving moves 13 players:")
    expect(preview.locator("li")).to_have_count(13)
    expect(preview.locator("li").first).to_have_text("#14 → #2 Player, N")
    expect(preview.locator("li").nth(1)).to_have_text("#2 → #3 Player, B")
    assert numbers(tournament)["Player, N"] == 14  # nothing saved yet
    no_sideways_scroll(page, "player form, preview", viewport)
    screenshot(page, f"rating-correction-preview-{viewport['width']}")

    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Player, N saved.")
    assert numbers(tournament)["Player, N"] == 2 and numbers(tournament)["Player, B"] == 3

    # Round 1 paired: a correction keeps every number (2026 Art. 4.3), and the page says why.
    pair(tournament)
    before = numbers(tournament)
    page.goto(reverse("arbiter:player_edit", args=[tournament.slug, player.pk]))
    page.fill("#id_rating", "1956")
    expect(preview).to_contain_text("the numbers are kept since round 1 was paired")
    expect(preview.locator("li")).to_have_count(0)
    no_sideways_scroll(page, "player form, numbers kept", viewport)
    screenshot(page, f"rating-correction-kept-{viewport['width']}")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Player, N saved.")
    assert numbers(tournament) == before
    assert tournament.players.get(name="Player, N").rating == 1956
