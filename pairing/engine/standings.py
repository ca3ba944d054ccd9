"""Standings and crosstable rows computed from a TRF document (no ORM).

Players are ranked by points, then by the ordered tie-breaks of C.07 when a list
is given (``tiebreaks.compute_standings``); without one, by pairing number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .tiebreaks import compute_standings
from .trf import RoundEntry, TrfDocument, score


@dataclass(frozen=True)
class Standing:
    rank: int
    number: int
    points: int  # tenths
    entries: tuple[RoundEntry, ...]
    tiebreaks: dict[str, object] = field(default_factory=dict)  # code -> value (tiebreaks module)


def standings(document: TrfDocument, rounds: int | None = None, tiebreaks: Sequence[str] = (),
              edition: str = "2026", lots: Sequence[int] | None = None) -> list[Standing]:
    """The ranking after ``rounds`` rounds (by default every finished round in the file: a round in
    progress counts once it has all its results).

    With ``tiebreaks`` (e.g. ``("DE", "BH/C1", "BH", "SB", "PS", "WIN")``), players
    still tied share the rank (listed by pairing number) unless ``lots`` gives the
    order drawn by lot (C.07 4.2).  Raises TiebreakCodeError on an unknown code.
    """
    rounds = document.finished_rounds if rounds is None else rounds
    if tiebreaks:
        rows = compute_standings(document, tiebreaks, edition=edition, rounds=rounds, lots=lots)
        rows.sort(key=lambda row: (row.rank, row.pairing_number))
        return [Standing(row.rank, row.pairing_number, score(document, document.players[row.pairing_number], rounds),
                         tuple(document.players[row.pairing_number].rounds[:rounds]), row.tiebreaks)
                for row in rows]
    ranked = []
    for record in document.players.values():
        entries = tuple(record.rounds[:rounds])
        ranked.append((score(document, record, rounds), record.number, entries))
    ranked.sort(key=lambda row: (-row[0], row[1]))
    return [Standing(rank, number, points, entries)
            for rank, (points, number, entries) in enumerate(ranked, start=1)]
