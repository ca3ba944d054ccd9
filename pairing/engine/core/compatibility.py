"""The absolute criteria every Swiss system shares, as a graph: no rematch and no
forbidden pair (C.04.1 Art. 2), no two non-topscorers with the same absolute colour
preference (C.04.1 Arts. 6-7 as the Dutch [C3] words them)."""

from __future__ import annotations

from .state import Player, RoundState


def compatibility_rows(players: list[Player], state: RoundState) -> list[int]:
    """The absolute criteria C.1 (no rematch, nor a forbidden pair) and C.3 (non-
    topscorers with the same absolute colour preference shall not meet) as a graph:
    bit ``j`` of ``rows[i]`` is set when ``players[i]`` and ``players[j]`` may meet."""
    index = {p.number: i for i, p in enumerate(players)}

    def colour_bound(p: Player) -> bool:  # C.3 binds p (topscorers are free in the last round)
        return p.absolute and not (state.last_round and p.topscorer)

    same_absolute: dict[str | None, int] = {}
    for i, p in enumerate(players):
        if colour_bound(p):
            same_absolute[p.preference] = same_absolute.get(p.preference, 0) | 1 << i
    everyone = (1 << len(players)) - 1
    rows = [everyone & ~(1 << i) & ~(same_absolute[p.preference] if colour_bound(p) else 0)
            for i, p in enumerate(players)]
    for i, p in enumerate(players):
        for number in p.played_opponents | p.forbidden:
            j = index.get(number)
            if j is not None:
                rows[i] &= ~(1 << j)
                rows[j] &= ~(1 << i)
    return rows


def preferences_compatible(a: Player, b: Player) -> bool:
    return a.preference != b.preference or a.preference is None or b.preference is None
