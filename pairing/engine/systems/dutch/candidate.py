"""A bracket's best candidate (2017 B.8, 2026 Art. 3.8.1): by the fast path when the first
candidate in generation order reaches every criterion's bound (generation.py), else by
weighted matching: the criteria, then the generation order (which MDPs are paired and their
opponents, B.7/D.3; the exchanges, D.2; the transpositions, D.1), as fields of one weight."""

from __future__ import annotations

from ...core.criteria import kind_weights, pack
from ...core.matching import UNMATCHED, bits, join, lexicographic_assignment, max_cardinality_matching
from ...core.round import CheckCosts, keep_optimal_prefix, solve_in_order
from ...core.weighted import Digits, WarmStart, WeightedGraph
from .bracket import Bracket
from .criteria import FEATURES, MUST_PAIR, DutchCriterion
from .generation import GiveUp, IdealCandidateSearch
from .lookahead import Lookahead

#: the groups of a bracket's vertices in its weighted graph: the MDPs, the residents (split,
#: once the remainder's pairs are known, into their upper and lower ends), the others, and
#: the MDPs that are not paired in the bracket (while their opponents are chosen)
MDPS, RESIDENTS, OTHERS, UPPER, LOWER, IDLE = range(6)
#: pairs of groups whose vertices may not meet in a solve
Apart = frozenset[tuple[int, int]]


