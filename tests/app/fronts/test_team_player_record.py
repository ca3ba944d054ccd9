"""A team player's record page (his own "My record" link leads there): his team's match of a round
before the line-ups are in (the opposing team, the match, the team's colour on board 1), then his
board in it; a player the line-up leaves out, and one of the team with the PAB."""

import re

import pytest
from django.test import Client

from tests.app.teams import make_league, pair_round, roster
from tournaments.models import Player
from tournaments.services.lineups import set_line_up


@pytest.fixture
def league(club, arbiter):
    """Five teams (the PAB), two boards, three players a team; round 1 published, no line-up in."""
    tournament = make_league(club, teams=5, boards=2, roster=3, rounds=3, user=arbiter)
    pair_round(tournament, arbiter)
    return tournament


def round_row(player: Player) -> str:
    """The text of round 1's row of the player's page, tags out."""
    page = Client().get(player.get_absolute_url()).content.decode()
    row = re.search(r'<tbody>\s*<tr[^>]*><td class="c">1</td>(.*?)</tr>', page, re.S).group(1)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip()


def test_the_team_match_before_the_line_ups_then_the_board(league, arbiter):
    match = league.round_set.get(number=1).matches.exclude(black_team=None).first()
    home, away = match.white_team, match.black_team
    first = Player.objects.get(pk=roster(home)[0])
    row = round_row(first)
    assert f"match {match.number} against {away}" in row
    assert "White on board 1 · line-up not yet in" in row and "Not paired" not in row
    other = Player.objects.get(pk=roster(away)[1])
    assert f"match {match.number} against {home}" in round_row(other) and "Black on board 1" in round_row(other)
    # The home team's line-up in: its players' boards and colours, the other team's still to come.
    set_line_up(match, home, roster(home)[:2], arbiter)
    row = round_row(Player.objects.get(pk=roster(home)[1]))
    assert row.startswith("2 ") and "Black · the other team's line-up not yet in" in row
    assert round_row(Player.objects.get(pk=roster(home)[2])).startswith("Not in the line-up")
    # Both in: his board in the match, the opponent, the game without a result yet.
    set_line_up(match, away, roster(away)[:2], arbiter)
    row = round_row(first)
    opponent = Player.objects.get(pk=roster(away)[0])
    assert row.startswith(f"1 {opponent} White")
    assert f"match {match.number} against {away}" in row and row.endswith("…")
    reserve = Player.objects.get(pk=roster(away)[2])
    assert round_row(reserve) == f"Not in the line-up match {match.number} against {home} 0 0"


def test_the_team_with_the_pab(league):
    match = league.round_set.get(number=1).matches.get(black_team=None)
    players = roster(match.white_team)
    row = round_row(Player.objects.get(pk=players[0]))
    assert row == f"1 pairing-allocated bye match {match.number}: the team's pairing-allocated bye 1 1"
    assert f"match {match.number}: the team's pairing-allocated bye" in row
    assert round_row(Player.objects.get(pk=players[2])).startswith("Not in the line-up")
