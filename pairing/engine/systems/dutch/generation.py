"""Sequential generation of Dutch candidates (C.04.3 2017 B.3-B.7, D.1-D.3 =
2026 Art. 3.3-3.7, 4.2-4.4) with a perfect-candidate test: the fast path for
brackets where no weighted matching is needed.

The walk reads the criteria by what they measure (their ``role``, see
:data:`ROLES`), not by their names, so both editions use it; a criterion with a
role it does not know makes it give up.

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
from itertools import combinations

from ...core.state import ABSOLUTE, FLOAT_DOWN, FLOAT_UP, STRONG, Player

#: Met by every candidate the walk accepts (all MDPs paired, at most one resident
#: floating, and that one costing nothing in the following bracket).
STRUCTURAL = ("completion", "pairs", "psd", "scores", "next_pairs", "next_psd", "next_scores")
#: Colour criteria whose per-pair value is 1 when satisfied: pruned during the walk
#: (2017 C.8-C.11, 2026 [C10]-[C13]).
COLOUR = ("topscorer_difference", "topscorer_repeat", "preference", "strong_preference")
#: Repeated floats (2017 C.12-C.19, 2026 [C14]-[C21]), each with a ``back`` of 1 or 2.
FLOATS = ("downfloat", "upfloat", "downfloat_sd", "upfloat_sd", "downfloat_score", "upfloat_score")
ROLES = STRUCTURAL + COLOUR + FLOATS


class GiveUp(Exception):
    """The fast path cannot prove its answer; use the weighted matching."""


def _colour_violation_bounds(paired: list[Player], pairs: int) -> tuple[int, int]:
    """Lower bounds on the pairs breaking C.10 and C.11 among ``paired`` players."""
    white = sum(p.preference == "w" for p in paired)
    black = sum(p.preference == "b" for p in paired)
    neutral = len(paired) - white - black
    c10 = max(0, (abs(white - black) - neutral) // 2)
    c11 = 0
    for colour in ("w", "b"):
        absolute = sum(p.preference == colour and p.strength == ABSOLUTE for p in paired)
        strong = sum(p.preference == colour and p.strength == STRONG for p in paired)
        # the excess of one colour must be paired internally; two absolutes do not count
        c11 += max(0, absolute + strong - pairs - absolute // 2)
    return c10, c11


def colour_kind(player: Player) -> tuple[str | None, int]:
    return player.preference, player.strength


def _remaining_violation_bounds(s1: Counter, s2: Counter) -> dict[str, int]:
    """Lower bounds on the C.10/C.11 violations when each player of ``s1`` gets a
    partner in ``s2`` (both counted by :func:`colour_kind`).

    One colour's players in S1 can only avoid a violation with the partners in S2 that
    do not want that colour (two absolutes do not count for C.11); the two colours
    give disjoint violating pairs, so their bounds add up.
    """
    size2 = sum(s2.values())
    bounds = {"preference": 0, "strong_preference": 0}
    for colour in ("w", "b"):
        want = sum(n for (pref, _), n in s1.items() if pref == colour)
        others = size2 - sum(n for (pref, _), n in s2.items() if pref == colour)
        bounds["preference"] += max(0, want - others)
        strong = sum(n for (pref, strength), n in s1.items() if pref == colour and strength >= STRONG)
        absolute1 = s1[(colour, ABSOLUTE)]
        absolute2 = s2[(colour, ABSOLUTE)]
        free = size2 - sum(n for (pref, strength), n in s2.items() if pref == colour and strength >= STRONG)
        bounds["strong_preference"] += max(0, strong - free - min(absolute1, absolute2))
    return bounds


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

    ``criteria`` are the bracket's active criteria (``name``, ``role``, ``back``);
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
        if mdp_count > 1 or any(c.role not in ROLES for c in criteria):
            raise GiveUp
        self.players = players
        self.mdp_count = mdp_count
        self.floats = [(c.name, c.role, c.back) for c in criteria if c.role in FLOATS]
        self.criteria = [c.name for c in criteria if c.role not in STRUCTURAL]
        self.colour = [c.name for c in criteria if c.role in COLOUR]
        self.colour_role = {c.role: c.name for c in criteria if c.role in COLOUR}
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
        # The downfloaters possible in an optimal candidate: C.4/C.7 come before the
        # colour and float criteria, so when some resident can float without loss
        # there, only such residents need be considered for the bounds below.
        self.floater_types = self._possible_floater_types() if len(players) % 2 else []
        self.bounds = self._upper_bounds(players, residents, downfloat_sd, sd)
        backs = {back for _, role, back in self.floats if role.startswith("down")}
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
        odd = len(players) % 2 == 1
        pairs = self.pairs
        c10 = c11 = None
        for kind in self.floater_types or [None]:
            floater = next(p for p in residents if self._floater_type(p) == kind) if kind else None
            paired = [p for p in players if p is not floater]
            v10, v11 = _colour_violation_bounds(paired, pairs)
            c10 = v10 if c10 is None else min(c10, v10)
            c11 = v11 if c11 is None else min(c11, v11)
        best = {"topscorer_difference": pairs, "topscorer_repeat": pairs,
                "preference": pairs - c10, "strong_preference": pairs - c11}
        bounds = {name: best[role] for role, name in self.colour_role.items()}
        mdp = players[0] if self.mdp_count else None
        resident_score = residents[0].pairing_score
        resident_digit = self.score_digit(residents[0])
        #: the best value the MDP's own pair can have, for the upfloat criteria
        self.mdp_pair_best: dict[str, int] = {}
        for name, role, back in self.floats:
            down = sum(p.floats[back - 1] == FLOAT_DOWN for p in residents)
            unpaired_down = int(odd and all(floats[back - 1] == FLOAT_DOWN
                                            for _, _, floats in self.floater_types))
            all_up = mdp is not None and all(p.floats[back - 1] == FLOAT_UP for p in residents)
            if role == "downfloat":
                bounds[name] = down - unpaired_down
            elif role == "upfloat":
                bounds[name] = self.mdp_pair_best[name] = -1 if all_up else 0
            elif role == "downfloat_sd":
                total = (down - unpaired_down) * downfloat_sd(residents[0])
                if mdp is not None and mdp.floats[back - 1] == FLOAT_DOWN:
                    total += downfloat_sd(mdp) - sd(mdp.pairing_score - resident_score)
                bounds[name] = total
            elif role == "upfloat_sd":
                bounds[name] = self.mdp_pair_best[name] = -sd(mdp.pairing_score - resident_score) if all_up else 0
            elif role == "downfloat_score":  # 2026: the scores of the paired players who downfloated
                total = (down - unpaired_down) * resident_digit
                if mdp is not None and mdp.floats[back - 1] == FLOAT_DOWN:
                    total += self.score_digit(mdp)
                bounds[name] = total
            else:  # upfloat_score (2026): each pair's higher score, unless it makes a repeated upfloater
                if mdp is None:
                    bounds[name] = pairs * resident_digit
                else:
                    self.mdp_pair_best[name] = 0 if all_up else self.score_digit(mdp)
                    bounds[name] = (pairs - 1) * resident_digit + self.mdp_pair_best[name]
        return bounds

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
        c10, c11 = map(min, zip(*(_colour_violation_bounds([p for p in players if p is not floater], pairs)
                                  for floater in choices.values()), strict=True))
        preference, strong = self.colour_role.get("preference"), self.colour_role.get("strong_preference")
        if c10 > slack.get(preference, c10) or c11 > slack.get(strong, c11):
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

    def _violations(self, a: int, b: int) -> list[str]:
        h, l = self.players[a], self.players[b]
        return [name for name in self.colour if not self.value(name, h, l)]

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
        chosen: list[tuple[int, int]] = []
        used = [False] * len(s2)
        kinds = self.kinds
        unpaired_s1 = Counter(kinds[a] for a in s1)
        unused_s2 = Counter(kinds[b] for b in s2)
        # the S2 player left over downfloats: one must be able to do so at no cost
        floats = len(s2) > len(s1)
        acceptable = [floats and self._acceptable_floater(b) for b in s2]
        acceptable_left = sum(acceptable)

        def undo(depth: int) -> None:
            """Take back the pair chosen at ``depth``."""
            nonlocal acceptable_left
            k = picked[depth]
            pair = chosen.pop()
            acceptable_left += acceptable[k]
            unused_s2[kinds[s2[k]]] += 1
            used[k] = False
            self._refund(slack, *pair)

        # Depth-first over S1 in order, each player trying S2 in order (D.1); an
        # explicit stack, as brackets can be deeper than Python's recursion limit.
        tried = [0] * len(s1)   # per depth, the next S2 index to try
        picked = [0] * len(s1)  # per depth, the S2 index chosen
        depth, entering = 0, True
        while True:
            if entering:
                self.budget -= 1
                if self.budget < 0:
                    raise GiveUp
                if depth == len(s1):
                    left = [s2[k] for k in range(len(s2)) if not used[k]]
                    found = self._accept(fixed + chosen, left)
                    if found is not None:
                        return found
                    viable = False
                else:
                    future = _remaining_violation_bounds(unpaired_s1, unused_s2)
                    viable = (not (floats and not acceptable_left)
                              and all(future[role] <= slack[name] for role, name in self.colour_role.items()
                                      if role in future))
                if not viable:
                    if depth == 0:
                        return None
                    depth -= 1
                    undo(depth)
                else:
                    unpaired_s1[kinds[s1[depth]]] -= 1
                    tried[depth] = 0
            a = s1[depth]
            entering = False
            for k in range(tried[depth], len(s2)):
                b = s2[k]
                if used[k] or not self.compatible(a, b):
                    continue
                pair = (a, b) if a < b else (b, a)
                if not self._spend(slack, *pair):
                    continue
                used[k] = True
                unused_s2[kinds[b]] -= 1
                acceptable_left -= acceptable[k]
                chosen.append(pair)
                tried[depth], picked[depth] = k + 1, k
                depth, entering = depth + 1, True
                break
            else:  # every S2 player tried at this depth
                unpaired_s1[kinds[a]] += 1
                if depth == 0:
                    return None
                depth -= 1
                undo(depth)

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