class BracketPairer(Lookahead):
    """Pairs one bracket: its best candidate, and its pairs in the next scoregroup."""

    #: steps the fast path may take in a bracket of n players (plus 4 n) before the
    #: weighted matching takes over (a step can cost a matching of its own: on the
    #: 5000-player last round, n * n / 2 steps took 17 s in walks that gave up)
    search_budget = 2000
    #: bits of D.1 transposition digits per weighted-matching solve (see
    #: :func:`~pairing.engine.core.round.solve_in_order`): wider means fewer solves of longer numbers
    transposition_bits = 256

    def _pair_bracket(self, members: list[int], mdp_count: int, lookahead: list[int],
                      collapsing: bool, lookahead_is_last: bool, next_group: list[int] = (),
                      bye_unplayed: bool = False,
                      must_pair: frozenset[int] = frozenset()) -> tuple[list[tuple[int, int]], list[int]]:
        players = self.players
        bracket = Bracket([players[v] for v in members], mdp_count, [players[v] for v in lookahead],
                          collapsing, lookahead_is_last, self.state.round_number - 1,
                          [players[v] for v in next_group], self.bye_score, bye_unplayed, must_pair)
        active = [c for c in (MUST_PAIR, *self.edition.criteria) if c.applies(bracket)]
        if self.fast_path and not (collapsing and lookahead):
            try:
                return self._ideal_candidate(bracket, members, mdp_count, lookahead, collapsing,
                                             lookahead_is_last, active)
            except GiveUp:
                pass
        return self._best_candidate(bracket, members, mdp_count, lookahead, active)

    def _best_candidate(self, bracket: Bracket, members: list[int], mdp_count: int, lookahead: list[int],
                        active: list[DutchCriterion]) -> tuple[list[tuple[int, int]], list[int]]:
        """B.8 by weighted matching: the criteria, then the generation order, as weights."""
        size = len(members)
        # the following scoregroup as a few vertices standing for it (see _lookahead_hub)
        hub = self._lookahead_hub(bracket, members, mdp_count, lookahead, active)
        graph, vertices = self._bracket_graph(bracket, members, mdp_count, lookahead, active, hub)
        # 2026 Art. 3.3.3: MDPs are paired with residents, never with each other
        apart = frozenset({(MDPS, MDPS)} if self.edition.mdps_meet_residents_only else ())
        if mdp_count:
            fixed, mate, apart = self._mdp_pairs(graph, members, mdp_count, apart)
        else:
            fixed, mate = [], graph.solve(0, None, apart)
        final = self._remainder_pairs(graph, mdp_count, size, fixed, mate, apart)
        pairs = [(members[i], members[j]) for i, j in fixed]
        pairs += [(members[i], members[j]) for i, j in final if i < size and j < size]
        paired = {v for pair in pairs for v in pair}
        floaters = [v for v in members if v not in paired]
        # the pairs this optimum makes in the lookahead (a floater with a lookahead
        # player, or two lookahead players), for the 2026 completion check
        if hub is not None:
            self.lookahead_pairs = self._floater_lookahead_pairs(lookahead, floaters)
        else:
            self.lookahead_pairs = [(vertices[i], vertices[j]) for i, j in final if j >= size]
        return pairs, floaters

    def _bracket_graph(self, bracket: Bracket, members: list[int], mdp_count: int, lookahead: list[int],
                       active: list[DutchCriterion],
                       hub: tuple[int, list[tuple[int, int, tuple[int, int]]]] | None
                       ) -> tuple[WeightedGraph, list[int]]:
        """The bracket's weighted graph and its vertices: the members, then the next
        scoregroup or the ``hub`` standing for it, the edges weighed by the criteria."""
        size = len(members)
        vertices = members + ([-1] * hub[0] if hub is not None else lookahead)
        weighed = members if hub is not None else vertices
        kinds, weight = kind_weights(bracket, active, [self.players[v] for v in weighed], FEATURES)
        extra = []
        if hub is not None:
            widths = [c.width(bracket) for c in active]
            packed: dict[tuple[int, int], int] = {}
            for i, j, value in hub[1]:
                if value not in packed:
                    packed[value] = pack([(0 if c.hub_value is None else value[c.hub_value], width)
                                          for c, width in zip(active, widths, strict=True)])
                extra.append((i, j, packed[value]))
        graph = WeightedGraph(vertices, self.rows, kinds + [-1] * (len(vertices) - len(weighed)), weight, extra)
        # groups: the MDPs, the residents (later split into the upper and lower ends of the
        # remainder's pairs), everybody else
        graph.group[:] = bytes([MDPS] * mdp_count + [RESIDENTS] * (size - mdp_count)
                               + [OTHERS] * (len(vertices) - size))
        return graph, vertices

    def _mdp_pairs(self, graph: WeightedGraph, members: list[int], mdp_count: int,
                   apart: Apart) -> tuple[list[tuple[int, int]], list[int], Apart]:
        """B.7/D.3 (2026 Art. 3.3.3): first which MDPs are paired (lowest BSNs), then their
        opponents in transposition order (D.1), as lower fields of the weight.  The MDPs'
        pairs (bracket positions), the last optimum, and the groups kept apart after.

        The opponents' digits of all MDPs would take thousands of bits in a big bracket:
        as far as the greedy choice holds (_mdp_greedy_opponents), it gives them; where it
        fails, they are solved a chunk of MDPs at a time, as in solve_in_order.  Every
        optimum pairs the same MDPs (the selection field, or the count field with the MDPs
        not chosen kept from the residents), so the chunk's best opponents are those of the
        whole order; its pairs leave the graph.  Each chunk's optima (with the pairs fixed
        before) are optima of the chunk before, so only the edges tight under its duals
        are kept, and its solve starts from that one's duals and matching."""
        size = len(members)
        digit_width = (size - mdp_count + 1).bit_length()
        chunk = max(1, self.transposition_bits // digit_width)
        lex_width = digit_width * chunk + 1
        digits = Digits.none(graph.n)
        for j in range(mdp_count, size):
            digits.rank[j] = size - j
        for i in range(mdp_count):
            digits.target[i] = RESIDENTS
        selection = self._mdp_selection_at_once(graph, members, mdp_count, size, lex_width, digits, apart)
        if selection is not None:
            shift, warm, mate, apart = selection
        else:
            # the selection field: one bit per MDP, the earlier MDP outweighing all later ones
            shift = mdp_count + 1 + lex_width
            for i in range(mdp_count):
                digits.lead[i] = 1 << (mdp_count - 1 - i) << lex_width
            warm = WarmStart(symmetric=True)
            mate = graph.solve(shift, digits, apart, only_usable=True, warm=warm)  # which MDPs are paired
        fixed, mate = self._mdp_opponents(graph, mdp_count, size, shift, digits, apart, warm, mate,
                                          (chunk, digit_width))
        for i in range(mdp_count):  # the MDPs left unpaired float, as every one below
            graph.group[i] = MDPS
        return fixed, mate, frozenset(pair for pair in apart if IDLE not in pair)

    def _mdp_opponents(self, graph: WeightedGraph, mdp_count: int, size: int, shift: int, digits: Digits,
                       apart: frozenset[tuple[int, int]], warm: WarmStart, mate: list[int],
                       chunking: tuple[int, int]) -> tuple[list[tuple[int, int]], list[int]]:
        """The opponents of the MDPs paired (D.1 order), taken greedily as far as one optimum
        holds them, then a ``chunk`` of MDPs solved at a time (digits ``digit_width`` wide);
        the pairs, and the last optimum."""
        chunk, digit_width = chunking
        fixed: list[tuple[int, int]] = []
        start, costs = 0, CheckCosts()
        while start < mdp_count:
            # the greedy choice as far as one optimum holds it, then one chunk solved
            for i in range(mdp_count):
                digits.place[i] = -1
            greedy = self._mdp_greedy_opponents(graph, mate, start, mdp_count, size) \
                if costs.worth((mdp_count - start) / chunk) else None
            if greedy == []:  # no MDP left to pair
                break
            if greedy is not None:
                kept, mate, warm = keep_optimal_prefix(graph, greedy, mate, shift, digits, apart, warm, chunk,
                                                       costs)
                fixed += greedy[:kept]
                if kept == len(greedy):
                    break
                start = greedy[kept][0]
            end = min(start + chunk, mdp_count)
            for i in range(start, end):
                digits.place[i] = digit_width * (start + chunk - 1 - i)
            mate = costs.solve_chunk(graph, shift, digits, apart, warm)
            for i in range(start, end):
                if mdp_count <= mate[i] < size:
                    fixed.append((i, mate[i]))
                    graph.alive[i] = graph.alive[mate[i]] = 0
            start = end
        return fixed, mate

    def _remainder_pairs(self, graph: WeightedGraph, mdp_count: int, size: int, fixed: list[tuple[int, int]],
                         mate: list[int], apart: frozenset[tuple[int, int]]) -> list[tuple[int, int]]:
        """The remainder's pairs (B.6, D.1-D.2; 2026 Art. 4.2-4.3): the exchanges, then the
        transpositions, given the MDPs' pairs ``fixed`` and an optimum ``mate``."""
        taken = {v for pair in fixed for v in pair}
        remainder = [i for i in range(mdp_count, size) if i not in taken]
        position = {v: k for k, v in enumerate(remainder)}
        remainder_pairs = sum(1 for i in remainder if mate[i] in position and mate[i] < i)
        # without the paired MDPs; the Limbo may only float
        apart |= {(MDPS, MDPS), (MDPS, RESIDENTS)}
        # D.1 / 4.2: the remainder's upper ends in turn take the lowest partner they can.
        # The exchange fields fix the upper ends of the remainder's pairs (the same in
        # every optimum): keeping only the remainder's edges from one of them down to a
        # lower end keeps every optimum and makes the exchange fields equal in all
        # matchings, so they leave the weights.
        narrowed = apart | {(MDPS, UPPER), (MDPS, LOWER), (UPPER, UPPER), (LOWER, LOWER), (LOWER, UPPER)}
        mate = self._no_exchange(graph, remainder, remainder_pairs, mate, narrowed)
        if mate is None:
            width, exchanges = _exchange_digits(graph.n, remainder, remainder_pairs)
            mate = graph.solve(width, exchanges, apart, only_usable=True)
            for v in remainder:
                graph.group[v] = UPPER if mate[v] in position and mate[v] > v else LOWER
        return solve_in_order(graph, remainder, self.transposition_bits, LOWER, narrowed, mate)

    @staticmethod
    def _no_exchange(graph: WeightedGraph, remainder: list[int], remainder_pairs: int, mate: list[int],
                     narrowed: frozenset[tuple[int, int]]) -> list[int] | None:
        """B.6/D.2 (2026 Art. 4.3) when no exchange is needed: if S1 (the first
        ``remainder_pairs`` players of the remainder) as the upper ends still reaches the
        criteria's optimum (that of ``mate``), every exchange field is at its best, so
        those are the upper ends of every optimum: a matching reaching it over the
        remainder's edges from S1 to the others (the groups set so), without the wide
        exchange fields; else None, the groups and usable edges as they were."""
        alive = graph.alive
        best = graph.total([w if alive[v] and w >= 0 and alive[w] else -1 for v, w in enumerate(mate)])
        for k, v in enumerate(remainder):
            graph.group[v] = UPPER if k < remainder_pairs else LOWER
        usable = graph.usable_flags()
        check = graph.solve(0, None, narrowed, only_usable=True, warm=WarmStart(symmetric=True))
        if graph.total(check) == best:
            return check
        graph.restore_usable(usable)
        for v in remainder:
            graph.group[v] = RESIDENTS
        return None

    def _mdp_selection_at_once(self, graph: WeightedGraph, members: list[int], mdp_count: int, size: int,
                               lex_width: int, digits: Digits, apart: frozenset[tuple[int, int]]):
        """Which MDPs are paired (B.7/D.3, 2026 Art. 3.3.3: the earliest the criteria
        allow) without one bit per MDP in the weights, when the greedy choice holds.

        A solve weighs the criteria, then how many MDPs are paired with residents (a
        count field): no candidate the criteria leave equal pairs more than p, the count
        of this optimum.  The first MDPs having a tight edge to a resident there, p of
        them, are the selection if one optimum pairs exactly them (this one, or one more
        solve with the others kept from the residents) and no MDP before the last of
        them could be paired in a candidate the criteria leave equal: a set as good
        with another MDP before would then hold all of them and one more.

        2026: [C6] and [C7] fix how many MDPs of each score every candidate pairs (MDPs
        meet residents only, Art. 3.3.3, and [C7] weighs each pair by the score of its
        higher player, a higher score outweighing any number of lower ones), so the
        count solve has the criteria's optima and its tight edges are theirs; the
        first MDPs of each score are taken, as many as it pairs.  2017 (MDPs may meet
        each other, C.6 weighs score differences): a solve of the criteria alone first
        gives the edges any of their optima may use, and the first p MDPs with a tight
        edge to a resident there must be those of the count solve.

        The weights' shift, the warm start, an optimum pairing the MDPs chosen, and the
        groups kept apart (the MDPs not chosen are IDLE); None, groups and usable edges
        as they were, when the check fails."""
        count_width = (mdp_count + 1).bit_length() + 1
        shift = count_width + lex_width
        warm = WarmStart(symmetric=True)
        criteria_only = None  # 2017: the edges tight under the criteria alone
        if not self.edition.mdps_selected_by_score:
            graph.solve(shift, digits, apart, only_usable=True, warm=warm)  # no digits yet: the criteria
            tight = graph.usable_partners(range(mdp_count))
            criteria_only = graph.usable_flags()
        for i in range(mdp_count):
            digits.lead[i] = 1 << lex_width
        mate = graph.solve(shift, digits, apart, only_usable=True, warm=warm)
        paired = [i for i in range(mdp_count) if mdp_count <= mate[i] < size]
        partners = graph.usable_partners(range(mdp_count))
        meets = [i for i in range(mdp_count) if any(mdp_count <= j < size for j in partners[i])]
        if self.edition.mdps_selected_by_score:
            selected = self._first_of_each_score(members, paired, meets)
            # the MDPs not chosen meet no resident, and still no MDP (Art. 3.3.3)
            idle = {(IDLE, RESIDENTS), (IDLE, MDPS), (MDPS, IDLE), (IDLE, IDLE)}
        else:
            selected = meets[:len(paired)]
            could = [i for i in range(mdp_count) if any(mdp_count <= j < size for j in tight[i])]
            if selected != could[:len(paired)]:
                graph.restore_usable(criteria_only)
                return None
            idle = {(IDLE, RESIDENTS)}
        chosen = set(selected)
        for i in range(mdp_count):
            if i not in chosen:
                graph.group[i] = IDLE
        apart = apart | idle
        if selected == paired:
            return shift, warm, mate, apart
        return self._selection_checked(graph, mdp_count, shift, digits, apart, warm, mate, criteria_only)

    def _first_of_each_score(self, members: list[int], paired: list[int], meets: list[int]) -> list[int]:
        """2026: of the MDPs ``meets`` (who can meet a resident in an optimum), the first of
        each score, as many as the optimum pairs (``paired``)."""
        wanted: dict[int, int] = {}  # by score, how many MDPs this optimum pairs
        for i in paired:
            score = self.players[members[i]].pairing_score
            wanted[score] = wanted.get(score, 0) + 1
        selected = []
        for i in meets:
            score = self.players[members[i]].pairing_score
            if wanted.get(score):
                selected.append(i)
                wanted[score] -= 1
        return selected

    @staticmethod
    def _selection_checked(graph: WeightedGraph, mdp_count: int, shift: int, digits: Digits, apart: Apart,
                           warm: WarmStart, mate: list[int], criteria_only):
        """One more solve, the MDPs not selected kept from the residents: the selection holds
        when it reaches the optimum ``mate``'s total (see _mdp_selection_at_once)."""
        best = graph.total(mate, shift, digits)
        usable = graph.usable_flags()
        trial = WarmStart()
        trial.duals, trial.mate = warm.duals, warm.mate
        check = graph.solve(shift, digits, apart, only_usable=True, warm=trial)
        if graph.total(check, shift, digits) != best:
            graph.restore_usable(criteria_only if criteria_only is not None else usable)
            for i in range(mdp_count):
                graph.group[i] = MDPS
            return None
        return shift, trial, check, apart

    @staticmethod
    def _mdp_greedy_opponents(graph: WeightedGraph, mate: list[int], start: int, mdp_count: int,
                              size: int) -> list[tuple[int, int]] | None:
        """The MDPs' opponents (B.7/D.3, 2026 Art. 3.3.3) by the greedy choice: each MDP
        from ``start`` on that ``mate`` pairs (an optimum of the criteria and the
        selection: every optimum pairs the same MDPs), in turn, takes the first resident
        left that it meets by a usable edge (tight under the last solve's duals), as long
        as the MDPs after it can all keep one (``lexicographic_assignment``).  The
        opponents of an optimum use such edges only, so no MDP's choice in transposition
        order is earlier than this one, given those before it: the pairs that one
        optimum holds are the order's (``keep_optimal_prefix``).  None when the greedy
        choice fails; no pairs when no MDP is left to pair."""
        selected = [i for i in range(start, mdp_count) if graph.alive[i] and mdp_count <= mate[i] < size]
        if not selected:
            return []
        partners = graph.usable_partners(selected)
        residents = sum(1 << j for j in range(mdp_count, size) if graph.alive[j])
        held = sum(1 << mate[i] for i in selected)
        # every resident the MDPs do not hold counts as free: a relaxation (taking one
        # paired with another resident may be impossible), so no MDP's choice is later
        # than the one the rules give it
        return lexicographic_assignment(
            selected, {i: sum(1 << j for j in partners[i] if mdp_count <= j < size) for i in selected},
            {i: mate[i] for i in selected}, residents & ~held)

    def _ideal_candidate(self, bracket: Bracket, members: list[int], mdp_count: int,
                         lookahead: list[int], collapsing: bool, lookahead_is_last: bool,
                         active: list[DutchCriterion]) -> tuple[list[tuple[int, int]], list[int]]:
        """The fast path: the first candidate in generation order reaching every bound."""
        if mdp_count > 1 or self.max_pairs(members) < len(members) // 2:
            # it only accepts candidates pairing every MDP and all residents but one
            # at most: do not walk a bracket that has none
            raise GiveUp
        by_name = {c.name: c for c in active}
        lookahead_mates: dict[int, list[int]] = {}
        if not collapsing:
            lookahead_graph = self.graph(lookahead)
            lookahead_mate = max_cardinality_matching(lookahead_graph, vertices=lookahead)
            lookahead_pairs = sum(lookahead_mate[v] != UNMATCHED for v in lookahead) // 2
            start = {v: lookahead_mate[v] for v in lookahead if lookahead_mate[v] != UNMATCHED}
            lookahead_mask = sum(1 << v for v in lookahead)
        verdicts: dict[int, bool] = {}

        def floater_ok(position: int) -> bool:
            """C.4/C.7: the single downfloater costs nothing in the following bracket."""
            if position not in verdicts:
                v = members[position]
                if collapsing:
                    verdicts[position] = self.bye_candidate(v)
                elif lookahead_is_last:
                    verdicts[position] = self.completion_mate([*lookahead, v], start, no_bye=v) is not None
                else:
                    rows = list(lookahead_graph)
                    neighbours = self.rows[v] & lookahead_mask
                    join(rows, v, neighbours)
                    vertices = [*lookahead, v]
                    mate = max_cardinality_matching(rows, list(lookahead_mate), vertices=vertices,
                                                    allowed_unmatched=len(vertices) % 2)
                    size = sum(mate[u] != UNMATCHED for u in vertices) // 2
                    verdicts[position] = (size == len(vertices) // 2
                                          and (size > lookahead_pairs or bool(neighbours)))
                    if verdicts[position] and mate[v] == UNMATCHED:
                        # the same number of pairs with the floater paired (2026 [C8])
                        u = next(bits(neighbours))
                        mate[mate[u]] = UNMATCHED
                        mate[u], mate[v] = v, u
                    lookahead_mates[position] = mate
            return verdicts[position]

        search = IdealCandidateSearch(
            bracket.players, mdp_count, active,
            compatible=lambda a, b: self.compatible(members[a], members[b]),
            max_pairs=lambda positions: self.max_pairs([members[a] for a in positions]),
            value=lambda name, h, l: by_name[name].value(bracket, h, l),
            downfloat_sd=bracket.downfloat_sd, sd=bracket.sd, score_digit=bracket.score_digit,
            floater_ok=floater_ok,
            budget=self.search_budget + 4 * len(members))
        pairs = [(members[a], members[b]) for a, b in search.search()]
        paired = {v for pair in pairs for v in pair}
        floaters = [v for v in members if v not in paired]
        if self.edition.completion_in_every_bracket and not collapsing:  # the next bracket's pairs: the [C4] check
            mate = lookahead_mates[members.index(floaters[0])] if floaters else lookahead_mate
            vertices = lookahead + floaters
            self.lookahead_pairs = sorted({tuple(sorted((v, mate[v]))) for v in vertices if mate[v] != UNMATCHED})
        return pairs, floaters


def _exchange_digits(n: int, remainder: list[int], remainder_pairs: int) -> tuple[int, Digits]:
    """B.6/D.2 (2026 Art. 4.3): minimise the exchanges between S1R and S2R (the first
    ``remainder_pairs`` players of the remainder and the others): their number, the
    difference of the BSN sums, then which BSNs (the same in every optimum), as digits
    by player of a graph of ``n`` vertices; and their width."""
    count = len(remainder)
    fields_width = [
        (remainder_pairs + 1).bit_length() + 1,
        (remainder_pairs * count + 1).bit_length() + 1,
        remainder_pairs + (remainder_pairs + 1).bit_length() + 1,
        count + (remainder_pairs + 1).bit_length() + 1,
    ]
    exchanges = Digits.none(n)
    for a, i in enumerate(remainder):
        in_s1 = a < remainder_pairs
        exchanges.target[i] = RESIDENTS
        exchanges.lead[i] = pack([
            (int(in_s1), fields_width[0]),
            (count - a, fields_width[1]),
            (((1 << remainder_pairs) - (1 << a)) if in_s1 else 0, fields_width[2]),
            (0 if in_s1 else 1 << (count - 1 - a), fields_width[3]),
        ])
    return sum(fields_width), exchanges
