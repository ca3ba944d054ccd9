"""A 12-player Double-Swiss tournament (C.04.5) in a real browser: the arbiter creates it, pairs and
publishes two matches, types both games of each match (game 2 with the colours reversed, as on its
score sheet) and sees the match scores; the public board list, crosstable and standings on a
390 px phone show the matches, both results and the game points."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, enter_results, log_in, no_sideways_scroll, screenshot
from tournaments.models import Tournament
from tournaments.queries.standings import crosstable

pytestmark = pytest.mark.browser

PLAYERS = [("Anand, Ava", 2601), ("Bologan, Bo", 2555), ("Carlsen, Cal", 2520), ("Ding, Dee", 2480),
           ("Eljanov, Eve", 2433), ("Fedoseev, Fin", 2390), ("Grischuk, Gil", 2344), ("Hou, Hana", 2299),
           ("Ivic, Ian", 2250), ("Jobava, Jo", 2201), ("Karjakin, Kai", 2150), ("Lenier, Lu", 2100)]
# Per match, board by board: game 1 then game 2, each White first as on its score sheet.
RESULTS = [["1", "0", "=", "1", "0", "=", "1", "1", "=", "=", "0", "0"],
           ["1", "=", "0", "0", "=", "1", "1", "0", "0", "1", "=", "="]]
# The match score of each board of match 1, the board's first-named player (White in game 1) first:
# game 2's White is the board's second-named player (C.04.5 4.4).
MATCH_SCORES = ["2–0", "½–1½", "½–1½", "1–1", "1–1", "1–1"]


def test_double_swiss_tournament(page, arbiter):
    log_in(page)
    page.click("text=New tournament for Lyon Chess")
    page.fill("#id_name", "Double Open")
    page.fill("#id_rounds", "2")
    page.select_option("#id_system", "double-swiss")
    page.select_option("#id_initial_colour", "w")
    page.click("text=Create tournament")
    expect(page.locator("h1")).to_have_text("Double Open")
    expect(page.locator("#pairing-rules")).to_contain_text("Double-Swiss system (C.04.5), 2026 edition")
    tournament = Tournament.objects.get(name="Double Open")
    assert (tournament.system, tournament.edition) == ("double-swiss", "2026")

    page.fill("#import-players #id_text",
              "name,rating\n" + "".join(f'"{name}",{rating}\n' for name, rating in PLAYERS))
    page.click("#import-players button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("12 players imported")

    for number in (1, 2):
        page.click("#pair-round")
        expect(page.locator("h1")).to_contain_text(f"Round {number}")
        expect(page.locator("#publish")).to_be_visible()
        if number == 2:
            screenshot(page, "59-double-swiss-draft")  # the colours of both games of match 1: wb or bw
        page.click("#publish")
        expect(page.locator(".messages")).to_contain_text(f"Round {number} published")
        expect(page.locator("#double-swiss-note")).to_contain_text("C.04.5")
        expect(page.locator("#results-count")).to_contain_text("0 of 12 results in")
        enter_results(page, RESULTS[number - 1])  # two inputs a board: 12 games of 6 matches
        expect(page.locator("#results-count")).to_contain_text("12 of 12 results in")
        if number == 1:
            expect(page.locator(".match-score")).to_have_text(MATCH_SCORES)
            screenshot(page, "60-double-swiss-results")
            page.set_viewport_size(PHONE)
            no_sideways_scroll(page, "the arbiter's results of a match")
            screenshot(page, "61-double-swiss-results-phone")
            page.set_viewport_size({"width": 1200, "height": 900})
        page.click("text=← Double Open")
    # the results as stored: game 2 in its own colours
    first = tournament.round_set.get(number=1).games.order_by("board")
    assert [(g.result, g.result2) for g in first] == [
        ("1-0", "0-1"), ("½-½", "1-0"), ("0-1", "½-½"), ("1-0", "1-0"), ("½-½", "½-½"), ("0-1", "0-1")]
    page.click("text=Log out")

    page.set_viewport_size(PHONE)
    page.goto(f"/t/{tournament.slug}/round/1/")
    matches = page.locator("table.match-list tbody.match")
    expect(matches).to_have_count(6)
    expect(page.locator("table.match-list .match-score")).to_have_text(MATCH_SCORES)
    board = matches.first
    names = board.locator(".who").all_inner_texts()
    assert names[0] == names[3] and names[1] == names[2]  # game 2: the colours reversed
    expect(board.locator("td.result")).to_have_text(["1-0", "0-1"])
    no_sideways_scroll(page, "the public matches")
    screenshot(page, "62-double-swiss-round-phone")

    table = crosstable(tournament)
    page.goto(f"/t/{tournament.slug}/standings/")
    expect(page.locator("h2")).to_have_text("Standings after round 2")
    expect(page.locator("table.standings tbody tr")).to_have_count(12)
    from tournaments.fronts.templatetags.chess import points
    expect(page.locator("table.standings td.pts")).to_have_text([points(row.points) for row in table])
    assert sum(row.points for row in table) == 2 * 6 * 20  # two matches, six boards, two games each
    no_sideways_scroll(page, "the standings")
    screenshot(page, "63-double-swiss-standings-phone")

    page.goto(f"/t/{tournament.slug}/crosstable/")
    expect(page.locator("table thead th.c")).to_have_text(["R1.1", "R1.2", "R2.1", "R2.2"])
    no_sideways_scroll(page, "the crosstable")
    screenshot(page, "64-double-swiss-crosstable-phone")

    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(f"/t/{tournament.slug}/round/1/")
    expect(page.locator("table.match-list .match-score")).to_have_text(MATCH_SCORES)
    screenshot(page, "66-double-swiss-round-desktop")

    page.emulate_media(media="print")
    page.goto(f"/t/{tournament.slug}/round/2/")
    expect(page.locator("table.match-list tbody.match")).to_have_count(6)
    screenshot(page, "65-double-swiss-round-print")
