"""Issue 25's whole loop, end to end: three players, each on a 390 px phone of his own, sign in with
the code of the mail and register; the arbiter on a desktop approves them; they check in; a bye within
the limits is granted and one after the deadline refused; round 1 is published and each player's
notice arrives at a real SMTP server on 127.0.0.1 (tests/smtp.py) with his board, colour and opponent;
both players of board 1 report and confirm, board 4 is disputed and the arbiter decides; round 2 is
paired by the engine with the granted bye (the round page and the TRF show it)."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.template.defaultfilters import date as date_filter
from django.utils import timezone
from django.utils.timezone import localtime
from playwright.sync_api import expect

from tests.app.conftest import make_tournament
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tests.browser.player_side import mails_to, opponent_answers, pair_and_publish, phone_as, player_reports
from tournaments.exchange.trf import export
from tournaments.models import Club, PlayerSide, Result, Round
from tournaments.services.results import enter_result

pytestmark = pytest.mark.browser

# (name, address, rating, federation): with the five players the arbiter entered (2400 down to 2252),
# round 1 pairs rank 1 against 5 and 4 against 8 (C.04.3 Dutch, S1 against S2): Marta - Jonas on
# board 1, Lea - "Player, C2" on board 4.
MARTA = ("Rossi, Marta", "marta@example.org", 2500, "ita")
JONAS = ("Weber, Jonas", "jonas@example.org", 2300, "ger")
LEA = ("Dubois, Lea", "lea@example.org", 2000, "fra")


@pytest.fixture
def event(arbiter):
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=5, rounds=5, name="Phone Open",
                                 pairing_notices=True)
    for player in tournament.players.all():  # entered by the arbiter, signed in later by a mail's link
        address = f"p{player.pairing_number}@example.org"
        player.email, player.user = address, get_user_model().objects.create_user(address, email=address)
        player.save(update_fields=["email", "user"])
    now = timezone.now()
    PlayerSide.objects.create(
        tournament=tournament, registration=True, approval="arbiter", check_in=True, bye_requests=True,
        max_byes=1, no_byes_last_rounds=1, bye_deadline=2, board_results=True,
        round_times=[(now + datetime.timedelta(hours=1, days=d)).isoformat() for d in range(5)])
    return tournament


def sign_up(phone, smtp, event, who, shot):
    """From the public page to the entry waiting for approval, signing in with the mail's code."""
    name, address, rating, federation = who
    phone.goto(event.get_absolute_url())
    phone.click("#sign-up")
    expect(phone.locator("h1")).to_have_text("Player sign-in")
    no_sideways_scroll(phone, "sign-in")
    phone.fill("#id_email", address)
    phone.click("#send-link")
    expect(phone.locator(".messages")).to_contain_text("A mail with a link and a code")
    body = mails_to(smtp, address, "Your sign-in link")[-1]
    phone.fill("#id_code", re.search(r"code on the sign-in page: (\d{6})", body).group(1))
    phone.click("#code-sign-in")
    expect(phone.locator("h1")).to_have_text("Register for Phone Open")
    no_sideways_scroll(phone, "register")
    phone.fill("#id_name", name)
    phone.fill("#id_rating", str(rating))
    phone.fill("#id_federation", federation)
    screenshot(phone, f"{shot}-register")
    phone.click("#register")
    expect(phone.locator(".messages")).to_contain_text("waits for the arbiter's approval")
    expect(phone.locator("#my-registrations")).to_contain_text("Waiting for approval")
    no_sideways_scroll(phone, "my entries, pending")
    screenshot(phone, f"{shot}-pending")


def approve_all(page, event, smtp):
    log_in(page)
    page.goto(event.get_manage_url())
    page.click("#player-side-link")
    expect(page.locator("#pending-entries tbody tr")).to_have_count(3)
    screenshot(page, "loop-02-arbiter-approves")
    for name, address, _rating, _federation in (MARTA, JONAS, LEA):
        page.locator("#pending-entries tr", has_text=name).locator("button.approve").click()
        expect(page.locator(".messages")).to_contain_text(f"{name} registered as #")
        mails_to(smtp, address, "your entry is approved")
    marta = event.players.get(name=MARTA[0])
    assert marta.federation == "ITA" and marta.email == marta.user.email == MARTA[1]


