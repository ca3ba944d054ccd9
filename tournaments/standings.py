"""Standings, crosstables and tie-break explanations for display, from the engine's view of the tournament."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Q
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from pairing.engine import ratings
from pairing.engine.standings import standings
from pairing.engine.systems import dubov
from pairing.engine.tiebreaks import Contribution, explain, parse_codes
from pairing.engine.trf import score

from . import cache
from .models import Absence, Game, Player, Result, Round, Tournament
from .trf import RESULT_CODES, scoring, tournament_document

CELL_RESULTS = {"1": "1", "0": "0", "=": "½", "W": "1", "L": "0", "D": "½"}
# The cells' titles are lazy texts: the rows are cached once for every language (tournaments/cache.py).
BYE_CELLS = {"U": ("bye", gettext_lazy("pairing-allocated bye")), "H": ("½", gettext_lazy("half-point bye")),
             "F": ("1", gettext_lazy("full-point bye")), "Z": ("0", gettext_lazy("not paired"))}
AGAINST = {"+": gettext_noop("forfeit win against %(opponent)s"),
           "-": gettext_noop("forfeit loss against %(opponent)s"),
           "w": gettext_noop("White against %(opponent)s"), "b": gettext_noop("Black against %(opponent)s")}


def _against(message: str, opponent: str) -> str:
    return gettext(message) % {"opponent": opponent}


#: A cell's title in the reader's language (a module-level function: the cache pickles it).
against = lazy(_against, str)
#: Tie-breaks whose value can be broken down round by round.
EXPLAINED = {"BH", "SB", "FB"}


@dataclass
class Cell:
    text: str
    title: str
    opponent: Player | None = None


@dataclass
class Value:
    code: str
    value: object  # Fraction, int or None (undefined)
    explained: bool


@dataclass
class Row:
    rank: int
    player: Player
    points: int  # tenths
    cells: list[Cell]
    tiebreaks: list[Value]
    aro: int | None = None  # Dubov: the ARO after these rounds (C.04.4.1 Art. 1.7)


def completed_round(text: str, completed: int) -> int | None:
    """The round number a reader asks for (``?after=3``), or None unless it is 0..``completed``.
    ASCII digits only: ``"²".isdigit()`` is true, but ``int("²")`` fails."""
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        return None
    number = int(text)
    return number if number <= completed else None


def crosstable(tournament: Tournament, rounds: int | None = None) -> list[Row]:
    """Ranked rows after ``rounds`` rounds (all completed rounds by default), with the
    tournament's tie-breaks (C.07).

    Each cell shows the opponent's rank, colour and result (``12w1``; a forfeit ``12w+``,
    ``12b-``), and the byes.
    """
    rounds = tournament.completed_rounds() if rounds is None else rounds
    # Computed once per revision of the tournament (a result, a player, a round changed): the
    # revision is read first, then everything the rows are made of (tournaments/cache.py).
    current = Tournament.objects.get(pk=tournament.pk)
    key = f"crosstable:{current.pk}:{current.revision}:{rounds}"
    rows = cache.get(key)
    if rows is None:
        rows = _crosstable(current, rounds)
        cache.put(key, rows)
    return rows


def _crosstable(tournament: Tournament, rounds: int) -> list[Row]:
    document = tournament_document(tournament, rounds=rounds)
    codes = tournament.tiebreak_codes()
    explained = {tb.code: tb.name in EXPLAINED for tb in parse_codes(codes)}
    ranking = standings(document, rounds, codes, tournament.tiebreak_edition, tournament.lot_order())
    aro = published_aros(tournament, rounds, document) or {}
    players = {p.pairing_number: p for p in tournament.players.all()}
    rank_of = {s.number: s.rank for s in ranking}
    rows = []
    for standing in ranking:
        cells = []
        for entry in standing.entries:
            if entry.opponent is None:
                cells.append(Cell(*BYE_CELLS[entry.code]))
                continue
            opponent = players[entry.opponent]
            if entry.code in "+-":
                # A forfeit names the opponent as a game does (``12w+``): whom it was against.
                text = f"{rank_of[entry.opponent]}{entry.colour}{entry.code}"
                title = against(AGAINST[entry.code], str(opponent))
            else:
                text = f"{rank_of[entry.opponent]}{entry.colour}{CELL_RESULTS[entry.code]}"
                title = against(AGAINST[entry.colour], str(opponent))
            cells.append(Cell(text, title, opponent))
        values = [Value(code, standing.tiebreaks.get(code), explained[code]) for code in codes]
        rows.append(Row(standing.rank, players[standing.number], standing.points, cells, values,
                        aro.get(standing.number)))
    return rows


def published_aros(tournament: Tournament, rounds: int, document=None) -> dict[int, int] | None:
    """For a Dubov tournament, each player's ARO after ``rounds`` rounds by pairing number: the
    engine's own computation (C.04.4.1 2026 Art. 1.7), published so that players can check their
    pairing.  None for the other systems, which do not pair by ARO."""
    if not tournament.pairs_by_aro:
        return None
    return dubov.aros(document or tournament_document(tournament, rounds=rounds), rounds)


@dataclass
class Explanation:
    code: str
    player: Player
    rounds: int
    contributions: list[tuple[Contribution, Player | None]]
    total: object


def explanation(tournament: Tournament, player: Player, code: str, rounds: int) -> Explanation:
    """The rounds behind a BH, SB or FB value: each opponent (or dummy), the score counted and the cuts."""
    document = tournament_document(tournament, rounds=rounds)
    contributions = explain(document, code, player.pairing_number, tournament.tiebreak_edition, rounds)
    players = {p.pairing_number: p for p in tournament.players.all()}
    total = sum((c.value for c in contributions if not c.cut), start=0)
    return Explanation(code, player, rounds, [(c, players.get(c.opponent)) for c in contributions], total)


def published_rounds(tournament: Tournament):
    return tournament.round_set.filter(status=Round.Status.PUBLISHED)


def points_before(tournament: Tournament, round_number: int) -> dict[int, int]:
    """Each player's points (tenths) by pairing number before ``round_number``: what the board lists
    show beside the names (byes and forfeits counted as the tournament scores them)."""
    document = tournament_document(tournament, rounds=round_number - 1)
    return {number: score(document, record, round_number - 1) for number, record in document.players.items()}


#: Why a player has no board in a round, and the TRF code of what he scores for it.
ABSENCE_REASONS = {
    Absence.Kind.HALF: gettext_lazy("Half-point bye"),
    Absence.Kind.ZERO: gettext_lazy("Zero-point bye"),
    Absence.Kind.FULL: gettext_lazy("Full-point bye"),
}
WITHDRAWN = gettext_lazy("Withdrawn")
NOT_ENTERED = gettext_lazy("Not yet entered")
ABSENT = gettext_lazy("Absent, not paired")


@dataclass
class NotPaired:
    """A player of the tournament without a board in a round: a requested bye (C.04.2 D.4), not yet
    entered (C.2 b), withdrawn (D.3) or absent."""
    player: Player
    reason: str
    code: str  # the TRF code of the round (H, Z, F)
    scored: int  # tenths
    points: int = 0  # tenths before the round


def not_paired_reason(tournament: Tournament, player: Player, round_number: int,
                      absences: dict[tuple[int, int], str]) -> tuple[str, str]:
    """(reason, TRF code) of a player who has no board in ``round_number``; the code is what
    ``trf.tournament_document`` writes for that round."""
    bye = absences.get((player.pk, round_number))
    if bye:
        return ABSENCE_REASONS[bye], bye
    if round_number < player.entry_round:
        return NOT_ENTERED, tournament.late_entry_bye
    if player.withdrawn_from_round is not None and round_number >= player.withdrawn_from_round:
        return WITHDRAWN, "Z"
    return ABSENT, "Z"


def _absences(tournament: Tournament) -> dict[tuple[int, int], str]:
    return {(a.player_id, a.round_number): a.bye for a in Absence.objects.filter(player__tournament=tournament)}


def folded(text: str) -> str:
    """Lower case without accents: ``Černý`` is found by ``cerny``."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def finds(player: Player | None, query: str) -> bool:
    """Whether ``query`` is part of the player's name (accents and case aside) or his pairing number."""
    if player is None or not query:
        return False
    if query.isascii() and query.isdigit():
        return player.pairing_number == int(query)
    return folded(query) in folded(player.name)


