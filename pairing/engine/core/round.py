"""What every system's pairer of a round shares: the compatibility graph, the
completion check (can everybody left still be paired, one of them taking the
PAB?), and the lexicographic solve of an order of partners in chunks."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from ..errors import NoValidPairing
from .compatibility import compatibility_rows
from .matching import UNMATCHED, bits, join, lexicographic_assignment, max_cardinality_matching, max_matching_size
from .state import Player, RoundState
from .weighted import Digits, WarmStart, WeightedGraph


class RoundPairer:
    """The players of a round (in order), the graph of who may meet whom, and who
    may take the pairing-allocated bye."""

    def __init__(self, state: RoundState, colour_exempt: Callable[[Player], bool] = lambda player: False,
                 pair_exempt: Callable[[Player, Player], bool] | None = None):
        """``colour_exempt``, ``pair_exempt``: the system's exceptions to the colour limits
        (``SwissSystem.colour_exempt``, ``colour_exempt_pair``)."""
        self.state = state
        self.players = state.players
        self.rows = compatibility_rows(self.players, colour_exempt, pair_exempt)
        #: the highest score the PAB may go to (Dutch 2026 [C5]); None: any
        self.bye_score: int | None = None

    def compatible(self, v: int, w: int) -> bool:
        return bool(self.rows[v] >> w & 1)

    def bye_candidate(self, v: int) -> bool:
        player = self.players[v]
        return player.bye_eligible and (self.bye_score is None or player.pairing_score <= self.bye_score)

    def lowest_bye_score(self, everyone: list[int]) -> int | None:
        """The lowest score of a player who can take the PAB in a complete round-pairing of
        ``everyone`` (Dutch 2026 [C5]; Dubov and Burstein 2026 Art. 3.1.2-3.1.3); None when
        ``everyone`` is even or cannot be paired.  Leaves ``bye_score`` at that score."""
        if len(everyone) % 2 == 0:
            return None
        for score in sorted({self.players[v].pairing_score for v in everyone if self.players[v].bye_eligible}):
            self.bye_score = score
            if self.completion_mate(everyone) is not None:
                return score
        self.bye_score = None
        return None

    def bye_takers(self, everyone: list[int], score: int) -> list[int]:
        """The eligible players of ``score`` each of whom, taking the PAB, leaves a complete pairing
        of the others of ``everyone`` (a matching each: ask only when it is worth it)."""
        return [v for v in everyone if self.players[v].pairing_score == score and self.players[v].bye_eligible
                and self.completion_mate([w for w in everyone if w != v]) is not None]

    def graph(self, vertices: Iterable[int], confined: Iterable[int] = (), into: Iterable[int] = ()) -> list[int]:
        """The compatibility graph restricted to ``vertices`` (rows of the others empty); each of
        ``confined`` keeps only its edges to ``into``."""
        rows = [0] * len(self.players)
        present = 0
        for v in vertices:
            present |= 1 << v
        for v in bits(present):
            rows[v] = self.rows[v] & present
        allowed = sum(1 << w for w in into)
        for v in confined:
            for w in bits(rows[v] & ~allowed):
                rows[v] &= ~(1 << w)
                rows[w] &= ~(1 << v)
        return rows

    def max_pairs(self, vertices: list[int]) -> int:
        """The most pairs the players ``vertices`` can form among themselves."""
        return max_matching_size(self.graph(vertices), vertices=vertices)

    def completion_mate(self, remaining: list[int], mate: dict[int, int] | None = None,
                        no_bye: int | None = None, confined: Iterable[int] = (),
                        into: Iterable[int] = ()) -> dict[int, int] | None:
        """A complete pairing of ``remaining`` (each player's partner, -1 for the PAB):
        one player who may take the PAB (not ``no_bye``) may stay out; None if there
        is none.  ``mate``, an earlier complete pairing, is a warm start.  Each of
        ``confined`` may only meet one of ``into``."""
        rows = self.graph(remaining, confined, into)
        vertices = list(remaining)
        dummy = len(rows)
        if len(remaining) % 2:  # a dummy vertex for the bye, joined to who may take it
            rows.append(0)
            join(rows, dummy, sum(1 << v for v in remaining if self.bye_candidate(v) and v != no_bye))
            vertices.append(dummy)
        start = [UNMATCHED] * len(rows)
        if mate:
            present = set(vertices)
            for v, w in mate.items():
                w = dummy if w == -1 else w
                if v in present and w in present and rows[v] >> w & 1:  # still an edge
                    start[v] = w
                    start[w] = v
        result = max_cardinality_matching(rows, start, vertices=vertices, allowed_unmatched=0)
        if any(result[v] == UNMATCHED for v in vertices):
            return None
        return {v: (-1 if result[v] == dummy else result[v]) for v in remaining}


def bye_before_pairing(state: RoundState, choose_bye: Callable[[list[int]], int | None]) -> Player | None:
    """Whom a system that assigns the PAB before the pairing (``SwissSystem.first_bye``) gives it
    to: ``choose_bye`` of all the players (their indices).  None: an even number of players, or
    nobody can take it (``choose_bye`` raises NoValidPairing or returns None)."""
    everyone = list(range(len(state.players)))
    if len(everyone) % 2 == 0:
        return None
    try:
        chosen = choose_bye(everyone)
    except NoValidPairing:
        return None
    return None if chosen is None else state.players[chosen]


class CheckCosts:
    """Whether checking a greedy choice (:func:`keep_optimal_prefix`) is worth a solve.

    A failed check is a solve spent for nothing (and it can cost as much as many
    chunk solves: the graph without the greedy pairs is far from the optimum); a
    check that holds spares a solve per chunk it covers.  The first check is made;
    once a chunk has been solved, a check covering ``c`` chunks is made when the
    last failed one took at most half the time of ``c`` chunk solves.  The times
    only choose the way: every way gives the same pairs."""

    def __init__(self) -> None:
        self.chunk: float | None = None  # CPU seconds of the last chunk solve
        self.failure = 0.0  # of the last failed check

    def worth(self, chunks: float) -> bool:
        if self.chunk is None:
            return self.failure == 0.0
        return self.failure <= chunks * self.chunk / 2

    def solve_chunk(self, graph: WeightedGraph, shift: int, digits: Digits,
                    forbidden: frozenset[tuple[int, int]], warm: WarmStart) -> list[int]:
        """One chunk's solve (over the usable edges, from ``warm``), timed."""
        start = time.process_time()
        mate = graph.solve(shift, digits, forbidden, only_usable=True, warm=warm)
        self.chunk = time.process_time() - start
        return mate


def solve_in_order(graph: WeightedGraph, order: list[int], chunk_bits: int, partners: int,
                   forbidden: frozenset[tuple[int, int]], optimum: list[int]) -> list[tuple[int, int]]:
    """Among the maximum-weight matchings of ``graph`` (its alive vertices, the groups
    ``forbidden`` kept apart, its usable edges), the one in which the players of
    ``order`` in turn each have the earliest partner (in ``order``) they can: the
    pairs, as a list.

    Every optimum is assumed to have the same upper ends, whose partners in ``order``
    are the vertices of group ``partners``.  A digit per upper end, ``count -
    partner``, makes the order a weight field; the digits of all players would take
    thousands of bits, so they are solved a chunk of ``chunk_bits`` bits at a time:
    each solve fixes the pairs of its chunk, which then leave the graph (the rest of
    an optimum is an optimum of the rest).

    The next chunk's optima, with this chunk's pairs, are optima of this chunk's
    solve (the same weights lead; this chunk's digits weigh 0 in the rest of its
    optimum and never less elsewhere), so by complementary slackness they use only
    edges tight under its optimal duals: each solve keeps only those, and starts
    from the duals and matching of the one before (every chunk's digits take the
    same width, so that those duals fit).

    ``optimum`` is a maximum-weight matching of the graph as it is (which gives the
    upper ends).  Before each chunk, the upper ends left in turn take the earliest
    partner they meet by a usable edge, as long as those after them can all keep one
    (:func:`_greedy_in_order`): no optimum can give one an earlier partner (every
    optimum uses usable edges only), so the longest run of those pairs that one
    optimum holds (:func:`keep_optimal_prefix`) are the order's, and only the chunk
    where the greedy choice fails is solved.
    """
    position = {v: k for k, v in enumerate(order)}
    count = len(order)
    digit_width = max(1, count.bit_length())
    chunk = max(1, chunk_bits // digit_width)
    shift = digit_width * chunk
    digits = _order_digits(graph, order)
    warm = WarmStart()
    pairs: list[tuple[int, int]] = []
    mate = optimum
    costs = CheckCosts()
    start = 0
    while True:
        _place_digits(digits, order, start, start, partners, digit_width, chunk)
        upper = [v for v in order[start:] if graph.alive[v] and mate[v] in position
                 and position[mate[v]] > position[v]]
        greedy = _greedy_in_order(graph, upper, partners, mate) if costs.worth(len(upper) / chunk) else None
        if greedy is not None:
            kept, mate, warm = keep_optimal_prefix(graph, greedy, mate, shift, digits, forbidden, warm, chunk, costs)
            pairs += greedy[:kept]
            if kept == len(greedy):
                return pairs + _alive_pairs(graph, mate)
            start = position[greedy[kept][0]]
        end = min(start + chunk, count)
        _place_digits(digits, order, start, end, partners, digit_width, chunk)
        mate = costs.solve_chunk(graph, shift, digits, forbidden, warm)
        if not any(mate[v] in position and position[mate[v]] > position[v] for v in order[end:]):
            return pairs + _alive_pairs(graph, mate)
        pairs += _fix_pairs(graph, order[start:end], mate, position)
        start = end


def _order_digits(graph: WeightedGraph, order: list[int]) -> Digits:
    """A digit per player of ``order``: its partner's rank, ``count - position`` (the earliest
    highest), placed per chunk by :func:`_place_digits`."""
    digits = Digits.none(graph.n)
    for k, v in enumerate(order):
        digits.rank[v] = len(order) - k
    return digits


def _place_digits(digits: Digits, order: list[int], start: int, end: int, partners: int, digit_width: int,
                  chunk: int) -> None:
    """Only the digits of the chunk ``order[start:end]`` weigh (with a partner of group
    ``partners``), the chunk's first the highest."""
    for v in order:
        digits.target[v], digits.place[v] = -1, -1
    for k, v in enumerate(order[start:end], start):
        digits.target[v] = partners
        digits.place[v] = digit_width * (start + chunk - 1 - k)


def _alive_pairs(graph: WeightedGraph, mate: list[int]) -> list[tuple[int, int]]:
    """The pairs of ``mate`` among the players still in the graph."""
    return [(i, mate[i]) for i in range(graph.n) if graph.alive[i] and i < mate[i]]


def _fix_pairs(graph: WeightedGraph, chunk: list[int], mate: list[int],
               position: dict[int, int]) -> list[tuple[int, int]]:
    """The pairs a chunk's solve gives its upper ends, which leave the graph."""
    pairs = []
    for v in chunk:
        w = mate[v]
        if w in position and position[w] > position[v]:
            pairs.append((v, w))
            graph.alive[v] = graph.alive[w] = 0
    return pairs


def _greedy_in_order(graph: WeightedGraph, upper: list[int], partners: int,
                     optimum: list[int]) -> list[tuple[int, int]] | None:
    """The ``upper`` ends (paired in ``optimum`` with vertices of group ``partners``), in
    turn, each with the earliest partner it meets by a usable edge while those after
    it can all keep one; None when that fails (or there is nobody)."""
    if not upper:
        return None
    candidates = graph.usable_partners(upper)
    lower = sum(1 << v for v in range(graph.n) if graph.group[v] == partners and graph.alive[v])
    held = sum(1 << optimum[u] for u in upper)
    # every lower end the upper ends do not hold counts as free: a relaxation, so no
    # upper end's choice is later than the order's
    return lexicographic_assignment(upper, {u: sum(1 << v for v in candidates[u]) & lower for u in upper},
                                    {u: optimum[u] for u in upper}, lower & ~held)


def keep_optimal_prefix(graph: WeightedGraph, pairs: list[tuple[int, int]], optimum: list[int], shift: int,
                        digits: Digits | None, forbidden: frozenset[tuple[int, int]], warm: WarmStart,
                        step: int, costs: CheckCosts) -> tuple[int, list[int], WarmStart]:
    """The longest prefix of ``pairs`` (to within ``step`` pairs) that a maximum-weight
    matching of ``graph`` (as :meth:`WeightedGraph.solve` with these arguments and its
    usable edges, whose weight ``optimum`` has) holds: its length ``k``, found by one
    solve of the graph without ``pairs[:k]`` reaching the optimum's weight less
    theirs (the whole list first, then halving, as long as ``costs`` finds a check
    worth it).  The vertices of ``pairs[:k]`` are left out of the graph; also
    returned: that solve's matching (``optimum`` if ``k`` is 0) and a warm start
    from it.

    The greedy choices of ``pairs`` must each be no earlier than any optimum's,
    given the ones before them (a relaxation, as :func:`lexicographic_assignment`):
    then, since one optimum holds the prefix, each of its pairs is the order's."""
    alive = graph.alive
    best = graph.total([w if alive[v] and w >= 0 and alive[w] else -1 for v, w in enumerate(optimum)],
                       shift, digits)
    held = [0]
    for u, v in pairs:
        held.append(held[-1] + graph.weight(u, v, shift, digits))
    kept, mate = 0, optimum

    def holds(k: int) -> bool:
        nonlocal kept, mate, warm
        started = time.process_time()
        for u, v in pairs[kept:k]:
            alive[u] = alive[v] = 0
        trial = WarmStart()
        trial.duals, trial.mate = warm.duals, warm.mate
        rest = graph.solve(shift, digits, forbidden, only_usable=True, update_usable=False, warm=trial)
        if graph.total(rest, shift, digits) + held[k] == best:
            kept, mate, warm = k, rest, trial
            return True
        for u, v in pairs[kept:k]:
            alive[u] = alive[v] = 1
        costs.failure = time.process_time() - started
        return False

    low, high = 0, len(pairs)
    if costs.worth(high / step) and not holds(high):
        while high - low > step and costs.worth((high - low) / 2 / step):
            middle = (low + high) // 2
            if holds(middle):
                low = middle
            else:
                high = middle
    if kept == len(pairs):
        for u, v in pairs:
            mate[u], mate[v] = v, u
    return kept, mate, warm
