"""The arbiter's pairing notices on the round page (issue 25): the start time set on the draft, the
round published, the counts of the notices delivered to a real SMTP server (tests/smtp.py), the failed
one sent again; the player's page shows his board.  Desktop and a 390 px phone."""

import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.app.conftest import make_tournament, request
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Notice

pytestmark = pytest.mark.browser


def wait_for_notices(state: str, count: int) -> None:
    deadline = time.monotonic() + 20
    while Notice.objects.filter(state=state).count() < count:
        assert time.monotonic() < deadline, list(Notice.objects.values_list("state", "last_error"))
        time.sleep(0.1)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_round_page_shows_the_notices_and_sends_the_failed_again(page, arbiter, smtp, viewport):
    tournament = make_tournament(arbiter.memberships.get().club, players=6, rounds=3, pairing_notices=True)
    for player in tournament.players.all():
        player.email = f"p{player.pairing_number}@example.org"
        player.save(update_fields=["email"])
    smtp.mailbox.refuse["p3@example.org"] = "550 5.1.1 No such user"
    request(tournament)
    page.set_viewport_size(viewport)
    log_in(page)
    page.goto(reverse("arbiter:round", args=[tournament.slug, 1]))
    page.fill("#id_starts_at", "2026-03-14T15:00")
    page.locator("#round-start button").click()
    expect(page.locator("ul.messages")).to_contain_text("Start time of round 1 saved.")
    expect(page.locator("#id_starts_at")).to_have_value("2026-03-14T15:00")
    page.click("#publish")
    expect(page.locator("ul.messages")).to_contain_text("Round 1 published.")
    wait_for_notices("sent", 5)  # sent by a thread of the server: publishing did not wait for them
    wait_for_notices("failed", 1)
    page.reload()
    expect(page.locator("#notice-counts")).to_have_text("Notices: 0 queued, 5 sent, 1 failed")
    no_sideways_scroll(page, viewport=viewport)
    screenshot(page, f"pairing-notices-{viewport['width']}")

    del smtp.mailbox.refuse["p3@example.org"]
    page.click("#notices-resend")
    expect(page.locator("ul.messages")).to_contain_text("The failed notices of round 1 are queued again.")
    wait_for_notices("sent", 6)
    page.reload()
    expect(page.locator("#notice-counts")).to_have_text("Notices: 0 queued, 6 sent, 0 failed")
    expect(page.locator("#notices-resend")).to_have_count(0)
    assert smtp.mailbox.by_address()["p3@example.org"] == 1 and smtp.mailbox.count() == 6

    page.emulate_media(media="print")  # on paper: no form, the counts stay
    expect(page.locator("#round-start")).to_be_hidden()
    expect(page.locator("#notice-counts")).to_be_visible()
    page.emulate_media(media="screen")

    page.context.clear_cookies()  # the player's public page
    page.goto(reverse("public:player", args=[tournament.slug, 3]))
    expect(page.locator("#pairing-notice")).to_contain_text("Round 1")
    expect(page.locator("#notice-start")).to_have_text("March 14, 2026, 3 p.m.")
    no_sideways_scroll(page, viewport=viewport)
    screenshot(page, f"pairing-notice-player-{viewport['width']}")
