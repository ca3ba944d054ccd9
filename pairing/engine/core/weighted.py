"""The graph of a bracket, solved again and again for the maximum-weight matching.

A bracket's candidates are the matchings of its compatibility graph, and the
criteria give each edge a weight that depends only on what they read of its two
players (their *kinds*); the generation order then adds lower digits by player
(which MDPs are paired, their opponents, the exchanges, the transpositions).  On
the largest brackets the graph has millions of edges while the kinds are a few
dozen, so the edges are held as their two ends and a kind pair, never as a list
of big integers, and each solve computes its weights as

    weight(u, v) = table[kinds of u, v] << shift
                   + (A[u] + B[v] << C[u]   if u < v and v is in u's target group)

A solve can be restricted to the edges whose ends are alive, whose groups may
meet, and that were tight under the optimal duals of the solve before (their
optima being optima of it), and it can start from that solve's duals and
matching (:class:`WarmStart`).  In the native
core (``_blossom.c``) nothing is held per edge but its ends, its kind pair and
that flag; without it the same weights are solved in Python.
"""

from __future__ import annotations

import ctypes
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import matching
from .blossom import UNMATCHED, max_weight_matching_python


class WarmStart:
    """What one native solve hands the next, so that a sequence of related solves
    (the same graph losing vertices and edges, the weights of a few vertices'
    edges raised) each start near their optimum: the optimal duals of the last
    solve (doubled, per vertex, the blossoms' duals folded into their vertices)
    and its matching.

    The next solve raises the first end of any edge whose slack these duals leave
    negative, keeps the pairs that are still tight edges, and grows trees only
    from the vertices left free with a positive dual.  With no duals yet, every
    vertex starts at 0 and is raised so: each vertex's dual is then the heaviest
    of the edges it is the first end of.  Exact in every case (any feasible duals
    are a valid start); the solves of a sequence keep one scale of weights (one
    ``shift``), so that the duals fit the next one."""

    def __init__(self, symmetric: bool = False) -> None:
        self.duals: list[int] | None = None
        self.mate: list[int] | None = None
        #: with no duals yet, start as a cold solve does (each vertex at its heaviest
        #: edge, then lowered), not from 0
        self.symmetric = symmetric


@dataclass
class Digits:
    """The lower digits of a solve, by vertex: ``u``'s edges to the vertices of group
    ``target[u]`` (-1: none) weigh ``lead[u]`` more, plus ``rank[v] << place[u]``
    when ``place[u] >= 0``.  The caller keeps every matching's digits below
    ``2 ** shift``, so that they only order the candidates the table leaves equal."""

    target: list[int]
    lead: list[int]
    rank: list[int]
    place: list[int]

    @classmethod
    def none(cls, n: int) -> Digits:
        return cls([-1] * n, [0] * n, [0] * n, [-1] * n)


