"""The matching algorithms the systems stand on."""

import random
from itertools import combinations, permutations

import pytest

from pairing.engine.core import matching
from pairing.engine.core.matching import UNMATCHED, max_cardinality_matching, max_weight_matching

# the native core (built by `make native`) and the pure-Python fallback
SOLVERS = [pytest.param(matching.max_weight_matching_python, id="python"),
           pytest.param(matching.max_weight_matching_native, id="native",
                        marks=pytest.mark.skipif(not matching.native_available(),
                                                 reason="native core not built (make native)"))]


def size(mate):
    return sum(m != UNMATCHED for m in mate) // 2


def is_matching(mate, edges):
    return all(mate[mate[v]] == v and frozenset((v, mate[v])) in edges
               for v in range(len(mate)) if mate[v] != UNMATCHED)


def rows(n, edges):
    """Adjacency bitmasks of the graph with these edges (frozensets)."""
    return [sum(1 << w for w in range(n) if frozenset((v, w)) in edges) for v in range(n)]


def brute_force_size(n, edges):
    best = 0
    edge_list = list(edges)
    for k in range(n // 2, 0, -1):
        for chosen in combinations(edge_list, k):
            if len({v for e in chosen for v in e}) == 2 * k:
                return k
    return best


def test_blossom_is_needed():
    # a triangle 0-1-2 with tails 2-3 and 0-4: greedy 0-1 leaves 2 with 3, 4 alone;
    # the augmenting path 4-0=1-2=3 ... needs the odd cycle contracted
    edges = {frozenset(e) for e in [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (3, 5)]}
    mate = max_cardinality_matching(rows(6, edges), [1, 0, 3, 2, UNMATCHED, UNMATCHED])
    assert size(mate) == 3 and is_matching(mate, edges)


def test_random_graphs_against_brute_force():
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(2, 9)
        edges = {frozenset(e) for e in combinations(range(n), 2) if rng.random() < 0.35}
        mate = max_cardinality_matching(rows(n, edges))
        assert is_matching(mate, edges)
        assert size(mate) == brute_force_size(n, edges)


def test_matching_size_with_hungarian_trees_left_out(monkeypatch):
    # graphs where many searches fail (a few hubs every other vertex hangs on, odd
    # cycles among them), from an empty and from a partial matching: the size of
    # a maximum matching, as brute force and the unpruned search find it
    rng = random.Random(5)
    searches = matching.augment_from
    blocked_searches = []

    def recorded(root, rows, mate, free, blocked=0, tree=None):
        blocked_searches.append(blocked)
        return searches(root, rows, mate, free, blocked, tree)
    monkeypatch.setattr(matching, "augment_from", recorded)
    for _ in range(300):
        n = rng.randint(2, 11)
        hubs = rng.sample(range(n), rng.randint(1, max(1, n // 3)))
        edges = {frozenset(e) for e in combinations(range(n), 2)
                 if (e[0] in hubs or e[1] in hubs or rng.random() < 0.15) and rng.random() < 0.7}
        start = [UNMATCHED] * n
        for e in rng.sample(sorted(edges, key=sorted), min(len(edges), rng.randint(0, 2))):
            v, w = sorted(e)
            if start[v] == UNMATCHED and start[w] == UNMATCHED:
                start[v], start[w] = w, v
        expected = brute_force_size(n, edges)
        assert matching.max_matching_size(rows(n, edges)) == expected
        pruned = list(start)
        assert matching.max_matching_size(rows(n, edges), pruned) == expected
        assert is_matching(pruned, edges)
    # trees were left out of later searches
    assert sum(1 for blocked in blocked_searches if blocked) > 100
    # on some vertices only: the path 1-2-3-4 of the path 0-1-2-3-4
    edges = {frozenset(e) for e in [(0, 1), (1, 2), (2, 3), (3, 4)]}
    path = [row & 0b11110 if v in (1, 2, 3, 4) else 0 for v, row in enumerate(rows(5, edges))]
    assert matching.max_matching_size(path, vertices=[1, 2, 3, 4]) == 2


def test_cardinality_on_some_vertices_and_early_stop():
    # a path 0-1-2-3-4 and a separate triangle 5-6-7; the path without 0 has two pairs
    edges = {frozenset(e) for e in [(0, 1), (1, 2), (2, 3), (3, 4), (5, 6), (6, 7), (5, 7)]}
    graph = rows(8, edges)
    path = [row & 0b11110 if v in (1, 2, 3, 4) else 0 for v, row in enumerate(graph)]
    mate = max_cardinality_matching(path, vertices=[1, 2, 3, 4])
    assert size(mate) == 2 and all(mate[v] == UNMATCHED for v in (0, 5, 6, 7))
    # the triangle leaves one vertex alone: with none allowed, the search gives up
    # before matching everything, and says so by leaving a vertex unmatched
    mate = max_cardinality_matching(graph, allowed_unmatched=0)
    assert UNMATCHED in mate
    assert size(max_cardinality_matching(graph, allowed_unmatched=2)) == 3


def test_max_weight_with_big_integer_weights():
    # weights far beyond 64 bits must still be compared exactly
    big = 1 << 300
    edges = [(0, 1, big + 1), (1, 2, big), (2, 3, big + 1), (0, 3, big)]
    mate = max_weight_matching(4, edges)
    assert {frozenset((0, 1)), frozenset((2, 3))} == {frozenset((v, mate[v])) for v in range(4)}
    # a single heavier pair beats two lighter ones only when it outweighs their sum
    mate = max_weight_matching(4, [(0, 1, big), (2, 3, big), (1, 2, 2 * big + 1)])
    assert mate[1] == 2 and mate[0] == UNMATCHED


def brute_force_weight(n, weights):
    """The largest total weight of a matching, by trying every matching."""
    best = 0

    def extend(v, total):
        nonlocal best
        while v < n and v in used:
            v += 1
        if v >= n:
            best = max(best, total)
            return
        used.add(v)
        extend(v + 1, total)  # v stays unmatched
        for w in range(v + 1, n):
            if w not in used and (v, w) in weights:
                used.add(w)
                extend(v + 1, total + weights[v, w])
                used.discard(w)
        used.discard(v)

    used = set()
    extend(0, 0)
    return best


def random_weight(rng, style):
    if style == 0:
        return rng.randint(1, 8)  # many ties: blossoms and zero duals
    if style == 1:
        return (rng.randint(1, 3) << 200) | rng.getrandbits(rng.randint(0, 190))
    if style == 2:
        return rng.choice([1 << 100, (1 << 100) + 1, (1 << 101) - 1, 2, 3])
    return rng.randint(-5, 1 << 64)  # some edges of no use


@pytest.mark.parametrize("solve", SOLVERS)
def test_max_weight_against_brute_force(solve):
    rng = random.Random(7)
    for _ in range(1500):
        n = rng.randint(1, 10)
        density = rng.random()
        style = rng.randrange(4)
        weights = {(v, w): random_weight(rng, style)
                   for v, w in combinations(range(n), 2) if rng.random() < density}
        mate = solve(n, [(v, w, x) for (v, w), x in weights.items()])
        positive = {frozenset(e) for e, x in weights.items() if x > 0}
        assert is_matching(mate, positive)
        total = sum(weights[min(v, mate[v]), max(v, mate[v])] for v in range(n) if mate[v] > v)
        assert total == brute_force_weight(n, {e: x for e, x in weights.items() if x > 0})


@pytest.mark.parametrize("solve", SOLVERS)
def test_max_weight_on_lexicographic_weights(solve):
    # weights built like the pairing criteria: fields far apart, most ties broken
    # only by the lowest field, as in a D.1 transposition order
    rng = random.Random(11)
    for _ in range(300):
        n = rng.randint(2, 10)
        weights = {}
        for v, w in combinations(range(n), 2):
            if rng.random() < 0.8:
                fields = (rng.randint(0, 1), rng.randint(0, 2), (n - w) * (n + 1) ** (n - 1 - v))
                weights[v, w] = ((1 << 400) + (fields[0] << 300) + (fields[1] << 200) + fields[2])
        mate = solve(n, [(v, w, x) for (v, w), x in weights.items()])
        total = sum(weights[v, mate[v]] for v in range(n) if mate[v] > v)
        assert total == brute_force_weight(n, weights)


@pytest.mark.skipif(not matching.native_available(), reason="native core not built (make native)")
def test_native_equals_python_on_larger_graphs():
    # beyond brute force: both solvers must reach the same (optimal) weight
    rng = random.Random(13)
    for _ in range(60):
        n = rng.randint(12, 70)
        density = rng.choice([0.1, 0.3, 0.8])
        style = rng.randrange(4)
        weights = {(v, w): random_weight(rng, style)
                   for v, w in combinations(range(n), 2) if rng.random() < density}
        edges = [(v, w, x) for (v, w), x in weights.items()]
        totals = []
        for solve in (matching.max_weight_matching_native, matching.max_weight_matching_python):
            mate = solve(n, edges)
            assert is_matching(mate, {frozenset(e) for e, x in weights.items() if x > 0})
            totals.append(sum(weights[v, mate[v]] for v in range(n) if mate[v] > v))
        assert totals[0] == totals[1]


def test_native_core_handles_empty_graphs():
    for solve in (matching.max_weight_matching_python, matching.max_weight_matching):
        assert solve(0, []) == []
        assert solve(3, []) == [UNMATCHED] * 3
        assert solve(3, [(0, 1, 0), (1, 2, -4)]) == [UNMATCHED] * 3


def all_optimal_matchings(n, weights):
    """Every maximum-weight matching (as sets of edges), by trying every matching."""
    found = []

    def extend(v, total, chosen):
        while v < n and v in used:
            v += 1
        if v >= n:
            found.append((total, frozenset(chosen)))
            return
        used.add(v)
        extend(v + 1, total, chosen)
        for w in range(v + 1, n):
            if w not in used and weights.get((v, w), 0) > 0:
                used.add(w)
                extend(v + 1, total + weights[v, w], [*chosen, (v, w)])
                used.discard(w)
        used.discard(v)

    used = set()
    extend(0, 0, [])
    best = max(total for total, _ in found)
    return [chosen for total, chosen in found if total == best]


def test_tight_edges_cover_every_optimum():
    # the flags that let the second solve of a bracket drop edges: an edge marked
    # False belongs to no maximum-weight matching
    rng = random.Random(17)
    dropped = 0
    for _ in range(600):
        n = rng.randint(2, 9)
        style = rng.randrange(4)
        weights = {(v, w): random_weight(rng, style) for v, w in combinations(range(n), 2)
                   if rng.random() < 0.7}
        edges = [(v, w, x) for (v, w), x in weights.items()]
        tight = []
        max_weight_matching(n, edges, tight)
        assert len(tight) == len(edges)
        for optimum in all_optimal_matchings(n, weights):
            assert all(tight[edges.index((v, w, weights[v, w]))] for v, w in optimum)
        dropped += tight.count(False)
    assert dropped > 0 or not matching.native_available()


@pytest.mark.parametrize("solve", SOLVERS)
def test_vertex_left_inside_an_expanded_blossom_keeps_its_least_slack_edge(solve):
    # from a bracket of the corpus (t0005 round 7): after a tree dissolves, a vertex
    # that sits in a T-blossom must still offer its least-slack edge once the blossom
    # is expanded, or the dual change overshoots and the matching is not maximum
    edges = [
        (0, 4, 0x201fffff8100800000020200020000020000000000000000001000000000000010783f8000007),
        (0, 5, 0x201fffff8080800000020202020000000000000000000000000000000000000010783f8000005),
        (1, 5, 0x201fffff8080800000020202020000000000000000000000000000000000000010703f0000000),
        (1, 7, 0x201fffff8100800000020200020000000000000000000000000000000000000010703f0000000),
        (2, 4, 0x201fffff8100800000020202020000040000000000000000002000000000000010683e0000000),
        (2, 7, 0x201fffff8100800000020202020000020000000000000000001000000000000010683e0000000),
        (3, 4, 0x201fffff810080000002020002000002000000000000000000100000000000001048200000000),
        (3, 7, 0x201fffff810080000002020002000000000000000000000000000000000000001048200000000),
        (4, 6, 0x201fffff810080000002020202000002000000000000000000100000000000000038000000800),
        (5, 7, 0x201fffff810080000002020202000000000000000000000000000000000000000028000000200),
    ]
    weights = {(v, w): x for v, w, x in edges}
    mate = solve(8, edges)
    total = sum(weights[v, mate[v]] for v in range(8) if mate[v] > v)
    assert total == brute_force_weight(8, weights)


@pytest.mark.skipif(not matching.native_available(), reason="native core not built (make native)")
def test_dense_graphs_solved_from_a_sparse_subgraph(monkeypatch):
    # one edge per vertex, and one spread, to start from: the edges left out are
    # priced and added until the duals hold for all, so the optimum is the whole
    # graph's, and the tight flags still cover every maximum-weight matching
    monkeypatch.setattr(matching, "SPARSE_SEED", 1)
    rng = random.Random(19)
    for _ in range(40):
        n = rng.randint(20, 60)
        style = rng.randrange(4)
        weights = {(v, w): random_weight(rng, style) for v, w in combinations(range(n), 2) if rng.random() < 0.8}
        edges = [(v, w, x) for (v, w), x in weights.items()]
        mate = matching.max_weight_matching_native(n, edges)
        assert is_matching(mate, {frozenset(e) for e, x in weights.items() if x > 0})
        expected = matching.max_weight_matching_python(n, edges)
        assert (sum(weights[v, mate[v]] for v in range(n) if mate[v] > v)
                == sum(weights[v, expected[v]] for v in range(n) if expected[v] > v))
    for _ in range(40):
        n = rng.randint(10, 11)
        style = rng.randrange(4)
        weights = {(v, w): random_weight(rng, style) for v, w in combinations(range(n), 2) if rng.random() < 0.95}
        edges = [(v, w, x) for (v, w), x in weights.items()]
        tight = []
        matching.max_weight_matching_native(n, edges, tight)
        for optimum in all_optimal_matchings(n, weights):
            assert all(tight[edges.index((v, w, weights[v, w]))] for v, w in optimum)


def test_even_reachable_finds_the_vertices_some_maximum_matching_leaves_out():
    # Gallai-Edmonds: from every vertex a maximum matching leaves unmatched, the
    # even alternating paths reach exactly the vertices some maximum matching misses
    rng = random.Random(23)
    for _ in range(300):
        n = rng.randint(1, 9)
        edges = {frozenset((v, w)) for v, w in combinations(range(n), 2) if rng.random() < rng.choice([0.2, 0.4, 0.7])}
        graph = rows(n, edges)
        mate = max_cardinality_matching(graph)
        found = 0
        for v in range(n):
            if mate[v] == UNMATCHED:
                found |= matching.even_reachable(v, graph, mate)
        best = size(mate)
        missed = 0
        for chosen in combinations(sorted(tuple(sorted(e)) for e in edges), best):
            covered = {v for e in chosen for v in e}
            if len(covered) == 2 * best:
                missed |= sum(1 << v for v in range(n) if v not in covered)
        assert found == missed


def test_lexicographic_assignment_against_brute_force():
    # players in turn take the earliest partner that still leaves one to every later
    # player: the lexicographically first assignment of all of them

    rng = random.Random(23)
    checked = 0
    for _ in range(400):
        players = sorted(rng.sample(range(12), rng.randint(1, 5)))
        others = list(range(12, 20))
        partners = {v: sum(1 << w for w in others if rng.random() < 0.5) for v in players}
        assignments = [chosen for chosen in permutations(others, len(players))
                       if all(partners[v] >> w & 1 for v, w in zip(players, chosen, strict=True))]
        if not assignments:
            continue
        start = dict(zip(players, rng.choice(assignments), strict=True))
        free = sum(1 << w for w in others if w not in start.values())
        result = matching.lexicographic_assignment(players, partners, start, free)
        assert result == list(zip(players, min(assignments), strict=True))
        checked += 1
    assert checked > 200
