"""Standings and crosstable rows computed from a TRF document (no ORM).

Players are ranked by points, then by pairing number; the tie-break systems
of C.07 will refine the order.
"""

from __future__ import annotations

from dataclasses import dataclass

from .trf import RoundEntry, TrfDocument, score


@dataclass(frozen=True)
class Standing:
    rank: int
    number: int
    points: int  # tenths
    entries: tuple[RoundEntry, ...]


def standings(document: TrfDocument, rounds: int | None = None) -> list[Standing]:
    """The ranking after ``rounds`` rounds (all rounds in the file by default)."""
    rounds = document.rounds_in_file if rounds is None else rounds
    rows = []
    for record in document.players.values():
        entries = tuple(record.rounds[:rounds])
        rows.append((score(document, record, rounds), record.number, entries))
    rows.sort(key=lambda row: (-row[0], row[1]))
    return [Standing(rank, number, points, entries)
            for rank, (points, number, entries) in enumerate(rows, start=1)]
