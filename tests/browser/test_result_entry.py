"""Typed results are never lost: a save that fails shows in its row and can be retried, and fast
typing on the embedded SQLite default, served by several processes and threads, stores every result."""

import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.app.conftest import pair
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tests.sqlite_site import sqlite_env
from tournaments.models import Game, Player
from tournaments.services.players import register_player
from tournaments.services.setup import create_tournament

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def round1(arbiter):
    club = arbiter.memberships.get().club
    tournament = create_tournament(club, name="Retry Open", rounds=5, initial_colour="w")
    for i in range(8):
        register_player(tournament, Player(name=f"Player, {chr(65 + i)}", rating=2300 - 25 * i))
    round_ = pair(tournament)
    return round_


def stored(game: Game) -> str:
    game.refresh_from_db()
    return game.result


def test_a_failed_save_shows_in_its_row_and_a_retry_stores_it(page, round1):
    games = list(round1.games.order_by("board"))
    log_in(page)
    page.goto(f"/manage/t/{round1.tournament.slug}/round/1/")
    rows = page.locator("tr.result-row")
    expect(rows).to_have_count(4)

    # Board 1: the connection is lost while saving.
    page.route("**/games/*/result/", lambda route: route.abort("connectionreset"))
    rows.nth(0).locator("input.result").fill("1")
    rows.nth(0).locator("input.result").press("Enter")
    expect(rows.nth(0)).to_have_class("result-row unsaved")
    expect(rows.nth(0).get_by_role("alert")).to_contain_text("Not saved: connection lost")
    expect(rows.nth(0).locator("input.result")).to_have_value("1")  # what was typed stays

    # Board 2: the server fails.
    page.unroute("**/games/*/result/")
    page.route("**/games/*/result/", lambda route: route.fulfill(status=500, body="Server Error"))
    rows.nth(1).locator("input.result").fill("=")
    rows.nth(1).locator("input.result").press("Enter")
    expect(rows.nth(1).get_by_role("alert")).to_contain_text("Not saved: the server answered 500")
    page.set_viewport_size(PHONE)
    screenshot(page, "20-results-not-saved-phone")
    assert stored(games[0]) == "" and stored(games[1]) == ""

    # The server is back: Retry stores each one and the row shows it saved.
    page.unroute("**/games/*/result/")
    for index, result in ((0, "1-0"), (1, "½-½")):
        rows.nth(index).get_by_role("button", name="Retry").click()
        expect(rows.nth(index)).to_have_class("result-row saved")
        expect(rows.nth(index).locator("input.result")).to_have_value(result)
        expect(rows.nth(index).get_by_role("alert")).to_have_count(0)
        assert stored(games[index]) == result

    # Board 3: a refused result shows the server's reason; typing a result saves it.
    field = rows.nth(2).locator("input.result")
    field.fill("2-0")
    field.press("Enter")
    expect(rows.nth(2)).to_have_class("result-row unsaved")
    expect(rows.nth(2).get_by_role("alert")).to_contain_text("“2-0” is not a result")
    expect(field).to_have_value("2-0")
    screenshot(page, "21-result-refused-phone")
    assert stored(games[2]) == ""
    field.fill("0")
    field.press("Enter")
    expect(rows.nth(2)).to_have_class("result-row saved")
    assert stored(games[2]) == "0-1"

    page.reload()
    expect(page.locator("input.result").nth(0)).to_have_value("1-0")
    expect(page.locator("input.result").nth(1)).to_have_value("½-½")
    expect(page.locator("input.result").nth(2)).to_have_value("0-1")


# ---- 100 results typed fast on a SQLite file, served by gunicorn (2 processes x 4 threads) ----

