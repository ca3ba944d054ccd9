"""Matchings on general graphs, the workhorse of the pairing systems.

* :func:`max_cardinality_matching` is Edmonds' blossom algorithm; it can start
  from a partial matching, so that re-checking completability after each
  bracket only augments from the players the bracket left unmatched.
  :func:`max_matching_size` counts the pairs of a maximum matching, faster.
* :func:`max_weight_matching` finds a maximum-weight matching with exact
  integer (arbitrarily large) weights; the pairing criteria are packed into
  those weights in priority order.  It runs in the native core
  (``_blossom.c``, built by ``make native``) when that is built, since with
  weights of thousands of bits Python's big integers made one solve take
  seconds; otherwise in :func:`max_weight_matching_python` (``blossom.py``).  Both are exact.
"""

from __future__ import annotations

import ctypes
import os
from array import array
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from .blossom import UNMATCHED, max_weight_matching_python

NATIVE_LIBRARY = Path(__file__).with_name("_blossom.so")


def _load_native():
    if os.environ.get("PAIRING_PURE_PYTHON") or not NATIVE_LIBRARY.exists():
        return None
    try:
        library = ctypes.CDLL(str(NATIVE_LIBRARY))
    except OSError:
        return None
    integer, pointer, chars = ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p
    signatures = {
        "blossom_max_weight_matching": (integer, [integer, integer, pointer, pointer, integer, pointer, pointer,
                                                  integer, pointer, pointer]),
        # the weighted graphs of core/weighted.py
        "wg_new": (pointer, [integer, pointer, integer, chars, pointer, integer, integer, pointer, pointer]),
        "wg_free": (None, [pointer]),
        "wg_edges": (integer, [pointer]),
        "wg_usable_edges": (integer, [pointer, chars, pointer, integer]),
        "wg_get_usable": (None, [pointer, pointer]),
        "wg_set_usable": (None, [pointer, chars]),
        "wg_pair_count": (integer, [pointer]),
        "wg_pairs": (None, [pointer, pointer]),
        "wg_set_table": (integer, [pointer, integer, integer, chars]),
        "wg_solve": (integer, [pointer, integer, integer, chars, chars, integer, chars, pointer, chars, pointer,
                               pointer, integer, integer, integer, pointer, pointer, pointer, integer]),
    }
    try:
        for name, (result, arguments) in signatures.items():
            function = getattr(library, name)
            function.restype, function.argtypes = result, arguments
    except AttributeError:  # built from an older source: rebuild with `make native`
        return None
    return library


_library = _load_native()
_native = _library.blossom_max_weight_matching if _library is not None else None


def native_available() -> bool:
    return _native is not None


def native_library():
    """The native core (ctypes), or None: see ``make native``."""
    return _library


