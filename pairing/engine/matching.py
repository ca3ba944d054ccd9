"""Matchings on general graphs, the workhorse of the pairing systems.

* :func:`max_cardinality_matching` is Edmonds' blossom algorithm; it can start
  from a partial matching, so that re-checking completability after each
  bracket only augments from the players the bracket left unmatched.
* :func:`max_weight_matching` finds a maximum-weight matching with exact
  integer (arbitrarily large) weights; the pairing criteria are packed into
  those weights in priority order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence

import networkx as nx

UNMATCHED = -1


class LazyAdjacency(Sequence):
    """The graph on vertices ``0..size-1`` given by an edge predicate; adjacency lists
    are computed when first asked for, since a search that starts from a nearly
    complete matching looks at few of them."""

    def __init__(self, size: int, adjacent: Callable[[int, int], bool]):
        self._rows: list[list[int] | None] = [None] * size
        self.adjacent = adjacent

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, v):
        row = self._rows[v]
        if row is None:
            row = self._rows[v] = [w for w in range(len(self._rows)) if w != v and self.adjacent(v, w)]
        return row

    def first_free(self, v: int, mate: list[int]) -> int:
        """A neighbour of ``v`` that ``mate`` leaves unmatched, looking after ``v`` first."""
        n = len(self._rows)
        for w in (*range(v + 1, n), *range(v)):
            if mate[w] == UNMATCHED and self.adjacent(v, w):
                return w
        return UNMATCHED


class WithVertex(Sequence):
    """``base`` plus one vertex (numbered ``len(base)``), sharing ``base``'s rows."""

    def __init__(self, base: LazyAdjacency, adjacent_to_new: Callable[[int], bool]):
        self.base = base
        self.new_row = [w for w in range(len(base)) if adjacent_to_new(w)]
        self.joined = set(self.new_row)

    def __len__(self) -> int:
        return len(self.base) + 1

    def __getitem__(self, v):
        if v == len(self.base):
            return self.new_row
        return self.base[v] + [len(self.base)] if v in self.joined else self.base[v]


def max_cardinality_matching(adjacency: Sequence[Sequence[int]], mate: list[int] | None = None) -> list[int]:
    """Maximum matching of the graph; ``mate[v]`` is v's partner or -1.

    ``mate`` (modified in place when given) is a valid partial matching to start from.
    """
    n = len(adjacency)
    neighbours = adjacency
    if mate is None:
        mate = [UNMATCHED] * n
    for v in range(n):  # greedy start
        if mate[v] == UNMATCHED:
            if isinstance(adjacency, LazyAdjacency):
                w = adjacency.first_free(v, mate)
            else:
                w = next((w for w in neighbours[v] if mate[w] == UNMATCHED), UNMATCHED)
            if w != UNMATCHED:
                mate[v], mate[w] = w, v
    for root in range(n):
        if mate[root] == UNMATCHED:
            _augment_from(root, neighbours, mate)
    return mate


def _augment_from(root: int, neighbours: Sequence[Sequence[int]], mate: list[int]) -> bool:
    n = len(neighbours)
    parent = [UNMATCHED] * n
    base = list(range(n))
    in_tree = [False] * n
    in_tree[root] = True
    queue = deque([root])

    def lowest_common_ancestor(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == UNMATCHED:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, blossom_base: int, child: int, in_blossom: list[bool]) -> None:
        while base[v] != blossom_base:
            in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for w in neighbours[v]:
            if base[v] == base[w] or mate[v] == w:
                continue
            if w == root or (mate[w] != UNMATCHED and parent[mate[w]] != UNMATCHED):
                blossom_base = lowest_common_ancestor(v, w)
                in_blossom = [False] * n
                mark_path(v, blossom_base, w, in_blossom)
                mark_path(w, blossom_base, v, in_blossom)
                for u in range(n):
                    if in_blossom[base[u]]:
                        base[u] = blossom_base
                        if not in_tree[u]:
                            in_tree[u] = True
                            queue.append(u)
            elif parent[w] == UNMATCHED:
                parent[w] = v
                if mate[w] == UNMATCHED:
                    while w != UNMATCHED:  # augment along the path
                        v = parent[w]
                        next_w = mate[v]
                        mate[w], mate[v] = v, w
                        w = next_w
                    return True
                in_tree[mate[w]] = True
                queue.append(mate[w])
    return False


def max_weight_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int]:
    """Maximum-weight matching over vertices ``0..n-1``; edges with weight <= 0 are ignored."""
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from((u, v, w) for u, v, w in edges if w > 0)
    mate = [UNMATCHED] * n
    for u, v in nx.max_weight_matching(graph, maxcardinality=False):
        mate[u], mate[v] = v, u
    return mate
