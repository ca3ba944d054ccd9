"""The player side's steps in the browser, shared by its tests: a 390 px phone of its own (signed in by
the mail's link), a result reported and answered from it, a round paired and published by the arbiter,
the mails a real SMTP server (tests/smtp.py) received."""

import time

from playwright.sync_api import expect
from sesame.utils import get_query_string

from tests.browser.conftest import PHONE, no_sideways_scroll, screenshot


def phone_as(page, live_server, user=None):
    """A new 390 px phone, its own browser context, signed in as ``user`` through his mail's link
    (none: a phone nobody signed in on)."""
    context = page.context.browser.new_context(base_url=live_server.url, viewport=PHONE)
    phone = context.new_page()
    phone.set_default_timeout(20_000)
    if user is not None:
        phone.goto("/me/sign-in/link/" + get_query_string(user))
        phone.click("#link-sign-in")
        expect(phone.locator(".messages")).to_contain_text("You are signed in")
    return phone


def player_reports(phone, player, result, shot):
    phone.goto(f"/me/entries/{player.pk}/")
    phone.locator("#report-form").get_by_role("button", name=result, exact=True).click()
    expect(phone.locator(".messages")).to_contain_text(f"Your result {result} is reported")
    expect(phone.locator("#result-reported")).to_contain_text(f"You reported {result}: waiting for your opponent")
    no_sideways_scroll(phone, "reported")
    screenshot(phone, shot)


def opponent_answers(phone, player, button, shown, shot):
    phone.goto(f"/me/entries/{player.pk}/")
    expect(phone.locator("#result-to-answer")).to_be_visible()
    no_sideways_scroll(phone, "to answer")
    phone.click(button)
    expect(phone.locator(shown)).to_be_visible()
    no_sideways_scroll(phone, "answered")
    screenshot(phone, shot)


def pair_and_publish(page, event, number):
    page.goto(event.get_manage_url())
    page.click("#pair-round")
    expect(page.locator("h1")).to_contain_text(f"Round {number}")
    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text(f"Round {number} published")


def mails_to(smtp, address: str, subject: str, count: int = 1, timeout: float = 20) -> list[str]:
    """The plain-text bodies of the mails to ``address`` whose subject contains ``subject``, once the
    server has ``count`` of them (mail is sent by a thread of the app: wait for it)."""
    deadline = time.monotonic() + timeout
    while True:
        bodies = [message.get_body(preferencelist=("plain",)).get_content() for message in smtp.mailbox.messages
                  if message["To"] == address and subject in message["Subject"]]
        if len(bodies) >= count:
            return bodies
        assert time.monotonic() < deadline, (address, subject, [(m["To"], m["Subject"]) for m in smtp.mailbox.messages])
        time.sleep(0.1)
