"""Standings, crosstables and tie-break explanations for display, from the engine's view of the tournament."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from pairing.engine import Contribution, explain_tiebreak, parse_codes, score, standings_by_tiebreaks
from tournaments import cache
from tournaments.exchange.trf import game_rounds, standings_document, tournament_document
from tournaments.models import Player, Round, Tournament

#: How a result code of the TRF reads in a crosstable cell and a player's record (a game of less than
#: one move, W D L, as a game; a forfeit as its sign).
CELL_TEXT = {"1": "1", "0": "0", "=": "½", "W": "1", "L": "0", "D": "½", "+": "+", "-": "-"}
BYE_CELLS = {"U": (gettext_noop("bye"), gettext_lazy("pairing-allocated bye")),
             "H": ("½", gettext_lazy("half-point bye")), "F": ("1", gettext_lazy("full-point bye")),
             "Z": ("0", gettext_lazy("not paired"))}
AGAINST = {"+": gettext_noop("forfeit win against %(opponent)s"),
           "-": gettext_noop("forfeit loss against %(opponent)s"),
           "w": gettext_noop("White against %(opponent)s"), "b": gettext_noop("Black against %(opponent)s")}
#: Tie-breaks whose value can be broken down round by round.
EXPLAINED = {"BH", "SB", "FB"}

# The tables below are cached once per revision for every language (tournaments/cache.py): plain
# data only, so that they pickle small and read back fast; their words are translated when shown.


@dataclass(slots=True)
class Entrant:
    """A player as the tables show him (his row, an opponent in a cell)."""
    pk: int
    pairing_number: int
    name: str
    title: str
    rating: int | None
    slug: str  # his tournament's

    def __str__(self) -> str:
        return f"{self.title} {self.name}".strip()  # as Player.__str__

    def get_absolute_url(self) -> str:
        return reverse("public:player", args=[self.slug, self.pairing_number])


@dataclass(slots=True)
class Cell:
    text: str
    kind: str  # against an opponent: his colour (w b) or the forfeit (+ -); else the bye's code (U H F Z)
    opponent: Entrant | None = None

    @property
    def title(self) -> str:
        """What the cell means, in the reader's language."""
        if self.opponent is None:
            return str(BYE_CELLS[self.kind][1])
        return gettext(AGAINST[self.kind]) % {"opponent": str(self.opponent)}


@dataclass(slots=True)
class Value:
    code: str
    value: object  # Fraction, int or None (undefined)
    explained: bool


@dataclass(slots=True)
class Row:
    #: the row's number in the table (1, 2, 3...): unique where ranks are shared (equal on every
    #: tie-break), so the cells name opponents by it, as chess-results and Swiss-Manager do
    line: int
    rank: int
    player: Entrant
    points: int  # tenths
    cells: list[Cell]
    tiebreaks: list[Value]
    aro: int | None = None  # Dubov: the ARO after these rounds (C.04.4.1 Art. 1.7)


def _packed(value):
    """A tie-break value as plain numbers: a Fraction reads back slowly (a 10,000-player table has
    60,000 of them)."""
    return (value.numerator, value.denominator) if isinstance(value, Fraction) else value


def _unpacked(value):
    return Fraction(*value) if isinstance(value, tuple) else value


@dataclass
class Table:
    """The ranked rows after some rounds, held as tuples of numbers and strings, so that a
    10,000-player table reads back from the cache in a fraction of a second; a :class:`Row` is made
    when it is read (``table[i]``, ``table[a:b]``, ``for row in table``)."""
    slug: str
    codes: tuple[str, ...]
    explained: tuple[bool, ...]
    players: dict[int, tuple]  # pairing number: (pk, name, title, rating)
    rows: list[tuple]  # (line, rank, pairing number, points, cells (text, kind, opponent), values, aro)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._row(data) for data in self.rows[index]]
        return self._row(self.rows[index])

    def __iter__(self):
        return (self._row(data) for data in self.rows)

    def entrant(self, number: int) -> Entrant:
        pk, name, title, rating = self.players[number]
        return Entrant(pk, number, name, title, rating, self.slug)

    def _row(self, data: tuple) -> Row:
        line, rank, number, points, cells, values, aro = data
        return Row(line, rank, self.entrant(number), points,
                   [Cell(gettext(text) if kind == "U" else text, kind,  # the bye's word in the reader's language
                         None if opponent is None else self.entrant(opponent))
                    for text, kind, opponent in cells],
                   [Value(code, _unpacked(value), explained)
                    for code, value, explained in zip(self.codes, values, self.explained, strict=True)], aro)

    def rank_of(self, number: int) -> int | None:
        return next((data[1] for data in self.rows if data[2] == number), None)

    def rows_of(self, numbers: set[int]) -> list[Row]:
        """The rows of these players (pairing numbers), in the table's order."""
        return [self._row(data) for data in self.rows if data[2] in numbers]


def completed_round(text: str, completed: int) -> int | None:
    """The round number a reader asks for (``?after=3``), or None unless it is 0..``completed``.
    ASCII digits only: ``"²".isdigit()`` is true, but ``int("²")`` fails."""
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        return None
    number = int(text)
    return number if number <= completed else None


