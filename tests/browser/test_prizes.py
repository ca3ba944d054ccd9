"""Prizes in a real browser: the arbiter enters a prize table on a desktop (a category at once, a
rating band, the rules); the final prize list on a 390 px phone (the working expanded), printed by
Chromium and downloaded as a PDF whose text is checked."""

import io
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.app.conftest import pair, play
from tests.browser.conftest import ARTIFACTS, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Player
from tournaments.queries.standings import crosstable
from tournaments.services.players import register_player
from tournaments.services.setup import create_tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def finished(arbiter):
    """Ten players, three rounds, all played; two women, ratings from 2300 down."""
    club = arbiter.memberships.get().club
    tournament = create_tournament(club, name="Prize Open", rounds=3, initial_colour="w", place="Lyon")
    names = ["Adams, Ann", "Bauer, Ben", "Černý, Čeněk", "Dvořák, Dana", "Ek, Erik", "Fabre, Flo",
             "Gómez, Gil", "Horváth, Hana", "Ivanova, Ira", "Jensen, Jan"]
    for i, name in enumerate(names):
        register_player(tournament, Player(name=name, rating=2300 - 70 * i, sex="w" if name[0] in "DH" else "m"))
    rng = random.Random(11)
    for _ in range(3):
        play(pair(tournament), rng)
    return tournament


def test_the_arbiter_enters_the_prizes_and_the_phone_shows_the_final_list(page, finished):
    log_in(page)
    page.goto(f"/manage/t/{finished.slug}/")
    page.get_by_role("link", name="Prizes", exact=True).click()
    expect(page.locator("h1")).to_have_text("Prizes")
    form = page.locator("#add-prizes")
    form.get_by_label("Category").select_option("overall")
    form.get_by_label("Prizes, one per place").fill("500\n300\n150\nTrophy")
    form.get_by_role("button", name="Add prizes").click()
    expect(page.locator("ul.messages")).to_contain_text("4 prizes added.")
    form.get_by_label("Category").select_option("rating")
    form.get_by_label("Highest rating").fill("1900")
    form.get_by_label("Prizes, one per place").fill("80\n40")
    form.get_by_role("button", name="Add prizes").click()
    expect(page.locator("ul.messages")).to_contain_text("2 prizes added.")
    form.get_by_label("Category").select_option("women")
    form.get_by_label("Prizes, one per place").fill("0")  # refused: nothing added, the message says why
    form.get_by_role("button", name="Add prizes").click()
    expect(page.locator("ul.messages")).to_contain_text("A prize of nothing is no prize")
    form.get_by_label("Prizes, one per place").fill("100")
    form.get_by_role("button", name="Add prizes").click()
    rules = page.locator("#prize-rules")
    rules.get_by_label("Tied players").select_option("split")
    rules.get_by_role("button", name="Save prize rules").click()
    expect(page.locator("ul.messages")).to_contain_text("Prize rules saved.")
    expect(page.locator(".prize-table-category")).to_have_count(3)
    expect(page.locator("#prize-table")).to_contain_text("Prize fund: 1,170.00 EUR.")
    screenshot(page, "prizes-arbiter-desktop")
    page.set_viewport_size(PHONE)  # the same page on the arbiter's phone
    no_sideways_scroll(page, "the arbiter's prize table on a phone")
    screenshot(page, "prizes-arbiter-phone")

    # The final list on a phone, as anybody reads it.
    page.context.clear_cookies()
    page.set_viewport_size(PHONE)
    page.goto(f"/t/{finished.slug}/")
    page.get_by_role("link", name="Prizes", exact=True).click()
    expect(page.locator("h2").first).to_have_text("Prize list")
    leader = crosstable(finished)[0].player
    expect(page.locator("table.prizes")).to_contain_text(leader.name)
    expect(page.locator("p.fund")).to_contain_text("Prize fund: 1,170.00 EUR")
    page.get_by_text("The working: who was eligible, the ties, the shares").click()
    expect(page.locator("section.working-step").first).to_be_visible()
    no_sideways_scroll(page, "prize list on a phone")
    screenshot(page, "prizes-phone")

    # Printed by Chromium: no navigation, the list on A4.
    page.emulate_media(media="print")
    printed = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
    text = "\n".join(p.extract_text() for p in printed.pages)
    assert "Prize list" in text and leader.name in text and "Overview" not in text
    screenshot(page, "prizes-print")
    page.emulate_media(media="screen")

    # The PDF printout, with the working.
    with page.expect_download() as info:
        page.get_by_role("link", name="Prize list (PDF)").click()
    content = Path(info.value.path()).read_bytes()
    (ARTIFACTS / "printout-prizes.pdf").write_bytes(content)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)
    assert content.startswith(b"%PDF-") and "Prize list" in text and leader.name in text
    assert "The working" in text and "Prize fund: 1,170.00 EUR" in text
