"""The 1992 rules' pairing procedure, C1-C14 (``shared/rules/C04-swiss-rules-1992.md``): a fixed
procedure that takes, bracket by bracket from the highest score, the first candidate (D1/D2
order, search1992.py) meeting the criteria still in force, and relaxes them in a fixed order when
there is none: the float criteria dropped (C9 downfloats, C10.a upfloats), the colour allowance x
raised (C11), the previous bracket re-paired (C12), fewer pairs (C14).  Relative criteria are
dropped, never weighed.  The readings of the unclear passages (U1-U14 of the text) are in
docs/systems/dutch-1992.md; each is cited where it is applied.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import islice

from ...core.explanation import Step
from ...core.matching import UNMATCHED, bits, join, max_cardinality_matching, max_weight_matching
from ...core.pairing import Progress, RoundPairing, publishing_key
from ...core.round import RoundPairer
from ...core.state import FLOAT_DOWN, FLOAT_UP, Player, RoundState
from ...errors import NoValidPairing
from .colours import colour_exempt
from .colours1992 import allocate_colours_1992
from .history1992 import a2_key
from .search1992 import Level, Viable, exchanges, transpositions

#: The float criteria in force at each step: (B6 down, B5 down, B6 up, B5 up).  C9 drops B6 then
#: B5 for downfloats; C10.a, in a heterogeneous bracket only, B6 then B5 for upfloats (U8).
LEVELS = ((True, True, True, True), (False, True, True, True), (False, False, True, True),
          (False, False, False, True), (False, False, False, False))
DOWN_LEVELS = LEVELS[:3]
#: Candidates that failed before the engine asks whether any can succeed at this step (a speed-up)
FAILURES_BEFORE_JUDGING = 20
#: An engine limit: C12 looks at most this many further candidates of the previous bracket.
C12_LIMIT = 500


@dataclass
class Result:
    """A bracket as paired: its pairs and the players it moves down."""

    pairs: list[tuple[int, int]]
    floaters: list[int]


def x_of(players: list[Player]) -> int:
    """A8: x = max(w, b) - q, q the players divided by 2 rounded upwards (U3: at least 0)."""
    white = sum(p.preference == "w" for p in players)
    black = sum(p.preference == "b" for p in players)
    return max(0, max(white, black) - (len(players) + 1) // 2)


class Pairer1992(RoundPairer):
    """Pairs one round by C1-C14."""

    def __init__(self, state: RoundState, progress: Progress | None = None):
        # B1.a, B2 (absolute) as the compatibility graph; B1.b through bye_eligible
        super().__init__(state, lambda player: colour_exempt(state, player))
        self.progress = progress or (lambda done, total, size: None)
        self.steps: list[tuple[list[int], int, list[tuple[int, int]], list[int], str]] = []
        #: remainders found without an acceptable pairing: (players, cut) -> [(levels, x raised)]
        self.failed: dict[tuple, list[tuple[frozenset, int]]] = {}
        #: the matchings of :meth:`_possible` (they do not depend on x), by players and graph
        self.best: dict[tuple, tuple[int, int] | None] = {}
        #: the answers of :meth:`_viable`, by the graph of the step and the players asked about
        self.viable: dict[tuple, dict[tuple[int, int], bool]] = {}

    # -- the round -----------------------------------------------------------
    def pair(self) -> RoundPairing:
        players = self.players
        everyone = list(range(len(players)))
        if not everyone:
            return RoundPairing([])
        if self.completion_mate(everyone) is None:
            raise NoValidPairing("the players cannot all be paired without breaking the absolute criteria "
                                 "(B1-B2) or giving the bye to a player who may not take it")
        groups: list[list[int]] = []
        for v in everyone:  # A3: the players of equal scores, highest first
            if groups and players[groups[-1][0]].pairing_score == players[v].pairing_score:
                groups[-1].append(v)
            else:
                groups.append([v])
        results = self._pair_brackets(groups)
        pairs = [pair for _, _, result in results for pair in result.pairs]
        left = results[-1][2].floaters if results else []
        if len(left) > 1:
            raise NoValidPairing("the pairing could not be completed")
        boards = [allocate_colours_1992(players[a], players[b], self.state)[0] for a, b in pairs]
        for members, mdps, result in results:
            self.steps.append((members, mdps, result.pairs, result.floaters, ""))
        steps = [self._step(*step) for step in self.steps]
        # F1: the score of the higher player, the sum of both, the rank of the higher by A2
        boards.sort(key=lambda pair: publishing_key(pair.white.score, pair.white.order, pair.black.score,
                                                    pair.black.order))
        return RoundPairing(boards, players[left[0]] if left else None, steps=steps)

    def _step(self, members: list[int], mdp_count: int, pairs: list[tuple[int, int]], floaters: list[int],
              label: str) -> Step:
        """A bracket as paired, in pairing numbers (see core.explanation)."""
        number = [p.number for p in self.players]
        return Step(self.players[members[mdp_count if mdp_count < len(members) else 0]].pairing_score,
                    tuple(number[v] for v in members[:mdp_count]), tuple(number[v] for v in members[mdp_count:]),
                    tuple((number[a], number[b]) for a, b in pairs), tuple(number[v] for v in floaters), label)

    def _pair_brackets(self, groups: list[list[int]]) -> list[tuple[list[int], int, Result]]:
        """C: the brackets from the highest; each one's MDPs are the players the one above moved
        down (A3).  C12: a heterogeneous bracket that cannot pair all its MDPs has the previous
        bracket re-paired first."""
        done: list[tuple[list[int], int, Result]] = []
        previous: Iterator[Result] | None = None
        mdps: list[int] = []
        for index, group in enumerate(groups):
            self.progress(index, len(groups), len(mdps) + len(group))
            lower = [v for g in groups[index + 1:] for v in g]
            candidates = self._bracket(mdps, group, lower)
            result = next(candidates, None) or self._last_resort(mdps + group, lower)
            if mdps and previous is not None and self._mdps_left(result, mdps):
                found = self._c12(done[-1], previous, group, lower)
                if found is not None:
                    done[-1], mdps, candidates, result = found
            done.append((mdps + group, len(mdps), result))
            previous = candidates
            mdps = sorted(result.floaters, key=lambda v: a2_key(self.players[v]))
        self.progress(len(groups), len(groups), 0)
        return done

    def _mdps_left(self, result: Result, mdps: list[int]) -> bool:
        paired = {v for pair in result.pairs for v in pair}
        return any(v not in paired for v in mdps)

    def _c12(self, before, previous: Iterator[Result], group: list[int], lower: list[int]):
        """C12 (U9): the previous bracket's next pairings in its own order that move down as many
        players of the same scores but not the same ones, the first with which this bracket pairs
        all its MDPs; None: the previous pairing stands (no C12 within C12)."""
        members, mdp_count, accepted = before
        scores = sorted(self.players[v].pairing_score for v in accepted.floaters)
        tried = {frozenset(accepted.floaters)}
        for other in islice(previous, C12_LIMIT):
            if (len(other.pairs) < len(accepted.pairs) or frozenset(other.floaters) in tried
                    or sorted(self.players[v].pairing_score for v in other.floaters) != scores):
                continue
            tried.add(frozenset(other.floaters))
            candidates = self._bracket(other.floaters, group, lower, all_mdps=True)
            result = next(candidates, None)
            if result is not None:
                return (members, mdp_count, other), other.floaters, candidates, result
        return None

    def _last_resort(self, members: list[int], lower: list[int]) -> Result:
        """An engine fallback when the exchange limit hid every candidate: the players' pairs in a
        completion of the round."""
        mate = self.completion_mate(members + lower)
        if mate is None:
            raise NoValidPairing("the pairing could not be completed")
        inside = set(members)
        pairs = [(v, w) for v, w in mate.items() if v in inside and w in inside and a2_key(self.players[v]) <
                 a2_key(self.players[w])]
        paired = {v for pair in pairs for v in pair}
        return Result(pairs, [v for v in members if v not in paired])

    # -- one bracket ---------------------------------------------------------
    def _bracket(self, mdps: list[int], residents: list[int], lower: list[int],
                 all_mdps: bool = False) -> Iterator[Result]:
        """The bracket's acceptable pairings in the procedure's order.  ``all_mdps``: only those
        pairing every MDP (C12)."""
        members = sorted(mdps + residents, key=lambda v: a2_key(self.players[v]))
        inside = sum(1 << v for v in members)
        # C1.c: a resident no one of the bracket may meet moves down at once; C1.a: an MDP no
        # one may meet cannot be paired here (C12, by the caller, then C14)
        alone = [v for v in members if not self.rows[v] & inside]
        members = [v for v in members if v not in alone]
        mdps = [v for v in members if v in mdps]  # in A2 order (A6)
        if all_mdps and alone and any(v not in residents for v in alone):
            return
        if not mdps or 2 * len(mdps) >= len(members):  # A3 second paragraph (U7): homogeneous
            yield from self._homogeneous(members, alone, lower, mdps if all_mdps else [])
        else:
            yield from self._heterogeneous(mdps, [v for v in members if v not in mdps], alone, lower, all_mdps)
            if not lower and not all_mdps:
                # C14 with p = 0 in the lowest bracket, where nobody can move down: C13 (U10) paired
                # the penultimate bracket as the first that allows this one a pairing, so the
                # bracket is paired whole, its MDPs among the residents in S2 (U6): one may take the bye
                yield from self._homogeneous(members, alone, lower, [])
        if not all_mdps:  # C14, p = 0: the entire bracket moves down
            result = Result([], members + alone)
            if self._completes(result, lower):
                yield result

    def _homogeneous(self, members: list[int], alone: list[int], lower: list[int],
                     required: list[int], levels: tuple | None = None, raise_x: int = 0,
                     cuts: range | None = None) -> Iterator[Result]:
        """A homogeneous bracket or remainder: p from A6 down (C14), x from A8 up (C11), the
        float criteria dropped (C9), then S2, its transpositions (C7) and exchanges (C8)."""
        full, x0 = len(members) // 2, x_of([self.players[v] for v in members])
        if levels is None:
            # C9, and with players of several scores (A3's second paragraph, U7) C10.a as well: the
            # relative criteria move nobody down ("no player should be moved down", B)
            mixed = len({self.players[v].pairing_score for v in members}) > 1
            levels = LEVELS if mixed else DOWN_LEVELS
        for p in range(full, 0, -1) if cuts is None else (full - cut for cut in cuts if full - cut > 0):
            base = max(0, x0 - (full - p))  # C14: x lowered with p when it was above zero
            for x in range(min(base + raise_x, p), p + 1):
                for flags in levels:
                    yield from self._at_level(members, p, self._level(members, x, flags), alone, lower, required)

    def _at_level(self, members: list[int], p: int, level: Level, alone: list[int], lower: list[int],
                  required: list[int]) -> Iterator[Result]:
        """C6-C8 at one step: S2, its transpositions, then each exchange and its transpositions.
        Whether any candidate exists at all is asked (one weighted matching) before the exchanges
        are listed, or once a few candidates have failed the completion."""
        number = {v: i + 1 for i, v in enumerate(members)}
        judged, failures = False, 0
        viable = self._viable(level, alone, lower, bool(lower), required)
        judge = replace(level, free=level.free & ~sum(1 << v for v in required))  # C12: MDPs stay
        for index, (s1, s2) in enumerate(exchanges(members[:p], members[p:], number)):
            if index == 1 and not judged and not self._possible(members, p, judge, lower):
                return
            judged = judged or index == 1
            for pairs, left in transpositions(s1, s2, level, viable):
                result = Result(pairs, left + alone)
                if all(v not in left for v in required) and self._completes(result, lower):
                    yield result
                    continue
                failures += 1
                if failures == FAILURES_BEFORE_JUDGING and not judged:
                    judged = True
                    if not self._possible(members, p, judge, lower):
                        return

    def _heterogeneous(self, mdps: list[int], residents: list[int], alone: list[int], lower: list[int],
                       all_mdps: bool) -> Iterator[Result]:
        """A6: S1 holds the MDPs, p their number; the MDPs are paired first, the remainder then
        as a homogeneous bracket (A3, C6.b).  C14 lowers the remainder's p first (its pairing is
        the one that failed), then the MDPs' (U6: the MDPs left out join S2)."""
        members = sorted(mdps + residents, key=lambda v: a2_key(self.players[v]))
        x0 = x_of([self.players[v] for v in members])
        for p in (len(mdps),) if all_mdps else range(len(mdps), 0, -1):
            s1, s2 = mdps[:p], [v for v in members if v not in mdps[:p]]
            full = (len(s2) - p) // 2
            base = max(0, x0 - (len(mdps) - p))  # C14: x lowered with p when it was above zero
            for cut in range(full + 1):
                for raised in range(max(p - base, full) + 1):  # C11: x raised for the bracket and its remainder
                    yield from self._mdp_stage(s1, s2, alone, lower, min(base + raised, p), raised, cut)

    def _mdp_stage(self, s1: list[int], s2: list[int], alone: list[int], lower: list[int], x: int,
                   raised: int, cut: int) -> Iterator[Result]:
        """C6-C7 for the MDPs at allowance ``x``: each transposition, then its remainder (C6.b);
        when the remainder fails, the next transposition (C10); then C9, C10.a."""
        for number, flags in enumerate(LEVELS):
            level = self._level(s1 + s2, x, flags)
            failures = 0
            for pairs, left in transpositions(s1, s2, level, self._viable(level, alone, lower, True)):
                levels = LEVELS[min(number, 2):3] if number < 3 else (flags,)
                failures += 1
                if failures == FAILURES_BEFORE_JUDGING and not self._possible(
                        s1 + s2, (len(s2) - len(s1)) // 2 - cut, level, lower, s1, clashes=False):
                    break
                if self._failed_before(left, cut, levels, raised) or self.completion_mate(left + alone + lower) is None:
                    continue
                found = False
                for rest in self._homogeneous(left, alone, lower, [], levels, raised, range(cut, cut + 1)):
                    found = True
                    yield Result(pairs + rest.pairs, rest.floaters)
                if not found:
                    self.failed.setdefault((frozenset(left), cut), []).append((frozenset(levels), raised))
                if len(left) < 2 or cut == len(left) // 2:
                    result = Result(pairs, left + alone)
                    if self._completes(result, lower):
                        yield result

    def _failed_before(self, left: list[int], cut: int, levels: tuple, raised: int) -> bool:
        """Whether this remainder had no acceptable pairing already, with these float levels or more
        and x raised as much or less.  Its pairings depend on its players only, and its steps now
        are some of those tried then (C11 takes x from its A8 value + raised up to p): none has one."""
        return any(raised >= before and before_levels >= set(levels)
                   for before_levels, before in self.failed.get((frozenset(left), cut), ()))

    # -- the criteria at one step --------------------------------------------
    def _level(self, members: list[int], x: int, flags: tuple[bool, bool, bool, bool]) -> Level:
        """B1-B2 (the graph), the float criteria in force (B5-B6, ``flags``) and the allowance x."""
        players = self.players
        inside = sum(1 << v for v in members)

        def barred(v: int, direction: str) -> bool:  # the Note after B6: not for topscorers (U2)
            floats = players[v].floats
            if colour_exempt(self.state, players[v]):
                return False
            b6, b5 = (flags[0], flags[1]) if direction == FLOAT_DOWN else (flags[2], flags[3])
            return (b5 and floats[0] == direction) or (b6 and floats[1] == direction)

        rows = [0] * len(players)
        scores = {players[v].pairing_score for v in members}
        for v in members:
            rows[v] = self.rows[v] & inside
            if len(scores) == 1:
                continue
            for w in members:
                if rows[v] >> w & 1 and players[v].pairing_score != players[w].pairing_score:
                    high, low = (v, w) if players[v].pairing_score > players[w].pairing_score else (w, v)
                    exempt = colour_exempt(self.state, players[high]) or colour_exempt(self.state, players[low])
                    if not exempt and (barred(high, FLOAT_DOWN) or barred(low, FLOAT_UP)):
                        rows[v] &= ~(1 << w)
        free = sum(1 << v for v in members if not barred(v, FLOAT_DOWN))  # moved down: a downfloat
        return Level(rows, free, [p.preference for p in players], x)

    def _possible(self, members: list[int], p: int, level: Level, lower: list[int], s1: list[int] = (),
                  clashes: bool = True) -> bool:
        """Whether p pairs of ``members`` can meet ``level`` and leave players who, with ``lower``,
        can still complete the round (``s1``: players who must first be paired with the others of
        ``members``, the MDPs of a heterogeneous bracket; their pairs do not count among the p).  One
        weighted matching (the most pairs of the round, then the most inside the bracket, then the
        fewest colour clashes, unless ``clashes`` is False): a quick refusal before the candidates
        are listed.  Only refuses: with more than p pairs possible it cannot tell the clashes of p."""
        best = self._best(members, level, lower, s1)
        if best is None:
            return False
        pairs, count = best
        return pairs > p or (pairs == p and (count <= level.x or not clashes))

    def _best(self, members: list[int], level: Level, lower: list[int], s1: list[int]) -> tuple[int, int] | None:
        """The weighted matching of :meth:`_possible`: the pairs inside the bracket and their colour
        clashes, None when the round cannot be completed; remembered (x plays no part in it)."""
        key = (tuple(members), tuple(lower), tuple(s1), tuple(level.rows), level.free)
        if key in self.best:
            return self.best[key]
        inside, first, everyone = set(members) - set(s1), set(s1), members + lower
        bonus = len(members) + 2
        big = bonus * (len(everyone) + 2)
        present = sum(1 << u for u in everyone)
        edges = [(v, w, weight) for v in everyone
                 for w in bits(self.rows[v] & present & ~((1 << (v + 1)) - 1))
                 if (weight := self._weight(v, w, inside, first, level, big, bonus)) > 0]
        dummy = len(self.players)
        if len(everyone) % 2:  # the bye (A5): to one who may take it and may be moved down
            edges += [(v, dummy, big) for v in everyone if self.players[v].bye_eligible and v not in first
                      and (v not in inside or level.free >> v & 1)]
        mate = max_weight_matching(dummy + 1, edges)
        found = None
        if all(mate[v] >= 0 for v in everyone):
            pairs = [(v, mate[v]) for v in inside if v < mate[v] < dummy and mate[v] in inside
                     and level.rows[v] >> mate[v] & 1]
            found = len(pairs), sum(level.clash(v, w) for v, w in pairs)
        self.best[key] = found
        return found

    @staticmethod
    def _weight(v: int, w: int, inside: set[int], first: set[int], level: Level, big: int, bonus: int) -> int:
        """An edge's weight in :meth:`_possible`: 0 where it may not be used."""
        if v in first or w in first:  # an MDP of S1 meets a player of the bracket (A6)
            other = w if v in first else v
            return big if (other in inside and level.rows[v] >> w & 1) else 0
        if v in inside and w in inside and level.rows[v] >> w & 1:
            return big + bonus - level.clash(v, w)
        # a player moved down meets one below, or another moved down
        return big if all(u not in inside or level.free >> u & 1 for u in (v, w)) else 0

    def _viable(self, level: Level, alone: list[int], lower: list[int], meet: bool,
                required: list[int] = ()) -> Viable:
        """Whether S1's players still to pair can each meet one of S2's still free (``level``) so
        that the players left over, none of ``required`` (C12: the MDPs), with ``alone`` and
        ``lower``, complete the round (:meth:`_completes`; unless they ``meet`` each other, at most
        one is left, for the bye): one matching, remembered per set of players.  Only a speed-up:
        a branch it cuts has no candidate that the procedure would accept."""
        size = len(self.players)
        outside = sum(1 << v for v in alone + lower)
        stay = sum(1 << v for v in required)  # paired in the bracket, never left over
        known = self.viable.setdefault((tuple(level.rows), outside, meet, stay), {})

        def viable(first: list[int], second: list[int]) -> bool:
            first_mask, second_mask = sum(1 << v for v in first), sum(1 << w for w in second)
            if (first_mask, second_mask) in known:
                return known[first_mask, second_mask]
            rows = [0] * (size + 1)
            left_over = (second_mask | outside) & ~stay if meet else 0  # who may meet after moving down
            for v in first:
                rows[v] = level.rows[v] & second_mask
            for w in second:
                rows[w] = level.rows[w] & first_mask | (0 if stay >> w & 1 else self.rows[w] & left_over)
            for u in bits(outside):
                rows[u] = self.rows[u] & left_over
            vertices = first + second + alone + lower
            if len(vertices) % 2:  # the bye (A5), not to a player of S1
                join(rows, size, sum(1 << v for v in second + alone + lower
                                     if self.bye_candidate(v) and not stay >> v & 1))
                vertices.append(size)
            mate = max_cardinality_matching(rows, vertices=vertices, allowed_unmatched=0)
            known[first_mask, second_mask] = found = all(mate[v] != UNMATCHED for v in vertices)
            return found
        return viable

    def _completes(self, result: Result, lower: list[int]) -> bool:
        """The rest of the round can still be paired (C12-C13, read in docs/systems/dutch-1992.md)."""
        if not lower and len(result.floaters) > 1:  # the lowest bracket: at most the bye (A5)
            return False
        return self.completion_mate(result.floaters + lower) is not None


def pair_1992(state: RoundState, progress: Progress | None = None) -> RoundPairing:
    """Pair the round described by ``state`` by the 1992 rules."""
    return Pairer1992(state, progress).pair()
