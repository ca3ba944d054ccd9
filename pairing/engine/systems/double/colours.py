"""C.04.5 Article 4: the colour of a match (that of its first game, 4.4) for each pair."""

from __future__ import annotations

from ...core.explanation import ColourRule
from ...core.state import Player, RoundState, invert
from ...trf import BLACK, WHITE


def higher_ranked(a: Player, b: Player) -> tuple[Player, Player]:
    """4.2: the HRP has the higher score or, the scores equal, the smaller TPN; then the other."""
    return (a, b) if (a.score, -a.rank) > (b.score, -b.rank) else (b, a)


def colour_rule(a: Player, b: Player, state: RoundState) -> tuple[str, ColourRule]:
    """The colour of the first game of the HRP of ``a`` and ``b``, and the rule that decided
    (its article and its kind in core.explanation's COLOUR_REASONS)."""
    hrp, other = higher_ranked(a, b)
    if not hrp.colours and not other.colours:  # 4.3.1
        colour = state.initial_colour if hrp.odd_tpn else invert(state.initial_colour)
        return colour, ("4.3.1", "first")
    whites = hrp.colours.count(WHITE), other.colours.count(WHITE)
    if whites[0] != whites[1]:  # 4.3.2: White to the player with fewer Whites
        return (WHITE if whites[0] < whites[1] else BLACK), ("4.3.2", "fewer_whites")
    # 4.3.3: the most recent match in which one had White and the other Black, the played matches
    # aligned from the end (C.04.2 Art. 3.4)
    for own, theirs in zip(reversed(hrp.colours), reversed(other.colours), strict=False):
        if own != theirs:
            return invert(own), ("4.3.3", "alternate")
    if hrp.colours:  # 4.3.4
        return invert(hrp.colours[-1]), ("4.3.4", "alternate_own")
    return other.colours[-1], ("4.3.5", "alternate_other")  # 4.3.5: the other alternates


def allocate(a: Player, b: Player, state: RoundState) -> tuple[Player, Player]:
    """(White, Black) of the first game."""
    hrp, other = higher_ranked(a, b)
    colour, _ = colour_rule(a, b, state)
    return (hrp, other) if colour == WHITE else (other, hrp)


def white_of(state: RoundState, a: Player, b: Player) -> tuple[Player, str]:
    """Who has White in the first game of ``a`` and ``b``'s match, and the article that decides
    (the registry's ``colour_rule``, read by the review of a manual pairing)."""
    return allocate(a, b, state)[0], explained_rule(a, b, state)[0]


def explained_rule(white: Player, black: Player, state: RoundState) -> ColourRule:
    """The rule that gave this board its colours (core.explanation)."""
    article, kind = colour_rule(white, black, state)[1]
    return f"Art. {article}", kind
