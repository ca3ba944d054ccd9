"""The candidates of a 1992 bracket in the text's order: S2 as it stands, then its transpositions
(D1), each exchange between S1 and S2 (D2) followed by all transpositions again (C6-C8).

A candidate pairs S1[i] with S2[i]; the D1 order is the lexicographic order of S2's in-bracket
numbers, so the distinct pairings come in the order of their first p numbers (the players left
over after position p give no other pairs).  They are walked depth first in that order, a branch
cut as soon as the players of S1 still to pair can no longer all get a partner, nor the players
who may not be left unpaired, nor the colour allowance x hold (A8, B4): the first candidate that
meets the criteria in force is the one the text's enumeration reaches first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

from ...core.matching import bits, max_weight_matching

#: An engine limit: the exchanges of one size are listed in the D2 order while there are at most
#: this many (a bracket of 2 x 450 players' one-player exchanges; two-player exchanges up to S1 and
#: S2 of about 30 each); larger sizes are not tried (docs/systems/dutch-1992.md).
EXCHANGE_LIMIT = 200_000


@dataclass
class Level:
    """What a bracket's candidate must meet at one step of the procedure."""

    rows: list[int]        # bit w of rows[v]: v and w may be paired (B1, B2 and the float rules in force)
    free: int              # the players who may be left unpaired (moved down: B5/B6 for downfloats)
    colour: list[str | None]  # each player's colour preference (A7), None: none (U1)
    x: int                 # how many pairs may leave a colour preference ungranted (A8, B4, C11)
    _calm: Level | None = field(default=None, repr=False, compare=False)
    #: the answers of :func:`_fewest_clashes`, by the players asked about
    fewest: dict[tuple[int, int], int] = field(default_factory=dict)

    def clash(self, v: int, w: int) -> int:
        """1 when v and w prefer the same colour: one of them cannot get it (B4)."""
        return int(self.colour[v] is not None and self.colour[v] == self.colour[w])

    def without_clashes(self) -> Level:
        """The same step with only the pairs that grant both preferences (built once): what is left
        when the allowance x is spent."""
        if self._calm is None:
            same = {c: sum(1 << v for v, mine in enumerate(self.colour) if mine == c) for c in ("w", "b")}
            rows = [row & ~same[c] if (c := self.colour[v]) in same else row for v, row in enumerate(self.rows)]
            self._calm = Level(rows, self.free, self.colour, 0)
        return self._calm


def _colour_bound(level: Level, left: list[int], right: list[int]) -> int:
    """The fewest clashes when ``left`` are paired with players of ``right`` (counts only)."""
    count = {"w": [0, 0], "b": [0, 0], None: [0, 0]}
    for side, players in ((0, left), (1, right)):
        for v in players:
            count[level.colour[v]][side] += 1
    white = count["w"][0] - min(count["w"][0], count["b"][1])
    black = count["b"][0] - min(count["b"][0], count["w"][1])
    return max(0, white + black - count[None][1])


def _saturates(level: Level, left: list[int], right: list[int], start: dict[int, int] | None = None
               ) -> dict[int, int] | None:
    """A matching (right -> left) giving every one of ``left`` a partner among ``right``, and every
    one of ``right`` who may not be left unpaired one too (Kuhn's augmenting paths, from the pairs of
    ``start`` still possible); None if there is none."""
    right_mask = sum(1 << w for w in right)
    lefts = set(left)
    mate = {w: v for w, v in (start or {}).items() if right_mask >> w & 1 and v in lefts and level.rows[v] >> w & 1}

    same = {"w": 0, "b": 0}  # who of ``right`` prefers each colour: partners without a clash first
    for w in right:
        if level.colour[w] is not None:
            same[level.colour[w]] |= 1 << w

    seen = [0]  # who of ``right`` this search has reached (a bitmask; the nested calls grow it)

    def augment(v: int) -> bool:
        edges = level.rows[v] & right_mask
        clashing = same.get(level.colour[v], 0)
        for part in (edges & ~clashing, edges & clashing):
            part &= ~seen[0]
            while part:
                low = part & -part
                seen[0] |= low
                w = low.bit_length() - 1
                if w not in mate or augment(mate[w]):
                    mate[w] = v
                    return True
                part &= ~seen[0]
        return False

    def search(v: int) -> bool:
        seen[0] = 0
        return augment(v)

    matched = set(mate.values())
    if not all(v in matched or search(v) for v in left):
        return None
    paired_left = {v: w for w, v in mate.items()}
    for w in right:
        if not level.free >> w & 1 and w not in mate and not _take_over(level, w, mate, paired_left, set()):
            return None
    return mate


def _take_over(level: Level, w: int, mate: dict[int, int], paired_left: dict[int, int], seen: set[int]) -> bool:
    """Give ``w`` a partner by an alternating path that leaves unpaired a player who may be."""
    for v in paired_left:
        if v in seen or not level.rows[v] >> w & 1:
            continue
        seen.add(v)
        old = paired_left[v]
        if level.free >> old & 1:
            del mate[old]
        elif not _take_over(level, old, mate, paired_left, seen):
            continue
        mate[w] = v
        paired_left[v] = w
        return True
    return False


