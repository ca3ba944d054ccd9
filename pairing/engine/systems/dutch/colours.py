"""Colour allocation of the Dutch system: C.04.3 2017 E.1-E.5 = 2026 Art. 5.2.1-5.2.5."""

from __future__ import annotations

from ...core.compatibility import preferences_compatible
from ...core.pairing import Pair
from ...core.state import STRONG, Player, RoundState, invert


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