def check_in(phone, shot):
    phone.goto("/me/")
    phone.click("#my-entries a.button")
    expect(phone.locator("#check-in h2")).to_have_text("Check-in for round 1")
    phone.click("#check-in-button")
    expect(phone.locator("#checked-in")).to_be_visible()
    no_sideways_scroll(phone, "checked in")
    screenshot(phone, shot)


def ask_byes(phone):
    """Round 1 starts within the hour, past the 2-hour deadline: refused; round 2 is within the limits."""
    phone.fill("#id_round_number", "1")
    phone.click("#ask-bye")
    expect(phone.locator(".messages")).to_contain_text("Too late: requests for round 1 closed at")
    phone.fill("#id_round_number", "2")
    phone.select_option("#id_bye", "H")
    phone.click("#ask-bye")
    expect(phone.locator(".messages")).to_contain_text("Your bye in round 2 is granted")
    expect(phone.locator("#bye-requests")).to_contain_text("Round 2: Half-point bye — Granted")
    no_sideways_scroll(phone, "entry with a bye")
    screenshot(phone, "loop-04-jonas-bye")


def arbiter_sees_check_ins(page, event):
    page.goto(f"/manage/t/{event.slug}/entries/")
    expect(page.locator("#check-in-status")).to_contain_text("3 players checked in")
    expect(page.locator("#bye-requests")).to_contain_text("Granted")
    screenshot(page, "loop-05-arbiter-check-in")
    page.set_viewport_size(PHONE)  # the arbiter's pages on a phone too
    no_sideways_scroll(page, "arbiter's player side")
    page.click("#player-side-settings")
    no_sideways_scroll(page, "player side settings")
    page.set_viewport_size(DESKTOP)
    page.goto(f"/manage/t/{event.slug}/entries/")
    page.click("#check-in-qr-link")  # the venue's QR code, printed
    expect(page.locator("#check-in-qr svg")).to_be_visible()
    page.emulate_media(media="print")
    screenshot(page, "loop-05a-check-in-qr-print")
    page.emulate_media(media="screen")


def scheduled_start(event, number) -> str:
    """The round's start in the player side's schedule, as the pages and mails write a time."""
    return date_filter(localtime(event.player_side.round_start(number)), "DATETIME_FORMAT")


def notice_of(smtp, who) -> dict[str, str]:
    """Board, colour, opponent and start of the round 1 notice the SMTP server got for ``who``."""
    body, = mails_to(smtp, who[1], "round 1: your pairing")
    return dict(re.findall(r"^(Board|Colour|Opponent|Start): (.+?)\r?$", body, re.M))


def notices_arrive(smtp, event):
    expected = {MARTA: ("1", "White", JONAS[0]), JONAS: ("1", "Black", MARTA[0]), LEA: ("4", "White", "Player, C2")}
    start = scheduled_start(event, 1)
    for who, (board, colour, opponent) in expected.items():
        opponent = event.players.get(name=opponent)
        assert notice_of(smtp, who) == {"Board": board, "Colour": colour, "Start": start,
                                        "Opponent": f"{opponent.name} ({opponent.pairing_number}), {opponent.rating}"}
    game = Round.objects.get(tournament=event, number=1).games.get(board=4)  # the notice says what is stored
    assert (game.white.name, game.black.name) == (LEA[0], "Player, C2")