def bits(mask: int) -> Iterator[int]:
    """The members of a set kept as a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def join(rows: list[int], v: int, neighbours: int) -> None:
    """Make ``neighbours`` (a bitmask) the neighbours of vertex ``v``, whose row was
    empty, in both directions."""
    rows[v] = neighbours
    for w in bits(neighbours):
        rows[w] |= 1 << v


def max_cardinality_matching(rows: Sequence[int], mate: list[int] | None = None,
                             vertices: Iterable[int] | None = None,
                             allowed_unmatched: int | None = None, prune: bool = False) -> list[int]:
    """Maximum matching of the graph whose vertex ``v`` has the neighbours in bitmask
    ``rows[v]``, restricted to ``vertices`` (all by default; the rows must not lead
    outside them).  ``mate[v]`` is v's partner or -1.

    ``mate`` (modified in place when given) is a valid partial matching to start from.
    With ``allowed_unmatched``, the search stops as soon as more vertices than that
    are known to stay unmatched (a vertex from which no augmenting path starts is
    unmatched in some maximum matching): the result is then not maximum, only
    known to leave too many vertices unmatched.  ``prune``: see
    :func:`max_matching_size`.
    """
    n = len(rows)
    if mate is None:
        mate = [UNMATCHED] * n
    order = range(n) if vertices is None else sorted(vertices)
    free = 0
    for v in order:
        if mate[v] == UNMATCHED:
            free |= 1 << v
    for v in order:  # greedy start
        if free >> v & 1:
            candidates = rows[v] & free
            if candidates:
                w = (candidates & -candidates).bit_length() - 1
                mate[v], mate[w] = w, v
                free &= ~((1 << v) | (1 << w))
    stuck = 0
    blocked, tree = 0, [] if prune else None
    for root in order:
        if free & (free - 1) == 0:  # an augmenting path joins two free vertices
            break
        if not free >> root & 1:
            continue
        free &= ~(1 << root)
        end = augment_from(root, rows, mate, free, blocked, tree)
        if end != UNMATCHED:
            free &= ~(1 << end)
        else:
            stuck += 1
            if allowed_unmatched is not None and stuck > allowed_unmatched:
                break
            if tree:
                blocked |= tree.pop()
    return mate


def max_matching_size(rows: Sequence[int], mate: list[int] | None = None,
                      vertices: Iterable[int] | None = None) -> int:
    """The number of pairs of a maximum matching (arguments as for
    :func:`max_cardinality_matching`, ``mate`` modified in place).

    A search from a free vertex that finds no augmenting path leaves a Hungarian
    tree: no augmenting path of this matching or of any later one (each obtained
    by augmenting) meets its vertices (Edmonds; Korte and Vygen, Combinatorial
    Optimization, ch. 10), so later searches leave them out.  The matching
    found may then differ from :func:`max_cardinality_matching`'s, its size not."""
    mate = max_cardinality_matching(rows, mate, vertices, prune=True)
    return sum(mate[v] != UNMATCHED for v in (range(len(rows)) if vertices is None else vertices)) // 2


def lexicographic_assignment(order: Sequence[int], partners: dict[int, int], start: dict[int, int],
                             free: int) -> list[tuple[int, int]] | None:
    """The players of ``order`` in turn each take the earliest partner they can (the
    lowest bit of ``partners[v]``, a bitmask) while those after them all keep one:
    ``start`` gives each of them a partner (distinct), the partners in ``free`` (a
    bitmask) are held by nobody.  Before each turn one breadth-first search from the
    free partners finds those whose holder can move along an alternating path to a
    free one; the player takes the earliest of those, and the holders on that path
    move.  The pairs, in turn; None if some player finds no partner."""
    partners, partner = dict(partners), dict(start)
    holder = {w: v for v, w in partner.items()}
    reverse: dict[int, int] = {}  # each partner: the players who may take it
    waiting = 0
    for v in order:
        waiting |= 1 << v
        for w in bits(partners[v]):
            reverse[w] = reverse.get(w, 0) | 1 << v
    pairs = []
    for v in order:
        own = partner.pop(v)
        del holder[own]
        free |= 1 << own
        waiting &= ~(1 << v)
        reached, queue, via, movers = free, list(bits(free)), {}, 0
        for w in queue:  # the queue grows as the search goes
            for u in bits(reverse.get(w, 0) & waiting & ~movers):
                movers |= 1 << u
                via[u] = w  # u can move to w, freeing its own
                held = partner[u]
                if not reached >> held & 1:
                    reached |= 1 << held
                    queue.append(held)
        options = partners[v] & reached
        if not options:
            return None
        chosen = (options & -options).bit_length() - 1
        chain, w = [], chosen
        while w in holder:  # the holders move along the search's path to a free partner
            u = holder[w]
            chain.append((u, via[u]))
            w = via[u]
        for u, target in reversed(chain):
            partner[u] = target
            holder[target] = u
        holder.pop(chosen, None)
        free &= ~(1 << w)
        for u in bits(reverse.pop(chosen, 0)):  # taken for good
            partners[u] &= ~(1 << chosen)
        pairs.append((v, chosen))
    return pairs


