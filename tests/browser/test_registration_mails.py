"""The arbiter's view of the registration mails on the Player side page: an approval's mail refused by a
real SMTP server (tests/smtp.py) is counted failed with its reason, and sent again once the player's
address is corrected.  Desktop and a 390 px phone."""

import pytest
from django.contrib.auth import get_user_model
from django.test import TestCase
from django.urls import reverse
from playwright.sync_api import expect

from tests.app.conftest import make_tournament
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tests.browser.test_pairing_notices import wait_for_notices
from tournaments.models import Player, PlayerSide, Registration
from tournaments.services.registration import register_online

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_failed_entry_mail_is_shown_and_sent_again(page, arbiter, smtp, viewport):
    tournament = make_tournament(arbiter.memberships.get().club, players=4, rounds=5)
    PlayerSide.objects.create(tournament=tournament, registration=True)
    user = get_user_model().objects.create_user("ann.entry@example.org", email="ann.entry@example.org")
    with TestCase.captureOnCommitCallbacks(execute=True):
        register_online(tournament, Registration(name="Entry, Ann", rating=1700, email="ann.entry@example.org"), user)
    smtp.mailbox.refuse["ann.entry@example.org"] = "550 5.1.1 No such user"
    page.set_viewport_size(viewport)
    log_in(page)
    page.goto(reverse("arbiter:entries", args=[tournament.slug]))
    page.locator("#pending-entries button.approve").click()
    expect(page.locator("ul.messages")).to_contain_text("Entry, Ann registered as #")
    wait_for_notices("failed", 1)  # sent by a thread of the server, refused for good
    page.reload()
    expect(page.locator("#registration-mail-counts")).to_have_text("Mails: 0 queued, 0 sent, 1 failed")
    expect(page.locator("#failed-mails")).to_contain_text("ann.entry@example.org: 550 5.1.1 No such user")
    no_sideways_scroll(page, viewport=viewport)
    screenshot(page, f"registration-mails-{viewport['width']}")

    Player.objects.filter(registration__email="ann.entry@example.org").update(email="ann@example.org")
    page.click("#registration-mails-resend")
    expect(page.locator("ul.messages")).to_contain_text("The failed registration mails are queued again.")
    wait_for_notices("sent", 1)
    page.reload()
    expect(page.locator("#registration-mail-counts")).to_have_text("Mails: 0 queued, 1 sent, 0 failed")
    expect(page.locator("#registration-mails-resend")).to_have_count(0)
    assert smtp.mailbox.by_address() == {"ann@example.org": 1}
