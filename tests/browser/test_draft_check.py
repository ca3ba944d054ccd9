"""An arbiter checks a draft before publishing it (issue 23, item 8): on a 1280 px desktop, a
390 px phone and on paper, each board shows both players' numbers, ratings, points before the round
(the Baku virtual points marked) and colours, and "Not paired in this round" says who has no board
and why; once published, the public page calls a player left out by hand "Not paired"."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.app.conftest import make_tournament, pair, request
from tests.browser.conftest import PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Player, Result
from tournaments.services.players import register_player, set_absence, withdraw_player
from tournaments.services.results import enter_result
from tournaments.services.setup import leave_fide_mode

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 900}


def _round_2_draft(club):
    """Ten players with Baku; round 1 won by White everywhere; for round 2 #3 asks for a half-point
    bye, #4 is absent, #10 withdraws, a late entry plays from round 3."""
    tournament = make_tournament(club, players=10, rounds=5, acceleration="baku", half_point_byes=True,
                                 name="Baku Open")
    leave_fide_mode(tournament, confirmations=2)
    for game in pair(tournament).games.all():
        enter_result(game, Result.WHITE_WINS)
    players = {p.pairing_number: p for p in tournament.players.all()}
    set_absence(players[3], 2, "H")
    set_absence(players[4], 2, "Z")
    withdraw_player(players[10], 2)
    register_player(tournament, Player(name="Late, Laura", rating=1500, entry_round=3))
    request(tournament)
    return tournament


def _expected_cell(player, round_1) -> tuple[str, str]:
    """What the draft should say beside a player's name: from round 1 as typed (White won)."""
    won = round_1[player.pairing_number] == "w"
    return f"#{player.pairing_number} · {player.rating} · {'1 pt' if won else '0 pts'}", "W" if won else "B"


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["desktop", "phone"])
def test_an_arbiter_checks_a_draft_then_publishes_it(page, arbiter, viewport):
    tournament = _round_2_draft(arbiter.memberships.get().club)
    round_1 = {}
    for game in tournament.round_set.get(number=1).games.select_related("white", "black"):
        round_1[game.white.pairing_number], round_1[game.black.pairing_number] = "w", "b"
    page.set_viewport_size(viewport)
    log_in(page)
    # Board 1 unpaired by hand, as a manual change.
    page.goto(reverse("arbiter:round", args=[tournament.slug, 2]))
    left_out = [page.locator("table.draft-boards tbody tr").first.locator("td.player").nth(i)
                .get_attribute("data-number") for i in (0, 1)]
    page.select_option("#manual-kind", "unpair")
    page.select_option("#manual-board", "1")
    page.click("#review-change")
    page.click("#confirm-change")
    expect(page.locator("ul.messages")).to_contain_text("The change was saved")

    draft = tournament.round_set.get(number=2)
    rows = page.locator("table.draft-boards tbody tr")
    expect(rows).to_have_count(draft.games.count())
    for game in draft.games.select_related("white", "black"):
        for player in filter(None, (game.white, game.black)):
            cell = page.locator(f'table.draft-boards td.player[data-number="{player.pairing_number}"]')
            meta, colour = _expected_cell(player, round_1)
            expect(cell.locator(".who")).to_have_text(player.name)
            expect(cell.locator("small.meta")).to_contain_text(meta)
            expect(cell.locator(".colours")).to_have_text(colour)
    # Baku: the top of the rating list on the boards (group A) has a virtual point in round 2 of
    # five; the bottom (group B) has none.
    on_boards = sorted(int(n) for n in page.locator("table.draft-boards td.player[data-number]").evaluate_all(
        "cells => cells.map(c => c.dataset.number).filter(n => n)"))
    assert on_boards[0] <= 3 and on_boards[-1] >= 8, on_boards
    expect(page.locator(f'td.player[data-number="{on_boards[0]}"] .virtual')).to_have_text("+1 virtual")
    expect(page.locator(f'td.player[data-number="{on_boards[-1]}"] .virtual')).to_have_count(0)
    expect(page.locator("#draft-legend")).to_contain_text("Baku acceleration's virtual points")

    not_paired = page.locator("table.not-paired tbody tr")
    expect(not_paired).to_have_count(6)
    names = {p.pairing_number: p.name for p in tournament.players.all()}
    for name, why in [(names[3], "Half-point bye"), (names[4], "Zero-point bye"),
                      (names[10], "Withdrawn from round 2"), ("Late, Laura", "Late entry: paired from round 3"),
                      *[(names[int(n)], "Left out of the pairing by hand") for n in left_out]]:
        expect(not_paired.filter(has_text=name).locator("td.reason")).to_have_text(why)

    no_sideways_scroll(page, viewport=viewport)
    if viewport is PHONE:
        # A board is two lines: White above Black, both beside the board number.
        first = rows.nth(1)
        white, black = (first.locator("td.player").nth(i).bounding_box() for i in (0, 1))
        assert black["y"] >= white["y"] + white["height"] - 1 and abs(black["x"] - white["x"]) < 2
    screenshot(page, f"draft-check-1-draft-{viewport['width']}")

    if viewport is WIDE:
        # On paper: the boards and who is not paired, without the buttons and the forms.
        page.emulate_media(media="print")
        expect(page.locator("#publish")).to_be_hidden()
        expect(page.locator("table.draft-boards")).to_be_visible()
        expect(page.locator("table.not-paired")).to_be_visible()
        screenshot(page, "draft-check-2-print")
        page.emulate_media(media="screen")

    page.click("#publish")
    expect(page.locator("#publish-question")).to_contain_text("will have no board in round 2")
    page.click("#publish-anyway")
    expect(page.locator("ul.messages")).to_contain_text("Round 2 published.")

    page.goto(reverse("public:round", args=[tournament.slug, 2]))
    for number in left_out:
        expect(page.locator("table.not-paired tbody tr").filter(has_text=names[int(number)])
               .locator("td.reason")).to_have_text("Not paired")
    expect(page.locator("main")).not_to_contain_text("Absent")
    no_sideways_scroll(page, viewport=viewport)
    screenshot(page, f"draft-check-3-public-{viewport['width']}")
