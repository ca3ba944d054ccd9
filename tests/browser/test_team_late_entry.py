"""A team entered late (GHR 2026 Art. 2.4) on the arbiter's teams page in a real browser, on a 390 px phone:
its entry round chosen in the form, the card saying it is paired from then on, the arrival moved a round
earlier on its card; the public matches page of
an earlier round lists it as "Team not yet entered" on a phone, a desktop and on paper."""

import pytest
from playwright.sync_api import expect

from tests.app.teams import field_first_boards, make_league, play_round
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tests.browser.test_team_league import pair_and_publish

pytestmark = pytest.mark.browser


def test_enter_a_late_team_and_see_it_not_yet_entered(page, arbiter):
    league = make_league(arbiter.memberships.get().club, teams=4, boards=2, roster=2, rounds=4,
                         name="Lyon Club League", user=arbiter)
    log_in(page)
    first = pair_and_publish(page, league, 1)
    field_first_boards(first, arbiter)
    play_round(first, arbiter)

    page.set_viewport_size(PHONE)
    page.goto(f"/manage/t/{league.slug}/teams/")
    form = page.locator("#add-team")
    form.locator("#id_name").fill("Latecomers")
    form.locator("#id_entry_round").fill("3")
    form.get_by_role("button", name="Enter", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Team entered.")
    team = league.teams.get(name="Latecomers")
    assert team.entry_round == 3
    expect(page.locator(f"#team-{team.pk} .team-entry")).to_have_text("Entered late: paired from round 3 on.")
    no_sideways_scroll(page, "the teams page with a late team, on a phone")
    screenshot(page, "team-late-01-phone")
    # The team will come a round earlier: its arrival moved on its card, while neither round is paired.
    card = page.locator(f"#team-{team.pk}")
    card.get_by_text("Change the entry round").click()
    card.locator(f"#entry-{team.pk}").select_option("2")
    no_sideways_scroll(page, "a late team's entry round being moved, on a phone")
    screenshot(page, "team-late-01b-phone-entry-round")
    card.locator(".team-entry-round").get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("Latecomers will be paired from round 2 on.")
    expect(page.locator(f"#team-{team.pk} .team-entry")).to_have_text("Entered late: paired from round 2 on.")
    team.refresh_from_db()
    assert team.entry_round == 2

    page.goto(f"/t/{league.slug}/teams/round/1/")
    row = page.locator("table.not-paired tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_have_text(f"{team.pairing_number}LatecomersTeam not yet entered", use_inner_text=False)
    no_sideways_scroll(page, "a team round with a team not yet entered, on a phone")
    screenshot(page, "team-late-02-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "team-late-03-desktop")
    page.emulate_media(media="print")
    expect(page.locator("table.not-paired")).to_be_visible()
    screenshot(page, "team-late-04-print")
