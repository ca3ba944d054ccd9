"""The first pairing of a bracket in the order of 4.3 among the best by [C5], [C6]
and [C8] under [C4], found player by player with a witness.

The order of 4.3 is lexicographic: the first player (in the bracket's ranking)
gets the last partner he can, then the next player still free, and so on; a
player floats only when no partner is left to him.  So the first optimal pairing
is the greedy one in which each choice is kept only when some optimal pairing
(the best value ``T`` of [C5], [C6], [C8], and a complete pairing of everybody
below, [C4]) still contains every choice made so far.

That check is made cheap by a *witness*: an optimal matching of the bracket and
the players below that contains the choices so far.  A new choice ``a-b`` is
proved possible by exchanging two or three pairs of the witness (``a-x``, ``b-y``
and maybe ``p-q`` become ``a-b``, ``x-y`` or ``x-p``, ``y-q``) without losing
value; it is refused at once when the colour preferences left cannot reach the
[C8] value any more (the count bound of ``BursteinPairer.colour_bound``); only
when neither settles it is a weighted matching of the players left solved (which
gives the next witness).  After too many such matchings the caller falls back to
the chunked solve, which gives the same pairing.
"""

from __future__ import annotations

from ...core.matching import UNMATCHED, max_weight_matching

#: weighted matchings allowed per bracket before giving up (the caller then solves
#: the order in chunks of digits)
EXACT_LIMIT = 12


class GiveUp(Exception):
    pass


