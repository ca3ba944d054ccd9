"""A round's pairing as every system returns it, and its publishing order (C.04.2 D.9)."""

from __future__ import annotations

from dataclasses import dataclass

from .state import Player


@dataclass(frozen=True)
class Pair:
    white: Player
    black: Player


@dataclass
class RoundPairing:
    """The pairing of a round, boards in publishing order (C.04.2 D.9)."""

    pairs: list[Pair]
    bye: Player | None = None

    def as_numbers(self) -> list[tuple[int, int]]:
        """``(white, black)`` pairing numbers per board, the bye last as ``(n, 0)``."""
        boards = [(p.white.number, p.black.number) for p in self.pairs]
        if self.bye is not None:
            boards.append((self.bye.number, 0))
        return boards


def publishing_order(pairs: list[Pair]) -> list[Pair]:
    """C.04.2 D.9: by the score of the higher ranked player, the sum of both scores,
    then the initial rank of the higher ranked player."""
    def key(pair: Pair):
        a, b = pair.white, pair.black
        higher, lower = (a, b) if (a.score, -a.rank) > (b.score, -b.rank) else (b, a)
        return (-higher.score, -lower.score, higher.rank)
    return sorted(pairs, key=key)
