"""Colour preferences (C.04.6 1.7) and colour allocation (C.04.6 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import Team

WHITE, BLACK = "w", "b"


def invert(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def preference(colours: tuple[str, ...], model: str, last_round: bool) -> tuple[str | None, bool]:
    """(colour, strong) of a team whose played matches had ``colours``; (None, False) for none.
    Type A preferences are all "simple" (counted as strong here); "none": no preference (1.7)."""
    if model == "none" or not colours:
        return None, False
    difference = colours.count(WHITE) - colours.count(BLACK)
    last_two = colours[-2:] if len(colours) >= 2 else ()
    # 1.7.1 / 1.7.2 strong: CD beyond +-1, or CD 0/+-1 and the same colour twice
    if difference < -1 or (difference in (0, -1) and last_two == (BLACK, BLACK)):
        return WHITE, True
    if difference > 1 or (difference in (0, 1) and last_two == (WHITE, WHITE)):
        return BLACK, True
    if model != "B":
        return None, False
    # 1.7.2 mild: CD -1/+1, or CD 0 before the last round, alternating the last colour
    if difference == -1 or (difference == 0 and not last_round and colours[-1] == BLACK):
        return WHITE, False
    if difference == 1 or (difference == 0 and not last_round and colours[-1] == WHITE):
        return BLACK, False
    return None, False


def unfulfilled(a: Team, b: Team, model: str) -> tuple[int, int]:
    """([C8], [C9]) of pairing ``a`` with ``b``: the teams whose preference (strong preference,
    Type B) Article 4 cannot grant: one when both prefer the same colour (2.3.5, 2.3.6)."""
    if a.preference is None or a.preference != b.preference:
        return 0, 0
    return 1, int(model == "B" and a.strong and b.strong)


def first_team(a: Team, b: Team) -> tuple[Team, Team]:
    """4.2: the higher primary score, the higher secondary score, the smaller TPN."""
    def key(team: Team):
        return (-team.score, -(team.secondary or 0), team.tpn)
    return (a, b) if key(a) < key(b) else (b, a)


def allocate(a: Team, b: Team, model: str, initial: str) -> tuple[Team, Team, str]:
    """(white, black, the article of 4.3 that decided)."""
    first, other = first_team(a, b)
    colour, article = _first_team_colour(first, other, model, initial)
    return (first, other, article) if colour == WHITE else (other, first, article)


def _first_team_colour(first: Team, other: Team, model: str, initial: str) -> tuple[str, str]:
    if not first.colours and not other.colours:  # 4.3.1
        return (initial if first.tpn % 2 else invert(initial)), "4.3.1"
    p, q = first.preference, other.preference
    if p and not q:  # 4.3.2
        return p, "4.3.2"
    if q and not p:
        return invert(q), "4.3.2"
    if p and q and p != q:  # 4.3.3
        return p, "4.3.3"
    if model == "B" and p and first.strong != other.strong:  # 4.3.4
        return (p if first.strong else invert(q)), "4.3.4"
    if first.colour_difference != other.colour_difference:  # 4.3.5
        return (WHITE if first.colour_difference < other.colour_difference else BLACK), "4.3.5"
    for mine, theirs in zip(reversed(first.colours), reversed(other.colours), strict=False):  # 4.3.6
        if mine != theirs:
            return invert(mine), "4.3.6"
    if p:  # 4.3.7
        return p, "4.3.7"
    if first.colours:  # 4.3.8
        return invert(first.colours[-1]), "4.3.8"
    return other.colours[-1], "4.3.9"  # 4.3.9: the other team alternates
