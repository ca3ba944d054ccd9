"""A club's team league in a real browser: 8 teams of 4 boards (rosters of 5) through three
rounds.  The arbiter pairs and publishes each round with the buttons, types a line-up with a
substitute and a forfeited board, records a match a team did not come to; the public pages of
the matches, the team standings and the crosstable on a 390 px phone (no sideways scroll), on a
desktop and printed."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.app.teams import make_league, roster
from tests.browser.conftest import DESKTOP, PHONE, log_in, no_sideways_scroll, screenshot
from tournaments.models import Result, Round
from tournaments.queries.teams import round_matches, standings
from tournaments.services.lineups import set_line_up
from tournaments.services.results import enter_result

pytestmark = pytest.mark.browser


@pytest.fixture
def league(arbiter):
    club = arbiter.memberships.get().club
    return make_league(club, teams=8, boards=4, roster=5, rounds=7, name="Lyon Club League", user=arbiter)


def pair_and_publish(page, league, number: int) -> Round:
    page.goto(f"/manage/t/{league.slug}/")
    page.click("#pair-round")
    expect(page.locator("h1")).to_contain_text(f"Round {number}")
    expect(page.locator("#publish")).to_be_visible()
    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text(f"Round {number} published")
    round_ = league.round_set.get(number=number)
    # A league night a week: the start times the public round page shows (Round.starts_at).
    round_.starts_at = timezone.make_aware(datetime.datetime(2026, 12, 1, 19, 30)) + datetime.timedelta(weeks=number)
    round_.save(update_fields=["starts_at"])
    return round_


def test_a_team_league_through_three_rounds(page, league, arbiter):
    log_in(page)
    # The teams page: the rules, the eight rosters; on the arbiter's phone too.
    page.goto(f"/manage/t/{league.slug}/")
    page.click("#teams-link")
    expect(page.locator("div.team")).to_have_count(8)
    expect(page.locator("#team-rules select[name=colour_model]")).to_have_value("A")
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page, "the arbiter's teams page on a phone")
    screenshot(page, "team-00-teams-phone")
    page.set_viewport_size(DESKTOP)
    first = pair_and_publish(page, league, 1)
    expect(page.locator("#team-matches")).to_be_visible()
    page.click("#team-matches")
    expect(page.locator("section.match")).to_have_count(4)

    # Match 1: the home team fields its substitute (roster place 5) on board 4, in roster order.
    match = first.matches.get(number=1)
    home, away = match.white_team, match.black_team
    players = roster(home)
    form = page.locator(f"form.line-up[data-team='{home.name}']")
    for board, player in enumerate([players[0], players[1], players[2], players[4]], start=1):
        form.locator(f"select[name$='-board_{board}']").select_option(str(player))
    form.get_by_role("button", name="Save the line-up").click()
    expect(page.locator(".messages")).to_contain_text(f"Line-up of {home.name} saved.")
    # The away team's line-up out of the roster's order: refused, nothing saved.
    form = page.locator(f"form.line-up[data-team='{away.name}']")
    others = roster(away)
    for board, player in enumerate([others[1], others[0], others[2], others[3]], start=1):
        form.locator(f"select[name$='-board_{board}']").select_option(str(player))
    form.get_by_role("button", name="Save the line-up").click()
    expect(page.locator(".messages")).to_contain_text("must keep the roster's board order")
    assert not match.line_ups.filter(team=away).exists()
    form = page.locator(f"form.line-up[data-team='{away.name}']")
    for board, player in enumerate(others[:4], start=1):
        form.locator(f"select[name$='-board_{board}']").select_option(str(player))
    form.get_by_role("button", name="Save the line-up").click()
    expect(page.locator(".messages")).to_contain_text(f"Line-up of {away.name} saved.")
    screenshot(page, "team-01-line-ups")

    # Its results by hand: board 1 forfeited by the away player (GHR 3.4), then 0-1 (the home player
    # has Black on board 2 and wins), a draw, and 0-1 on board 4 (the away player has White: he loses).
    section = page.locator("#match-1")
    for board, typed in enumerate(["+", "0-1", "=", "0"]):
        row = section.locator("form.board-result").nth(board)
        row.locator("input[name=result]").fill(typed)
        row.get_by_role("button", name="Save").click()
        expect(page.locator(".messages")).to_have_count(0)
        section = page.locator("#match-1")
    expect(section.locator("h3 .score")).to_have_text("3½–½")
    screenshot(page, "team-02-results")
    page.set_viewport_size(PHONE)  # the same page on the arbiter's phone
    no_sideways_scroll(page, "the arbiter's matches on a phone")
    screenshot(page, "team-02b-results-phone")
    page.set_viewport_size(DESKTOP)
    assert first.games.get(board=1).result == Result.WHITE_FORFEIT_WIN

    # The other matches of round 1, then rounds 2 and 3, typed as the captains' sheets say.
    for other in first.matches.exclude(number=1):
        for team in (other.white_team, other.black_team):
            set_line_up(other, team, roster(team)[:4], arbiter)
    play_round_rest(first, arbiter)
    # Round 2: the fourth match's away team does not come (GHR 3.5), recorded on the page.
    second = pair_and_publish(page, league, 2)
    page.goto(f"/manage/t/{league.slug}/teams/round/2/")
    absent = second.matches.get(number=4).black_team
    page.locator("#match-4 form.match-forfeit select").select_option("black")
    page.locator("#match-4").get_by_role("button", name="Record the forfeit").click()
    expect(page.locator(".messages")).to_contain_text("Match 4 recorded as lost by forfeit.")
    expect(page.locator("#match-4 h3 .score")).to_have_text("4–0")
    for other in second.matches.exclude(number=4):
        for team in (other.white_team, other.black_team):
            set_line_up(other, team, roster(team)[:4], arbiter)
    play_round_rest(second, arbiter, skip=(4,))
    assert second.matches.get(number=4).forfeit == "+-"  # the first team named won it
    pair_and_publish(page, league, 3)  # its line-ups still to come
    earlier = {frozenset((m.white_team_id, m.black_team_id)) for r in (1, 2) for m in
               league.round_set.get(number=r).matches.all()}
    assert not earlier & {frozenset((m.white_team_id, m.black_team_id))
                          for m in league.round_set.get(number=3).matches.all()}  # no team meets another twice

    # The public pages, logged out, on a phone.
    page.context.clear_cookies()
    page.set_viewport_size(PHONE)
    page.goto(f"/t/{league.slug}/teams/round/1/")
    expect(page.locator("section.match")).to_have_count(4)
    expect(page.locator("#match-1 h3 .score")).to_have_text("3½–½")
    expect(page.locator("#match-1")).to_contain_text(f"{home.name.split()[0]}, Player 5")  # the substitute
    no_sideways_scroll(page, "team round 1 on a phone")
    screenshot(page, "team-03-round1-phone")
    page.goto(f"/t/{league.slug}/teams/round/2/")
    expect(page.locator("#match-4 h3")).to_contain_text("lost by forfeit")
    expect(page.locator("#match-4")).to_contain_text(f"{absent.name}, Player 1")  # named, as having lost
    page.goto(f"/t/{league.slug}/teams/round/3/")
    expect(page.locator("section.match").first).to_contain_text("line-up")
    expect(page.locator("h2 small")).to_be_visible()  # the league night's date and time
    no_sideways_scroll(page, "team round 3 (no results yet) on a phone")
    screenshot(page, "team-04-round3-phone")
    page.get_by_role("link", name="Team standings").click()
    expect(page.locator("h2")).to_have_text("Team standings after round 2")
    leader = standings(league, 2)[0]
    expect(page.locator("table.team-standings tbody tr").first).to_contain_text(leader.team.name)
    expect(page.locator("table.team-standings tbody tr")).to_have_count(8)
    no_sideways_scroll(page, "team standings on a phone")
    screenshot(page, "team-05-standings-phone")
    page.get_by_role("link", name="Team crosstable").click()
    expect(page.locator("table.team-crosstable tbody tr")).to_have_count(8)
    no_sideways_scroll(page, "team crosstable on a phone")
    screenshot(page, "team-06-crosstable-phone")

    # On a desktop, and printed.
    page.set_viewport_size(DESKTOP)
    page.goto(f"/t/{league.slug}/teams/round/1/")
    screenshot(page, "team-07-round1-desktop")
    page.emulate_media(media="print")
    expect(page.locator("nav.tabs")).to_be_hidden()
    expect(page.locator("section.match")).to_have_count(4)
    screenshot(page, "team-08-round1-print")
    assert len(page.pdf()) > 1000


def play_round_rest(round_, user, skip=(1,)) -> None:
    """The matches of ``round_`` but those of ``skip``: the home team wins boards 1 and 2, draws the rest."""
    for line in round_matches(round_):
        if line.match.number not in skip:
            play_boards(line, user)


def play_boards(line, user) -> None:
    for board in line.boards:
        if board.board <= 2:
            enter_result(board.game, Result.WHITE_WINS if board.home_white else Result.BLACK_WINS, user)
        else:
            enter_result(board.game, Result.DRAW, user)