@dataclass
class BoardList:
    """A published round as the players read it: every board with both players' ratings and points
    before the round (the PAB last, as a board without black), then who is not paired and why."""
    games: list[Game]
    not_paired: list[NotPaired] = field(default_factory=list)
    query: str = ""

    @property
    def pab(self) -> Game | None:
        return next((game for game in self.games if game.is_bye), None)


def board_list(tournament: Tournament, round_: Round, query: str = "") -> BoardList:
    """The round's boards, each game with ``white_points``, ``black_points`` (tenths before the
    round) and, for a Dubov tournament, ``white_aro`` and ``black_aro``; the players without a
    board; with ``query``, only the boards and players it finds (:func:`finds`)."""
    games = with_aros(tournament, round_)
    before = points_before(tournament, round_.number)
    for game in games:
        game.white_points = before.get(game.white.pairing_number, 0)
        game.black_points = before.get(game.black.pairing_number, 0) if game.black else None
    paired = {game.white_id for game in games} | {game.black_id for game in games if game.black_id}
    absences = _absences(tournament)
    points = scoring(tournament)
    missing = []
    for player in tournament.players.all():
        if player.pk in paired:
            continue
        reason, code = not_paired_reason(tournament, player, round_.number, absences)
        missing.append(NotPaired(player, reason, code, points.points(code), before.get(player.pairing_number, 0)))
    query = query.strip()
    if query:
        games = [game for game in games if finds(game.white, query) or finds(game.black, query)]
        missing = [entry for entry in missing if finds(entry.player, query)]
    return BoardList(games, missing, query)


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