#: Whether the players of S1 still to pair (first) can be paired with players of S2 still free
#: (second) so that the rest of the round can be completed: a branch cut without this has no
#: candidate the procedure would accept (the caller's ``_completes``).
Viable = Callable[[list[int], list[int]], bool]


def transpositions(s1: list[int], s2: list[int], level: Level, viable: Viable | None = None
                   ) -> Iterator[tuple[list[tuple[int, int]], list[int]]]:
    """C6-C7 with D1: the pairings S1[i]-S2[i] that meet ``level``, in the D1 order; each with
    the players of S2 left over.  ``viable`` cuts branches whose candidates all fail later."""
    first = _feasible(level, s1, s2, 0, None)
    if first is None or (viable is not None and not viable(s1, s2)):
        return
    chosen: list[int] = []

    def walk(i: int, used: int, clashes: int, mate: dict[int, int]
             ) -> Iterator[tuple[list[tuple[int, int]], list[int]]]:
        if i == len(s1):
            yield list(zip(s1, chosen, strict=True)), [w for w in s2 if not used >> w & 1]
            return
        v = s1[i]
        for w in s2:
            if used >> w & 1 or not level.rows[v] >> w & 1:
                continue
            total = clashes + level.clash(v, w)
            if total > level.x:
                continue
            rest = [u for u in s2 if not (used | 1 << w) >> u & 1]
            found = _feasible(level, s1[i + 1:], rest, total, mate)
            if found is not None and (viable is None or viable(s1[i + 1:], rest)):
                chosen.append(w)
                yield from walk(i + 1, used | 1 << w, total, found)
                chosen.pop()

    yield from walk(0, 0, 0, first)


def _feasible(level: Level, left: list[int], right: list[int], clashes: int,
              start: dict[int, int] | None) -> dict[int, int] | None:
    """A matching of ``left`` into ``right`` as :func:`_saturates` gives it, if one exists within
    the allowance x with ``clashes`` already counted; None when none does."""
    if clashes + _colour_bound(level, left, right) > level.x:
        return None
    if clashes == level.x:
        # x spent: the rest must grant every preference (else the walk below finds no candidate,
        # after trying them all)
        return _saturates(level.without_clashes(), left, right, start)
    mate = _saturates(level, left, right, start)
    if mate is None or clashes + sum(level.clash(v, w) for w, v in mate.items()) <= level.x:
        return mate
    return mate if clashes + _fewest_clashes(level, left, right) <= level.x else None


def _fewest_clashes(level: Level, left: list[int], right: list[int]) -> int:
    """The fewest clashes (B4) of a matching giving every one of ``left`` a partner among ``right``
    and every one of ``right`` who may not be left unpaired one too (one weighted matching: the
    most of ``left`` paired, then the most of those who may not be left, then the fewest
    clashes); such a matching exists (:func:`_saturates` found one)."""
    right_mask = sum(1 << w for w in right)
    key = (sum(1 << v for v in left), right_mask)
    if key not in level.fewest:
        kept = len(left) + 1
        pair = kept * (len(right) + 1)
        edges = [(v, w, pair + (0 if level.free >> w & 1 else kept) - level.clash(v, w))
                 for v in left for w in bits(level.rows[v] & right_mask)]
        mate = max_weight_matching(len(level.rows), edges)
        level.fewest[key] = sum(level.clash(v, mate[v]) for v in left)
    return level.fewest[key]


def exchanges(s1: list[int], s2: list[int], number: dict[int, int]) -> Iterator[tuple[list[int], list[int]]]:
    """C8 with D2: S1 and S2 as they stand, then after each exchange, in the D2 order: fewer
    players exchanged first; then the smallest difference between the sums of the numbers
    exchanged; then the exchange concerning the lowest players of S1 (the highest numbers);
    then (U11, as Dutch 2017 D.2.d) the lowest numbers of S2.  Both re-ordered by A2 (A9.b)."""
    yield s1, s2
    for size in range(1, min(len(s1), len(s2)) + 1):
        if comb(len(s1), size) * comb(len(s2), size) > EXCHANGE_LIMIT:
            return
        options = []
        for out in combinations(s1, size):
            out_numbers = sorted((number[v] for v in out), reverse=True)
            for into in combinations(s2, size):
                into_numbers = sorted(number[w] for w in into)
                options.append((sum(into_numbers) - sum(out_numbers), [-n for n in out_numbers], into_numbers,
                                out, into))
        options.sort(key=lambda option: option[:3])
        for _, _, _, out, into in options:
            yield (sorted([v for v in s1 if v not in out] + list(into), key=number.__getitem__),
                   sorted([w for w in s2 if w not in into] + list(out), key=number.__getitem__))
