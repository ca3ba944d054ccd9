"""A round's pairing notice (issue 25): what each player is told when the round is published (his
board, colour, opponent and the round's start time), one copy for the mail and the player's page.
In a team event (C.04.6) the boards are known only once the line-ups are in: every player of a team
paired is told the match, the opposing team, his team's colour on board 1 and the start time; once both
line-ups of the match are in, each player fielded is told his board (``board_notice``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from django.db.models import Count, Q

from tournaments.models import Game, Match, Notice, Player, PlayerSide, Round, TeamMember, TeamRules, is_team_event


@dataclass(frozen=True)
class PairingNotice:
    round_number: int
    board: int
    colour: str  # "w" or "b"; "" for the pairing-allocated bye
    opponent: str  # his name; "" for the bye
    opponent_number: int | None
    opponent_rating: int | None
    starts_at: datetime | None
    # A team event: the player's team, the team it meets ("": the pairing-allocated bye), the match
    team: str = ""
    opponent_team: str = ""
    match: int | None = None
    # A board notice (the line-ups in): ``board`` the match's board (0: not in the line-up).  ``corrected``:
    # it replaces a board notice sent before, or (a pairing notice) those of the round discarded and paired again
    line_up: bool = False
    corrected: bool = False

    @property
    def bye(self) -> bool:
        return not (self.opponent or self.opponent_team)


def round_start(round_: Round) -> datetime | None:
    """When the round starts: the time the arbiter set on it, else the one of the player side's schedule
    (which the check-in window and the bye deadline are reckoned from); None when neither is given."""
    if round_.starts_at:
        return round_.starts_at
    side = PlayerSide.objects.filter(tournament_id=round_.tournament_id).only("round_times").first()
    return side.round_start(round_.number) if side else None


def round_notices(round_: Round, player_ids: Iterable[int] | None = None) -> dict[int, PairingNotice]:
    """The notice of each player with a board in ``round_`` (of ``player_ids`` only, if given), by player id;
    in a team event, of each player of a team paired (``team_notices``)."""
    if is_team_event(round_.tournament_id):
        return team_notices(round_, player_ids)
    games = Game.objects.filter(round=round_).select_related("white", "black")
    if player_ids is not None:
        ids = list(player_ids)
        games = games.filter(Q(white_id__in=ids) | Q(black_id__in=ids))
    notices, starts_at = {}, round_start(round_)
    for game in games:
        for player, colour, opponent in ((game.white, "w", game.black), (game.black, "b", game.white)):
            if player is None:
                continue
            notices[player.pk] = PairingNotice(
                round_.number, game.board, colour if opponent else "", opponent.name if opponent else "",
                opponent.pairing_number if opponent else None, opponent.rating if opponent else None,
                starts_at)
    return notices


def team_players(round_: Round) -> list[int]:
    """The ids of the players of every team paired in ``round_`` (the PAB's too: C.04.6 1.4)."""
    matches = Match.objects.filter(round=round_)
    teams = {*matches.values_list("white_team_id", flat=True), *matches.values_list("black_team_id", flat=True)}
    return list(TeamMember.objects.filter(team_id__in=teams - {None}).values_list("player_id", flat=True))


def team_notices(round_: Round, player_ids: Iterable[int] | None = None) -> dict[int, PairingNotice]:
    """Each player of a team paired in ``round_``: his team's match, the opposing team and his team's
    colour on board 1 (C.04.6 1.6.1), or the PAB; his board comes with the line-ups, after publication."""
    members = TeamMember.objects.select_related("team")
    if player_ids is not None:
        members = members.filter(player_id__in=list(player_ids))
    rosters: dict[int, list[int]] = {}
    for member in members:
        rosters.setdefault(member.team_id, []).append(member.player_id)
    notices, starts_at = {}, round_start(round_)
    for match in Match.objects.filter(round=round_).select_related("white_team", "black_team"):
        sides = ((match.white_team, "w", match.black_team), (match.black_team, "b", match.white_team))
        for team, colour, other in sides:
            for player_id in rosters.get(team.pk, []) if team else []:
                notices[player_id] = PairingNotice(
                    round_.number, 0, colour if other else "", "", None, None, starts_at, team=team.name,
                    opponent_team=other.name if other else "", match=match.number)
    return notices


def board_notice(notice: Notice, round_: Round) -> PairingNotice | None:
    """What a board notice tells (C.04.6, the line-ups in): the player's team's match, his board in it, his
    colour and opponent, or that he is not in the line-up; None when his team has no match any more."""
    team = team_notices(round_, [notice.player_id]).get(notice.player_id)
    if team is None:
        return None
    told = replace(team, colour="", line_up=True, corrected=notice.sequence > 0)
    if notice.board is None:
        return told
    boards = TeamRules.objects.get(tournament_id=round_.tournament_id).boards
    opponent = notice.opponent
    return replace(told, board=(notice.board - 1) % boards + 1, colour=notice.colour,
                   opponent=opponent.name if opponent else "", opponent_number=opponent and opponent.pairing_number,
                   opponent_rating=opponent and opponent.rating)


def player_notice(player: Player) -> PairingNotice | None:
    """The player's notice of the tournament's last published round (None without a board there)."""
    round_ = (Round.objects.filter(tournament_id=player.tournament_id, status=Round.Status.PUBLISHED)
              .defer(*Round.JSON_FIELDS).order_by("-number").first())
    if round_ is None:
        return None
    return round_notices(round_, [player.pk]).get(player.pk)


def notice_counts(round_: Round) -> dict[str, int]:
    """How many of the round's notices are queued, sent and failed."""
    return state_counts(Notice.objects.filter(round=round_))


def state_counts(notices) -> dict[str, int]:
    """How many of ``notices`` (a queryset) are queued, sent and failed."""
    counts = dict(notices.values_list("state").annotate(n=Count("pk")).order_by())
    return {state: counts.get(state, 0) for state in Notice.State.values}
