"""A player's record: every published round, points, rank, performance and rating change; in a
team event (C.04.6), his team's match of each round, before the line-ups make his game too."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q
from django.utils.translation import gettext_lazy

from pairing.engine import k_factor, rating_change, rating_rules
from pairing.engine import performance as performance_of
from tournaments.exchange.trf import PAB_CODES, scoring
from tournaments.models import RESULT_CODES, Game, Player, Round, Tournament, is_team_event
from tournaments.queries.boards import absences_by_round, not_paired_reason
from tournaments.queries.standings import BYE_CELLS, CELL_TEXT, crosstable, published_rounds
from tournaments.queries.teams import TeamPlayerLine, player_team_absences, player_team_rounds

#: A team player his team did not field in a match (C.04.6: the line-up names one player a board).
NOT_FIELDED = gettext_lazy("Not in the line-up")


@dataclass
class PlayerRound:
    """One round of a player: his board, or why he had none."""
    number: int
    board: int | None = None
    colour: str = ""  # "w" or "b"
    opponent: Player | None = None
    result: str = ""  # his own: 1 ½ 0 + - ; "" while the game is on
    reason: str = ""  # a bye or an absence
    scored: int | None = None  # tenths; None while the game is on
    total: int | None = None  # tenths after this round
    team: TeamPlayerLine | None = None  # a team event: his team's match; board: his board in it


@dataclass
class PlayerRecord:
    """What a player looks up: every published round, his points, his rank after the last complete
    round, and his performance and rating change over the games played (``pairing.engine.ratings``)."""
    player: Player
    rounds: list[PlayerRound]
    points: int  # tenths, every result in
    rank: int | None
    ranked_after: int
    rated_games: int
    performance: int | None
    k: int | None
    rating_change: Fraction | None


#: The score of a game played over the board, by the player's TRF code (B.02 8.3.1 rates these only).
PLAYED_SCORE = {"1": Fraction(1), "W": Fraction(1), "=": Fraction(1, 2), "D": Fraction(1, 2),
                "0": Fraction(0), "L": Fraction(0)}


def own_codes(game: Game, white: bool, games_per_round: int) -> list[str]:
    """The player's TRF codes of the board's games with a result: one game, or a Double-Swiss
    match's two, game 2 with the colours reversed (C.04.5 4.4; each game rated, B.02 8.3.1)."""
    sides = ((game.result, 0 if white else 1), (game.result2, 1 if white else 0))[:games_per_round]
    return [RESULT_CODES[result][side] for result, side in sides if result]


def player_record(tournament: Tournament, player: Player) -> PlayerRecord:
    published = list(published_rounds(tournament).values_list("number", flat=True))
    games = {game.round.number: game for game in Game.objects.filter(
        round__tournament=tournament, round__status=Round.Status.PUBLISHED).filter(
        Q(white=player) | Q(black=player)).select_related("round", "white", "black").defer(
        *(f"round__{name}" for name in Round.JSON_FIELDS))}
    absences = absences_by_round(tournament)
    team_event = is_team_event(tournament)
    team_rounds = player_team_rounds(player) if team_event else {}
    # A round his team has no match in: why (withdrawn, absent, left out of the pairing).
    team_out = player_team_absences(player, set(published) - set(team_rounds)) if team_event else {}
    points, per_round = scoring(tournament), tournament.games_per_round
    rounds, total, rated = [], 0, []
    for number in published:
        game = games.get(number)
        entry = PlayerRound(number)
        if game is None:
            entry.reason, code = not_paired_reason(tournament, player, number, absences)
            entry.reason = team_out.get(number, entry.reason)
            entry.scored = points.points(code) * per_round  # a Double-Swiss bye: the whole match (C.04.5)
        elif game.is_bye:
            entry.board, entry.reason = game.board, BYE_CELLS["U"][1]
            entry.scored = sum(points.points(code) for code in PAB_CODES[:per_round])
        else:
            white = game.white_id == player.pk
            entry.board, entry.colour = game.board, "w" if white else "b"
            entry.opponent = game.black if white else game.white
            entry.opponent.tournament = tournament  # his address, without a query
            codes = own_codes(game, white, per_round)
            if codes:
                entry.result = " ".join(CELL_TEXT[code] for code in codes)
                entry.scored = sum(points.points(code) for code in codes)
            for code in codes:
                played = PLAYED_SCORE.get(code)
                if played is not None and entry.opponent.rating:
                    rated.append((entry.opponent.rating, played))  # B.02 8.3.1: games against rated players
        if number in team_rounds:
            _in_team_match(entry, team_rounds[number], game, tournament.team_rules.boards)
        if entry.scored is not None:
            total += entry.scored
        entry.total = total if entry.scored is not None else None
        rounds.append(entry)
    completed = tournament.completed_rounds()
    rank = crosstable(tournament, completed).rank_of(player.pairing_number) if completed else None
    scored = sum((result for opponent_rating, result in rated), start=Fraction(0))
    performance = performance_of(scored, [opponent_rating for opponent_rating, result in rated])
    k = change = None
    if player.rating and rated:
        start = tournament.start_date or tournament.created_at.date()
        # B.02 8.3.3: K as the rating list gives it, else as far as the tournament's data tells.
        birth_year = player.birth_date.year if player.birth_date else player.birth_year
        k = player.k_factor or k_factor(player.rating, birth_year, start.year)
        change = rating_change(player.rating, rated, k, rating_rules(start))
    return PlayerRecord(player, rounds, total, rank, completed, len(rated), performance, k, change)


def _in_team_match(entry: PlayerRound, line: TeamPlayerLine, game: Game | None, boards: int) -> None:
    """His team's match of the round: his board in it once the line-ups make his game; before, the
    match without a result (his board and colour once his team's line-up names him); not fielded."""
    entry.team = line
    if game is not None:
        entry.board = (game.board - 1) % boards + 1  # the match's boards are the round's, match by match
    elif line.line_up and line.board is None:
        entry.reason = NOT_FIELDED
    else:
        entry.reason, entry.scored = "", None
        entry.board, entry.colour = line.board, ("w" if line.white else "b") if line.board else ""
