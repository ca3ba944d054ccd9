"""Colour allocation of the Lim system: C.04.4.3 Art. 5 (the same numbers in both
editions, 5.1 a-b being 2026 5.1.1-5.1.2) and 7.2 for players yet to play."""

from __future__ import annotations

from ...core.pairing import Pair
from ...core.state import Player, invert
from ...trf import WHITE


def due_colour(player: Player) -> str | None:
    """Art. 5.5: the equalising colour when his colours are unequal, else the
    alternating colour (5.1, 5.2); None before his first game.  This is the
    player's ``preference`` of the core (C.04.3 A.6 computes the same)."""
    return player.preference


def colours_clash(a: Player, b: Player) -> bool:
    """Both players are due the same colour (what the second scrutiny of 5.2 removes)."""
    return a.preference is not None and a.preference == b.preference


def last_different_colours(a: Player, b: Player) -> tuple[str, str] | None:
    """Art. 5.4: going back in sequence from the previous round (played games only),
    the colours of the latest round in which the two had different colours."""
    for colour_a, colour_b in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if colour_a != colour_b:
            return colour_a, colour_b
    return None


def white_for_first(a: Player, b: Player, initial_colour: str, below_median: bool) -> tuple[bool, str, str]:
    """Whether ``a`` (ranking above ``b``) gets White, the article and the kind of rule that
    decided (core.explanation.COLOUR_REASONS)."""
    if not a.colours and not b.colours:
        # 7.2: the colour of #1 by lot, the odd-numbered players of the upper half the
        # same; read for any pair of players yet to play: by the higher one's number
        colour = initial_colour if a.odd_tpn else invert(initial_colour)
        return colour == WHITE, "7.2", "first"
    due_a, due_b = due_colour(a), due_colour(b)
    if due_b is None or due_a not in (due_b, None):  # 5.1, 5.2: both get their due colours
        return due_a == WHITE, "5.1, 5.2", "both" if due_b else "one"
    if due_a is None:
        return due_b != WHITE, "5.1, 5.2", "one"
    if a.strength != b.strength:
        # 5.3 (same colour twice: the alternating colour) and 5.1 b (two more of one
        # colour: the equalising one) bind; then 5.5's equalising before alternating
        stronger = a if a.strength > b.strength else b
        return (stronger is a) == (due_a == WHITE), "5.3, 5.1 b, 5.5", "stronger"
    if (different := last_different_colours(a, b)) is not None:
        # 5.4, 5.6: the one who had this colour more recently in sequence gets the other
        return different[0] != WHITE, "5.4, 5.6", "alternate"
    # 5.4: identical histories: the higher ranked gets his due colour at the median
    # score-group or above, the lower ranked below it
    return (due_a == WHITE) != below_median, "5.4", "median"


def allocate_colours(a: Player, b: Player, initial_colour: str, below_median: bool) -> Pair:
    """White and Black for ``a`` and ``b``, ``a`` ranking above ``b``."""
    return Pair(a, b) if white_for_first(a, b, initial_colour, below_median)[0] else Pair(b, a)
