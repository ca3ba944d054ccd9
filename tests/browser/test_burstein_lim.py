"""A Burstein (C.04.4.2) and a Lim (C.04.4.3) tournament, 2026 editions, run in a real browser
through three rounds: the arbiter creates each in the form, imports eleven players (a PAB every
round), pairs, publishes and types every result.  Each round's boards are what the engine's
command line pairs from the TRF the arbiter downloaded just before it, the final TRF names the
system and edition in record 192 and passes the checker, and the public standings fit a phone."""

import subprocess
import sys

import pytest
from playwright.sync_api import expect

from pairing.engine.trf import parse
from tests.app.conftest import boards, engine_cli_pairing
from tests.browser.conftest import PHONE, enter_results, log_in, no_sideways_scroll, screenshot
from tournaments.models import Game, Result, Tournament

pytestmark = pytest.mark.browser

PLAYERS = [("Adams, Ada", 2512), ("Bacrot, Ben", 2467), ("Cheparinov, Cyd", 2431), ("Dreev, Dana", 2398),
           ("Erigaisi, Eli", 2356), ("Fressinet, Flo", 2311), ("Giri, Gus", 2277), ("Harika, Hedy", 2240),
           ("Iturrizaga, Ivo", 2203), ("Jobava, Jo", 2166), ("Kosteniuk, Kat", 2120)]
# Round by round, board by board: five boards and the PAB (which has no input).
RESULTS = [["1", "0", "=", "1", "0"], ["0", "=", "1", "1", "="], ["=", "1", "0", "0", "1"]]
SYSTEMS = [
    pytest.param("burstein", "Burstein system", "C.04.4.2", "FIDE_BURSTEIN_2026", ["2017", "2026"], id="burstein"),
    pytest.param("lim", "Lim system", "C.04.4.3", "FIDE_LIM_2026", ["1999", "2026"], id="lim"),
]


def download_trf(page, path) -> str:
    with page.expect_download() as download:
        page.click("text=Download TRF-16")
    download.value.save_as(path)
    return path.read_text()




@pytest.mark.parametrize(("system", "title", "article", "code", "editions"), SYSTEMS)
def test_three_rounds(page, arbiter, tmp_path, system, title, article, code, editions):
    log_in(page)

    # The form offers the system and, under its own heading, its editions.
    name = f"{title.split()[0]} Open"
    page.click("text=New tournament for Lyon Chess")
    page.fill("#id_name", name)
    page.fill("#id_rounds", "3")
    page.select_option("#id_system", system)
    group = page.locator(f'#id_edition optgroup[label="{title}"] option')
    assert [option.get_attribute("value") for option in group.all()] == editions
    edition = page.locator(f'#id_edition optgroup[label="{title}"] option[value="2026"]')
    expect(edition).to_have_text("2026 (in force from 1 February 2026)")
    page.select_option("#id_edition", element=edition.element_handle())
    page.select_option("#id_initial_colour", "w")
    page.select_option("#id_acceleration", "")
    page.click("text=Create tournament")
    expect(page.locator(".errorlist")).to_have_count(0)
    expect(page.locator("h1")).to_have_text(name)
    expect(page.locator("#pairing-rules")).to_have_text(f"{title} ({article}), 2026 edition")
    tournament = Tournament.objects.get(name=name)
    assert (tournament.system, tournament.edition) == (system, "2026")
    # The edit form shows the edition chosen under the system's own heading.
    page.click("#edit-tournament")
    expect(page.locator("#id_system")).to_have_value(system)
    assert page.eval_on_selector("#id_edition", "s => s.selectedOptions[0].parentElement.label") == title
    page.go_back()

    page.fill("#import-players #id_text",
              "name,rating\n" + "".join(f'"{player}",{rating}\n' for player, rating in PLAYERS))
    page.click("#import-players button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("11 players imported")
    expect(page.locator("#players tbody tr")).to_have_count(11)
    screenshot(page, f"40-{system}-players")

    for number in range(1, 4):
        before = download_trf(page, tmp_path / f"before-round{number}.trf")
        page.click("#pair-round")
        expect(page.locator("h1")).to_contain_text(f"Round {number}")
        expect(page.locator("#publish")).to_be_visible()
        expect(page.locator("table.boards tbody tr")).to_have_count(6)
        round_ = tournament.round_set.get(number=number)
        # The app's boards are the command line's pairing of the file downloaded just before.
        assert boards(round_) == engine_cli_pairing(before, tmp_path, system), number
        assert round_.games.filter(result=Result.BYE).count() == 1
        if number == 2:
            screenshot(page, f"41-{system}-round2-draft")
        page.click("#publish")
        expect(page.locator(".messages")).to_contain_text(f"Round {number} published")
        enter_results(page, RESULTS[number - 1])
        if number == 3:
            screenshot(page, f"42-{system}-round3-results")
        page.click(f"text=← {name}")

    assert Game.objects.filter(round__tournament=tournament, result="").count() == 0
    final = tmp_path / "final.trf"
    document = parse(download_trf(page, final))
    assert document.paired_rounds == 3 and len(document.players) == 11
    assert document.system_code == code
    assert f"192 {code}" in final.read_text().splitlines()
    check = subprocess.run([sys.executable, "-m", "pairing.engine", f"--{system}", str(final), "-c"],
                           capture_output=True, text=True)
    assert (check.returncode, check.stdout.strip()) == (0, "No discrepancies."), check.stdout + check.stderr
    page.click("text=Log out")

    # The public standings after round 3, on a phone.
    page.set_viewport_size(PHONE)
    page.goto(f"/t/{tournament.slug}/standings/")
    expect(page.locator("h2")).to_have_text("Standings after round 3")
    expect(page.locator("table.standings tbody tr")).to_have_count(11)
    no_sideways_scroll(page)
    # Rank, name and points are on the screen; the tie-breaks scroll inside the table's box.
    box = page.locator("table.standings th", has_text="Pts").bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"]
    screenshot(page, f"43-{system}-standings-phone")
    page.goto(f"/t/{tournament.slug}/round/3/")
    expect(page.locator("table.boards tbody tr")).to_have_count(6)
    no_sideways_scroll(page)
    screenshot(page, f"44-{system}-round3-phone")
