"""The absolute criteria every Swiss system shares, as a graph: no rematch and no
forbidden pair (C.04.1 Art. 2), no two players with the same absolute colour
preference (C.04.1 Arts. 6-7), each system saying who is exempt from the latter."""

from __future__ import annotations

from collections.abc import Callable

from .state import Player


def compatibility_rows(players: list[Player],
                       colour_exempt: Callable[[Player], bool] = lambda player: False,
                       pair_exempt: Callable[[Player, Player], bool] | None = None) -> list[int]:
    """No rematch nor forbidden pair; no two players with the same absolute colour
    preference, unless one is ``colour_exempt`` or the two are ``pair_exempt`` (the
    system's exceptions to C.04.1 Arts. 6-7): bit ``j`` of ``rows[i]`` is set when
    ``players[i]`` and ``players[j]`` may meet (:func:`kept_apart` for one pair)."""
    index = {p.number: i for i, p in enumerate(players)}

    def colour_bound(p: Player) -> bool:
        return _colour_bound(p, colour_exempt)

    same_absolute: dict[str | None, int] = {}
    for i, p in enumerate(players):
        if colour_bound(p):
            same_absolute[p.preference] = same_absolute.get(p.preference, 0) | 1 << i
    everyone = (1 << len(players)) - 1
    rows = [everyone & ~(1 << i) & ~(same_absolute[p.preference] if colour_bound(p) else 0)
            for i, p in enumerate(players)]
    if pair_exempt is not None:  # e.g. Lim Art. 6: the same score in the last round
        for i, p in enumerate(players):
            for j in range(i + 1, len(players)):
                if not rows[i] >> j & 1 and pair_exempt(p, players[j]):
                    rows[i] |= 1 << j
                    rows[j] |= 1 << i
    for i, p in enumerate(players):
        for number in p.played_opponents | p.forbidden:
            j = index.get(number)
            if j is not None:
                rows[i] &= ~(1 << j)
                rows[j] &= ~(1 << i)
    return rows


def _colour_bound(player: Player, colour_exempt: Callable[[Player], bool]) -> bool:
    """Bound by the colour limits of C.04.1 (2017 f-g, 2026 Arts. 6-7): an absolute colour
    preference, and not exempt by the system."""
    return player.absolute and not colour_exempt(player)


def kept_apart(a: Player, b: Player, colour_exempt: Callable[[Player], bool] = lambda player: False,
               pair_exempt: Callable[[Player, Player], bool] = lambda a, b: False) -> str | None:
    """Why ``a`` and ``b`` may not meet, as :func:`compatibility_rows` decides it for one pair:
    ``"rematch"`` (C.04.1 2017 b / 2026 Art. 2), ``"forbidden"`` (the tournament's forbidden pairs),
    ``"colour"`` (the same absolute colour preference, neither exempt, nor the pair: C.04.1 2017
    f-g / 2026 Arts. 6-7), or None when they may meet.  The review of a manual pairing and the explanation
    of the engine's read the reason here."""
    if b.number in a.played_opponents or a.number in b.played_opponents:
        return "rematch"
    if b.number in a.forbidden or a.number in b.forbidden:
        return "forbidden"
    if (_colour_bound(a, colour_exempt) and _colour_bound(b, colour_exempt) and a.preference == b.preference
            and not pair_exempt(a, b)):
        return "colour"
    return None


def preferences_compatible(a: Player, b: Player) -> bool:
    return a.preference != b.preference or a.preference is None or b.preference is None
