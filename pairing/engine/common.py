"""Parts shared by the Swiss systems: compatibility, colour allocation, publishing order."""

from __future__ import annotations

from dataclasses import dataclass

from .tournament import STRONG, Player, RoundState, invert


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


def compatibility_rows(players: list[Player], state: RoundState) -> list[int]:
    """The absolute criteria C.1 (no rematch, nor a forbidden pair) and C.3 (non-
    topscorers with the same absolute colour preference shall not meet) as a graph:
    bit ``j`` of ``rows[i]`` is set when ``players[i]`` and ``players[j]`` may meet."""
    index = {p.number: i for i, p in enumerate(players)}

    def colour_bound(p: Player) -> bool:  # C.3 binds p (topscorers are free in the last round)
        return p.absolute and not (state.last_round and p.topscorer)

    same_absolute: dict[str | None, int] = {}
    for i, p in enumerate(players):
        if colour_bound(p):
            same_absolute[p.preference] = same_absolute.get(p.preference, 0) | 1 << i
    everyone = (1 << len(players)) - 1
    rows = [everyone & ~(1 << i) & ~(same_absolute[p.preference] if colour_bound(p) else 0)
            for i, p in enumerate(players)]
    for i, p in enumerate(players):
        for number in p.played_opponents | p.forbidden:
            j = index.get(number)
            if j is not None:
                rows[i] &= ~(1 << j)
                rows[j] &= ~(1 << i)
    return rows


def preferences_compatible(a: Player, b: Player) -> bool:
    return a.preference != b.preference or a.preference is None or b.preference is None


def _last_different_colours(a: Player, b: Player) -> tuple[str, str] | None:
    """E.3: the most recent round, counted on played games only (C.04.2 D.5), in
    which the two players had different colours."""
    for colour_a, colour_b in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if colour_a != colour_b:
            return colour_a, colour_b
    return None


def _colour_by_preferences(player: Player, opponent: Player) -> str | None:
    """E.1-E.3 from ``player``'s side; None when they do not decide."""
    if preferences_compatible(player, opponent):  # E.1 grant both preferences
        if player.preference:
            return player.preference
        return invert(opponent.preference)
    # E.2 grant the stronger preference; both absolute: the wider colour difference
    if player.absolute and (player.imbalance > opponent.imbalance or not opponent.absolute):
        return player.preference
    if opponent.absolute and (opponent.imbalance > player.imbalance or not player.absolute):
        return invert(opponent.preference)
    if player.strength == STRONG and opponent.strength != STRONG:
        return player.preference
    if opponent.strength == STRONG and player.strength != STRONG:
        return invert(opponent.preference)
    # E.3 alternate to the most recent round where they had different colours
    different = _last_different_colours(player, opponent)
    return invert(different[0]) if different else None


def allocate_colours(a: Player, b: Player, state: RoundState) -> Pair:
    """C.04.3 E.1-E.5 for the pair {a, b}."""
    higher, lower = (a, b) if a.ranks_above(b) else (b, a)
    colour = _colour_by_preferences(higher, lower)
    if colour is None:
        if higher.preference:  # E.4 grant the preference of the higher ranked player
            colour = higher.preference
        else:  # E.5 odd pairing number: the initial colour
            colour = state.initial_colour if higher.rank % 2 == 0 else invert(state.initial_colour)
    return Pair(higher, lower) if colour == "w" else Pair(lower, higher)


def publishing_order(pairs: list[Pair]) -> list[Pair]:
    """C.04.2 D.9: by the score of the higher ranked player, the sum of both scores,
    then the initial rank of the higher ranked player."""
    def key(pair: Pair):
        a, b = pair.white, pair.black
        higher, lower = (a, b) if (a.score, -a.rank) > (b.score, -b.rank) else (b, a)
        return (-higher.score, -lower.score, higher.rank)
    return sorted(pairs, key=key)
