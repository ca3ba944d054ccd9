"""Colour allocation of the Dutch system: C.04.3 2017 E.1-E.5 = 2026 Art. 5.2.1-5.2.5."""

from __future__ import annotations

from ...core.compatibility import preferences_compatible
from ...core.pairing import Pair
from ...core.state import STRONG, Player, RoundState, invert


def colour_exempt(state: RoundState, player: Player) -> bool:
    """C.3 (2017) / [C3] (2026 Art. 2.1.3) binds non-topscorers only; topscorers exist when the
    last round is paired (A.7 / 1.8).  1992: the Note after B6, B2 not for players over 50% in
    the last round (U2: the same players; a pair with one of them is exempt, as here)."""
    return state.last_round and player.topscorer


def _last_different_colours(a: Player, b: Player) -> tuple[str, str] | None:
    """E.3: the most recent round, counted on played games only (C.04.2 D.5), in
    which the two players had different colours."""
    for colour_a, colour_b in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if colour_a != colour_b:
            return colour_a, colour_b
    return None


def _colour_by_preferences(player: Player, opponent: Player) -> tuple[str | None, str]:
    """E.1-E.3 from ``player``'s side, and the kind of rule that decided (see
    core.explanation.COLOUR_REASONS); None when they do not decide."""
    if preferences_compatible(player, opponent):  # E.1 grant both preferences
        if player.preference and opponent.preference:
            return player.preference, "both"
        if player.preference:
            return player.preference, "one"
        return invert(opponent.preference), "one"
    # E.2 grant the stronger preference; both absolute: the wider colour difference
    wider = "wider" if player.absolute and opponent.absolute else "stronger"
    if player.absolute and (player.imbalance > opponent.imbalance or not opponent.absolute):
        return player.preference, wider
    if opponent.absolute and (opponent.imbalance > player.imbalance or not player.absolute):
        return invert(opponent.preference), wider
    if player.strength == STRONG and opponent.strength != STRONG:
        return player.preference, "stronger"
    if opponent.strength == STRONG and player.strength != STRONG:
        return invert(opponent.preference), "stronger"
    # E.3 alternate to the most recent round where they had different colours
    different = _last_different_colours(player, opponent)
    return (invert(different[0]), "alternate") if different else (None, "")


#: The rule of each kind, 2017 and 2026 (E.n = 2026 Art. 5.2.n).
RULES = {"both": 1, "one": 1, "stronger": 2, "wider": 2, "alternate": 3, "higher": 4, "initial": 5}


def allocate_colours_by_rule(a: Player, b: Player, state: RoundState) -> tuple[Pair, str]:
    """C.04.3 E.1-E.5 (2026 Art. 5.2.1-5.2.5) for the pair {a, b}, and the kind of rule that
    decided (the rule's number: :data:`RULES`)."""
    higher, lower = (a, b) if a.ranks_above(b) else (b, a)
    colour, kind = _colour_by_preferences(higher, lower)
    if colour is None:
        if higher.preference:  # E.4 grant the preference of the higher ranked player
            colour, kind = higher.preference, "higher"
        else:  # E.5 odd pairing number: the initial colour
            colour = state.initial_colour if higher.odd_tpn else invert(state.initial_colour)
            kind = "initial"
    return (Pair(higher, lower) if colour == "w" else Pair(lower, higher)), kind


def allocate_colours(a: Player, b: Player, state: RoundState) -> Pair:
    """C.04.3 E.1-E.5 for the pair {a, b}."""
    return allocate_colours_by_rule(a, b, state)[0]
