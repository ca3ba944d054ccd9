"""A deputy arbiter in a real browser: results yes, settings no; the audit log on a phone."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.app.conftest import make_tournament, pair
from tests.browser.conftest import PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Club, Membership
from tournaments.services.results import enter_result

pytestmark = pytest.mark.browser


@pytest.fixture
def setting(transactional_db):
    """Round 1 published, board 1 scored 1-0 by the chief arbiter; a deputy arbiter of the club."""
    club = Club.objects.create(name="Lyon Chess", slug="lyon")
    chief = get_user_model().objects.create_user("chief", password="pw-chief-123")
    Membership.objects.create(club=club, user=chief, role=Membership.Role.CHIEF)
    deputy = get_user_model().objects.create_user("dora", password="pw-dora-123")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    tournament = make_tournament(club, players=8, name="Roles Open")
    game = pair(tournament, chief).games.get(board=1)
    enter_result(game, "1-0", chief)
    return tournament, game


def test_a_deputy_scores_but_cannot_change_settings_and_reads_the_log(page, setting, live_server):
    tournament, game = setting
    log_in(page, "dora", "pw-dora-123")
    page.goto(f"/manage/t/{tournament.slug}/")
    expect(page.locator("h1")).to_have_text("Roles Open")
    # No controls for what a deputy may not do.
    for absent in ("#edit-tournament", "#pair-round", "#add-player", "#import-players", "#add-forbidden-pair",
                   "#leave-fide-mode"):
        expect(page.locator(absent)).to_have_count(0)
    expect(page.locator("#audit-link")).to_be_visible()
    screenshot(page, "roles-01-deputy-tournament")

    # A direct POST to the settings is refused (with a valid CSRF token: the refusal is the role's).
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    headers = {"X-CSRFToken": token, "Referer": live_server.url + "/"}
    refused = page.request.post(f"/manage/t/{tournament.slug}/edit/", headers=headers,
                                form={"name": "Hijacked", "rounds": "9", "tiebreaks": "WIN"})
    assert refused.status == 403
    assert page.request.get(f"/manage/t/{tournament.slug}/edit/").status == 403
    tournament.refresh_from_db()
    assert tournament.name == "Roles Open" and tournament.rounds == 5

    # Results are the deputy's job: correct board 1.
    page.goto(f"/manage/t/{tournament.slug}/round/1/")
    expect(page.locator("#publish")).to_have_count(0)
    field = page.locator(f"#game-{game.pk} input.result")
    field.fill("0")
    field.press("Enter")
    expect(page.locator(f"#game-{game.pk} input.result")).to_have_value("0-1")
    expect(page.locator(f"#game-{game.pk} details.history")).to_have_count(1)

    # The audit log shows it, before and after, on a phone.
    page.set_viewport_size(PHONE)
    page.goto(f"/manage/t/{tournament.slug}/audit/?kind=result")
    entry = page.locator("li.audit-entry").first
    expect(entry.locator(".audit-summary")).to_have_text(
        f"Round 1 board 1 ({game.white.name} – {game.black.name}): 1-0 → 0-1")
    expect(entry.locator(".audit-before")).to_contain_text("1-0")
    expect(entry.locator(".audit-after")).to_contain_text("0-1")
    expect(entry.locator(".audit-head")).to_contain_text("dora")
    expect(page.locator("li.audit-entry")).to_have_count(2)  # the chief's 1-0, the deputy's correction
    no_sideways_scroll(page, "audit, results")
    screenshot(page, "roles-02-audit-results-390")
    page.click("#audit-kinds >> text=All")
    expect(page.locator("li.audit-entry.kind-round")).to_have_count(3)  # requested, paired, published
    no_sideways_scroll(page, "audit, all")
    screenshot(page, "roles-03-audit-all-390")
    for path in (f"/manage/t/{tournament.slug}/", f"/manage/t/{tournament.slug}/round/1/",
                 f"/manage/t/{tournament.slug}/players/{game.white_id}/"):
        page.goto(path)
        no_sideways_scroll(page, path)
    screenshot(page, "roles-04-deputy-player-390")
