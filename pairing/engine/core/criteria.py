"""Weighted criteria: each quality criterion of a system is one field of an
integer edge weight, most important first, so that a maximum-weight matching is
the candidate the rules choose.  A criterion declares what it reads of the two
players of an edge; the weights of a bracket are then computed once per pair of
player signatures, the signature being derived from those declarations (a
criterion cannot read something the cache key leaves out)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .state import Player


@dataclass(frozen=True)
class Criterion:
    """One field of the edge weight: ``value(bracket, higher, lower)`` for an edge."""

    name: str                       # the article: "C.12", "C14"
    value: Callable[[Any, Player, Player], int]
    width: Callable[[Any], int]     # bits of the field in this bracket
    applies: Callable[[Any], bool] = lambda bracket: True
    #: what the criterion reads of each player: Player attributes, or features of
    #: the player in the bracket that the system defines (e.g. "in_bracket")
    reads: tuple[str, ...] = ()


def pack(fields: Sequence[tuple[int, int]]) -> int:
    """Fields ``(value, width)``, most significant first, into one integer."""
    total = 0
    for value, width in fields:
        total = (total << width) + value
    return total


def signature(criteria: Iterable[Criterion],
              features: dict[str, Callable[[Any, Player], Any]]) -> Callable[[Any, Player], tuple]:
    """The function giving a player's signature in a bracket: everything the
    ``criteria`` read of him (``features`` name the bracket-dependent ones)."""
    names = sorted({name for criterion in criteria for name in criterion.reads})
    getters = [features.get(name) or (lambda _bracket, player, name=name: getattr(player, name))
               for name in names]
    return lambda bracket, player: tuple(get(bracket, player) for get in getters)


def kind_weights(bracket: Any, criteria: Sequence[Criterion], vertices: Sequence[Player],
                 features: dict[str, Callable[[Any, Player], Any]]) -> tuple[list[int], Callable[[int, int], int]]:
    """The kind of each of ``vertices`` (players whose signatures are equal: the criteria
    cannot tell them apart) and the weight of an edge between a player of kind ``a``
    (ranked higher) and one of kind ``b``, computed once per pair of kinds."""
    key_of = signature(criteria, features)
    widths = [c.width(bracket) for c in criteria]
    kinds: dict[tuple, int] = {}
    kind = [kinds.setdefault(key_of(bracket, p), len(kinds)) for p in vertices]
    example = {k: p for p, k in zip(vertices, kind, strict=True)}
    known: dict[tuple[int, int], int] = {}

    def weight(a: int, b: int) -> int:
        value = known.get((a, b))
        if value is None:
            h, low = example[a], example[b]
            value = known[a, b] = pack([(c.value(bracket, h, low), width)
                                        for c, width in zip(criteria, widths, strict=True)])
        return value
    return kind, weight
