"""The arbiter's API token page: made, shown once, revoked; on a desktop and a 390 px phone."""

import pytest
from playwright.sync_api import expect
from rest_framework.authtoken.models import Token

from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_arbiter_makes_and_revokes_his_api_token(page, arbiter, viewport):
    page.set_viewport_size(viewport)
    log_in(page)
    page.get_by_role("link", name="Your API token").click()
    expect(page.locator("#token-state")).to_have_text("You have no API token.")
    page.get_by_role("button", name="Create a token").click()
    key = Token.objects.get(user=arbiter).key
    expect(page.locator("#new-token code.token")).to_have_text(key)
    if viewport == PHONE:
        no_sideways_scroll(page, "API token page")
    screenshot(page, f"24-api-token-{viewport['width']}")

    page.goto("/manage/api-token/")  # seen once
    expect(page.locator("#new-token")).to_have_count(0)
    expect(page.locator("#token-state")).to_contain_text("You have a token, created on")
    page.get_by_role("button", name="Revoke the token").click()
    expect(page.locator("#token-state")).to_have_text("You have no API token.")
    assert not Token.objects.filter(user=arbiter).exists()
