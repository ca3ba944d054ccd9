"""Sequential generation of Dutch candidates (C.04.3 2017 B.3-B.7, D.1-D.3 =
2026 Art. 3.3-3.7, 4.2-4.4) with a perfect-candidate test: the fast path for
brackets where no weighted matching is needed.

The walk reads each criterion's bound from the criterion (criteria.py: ``met``,
``violations``, ``float_bound``), so both editions use it; a criterion without
one makes it give up.

A candidate is accepted when every criterion reaches an upper bound that no
candidate of the bracket can exceed (an "ideal" pairing, which generalises
B.4's perfect candidate to brackets where, say, colour preferences cannot all
be granted).  Candidates are produced in the order of D.1/D.2 (and of B.7 for
the one-MDP bracket), so the first ideal candidate is exactly what B.8 picks.
The walk gives up, and the caller falls back to weighted matching, when a
budget is spent or the enumeration it would need is not covered here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations

from ...core.state import FLOAT_DOWN, FLOAT_UP, Player


class GiveUp(Exception):
    """The fast path cannot prove its answer; use the weighted matching."""


@dataclass(frozen=True)
class FloatFacts:
    """What a repeated-float criterion's bound reads (its ``float_bound``, see criteria.py): of
    the bracket's candidates that pair every MDP and float one resident at most, and of the
    float that criterion counts (its ``back``)."""

    pairs: int
    resident: Player                     # the first resident (they share a score)
    mdp: Player | None                   # the bracket's one MDP
    down: int                            # residents who received that downfloat
    unpaired_down: int                   # 1 when the one floater must be one of them
    all_up: bool                         # every resident received that upfloat (the MDP's opponent will have)
    downfloat_sd: Callable[[Player], int]
    sd: Callable[[int], int]
    score_digit: Callable[[Player], int]


def colour_kind(player: Player) -> tuple[str | None, int]:
    return player.preference, player.strength


def exchanges(s1: list[int], s2: list[int], budget: int) -> Iterator[tuple[list[int], list[int]]]:
    """D.2: the resident-exchanges between S1 and S2 in their order (the identity first).

    Positions in ``s1 + s2`` are the BSNs.  Exchanges of one or two players are
    produced; when more would be needed, :class:`GiveUp` is raised.
    """
    yield s1, s2
    both = s1 + s2
    for size in (1, 2):
        if size > min(len(s1), len(s2)):
            return
        options = []
        for out in combinations(range(len(s1)), size):
            for into in combinations(range(len(s1), len(both)), size):
                # a. fewest players, b. smallest BSN-sum difference, c. highest BSN
                # moved out of S1 first, d. lowest BSN moved out of S2 first
                options.append((sum(into) - sum(out), tuple(-v for v in reversed(out)), into, out))
                if len(options) > budget:
                    raise GiveUp
        options.sort()
        for _, _, into, out in options:
            new_s1 = [both[i] for i in sorted(set(range(len(s1))) - set(out) | set(into))]
            new_s2 = [both[i] for i in sorted(set(range(len(s1), len(both))) - set(into) | set(out))]
            yield new_s1, new_s2
    if min(len(s1), len(s2)) > 2:
        raise GiveUp


class IdealCandidateSearch:
    """Walk the candidates of one bracket in generation order, return the first ideal one.

    ``criteria`` are the bracket's active criteria (criteria.DutchCriterion: each
    says how it is bounded);
    ``compatible(a, b)`` says whether two of the bracket's players may meet, and
    ``max_pairs(positions)`` how many pairs those players can form among themselves;
    ``value(name, h, l)`` gives a criterion's per-pair value (``h`` ranked higher);
    ``downfloat_sd(p)`` and ``sd(diff)`` give the 2017 PSD weights of the bracket,
    ``score_digit(p)`` the 2026 weight of a score;
    ``floater_ok(p)`` says whether ``p`` may be the bracket's single downfloater
    without losing anything in the criteria about the following bracket (2017 C.4,
    C.7; 2026 [C8]).
    """

    def __init__(self, players: list[Player], mdp_count: int, criteria: list,
                 compatible: Callable[[int, int], bool], max_pairs: Callable[[list[int]], int],
                 value: Callable[[str, Player, Player], int],
                 downfloat_sd: Callable[[Player], int], sd: Callable[[int], int],
                 score_digit: Callable[[Player], int],
                 floater_ok: Callable[[int], bool], budget: int):
        if mdp_count > 1 or not all(c.bounded for c in criteria):
            raise GiveUp
        self.players = players
        self.mdp_count = mdp_count
        #: repeated floats (2017 C.12-C.19, 2026 [C14]-[C21])
        self.floats = [c for c in criteria if c.float_bound is not None]
        #: the criteria checked against their bounds, the others being met by construction
        self.criteria = [c.name for c in criteria if not c.met]
        #: colour criteria (1 per pair meeting them: 2017 C.8-C.11, 2026 [C10]-[C13]), pruned in the walk
        self.colour_criteria = [c for c in criteria if c.violations is not None]
        self.colour = [c.name for c in self.colour_criteria]
        self.score_digit = score_digit
        self.compatible = compatible
        self.max_pairs = max_pairs
        self.value = value
        self.floater_ok = floater_ok
        self.budget = budget
        self.kinds = [colour_kind(p) for p in players]
        self.pairs = len(players) // 2
        residents = players[mdp_count:]
        if not residents or self.pairs == 0:
            raise GiveUp
        self.floater_verdicts: dict[int, bool] = {}
        self.violations_of: dict[tuple[int, int], tuple[str, ...]] = {}
        # The downfloaters possible in an optimal candidate: C.4/C.7 come before the
        # colour and float criteria, so when some resident can float without loss
        # there, only such residents need be considered for the bounds below.
        self.floater_types = self._possible_floater_types() if len(players) % 2 else []
        self.bounds = self._upper_bounds(players, residents, downfloat_sd, sd)
        backs = {c.back for c in self.floats if c.repeated_float == FLOAT_DOWN}
        # a resident whose downfloat would cost a float criterion its bound (C.12-C.19)
        self.costly_floaters = {
            position for position, p in enumerate(players) if position >= mdp_count and any(
                p.floats[back - 1] == FLOAT_DOWN
                and any(floats[back - 1] != FLOAT_DOWN for _, _, floats in self.floater_types)
                for back in backs)}

    @staticmethod
    def _floater_type(p: Player) -> tuple:
        return (p.preference, p.strength, p.floats)

    def _possible_floater_types(self) -> list[tuple]:
        """The kinds of resident that can float without loss for C.4/C.7."""
        types: dict[tuple, bool] = {}
        for position in range(self.mdp_count, len(self.players)):
            kind = self._floater_type(self.players[position])
            if not types.get(kind) and self.floater_ok(position):
                types[kind] = True
        if not types:
            raise GiveUp  # every downfloater costs something in C.4/C.7
        return list(types)

    def _upper_bounds(self, players, residents, downfloat_sd, sd) -> dict[str, int]:
        """The best value of each criterion over the candidates that pair every MDP and
        leave at most one resident unpaired (those are the only ones optimal for C.5-C.6)."""
        pairs = self.pairs
        floaters = [next(p for p in residents if self._floater_type(p) == kind) if kind else None
                    for kind in self.floater_types or [None]]
        paired = [[p for p in players if p is not floater] for floater in floaters]
        bounds = {c.name: pairs - min(c.violations(these, pairs) for these in paired)
                  for c in self.colour_criteria}
        #: the best value the MDP's own pair can have, for the upfloat criteria
        self.mdp_pair_best: dict[str, int] = {}
        for c in self.floats:
            bounds[c.name], best = c.float_bound(self._float_facts(c.back, residents, downfloat_sd, sd))
            if best is not None:
                self.mdp_pair_best[c.name] = best
        return bounds

    def _float_facts(self, back: int, residents: list[Player], downfloat_sd, sd) -> FloatFacts:
        mdp = self.players[0] if self.mdp_count else None
        odd = len(self.players) % 2 == 1
        return FloatFacts(
            pairs=self.pairs, resident=residents[0], mdp=mdp,
            down=sum(p.floats[back - 1] == FLOAT_DOWN for p in residents),
            unpaired_down=int(odd and all(floats[back - 1] == FLOAT_DOWN for _, _, floats in self.floater_types)),
            all_up=mdp is not None and all(p.floats[back - 1] == FLOAT_UP for p in residents),
            downfloat_sd=downfloat_sd, sd=sd, score_digit=self.score_digit)

    # -- the walk -----------------------------------------------------------
    def search(self) -> list[tuple[int, int]]:
        """The first ideal candidate's pairs (bracket positions, higher first)."""
        if self.mdp_count == 0:
            result = self._remainder([], list(range(len(self.players))), self.pairs, self._fresh_slack())
            if result is None:
                raise GiveUp
            return result
        residents = list(range(1, len(self.players)))
        for partner in residents:  # D.1 transpositions of S2 for the MDP-pairing
            if not self.compatible(0, partner):
                continue
            slack = self._fresh_slack()
            if not self._spend(slack, 0, partner) or not self._mdp_pair_within_bounds(partner):
                continue
            remainder = [r for r in residents if r != partner]
            if not self._remainder_can_be_ideal(remainder, self.pairs - 1, slack):
                continue
            result = self._remainder([(0, partner)], remainder, self.pairs - 1, slack)
            if result is not None:
                return result
        raise GiveUp  # the MDP would float, or M1 < M0: not handled here

    def _remainder_can_be_ideal(self, remainder: list[int], pairs: int, slack: dict[str, int]) -> bool:
        """Whatever its S1/S2 split, can the remainder be paired within the bounds?"""
        players = [self.players[r] for r in remainder]
        choices: dict = {None: None}  # the remainder's possible downfloater, one per kind
        if len(remainder) % 2:
            choices = {self._floater_type(p): p for p in players
                       if self._floater_type(p) in self.floater_types}
        if not choices:
            return False
        paired = [[p for p in players if p is not floater] for floater in choices.values()]
        if any(min(c.violations(these, pairs) for these in paired) > slack[c.name] for c in self.colour_criteria):
            return False
        return self.max_pairs(remainder) == pairs

    def _mdp_pair_within_bounds(self, partner: int) -> bool:
        """Only the MDP's pair can cost an upfloat criterion (2017 C.13, C.15, C.17,
        C.19; 2026 [C15], [C17], [C19], [C21])."""
        mdp, resident = self.players[0], self.players[partner]
        return all(self.value(name, mdp, resident) == best for name, best in self.mdp_pair_best.items())

    def _acceptable_floater(self, position: int) -> bool:
        if position not in self.floater_verdicts:
            self.floater_verdicts[position] = (position not in self.costly_floaters
                                               and self.floater_ok(position))
        return self.floater_verdicts[position]

    def _fresh_slack(self) -> dict[str, int]:
        return {name: self.pairs - self.bounds[name] for name in self.colour}

    def _violations(self, a: int, b: int) -> tuple[str, ...]:
        """The colour criteria the pair (a, b) fails (asked again at every spend and refund: kept)."""
        violated = self.violations_of.get((a, b))
        if violated is None:
            h, l = self.players[a], self.players[b]
            violated = self.violations_of[a, b] = tuple(name for name in self.colour if not self.value(name, h, l))
        return violated

    def _spend(self, slack: dict[str, int], a: int, b: int) -> bool:
        violated = self._violations(a, b)
        if any(slack[name] < 1 for name in violated):
            return False
        for name in violated:
            slack[name] -= 1
        return True

    def _refund(self, slack: dict[str, int], a: int, b: int) -> None:
        for name in self._violations(a, b):
            slack[name] += 1

    def _remainder(self, fixed, pool, pairs, slack) -> list[tuple[int, int]] | None:
        """B.6 on a homogeneous bracket or remainder: exchanges (D.2), then transpositions (D.1)."""
        if pairs == 0:
            return self._accept(fixed, pool)
        for s1, s2 in exchanges(pool[:pairs], pool[pairs:], self.budget):
            found = self._transpositions(fixed, s1, s2, slack)
            if found is not None:
                return found
        return None

    def _transpositions(self, fixed, s1, s2, slack) -> list[tuple[int, int]] | None:
        # each exchange costs its setup (linear in the bracket) besides its steps
        self.budget -= len(s1) + len(s2)
        return _Transpositions(self, fixed, s1, s2, slack).walk()

    def _accept(self, pairs, floaters) -> list[tuple[int, int]] | None:
        if len(floaters) > 1 or (floaters and not self._acceptable_floater(floaters[0])):
            return None
        for name in self.criteria:
            if name in self.colour:
                continue  # already within bounds
            total = sum(self.value(name, self.players[a], self.players[b]) for a, b in pairs)
            if total != self.bounds[name]:
                return None
        return list(pairs)


