"""The FIDE rating list in the arbiter's day, on a desktop and at 390 px: the staff imports the
month's list, the arbiter types a name in the type-ahead of the players' section, picks a player
(the form is filled from the list), registers him, and updates the ratings before round 1."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from tests.app.tournaments.test_rating_list import TXT
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Club, Player
from tournaments.services.players import register_player
from tournaments.services.setup import create_tournament

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_import_then_type_ahead_fills_the_form(page, arbiter, viewport):
    get_user_model().objects.create_user("root", password="pw-root-123", is_staff=True)
    tournament = create_tournament(Club.objects.get(slug="lyon"), name="Autumn Open", rounds=7, initial_colour="w")
    register_player(tournament, Player(name="Carlsen, Magnus", rating=2800, fide_id="1503014"))
    page.set_viewport_size(viewport)

    log_in(page, "root", "pw-root-123")
    page.goto(reverse("arbiter:rating_lists"))
    page.set_input_files("#id_file", str(TXT))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".messages")).to_contain_text("Standard 2026-11: 300 players imported.")
    expect(page.locator("#rating-lists tbody tr")).to_have_count(1)
    no_sideways_scroll(page, "rating lists", viewport)
    screenshot(page, f"rating-lists-{viewport['width']}")

    page.context.clear_cookies()
    log_in(page)
    page.goto(tournament.get_manage_url() + "#players")
    page.fill("#lookup", "černá")
    results = page.locator("#lookup-results .lookup-result")
    expect(results).to_have_count(1)
    expect(results.first).to_have_text("Černá, Zuzana")
    expect(page.locator("#lookup-results li")).to_contain_text("322300 · CZE · WIM · 2101 · K 20")
    no_sideways_scroll(page, "type-ahead", viewport)
    results.first.click()
    page.wait_for_url("**fide=322300")
    screenshot(page, f"rating-lookup-filled-{viewport['width']}")
    expect(page.locator("#id_name")).to_have_value("Černá, Zuzana")
    expect(page.locator("#id_fide_id")).to_have_value("322300")
    expect(page.locator("#id_federation")).to_have_value("CZE")
    expect(page.locator("#id_rating")).to_have_value("2101")
    expect(page.locator("#id_title")).to_have_value("WIM")
    expect(page.locator("#id_sex")).to_have_value("w")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Černá, Zuzana registered as #2.")

    page.get_by_role("link", name="Update ratings from the list").click()
    expect(page.locator("#rating-changes")).to_contain_text("2800 → 2830")
    no_sideways_scroll(page, "rating update", viewport)
    screenshot(page, f"rating-update-{viewport['width']}")
    page.get_by_role("button", name="Apply these changes").click()
    expect(page.locator(".messages")).to_contain_text("1 player updated from the list.")
    assert tournament.players.get(fide_id="1503014").rating == 2830