def augment_from(root: int, rows: Sequence[int], mate: list[int], free: int, blocked: int = 0,
                 tree: list[int] | None = None) -> int:
    """An augmenting path from ``root`` to one of the ``free`` vertices, avoiding the
    ``blocked`` ones, applied when found; returns its far end, or -1 (and then the
    vertices of the search's tree are appended to ``tree``).  A search that ignores
    odd cycles finds most paths; only when it fails does Edmonds' search, which
    contracts them, decide."""
    end = _search(root, rows, mate, free, blossoms=False, blocked=blocked)
    if end != UNMATCHED:
        return end
    return _search(root, rows, mate, free, blossoms=True, blocked=blocked, tree_found=tree)


def even_reachable(root: int, rows: Sequence[int], mate: list[int]) -> int:
    """The vertices (a bitmask) that an even-length alternating path joins to
    ``root``, a vertex that the maximum matching ``mate`` leaves unmatched: the
    outer vertices of the search from it, which finds no augmenting path.  Over
    every unmatched root, they are the vertices that some maximum matching leaves
    unmatched (Gallai-Edmonds)."""
    found: list[int] = []
    _search(root, rows, mate, 0, blossoms=True, outer_found=found)
    return found[0]


def _search(root: int, rows: Sequence[int], mate: list[int], free: int, blossoms: bool,
            outer_found: list[int] | None = None, blocked: int = 0, tree_found: list[int] | None = None) -> int:
    """One alternating search from ``root`` (see :func:`augment_from`).  Sets of
    vertices are bitmasks, so a search touches each vertex of its tree once
    instead of each edge.  Without ``blossoms`` an odd cycle is not followed: a
    path found is still augmenting, but one may be missed."""
    parent: dict[int, int] = {}   # T vertex: the S vertex it was reached from
    base: dict[int, int] = {}     # vertex: base of its blossom (itself when absent)
    outer = 1 << root             # S vertices
    reached = outer               # S and T vertices
    queue = deque([root])

    def contract(v: int, w: int) -> None:
        """The odd cycle closed by the edge v-w: its vertices join one blossom, all of them S."""
        nonlocal outer
        blossom_base = _lowest_common_ancestor(v, w, base, parent, mate)
        in_blossom: set[int] = set()
        _mark_path(v, blossom_base, w, in_blossom, base, parent, mate)
        _mark_path(w, blossom_base, v, in_blossom, base, parent, mate)
        for u in bits(reached):
            if base.get(u, u) in in_blossom:
                base[u] = blossom_base
                if not outer >> u & 1:
                    outer |= 1 << u
                    queue.append(u)

    while queue:
        v = queue.popleft()
        row = rows[v] & ~blocked if blocked else rows[v]
        target = row & free
        if target:  # augment along the path
            end = (target & -target).bit_length() - 1
            parent[end] = v
            _augment(end, parent, mate)
            return end
        for w in bits(row & outer if blossoms else 0):  # an odd cycle: contract the blossom
            if base.get(v, v) != base.get(w, w) and mate[v] != w:
                contract(v, w)
        for w in bits(row & ~reached):  # w is matched: its mate joins as an S vertex
            parent[w] = v
            u = mate[w]
            reached |= (1 << w) | (1 << u)
            outer |= 1 << u
            queue.append(u)
    if outer_found is not None:
        outer_found.append(outer)
    if tree_found is not None:
        tree_found.append(reached)
    return UNMATCHED


def _augment(w: int, parent: dict[int, int], mate: list[int]) -> None:
    """Flip the alternating path from the free vertex ``w`` back to the search's root."""
    while w != UNMATCHED:
        v = parent[w]
        next_w = mate[v]
        mate[w], mate[v] = v, w
        w = next_w


