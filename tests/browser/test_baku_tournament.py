"""A Dutch 2026 tournament with the Baku acceleration and a forbidden pair, run in a real browser: after
each round the app's pairing is what the engine's command line makes of the TRF-2026 file downloaded
from the app just before."""

import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, enter_results, log_in, screenshot
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Aronian, Ada", "Bacrot, Ben", "Caruana, Cy", "Dubov, Dana", "Erigaisi, Eli", "Firouzja, Fay",
         "Giri, Gus", "Harikrishna, Hal", "Ivanchuk, Ivo", "Jobava, Jo", "Karjakin, Kai", "Leko, Lea",
         "Mamedov, Max", "Nepo, Nia", "Oparin, Oz"]
PLAYERS = [(name, 2600 - 40 * i) for i, name in enumerate(NAMES)]  # pairing numbers 1-15 in this order
# Round by round, board by board (the bye has no input).
RESULTS = [["1", "=", "0", "1", "0", "=", "1"], ["=", "1", "0", "1", "=", "0", "1"],
           ["0", "1", "=", "1", "0", "1", "="], ["1", "0", "1", "=", "=", "1", "0"]]


def engine_pairing(path: Path) -> list[tuple[int, int]]:
    """``python -m pairing.engine --dutch FILE -p``: the file alone says system, edition and Baku."""
    out = subprocess.run([sys.executable, "-m", "pairing.engine", "--dutch", str(path), "-p"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split()
    return [(int(out[i]), int(out[i + 1])) for i in range(1, len(out), 2)]


def shown_boards(page) -> list[tuple[int, int]]:
    """The draft's boards as the page shows them: white's and black's numbers (the bye as 0)."""
    boards = []
    for row in page.locator("table.boards tbody tr").all():
        white, black = (row.locator("td.player").nth(i).get_attribute("data-number") for i in (0, 1))
        boards.append((int(white), int(black) if black else 0))
    return boards




def test_baku_tournament_with_a_forbidden_pair(page, arbiter, tmp_path):
    log_in(page)

    # Create the tournament: the Dutch system in its 2026 edition (the default), with Baku.
    page.click("text=New tournament for Lyon Chess")
    expect(page.locator("#id_system")).to_have_value("dutch")
    expect(page.locator("#id_edition")).to_have_value("2026")
    page.fill("#id_name", "Baku Open")
    page.fill("#id_rounds", "4")
    page.select_option("#id_acceleration", "baku")
    page.select_option("#id_initial_colour", "w")
    # C.04.7 1.1: not with three points for a win and one for a draw.
    page.fill("#id_points_win", "3")
    page.fill("#id_points_draw", "1")
    page.click("text=Create tournament")
    expect(page.locator(".errorlist")).to_contain_text("needs a win worth two draws and a loss worth nothing "
                                                       "(C.04.7 1.1)")
    screenshot(page, "20-baku-refused")
    page.fill("#id_points_win", "1")
    page.fill("#id_points_draw", "0.5")
    page.click("text=Create tournament")
    expect(page.locator("h1")).to_have_text("Baku Open")
    expect(page.locator("#pairing-rules")).to_have_text(
        "FIDE Dutch system (C.04.3), 2026 edition, Baku acceleration (C.04.7)")
    tournament = Tournament.objects.get(name="Baku Open")
    assert (tournament.edition, tournament.acceleration) == ("2026", "baku")

    # Fifteen players from CSV; then the first and the fifth kept apart (they would meet in round 1:
    # GA is 2 x ceil(15/4) = 8 players, paired 1-5, 2-6, 3-7, 4-8 with their virtual point).
    page.fill("#import-players #id_text",
              "name,rating\n" + "".join(f'"{name}",{rating}\n' for name, rating in PLAYERS))
    page.click("#import-players button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("15 players imported")
    page.select_option("#add-forbidden-pair #id_player", label="1. Aronian, Ada")
    page.select_option("#add-forbidden-pair #id_other", label="5. Erigaisi, Eli")
    page.click("#add-forbidden-pair button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Aronian, Ada and Erigaisi, Eli will not be paired with "
                                                      "each other.")
    expect(page.locator("#forbidden-pairs tbody")).to_contain_text("1. Aronian, Ada – 5. Erigaisi, Eli")
    # The same pair again is refused.
    page.select_option("#add-forbidden-pair #id_player", label="5. Erigaisi, Eli")
    page.select_option("#add-forbidden-pair #id_other", label="1. Aronian, Ada")
    page.click("#add-forbidden-pair button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("are already kept apart (every round)")
    page.locator("#forbidden-pairs").scroll_into_view_if_needed()
    screenshot(page, "21-forbidden-pair")

    for number in range(1, 5):
        # The file as it stands before the round, downloaded like the arbiter would.
        with page.expect_download() as download:
            page.click("text=TRF-2026")
        trf = tmp_path / f"before-round-{number}.trf"
        download.value.save_as(trf)
        text = trf.read_text()
        assert "192 FIDE_DUTCH_2025_BAKU" in text and "260 001 004 0001 0005" in text
        expected = engine_pairing(trf)
        if number == 1:
            # Without its 260 line the same file pairs 1 with 5: the forbidden pair is what keeps them apart.
            free = tmp_path / "without-260.trf"
            free.write_text("".join(line for line in text.splitlines(keepends=True) if not line.startswith("260")))
            assert (1, 5) in engine_pairing(free)

        page.click("#pair-round")
        expect(page.locator("h1")).to_contain_text(f"Round {number}")
        expect(page.locator("#publish")).to_be_visible()
        assert shown_boards(page) == expected, f"round {number}"
        assert (1, 5) not in expected and (5, 1) not in expected
        if number == 1:
            screenshot(page, "22-baku-round1-draft")
        page.click("#publish")
        expect(page.locator(".messages")).to_contain_text(f"Round {number} published")
        enter_results(page, RESULTS[number - 1])
        page.click("text=← Baku Open")

    games = Game.objects.filter(round__tournament=tournament).select_related("white", "black")
    assert len(games) == 4 * 8
    assert not [g for g in games if g.black and {g.white.pairing_number, g.black.pairing_number} == {1, 5}]
    screenshot(page, "23-baku-arbiter-page")

    # On a phone: the arbiter's forbidden pairs, then the public header.
    page.set_viewport_size(PHONE)
    page.reload()
    page.locator("#forbidden-pairs").scroll_into_view_if_needed()
    screenshot(page, "24-baku-arbiter-phone")
    page.click("text=Log out")
    page.goto(f"/t/{tournament.slug}/")
    expect(page.locator("#pairing-rules")).to_have_text(
        "FIDE Dutch system (C.04.3), 2026 edition, Baku acceleration (C.04.7)")
    expect(page.locator("body")).not_to_contain_text("Forbidden")
    screenshot(page, "25-baku-public-phone")
