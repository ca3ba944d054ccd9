"""Whether the rounds left of a tournament can still be paired at all: the generator's look-ahead.

C.04.1 (2017 b, d / 2026 Arts. 2, 4): two players meet at most once, and a player gets the
pairing-allocated bye at most once (nor after a forfeit win or, by some editions, another point
without playing).  A field near a round robin (10 players, 9 rounds) can reach a round where no
pairing keeps both rules, whatever the pairing system: :func:`can_pair_rounds_left` sees it coming
rounds ahead, so that the generator draws again at once rather than rounds later.

The PAB is a dummy player, :data:`PAB`, added to a round of an odd field: the players barred from
it have "met" it, so a round is a perfect matching of its players without a pair that has met, and
the rounds left are as many disjoint ones.  Only these two rules are checked (not the colours, nor
a system's own criteria): a verdict "no" is certain; "yes" is only that these rules allow it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: The pairing-allocated bye, as an opponent.
PAB = 0


class _OutOfSteps(Exception):
    pass


def can_pair_rounds_left(fields: Sequence[Iterable[int]], met: Iterable[tuple[int, int]],
                         steps: int = 2_000) -> bool | None:
    """Whether each round left, ``fields[k]`` being the players it pairs, can be paired without
    two players meeting twice (``met``: the pairs who met, a player barred from the PAB paired
    with :data:`PAB`).  None when it was not decided within ``steps`` partial pairings."""
    rounds = [frozenset(field) | ({PAB} if len(set(field)) % 2 else set()) for field in fields]
    pairs = {frozenset(pair) for pair in met}
    if _surely_pairable(rounds, pairs):
        return True
    search = _Search(rounds, pairs, steps)
    try:
        return search.rounds_from(0, search.free, -1)
    except _OutOfSteps:
        return None


def _surely_pairable(rounds: list[frozenset[int]], met: set[frozenset[int]]) -> bool:
    """Dirac: a graph of n vertices (n >= 3) where each has n/2 neighbours has a Hamilton cycle,
    so (n even) a perfect matching.  Each earlier round left takes one neighbour from each
    player, so a round whose players keep n/2 after that is paired whatever came before."""
    for before, players in enumerate(rounds):
        if len(players) < 3:  # Dirac's bound needs three; the search decides one pair
            if players:
                return False
            continue
        fewest = min(sum(1 for q in players if q != p and frozenset((p, q)) not in met) for p in players)
        if fewest - before < len(players) / 2:
            return False
    return True


class _Search:
    """Depth first, round after round; in a round, the player with the fewest partners left first.

    The players are bits of an integer: ``free[i]`` holds those player ``i`` has not met.  Three
    things keep the search exact while cutting it: at each round, the degrees the rounds left need
    (:meth:`_degrees_allow`); rounds of the same field in a row can be played in any order, so the
    lowest player of such a run meets partners in increasing order from round to round; and a
    state (the round, the pairs not met among the players still to play) found to have no way
    through is remembered and refused at once when reached again."""

    def __init__(self, rounds: list[frozenset[int]], met: set[frozenset[int]], steps: int):
        players = sorted(set().union(*rounds))
        bit = {player: 1 << index for index, player in enumerate(players)}
        everyone = (1 << len(players)) - 1
        self.free = tuple(everyone & ~bit[p] & ~sum(bit[q] for q in players if frozenset((p, q)) in met)
                          for p in players)
        self.fields = [sum(bit[p] for p in field) for field in rounds]
        #: from each round on: who plays, and for each player the rounds he plays and whom he may meet
        self.later = [0] * (len(rounds) + 1)
        for index in range(len(rounds) - 1, -1, -1):
            self.later[index] = self.later[index + 1] | self.fields[index]
        self.plays: list[dict[int, int]] = []
        self.partners: list[dict[int, int]] = []
        for index in range(len(rounds)):
            playing = {p: [f for f in self.fields[index:] if f >> p & 1] for p in _bits(self.later[index])}
            self.plays.append({p: len(fields) for p, fields in playing.items()})
            self.partners.append({p: _union(fields) & ~(1 << p) for p, fields in playing.items()})
        self.steps, self.refuted = steps, set()

    def rounds_from(self, index: int, free: tuple[int, ...], bound: int) -> bool:
        """Whether rounds ``index`` on can be paired; ``bound``: the partner the run's lowest
        player met in the round before (the same field), -1 if none."""
        if index == len(self.fields):
            return True
        later = self.later[index]
        key = (index, bound, tuple(mask & later for i, mask in enumerate(free) if later >> i & 1))
        if key in self.refuted:
            return False
        if not (self._may_pair(index, free) and self._pair(index, self.fields[index], free, bound, -1)):
            self.refuted.add(key)
            return False
        return True

    def _may_pair(self, index: int, free: tuple[int, ...]) -> bool:
        """Quick necessary conditions: the rounds left leave each player as many partners as
        he has rounds to play (:meth:`_degrees_allow`), and (a perfect matching) the pairs not
        met of this round join its players in groups of an even number."""
        if not self._degrees_allow(index, free):
            return False
        unseen = self.fields[index]
        while unseen:
            group = todo = unseen & -unseen
            while todo:
                player = (todo & -todo).bit_length() - 1
                todo &= todo - 1
                found = free[player] & unseen & ~group
                group |= found
                todo |= found
            unseen &= ~group
            if group.bit_count() % 2:
                return False
        return True

    def _degrees_allow(self, index: int, free: tuple[int, ...]) -> bool:
        """In the rounds left each player meets as many new partners as he plays rounds, among
        those he has not met who play a round with him.  A player with no partner to spare must
        meet them all; one who must meet as many as he plays rounds meets nobody else.  Both
        conclusions are drawn until nothing changes; a player with too few partners, or with more
        that he must meet than rounds, refuses the state."""
        need, partners = self.plays[index], self.partners[index]
        available = {p: free[p] & partners[p] for p in need}
        forced = dict.fromkeys(need, 0)
        changed = True
        while changed:
            changed = False
            for player, rounds in need.items():
                left, sure = available[player], forced[player]
                if left.bit_count() < rounds or sure.bit_count() > rounds:
                    return False
                if left != sure and left.bit_count() == rounds:  # every partner left is a must
                    for partner in _bits(left & ~sure):
                        forced[player] |= 1 << partner
                        forced[partner] |= 1 << player
                    changed = True
                elif left != sure and sure.bit_count() == rounds:  # the musts fill his rounds
                    for partner in _bits(left & ~sure):
                        available[player] &= ~(1 << partner)
                        available[partner] &= ~(1 << player)
                    changed = True
        return True

    def _pair(self, index: int, unpaired: int, free: tuple[int, ...], bound: int, pivot_partner: int) -> bool:
        """Pair ``unpaired`` (a mask) in round ``index``; ``pivot_partner``: the run's lowest
        player's partner in this round, once paired."""
        self.steps -= 1
        if self.steps < 0:
            raise _OutOfSteps
        if not unpaired:
            following = index + 1 < len(self.fields) and self.fields[index + 1] == self.fields[index]
            return self.rounds_from(index + 1, free, pivot_partner if following else -1)
        pivot = (self.fields[index] & -self.fields[index]).bit_length() - 1
        player, options = -1, 0
        for candidate in _bits(unpaired):
            allowed = free[candidate] & unpaired
            if bound >= 0 and candidate == pivot:
                allowed &= ~((2 << bound) - 1)  # a partner after the one of the round before
            elif bound >= 0 and candidate <= bound:
                allowed &= ~(1 << pivot)
            if player < 0 or allowed.bit_count() < options.bit_count():
                player, options = candidate, allowed
            if not allowed:
                return False
        for partner in _bits(options):
            after = list(free)
            after[player] &= ~(1 << partner)
            after[partner] &= ~(1 << player)
            met_pivot = partner if player == pivot else player if partner == pivot else pivot_partner
            if self._pair(index, unpaired & ~(1 << player) & ~(1 << partner), tuple(after), bound, met_pivot):
                return True
        return False


def _union(masks: list[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _bits(mask: int):
    """The indices of the bits set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


__all__ = ["PAB", "can_pair_rounds_left"]
