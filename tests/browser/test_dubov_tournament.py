"""A Dubov tournament (C.04.4.1, 2026) run in a real browser: the arbiter creates it, pairs and
publishes three rounds, sees how each bracket was formed; then, on a phone, the public standings and
board list show every player's ARO (Art. 1.7) as computed here from the games."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, enter_results, log_in, no_sideways_scroll, screenshot
from tournaments.models import Game, Player, Tournament

pytestmark = pytest.mark.browser

PLAYERS = [("Anand, Ava", 2601), ("Bologan, Bo", 2555), ("Carlsen, Cal", 2520), ("Ding, Dee", 2480),
           ("Eljanov, Eve", 2433), ("Fedoseev, Fin", 2390), ("Grischuk, Gil", 2344), ("Hou, Hana", 2299),
           ("Ivic, Ian", 2250)]
SCORES = {0: "0", 5: "½", 10: "1", 15: "1½", 20: "2"}  # tenths as the page writes them
# Round by round, board by board (the bye has no input).
RESULTS = [["1", "0", "=", "1"], ["=", "1", "0", "1"], ["0", "=", "1", "1"]]




def expected_aros(tournament) -> dict[int, int]:
    """Art. 1.7 by hand from the games in the database: played games only, half up, 0 without."""
    ratings: dict[int, list[int]] = {p.pairing_number: [] for p in tournament.players.all()}
    for game in Game.objects.filter(round__tournament=tournament, black__isnull=False,
                                    result__in=["1-0", "½-½", "0-1"]).select_related("white", "black"):
        ratings[game.white.pairing_number].append(game.black.rating)
        ratings[game.black.pairing_number].append(game.white.rating)
    return {n: int(sum(r) / len(r) + 0.5) if r else 0 for n, r in ratings.items()}


def test_dubov_tournament(page, arbiter):
    log_in(page)

    page.click("text=New tournament for Lyon Chess")
    page.fill("#id_name", "Dubov Open")
    page.fill("#id_rounds", "3")
    page.select_option("#id_system", "dubov")
    page.select_option("#id_edition", label="2018 (approved Batumi 2018, in force until 31 January 2026)")
    page.select_option("#id_initial_colour", "w")
    # The 2018 Dubov rules provide for no acceleration; the 2026 edition has C.04.7's.
    page.select_option("#id_acceleration", "baku")
    page.click("text=Create tournament")
    expect(page.locator(".errorlist")).to_contain_text(
        "The 2018 edition of the Dubov system provides for no acceleration: choose none, or the edition that "
        "has the Baku method (2026: C.04.7).")
    page.select_option("#id_edition", label="2026 (in force from 1 February 2026)")
    page.select_option("#id_acceleration", "")
    page.click("text=Create tournament")
    expect(page.locator("h1")).to_have_text("Dubov Open")
    expect(page.locator("#pairing-rules")).to_have_text("Dubov system (C.04.4.1), 2026 edition")
    tournament = Tournament.objects.get(name="Dubov Open")
    assert (tournament.system, tournament.edition) == ("dubov", "2026")

    page.fill("#import-players #id_text",
              "name,rating\n" + "".join(f'"{name}",{rating}\n' for name, rating in PLAYERS))
    page.click("#import-players button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("9 players imported")

    for number in range(1, 4):
        page.click("#pair-round")
        expect(page.locator("h1")).to_contain_text(f"Round {number}")
        expect(page.locator("#publish")).to_be_visible()
        # The draft shows how each bracket was formed; its players are the round's boards (bye aside).
        brackets = page.locator("#brackets section.bracket")
        expect(brackets.first).to_be_visible()
        stored = tournament.round_set.get(number=number).brackets
        expect(brackets).to_have_count(len(stored))
        headings = [re.sub(r"\s+", " ", h) for h in brackets.locator("h3").all_inner_texts()]
        assert headings == [f"Bracket {i}: score {SCORES[b['score']]}" for i, b in enumerate(stored, start=1)]
        if number == 1:
            expect(page.locator("#brackets")).to_contain_text("first half by TPN")
        if number == 2:
            expect(page.locator("#brackets")).to_contain_text("G1: the players who prefer White")
            expect(page.locator("#brackets")).to_contain_text("S1 (by ARO, then TPN)")
            page.locator("#brackets").scroll_into_view_if_needed()
            screenshot(page, "30-dubov-round2-brackets")
        page.click("#publish")
        expect(page.locator(".messages")).to_contain_text(f"Round {number} published")
        enter_results(page, RESULTS[number - 1])
        if number == 3:
            # Still there once published, folded under the results.
            expect(page.locator("#brackets summary")).to_contain_text("How the brackets were paired")
        page.click("text=← Dubov Open")

    # The arbiter's round page on a phone: the brackets unfolded fit it.
    page.set_viewport_size(PHONE)
    page.goto(f"/manage/t/{tournament.slug}/round/2/")
    page.click("#brackets summary")
    expect(page.locator("#brackets section.bracket").first).to_be_visible()
    no_sideways_scroll(page)
    page.locator("#brackets").scroll_into_view_if_needed()
    screenshot(page, "33-dubov-brackets-phone")
    page.click("text=Log out")

    expected = expected_aros(tournament)
    assert len(set(expected.values())) > 3  # the players met different opponents
    names = {p.pairing_number: p.name for p in Player.objects.filter(tournament=tournament)}

    page.goto(f"/t/{tournament.slug}/standings/")
    expect(page.locator("h2")).to_have_text("Standings after round 3")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(9)
    shown = {int(row.locator("td").nth(1).inner_text()): int(row.locator("td.aro").inner_text())
             for row in rows.all()}
    assert shown == expected
    expect(page.locator("#aro-note")).to_contain_text("C.04.4.1 Art. 1.7")
    no_sideways_scroll(page)
    # The ARO column is on the screen without scrolling the table.
    box = page.locator("table.standings th", has_text="ARO").bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"]
    screenshot(page, "31-dubov-standings-phone")

    # The board list of round 3: each player's ARO before the round (what the pairing read).
    page.goto(f"/t/{tournament.slug}/round/3/")
    games = Game.objects.filter(round__tournament=tournament, round__number__lte=2, black__isnull=False)
    before: dict[int, list[int]] = {n: [] for n in names}
    for game in games.select_related("white", "black"):
        before[game.white.pairing_number].append(game.black.rating)
        before[game.black.pairing_number].append(game.white.rating)
    checked = 0
    for cell in page.locator("table.boards tbody td:has(small.aro)").all():
        name, aro = cell.locator("a.name .who").inner_text(), cell.locator("small.aro").inner_text()
        number = next(n for n, full in names.items() if full == name.strip())
        ratings = before[number]
        assert aro == f"ARO {int(sum(ratings) / len(ratings) + 0.5)}", name
        checked += 1
    assert checked == 9  # eight players on the boards and the bye's
    no_sideways_scroll(page)
    screenshot(page, "32-dubov-round3-phone")
