"""The matching algorithms the systems stand on."""

import random
from itertools import combinations

from pairing.engine.matching import (UNMATCHED, LazyAdjacency, WithVertex, max_cardinality_matching,
                                     max_weight_matching)


def size(mate):
    return sum(m != UNMATCHED for m in mate) // 2


def is_matching(mate, edges):
    return all(mate[mate[v]] == v and frozenset((v, mate[v])) in edges
               for v in range(len(mate)) if mate[v] != UNMATCHED)


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
    adjacency = [[w for w in range(6) if frozenset((v, w)) in edges] for v in range(6)]
    mate = max_cardinality_matching(adjacency, [1, 0, 3, 2, UNMATCHED, UNMATCHED])
    assert size(mate) == 3 and is_matching(mate, edges)


def test_random_graphs_against_brute_force():
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(2, 9)
        edges = {frozenset(e) for e in combinations(range(n), 2) if rng.random() < 0.35}
        adjacency = [[w for w in range(n) if frozenset((v, w)) in edges] for v in range(n)]
        mate = max_cardinality_matching(adjacency)
        assert is_matching(mate, edges)
        assert size(mate) == brute_force_size(n, edges)


def test_lazy_adjacency_and_extra_vertex():
    graph = LazyAdjacency(5, lambda v, w: (v + w) % 2 == 1)  # a bipartite graph, odd/even
    assert graph[0] == [1, 3] and graph[3] == [0, 2, 4]
    extended = WithVertex(graph, lambda w: w == 4)
    assert len(extended) == 6 and extended[5] == [4] and extended[4] == [1, 3, 5]
    assert size(max_cardinality_matching(extended)) == 3


def test_max_weight_with_big_integer_weights():
    # weights far beyond 64 bits must still be compared exactly
    big = 1 << 300
    edges = [(0, 1, big + 1), (1, 2, big), (2, 3, big + 1), (0, 3, big)]
    mate = max_weight_matching(4, edges)
    assert {frozenset((0, 1)), frozenset((2, 3))} == {frozenset((v, mate[v])) for v in range(4)}
    # a single heavier pair beats two lighter ones only when it outweighs their sum
    mate = max_weight_matching(4, [(0, 1, big), (2, 3, big), (1, 2, 2 * big + 1)])
    assert mate[1] == 2 and mate[0] == UNMATCHED
