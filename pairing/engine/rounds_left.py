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
    search = _Search(rounds, steps)
    try:
        return search.rounds_from(0, pairs)
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
    """Depth first, round after round; in a round, the player with the fewest partners left first."""

    def __init__(self, rounds: list[frozenset[int]], steps: int):
        self.rounds, self.steps = rounds, steps

    def rounds_from(self, index: int, met: set[frozenset[int]]) -> bool:
        if index == len(self.rounds):
            return True
        if not self._may_pair(index, met):
            return False
        return self._pair(index, set(self.rounds[index]), met, [])

    def _may_pair(self, index: int, met: set[frozenset[int]]) -> bool:
        """Two quick necessary conditions: each player keeps a partner not met for each round
        left he plays, and (a perfect matching) the pairs not met of this round join its
        players in groups of an even number."""
        later = self.rounds[index:]
        for player in self.rounds[index]:
            partners = {q for field in later if player in field for q in field} - {player}
            if sum(player in field for field in later) > sum(frozenset((player, q)) not in met for q in partners):
                return False
        unseen = set(self.rounds[index])
        while unseen:
            group, todo = set(), [unseen.pop()]
            while todo:
                player = todo.pop()
                group.add(player)
                found = {q for q in unseen if frozenset((player, q)) not in met}
                unseen -= found
                todo += found
            if len(group) % 2:
                return False
        return True

    def _pair(self, index: int, unpaired: set[int], met: set[frozenset[int]], pairs: list[frozenset[int]]) -> bool:
        self.steps -= 1
        if self.steps < 0:
            raise _OutOfSteps
        if not unpaired:
            return self.rounds_from(index + 1, met | set(pairs))
        options = {p: [q for q in unpaired if q != p and frozenset((p, q)) not in met] for p in unpaired}
        player = min(unpaired, key=lambda p: (len(options[p]), p))
        for partner in sorted(options[player]):
            if self._pair(index, unpaired - {player, partner}, met, [*pairs, frozenset((player, partner))]):
                return True
        return False


__all__ = ["PAB", "can_pair_rounds_left"]
