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
    colour = state.initial_colour if higher.number % 2 else invert(state.initial_colour)
    return colour == WHITE


def allocate_2026(a: Player, b: Player, state: RoundState, before: Callable[[Player], tuple]) -> Pair:
    """C.04.4.2 2026 Art. 5.2; ``before`` is the 1.8 ranking key ("higher ranked")."""
    higher, lower = sorted((a, b), key=before)
    if not higher.colours and not lower.colours:  # 5.2.1
        white = _first_round_colour(higher, state)
    elif higher.preference != lower.preference and None not in (higher.preference, lower.preference):
        white = higher.preference == WHITE  # 5.2.2: both preferences
    elif higher.preference is None or lower.preference is None:
        # 1.5.4: a player without games has no preference; his opponent's is granted (5.2.2)
        white = higher.preference == WHITE if higher.preference else lower.preference != WHITE
    elif higher.strength != lower.strength:  # 5.2.3: the stronger preference
        stronger = higher if higher.strength > lower.strength else lower
        white = (stronger is higher) == (stronger.preference == WHITE)
    elif different := last_different_colours(higher, lower):  # 5.2.4: alternate
        white = different[0] != WHITE
    else:  # 5.2.5: the preference of the higher ranked player
        white = higher.preference == WHITE
    return Pair(higher, lower) if white else Pair(lower, higher)


def allocate_2017(a: Player, b: Player, state: RoundState, before: Callable[[Player], tuple]) -> Pair:
    """C.04.4.2 (2017 edition) 5.4, after 5.1 for two players without games, and
    with 5.2-5.3 (never a colour difference beyond 2, never three in a row) first."""
    higher, lower = sorted((a, b), key=before)
    if not higher.colours and not lower.colours:
        # 5.1: by the initial list (the smaller pairing number decides)
        first = min((a, b), key=lambda p: p.number)
        white_first = _first_round_colour(first, state)
        white = white_first if first is higher else not white_first
    elif higher.preference is None or lower.preference is None:
        # 1.3: a player without games has no due colour: grant the other's
        white = higher.preference == WHITE if higher.preference else lower.preference != WHITE
    elif higher.preference != lower.preference:  # 5.4 (a): both due colours
        white = higher.preference == WHITE
    elif (higher.strength == ABSOLUTE) != (lower.strength == ABSOLUTE):
        # 5.2, 5.3: the player who would break them gets his due colour
        white = (higher.strength == ABSOLUTE) == (higher.preference == WHITE)
    elif higher.imbalance != lower.imbalance:
        # 5.4 (b): equalise the numbers of black and white games
        more = higher if higher.imbalance > lower.imbalance else lower
        white = (more is higher) == (more.preference == WHITE)
    elif different := last_different_colours(higher, lower):  # 5.4 (c): alternate
        white = different[0] != WHITE
    else:  # 5.4 (d), (e): the due colour of the higher SB, Buchholz and so on (3.2 order)
        white = higher.preference == WHITE
    return Pair(higher, lower) if white else Pair(lower, higher)


