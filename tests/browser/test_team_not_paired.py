"""A team left out of a published round by a manual change (C.04.6), in a real browser: the public
matches page lists it under "Not paired in this round" with the reason, on a 390 px phone, a desktop
and on paper, and its player's page says why he has no board."""

import pytest
from playwright.sync_api import expect

from pairing.rounds.manual import apply_manual_change, propose_change
from pairing.rounds.publish import publish_round
from tests.app.conftest import request
from tests.app.teams import make_league
from tests.browser.conftest import DESKTOP, PHONE, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


def test_a_team_left_out_on_the_public_matches_page(page, arbiter):
    league = make_league(arbiter.memberships.get().club, teams=6, boards=4, roster=4, rounds=5,
                         name="Lyon Club League", user=arbiter)
    league.fide_mode = False
    league.save(update_fields=["fide_mode"])
    draft = request(league, arbiter)
    left = draft.matches.select_related("white_team", "black_team").get(number=2)
    apply_manual_change(draft, "unpair", propose_change(draft, "unpair", board=2).fingerprint, arbiter, board=2)
    draft.refresh_from_db()
    publish_round(draft, arbiter, confirm=True)

    page.set_viewport_size(PHONE)
    page.goto(f"/t/{league.slug}/teams/round/1/")
    expect(page.locator("section.match")).to_have_count(2)
    expect(page.locator("#not-paired-heading")).to_have_text("Not paired in this round")
    rows = page.locator("table.not-paired tbody tr")
    expect(rows).to_have_count(2)
    for team, row in zip(sorted((left.white_team, left.black_team), key=lambda t: t.pairing_number), rows.all(),
                         strict=True):
        expect(row).to_have_text(f"{team.pairing_number}{team.name}Team not paired", use_inner_text=False)
    no_sideways_scroll(page, "a team round with teams not paired on a phone")
    screenshot(page, "team-not-paired-01-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "team-not-paired-02-desktop")
    page.emulate_media(media="print")
    expect(page.locator("table.not-paired")).to_be_visible()
    screenshot(page, "team-not-paired-03-print")
    page.emulate_media(media="screen")

    player = left.white_team.members.order_by("order").first().player
    page.set_viewport_size(PHONE)
    page.goto(f"/t/{league.slug}/player/{player.pairing_number}/")
    expect(page.get_by_text("Team not paired")).to_be_visible()
    no_sideways_scroll(page, "the record of a player of a team not paired")
