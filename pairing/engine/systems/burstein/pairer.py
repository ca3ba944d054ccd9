"""The Burstein pairing of a round, both editions.

2026 (C.04.4.2 2026): the seeding rounds are Dutch round-pairings (1.6); after
them the pairing-allocated bye first (3.1), then bracket by bracket from the top
scoregroup (1.9.2), each bracket's pairing the first in the order of 4.3 among
those best by [C5], [C6] and [C8] (3.2.2), with the completion [C4] checked.

2017 edition: the same frame on the older rules: the bye by 4.1-4.3, each SG with
its incoming floaters ranked by 3.2, as many pairs as possible (6.1, 6.3, 6.6),
the incoming floaters paired first (6.3), the most due colours (6.5), then the
first combination in the priority order of 6.2 / 6.4 (which is the order of the
2026 text's 4.3, see the tests).

A bracket's pairing is found by a fast path (the first pairing in order of 4.3
when it provably reaches the bound of every criterion above the order); else by
the search of ``search.py`` (player by player in the order of 4.3, each choice
proved possible by exchanges in an optimal witness matching); else, when that
needs too many matchings, by a maximum-weight matching whose weight packs, most
important first, the pairs, the scores of the paired players, the colour
preferences granted and one digit per player for the order of 4.3 (solved a
chunk of players at a time).  The three give the same pairing (tested).
"""

from __future__ import annotations

from ...core.matching import max_weight_matching
from ...core.pairing import RoundPairing, publishing_order
from ...core.round import RoundPairer, bye_before_pairing
from ...core.state import Player, RoundState
from ...errors import NoValidPairing
from .editions import BursteinEdition
from .search import GiveUp, OrderSearch

CHUNK_BITS = 1024


def _bits(value: int) -> int:
    return max(1, value.bit_length())


