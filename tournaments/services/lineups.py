"""Line-ups: who plays on which board of a match, checked against the board order the rules set
(the roster's order kept, substitutes allowed or not); once both teams' are in, the boards are
the round's games (white on the odd boards for the team with White on board 1, C.04.6 1.6.1) and
each player fielded is told his board (a correction when a line-up changes: services.notices)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.cache import bump
from tournaments.models import Game, LineUp, Match, Result, Round, Team, TeamMember, TeamRules
from tournaments.services import Refused, lock_tournament
from tournaments.services.notices import Told, queue_board_notices


def board_number(match: Match, board: int, boards: int) -> int:
    """The round's board number of board ``board`` of ``match``."""
    return (match.number - 1) * boards + board


def check_line_up(rules: TeamRules, team: Team, players: Sequence[int]) -> None:
    """``players`` (keys, board 1 first) is a line-up ``team`` may field, or :class:`Refused` says why."""
    if len(players) != rules.boards:
        raise Refused(_("A line-up names one player for each of the %(boards)s boards.") % {"boards": rules.boards})
    if len(set(players)) != len(players):
        raise Refused(_("A player can play on one board only."))
    place = dict(team.members.values_list("player_id", "order"))
    if any(p not in place for p in players):
        raise Refused(_("Every player of the line-up must be on the roster of %(team)s.") % {"team": team.name})
    roster = sorted(place.values())
    if not rules.substitutes and any(place[p] not in roster[:rules.boards] for p in players):
        raise Refused(_("Substitutes are not allowed: the first %(boards)s players of the roster play.") % {
            "boards": rules.boards})
    orders = [place[p] for p in players]
    if rules.roster_order and orders != sorted(orders):
        raise Refused(_("The line-up must keep the roster's board order: a player may not play above a player "
                        "listed higher in the roster."))


@transaction.atomic
def set_line_up(match: Match, team: Team, players: Sequence[int], user=None) -> bool:
    """Field ``players`` (keys, board 1 first) for ``team`` in ``match``; False if it was so already.
    Refused once a result of the match is in, or before the round is published."""
    tournament = lock_tournament(match.round.tournament)
    match = Match.objects.select_related("round", "white_team", "black_team").get(pk=match.pk)
    rules = tournament.team_rules
    if match.is_bye or team.pk not in (match.white_team_id, match.black_team_id):
        raise Refused(_("%(team)s does not play a match here.") % {"team": team.name})
    if match.round.status != Round.Status.PUBLISHED:
        raise Refused(_("Publish the pairing before the line-ups."))
    if match.forfeit:
        raise Refused(_("This match was lost by forfeit: it has no line-ups."))
    games = match_games(match, rules.boards)
    if games.exclude(result="").exists():
        raise Refused(_("A result of this match is in: its line-ups can no longer change."))
    check_line_up(rules, team, players)
    current = list(match.line_ups.filter(team=team).order_by("board").values_list("player_id", flat=True))
    if current == list(players):
        return False  # a second click
    match.line_ups.filter(team=team).delete()
    LineUp.objects.bulk_create(LineUp(match=match, team=team, board=b, player_id=p)
                               for b, p in enumerate(players, start=1))
    names = dict(team.members.values_list("player_id", "player__name"))
    audit.record(tournament, Kind.TEAM, "line-up", f"Round {match.round.number}: line-up of “{team.name}” "
                 f"against “{_other(match, team).name}”", user=user,
                 before={"players": [names[p] for p in current]} if current else None,
                 after={"players": [names[p] for p in players]})
    games.delete()
    make_games(match, rules.boards)
    queue_board_notices(match.round, rosters(match), _boards(match_games(match, rules.boards)))
    bump(pk=tournament.pk)  # bulk writes send no signal
    return True


def rosters(match: Match) -> set[int]:
    """The players of both teams' rosters (whom the match's board notices go to)."""
    return set(TeamMember.objects.filter(team_id__in=(match.white_team_id, match.black_team_id))
               .values_list("player_id", flat=True))


def _boards(games) -> dict[int, Told]:
    """Each player's board, colour and opponent in ``games`` (none before both line-ups are in)."""
    boards = {}
    for board, white, black in games.values_list("board", "white_id", "black_id"):
        boards[white], boards[black] = (board, "w", black), (board, "b", white)
    return boards


def _other(match: Match, team: Team) -> Team:
    return match.black_team if team.pk == match.white_team_id else match.white_team


def match_games(match: Match, boards: int):
    first = board_number(match, 1, boards)
    return Game.objects.filter(round=match.round, board__gte=first, board__lt=first + boards)


def make_games(match: Match, boards: int) -> None:
    """The boards as games once both line-ups are in: the team with White on board 1 (its colour
    in the match, C.04.6 1.6.1) has White on the odd boards, the usual rule of team competitions
    (written in the TRF file as record 352, ``WBWB``)."""
    fielded = {(line.team_id, line.board): line.player_id for line in match.line_ups.all()}
    if len(fielded) < 2 * boards:
        return
    games = []
    for board in range(1, boards + 1):
        home, away = fielded[match.white_team_id, board], fielded[match.black_team_id, board]
        white, black = (home, away) if board % 2 else (away, home)
        games.append(Game(round=match.round, board=board_number(match, board, boards), white_id=white,
                          black_id=black))
    Game.objects.bulk_create(games)


def bye_games(match: Match, boards: int) -> list[Game]:
    """The PAB's boards (C.04.6 1.4, scored automatically): the first players of the roster."""
    players = match.white_team.members.order_by("order").values_list("player_id", flat=True)[:boards]
    return [Game(round=match.round, board=board_number(match, board, boards), white_id=player, result=Result.BYE)
            for board, player in enumerate(players, start=1)]
