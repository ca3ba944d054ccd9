"""The public pages on a phone and a desktop: no page scrolls sideways, each shows what a player
looks for (his board, his points, his rank), the current tab is marked, a player finds his board by
typing part of his name, and the pages print without the navigation."""

import datetime
import random
import re

import pytest
from playwright.sync_api import expect

from tests.app.conftest import pair
from tests.browser.conftest import PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Player, Result, Tournament
from tournaments.services.players import register_player, set_absence, withdraw_player
from tournaments.services.results import enter_result
from tournaments.services.setup import create_tournament

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
NAMES = ["Adams, Ann", "Bauer, Ben", "Černý, Čeněk", "Dvořák, Dana", "Ek, Erik", "Fabre, Flo",
         "Gómez, Gil", "Horváth, Hana", "Ivanova, Ira", "Jensen, Jan", "Kowalski, Kai", "Lindqvist, Lena",
         "Montgomery-Smythe, Maximilian"]


@pytest.fixture
def event(arbiter):
    """Thirteen players, seven rounds with long tie-break list; round 2 has a half-point bye, a
    zero-point bye and a withdrawal; round 1 a forfeit; round 3 is published without results."""
    club = arbiter.memberships.get().club
    tournament = create_tournament(club, name="Autumn Open of the Lyon Chess Club", rounds=7,
                                            initial_colour="w", place="Lyon",
                                            tiebreaks="DE,BH/C1,BH,SB,PS,WIN,ARO", listing="")
    players = [register_player(tournament, Player(name=name, rating=2350 - 41 * i, federation="FRA"))
               for i, name in enumerate(NAMES)]
    rng = random.Random(7)
    for number in range(1, 4):
        if number == 2:
            set_absence(players[3], 2, "H")
            set_absence(players[5], 2, "Z")
            withdraw_player(players[8], 2)
        round_ = pair(tournament)
        if number < 3:
            for index, game in enumerate(round_.games.exclude(result=Result.BYE)):
                outcome = Result.WHITE_FORFEIT_WIN if (number, index) == (1, 0) else \
                    rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
                enter_result(game, outcome)
    return tournament


