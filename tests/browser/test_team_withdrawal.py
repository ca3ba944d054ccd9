"""A team withdrawn on the teams page in a real browser (on the arbiter's phone), the next round
paired without it, a player's record before the line-ups (his team's match), and the PDF
printouts linked from the public team pages downloaded (a round's matches, pairings by name and
result slips)."""

import io
from pathlib import Path

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.app.teams import field_first_boards, make_league, play_round
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tests.browser.test_team_league import pair_and_publish

pytestmark = pytest.mark.browser


@pytest.fixture
def league(arbiter):
    club = arbiter.memberships.get().club
    return make_league(club, teams=5, boards=2, roster=3, rounds=3, name="Lyon Club League", user=arbiter)


def downloaded_text(page, selector: str) -> str:
    with page.expect_download() as info:
        page.click(selector)
    content = Path(info.value.path()).read_bytes()
    assert content.startswith(b"%PDF-")
    return " ".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)


def test_withdraw_a_team_then_pair_and_print(page, league, arbiter):
    log_in(page)
    first = pair_and_publish(page, league, 1)
    field_first_boards(first, arbiter)
    play_round(first, arbiter)
    team = league.teams.get(pairing_number=3)

    page.set_viewport_size(PHONE)
    page.goto(f"/manage/t/{league.slug}/teams/")
    card = page.locator(f"#team-{team.pk}")
    card.locator(f"#withdraw-{team.pk}").select_option("2")
    card.get_by_role("button", name="Withdraw", exact=True).click()
    expect(page.locator(".messages")).to_contain_text(f"{team.name} withdrawn: not paired from round 2 on.")
    expect(page.locator(f"#team-{team.pk}")).to_contain_text("Withdrawn: not paired from round 2 on.")
    expect(page.locator(f"#reinstate-{team.pk}")).to_be_visible()
    no_sideways_scroll(page, "the teams page with a team withdrawn, on a phone")
    screenshot(page, "team-withdrawn-phone")
    team.refresh_from_db()
    assert team.withdrawn_from_round == 2

    page.set_viewport_size(DESKTOP)
    second = pair_and_publish(page, league, 2)
    paired = {m.white_team_id for m in second.matches.all()} | {m.black_team_id for m in second.matches.all()}
    assert team.pk not in paired and len(paired) == 4  # four teams left: two matches, no PAB

    # A player's page: his team's notice (the match, the opposing team), not a board or a bye
    page.set_viewport_size(PHONE)
    match = second.matches.get(number=1)
    player = match.black_team.members.first().player
    page.goto(f"/t/{league.slug}/player/{player.pairing_number}/")
    expect(page.locator("#notice-team")).to_contain_text(f"Your team {match.black_team.name} plays match 1.")
    expect(page.locator("#notice-opponent-team")).to_have_text(match.white_team.name)
    expect(page.locator("#notice-bye")).to_have_count(0)
    row = page.locator("table.player-rounds tbody tr").nth(1)  # round 2: the team's match, no board yet
    expect(row).to_contain_text(f"match 1 against {match.white_team.name}")
    expect(row).to_contain_text("Black on board 1 · line-up not yet in")
    no_sideways_scroll(page, "a player's page with his team's notice, on a phone")
    screenshot(page, "team-notice-phone")

    # The public pages' printouts
    page.goto(f"/t/{league.slug}/teams/round/2/")
    no_sideways_scroll(page, "the public matches page with its print link, on a phone")
    screenshot(page, "team-round2-phone")
    text = downloaded_text(page, "p.downloads a")
    assert "Round 2: matches" in text and "line-up to come" in text
    text = downloaded_text(page, "p.downloads a:has-text('Pairings by name')")
    assert "Round 2: pairings by name" in text and player.name in text and "Black on board 1" in text
    text = downloaded_text(page, "p.downloads a:has-text('Result slips')")
    assert "Round 2 · Match 1" in text and "Round 2 · Match 2" in text and text.count("Match score:") == 2
    page.goto(f"/t/{league.slug}/teams/standings/")
    no_sideways_scroll(page, "the team standings with their print link, on a phone")
    assert "Team standings after round 1" in downloaded_text(page, "p.downloads a")
    page.goto(f"/t/{league.slug}/teams/crosstable/")
    text = downloaded_text(page, "p.downloads a")
    assert "Team crosstable after round 1" in text and team.name in text