class BursteinPairer:
    def __init__(self, state: RoundState, edition: BursteinEdition):
        self.state = state
        self.edition = edition
        self.evaluation = edition.opposition(state)  # the Index (2026 1.7-1.8, 2017 3.2)
        self.key = edition.ranking_key(self.evaluation)
        self.players = state.players
        self.round = RoundPairer(state)  # [C1]-[C3] (2017: 3.1, 5.2, 5.3), nobody exempt
        ranked = sorted(range(len(self.players)), key=lambda v: self.key(self.players[v]))
        self.position = {v: k for k, v in enumerate(ranked)}
        #: 2017 6.6: the next SG, where the bracket's floaters must find their partners (None: anywhere below)
        self.into: set[int] | None = None

    # -- the pairing-allocated bye -------------------------------------------------
    def bye_order(self) -> list[int]:
        """The players who may take the PAB, in the order they are tried."""
        eligible = [v for v, p in enumerate(self.players) if p.bye_eligible]  # 2026 3.1.1 [C2] / 2017 4.1
        if not self.edition.bye_to_most_games:
            # 2017 4.2-4.3: the lowest SG, then the lowest SB, Buchholz and so on (3.2 reversed)
            return sorted(eligible, key=lambda v: (self.players[v].pairing_score, -self.position[v]))
        # 2026 3.1.3 lowest score, 3.1.4 most games played, 3.1.5 lowest ranking (1.8)
        return sorted(eligible, key=lambda v: (self.players[v].pairing_score, -self.players[v].played_games,
                                               -self.position[v]))

    def choose_bye(self, vertices: list[int]) -> int | None:
        if len(vertices) % 2 == 0:
            return None
        for v in self.bye_order():
            rest = [w for w in vertices if w != v]
            if self.round.completion_mate(rest) is not None:  # 2026 3.1.2 [C4]
                return v
        raise NoValidPairing("no player can take the pairing-allocated bye and leave a complete pairing")

    # -- a bracket -----------------------------------------------------------------
    def colour_granted(self, v: int, w: int) -> int:
        """How many of the two get their colour preference (2026 [C8]; 2017 6.5 due colours, which a
        player who has played no game has none of, 1.3)."""
        a, b = self.players[v].preference, self.players[w].preference
        if self.edition.no_preference_served:
            return 1 if a is not None and a == b else 2
        return (a is not None) + (b is not None) - (a is not None and a == b)

    def colour_bound(self, bracket: list[int]) -> int:
        """The fewest players who can miss their preference in a pairing of ``bracket`` (one may
        float when it is odd)."""
        prefs = [self.players[v].preference for v in bracket]
        white, black = prefs.count("w"), prefs.count("b")
        return self.misses_bound(white, black, len(prefs) - white - black, len(bracket) % 2)

    def misses_bound(self, white: int, black: int, none: int, floaters: int) -> int:
        """The fewest misses of players with these preferences (``none``: no game played) when
        ``floaters`` of them float: the excess of one preference over all others pairs among
        itself; in 2017 (6.5) every paired player without a due colour misses too, so they float
        first and the excess pairs with the others left."""
        if self.edition.no_preference_served:
            return max(0, (abs(white - black) - none - floaters + 1) // 2)
        floating = min(none, floaters)
        none -= floating
        excess = max(0, abs(white - black) - (floaters - floating) - none)
        return none + (excess + 1) // 2

    def fast_path(self, bracket: list[int], lower: list[int]) -> tuple[list[tuple[int, int]], list[int]] | None:
        """The first pairing in the order of 4.3, if it reaches every bound."""
        free = list(bracket)
        pairs, floaters = [], []
        while free:
            v = free.pop(0)
            for k in range(len(free) - 1, -1, -1):
                if self.round.compatible(v, free[k]):
                    pairs.append((v, free.pop(k)))
                    break
            else:
                floaters.append(v)
        if len(floaters) != len(bracket) % 2:  # [C5] bound
            return None
        if floaters and self.players[floaters[0]].pairing_score != min(self.players[v].pairing_score
                                                                       for v in bracket):
            return None  # [C6] bound
        misses = sum(2 - self.colour_granted(v, w) for v, w in pairs)
        if misses != self.colour_bound(bracket):  # [C8] bound
            return None
        if self.completion(floaters, lower) is None:  # [C4]
            return None
        if floaters and not self.next_bracket_bound(floaters, lower):  # [C7]
            return None
        return pairs, floaters

    def completion(self, floaters: list[int], lower: list[int]) -> dict[int, int] | None:
        """A complete pairing of ``floaters`` and everybody below ([C4]; 2017 6.6: each floater
        with a player of the next SG)."""
        if self.into is None:
            return self.round.completion_mate(floaters + lower)
        return self.round.completion_mate(floaters + lower, confined=floaters, into=self.into)

    def meets_below(self, v: int, w: int) -> bool:
        """Whether bracket player ``v`` may float to player ``w`` below (2017 6.6: the next SG only)."""
        return self.round.compatible(v, w) and (self.into is None or w in self.into)

    def next_group(self, lower: list[int]) -> list[int]:
        """The next scoregroup: the residents of the next bracket (2026 [C7])."""
        if not lower:
            return []
        score = max(self.players[v].pairing_score for v in lower)
        return [v for v in lower if self.players[v].pairing_score == score]

    def next_bracket_bound(self, floaters: list[int], lower: list[int]) -> bool:
        """Whether the floaters let the next bracket reach its [C5] and [C6] bounds
        with everybody below paired (2026 [C7]): here only the plain case is proved,
        an even next bracket paired completely and the rest below too."""
        if not self.edition.weighs_next_bracket:
            return True
        following = floaters + self.next_group(lower)
        beyond = [v for v in lower if v not in set(following)]
        if len(following) % 2:
            return False
        return (self.round.completion_mate(following) is not None
                and (not beyond or self.round.completion_mate(beyond) is not None))

    def solve(self, bracket: list[int], lower: list[int],
              nxt: list[int] | tuple = ()) -> tuple[list[tuple[int, int]], list[int]]:
        """The best pairing of ``bracket`` by weighted matching.  ``lower`` (the
        players of the lower scoregroups) take part when given, so that the
        matching is a complete pairing of everybody left ([C4]).  ``nxt``, the next
        scoregroup (2026 [C7]): the pairs of the next bracket (the floaters and
        ``nxt``) and their scores are weighed between [C6] and [C8].  The order of 4.3
        is one digit per player, solved a chunk of players at a time."""
        n = len(bracket)
        extra = lower if lower else list(nxt)
        members = bracket + extra
        local = {v: i for i, v in enumerate(members)}
        weigh = self.weigher(bracket, members, nxt, full=1 if lower else 0)
        digit = _bits(n + 1)
        chunk = max(1, CHUNK_BITS // digit)
        edges_bb = [(a, b) for a in range(n) for b in range(a + 1, n)
                    if self.round.compatible(bracket[a], bracket[b])]
        edges_bl = [(a, local[w]) for a in range(n) for w in extra if self.meets_below(bracket[a], w)]
        edges_ll = [(local[v], local[w]) for i, v in enumerate(extra) for w in extra[i + 1:]
                    if self.round.compatible(v, w)]
        dead = [False] * len(members)
        floating = [False] * n
        pairs: list[tuple[int, int]] = []
        start = 0
        while True:
            end = min(start + chunk, n)
            width = digit * (end - start)

            def order(a: int, b: int, start: int = start, end: int = end) -> int:
                # 4.3: BSN a's opponent is b (BSN b + 1 as a digit; a floater's is 0)
                return ((b + 1) << digit * (end - 1 - a)) if start <= a < end else 0

            weighted = [(a, b, weigh(a, b, width) + order(a, b) + order(b, a)) for a, b in edges_bb
                        if not (dead[a] or dead[b] or floating[a] or floating[b])]
            weighted += [(i, j, weigh(i, j, width)) for i, j in edges_bl + edges_ll if not dead[i] and not dead[j]]
            mate = max_weight_matching(len(members), weighted)
            last = end >= n
            for a in range(start if not last else 0, end if not last else n):
                if dead[a] or floating[a]:
                    continue
                b = mate[a]
                if 0 <= b < n:
                    pairs.append((bracket[a], bracket[b]))
                    dead[a] = dead[b] = True
                else:
                    floating[a] = True
            if last:
                return pairs, [bracket[a] for a in range(n) if floating[a]]
            start = end

    def weigher(self, bracket: list[int], members: list[int], nxt: list[int] | tuple, full: int):
        """``weigh(i, j, width)``: the weight of the pair of ``members`` i-j above the order's
        ``width`` bits: [C4] (``full``: everybody below is paired too), [C5], [C6] and [C8] for a
        pair of the bracket, [C7] for a pair of the next bracket."""
        n = len(bracket)
        levels = sorted({self.players[v].pairing_score for v in bracket})
        level = {s: k for k, s in enumerate(levels)}
        base = n + 1
        value_of = [base ** level[self.players[v].pairing_score] for v in bracket]
        following = set(bracket) | set(nxt)
        levels7 = sorted({self.players[v].pairing_score for v in following})
        m = len(following)
        value7 = {v: (m + 1) ** levels7.index(self.players[v].pairing_score) for v in following}
        widths = (_bits(n), _bits(n * base ** len(levels)), (_bits(m), _bits(m * (m + 1) ** len(levels7))),
                  _bits(2 * n))

        def weigh(i: int, j: int, width: int) -> int:
            if i < n and j < n:
                fields = (1, 1, value_of[i] + value_of[j], 0, 0, self.colour_granted(bracket[i], bracket[j]))
            else:
                v, w = members[i], members[j]
                c7 = (1, value7[v] + value7[w]) if v in value7 and w in value7 else (0, 0)
                fields = (full, 0, 0, *c7, 0)
            return self.pack(fields, *widths, width)

        return weigh

    @staticmethod
    def pack(fields: tuple[int, ...], w5: int, w6: int, w7: tuple[int, int], w8: int, width: int) -> int:
        top, c5, c6, c7a, c7b, c8 = fields
        return ((((((top << w5) + c5 << w6) + c6 << w7[0]) + c7a << w7[1]) + c7b << w8) + c8) << width

    def pair_bracket(self, bracket: list[int], lower: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
        if self.edition.floater_meets_next_sg and lower:
            # 2017 6.6: a floater who has played every player of the next SG is moved back, the
            # next combination tried
            self.into = set(self.next_group(lower))
            found = self.pair_bracket_by_rules(bracket, lower)
            self.into = None
            if found is not None:
                return found
        # 6.6, last sentence ("these two SG's shall be considered as one SG"): read as the floaters
        # meeting anyone below who keeps everybody paired ([C4])
        return self.pair_bracket_by_rules(bracket, lower)

    def pair_bracket_by_rules(self, bracket: list[int],
                              lower: list[int]) -> tuple[list[tuple[int, int]], list[int]] | None:
        """The bracket's pairing by the fast path, the search or the chunked matching; None when
        none is complete with the floaters confined to the next SG (``into``)."""
        found = self.fast_path(bracket, lower)
        if found is not None:
            return found
        try:
            found = OrderSearch(self, bracket, lower).run()
        except GiveUp:
            found = None
        if found is not None:
            return found
        if self.edition.weighs_next_bracket and lower:  # [C7] with [C4]: everybody at once
            return self.solve(bracket, lower, self.next_group(lower))
        pairs, floaters = self.solve(bracket, [])
        if self.completion(floaters, lower) is not None:
            return pairs, floaters
        pairs, floaters = self.solve(bracket, lower)
        if self.into is not None and self.completion(floaters, lower) is None:
            return None
        return pairs, floaters

    # -- the round -----------------------------------------------------------------
    def pair(self) -> RoundPairing:
        vertices = list(range(len(self.players)))
        bye = self.choose_bye(vertices)
        left = [v for v in vertices if v != bye]
        scores = sorted({self.players[v].pairing_score for v in left}, reverse=True)
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        for score in scores:
            residents = [v for v in left if self.players[v].pairing_score == score]
            bracket = sorted(floaters + residents, key=self.position.__getitem__)
            lower = [v for v in left if self.players[v].pairing_score < score]
            found, floaters = self.pair_bracket(bracket, lower)
            pairs += found
        if floaters:
            raise NoValidPairing("the lowest bracket leaves players unpaired")
        boards = [self.edition.allocate(self.players[v], self.players[w], self.state, self.key) for v, w in pairs]
        return RoundPairing(publishing_order(boards), self.players[bye] if bye is not None else None)


def first_bye(state: RoundState, edition: BursteinEdition) -> Player | None:
    """Whom 2026 Art. 3.1 (2017 4.1-4.3) gives the PAB to, before the pairing; None: an even
    number of players, nobody can take it, or a seeding round (paired by the Dutch system)."""
    if edition.seeding_round(state):
        return None
    return bye_before_pairing(state, lambda everyone: BursteinPairer(state, edition).choose_bye(everyone))


def pair(state: RoundState, edition: BursteinEdition) -> RoundPairing:
    if edition.seeding_round(state):
        # 2026 Art. 1.6.1: the seeding rounds are paired by the FIDE (Dutch) System,
        # looked up in the registry (a system never imports another)
        from .. import get_system
        dutch = get_system("dutch")
        return dutch.pair(state, dutch.edition(edition.seeding_by_dutch))
    return BursteinPairer(state, edition).pair()
