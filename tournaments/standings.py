"""Standings, crosstables and player cards for display, from the engine's view of the tournament."""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.standings import Standing, standings

from .models import Player, Round, Tournament
from .trf import tournament_document


@dataclass
class Row:
    rank: int
    player: Player
    points: int  # tenths
    cells: list[Cell]


@dataclass
class Cell:
    text: str
    title: str
    opponent: Player | None = None


CELL_RESULTS = {"1": "1", "0": "0", "=": "½", "W": "1", "L": "0", "D": "½"}
BYE_CELLS = {"U": ("bye", "pairing-allocated bye"), "H": ("½", "half-point bye"),
             "F": ("1", "full-point bye"), "Z": ("0", "not paired")}


def crosstable(tournament: Tournament, rounds: int | None = None) -> list[Row]:
    """Ranked rows after ``rounds`` rounds (all completed rounds by default).

    Each cell shows the opponent's rank, colour and result (``12w1``), ``+``/``-``
    for forfeits, and the byes.
    """
    rounds = tournament.completed_rounds() if rounds is None else rounds
    document = tournament_document(tournament, rounds=rounds)
    ranking: list[Standing] = standings(document, rounds)
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
                text = entry.code
                title = f"forfeit {'win' if entry.code == '+' else 'loss'} against {opponent}"
            else:
                text = f"{rank_of[entry.opponent]}{entry.colour}{CELL_RESULTS[entry.code]}"
                title = f"{'White' if entry.colour == 'w' else 'Black'} against {opponent}"
            cells.append(Cell(text, title, opponent))
        rows.append(Row(standing.rank, players[standing.number], standing.points, cells))
    return rows


def published_rounds(tournament: Tournament):
    return tournament.round_set.filter(status=Round.Status.PUBLISHED)