#: His own result (as a crosstable cell shows it) and the score of a played game, by the game's result.
OWN_RESULT = {
    Result.WHITE_WINS: (("1", Fraction(1)), ("0", Fraction(0))),
    Result.DRAW: (("½", Fraction(1, 2)), ("½", Fraction(1, 2))),
    Result.BLACK_WINS: (("0", Fraction(0)), ("1", Fraction(1))),
    Result.WHITE_FORFEIT_WIN: (("+", None), ("-", None)),
    Result.BLACK_FORFEIT_WIN: (("-", None), ("+", None)),
    Result.DOUBLE_FORFEIT: (("-", None), ("-", None)),
}


def player_record(tournament: Tournament, player: Player) -> PlayerRecord:
    published = list(published_rounds(tournament).values_list("number", flat=True))
    games = {game.round.number: game for game in Game.objects.filter(
        round__tournament=tournament, round__status=Round.Status.PUBLISHED).filter(
        Q(white=player) | Q(black=player)).select_related("round", "white", "black")}
    absences = _absences(tournament)
    points = scoring(tournament)
    rounds, total, rated = [], 0, []
    for number in published:
        game = games.get(number)
        entry = PlayerRound(number)
        if game is None:
            entry.reason, code = not_paired_reason(tournament, player, number, absences)
            entry.scored = points.points(code)
        elif game.is_bye:
            entry.board, entry.reason, entry.scored = game.board, BYE_CELLS["U"][1], points.points("U")
        else:
            white = game.white_id == player.pk
            entry.board, entry.colour = game.board, "w" if white else "b"
            entry.opponent = game.black if white else game.white
            if game.result:
                entry.result, played = OWN_RESULT[game.result][0 if white else 1]
                entry.scored = points.points(RESULT_CODES[game.result][0 if white else 1])
                if played is not None and entry.opponent.rating:
                    rated.append((entry.opponent.rating, played))  # B.02 8.3.1: games against rated players
        if entry.scored is not None:
            total += entry.scored
        entry.total = total if entry.scored is not None else None
        rounds.append(entry)
    completed = tournament.completed_rounds()
    rank = next((row.rank for row in crosstable(tournament, completed) if row.player.pk == player.pk),
                None) if completed else None
    scored = sum((result for opponent_rating, result in rated), start=Fraction(0))
    performance = ratings.performance(scored, [opponent_rating for opponent_rating, result in rated])
    k = change = None
    if player.rating and rated:
        year = (tournament.start_date or tournament.created_at).year
        k = ratings.k_factor(player.rating, player.birth_date.year if player.birth_date else None, year)
        change = ratings.rating_change(player.rating, rated, k)
    return PlayerRecord(player, rounds, total, rank, completed, len(rated), performance, k, change)


def with_aros(tournament: Tournament, round_: Round) -> list:
    """The round's games; for a Dubov tournament each with ``white_aro`` and ``black_aro``, the
    AROs the pairing of the round read (after the rounds before it)."""
    games = list(round_.games.select_related("white", "black"))
    aros = published_aros(tournament, round_.number - 1)
    if aros is not None:
        for game in games:
            game.white_aro = aros.get(game.white.pairing_number)
            game.black_aro = aros.get(game.black.pairing_number) if game.black else None
    return games