def report_confirm_and_dispute(page, live_server, event, phones):
    games = Round.objects.get(tournament=event, number=1).games.select_related("white", "black")
    first, fourth = games.get(board=1), games.get(board=4)
    player_reports(phones[MARTA], first.white, "1-0", "loop-07-marta-reported")
    opponent_answers(phones[JONAS], first.black, "#confirm-result", "#result-confirmed", "loop-08-jonas-confirmed")
    player_reports(phones[LEA], fourth.white, "1-0", "loop-09-lea-reported")
    opponent = phone_as(page, live_server, fourth.black.user)  # his mail's link
    opponent_answers(opponent, fourth.black, "#dispute-result", "#result-disputed", "loop-10-disputed")
    opponent.context.close()

    page.goto(f"/manage/t/{event.slug}/round/1/")
    expect(page.locator("#reports-confirmed .report-count")).to_have_text("1")
    expect(page.locator("#reports-disputed .report-count")).to_have_text("1")
    page.click("#reports-disputed")
    expect(page.locator("#report-4")).to_contain_text("disputed by")
    screenshot(page, "loop-11-arbiter-dispute")
    field = page.locator(f"#game-{fourth.pk} input.result")  # the arbiter decides: a draw
    field.fill("=")
    field.press("Enter")
    expect(page.locator(f"#game-{fourth.pk} .saved-mark")).to_be_visible()
    page.click("#accept-confirmed")
    expect(page.locator(".messages")).to_contain_text("1 confirmed result is official")
    first.refresh_from_db()
    fourth.refresh_from_db()
    assert (first.result, fourth.result) == ("1-0", "½-½")
    phones[LEA].reload()
    expect(phones[LEA].locator("#result-official")).to_contain_text("½-½")
    expect(phones[LEA].locator("#report-form, #withdraw-report")).to_have_count(0)  # decided: nothing to change
    no_sideways_scroll(phones[LEA], "official result")
    screenshot(phones[LEA], "loop-12-lea-official")


def round_2_with_the_bye(page, event, phones):
    for game in Round.objects.get(tournament=event, number=1).games.filter(result=""):  # the other boards
        enter_result(game, Result.BLACK_WINS)
    pair_and_publish(page, event, 2)
    jonas = event.players.get(name=JONAS[0])
    round_2 = Round.objects.get(tournament=event, number=2)
    assert not round_2.games.filter(white=jonas).exists() and not round_2.games.filter(black=jonas).exists()
    line = next(line for line in export(event).splitlines() if JONAS[0] in line)
    assert "0000 - H" in line  # the granted half-point bye, as the engine and the TRF see it
    phone = phones[JONAS]
    phone.goto(f"/t/{event.slug}/round/2/")
    expect(phone.locator("table.not-paired")).to_contain_text(JONAS[0])
    expect(phone.locator("table.boards")).not_to_contain_text(JONAS[0])
    no_sideways_scroll(phone, "public round 2")
    screenshot(phone, "loop-13-round-2-bye")


def test_three_players_and_the_arbiter_run_the_whole_loop(page, live_server, event, smtp):
    phones = {who: phone_as(page, live_server) for who in (MARTA, JONAS, LEA)}
    for index, (who, phone) in enumerate(phones.items()):
        sign_up(phone, smtp, event, who, f"loop-01{'abc'[index]}")
    approve_all(page, event, smtp)
    for index, phone in enumerate(phones.values()):
        check_in(phone, f"loop-03{'abc'[index]}-checked-in")
    ask_byes(phones[JONAS])
    arbiter_sees_check_ins(page, event)

    pair_and_publish(page, event, 1)
    notices_arrive(smtp, event)
    phones[MARTA].goto(f"/me/entries/{event.players.get(name=MARTA[0]).pk}/")
    expect(phones[MARTA].locator("#pairing-notice")).to_contain_text(JONAS[0])
    expect(phones[MARTA].locator("#notice-start")).to_have_text(scheduled_start(event, 1))
    no_sideways_scroll(phones[MARTA], "her entry with the pairing")
    screenshot(phones[MARTA], "loop-06-marta-pairing")

    report_confirm_and_dispute(page, live_server, event, phones)
    round_2_with_the_bye(page, event, phones)
    for phone in phones.values():
        phone.context.close()
