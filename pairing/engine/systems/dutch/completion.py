"""The players below a bracket (2017 A.9 and C.4, 2026 [C4]): can a candidate of the bracket
leave players who can be paired with them, and, in 2026, what [C4] changes in what the
following bracket can make of the floaters ([C8]) and in who takes the PAB ([C9])."""

from __future__ import annotations

from collections.abc import Iterable

from ...core.matching import UNMATCHED, max_matching_size
from ...core.weighted import WeightedGraph
from .candidate import BracketPairer


class CompletionChecks(BracketPairer):
    """[C4] between brackets: checks on the players left below each bracket."""

    #: kinds of resident (by whom they may meet below) beyond which a bracket whose
    #: floater [C4] constrains is solved again over everybody left instead
    floater_kinds = 16

    def _below_cannot_follow(self, members: list[int], mdp_count: int, lower: list[int],
                             completion: dict[int, int]) -> tuple[bool, dict[int, int] | None]:
        """Whether no candidate of the bracket leaves players who can be paired with
        those ``lower`` (2017 A.9, 2026 [C4]), known before the bracket is paired; and,
        when every candidate pairs the whole bracket and they can, a pairing of them.

        Every candidate leaves the same number k of floaters (2017 C.5, 2026 [C6],
        which rank first until [C4] does; in 2026 MDPs never meet each other, Art.
        3.3.3).  With k = 0 the players below are left as they are; else each floater
        can take at most one of them, so when a maximum matching among themselves
        leaves more than k unpaired (one more for the PAB), none can follow."""
        rows = self.graph(members)
        if self.edition.mdps_meet_residents_only and mdp_count:
            mdps = sum(1 << members[k] for k in range(mdp_count))
            for k in range(mdp_count):
                rows[members[k]] &= ~mdps
        floating = len(members) - 2 * max_matching_size(rows, vertices=members)
        if floating == 0:
            below = self.completion_mate(lower, completion)
            return below is None, below
        start = [UNMATCHED] * len(self.players)
        for v in lower:
            w = completion.get(v, -1)
            if w > v and self.compatible(v, w):
                start[v], start[w] = w, v
        unpaired = len(lower) - 2 * max_matching_size(self.graph(lower), start, vertices=lower)
        return unpaired > floating + (floating + len(lower)) % 2, None

    def _bye_from_bracket(self, members: list[int], lower: list[int]) -> bool:
        """2026 [C9] applies (its note, and reading 3 of the rules file): the bracket
        downfloats exactly one player, who will receive the PAB.  That is when nobody
        below can take the PAB (every score there is under the lowest score the PAB
        can go to, [C5]), the bracket has an odd number of players, all of whom but
        one can be paired among themselves, and the players below pair among themselves."""
        if self.bye_score is None or self.players[members[-1]].pairing_score > self.bye_score:
            return False
        return (len(members) % 2 == 1 and self.completion_mate(members) is not None
                and (not lower or self.completion_mate(lower) is not None))

    def _completion_with(self, remaining: list[int], fixed: list[tuple[int, int]],
                         mate: dict[int, int]) -> dict[int, int] | None:
        """A complete pairing of ``remaining`` that keeps the pairs ``fixed``."""
        taken = {v for pair in fixed for v in pair}
        rest = self.completion_mate([v for v in remaining if v not in taken], mate)
        if rest is None:
            return None
        for v, w in fixed:
            rest[v], rest[w] = w, v
        return rest

    def _next_bracket_value(self, pairs: Iterable[tuple[int, int]], next_group: set[int],
                            digit: dict[int, int]) -> tuple[int, int]:
        """2026 [C8] of these pairs: those whose lower player is in the next scoregroup,
        and the sum of the digits of their higher players' scores."""
        count = total = 0
        for a, b in pairs:
            h, low = min(a, b), max(a, b)  # players are indexed in Art. 1.2 order
            if low in next_group:
                count += 1
                total += digit[self.players[h].pairing_score]
        return count, total

    def _one_floater_by_c8(self, members: list[int], mdp_count: int, residents: list[int], lower: list[int],
                           next_group: list[int], mate: dict[int, int]):
        """The bracket's best candidate when one resident floats and [C4] changes what
        the following bracket can make of it ([C8]); None to solve over everybody left.

        All such candidates are equal by [C6] and [C7]; [C8] then depends on the
        floater only through whom he may meet below and whether he may take the PAB,
        so one [C4]+[C8] matching per kind of resident finds the floaters [C8] allows;
        the others are paired first, and the bracket is solved on its own criteria."""
        below = sum(1 << v for v in lower)
        kinds: dict[tuple, list[int]] = {}
        for r in residents:
            kinds.setdefault((self.rows[r] & below, self.bye_candidate(r)), []).append(r)
        if len(kinds) > self.floater_kinds:
            return None
        values = {}
        for kind, group in kinds.items():
            found = self._best_c8_below([group[0]], lower, next_group, mate)
            if found is not None:
                values[kind] = found[0]
        if not values:
            return None
        best = max(values.values())
        allowed = {r for kind, group in kinds.items() if values.get(kind) == best for r in group}
        must_pair = frozenset(self.players[r].order for r in residents if r not in allowed)
        pairs, floaters = self._pair_bracket(members, mdp_count, [], False, False, [], False, must_pair)
        if len(floaters) != 1 or floaters[0] not in allowed:
            return None
        found = self._best_c8_below(floaters, lower, next_group, mate)
        if found is None or found[0] != best:
            return None
        return pairs, floaters, found[1]

    def _best_c8_below(self, floaters: list[int], lower: list[int], next_group: list[int],
                       mate: dict[int, int]) -> tuple[tuple[int, int], dict[int, int]] | None:
        """The best [C8] value of a complete pairing of ``floaters`` and ``lower``
        (comparable between calls with the same ``lower``), and that pairing; None if
        they cannot be paired completely."""
        vertices = floaters + lower
        if self.completion_mate(vertices, mate) is None:
            return None
        n = len(vertices)
        nexts = set(next_group)
        digit = self._score_digits(vertices)
        count_bits = (3 * n + 1).bit_length() + 1
        score_bits = max(digit.values()).bit_length() + (n + 1).bit_length() + 1
        # what the weight of a pair reads of its players (vertices are in Art. 1.2 order)
        features = [(self.bye_candidate(v), v in nexts, self.players[v].pairing_score) for v in vertices]
        kinds: dict[tuple[bool, bool, int], int] = {}
        kind = [kinds.setdefault(f, len(kinds)) for f in features]
        of_kind = list(kinds)

        def weight(a: int, b: int) -> int:
            (bye_h, _, score_h), (bye_l, next_l, _) = of_kind[a], of_kind[b]
            value = 1 + (not bye_h) + (not bye_l)  # [C4]
            count, total = (1, digit[score_h]) if next_l else (0, 0)  # [C8]
            return (((value << count_bits) + count) << score_bits) + total
        result = WeightedGraph(vertices, self.rows, kind, weight).solve(update_usable=False)
        pairs = [(vertices[i], vertices[result[i]]) for i in range(n) if result[i] > i]
        if 2 * len(pairs) < n - 1:
            return None
        complete = dict.fromkeys(vertices, -1)
        for v, w in pairs:
            complete[v], complete[w] = w, v
        return self._next_bracket_value(pairs, nexts, digit), complete

    def _score_digits(self, vertices: list[int]) -> dict[int, int]:
        """One digit per score of these players, wide enough that a higher score
        outweighs any number of lower ones."""
        digit_bits = (len(vertices) + 1).bit_length() + 1
        scores = sorted({self.players[v].pairing_score for v in vertices})
        return {score: 1 << (i * digit_bits) for i, score in enumerate(scores)}

    def _completion_keeping_c8(self, floaters: list[int], lower: list[int], next_group: list[int],
                               mate: dict[int, int]) -> dict[int, int] | None:
        """A complete pairing of the players left that is as good for [C8] as the
        bracket's candidate found without [C4]; None if there is none.

        One weighted matching over the players left, on [C4] then [C8] only: if it
        reaches the candidate's [C8] value, that candidate with this pairing below is
        an optimum of the whole round's criteria, and no re-pairing of the bracket
        over everybody left is needed."""
        found = self._best_c8_below(floaters, lower, next_group, mate)
        if found is None or found[0] != self._next_bracket_value(self.lookahead_pairs, set(next_group),
                                                                 self._score_digits(floaters + lower)):
            return None
        return found[1]