class OrderSearch:
    def __init__(self, pairer, bracket: list[int], lower: list[int]):
        self.pairer = pairer
        self.bracket = bracket
        self.lower = lower
        self.index = {v: i for i, v in enumerate(bracket)}
        if pairer.into is None:  # nobody confined (2017 6.6 off): the plain test, faster
            self.compatible = pairer.round.compatible
        n = len(bracket)
        players = pairer.players
        levels = sorted({players[v].pairing_score for v in bracket})
        level = {s: k for k, s in enumerate(levels)}
        base = n + 1
        self.value_of = {v: base ** level[players[v].pairing_score] for v in bracket}
        # 2026 [C7]: the next bracket (the floaters and the next scoregroup): its pairs,
        # then the scores of its paired players (its floaters' scores lowest)
        self.next = set(pairer.next_group(lower)) if pairer.edition.weighs_next_bracket else set()
        m = n + len(self.next)
        levels7 = sorted({players[v].pairing_score for v in bracket + list(self.next)})
        level7 = {s: k for k, s in enumerate(levels7)}
        self.value7 = {v: (m + 1) ** level7[players[v].pairing_score] for v in bracket + list(self.next)}
        self.w5, self.w6, self.w8 = _bits(n), _bits(n * base ** len(levels)), _bits(2 * n)
        self.w7a, self.w7b = _bits(m), _bits(m * (m + 1) ** len(levels7))
        #: a pair's weight for [C4] alone (a complete pairing of everybody below)
        self.outside = 1 << (self.w5 + self.w6 + self.w7a + self.w7b + self.w8)
        self.preference = {v: players[v].preference for v in bracket}
        self.exact_solves = 0

    def compatible(self, u: int, v: int) -> bool:
        """Whether ``u`` and ``v`` may meet; a bracket player and one below only as the floater
        may (2017 6.6: in the next SG)."""
        if (u in self.index) != (v in self.index):
            return self.pairer.meets_below(u, v) if u in self.index else self.pairer.meets_below(v, u)
        return self.pairer.round.compatible(u, v)

    # -- values ----------------------------------------------------------------------
    def pack(self, c5: int, c6: int, c7a: int, c7b: int, c8: int) -> int:
        return (((((c5 << self.w6) + c6 << self.w7a) + c7a << self.w7b) + c7b) << self.w8) + c8

    def contrib(self, u: int | None, v: int | None) -> int:
        """The value of the pair ``u-v`` by [C5]-[C8] (nothing when one is None:
        unpaired; [C4] is kept apart: the witness is always complete)."""
        if u is None or v is None:
            return 0
        if u in self.index and v in self.index:
            return self.pack(1, self.value_of[u] + self.value_of[v], 0, 0, self.pairer.colour_granted(u, v))
        if (u in self.next or u in self.index) and (v in self.next or v in self.index):
            return self.pack(0, 0, 1, self.value7[u] + self.value7[v], 0)  # a pair of the next bracket
        return 0

    def miss(self, u: int, v: int) -> int:
        return 2 - self.pairer.colour_granted(u, v)

    # -- the weighted matching -------------------------------------------------------
    def exact(self, free: list[int], floating: list[int], below: bool = True) -> tuple[dict[int, int | None], int]:
        """The best matching of ``free`` (bracket players), ``floating`` (bracket players
        who may only meet players below) and the players below (everybody, complete
        first, [C4]; unless not ``below``: only the next scoregroup, [C7]): partners
        and value ([C5]-[C8])."""
        self.exact_solves += 1
        if self.exact_solves > EXACT_LIMIT:
            raise GiveUp
        lower = self.lower if below else [v for v in self.lower if v in self.next]
        top = self.outside if below else 0
        members = free + floating + lower
        local = {v: i for i, v in enumerate(members)}
        edges = []
        nf = len(free)
        for i in range(nf):
            v = free[i]
            for j in range(i + 1, nf):
                w = free[j]
                if self.compatible(v, w):
                    edges.append((i, j, top + self.contrib(v, w)))
        upper = free + floating
        for v in upper:
            for w in lower:
                if self.compatible(v, w):
                    edges.append((local[v], local[w], top + self.contrib(v, w)))
        for k, v in enumerate(lower):
            for w in lower[k + 1:]:
                if self.compatible(v, w):
                    edges.append((local[v], local[w], top + self.contrib(v, w)))
        mate = max_weight_matching(len(members), edges)
        partners: dict[int, int | None] = {}
        value = 0
        for i, v in enumerate(members):
            partners[v] = None if mate[i] == UNMATCHED else members[mate[i]]
            if mate[i] != UNMATCHED and i < mate[i]:
                value += self.contrib(v, members[mate[i]])
        return partners, value

    def greedy_witness(self) -> tuple[dict[int, int | None], int] | None:
        """An optimal matching built greedily, when it provably is one: the most pairs,
        the floater (if any) from the lowest score, colour misses at the count bound
        ([C5], [C6], [C8] bounds, as the fast path), and a complete pairing below."""
        bracket, pairer = self.bracket, self.pairer
        partners, misses = self.greedy_partners()
        floaters = [v for v in bracket if partners[v] is None]
        if len(floaters) != len(bracket) % 2 or misses != pairer.colour_bound(bracket):
            return None
        if floaters and self.next:
            return None  # [C7]: the weighted matching decides
        if floaters and pairer.players[floaters[0]].pairing_score != min(pairer.players[v].pairing_score
                                                                         for v in bracket):
            return None
        value = sum(self.contrib(v, w) for v, w in partners.items()
                    if w is not None and self.index[v] < self.index[w])
        if self.lower:
            completion = pairer.completion(floaters, self.lower)
            if completion is None or -1 in completion.values():
                return None
            partners.update(completion)
        return partners, value

    def greedy_partners(self) -> tuple[dict[int, int | None], int]:
        """Each player in the bracket's order takes his last compatible partner still free, one
        who keeps the colour preferences granted where he can; the colour misses it makes."""
        bracket, pairer = self.bracket, self.pairer
        n = len(bracket)
        white = sum(self.preference[v] == "w" for v in bracket)
        black = sum(self.preference[v] == "b" for v in bracket)
        majority = "w" if white > black else "b" if black > white else None
        rows = []
        for v in bracket:
            row = 0
            for j, w in enumerate(bracket):
                if pairer.round.compatible(v, w):
                    row |= 1 << j
            rows.append(row)
        wanted = [0, 0]  # bracket positions of the majority, of the others
        same = {"w": 0, "b": 0, None: 0}  # bracket positions by preference (none: never a miss)
        for j, v in enumerate(bracket):
            wanted[self.preference[v] != majority or majority is None] |= 1 << j
            if self.preference[v] is not None:
                same[self.preference[v]] |= 1 << j
        free = (1 << n) - 1
        partners: dict[int, int | None] = {}
        misses = 0
        for i, v in enumerate(bracket):
            if not free >> i & 1:
                continue
            free &= ~(1 << i)
            options = rows[i] & free
            if not options:
                partners[v] = None
                continue
            if self.preference[v] == majority and majority is not None:
                best = options & wanted[1]
            else:
                best = options & wanted[0]
                if not best:
                    best = options & wanted[1] & ~same[self.preference[v]]
            j = (best or options).bit_length() - 1
            w = bracket[j]
            free &= ~(1 << j)
            partners[v], partners[w] = w, v
            misses += self.miss(v, w)
        return partners, misses

    def complete(self, partners: dict[int, int | None]) -> bool:
        """Whether ``partners`` pairs everybody when there are players below ([C4])."""
        return not self.lower or all(w is not None for w in partners.values())

    # -- the search ------------------------------------------------------------------
    def run(self) -> tuple[list[tuple[int, int]], list[int]] | None:
        bracket = self.bracket
        found = self.greedy_witness()
        if found is not None:
            partners, value = found
        else:
            partners, value = self.exact(bracket, [], below=False)
        if self.lower and found is None:
            # the best with the next scoregroup only: keep its pairs, complete the rest
            rest = [v for v in self.lower if partners.get(v) is None]
            completion = self.pairer.completion([v for v in bracket if partners.get(v) is None], rest)
            if completion is not None and -1 not in completion.values():
                partners.update(completion)
            else:  # the best of the bracket alone leaves no complete pairing: all at once
                partners, value = self.exact(bracket, [])
                if not self.complete(partners):
                    return None
        self.mate = partners
        self.target = value
        self.fixed: set[int] = set()   # bracket players whose partner (or float) is chosen
        self.floating: list[int] = []
        self.pairs: list[tuple[int, int]] = []
        self.fixed_value = 0
        floaters_wanted = sum(partners[v] is None or partners[v] not in self.index for v in bracket)
        self.misses_allowed = sum(self.miss(v, w) for v, w in partners.items()
                                  if v in self.index and w in self.index and self.index[v] < self.index[w])
        self.misses_fixed = 0
        self.floaters_left = floaters_wanted
        counts = {"w": 0, "b": 0, None: 0}
        for v in bracket:
            counts[self.preference[v]] += 1
        self.counts = counts
        n = len(bracket)
        for k, a in enumerate(bracket):
            if a in self.fixed:
                continue
            self._take(a)
            for m in range(n - 1, k, -1):
                b = bracket[m]
                if b in self.fixed or not self.compatible(a, b):
                    continue
                if self.try_pair(a, b):
                    break
            else:
                if not self.try_float(a):
                    raise GiveUp  # cannot be: the witness always allows one choice
        return self.pairs, self.floating

    def _take(self, v: int) -> None:
        self.counts[self.preference[v]] -= 1

    def bound(self, floaters: int) -> int:
        """The fewest misses the free players can have with ``floaters`` of them floating."""
        return self.pairer.misses_bound(self.counts["w"], self.counts["b"], self.counts[None], floaters)

    def try_pair(self, a: int, b: int) -> bool:
        miss = self.miss(a, b)
        self._take(b)
        if self.misses_fixed + miss + self.bound(self.floaters_left) > self.misses_allowed:
            self.counts[self.preference[b]] += 1
            return False
        if self.mate.get(a) == b or self.exchange(a, b) or self.solve_fixing(a, b):
            self.fixed.update((a, b))
            self.pairs.append((a, b))
            self.fixed_value += self.contrib(a, b)
            self.misses_fixed += miss
            return True
        self.counts[self.preference[b]] += 1
        return False

    def try_float(self, a: int) -> bool:
        partner = self.mate.get(a)
        if (partner is not None and partner in self.index and not self.float_exchange(a)
                and not self.solve_fixing(a, None)):
            return False
        self.fixed.add(a)
        self.floating.append(a)
        self.floaters_left -= 1
        return True

    def _apply(self, removed: list[tuple[int, int | None]], added: list[tuple[int, int]]) -> None:
        mate = self.mate
        for u, v in removed:
            mate[u] = None
            if v is not None:
                mate[v] = None
        for u, v in added:
            mate[u] = v
            mate[v] = u

    def _free(self, v: int | None) -> bool:
        return v is not None and v not in self.fixed

    def exchange(self, a: int, b: int) -> bool:
        """Pair ``a-b`` in the witness by exchanging two or three of its pairs."""
        mate = self.mate
        x, y = mate.get(a), mate.get(b)
        delta = self.contrib(a, b) - self.contrib(a, x) - self.contrib(b, y)
        if x is None or y is None:
            if self.lower and (x is not None or y is not None):
                return False  # the other would be left without a partner below
            if delta >= 0:
                self._apply([(a, x), (b, y)], [(a, b)])
                return True
            return False
        if self.compatible(x, y) and delta + self.contrib(x, y) >= 0:
            self._apply([(a, x), (b, y)], [(a, b), (x, y)])
            return True
        compatible = self.compatible
        for p, q in list(mate.items()):
            if q is None or p in (a, b, x, y) or q in (a, b, x, y) or p in self.fixed or q in self.fixed:
                continue
            if compatible(x, p) and compatible(y, q):
                gain = delta - self.contrib(p, q) + self.contrib(x, p) + self.contrib(y, q)
                if gain >= 0:
                    self._apply([(a, x), (b, y), (p, q)], [(a, b), (x, p), (y, q)])
                    return True
        return False

    def float_exchange(self, a: int) -> bool:
        """Let ``a`` meet a player below in the witness (``a-x``, ``z-y`` become ``a-z``, ``x-y``)."""
        mate = self.mate
        x = mate[a]
        for z in self.lower:
            y = mate.get(z)
            if y is None or y in self.fixed or not self.compatible(a, z) or not self.compatible(x, y):
                continue
            if self.contrib(a, z) + self.contrib(x, y) - self.contrib(a, x) - self.contrib(z, y) >= 0:
                self._apply([(a, x), (z, y)], [(a, z), (x, y)])
                return True
        return False

    def solve_fixing(self, a: int, b: int | None) -> bool:
        """Whether an optimal matching keeps the choices so far and ``a-b`` (``b``
        None: ``a`` floats); if so it becomes the witness."""
        free = [v for v in self.bracket if v not in self.fixed and v != a and v != b]
        floating = self.floating + ([a] if b is None else [])
        partners, value = self.exact(free, floating)
        value += self.fixed_value + (self.contrib(a, b) if b is not None else 0)
        if value < self.target or not self.complete(partners):  # everybody below too ([C4])
            return False
        for v, w in self.pairs:
            partners[v], partners[w] = w, v
        if b is not None:
            partners[a], partners[b] = b, a
        elif not self.lower:
            partners[a] = None
        self.mate = partners
        return True


def _bits(value: int) -> int:
    return max(1, value.bit_length())
