"""Colour allocation of the Dubov system: C.04.4.1 2026 Art. 5.2.1-5.2.5 (2018 E.0-E.4)."""

from __future__ import annotations

from ...core.pairing import Pair
from ...core.state import Player, RoundState, invert
from ...trf import WHITE
from .definitions import colour_preference, tpn


def ranks_higher(a: Player, b: Player) -> bool:
    """2026 Art. 5.2.1 (2018 E.0): more points or, with equal points, the smaller TPN."""
    return (a.pairing_score, -tpn(a)) > (b.pairing_score, -tpn(b))


def last_different_colours(a: Player, b: Player) -> tuple[str, str] | None:
    """2026 Art. 5.2.4 (2018 E.3): the most recent time one had White and the other
    Black, on played games only, unplayed rounds moved to the front (C.04.2 2026
    Art. 3.4, 2018 D.5): the colour sequences are compared from their ends."""
    for colour_a, colour_b in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if colour_a != colour_b:
            return colour_a, colour_b
    return None


def white_for_higher(higher: Player, lower: Player, state: RoundState) -> bool:
    """Whether the higher ranked player of the pair gets White."""
    if not higher.colours and not lower.colours:
        # 2026 Art. 5.2.1 (2018 E.0): both yet to play: odd TPN -> the initial colour
        colour = state.initial_colour if tpn(higher) % 2 else invert(state.initial_colour)
        return colour == WHITE
    own, own_strength = colour_preference(higher)
    other, other_strength = colour_preference(lower)
    if own != other:  # 2026 Art. 5.2.2 (2018 E.1): grant both preferences
        return own == WHITE
    if own_strength != other_strength:  # 5.2.3 (E.2): grant the stronger preference
        return (own if own_strength > other_strength else invert(other)) == WHITE
    different = last_different_colours(higher, lower)
    if different:  # 5.2.4 (E.3): alternate to the most recent different colours
        return different[0] != WHITE
    return own == WHITE  # 5.2.5 (E.4): the preference of the higher ranked player


def allocate_colours(a: Player, b: Player, state: RoundState) -> Pair:
    higher, lower = (a, b) if ranks_higher(a, b) else (b, a)
    return Pair(higher, lower) if white_for_higher(higher, lower, state) else Pair(lower, higher)
