"""core.weighted: the weights a bracket's graph computes by kinds and digits, and the
solves that start from the one before, against the weights written out edge by edge."""

import random

import pytest

from pairing.engine.core import matching
from pairing.engine.core.matching import max_weight_matching_python
from pairing.engine.core.weighted import Digits, WarmStart, WeightedGraph

native = pytest.mark.skipif(not matching.native_available(), reason="native core not built (make native)")


def random_graph(rng, n):
    """Players 0..n-1 (three of them spread over a larger round), compatibility rows,
    kinds and a weight table by kind pair."""
    players = sorted(rng.sample(range(3 * n), n))
    rows = [0] * (3 * n)
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < 0.7:
                rows[players[a]] |= 1 << players[b]
                rows[players[b]] |= 1 << players[a]
    kinds = [rng.randrange(4) for _ in range(n)]
    table = {(a, b): rng.choice([1, 2, 3, 1 << 70, (1 << 70) + 5]) for a in range(4) for b in range(4)}
    return players, rows, kinds, table


def written_out(graph, players, rows, kinds, table, extra, shift, digits, forbidden):
    """The same solve's edges with their weights, computed one by one."""
    edges = []
    n = len(players)
    for u in range(n):
        for v in range(u + 1, n):
            if not (graph.alive[u] and graph.alive[v]) or (graph.group[u], graph.group[v]) in forbidden:
                continue
            if players[u] >= 0 and players[v] >= 0 and rows[players[u]] >> players[v] & 1:
                weight = table[kinds[u], kinds[v]] << shift
            elif (u, v) in extra:
                weight = extra[u, v] << shift
            else:
                continue
            if digits.target[u] >= 0 and graph.group[v] == digits.target[u]:
                weight += digits.lead[u] + (digits.rank[v] << digits.place[u] if digits.place[u] >= 0 else 0)
            edges.append((u, v, weight))
    return edges


def total(mate, edges):
    weight = {(u, v): w for u, v, w in edges}
    assert all(mate[mate[v]] == v for v in range(len(mate)) if mate[v] >= 0)
    return sum(weight[v, mate[v]] for v in range(len(mate)) if mate[v] > v)


@native
@pytest.mark.parametrize("seed", [0, 1, 24])
def test_native_solves_equal_the_written_out_weights(monkeypatch, seed):
    monkeypatch.setattr(matching, "SPARSE_SEED", seed)
    rng = random.Random(5)
    for _ in range(60):
        n = rng.randint(2, 24)
        players, rows, kinds, table = random_graph(rng, n)
        hub = rng.randint(0, 2)  # vertices of their own, joined by extra edges only
        players += [-1] * hub
        kinds += [-1] * hub
        extra = {(u, n + h): rng.randint(1, 9) for u in range(n) for h in range(hub) if rng.random() < 0.5}
        graph = WeightedGraph(players, rows, kinds, lambda a, b, table=table: table[a, b],
                              [(u, v, w) for (u, v), w in extra.items()])
        size = n + hub
        warm = WarmStart()
        for step in range(4):
            graph.group[:] = bytes(rng.randrange(3) for _ in range(size))
            forbidden = frozenset({(rng.randrange(3), rng.randrange(3))} if rng.random() < 0.5 else ())
            shift = 12
            digits = Digits.none(size)
            for u in range(size):
                if rng.random() < 0.4:
                    digits.target[u] = rng.randrange(3)
                    digits.lead[u] = rng.randrange(16) << 6
                    digits.place[u] = rng.choice([-1, 0, 3])
            for v in range(size):
                digits.rank[v] = rng.randrange(8)
            edges = written_out(graph, players, rows, kinds, table, extra, shift, digits, forbidden)
            mate = graph.solve(shift, digits, forbidden, only_usable=False, update_usable=step % 2 == 1,
                               warm=warm if step else None)
            assert total(mate, edges) == total(max_weight_matching_python(size, edges), edges)
            if step == 1:
                alive = [v for v in range(size) if mate[v] > v]
                if alive:
                    v = rng.choice(alive)
                    graph.alive[v] = graph.alive[mate[v]] = 0


@native
def test_usable_edges_keep_every_optimum_of_the_solve_that_marked_them(monkeypatch):
    # a solve restricted to the edges tight in the solve before, whose optima are optima
    # of that one (the same table; digits below it), finds the same optimum
    monkeypatch.setattr(matching, "SPARSE_SEED", 1)
    rng = random.Random(9)
    for _ in range(60):
        n = rng.randint(2, 30)
        players, rows, kinds, table = random_graph(rng, n)
        graph = WeightedGraph(players, rows, kinds, lambda a, b, table=table: table[a, b])
        graph.solve(0, update_usable=True)
        shift = 10
        digits = Digits.none(n)
        for u in range(n):
            digits.target[u], digits.place[u] = 0, rng.choice([-1, 2])
            digits.lead[u] = rng.randrange(4)
            digits.rank[u] = rng.randrange(4)
        edges = written_out(graph, players, rows, kinds, table, {}, shift, digits, frozenset())
        mate = graph.solve(shift, digits, only_usable=True, warm=WarmStart())
        assert total(mate, edges) == total(max_weight_matching_python(n, edges), edges)


def test_python_fallback_computes_the_same_weights(monkeypatch):
    monkeypatch.setattr(matching, "_library", None)
    rng = random.Random(3)
    for _ in range(40):
        n = rng.randint(2, 12)
        players, rows, kinds, table = random_graph(rng, n)
        graph = WeightedGraph(players, rows, kinds, lambda a, b, table=table: table[a, b])
        graph.group[:] = bytes(rng.randrange(2) for _ in range(n))
        digits = Digits([1] * n, [rng.randrange(4) for _ in range(n)], [rng.randrange(4) for _ in range(n)],
                        [rng.choice([-1, 2]) for _ in range(n)])
        edges = written_out(graph, players, rows, kinds, table, {}, 8, digits, frozenset({(0, 0)}))
        mate = graph.solve(8, digits, frozenset({(0, 0)}))
        assert total(mate, edges) == total(max_weight_matching_python(n, edges), edges)


@native
@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_rounds_paired_without_the_native_core_are_the_same(monkeypatch, edition):
    # the whole pairer on the Python solver (no C compiler, or PAIRING_PURE_PYTHON=1)
    from pairing.engine import pair_round
    from pairing.engine.bench import build

    documents = [build(size, 9, played, seed, variant, quick=True)
                 for size, played, seed, variant in [(40, 3, 1, "standard"), (31, 4, 2, "colours"),
                                                      (24, 5, 3, "standard")]]
    native_pairings = [pair_round(document, "dutch", edition=edition).as_numbers() for document in documents]
    monkeypatch.setattr(matching, "_library", None)
    monkeypatch.setattr(matching, "_native", None)
    assert [pair_round(document, "dutch", edition=edition).as_numbers() for document in documents] == native_pairings
