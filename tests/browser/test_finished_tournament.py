"""A finished tournament in a real browser: standings with tie-breaks, how a value is made, the
crosstable, and the arbiter's TRF download."""

import random

import pytest
from playwright.sync_api import expect

from pairing.engine.trf import parse
from tests.app.conftest import pair, play
from tests.browser.conftest import log_in, screenshot
from tournaments.models import Player
from tournaments.services.players import register_player
from tournaments.services.setup import create_tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def finished(arbiter):
    club = arbiter.memberships.get().club
    tournament = create_tournament(club, name="Finished Open", rounds=4, initial_colour="w",
                                            tiebreaks="BH/C1,BH,SB,WIN")
    for i in range(9):
        register_player(tournament, Player(name=f"Player, {chr(65 + i)}", rating=2300 - 25 * i))
    rng = random.Random(4)
    for _ in range(4):
        round_ = pair(tournament)
        play(round_, rng)
    return tournament


def test_final_standings_crosstable_and_trf(page, finished, tmp_path):
    slug = finished.slug
    page.goto(f"/t/{slug}/standings/")
    expect(page.locator("h2")).to_have_text("Standings after round 4")
    header = page.locator("table.standings thead")
    for code in ("BH/C1", "BH", "SB", "WIN"):
        expect(header).to_contain_text(code)
    expect(page.locator("table.standings tbody tr")).to_have_count(9)
    screenshot(page, "10-final-standings")

    # The leader's BH/C1: the explanation lists the rounds and adds up to the value shown.
    value = page.locator("table.standings tbody tr").first.locator("td").nth(5)
    shown = value.inner_text()
    value.locator("a").click()
    expect(page.locator("h1")).to_contain_text("BH/C1 after round 4")
    expect(page.locator("tbody tr")).to_have_count(4)
    expect(page.locator("tfoot")).to_contain_text(shown)
    screenshot(page, "11-tiebreak-explained")

    page.goto(f"/t/{slug}/crosstable/")
    table = page.locator("table.crosstable")
    expect(table.locator("thead")).to_contain_text("R4")
    expect(table.locator("thead")).to_contain_text("SB")
    expect(table.locator("tbody tr")).to_have_count(9)
    screenshot(page, "12-final-crosstable")

    # The arbiter downloads the TRF: it reads back with all four rounds and the final ranks.
    log_in(page)
    page.goto(f"/manage/t/{slug}/")
    with page.expect_download() as download:
        page.click("text=Download TRF-16")
    path = tmp_path / "export.trf"
    download.value.save_as(path)
    document = parse(path.read_text())
    assert document.paired_rounds == 4 and len(document.players) == 9
    assert sorted(record.rank for record in document.players.values())[0] == 1
