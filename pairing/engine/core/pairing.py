"""A round's pairing as every system returns it, and its publishing order (C.04.2 D.9 / 2026 Art. 3.6)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .state import Player, RoundState

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


def publishing_key(score_a: int, rank_a: int, score_b: int, rank_b: int) -> tuple[int, int, int]:
    """C.04.2 D.9 / 2026 Art. 3.6, the one copy: a board sorts by the score of its higher ranked
    player, then the sum of both scores, then the initial rank of the higher ranked player (scores
    before the round, higher first; ranks, lower first)."""
    (high_score, high_rank), (low_score, _) = sorted(((score_a, rank_a), (score_b, rank_b)),
                                                      key=lambda player: (-player[0], player[1]))
    return -high_score, -(high_score + low_score), high_rank


def publishing_order(pairs: list[Pair]) -> list[Pair]:
    """The boards in publishing order (:func:`publishing_key`)."""
    return sorted(pairs, key=lambda pair: publishing_key(pair.white.score, pair.white.rank,
                                                         pair.black.score, pair.black.rank))


def in_publishing_order(state: RoundState, boards: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Boards as pairing numbers ``(white, black)`` in publishing order, the bye (black 0) last."""
    players = state.by_number()
    pairs = publishing_order([Pair(players[white], players[black]) for white, black in boards if black])
    return [(p.white.number, p.black.number) for p in pairs] + [board for board in boards if not board[1]]