def on_screen(page, locator) -> None:
    """Visible and inside the screen's width (not cut off, not behind a sideways scroll)."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.evaluate("window.innerWidth") + 0.5, box


def tab(page, name: str):
    return page.locator("nav.tabs a", has_text=name)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_public_page_fits_and_shows_what_a_player_looks_for(page, event, size):
    slug, label = event.slug, size["width"]
    page.set_viewport_size(size)
    Tournament.objects.create(club=event.club, name="Hidden test tournament", slug="hidden-test", rounds=5,
                              listing=Tournament.Listing.HIDDEN)

    page.goto("/")
    no_sideways_scroll(page, viewport=size)
    ongoing = page.locator("#ongoing")
    on_screen(page, ongoing.get_by_role("link", name=event.name))
    expect(ongoing).to_contain_text("Rounds 3/7")
    expect(ongoing).to_contain_text("13 players")
    expect(page.locator("main")).not_to_contain_text("Hidden test tournament")
    screenshot(page, f"public-{label}-home")

    page.goto(f"/t/{slug}/")
    no_sideways_scroll(page, viewport=size)
    expect(tab(page, "Overview")).to_have_attribute("aria-current", "page")
    on_screen(page, page.locator("#board-q"))
    on_screen(page, page.get_by_role("link", name="Ivanova, Ira"))
    screenshot(page, f"public-{label}-tournament")

    page.goto(f"/t/{slug}/round/2/")
    no_sideways_scroll(page, viewport=size)
    expect(tab(page, "Round 2")).to_have_attribute("aria-current", "page")
    expect(tab(page, "Round 1")).not_to_have_attribute("aria-current", "page")
    first = page.locator("table.board-list tbody tr").first
    on_screen(page, first.locator("td.player").nth(1))  # black's cell: the right edge of the list
    expect(first.locator("td.player").first).to_contain_text(re.compile(r"#\d+ · \d{4} · \S+ pts?\b"))
    not_paired = page.locator("table.not-paired tbody")
    expect(not_paired.locator("tr", has_text="Dvořák, Dana")).to_contain_text("Half-point bye")
    expect(not_paired.locator("tr", has_text="Fabre, Flo")).to_contain_text("Zero-point bye")
    expect(not_paired.locator("tr", has_text="Ivanova, Ira")).to_contain_text("Withdrawn")
    on_screen(page, not_paired.locator("tr", has_text="Ivanova, Ira").locator("td").last)
    screenshot(page, f"public-{label}-round2")

    page.goto(f"/t/{slug}/round/1/")
    no_sideways_scroll(page, viewport=size)
    expect(page.locator("table.board-list tr.pab")).to_contain_text("Pairing-allocated bye")
    screenshot(page, f"public-{label}-round1")

    page.goto(f"/t/{slug}/standings/")
    no_sideways_scroll(page, viewport=size)
    expect(tab(page, "Standings")).to_have_attribute("aria-current", "page")
    leader = page.locator("table.standings tbody tr").first
    on_screen(page, leader.locator("td.pts"))  # the points are never cut off
    on_screen(page, leader.locator("td.name"))
    screenshot(page, f"public-{label}-standings")

    page.goto(f"/t/{slug}/crosstable/")
    no_sideways_scroll(page, viewport=size)
    expect(tab(page, "Crosstable")).to_have_attribute("aria-current", "page")
    on_screen(page, page.locator("table.crosstable tbody tr").first.locator("td.name"))
    expect(page.locator("table.crosstable")).to_contain_text(re.compile(r"\d+w\+"))  # the forfeit names its opponent
    screenshot(page, f"public-{label}-crosstable")

    page.goto(f"/t/{slug}/player/4/")
    no_sideways_scroll(page, viewport=size)
    for item in ("#player-points", "#player-rank", "#player-performance", "#player-rating-change"):
        on_screen(page, page.locator(item))
    rounds = page.locator("table.player-rounds tbody tr")
    expect(rounds).to_have_count(3)
    expect(rounds.nth(1)).to_contain_text("Half-point bye")
    screenshot(page, f"public-{label}-player")

    page.goto(f"/t/{slug}/player/9/")  # withdrawn from round 2: his rounds are all there
    expect(page.locator("table.player-rounds tbody tr").nth(1)).to_contain_text("Withdrawn")

    page.goto(f"/t/{slug}/player/1/tiebreak/?code=BH&after=2")
    no_sideways_scroll(page, viewport=size)
    expect(page.locator("table.tiebreak-detail tbody tr")).to_have_count(2)
    on_screen(page, page.locator("table.tiebreak-detail tfoot th").last)
    screenshot(page, f"public-{label}-tiebreak")

    # Tap targets: the tabs and the search button are at least 44 px high.
    page.goto(f"/t/{slug}/round/3/")
    for locator in (tab(page, "Standings"), page.locator("#board-search button")):
        assert locator.bounding_box()["height"] >= 44


def test_a_player_finds_his_board_by_part_of_his_name(page, event):
    page.set_viewport_size(PHONE)
    page.goto(f"/t/{event.slug}/")
    # From the tournament page, without JS: the form takes him to the round's boards.
    page.fill("#board-q", "kowal")
    page.click("#board-search button")
    expect(page).to_have_url(re.compile(r"/round/3/\?q=kowal$"))
    expect(page.locator("table.board-list tbody tr")).to_have_count(1)
    expect(page.locator("table.board-list")).to_contain_text("Kowalski, Kai")
    screenshot(page, "public-390-my-board")

    # On the round page, typing filters the list as he types (htmx), accents aside.
    page.goto(f"/t/{event.slug}/round/3/")
    expect(page.locator("table.board-list tbody tr")).to_have_count(6)  # twelve players: Ira withdrew
    page.locator("#board-q").press_sequentially("cerny", delay=30)
    expect(page.locator("#board-search-summary")).to_contain_text("1 board found")
    expect(page.locator("table.board-list")).to_contain_text("Černý, Čeněk")
    expect(page).to_have_url(re.compile(r"q=cerny"))
    no_sideways_scroll(page)

    # A withdrawn player finds why he has no board.
    page.goto(f"/t/{event.slug}/round/3/?q=Ivanova")
    expect(page.locator("table.not-paired")).to_contain_text("Withdrawn")
    expect(page.locator("table.board-list")).to_have_count(0)


@pytest.mark.parametrize("path", ["/", "", "round/2/", "standings/", "crosstable/", "player/4/",
                                  "player/1/tiebreak/?code=BH&after=2"])
def test_pages_print_without_the_navigation(page, event, path):
    page.emulate_media(media="print")
    page.goto(path if path.startswith("/") else f"/t/{event.slug}/{path}")
    expect(page.locator("header.site")).to_be_hidden()
    expect(page.locator("nav.tabs")).to_have_count(0 if path == "/" else 1)
    if path != "/":
        expect(page.locator("nav.tabs")).to_be_hidden()
    for form in page.locator("form.search").all():
        expect(form).to_be_hidden()
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("main table, main ul.cards").first).to_be_visible()
    name = path.split("?")[0].strip("/").replace("/", "-") or ("home" if path == "/" else "tournament")
    screenshot(page, f"public-print-{name}")


def test_an_arbiter_hides_a_test_tournament_and_archives_an_old_one(page, event):
    """On a phone: the home page with long names and dates fits; the arbiter's control takes a
    tournament off the home page or into the finished ones."""
    page.set_viewport_size(PHONE)
    club = event.club
    test = create_tournament(club, name="Test tournament (please ignore) with a very long name indeed",
                                      rounds=5, place="Villeurbanne-sur-Rhône", start_date=datetime.date(2026, 12, 5),
                                      end_date=datetime.date(2026, 12, 7), listing="")
    old = create_tournament(club, name="Old Open", rounds=5, place="Lyon",
                                     start_date=datetime.date(2025, 3, 1), listing="")
    page.goto("/")
    no_sideways_scroll(page)
    expect(page.locator("#upcoming")).to_contain_text(test.name)
    expect(page.locator("#upcoming")).to_contain_text("Old Open")
    screenshot(page, "public-390-home-before")

    log_in(page)
    page.goto(test.get_manage_url())
    no_sideways_scroll(page)
    page.select_option("#id_listing", "hidden")
    page.click("#listing button")
    expect(page.locator("ul.messages")).to_contain_text("Hidden from the home page")
    screenshot(page, "public-390-listing-control")
    page.goto(old.get_manage_url())
    page.select_option("#id_listing", "archived")
    page.click("#listing button")
    page.click("text=Log out")

    page.goto("/")
    no_sideways_scroll(page)
    expect(page.locator("main")).not_to_contain_text(test.name)
    expect(page.locator("#finished")).to_contain_text("Old Open")
    expect(page.locator("#finished")).to_contain_text("archived")
    # The search by city.
    page.fill("#home-search", "lyon")
    page.click("form.search button")
    expect(page.locator("li.tournament-card")).to_have_count(2)  # the Autumn Open and the Old Open
    screenshot(page, "public-390-home-search")
    # The hidden tournament's own page stays open.
    page.goto(test.get_absolute_url())
    expect(page.locator("h1")).to_have_text(test.name)


def test_names_are_tap_targets_of_44_px_on_a_phone(page, event):
    page.set_viewport_size(PHONE)
    for path, names in (("round/2/", "table.board-list a.name"), ("standings/", "table.standings td.name a"),
                        ("crosstable/", "table.crosstable td.name a"), ("", "table.players a.name")):
        page.goto(f"/t/{event.slug}/{path}")
        for link in page.locator(names).all()[:4]:
            assert link.bounding_box()["height"] >= 44, (path, link.inner_text())
        no_sideways_scroll(page)


PAGES = {"home": "/", "tournament": "", "round": "round/2/", "standings": "standings/", "crosstable": "crosstable/",
         "player": "player/4/", "tiebreak": "player/1/tiebreak/?code=BH&after=2"}


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_every_public_page_on_a_phone_in_three_languages(page, event, language):
    """English, Italian and German (the longest words) at 390 px: no sideways scroll, the site's
    header one row whose language list opens within the screen, the board list's names on one line."""
    page.set_viewport_size(PHONE)
    page.context.set_extra_http_headers({"Accept-Language": language})
    for name, path in PAGES.items():
        page.goto(path if path.startswith("/") else f"/t/{event.slug}/{path}")
        expect(page.locator("html")).to_have_attribute("lang", language)
        no_sideways_scroll(page)
        assert page.locator("header.site").bounding_box()["height"] <= 50  # one row
        screenshot(page, f"public-390-{language}-{name}")
    page.goto(f"/t/{event.slug}/round/2/")
    line = page.locator("table.board-list .who").first.bounding_box()["height"]
    for who in page.locator("table.board-list .who").all():
        if who.inner_text() != "Montgomery-Smythe, Maximilian":  # wider than any phone's column
            assert who.bounding_box()["height"] <= line, who.inner_text()
    page.locator("#languages summary").click()
    for button in page.locator("#languages button").all():
        on_screen(page, button)
    screenshot(page, f"public-390-{language}-languages")


def test_rank_name_and_points_stay_in_view_as_a_wide_table_scrolls_on_a_phone(page, event):
    """The standings keep the rank, the name and the points pinned while the tie-breaks scroll;
    the crosstable keeps the row's number and the name at the left and the points at the right
    edge, while the rounds scroll under them."""
    page.set_viewport_size(PHONE)
    for path in ("standings/", "crosstable/"):
        page.goto(f"/t/{event.slug}/{path}")
        box = page.locator("div.scroll").first
        box.evaluate("box => box.scrollLeft = box.scrollWidth")
        page.wait_for_timeout(100)
        assert box.evaluate("box => box.scrollLeft") > 0, path  # the table is wider than the phone
        row = page.locator("tbody tr").first
        for cell in ("td.rk", "td.name", "td.pts"):
            rect = row.locator(cell).bounding_box()
            assert rect["x"] >= 0 and rect["x"] + rect["width"] <= PHONE["width"], (path, cell, rect)
            # in view and on top: the point at its middle belongs to it, no other cell covers it
            on_top = row.locator(cell).evaluate("""cell => { const r = cell.getBoundingClientRect();
                return cell.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }""")
            assert on_top, (path, cell)
        screenshot(page, f"pinned-{path.strip('/')}-390")
