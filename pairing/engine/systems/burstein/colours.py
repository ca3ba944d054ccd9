"""Colour allocation: the 2017 edition's rules 5.1 and 5.4, the 2026 text's 5.2."""

from __future__ import annotations

from collections.abc import Callable

from ...core.pairing import Pair
from ...core.state import ABSOLUTE, Player, RoundState, invert
from ...trf import WHITE


def last_different_colours(a: Player, b: Player) -> tuple[str, str] | None:
    """The most recent round in which the two had different colours, going back
    over played games (unplayed rounds skipped, C.04.2 2026 Art. 3.4 / 2017 D.5)."""
    for colour_a, colour_b in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if colour_a != colour_b:
            return colour_a, colour_b
    return None


def _first_round_colour(higher: Player, state: RoundState) -> bool:
    """Whether ``higher`` gets White when neither player has played: 2026 5.2.1 (odd
    TPN: the initial colour); 2017 5.1 (player 1 by lot, the other odd numbers of the
    top half the same colour)."""
    colour = state.initial_colour if higher.odd_tpn else invert(state.initial_colour)
    return colour == WHITE


def white_2026(higher: Player, lower: Player, state: RoundState) -> tuple[bool, str, str]:
    """C.04.4.2 2026 Art. 5.2: whether the higher ranked player gets White, the article and
    the kind of rule that decided (core.explanation.COLOUR_REASONS)."""
    if not higher.colours and not lower.colours:  # 5.2.1
        return _first_round_colour(higher, state), "Art. 5.2.1", "first"
    if higher.preference != lower.preference and None not in (higher.preference, lower.preference):
        return higher.preference == WHITE, "Art. 5.2.2", "both"  # 5.2.2: both preferences
    if higher.preference is None or lower.preference is None:
        # 1.5.4: a player without games has no preference; his opponent's is granted (5.2.2)
        white = higher.preference == WHITE if higher.preference else lower.preference != WHITE
        return white, "Art. 5.2.2, 1.5.4", "one"
    if higher.strength != lower.strength:  # 5.2.3: the stronger preference
        stronger = higher if higher.strength > lower.strength else lower
        return (stronger is higher) == (stronger.preference == WHITE), "Art. 5.2.3", "stronger"
    if different := last_different_colours(higher, lower):  # 5.2.4: alternate
        return different[0] != WHITE, "Art. 5.2.4", "alternate"
    return higher.preference == WHITE, "Art. 5.2.5", "higher"  # 5.2.5: the higher ranked player's


def white_2017(higher: Player, lower: Player, state: RoundState) -> tuple[bool, str, str]:
    """C.04.4.2 (2017 edition) 5.4, after 5.1 for two players without games, and with 5.2-5.3
    (never a colour difference beyond 2, never three in a row) first: whether the higher
    ranked player gets White, the rule and its kind."""
    if not higher.colours and not lower.colours:
        # 5.1: by the initial list (the smaller pairing number decides)
        first = min((higher, lower), key=lambda p: p.number)
        white_first = _first_round_colour(first, state)
        return (white_first if first is higher else not white_first), "5.1", "first"
    if higher.preference is None or lower.preference is None:
        # 1.3: a player without games has no due colour: grant the other's
        white = higher.preference == WHITE if higher.preference else lower.preference != WHITE
        return white, "1.3, 5.4 (a)", "one"
    if higher.preference != lower.preference:  # 5.4 (a): both due colours
        return higher.preference == WHITE, "5.4 (a)", "both"
    if (higher.strength == ABSOLUTE) != (lower.strength == ABSOLUTE):
        # 5.2, 5.3: the player who would break them gets his due colour
        return (higher.strength == ABSOLUTE) == (higher.preference == WHITE), "5.2, 5.3", "stronger"
    if higher.imbalance != lower.imbalance:
        # 5.4 (b): equalise the numbers of black and white games
        more = higher if higher.imbalance > lower.imbalance else lower
        return (more is higher) == (more.preference == WHITE), "5.4 (b)", "equalise"
    if different := last_different_colours(higher, lower):  # 5.4 (c): alternate
        return different[0] != WHITE, "5.4 (c)", "alternate"
    # 5.4 (d), (e): the due colour of the higher SB, Buchholz and so on (3.2 order)
    return higher.preference == WHITE, "5.4 (d), (e)", "higher"


def allocate_2026(a: Player, b: Player, state: RoundState, before: Callable[[Player], tuple]) -> Pair:
    """C.04.4.2 2026 Art. 5.2; ``before`` is the 1.8 ranking key ("higher ranked")."""
    higher, lower = sorted((a, b), key=before)
    return Pair(higher, lower) if white_2026(higher, lower, state)[0] else Pair(lower, higher)


def allocate_2017(a: Player, b: Player, state: RoundState, before: Callable[[Player], tuple]) -> Pair:
    """C.04.4.2 (2017 edition) 5.4 with 5.1-5.3 (see :func:`white_2017`)."""
    higher, lower = sorted((a, b), key=before)
    return Pair(higher, lower) if white_2017(higher, lower, state)[0] else Pair(lower, higher)
