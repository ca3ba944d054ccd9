"""Failed logins in a real browser (issue 24, finding 10): the fifth wrong password gets the app's
"too many failed logins" page, which keeps the right password out too, and reads on a phone, on a
desktop and on paper."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


def try_password(page, password: str):
    page.goto("/accounts/login/")
    page.fill("#id_username", "ann")
    page.fill("#id_password", password)
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        page.get_by_role("button", name="Log in").click()
    return answer.value


def test_the_locked_out_page_on_a_phone_a_desktop_and_paper(page, arbiter):
    page.set_viewport_size(PHONE)
    for _ in range(4):
        assert try_password(page, "not-my-password").status == 200
        expect(page.locator(".errorlist")).to_contain_text("Please enter a correct username and password")
    assert try_password(page, "not-my-password").status == 429
    assert try_password(page, "pw-ann-123").status == 429  # the right one, refused
    expect(page.locator("h1")).to_have_text("Too many failed logins")
    expect(page.locator("#locked-out")).to_contain_text("Try again in 15 minutes")
    expect(page.get_by_role("link", name="Arbiter login")).to_be_visible()  # not logged in
    no_sideways_scroll(page, "locked out")
    screenshot(page, "50-locked-out-phone")

    page.set_viewport_size(DESKTOP)
    screenshot(page, "50-locked-out-desktop")
    page.emulate_media(media="print")
    expect(page.locator("header.site")).to_be_hidden()
    expect(page.locator("#locked-out")).to_be_visible()
    screenshot(page, "50-locked-out-print")
