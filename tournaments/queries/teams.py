"""What the team event's pages read: the matches of a round with their boards and scores, the teams
without a match in it and why (``teams_not_paired``), where each team player plays in a round (the
pairings by name, a player's record), the team standings with the C.07 team tie-breaks, the team
crosstable.  Scores come from the engine's team document (``exchange.team_trf``): the standings count
what the pairing counts."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q
from django.utils.translation import gettext_lazy

from tournaments.exchange.team_trf import team_document
from tournaments.models import (
    RESULT_CODES,
    Game,
    LineUp,
    Match,
    Result,
    Round,
    Team,
    TeamAbsence,
    TeamMember,
    TeamRules,
    Tournament,
)
from tournaments.team_tiebreaks import TeamRow, team_standings

#: The points of one side of a game by its TRF code (the tournament's board points read them).
_WIN, _DRAW, _LOSS = ("1", "+"), ("=",), ("0", "-")


def team_rules(tournament: Tournament) -> TeamRules | None:
    return TeamRules.objects.filter(tournament=tournament).first()


@dataclass
class BoardLine:
    board: int
    home: object  # the Player of the team with White on board 1, or None before its line-up
    away: object
    home_white: bool
    game: Game | None = None

    @property
    def result(self) -> str:
        """The result read from the home team's side ("1-0": the home player won)."""
        if self.game is None or not self.game.result:
            return ""
        if self.home_white or self.game.result == Result.BYE:
            return self.game.result
        white, black = RESULT_CODES[self.game.result]
        return {v: k for k, v in RESULT_CODES.items()}[(black, white)]


@dataclass
class MatchLine:
    match: Match
    boards: list[BoardLine] = field(default_factory=list)
    home_points: Decimal = Decimal(0)
    away_points: Decimal = Decimal(0)
    complete: bool = False

    @property
    def score(self) -> str:
        """"2½–1½" once a result is in, else ""."""
        if not any(line.result for line in self.boards):
            return ""
        return f"{_half(self.home_points)}–{_half(self.away_points)}"


def _half(value: Decimal) -> str:
    whole, half = divmod(value * 2, 2)
    return f"{int(whole) or ('' if half else 0)}{'½' if half else ''}"


def _side_points(tournament: Tournament, code: str) -> Decimal:
    if code in _WIN:
        return tournament.points_win
    if code in _DRAW:
        return tournament.points_draw
    return tournament.points_loss


def round_matches(round_: Round) -> list[MatchLine]:
    """The matches of ``round_``, each with its boards (the line-ups, the games) and score."""
    tournament = round_.tournament
    boards = tournament.team_rules.boards
    games = {g.board: g for g in round_.games.select_related("white", "black")}
    fielded: dict[tuple[int, int, int], object] = {}
    matches = list(round_.matches.select_related("white_team", "black_team").prefetch_related("line_ups__player"))
    for match in matches:
        for line in match.line_ups.all():
            fielded[match.pk, line.team_id, line.board] = line.player
    lines = []
    for match in matches:
        item = MatchLine(match)
        for board in range(1, boards + 1):
            game = games.get((match.number - 1) * boards + board)
            home = game.white if match.is_bye and game else fielded.get((match.pk, match.white_team_id, board))
            line = BoardLine(board, home, fielded.get((match.pk, match.black_team_id, board)), board % 2 == 1, game)
            item.boards.append(line)
            if line.result and line.result != Result.BYE:
                home_code, away_code = RESULT_CODES[line.result]
                item.home_points += _side_points(tournament, home_code)
                item.away_points += _side_points(tournament, away_code)
        item.complete = all(line.result for line in item.boards)
        lines.append(item)
    return lines


#: Why a team has no match in a round: not yet entered (GHR 2026 Art. 2.4), withdrawn (C.04.6, GHR; record 240),
#: its absence announced (240), else left out of the pairing by a manual change (C.04.6 1.4, 3.3.1: only the
#: PAB's team is unpaired).
TEAM_WITHDRAWN = gettext_lazy("Team withdrawn")
TEAM_ABSENT = gettext_lazy("Team absent (announced)")
TEAM_NOT_PAIRED = gettext_lazy("Team not paired")
#: A late team before its entry round (GHR 2026 Art. 2.4: paired only from its arrival).
TEAM_NOT_ENTERED = gettext_lazy("Team not yet entered")


def team_not_paired_reason(team: Team, round_number: int, announced: bool) -> str:
    """Why ``team`` has no match in round ``round_number`` (``announced``: its absence from it)."""
    if not team.entered(round_number):
        return TEAM_NOT_ENTERED
    if not team.plays(round_number):
        return TEAM_WITHDRAWN
    return TEAM_ABSENT if announced else TEAM_NOT_PAIRED


@dataclass
class TeamNotPaired:
    team: Team
    reason: str


def teams_not_paired(round_: Round) -> list[TeamNotPaired]:
    """The teams without a match in ``round_`` (the PAB is one), by number, and why."""
    matches = round_.matches.all()
    paired = {*matches.values_list("white_team_id", flat=True), *matches.values_list("black_team_id", flat=True)}
    announced = set(TeamAbsence.objects.filter(team__tournament_id=round_.tournament_id, round_number=round_.number)
                    .values_list("team_id", flat=True))
    teams = Team.objects.filter(tournament_id=round_.tournament_id, pairing_number__isnull=False).exclude(pk__in=paired)
    return [TeamNotPaired(team, team_not_paired_reason(team, round_.number, team.pk in announced))
            for team in teams.order_by("pairing_number")]


