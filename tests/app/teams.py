"""A team league for the tests: teams with rosters, rounds paired and played through the app."""

from __future__ import annotations

from django.test import TestCase

from pairing.rounds.publish import publish_round
from pairing.rounds.request import request_pairing
from tournaments.models import Match, Player, Result, Tournament
from tournaments.services.lineups import board_number, set_line_up
from tournaments.services.results import enter_result
from tournaments.services.setup import create_tournament
from tournaments.services.teams import add_member, create_team, set_team_rules

TEAM_NAMES = ["Rooks", "Knights", "Bishops", "Pawns", "Queens", "Kings", "Castles", "Gambits", "Forks", "Pins"]


def make_league(club, teams=8, boards=4, roster=5, rounds=5, user=None, **rules) -> Tournament:
    """``teams`` teams of ``roster`` players (the strongest team first), ``boards`` boards a match."""
    tournament = create_tournament(club, name=rules.pop("name", "Club League"), rounds=rounds, initial_colour="w",
                                   listing=Tournament.Listing.LISTED, user=user)
    set_team_rules(tournament, boards=boards, user=user, **rules)
    for t in range(teams):
        team = create_team(tournament, TEAM_NAMES[t], TEAM_NAMES[t][:3].upper(), 2300 - 50 * t, user=user)
        for m in range(roster):
            add_member(team, Player(name=f"{TEAM_NAMES[t]}, Player {m + 1}", rating=2300 - 50 * t - 10 * m),
                       user=user)
    return tournament


def pair_round(tournament, user=None):
    """The next round requested (the task runs eagerly once it commits) and published."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        round_ = request_pairing(tournament, user)
    round_.refresh_from_db()
    assert round_.status == "draft", round_.error
    publish_round(round_, user)
    round_.refresh_from_db()
    return round_


def roster(team) -> list[int]:
    return list(team.members.order_by("order").values_list("player_id", flat=True))


def field_first_boards(round_, user=None) -> None:
    """Each team of each match fields the first players of its roster."""
    boards = round_.tournament.team_rules.boards
    for match in round_.matches.exclude(black_team=None):
        for team in (match.white_team, match.black_team):
            set_line_up(match, team, roster(team)[:boards], user)


def board_game(match: Match, board: int):
    boards = match.round.tournament.team_rules.boards
    return match.round.games.get(board=board_number(match, board, boards))


def play_match(match: Match, results: list[str], user=None) -> None:
    """``results`` board by board, as white's result of each game (Result values)."""
    for board, result in enumerate(results, start=1):
        enter_result(board_game(match, board), result, user)


def play_round(round_, user=None) -> None:
    """The team with White on board 1 wins boards 1 and 2, the other boards drawn."""
    for match in round_.matches.exclude(black_team=None):
        boards = match.round.tournament.team_rules.boards
        for board in range(1, boards + 1):
            game = board_game(match, board)
            home_white = game.white.team_member.team_id == match.white_team_id
            if board <= 2:
                enter_result(game, Result.WHITE_WINS if home_white else Result.BLACK_WINS, user)
            else:
                enter_result(game, Result.DRAW, user)