class WeightedGraph:
    """``n`` vertices: vertex ``u`` is player ``players[u]`` (-1: a vertex of its own,
    joined only by the ``extra`` edges), joined to ``v > u`` when ``rows`` (the
    round's compatibility bitmasks by player) say they may meet and both have a
    kind (``kinds[u] >= 0``); that edge weighs ``weight(kinds[u], kinds[v])``, an
    ``extra`` edge ``(u, v, w)`` weighs ``w``.  Vertex ``u`` ranks above ``v > u``."""

    def __init__(self, players: Sequence[int], rows: Sequence[int], kinds: Sequence[int],
                 weight: Callable[[int, int], int], extra: Sequence[tuple[int, int, int]] = ()):
        n = len(players)
        self.n = n
        self.alive = bytearray(b"\x01" * n)
        self.group = bytearray(n)
        self._players, self._rows, self._kinds = list(players), rows, list(kinds)
        extra_weights: dict[int, int] = {}
        self._extra = [(u, v, extra_weights.setdefault(w, len(extra_weights))) for u, v, w in extra]
        self._extra_weight = {(min(u, v), max(u, v)): w for u, v, w in self._extra}
        self._extra_table = list(extra_weights)
        self._weight = weight
        self._handle = None
        native = matching.native_library()
        if native is not None:
            self._build_native(native, n)
        else:
            self._build_python(n)
        self.top_bits = max((w.bit_length() for w in self._table), default=0)

    # -- building --------------------------------------------------------------
    def _build_native(self, native, n: int) -> None:
        count = max(self._kinds, default=-1) + 1
        words = (len(self._rows) + 63) // 64
        rows = b"".join(self._rows[p].to_bytes(8 * words, "little") if p >= 0 and self._kinds[u] >= 0
                        else bytes(8 * words) for u, p in enumerate(self._players))
        players = array("i", (max(p, 0) for p in self._players))
        kinds = array("i", (k if p >= 0 else -1 for k, p in zip(self._kinds, self._players, strict=True)))
        ends = array("i", (x for u, v, _ in self._extra for x in (u, v)))
        weights = array("i", (w for _, _, w in self._extra))
        handle = native.wg_new(n, _address(players), words, rows, _address(kinds), count, len(self._extra),
                               _address(ends), _address(weights))
        if not handle:
            raise MemoryError("the native matching ran out of memory")
        self._handle = ctypes.c_void_p(handle)
        self._native = native
        pairs = (ctypes.c_longlong * native.wg_pair_count(self._handle))()
        native.wg_pairs(self._handle, pairs)
        self._table = [self._weight(key // count, key % count) for key in pairs] + self._extra_table
        self._kind_count = count
        self.edge_count = native.wg_edges(self._handle)
        self._uploaded = False

    def _build_python(self, n: int) -> None:
        edges = []
        for u in range(n):
            p = self._players[u]
            if p < 0 or self._kinds[u] < 0:
                continue
            for v in range(u + 1, n):
                q = self._players[v]
                if q >= 0 and self._kinds[v] >= 0 and self._rows[p] >> q & 1:
                    edges.append((u, v, -1))
        kinds: dict[tuple[int, int], int] = {}
        self._table = []
        for k, (u, v, _) in enumerate(edges):
            pair = (self._kinds[u], self._kinds[v])
            if pair not in kinds:
                kinds[pair] = len(self._table)
                self._table.append(self._weight(*pair))
            edges[k] = (u, v, kinds[pair])
        offset = len(self._table)
        self._table += self._extra_table
        self._edges = edges + [(min(u, v), max(u, v), offset + w) for u, v, w in self._extra]
        self._usable = [True] * len(self._edges)
        self.edge_count = len(self._edges)

    def weight(self, u: int, v: int, shift: int = 0, digits: Digits | None = None) -> int:
        """The weight of edge ``(u, v)``, ``u < v``, in a solve with this ``shift`` and ``digits``."""
        extra = self._extra_weight.get((u, v))
        if extra is not None:
            base = self._extra_table[extra]
        else:
            base = self._weight(self._kinds[u], self._kinds[v])
        weight = base << shift
        if digits is not None and digits.target[u] >= 0 and self.group[v] == digits.target[u]:
            weight += digits.lead[u] + (digits.rank[v] << digits.place[u] if digits.place[u] >= 0 else 0)
        return weight

    def total(self, mate: Sequence[int], shift: int = 0, digits: Digits | None = None) -> int:
        """The weight of the matching ``mate`` in a solve with this ``shift`` and ``digits``."""
        return sum(self.weight(u, mate[u], shift, digits) for u in range(self.n) if mate[u] > u)

    def usable_partners(self, vertices: Sequence[int]) -> dict[int, list[int]]:
        """For each of ``vertices``, the later vertices it has a usable edge to (all its
        edges without the native core), in order."""
        partners: dict[int, list[int]] = {u: [] for u in vertices}
        if self._handle is None:
            for u, v, _ in self._edges:
                if u in partners:
                    partners[u].append(v)
        else:
            wanted = bytearray(self.n)
            for u in vertices:
                wanted[u] = 1
            count = self._native.wg_usable_edges(self._handle, bytes(wanted), None, 0)
            pairs = array("i", bytes(8 * count))
            self._native.wg_usable_edges(self._handle, bytes(wanted), _address(pairs), count)
            for k in range(count):
                partners[pairs[2 * k]].append(pairs[2 * k + 1])
        for u in partners:
            partners[u].sort()
        return partners

    def usable_flags(self) -> bytes:
        """Which edges are usable now, to be given back to :meth:`restore_usable`."""
        if self._handle is None:
            return bytes(self._usable)
        flags = bytearray(self.edge_count)
        self._native.wg_get_usable(self._handle, (ctypes.c_char * len(flags)).from_buffer(flags))
        return bytes(flags)

    def restore_usable(self, flags: bytes) -> None:
        if self._handle is None:
            self._usable = [bool(flag) for flag in flags]
        else:
            self._native.wg_set_usable(self._handle, flags)

    def __del__(self) -> None:
        if getattr(self, "_handle", None) is not None:
            self._native.wg_free(self._handle)
            self._handle = None

    # -- solving ---------------------------------------------------------------
    def solve(self, shift: int = 0, digits: Digits | None = None, forbidden: frozenset[tuple[int, int]] = frozenset(),
              only_usable: bool = False, update_usable: bool = True, warm: WarmStart | None = None) -> list[int]:
        """The maximum-weight matching (``mate[v]``, -1 unmatched) of the edges between
        alive vertices, but those from group ``a`` to a later vertex of group ``b`` for
        ``(a, b)`` in ``forbidden``, and with ``only_usable`` those tight in the last solve
        that updated them.  ``update_usable``: afterwards only the edges tight under this
        solve's optimal duals stay usable (every maximum-weight matching uses those only).
        ``warm``: see :class:`WarmStart` (native core only)."""
        n = self.n
        digits = digits or Digits.none(n)
        groups = max(self.group, default=0) + 1
        groups = max(groups, 1 + max((g for pair in forbidden for g in pair), default=0))
        allowed = bytearray(b"\x01" * groups * groups)
        for a, b in forbidden:
            allowed[a * groups + b] = 0
        bits = self.top_bits + shift
        if self._handle is None:
            return self._solve_python(shift, digits, allowed, groups, only_usable, update_usable)
        native = self._native
        limbs = (bits + 3) // 64 + 1
        size = 8 * limbs
        if not self._uploaded or self._limbs_uploaded < (self.top_bits + 63) // 64:
            base = (self.top_bits + 63) // 64 or 1
            table = b"".join(w.to_bytes(8 * base, "little") for w in self._table)
            if native.wg_set_table(self._handle, len(self._table), base, table) != 0:
                raise MemoryError("the native matching ran out of memory")
            self._uploaded, self._limbs_uploaded = True, base
        lead = None
        if any(digits.lead):
            lead = b"".join(x.to_bytes(size, "little") for x in digits.lead)
        targets = array("b", digits.target)
        ranks = array("q", digits.rank)
        places = array("i", digits.place)
        mate = array("i", [UNMATCHED] * n)
        duals = start = None
        if warm is not None:
            known = warm.duals if warm.duals is not None and len(warm.duals) == n else None
            if known is not None and any(d.bit_length() > 64 * limbs - 3 for d in known):
                known = None
            duals = bytearray(b"".join(d.to_bytes(size, "little") for d in known) if known else bytes(size * n))
            if known is not None and warm.mate is not None and len(warm.mate) == n:
                start = array("i", warm.mate)
        dual_buffer = (ctypes.c_char * len(duals)).from_buffer(duals) if duals is not None else None
        status = native.wg_solve(
            self._handle, limbs, shift, bytes(self.alive), bytes(self.group), groups, bytes(allowed),
            _address(targets), lead, _address(ranks), _address(places), int(only_usable), int(update_usable),
            int(warm is not None and not (known is None and warm.symmetric)),
            ctypes.addressof(dual_buffer) if dual_buffer is not None else None,
            _address(start) if start is not None else None, _address(mate), matching.SPARSE_SEED)
        del dual_buffer
        if status != 0:
            raise MemoryError("the native matching ran out of memory")
        if warm is not None:
            warm.duals = [int.from_bytes(duals[v * size:(v + 1) * size], "little") for v in range(n)]
            warm.mate = list(mate)
        return list(mate)

    def _solve_python(self, shift: int, digits: Digits, allowed: bytearray, groups: int, only_usable: bool,
                      update_usable: bool) -> list[int]:
        live = []
        for k, (u, v, index) in enumerate(self._edges):
            if (self.alive[u] and self.alive[v] and allowed[self.group[u] * groups + self.group[v]]
                    and (not only_usable or self._usable[k])):
                weight = self._table[index] << shift
                if digits.target[u] >= 0 and self.group[v] == digits.target[u]:
                    weight += digits.lead[u] + (digits.rank[v] << digits.place[u] if digits.place[u] >= 0 else 0)
                live.append((u, v, weight))
        return max_weight_matching_python(self.n, live)


def _address(values: array) -> int:
    return values.buffer_info()[0]
