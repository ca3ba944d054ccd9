"""A round's pairing as every system returns it, and its publishing order (C.04.2 D.9)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .state import Player

if TYPE_CHECKING:
    from .explanation import Explanation, Step

#: ``progress(done, total, size)``: brackets paired so far, brackets in the round,
#: the size of the bracket being paired next (0 at the end).  See ``pair_round``.
Progress = Callable[[int, int, int], None]


@dataclass(frozen=True)
class Pair:
    white: Player
    black: Player


@dataclass(frozen=True)
class Bracket:
    """How one bracket was paired, for the arbiter to check: pairing numbers, scores in tenths.

    ``groups`` are the system's own subgroups in the order it forms them, each a label (its
    rule's vocabulary, e.g. ``"G1"``, ``"S1"``) and the players in that group's order."""

    score: int                                   # the residents' pairing score
    residents: tuple[int, ...]
    upfloaters: tuple[tuple[int, int], ...]      # (pairing number, pairing score)
    pairs: tuple[tuple[int, int], ...]           # (white, black)
    groups: tuple[tuple[str, tuple[int, ...]], ...] = ()
    note: str = ""                               # how the groups were formed

    def as_json(self) -> dict:
        return {"score": self.score, "residents": list(self.residents),
                "upfloaters": [list(u) for u in self.upfloaters], "pairs": [list(p) for p in self.pairs],
                "groups": [[label, list(numbers)] for label, numbers in self.groups], "note": self.note}


@dataclass
class RoundPairing:
    """The pairing of a round, boards in publishing order (C.04.2 D.9); the brackets from the top
    when the system reports them (else empty); ``steps``, the brackets as the system formed them
    when it records them for the explanation (the Dutch system); ``explanation`` when asked for
    (``pair_round(..., explain=True)``)."""

    pairs: list[Pair]
    bye: Player | None = None
    brackets: list[Bracket] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    explanation: Explanation | None = None

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
