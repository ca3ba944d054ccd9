"""The free pairings checker: re-pair every round of a tournament from its own history."""

from __future__ import annotations

from dataclasses import dataclass

from . import pair_round
from .trf import TrfDocument


@dataclass
class Discrepancy:
    round_number: int
    played: list[tuple[int, int]]
    ours: list[tuple[int, int]]

    def describe(self) -> str:
        played, ours = set(self.played), set(self.ours)
        lines = [f"Round {self.round_number}: the played pairing differs from ours"]
        lines += [f"  played {w}-{b}" for w, b in self.played if (w, b) not in ours]
        lines += [f"  ours   {w}-{b}" for w, b in self.ours if (w, b) not in played]
        return "\n".join(lines)


def played_pairing(document: TrfDocument, round_number: int) -> list[tuple[int, int]]:
    """The boards of a played round as ``(white, black)``, the PAB as ``(n, 0)``."""
    boards = []
    for record in document.players.values():
        entry = record.entry(round_number)
        if entry is None:
            continue
        if entry.opponent is not None and entry.colour == "w":
            boards.append((record.number, entry.opponent))
        elif entry.opponent is None and entry.code == "U":
            boards.append((record.number, 0))
    return boards


def check(document: TrfDocument, system: str = "dutch", baku: bool = False,
          edition: str | None = None) -> list[Discrepancy]:
    """Every round whose pairing differs from the one this engine makes from its history,
    with the tournament's edition (see :func:`pairing.engine.resolve_edition`)."""
    total = document.total_rounds or document.rounds_in_file
    problems = []
    for round_number in range(1, document.paired_rounds + 1):
        ours = pair_round(document, system, round_number, total, baku, edition).as_numbers()
        played = played_pairing(document, round_number)
        if set(ours) != set(played):
            problems.append(Discrepancy(round_number, sorted(played), ours))
    return problems
