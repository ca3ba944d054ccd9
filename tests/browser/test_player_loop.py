"""The player's side end to end: a player on a 390 px phone registers (signing in with the code of
the mail), the arbiter on a desktop approves; the player checks in, gets a bye within the limits and
is refused one after the deadline; rounds 1 and 2 are paired and published, round 2 with his bye."""

import datetime
import random
import re

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from tests.app.conftest import make_tournament, play
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.exchange.trf import export
from tournaments.models import Club, PlayerSide, Round

pytestmark = pytest.mark.browser


@pytest.fixture
def event(arbiter):
    tournament = make_tournament(Club.objects.get(slug="lyon"), players=7, rounds=5, name="Phone Open")
    now = timezone.now()
    PlayerSide.objects.create(
        tournament=tournament, registration=True, approval="arbiter", check_in=True, bye_requests=True,
        max_byes=1, no_byes_last_rounds=1, bye_deadline=2,
        round_times=[(now + datetime.timedelta(hours=1, days=d)).isoformat() for d in range(5)])
    return tournament


def phone_page(page, live_server):
    context = page.context.browser.new_context(base_url=live_server.url, viewport=PHONE)
    phone = context.new_page()
    phone.set_default_timeout(20_000)
    return phone


def sign_up(phone, event):
    """From the public page to the entry waiting for approval, signing in on the way."""
    mail.outbox = []
    phone.goto(event.get_absolute_url())
    phone.click("#sign-up")
    expect(phone.locator("h1")).to_have_text("Player sign-in")
    no_sideways_scroll(phone, "sign-in")
    screenshot(phone, "player-01-sign-in")
    phone.fill("#id_email", "marta@example.org")
    phone.click("#send-link")
    expect(phone.locator(".messages")).to_contain_text("A mail with a link and a code")
    code = re.search(r"code on the sign-in page: (\d{6})", mail.outbox[-1].body).group(1)
    phone.fill("#id_code", code)
    phone.click("#code-sign-in")
    expect(phone.locator("h1")).to_have_text("Register for Phone Open")
    no_sideways_scroll(phone, "register")
    phone.fill("#id_name", "Rossi, Marta")
    phone.fill("#id_rating", "2090")
    phone.fill("#id_federation", "ita")
    screenshot(phone, "player-02-register")
    phone.click("#register")
    expect(phone.locator(".messages")).to_contain_text("waits for the arbiter's approval")
    expect(phone.locator("#my-registrations")).to_contain_text("Waiting for approval")
    no_sideways_scroll(phone, "my entries, pending")
    screenshot(phone, "player-03-pending")


def check_in_and_ask_byes(phone):
    phone.goto("/me/")
    phone.click("#my-entries a.button")
    expect(phone.locator("#check-in h2")).to_have_text("Check-in for round 1")
    phone.click("#check-in-button")
    expect(phone.locator("#checked-in")).to_be_visible()
    phone.fill("#id_round_number", "1")  # round 1 starts within the hour: past the 2-hour deadline
    phone.click("#ask-bye")
    expect(phone.locator(".messages")).to_contain_text("Too late: requests for round 1 closed at")
    phone.fill("#id_round_number", "2")
    phone.select_option("#id_bye", "H")
    phone.click("#ask-bye")
    expect(phone.locator(".messages")).to_contain_text("Your bye in round 2 is granted")
    expect(phone.locator("#bye-requests")).to_contain_text("Round 2: Half-point bye — Granted")
    no_sideways_scroll(phone, "entry")
    screenshot(phone, "player-05-checked-in-bye")


def pair_and_publish(page, event, number):
    page.goto(event.get_manage_url())
    page.click("#pair-round")
    expect(page.locator("h1")).to_contain_text(f"Round {number}")
    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text(f"Round {number} published")


def test_register_approve_check_in_bye_and_two_rounds(page, live_server, event):
    phone = phone_page(page, live_server)
    sign_up(phone, event)

    log_in(page)
    page.goto(event.get_manage_url())
    page.click("#player-side-link")
    expect(page.locator("#pending-entries")).to_contain_text("Rossi, Marta")
    screenshot(page, "player-04-arbiter-approves")
    page.click("#pending-entries button.approve")
    expect(page.locator(".messages")).to_contain_text("Rossi, Marta registered as #")
    marta = event.players.get(name="Rossi, Marta")
    assert marta.federation == "ITA" and marta.user.email == "marta@example.org"

    check_in_and_ask_byes(phone)
    page.goto(f"/manage/t/{event.slug}/entries/")
    expect(page.locator("#check-in-status")).to_contain_text("1 player checked in")
    expect(page.locator("#bye-requests")).to_contain_text("Granted")
    screenshot(page, "player-06-arbiter-check-in")
    page.set_viewport_size(PHONE)  # the arbiter's pages on a phone too
    no_sideways_scroll(page, "arbiter's player side")
    page.click("#player-side-settings")
    no_sideways_scroll(page, "player side settings")
    screenshot(page, "player-06a-settings-phone")
    page.set_viewport_size(DESKTOP)
    page.goto(f"/manage/t/{event.slug}/entries/")
    page.click("#check-in-qr-link")  # the venue's QR code, printed
    expect(page.locator("#check-in-qr svg")).to_be_visible()
    page.emulate_media(media="print")
    screenshot(page, "player-06b-check-in-qr-print")
    page.emulate_media(media="screen")

    pair_and_publish(page, event, 1)
    round_1 = Round.objects.get(tournament=event, number=1)
    assert round_1.games.filter(white=marta).exists() or round_1.games.filter(black=marta).exists()
    play(round_1, random.Random(5))
    pair_and_publish(page, event, 2)
    round_2 = Round.objects.get(tournament=event, number=2)
    assert not round_2.games.filter(white=marta).exists() and not round_2.games.filter(black=marta).exists()
    expect(page.locator("table.boards")).not_to_contain_text("Rossi, Marta")
    screenshot(page, "player-07-round2-without-her")
    line = next(line for line in export(event).splitlines() if "Rossi, Marta" in line)
    assert "0000 - H" in line  # the granted half-point bye, as the engine and the TRF see it

    phone.goto(f"/t/{event.slug}/round/2/")
    no_sideways_scroll(phone, "public round 2")
    phone.context.close()
