"""The arbiter's day in a real browser, then the public pages as an anonymous visitor."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, enter_results, log_in, screenshot
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.browser

PLAYERS = [("Alpha, Anna", "2410"), ("Bravo, Boris", "2380"), ("Charlie, Chloe", "2350"),
           ("Delta, Dmitri", "2300"), ("Echo, Elif", "2280"), ("Foxtrot, Farid", "2250"),
           ("Golf, Greta", "2200"), ("Hotel, Hugo", "2150"), ("India, Ines", "2100"),
           ("Juliet, Jonas", "2050"), ("Kilo, Kira", "2000")]
CSV_PLAYER = ("Lima, Luca", "1950")




def test_arbiter_runs_two_rounds_and_the_public_follows(page, arbiter, live_server):
    log_in(page)

    # Create the tournament.
    page.click("text=New tournament for Lyon Chess")
    page.fill("#id_name", "Browser Open")
    page.fill("#id_place", "Lyon")
    page.fill("#id_rounds", "5")
    page.select_option("#id_initial_colour", "w")
    page.click("text=Create tournament")
    expect(page.locator("h1")).to_have_text("Browser Open")
    screenshot(page, "01-tournament-created")

    # Eleven players one by one, the twelfth from CSV.
    for name, rating in PLAYERS:
        page.fill("#add-player #id_name", name)
        page.fill("#add-player #id_rating", rating)
        page.click("#add-player button[type=submit]")
        expect(page.locator(".messages")).to_contain_text(f"{name} registered")
    page.fill("#import-players #id_text", f'name,rating,federation\n"{CSV_PLAYER[0]}",{CSV_PLAYER[1]},ITA\n')
    page.click("#import-players button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("1 player imported")
    expect(page.locator("#players tbody tr")).to_have_count(12)
    screenshot(page, "02-players")

    # Pair round 1: a draft in board order, then published.
    page.click("#pair-round")
    expect(page.locator("h1")).to_contain_text("Round 1")
    expect(page.locator("#publish")).to_be_visible()
    expect(page.locator("table.boards tbody tr")).to_have_count(6)
    first_board = page.locator("table.boards tbody tr").first
    expect(first_board).to_contain_text("Alpha, Anna")  # #1 plays white on board 1 (XXC white1)
    screenshot(page, "03-round1-draft")
    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text("Round 1 published")

    # Results by keyboard, one of them a forfeit.
    enter_results(page, ["1", "=", "0", "+", "1-0", "0-1"])
    screenshot(page, "04-round1-results")
    tournament = Tournament.objects.get(name="Browser Open")
    forfeit = Game.objects.get(round__tournament=tournament, round__number=1, board=4)
    assert forfeit.result == "+-"

    # Pair and publish round 2.
    page.click(f"text=← {tournament.name}")
    page.click("#pair-round")
    expect(page.locator("h1")).to_contain_text("Round 2")
    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text("Round 2 published")
    expect(page.locator("input.result")).to_have_count(6)
    screenshot(page, "05-round2-published")

    # The public, logged out.
    page.click("text=Log out")
    page.goto(f"/t/{tournament.slug}/round/2/")
    expect(page.locator("h2")).to_have_text("Round 2")
    expect(page.locator("table.boards tbody tr")).to_have_count(6)
    screenshot(page, "06-public-round2")

    page.goto(f"/t/{tournament.slug}/standings/")
    expect(page.locator("h2")).to_have_text("Standings after round 1")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(12)
    # Board 1: #1 won with white; the forfeit winner (white, board 4) has 1 point too.
    winner = forfeit.white.name
    expect(page.locator("table.standings")).to_contain_text(winner)
    expect(rows.first).to_contain_text("1")
    screenshot(page, "07-public-standings")

    page.goto(f"/t/{tournament.slug}/crosstable/")
    table = page.locator("table.crosstable")
    expect(table.locator("tbody tr")).to_have_count(12)
    forfeit_row = table.locator("tbody tr", has_text=winner)
    expect(forfeit_row.locator("td.c").first).to_have_text(re.compile(r"^\d+[wb]\+$"))  # whom it was against
    expect(table).to_contain_text(re.compile(r"\d+w1"))
    screenshot(page, "08-public-crosstable")

    # On a phone too.
    page.set_viewport_size(PHONE)
    page.goto(f"/t/{tournament.slug}/round/1/")
    expect(page.locator("table.boards")).to_be_visible()
    screenshot(page, "09-public-round1-phone")