BOARDS = 100
TYPED = ("1", "=", "0")
STORED = {"1": "1-0", "=": "½-½", "0": "0-1"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def sqlite_site(tmp_path):
    """The app on its own SQLite file (never the test database), in a separate gunicorn."""
    database = tmp_path / "site.sqlite3"
    env = sqlite_env(database)
    subprocess.run([sys.executable, "-m", "tests.sqlite_site", str(2 * BOARDS)], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "--workers", "2",
         "--threads", "4", "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / "server.log", "w"))  # noqa: SIM115
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/accounts/login/", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        yield url, database
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert "database is locked" not in (tmp_path / "server.log").read_text()


def test_a_hundred_results_typed_fast_on_sqlite_are_all_stored(sqlite_site):
    url, database = sqlite_site
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(base_url=url, viewport=DESKTOP).new_page()
        page.set_default_timeout(30_000)
        log_in(page)
        page.goto("/manage/t/typing-open/round/1/")
        inputs = page.locator("input.result")
        expect(inputs).to_have_count(BOARDS)
        for board in range(BOARDS):
            inputs.nth(board).fill(TYPED[board % 3])
            inputs.nth(board).press("Enter")  # saves through htmx and moves to the next board
            page.wait_for_timeout(30)
        expect(page.locator("tr.result-row.saved")).to_have_count(BOARDS)
        expect(page.locator("tr.result-row.unsaved")).to_have_count(0)
        page.reload()
        shown = [inputs.nth(board).input_value() for board in range(BOARDS)]
        browser.close()
    assert shown == [STORED[TYPED[board % 3]] for board in range(BOARDS)]
    with sqlite3.connect(database) as db:
        results = [r for (r,) in db.execute("SELECT result FROM tournaments_game ORDER BY board")]
    assert results == shown


def signed_in_again_in(popup) -> None:
    popup.fill("#id_username", "ann")
    popup.fill("#id_password", "pw-ann-123")
    popup.get_by_role("button", name="Log in").click()
    expect(popup.locator("h1")).to_contain_text("Round 1")
    popup.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_lapsed_login_keeps_the_typed_results_and_saves_them_after_logging_in_again(page, round1, viewport):
    games = list(round1.games.order_by("board"))
    page.set_viewport_size(viewport)
    log_in(page)
    page.goto(f"/manage/t/{round1.tournament.slug}/round/1/")
    rows = page.locator("tr.result-row")
    expect(rows).to_have_count(4)

    # The session lapses (its cookie is gone) while the arbiter types two results.
    page.context.clear_cookies(name="sessionid")
    for index, typed in ((0, "1"), (1, "=")):
        rows.nth(index).locator("input.result").fill(typed)
        rows.nth(index).locator("input.result").press("Enter")
        expect(rows.nth(index).get_by_role("alert")).to_contain_text("Not saved: you were signed out")
    banner = page.locator("#signed-out")
    expect(banner).to_contain_text("You were signed out: log in again")
    expect(page.locator("#id_password")).to_have_count(0)  # no login page swapped into the table
    expect(rows).to_have_count(4)
    expect(rows.nth(0).locator("input.result")).to_have_value("1")
    expect(rows.nth(1).locator("input.result")).to_have_value("=")
    screenshot(page, f"21-signed-out-{viewport['width']}")
    assert stored(games[0]) == "" and stored(games[1]) == ""

    # Log in again in a new tab, come back: one click saves what was typed (with the new CSRF token).
    with page.expect_popup() as popup:
        banner.get_by_role("link", name="Log in again").click()
    signed_in_again_in(popup.value)
    banner.get_by_role("button", name="Save what was typed").click()
    expect(rows.nth(0)).to_have_class("result-row saved")
    expect(rows.nth(1)).to_have_class("result-row saved")
    expect(banner).to_have_count(0)
    assert stored(games[0]) == "1-0" and stored(games[1]) == "½-½"

    # Signed out again; this time the arbiter logs in in this tab: back on the round, the typed
    # result is in its row, and Retry saves it.
    page.context.clear_cookies(name="sessionid")
    rows.nth(2).locator("input.result").fill("0")
    rows.nth(2).locator("input.result").press("Enter")
    expect(rows.nth(2).get_by_role("alert")).to_contain_text("Not saved: you were signed out")
    page.goto(f"/accounts/login/?next=/manage/t/{round1.tournament.slug}/round/1/")
    page.fill("#id_username", "ann")
    page.fill("#id_password", "pw-ann-123")
    page.get_by_role("button", name="Log in").click()
    expect(rows.nth(2).locator("input.result")).to_have_value("0")
    expect(rows.nth(2).get_by_role("alert")).to_contain_text("Typed while you were signed out: not saved yet")
    expect(page.locator("tr.result-row.unsaved")).to_have_count(1)  # the saved ones are not brought back
    expect(rows.nth(0).locator("input.result")).to_have_value("1-0")
    screenshot(page, f"22-typed-kept-after-login-{viewport['width']}")
    assert stored(games[2]) == ""
    rows.nth(2).get_by_role("button", name="Retry").click()
    expect(rows.nth(2)).to_have_class("result-row saved")
    assert stored(games[2]) == "0-1"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_results_tapped_on_a_phone_and_the_count_of_results_in(page, round1, viewport):
    games = list(round1.games.order_by("board"))
    page.set_viewport_size(viewport)
    log_in(page)
    page.goto(f"/manage/t/{round1.tournament.slug}/round/1/")
    rows = page.locator("tr.result-row")
    count = page.locator("#results-count")
    expect(count).to_have_text("0 of 4 results in")

    # Tap targets of 44 px at least; the page never scrolls sideways.
    for box in [b.bounding_box() for b in rows.nth(0).locator("button.tap:visible, summary").all()]:
        assert box["width"] >= 44 and box["height"] >= 44, box
    if viewport == PHONE:
        no_sideways_scroll(page, "round page with tap buttons")

    rows.nth(0).get_by_role("button", name="1-0").click()
    expect(rows.nth(0)).to_have_class("result-row saved")
    expect(rows.nth(0).locator("input.result")).to_have_value("1-0")
    expect(count).to_have_text("1 of 4 results in")
    rows.nth(1).get_by_role("button", name="½-½").click()
    expect(count).to_have_text("2 of 4 results in")

    # A forfeit, from the smaller menu.
    rows.nth(2).locator("summary").click()
    rows.nth(2).get_by_role("button", name="-/+ black wins by forfeit").click()
    expect(rows.nth(2).locator("input.result")).to_have_value("-+")
    expect(count).to_have_text("3 of 4 results in")
    screenshot(page, f"23-tap-results-{viewport['width']}")
    assert [stored(g) for g in games[:3]] == ["1-0", "½-½", "-+"]

    # Typing still works (Tab goes from board to board, past the tap buttons), and its row brings the count too.
    rows.nth(2).locator("input.result").focus()
    page.keyboard.press("Tab")
    expect(rows.nth(3).locator("input.result")).to_be_focused()
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    expect(count).to_have_text("4 of 4 results in")
    assert stored(games[3]) == "0-1"
