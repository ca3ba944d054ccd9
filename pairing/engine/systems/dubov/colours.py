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


def white_for_higher(higher: Player, lower: Player, state: RoundState) -> tuple[bool, int, str]:
    """Whether the higher ranked player of the pair gets White; the rule that decided (k of
    2026 Art. 5.2.k, 2018 E.k-1) and its kind (core.explanation.COLOUR_REASONS)."""
    if not higher.colours and not lower.colours:
        # 2026 Art. 5.2.1 (2018 E.0): both yet to play: odd TPN -> the initial colour
        colour = state.initial_colour if higher.odd_tpn else invert(state.initial_colour)
        return colour == WHITE, 1, "first"
    own, own_strength = colour_preference(higher)
    other, other_strength = colour_preference(lower)
    if own != other:  # 2026 Art. 5.2.2 (2018 E.1): grant both preferences
        return own == WHITE, 2, "both"
    if own_strength != other_strength:  # 5.2.3 (E.2): grant the stronger preference
        return (own if own_strength > other_strength else invert(other)) == WHITE, 3, "stronger"
    different = last_different_colours(higher, lower)
    if different:  # 5.2.4 (E.3): alternate to the most recent different colours
        return different[0] != WHITE, 4, "alternate"
    return own == WHITE, 5, "higher"  # 5.2.5 (E.4): the preference of the higher ranked player


def colour_rule(white: Player, black: Player, state: RoundState, articles: tuple[str, ...]) -> tuple[str, str]:
    """The article (of ``articles``, the edition's rules 1-5) and kind of the rule that gave this
    board its colours."""
    higher, lower = (white, black) if ranks_higher(white, black) else (black, white)
    _, rule, kind = white_for_higher(higher, lower, state)
    return articles[rule - 1], kind


def allocate_colours(a: Player, b: Player, state: RoundState) -> Pair:
    higher, lower = (a, b) if ranks_higher(a, b) else (b, a)
    return Pair(higher, lower) if white_for_higher(higher, lower, state)[0] else Pair(lower, higher)
