"""A new tournament as an arbiter sets it up: the edition list follows the system chosen, the
acceleration's help reads per system, the new tournament starts hidden from the public home page
and a second one of the same name is announced; on a desktop and on a phone."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Tournament


def visible_editions(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('#id_edition optgroup')]
        .filter(g => !g.hidden).map(g => g.label)""")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_new_tournament_is_set_up_hidden_and_a_namesake_announced(page, arbiter, viewport):
    page.set_viewport_size(viewport)
    log_in(page)
    page.goto("/manage/new/")
    expect(page.locator("#id_acceleration_helptext")).to_contain_text(
        "FIDE Dutch system: 2017 edition C.04.5.1, 2026 edition C.04.7")
    assert visible_editions(page) == ["FIDE Dutch system"]
    page.select_option("#id_system", "lim")
    assert visible_editions(page) == ["Lim system"]
    expect(page.locator("#id_edition option:checked")).to_contain_text("2026 (in force from 1 February 2026)")
    page.select_option("#id_edition", label="1999 (last amended by the 1999 Executive Board, in force until "
                                            "31 January 2026)")
    page.select_option("#id_system", "dutch")  # the Lim edition does not stay with the Dutch system
    assert visible_editions(page) == ["FIDE Dutch system"]
    expect(page.locator("#id_edition option:checked")).to_contain_text("2026")
    page.select_option("#id_system", "lim")
    page.fill("#id_name", "Lim Night")
    page.fill("#id_rounds", "7")
    if viewport == PHONE:
        no_sideways_scroll(page, "new tournament")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.locator("#listing-hidden")).to_be_visible()
    tournament = Tournament.objects.get(name="Lim Night")
    assert (tournament.system, tournament.edition, tournament.listing) == ("lim", "2026", "hidden")
    screenshot(page, f"new-tournament-hidden-{'phone' if viewport == PHONE else 'desktop'}")

    page.goto("/manage/new/")
    page.fill("#id_name", "lim night")
    page.fill("#id_rounds", "5")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.locator("ul.messages li.warning")).to_contain_text("already has 1 tournament named “lim night”")
    page.goto("/manage/")
    expect(page.locator("#my-tournaments .namesake")).to_have_count(2)
    if viewport == PHONE:
        no_sideways_scroll(page, "dashboard")
    screenshot(page, f"new-tournament-dashboard-{'phone' if viewport == PHONE else 'desktop'}")