@dataclass
class StandingsLine:
    team: Team
    row: TeamRow


def standings(tournament: Tournament, after: int) -> list[StandingsLine]:
    """The team standings after round ``after`` with the tournament's team tie-breaks."""
    rules = tournament.team_rules
    document = team_document(tournament, after)
    draws = {"MP": int(rules.match_draw * 10), "GP": int(tournament.points_draw * 10) * rules.boards}
    rows = team_standings(document, after, rules.tiebreak_codes(), rules.primary_score, draws)
    teams = {team.pairing_number: team for team in tournament.teams.all()}
    return [StandingsLine(teams[row.tpn], row) for row in rows]


@dataclass
class CrossCell:
    opponent: int | None  # the opponent's TPN; None: the PAB or no match
    colour: str           # "w" or "b" (board 1), "" without a match
    game_points: int      # tenths
    kind: str             # "match", "bye", "absent"


@dataclass
class CrossLine:
    team: Team
    rank: int
    match_points: int  # tenths
    game_points: int
    cells: list[CrossCell]


def crosstable(tournament: Tournament, after: int) -> list[CrossLine]:
    """Each team's rounds (opponent, colour on board 1, game points), in the standings' order."""
    document = team_document(tournament, after)
    lines = []
    for line in standings(tournament, after):
        tpn = line.team.pairing_number
        cells = [CrossCell(r.opponent, r.colour or "", r.game_points, r.kind)
                 for r in (document.round(tpn, number) for number in range(1, after + 1))]
        lines.append(CrossLine(line.team, line.row.rank, line.row.match_points, line.row.game_points, cells))
    return lines


@dataclass
class TeamPlayerLine:
    """Where a player of a team event plays in a round: his team's match (None: his team is not
    paired), the opposing team (None: the PAB), his team's colour on board 1 (C.04.6 1.6.1) and,
    once his team's line-up is in, his board (None: not fielded) and its colour."""
    player: object
    team: Team
    match: Match | None = None
    opponent: Team | None = None
    team_white: bool = True
    line_up: bool = False
    board: int | None = None

    @property
    def white(self) -> bool:
        """His colour on his board: the team's on board 1, alternating (C.04.6 1.6.1)."""
        return self.team_white == (self.board % 2 == 1)


def team_player_lines(round_: Round, matches: list[MatchLine]) -> list[TeamPlayerLine]:
    """Every player of every team in alphabetical order (then team, roster order) and where he plays
    in ``round_`` (its matches: ``round_matches``)."""
    members = list(TeamMember.objects.filter(team__tournament=round_.tournament).select_related("player", "team"))
    by_team: dict[int, list[TeamPlayerLine]] = {}
    for member in members:
        by_team.setdefault(member.team_id, []).append(TeamPlayerLine(member.player, member.team))
    for item in matches:
        match = item.match
        for team, opponent, home in ((match.white_team, match.black_team, True),
                                     (match.black_team, match.white_team, False)):
            if team is None:
                continue
            boards = {(b.home if home else b.away).pk: b.board for b in item.boards if (b.home if home else b.away)}
            for line in by_team.get(team.pk, []):
                line.match, line.opponent, line.team_white = match, opponent, home
                line.line_up, line.board = bool(boards), boards.get(line.player.pk)
    order = {member.player_id: (member.team.name.casefold(), member.order) for member in members}
    lines = [line for team_lines in by_team.values() for line in team_lines]
    return sorted(lines, key=lambda line: (line.player.name.casefold(), order[line.player.pk]))


def player_team_absences(player, rounds) -> dict[int, str]:
    """Why the team of a team player has no match in each of ``rounds`` (round numbers where it has none)."""
    member = TeamMember.objects.filter(player=player).select_related("team").first()
    if member is None:
        return {}
    announced = set(member.team.absences.values_list("round_number", flat=True))
    return {number: team_not_paired_reason(member.team, number, number in announced) for number in rounds}


def player_team_rounds(player) -> dict[int, TeamPlayerLine]:
    """A team player's published rounds in which his team has a match, by round number: the match,
    the opposing team, his team's colour on board 1, whether its line-up is in and his board in it."""
    member = TeamMember.objects.filter(player=player).select_related("team").first()
    if member is None:
        return {}
    team = member.team
    matches = (Match.objects.filter(round__tournament_id=player.tournament_id, round__status=Round.Status.PUBLISHED)
               .filter(Q(white_team=team) | Q(black_team=team)).select_related("round", "white_team", "black_team"))
    fielded = dict(LineUp.objects.filter(match__in=matches, team=team, player=player).values_list("match", "board"))
    in_ = set(LineUp.objects.filter(match__in=matches, team=team).values_list("match", flat=True))
    rounds = {}
    for match in matches:
        home = match.white_team_id == team.pk
        rounds[match.round.number] = TeamPlayerLine(player, team, match, match.black_team if home else match.white_team,
                                                    home, match.is_bye or match.pk in in_, fielded.get(match.pk))
    return rounds
