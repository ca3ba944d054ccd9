"""The definitions of the Dubov system (C.04.4.1 2018 A, 2026 Art. 1) and its
sorting orders (2018 D, 2026 Art. 4), as small functions the pairer and the
rule tests share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from ...core.state import MILD, Player, opponent_ratings
from ...trf import BLACK, TrfDocument

T = TypeVar("T")


def tpn(player: Player) -> int:
    """The player's place in the order of TPNs (2026 Art. 1.2; 2018 A.2 "initial ranking
    list"): his pairing number in the file.  Its parity (5.2.1) is ``Player.odd_tpn``'s, on
    the numbering that skips players never yet paired."""
    return player.number


def aro(player: Player) -> int:
    """C.04.4.1 2026 Art. 1.7 (2018 A.6): the average rating of the opponents met
    over the board, rounded to the nearest integer, .5 upwards; 0 with no games."""
    return average_rating(player.opponent_ratings)


def average_rating(ratings: Sequence[int]) -> int:
    """2026 Art. 1.7.2-1.7.3: the mean rounded half up; 0 with no games."""
    if not ratings:
        return 0  # 2026 Art. 1.7.3
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def aros(document: TrfDocument, rounds: int) -> dict[int, int]:
    """Every player's ARO after ``rounds`` rounds of ``document`` (the ARO the pairing of round
    ``rounds + 1`` reads), by pairing number: what the app publishes."""
    return {number: average_rating(opponent_ratings(document, record.rounds[:rounds]))
            for number, record in document.players.items()}


def max_upfloats(total_rounds: int) -> int:
    """MaxT = 2 + [Rnds/5] (2026 Art. 1.8.2, 2018 A.7)."""
    return 2 + total_rounds // 5


def is_maximum_upfloater(player: Player, total_rounds: int) -> bool:
    """2026 Art. 1.8.1: already upfloated MaxT times."""
    return player.upfloats >= max_upfloats(total_rounds)


def colour_preference(player: Player) -> tuple[str, int]:
    """(colour, strength) of 2026 Art. 1.6 (2018 A.5): absolute, strong and mild as
    the core computes them (1.6.1-1.6.3); no game played: mild for Black (1.6.4)."""
    if player.preference is None:
        return BLACK, MILD
    return player.preference, player.strength


def middle_out(items: Sequence[T]) -> list[T]:
    """2026 Art. 4.3.3 (2018 D.2.b): sequence numbers from the (remaining) middle of
    the list, the higher of two middle players first: A..G -> D, C, E, B, F, A, G."""
    rest = list(items)
    order = []
    while rest:
        order.append(rest.pop((len(rest) - 1) // 2))
    return order


def first_set(candidates: Iterable[T], size: int, feasible) -> list[T]:
    """The first ``size``-set of ``candidates`` (in their sequence order) in the order
    of 2026 Art. 4.1.3 ("the smallest differing sequence number"; 2018 D.0.c: the
    lexicographic order of the sorted sequence numbers) for which
    ``feasible(chosen, excluded)`` says a set containing ``chosen`` and none of
    ``excluded`` can still be completed: each candidate in turn is taken if it can
    be, so the set is the first one, without enumerating the sets."""
    chosen: list[T] = []
    excluded: list[T] = []
    for candidate in candidates:
        if len(chosen) == size:
            excluded.append(candidate)
            continue
        if feasible([*chosen, candidate], excluded):
            chosen.append(candidate)
        else:
            excluded.append(candidate)
    return chosen