def crosstable(tournament: Tournament, rounds: int | None = None) -> Table:
    """Ranked rows after ``rounds`` rounds (all completed rounds by default), with the
    tournament's tie-breaks (C.07).

    Each cell shows the opponent's line in the table (``Row.line``, unique where ranks are shared),
    colour and result (``12w1``; a forfeit ``12w+``, ``12b-``), and the byes.
    """
    rounds = tournament.completed_rounds() if rounds is None else rounds
    # Computed once per revision of the tournament (a result, a player, a round changed): the
    # revision is read first, then everything the rows are made of (tournaments/cache.py).
    current = Tournament.objects.get(pk=tournament.pk)
    family = f"crosstable:v4:{current.pk}:{rounds}"
    return cache.shared(f"{family}:{current.revision}", lambda: _crosstable(current, rounds), family=family)


def _crosstable(tournament: Tournament, rounds: int) -> Table:
    document = tournament_document(tournament, rounds=rounds)
    codes = tournament.tiebreak_codes()
    explained = {tb.code: tb.name in EXPLAINED for tb in parse_codes(codes)}
    games = game_rounds(rounds, tournament.games_per_round)  # Double-Swiss: a cell per game
    ranking = standings_by_tiebreaks(standings_document(tournament, document), games, codes,
                                     tournament.tiebreak_edition, tournament.lot_order())
    aro = published_aros(tournament, rounds, document) or {}
    line_of = {s.number: line for line, s in enumerate(ranking, start=1)}
    rows = []
    for standing in ranking:
        cells = []
        for entry in document.players[standing.number].rounds[:games]:  # the games as played
            if entry.opponent is None:
                cells.append((BYE_CELLS[entry.code][0], entry.code, None))
            elif entry.code in "+-":
                # A forfeit names the opponent as a game does (``12w+``): whom it was against.
                cells.append((f"{line_of[entry.opponent]}{entry.colour}{entry.code}", entry.code, entry.opponent))
            else:
                cells.append((f"{line_of[entry.opponent]}{entry.colour}{CELL_TEXT[entry.code]}", entry.colour,
                              entry.opponent))
        values = tuple(_packed(standing.tiebreaks.get(code)) for code in codes)
        rows.append((line_of[standing.number], standing.rank, standing.number, standing.points, tuple(cells), values,
                     aro.get(standing.number)))
    players = {number: (pk, name, title, rating) for pk, number, name, title, rating in
               tournament.players.values_list("pk", "pairing_number", "name", "title", "rating")}
    return Table(tournament.slug, tuple(codes), tuple(explained[code] for code in codes), players, rows)


def published_aros(tournament: Tournament, rounds: int, document=None) -> dict[int, int] | None:
    """For a Dubov tournament, each player's ARO after ``rounds`` rounds by pairing number: the
    engine's own computation (C.04.4.1 2026 Art. 1.7), published so that players can check their
    pairing.  None for the other systems, which do not pair by ARO."""
    if not tournament.pairs_by_aro:
        return None
    return tournament.swiss_system.aros(document or tournament_document(tournament, rounds=rounds), rounds)


@dataclass
class Explanation:
    code: str
    player: Player
    rounds: int
    #: each round's (or Double-Swiss game's) part, its opponent and its label as the crosstable's (1, or 1.2)
    contributions: list[tuple[Contribution, Player | None, str]]
    total: object


def explanation(tournament: Tournament, player: Player, code: str, rounds: int) -> Explanation:
    """The rounds behind a BH, SB or FB value: each opponent (or dummy), the score counted and the cuts."""
    document = standings_document(tournament, tournament_document(tournament, rounds=rounds))
    contributions = explain_tiebreak(document, code, player.pairing_number, tournament.tiebreak_edition,
                                     game_rounds(rounds, tournament.games_per_round))
    players = {p.pairing_number: p for p in tournament.players.all()}
    total = sum((c.value for c in contributions if not c.cut), start=0)
    labels = round_labels(tournament, rounds)
    return Explanation(code, player, rounds, [(c, players.get(c.opponent), labels[c.round - 1])
                                              for c in contributions], total)


def published_rounds(tournament: Tournament):
    return tournament.round_set.filter(status=Round.Status.PUBLISHED)


def points_before(tournament: Tournament, round_number: int) -> dict[int, int]:
    """Each player's points (tenths) by pairing number before ``round_number``: what the board lists
    show beside the names (byes and forfeits counted as the tournament scores them); computed once
    per revision, as the crosstable."""
    current = Tournament.objects.get(pk=tournament.pk)
    family = f"points:{current.pk}:{round_number}"
    return cache.shared(f"{family}:{current.revision}", lambda: _points_before(current, round_number), family=family)


def _points_before(tournament: Tournament, round_number: int) -> dict[int, int]:
    document = tournament_document(tournament, rounds=round_number - 1)
    games = game_rounds(round_number - 1, tournament.games_per_round)
    return {number: score(document, record, games) for number, record in document.players.items()}


def round_labels(tournament: Tournament, rounds: int) -> list[str]:
    """The crosstable's column headings: the round numbers, or for a Double-Swiss tournament each
    match's two games (``1.1``, ``1.2``: match 1, games 1 and 2)."""
    if tournament.games_per_round == 1:
        return [str(r) for r in range(1, rounds + 1)]
    return [f"{r}.{g}" for r in range(1, rounds + 1) for g in (1, 2)]
