"""Colour allocation of the 1992 rules, E1-E4 (played games only: F2-F3)."""

from __future__ import annotations

from ...core.compatibility import preferences_compatible
from ...core.pairing import Pair
from ...core.state import Player, RoundState, invert
from .colours import _last_different_colours
from .history1992 import ranks_above

#: The rule of each kind (the keys of core.explanation.COLOUR_REASONS).
RULES_1992 = {"both": "E1", "one": "E1", "stronger": "E2", "alternate": "E3", "higher": "E4", "initial": "E4",
              "first": "E4"}


def _by_preferences(higher: Player, lower: Player) -> tuple[str | None, str]:
    """E1-E3 from the higher player's side; None when they do not decide."""
    if preferences_compatible(higher, lower):  # E1 grant both colour preferences
        if higher.preference and lower.preference:
            return higher.preference, "both"
        if higher.preference:  # U1: a player without a game has no preference
            return higher.preference, "one"
        if lower.preference:
            return invert(lower.preference), "one"
        return None, ""
    # E2 grant the stronger colour preference (A7: absolute > strong > mild); two absolute ones
    # (topscorers, A7.a) are equal here: the 1992 text has no wider-difference rule
    if higher.strength != lower.strength:
        stronger = higher if higher.strength > lower.strength else lower
        colour = stronger.preference if stronger is higher else invert(stronger.preference)
        return colour, "stronger"
    different = _last_different_colours(higher, lower)  # E3, on played games (F3)
    return (invert(different[0]), "alternate") if different else (None, "")


def allocate_colours_1992(a: Player, b: Player, state: RoundState) -> tuple[Pair, str]:
    """E1-E4 for the pair {a, b}, and the kind of rule that decided (:data:`RULES_1992`)."""
    higher, lower = (a, b) if ranks_above(a, b) else (b, a)
    colour, kind = _by_preferences(higher, lower)
    if colour is None and higher.preference:  # E4 the higher ranked player's preference
        colour, kind = higher.preference, "higher"
    elif colour is None:
        # E4, first round: "all even numbered players in S1 will receive a colour different from
        # all odd numbered players in S1", the colour of player 1 drawn by lot (A7.c): numbered by
        # pairing number (A2, last paragraph; Player.odd_tpn, the engine's one reading of it); after
        # round 1 the same rule where no preference decides (U12)
        colour = state.initial_colour if higher.odd_tpn else invert(state.initial_colour)
        kind = "first" if state.round_number == 1 else "initial"
    return (Pair(higher, lower) if colour == "w" else Pair(lower, higher)), kind