class _Transpositions:
    """D.1 on one S1/S2 split: depth-first over S1 in order, each player trying S2 in order,
    pruned by the colour criteria's slack; an explicit stack, as brackets can be deeper than
    Python's recursion limit."""

    def __init__(self, search: IdealCandidateSearch, fixed: list[tuple[int, int]], s1: list[int], s2: list[int],
                 slack: dict[str, int]):
        self.search, self.fixed, self.s1, self.s2, self.slack = search, fixed, s1, s2, slack
        kinds = search.kinds
        self.chosen: list[tuple[int, int]] = []
        self.used = [False] * len(s2)
        self.unpaired_s1 = Counter(kinds[a] for a in s1)
        self.unused_s2 = Counter(kinds[b] for b in s2)
        # the S2 player left over downfloats: one must be able to do so at no cost
        self.floats = len(s2) > len(s1)
        self.acceptable = [self.floats and search._acceptable_floater(b) for b in s2]
        self.acceptable_left = sum(self.acceptable)
        self.tried = [0] * len(s1)   # per depth, the next S2 index to try
        self.picked = [0] * len(s1)  # per depth, the S2 index chosen

    def walk(self) -> list[tuple[int, int]] | None:
        """The first candidate of this split within the bounds, or None."""
        search, kinds = self.search, self.search.kinds
        depth, entering = 0, True
        while True:
            if entering:
                search.budget -= 1
                if search.budget < 0:
                    raise GiveUp
                if depth == len(self.s1):
                    left = [self.s2[k] for k in range(len(self.s2)) if not self.used[k]]
                    found = search._accept(self.fixed + self.chosen, left)
                    if found is not None:
                        return found
                if depth == len(self.s1) or not self._viable():
                    if depth == 0:
                        return None
                    depth -= 1
                    self._undo(depth)
                else:
                    self.unpaired_s1[kinds[self.s1[depth]]] -= 1
                    self.tried[depth] = 0
            entering = self._advance(depth)
            if entering:
                depth += 1
            else:  # every S2 player tried at this depth
                if depth == 0:
                    return None
                depth -= 1
                self._undo(depth)

    def _viable(self) -> bool:
        """Whether the players of S1 left can still be paired within the bounds."""
        return (not (self.floats and not self.acceptable_left)
                and all(c.violations_between(self.unpaired_s1, self.unused_s2) <= self.slack[c.name]
                        for c in self.search.colour_criteria))

    def _advance(self, depth: int) -> bool:
        """Pair the S1 player at ``depth`` with the next S2 player he may meet within the bounds."""
        search, kinds = self.search, self.search.kinds
        a = self.s1[depth]
        for k in range(self.tried[depth], len(self.s2)):
            b = self.s2[k]
            if self.used[k] or not search.compatible(a, b):
                continue
            pair = (a, b) if a < b else (b, a)
            if not search._spend(self.slack, *pair):
                continue
            self.used[k] = True
            self.unused_s2[kinds[b]] -= 1
            self.acceptable_left -= self.acceptable[k]
            self.chosen.append(pair)
            self.tried[depth], self.picked[depth] = k + 1, k
            return True
        self.unpaired_s1[kinds[a]] += 1
        return False

    def _undo(self, depth: int) -> None:
        """Take back the pair chosen at ``depth``."""
        k = self.picked[depth]
        pair = self.chosen.pop()
        self.acceptable_left += self.acceptable[k]
        self.unused_s2[self.search.kinds[self.s2[k]]] += 1
        self.used[k] = False
        self.search._refund(self.slack, *pair)