def _lowest_common_ancestor(a: int, b: int, base: dict[int, int], parent: dict[int, int], mate: list[int]) -> int:
    """The base of the blossom the edge a-b closes: where their paths to the root meet."""
    seen = set()
    while True:
        a = base.get(a, a)
        seen.add(a)
        if mate[a] == UNMATCHED:
            break
        a = parent[mate[a]]
    while True:
        b = base.get(b, b)
        if b in seen:
            return b
        b = parent[mate[b]]


def _mark_path(v: int, blossom_base: int, child: int, in_blossom: set[int], base: dict[int, int],
               parent: dict[int, int], mate: list[int]) -> None:
    """The blossoms on the path from ``v`` down to ``blossom_base``, its T vertices re-parented
    through the edge that closed the cycle."""
    while base.get(v, v) != blossom_base:
        in_blossom.add(base.get(v, v))
        in_blossom.add(base.get(mate[v], mate[v]))
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]


def max_weight_matching(n: int, edges: Iterable[tuple[int, int, int]],
                        tight: list[bool] | None = None, bits: int | None = None) -> list[int]:
    """Maximum-weight matching over vertices ``0..n-1``; edges with weight <= 0 are
    ignored.  ``mate[v]`` is v's partner or -1.

    ``tight``, when given, is filled with one flag per edge (in input order): False
    only for an edge that no maximum-weight matching contains, i.e. one that is not
    tight under the optimal duals (a later solve whose optima are all optima of
    this one can leave those edges out).  The Python solver keeps every edge.

    ``bits``, a bound on the weights' bit length, lets the native core read the
    edges as they come (a generator), without a list of them all."""
    if _native is None:
        edge_list = list(edges)
        mate = max_weight_matching_python(n, edge_list)
        if tight is not None:
            tight[:] = [True] * len(edge_list)
        return mate
    return max_weight_matching_native(n, edges, tight, bits)


#: edges per vertex of the sparse subgraph a dense graph's native solve starts from
#: (the heaviest ones, and as many spread over the rest; see ``_blossom.c``): the
#: edges it leaves out are priced under its optimal duals and added while any has
#: a negative slack, so the result is a maximum-weight matching of the whole graph.
#: 0 solves every graph whole.
SPARSE_SEED = int(os.environ.get("PAIRING_SPARSE_SEED", "24"))


def max_weight_matching_native(n: int, edges: Iterable[tuple[int, int, int]],
                               tight: list[bool] | None = None, bits: int | None = None) -> list[int]:
    """:func:`max_weight_matching` in the native core: every weight is passed as the
    same number of 64-bit limbs, with room for the doubled duals and slacks."""
    if bits is None:
        edges = list(edges)
        bits = max((w for _, _, w in edges), default=0).bit_length()
    limbs = (bits + 3) // 64 + 1
    size = 8 * limbs
    used = array("i")  # the edges passed (weight > 0), by their place in the input
    ends = array("i")
    weights = bytearray()
    count = 0
    for k, (u, v, w) in enumerate(edges):
        count += 1
        if w > 0 and u != v:
            if w.bit_length() > bits:
                raise ValueError(f"a weight of {w.bit_length()} bits, over the bound of {bits}")
            used.append(k)
            ends.append(u)
            ends.append(v)
            weights += w.to_bytes(size, "little")
    if tight is not None:
        tight[:] = [True] * count
    if not used:
        return [UNMATCHED] * n
    mate = array("i", [UNMATCHED] * n)
    buffer = (ctypes.c_char * len(weights)).from_buffer(weights)
    flags = ctypes.create_string_buffer(len(used)) if tight is not None else None
    status = _native(n, len(used), ends.buffer_info()[0], ctypes.addressof(buffer), limbs, mate.buffer_info()[0],
                     flags, SPARSE_SEED, None, None)
    del buffer
    if status != 0:
        raise MemoryError("the native matching ran out of memory")
    if tight is not None:
        for k, flag in zip(used, flags.raw, strict=True):
            tight[k] = flag != 0
    return list(mate)
