"""Results from the board end to end: the arbiter (desktop) turns it on and publishes round 1; on a
390 px phone both players of board 1 report and confirm, board 2 is disputed and the arbiter decides;
a helper's phone enrolled by the QR code fills an empty board, and is refused once revoked."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.app.conftest import make_tournament
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tests.browser.player_side import opponent_answers, pair_and_publish, phone_as, player_reports
from tournaments.models import Club, PlayerSide, ResultReport, Round

pytestmark = pytest.mark.browser


@pytest.fixture
def event(arbiter):
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=6, rounds=5, name="Board Open")
    PlayerSide.objects.create(tournament=tournament)
    for player in tournament.players.all():
        player.user = get_user_model().objects.create_user(f"p{player.pairing_number}@example.org",
                                                           email=f"p{player.pairing_number}@example.org")
        player.save(update_fields=["user"])
    return tournament


def turn_on(page, event):
    log_in(page)
    page.goto(f"/manage/t/{event.slug}/player-side/")
    page.check("#id_board_results")
    page.click("#save-player-side")
    expect(page.locator(".messages")).to_contain_text("Player side saved")
    expect(page.locator("#board-results-state")).to_have_text("on")
    pair_and_publish(page, event, 1)


def test_players_report_and_confirm_a_dispute_is_decided_and_a_helper_fills_a_board(page, live_server, event):
    turn_on(page, event)
    first, second, third = Round.objects.get(tournament=event, number=1).games.select_related(
        "white__user", "black__user").order_by("board")[:3]

    white = phone_as(page, live_server, first.white.user)
    player_reports(white, first.white, "1-0", "board-01-reported")
    black = phone_as(page, live_server, first.black.user)
    expect(black.locator("h1")).to_be_visible()
    opponent_answers(black, first.black, "#confirm-result", "#result-confirmed", "board-02-confirmed")
    player_reports(phone_as(page, live_server, second.white.user), second.white, "½-½", "board-03-reported")
    opponent_answers(phone_as(page, live_server, second.black.user), second.black, "#dispute-result",
                     "#result-disputed", "board-04-disputed")

    page.goto(f"/manage/t/{event.slug}/round/1/")
    expect(page.locator("#reports-confirmed .report-count")).to_have_text("1")
    expect(page.locator("#reports-disputed .report-count")).to_have_text("1")
    screenshot(page, "board-05-arbiter-reports")
    page.set_viewport_size(PHONE)  # the reports on a phone too
    no_sideways_scroll(page, "round page with reports")
    screenshot(page, "board-05a-arbiter-reports-phone")
    page.set_viewport_size(DESKTOP)
    page.click("#reports-disputed")
    expect(page.locator("table.report-list tbody tr")).to_have_count(1)
    expect(page.locator(f"#report-{second.board}")).to_contain_text("disputed by")
    field = page.locator(f"#game-{second.pk} input.result")  # the arbiter decides: 0-1, typed in the board's row
    field.fill("0")
    field.press("Enter")
    expect(page.locator(f"#game-{second.pk} .saved-mark")).to_be_visible()
    page.click("#accept-confirmed")
    expect(page.locator(".messages")).to_contain_text("1 confirmed result is official")
    expect(page.locator("#no-reports")).to_be_visible()
    screenshot(page, "board-06-arbiter-decided")
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.result, second.result) == ("1-0", "0-1")
    white.reload()
    expect(white.locator("#result-official")).to_contain_text("1-0")

    page.click("#result-helpers-link")
    page.fill("#helper-label", "Hall B")
    page.click("#enrol-helper")
    expect(page.locator("#helper-qr svg")).to_be_visible()
    screenshot(page, "board-07-helper-qr")
    page.emulate_media(media="print")  # the code printed for the helper's table
    screenshot(page, "board-07a-helper-qr-print")
    page.emulate_media(media="screen")
    page.set_viewport_size(PHONE)  # the arbiter's helper page on a phone too
    no_sideways_scroll(page, "result helpers")
    page.set_viewport_size(DESKTOP)
    url = page.locator("#helper-url").inner_text()
    helper = phone_as(page, live_server)
    helper.goto(url)
    expect(helper.locator(".helper-board")).to_have_count(1)  # board 3 only: 1 and 2 have their result
    no_sideways_scroll(helper, "helper")
    screenshot(helper, "board-08-helper")
    helper.locator(f"#helper-board-{third.board}").get_by_role("button", name="1-0", exact=True).click()
    expect(helper.locator("#fill-question")).to_contain_text("Enter 1-0?")
    no_sideways_scroll(helper, "helper's question")
    screenshot(helper, "board-08a-helper-asked")
    helper.click("#confirm-fill")
    expect(helper.locator(".messages")).to_contain_text(f"Board {third.board}: 1-0 entered")
    expect(helper.locator("#helper-done")).to_be_visible()
    third.refresh_from_db()
    assert third.result == "1-0"

    page.locator("#helpers button.danger").click()
    expect(page.locator(".messages")).to_contain_text("revoked")
    assert helper.goto(url).status == 404
    assert ResultReport.objects.filter(state="official").count() == 1
    entries = set(event.audit_entries.values_list("action", "via"))
    assert {("reported", "player"), ("report confirmed", "player"), ("report disputed", "player"),
            ("entered", "helper"), ("helper enrolled", ""), ("helper revoked", "")} <= entries
