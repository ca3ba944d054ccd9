"""The maximum-weight matching in pure Python: Edmonds' primal-dual blossom algorithm on exact
integers, the fallback of ``matching.max_weight_matching`` when the native core (``_blossom.c``)
is not built, and the reference the tests check it and ``weighted.py`` against.

A matching kernel, the one exception to the engine's limit on a function's size and complexity:
it mirrors ``_blossom.c`` step by step (its nested functions share the solve's arrays as the C
functions share its struct), so that the two stay one algorithm read side by side.
"""

from __future__ import annotations

from collections.abc import Iterable

UNMATCHED = -1


def max_weight_matching_python(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int]:  # noqa: C901 (the kernel)
    """:func:`max_weight_matching` in pure Python.

    Edmonds' primal-dual blossom algorithm on exact integers.  Vertex duals are kept
    doubled (``2 * y``) so that every step stays integral.  Instead of starting all
    vertices at the same dual, each starts at its heaviest edge and a greedy pass
    lowers the duals of unmatched vertices until an edge gets tight, matching along
    it when it can: on the pairing graphs most vertices are matched before the first
    stage.  A free vertex whose dual is still positive is *deficient*; each stage grows
    alternating trees from the deficient vertices and ends when one of them is
    matched (an augmenting path to another deficient vertex or to a free vertex of
    zero dual) or reaches a zero dual (the path from it to a tree vertex whose dual
    fell to zero is flipped, which moves the free end there).  When no vertex is
    deficient, the complementary slackness conditions prove the matching optimal.
    """
    edge_list = [(u, v, w) for u, v, w in edges if w > 0 and u != v]
    m = len(edge_list)
    endpoint = [0] * (2 * m)        # endpoint[2k], endpoint[2k + 1]: the ends of edge k
    weight = [0] * m
    incident: list[list[int]] = [[] for _ in range(n)]  # per vertex: the far endpoints
    for k, (u, v, w) in enumerate(edge_list):
        endpoint[2 * k] = u
        endpoint[2 * k + 1] = v
        weight[k] = w
        incident[u].append(2 * k + 1)
        incident[v].append(2 * k)

    # -- duals and a greedy start ---------------------------------------------
    dual = [0] * (2 * n)            # vertices: 2y; blossoms n..2n-1: z
    for k in range(m):
        w = weight[k]
        u, v = endpoint[2 * k], endpoint[2 * k + 1]
        if w > dual[u]:
            dual[u] = w
        if w > dual[v]:
            dual[v] = w
    for v in range(n):              # all duals even: S-S slacks stay even
        dual[v] += dual[v] & 1
    mate = [-1] * n                 # far endpoint of the matched edge
    for v in range(n):
        if mate[v] != -1:
            continue
        best, best_free = 0, -1
        for p in incident[v]:
            x = endpoint[p]
            need = 2 * weight[p >> 1] - dual[x]
            if need > best:
                best, best_free = need, (p if mate[x] == -1 else -1)
            elif need == best and best_free == -1 and mate[x] == -1:
                best_free = p
        dual[v] = best
        if best_free != -1:
            mate[v] = best_free
            mate[endpoint[best_free]] = best_free ^ 1

    # -- blossom structure ------------------------------------------------------
    label = [0] * (2 * n)           # top-level blossoms (and T vertices): 0 free, 1 S, 2 T
    label_end = [-1] * (2 * n)      # the endpoint, at the parent, through which the label came
    in_blossom = list(range(n))     # the top-level blossom of each vertex
    parent = [-1] * (2 * n)
    children: list[list[int] | None] = [None] * (2 * n)
    base = list(range(n)) + [-1] * n
    child_ends: list[list[int] | None] = [None] * (2 * n)
    best_edge = [-1] * (2 * n)
    blossom_best_edges: list[list[int] | None] = [None] * (2 * n)
    unused = list(range(n, 2 * n))
    allowed = [False] * m
    queue: list[int] = []
    tree = [-1] * (2 * n)           # the root of the tree a labeled top-level blossom is in

    def slack(k: int) -> int:
        return dual[endpoint[2 * k]] + dual[endpoint[2 * k + 1]] - 2 * weight[k]

    def leaves(b: int):
        if b < n:
            yield b
        else:
            for t in children[b]:
                if t < n:
                    yield t
                else:
                    yield from leaves(t)

    def assign_label(w: int, t: int, p: int) -> None:
        b = in_blossom[w]
        label[w] = label[b] = t
        label_end[w] = label_end[b] = p
        best_edge[w] = best_edge[b] = -1
        tree[b] = w if p == -1 else tree[in_blossom[endpoint[p]]]
        if t == 1:
            queue.extend(leaves(b))
        else:
            base_mate = mate[base[b]]
            assign_label(endpoint[base_mate], 1, base_mate ^ 1)

    def scan_blossom(v: int, w: int) -> int:
        """The base of the new blossom closing the cycle through v and w, or -1
        when they lie in different trees (an augmenting path)."""
        path = []
        found = -1
        while v != -1 or w != -1:
            b = in_blossom[v]
            if label[b] & 4:
                found = base[b]
                break
            path.append(b)
            label[b] = 5
            if label_end[b] == -1:
                v = -1
            else:
                v = endpoint[label_end[b]]
                b = in_blossom[v]
                v = endpoint[label_end[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return found

    def add_blossom(found: int, k: int) -> None:
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        bb, bv, bw = in_blossom[found], in_blossom[v], in_blossom[w]
        b = unused.pop()
        base[b] = found
        parent[b] = -1
        parent[bb] = b
        path: list[int] = []
        ends: list[int] = []
        while bv != bb:
            parent[bv] = b
            path.append(bv)
            ends.append(label_end[bv])
            bv = in_blossom[endpoint[label_end[bv]]]
        path.append(bb)
        path.reverse()
        ends.reverse()
        ends.append(2 * k)
        while bw != bb:
            parent[bw] = b
            path.append(bw)
            ends.append(label_end[bw] ^ 1)
            bw = in_blossom[endpoint[label_end[bw]]]
        children[b] = path
        child_ends[b] = ends
        label[b] = 1
        label_end[b] = label_end[bb]
        tree[b] = tree[bb]
        dual[b] = 0
        for x in leaves(b):
            if label[in_blossom[x]] == 2:
                queue.append(x)     # T vertices become S
            in_blossom[x] = b
        best_to: dict[int, int] = {}
        best_slack: dict[int, int] = {}
        for c in path:
            if blossom_best_edges[c] is None:
                candidates = [p >> 1 for x in leaves(c) for p in incident[x]]
            else:
                candidates = blossom_best_edges[c]
            for e in candidates:
                i, j = endpoint[2 * e], endpoint[2 * e + 1]
                if in_blossom[j] == b:
                    i, j = j, i
                bj = in_blossom[j]
                if bj != b and label[bj] == 1:
                    s = dual[i] + dual[j] - 2 * weight[e]
                    if bj not in best_to or s < best_slack[bj]:
                        best_to[bj] = e
                        best_slack[bj] = s
            blossom_best_edges[c] = None
            best_edge[c] = -1
        blossom_best_edges[b] = list(best_to.values())
        best_edge[b] = best_to[min(best_to, key=best_slack.__getitem__)] if best_to else -1

    def expand_blossom(b: int, end_of_stage: bool) -> None:
        for s in children[b]:
            parent[s] = -1
            if s < n:
                in_blossom[s] = s
            elif end_of_stage and dual[s] == 0:
                expand_blossom(s, end_of_stage)
            else:
                for x in leaves(s):
                    in_blossom[x] = s
        if not end_of_stage and label[b] == 2:
            # relabel the sub-blossoms on the even path from the entry child to the base
            kids, ends = children[b], child_ends[b]
            entry = in_blossom[endpoint[label_end[b] ^ 1]]
            j = kids.index(entry)
            if j & 1:
                j -= len(kids)
                step, trick = 1, 0
            else:
                step, trick = -1, 1
            p = label_end[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[ends[j - trick] ^ trick ^ 1]] = 0
                assign_label(endpoint[p ^ 1], 2, p)
                allowed[ends[j - trick] >> 1] = True
                j += step
                p = ends[j - trick] ^ trick
                allowed[p >> 1] = True
                j += step
            bv = kids[j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            label_end[endpoint[p ^ 1]] = label_end[bv] = p
            best_edge[bv] = -1
            tree[bv] = tree[b]
            j += step
            while kids[j] != entry:
                bv = kids[j]
                if label[bv] == 1:
                    j += step
                    continue
                reached = next((x for x in leaves(bv) if label[x] != 0), -1)
                if reached != -1:
                    label[reached] = 0
                    label[endpoint[mate[base[bv]]]] = 0
                    assign_label(reached, 2, label_end[reached])
                j += step
        label[b] = label_end[b] = -1
        children[b] = child_ends[b] = None
        base[b] = -1
        blossom_best_edges[b] = None
        best_edge[b] = -1
        unused.append(b)

    def augment_blossom(b: int, v: int) -> None:
        """Rotate the matching inside ``b`` so that ``v`` becomes its base."""
        t = v
        while parent[t] != b:
            t = parent[t]
        if t >= n:
            augment_blossom(t, v)
        kids, ends = children[b], child_ends[b]
        i = j = kids.index(t)
        if i & 1:
            j -= len(kids)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = kids[j]
            p = ends[j - trick] ^ trick
            if t >= n:
                augment_blossom(t, endpoint[p])
            j += step
            t = kids[j]
            if t >= n:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        children[b] = kids[i:] + kids[:i]
        child_ends[b] = ends[i:] + ends[:i]
        base[b] = base[children[b][0]]

    def flip_to_root(s: int, p: int) -> None:
        """Match ``s`` through endpoint ``p`` (-1: leave it free) and flip the
        alternating path from it up to its root (or to the free blossom it is in)."""
        while True:
            bs = in_blossom[s]
            if bs >= n:
                augment_blossom(bs, s)
            mate[s] = p
            if label[bs] != 1 or label_end[bs] == -1:
                return
            t = endpoint[label_end[bs]]
            bt = in_blossom[t]
            s = endpoint[label_end[bt]]
            j = endpoint[label_end[bt] ^ 1]
            if bt >= n:
                augment_blossom(bt, j)
            mate[j] = label_end[bt]
            p = label_end[bt] ^ 1

    # -- one phase: trees grow from every deficient vertex at once -----------
    def other_end(k: int, v: int) -> int:
        return endpoint[2 * k] ^ endpoint[2 * k + 1] ^ v

    def clear(b: int) -> None:
        label[b] = 0
        label_end[b] = -1
        best_edge[b] = -1
        tree[b] = -1
        if b >= n:
            blossom_best_edges[b] = None
            for c in children[b]:
                clear(c)

    def best_to_s(x: int) -> int:
        """The least-slack edge from unlabeled vertex ``x`` to an S vertex."""
        best, best_slack = -1, 0
        for p in incident[x]:
            w = endpoint[p]
            if label[in_blossom[w]] == 1:
                d = dual[x] + dual[w] - 2 * weight[p >> 1]
                if best == -1 or d < best_slack:
                    best, best_slack = p >> 1, d
        return best

    def best_from_s(b: int) -> int:
        """The least-slack edge from top-level S-blossom ``b`` to another S-blossom."""
        if b >= n and blossom_best_edges[b] is not None:
            candidates = blossom_best_edges[b]
        else:
            candidates = [p >> 1 for x in leaves(b) for p in incident[x]]
        best, best_slack = -1, 0
        for e in candidates:
            i, j = endpoint[2 * e], endpoint[2 * e + 1]
            bi, bj = in_blossom[i], in_blossom[j]
            if bj == b:
                bi, bj = bj, bi
            if bi == b and bj != b and label[bj] == 1:
                d = dual[i] + dual[j] - 2 * weight[e]
                if best == -1 or d < best_slack:
                    best, best_slack = e, d
        return best

    def dissolve(gone: set[int]) -> None:
        """Unlabel the trees ``gone`` (after their roots were matched)."""
        members = [v for v in range(n) if label[in_blossom[v]] in (1, 2) and tree[in_blossom[v]] in gone]
        tops = {in_blossom[v] for v in members}
        for b in tops:
            was_s = label[b] == 1
            clear(b)
            if was_s and b >= n and dual[b] == 0:
                expand_blossom(b, True)
        for x in members:
            for p in incident[x]:
                allowed[p >> 1] = False
                w = endpoint[p]
                # a vertex of another tree's T-blossom that x reached: forget it, or
                # expanding that blossom would hang w on x, which is in no tree now
                if in_blossom[w] != w and label[w] == 2 and label_end[w] == p ^ 1:
                    label[w] = 0
                    label_end[w] = -1
        for x in members:
            k = best_to_s(x)
            best_edge[x] = k
            if k != -1 and slack(k) <= 0:
                queue.append(other_end(k, x))
        live.difference_update(gone)

    live: set[int] = set()
    for v in range(n):
        if mate[v] == -1 and dual[v] > 0:
            assign_label(v, 1, -1)
            live.add(v)
    while live:
        while queue:
            v = queue.pop()
            bv = in_blossom[v]
            if label[bv] != 1:
                continue
            for p in incident[v]:
                k = p >> 1
                w = endpoint[p]
                bw = in_blossom[w]
                if bv == bw:
                    continue
                if not allowed[k]:
                    kslack = dual[v] + dual[w] - 2 * weight[k]
                    if kslack <= 0:
                        allowed[k] = True
                if allowed[k]:
                    if label[bw] == 0:
                        if mate[base[bw]] == -1:  # a free vertex of zero dual
                            gone = {tree[bv]}
                            flip_to_root(w, p ^ 1)
                            flip_to_root(v, p)
                            dissolve(gone)
                            break
                        assign_label(w, 2, p ^ 1)
                    elif label[bw] == 1:
                        found = scan_blossom(v, w)
                        if found >= 0:
                            add_blossom(found, k)
                            bv = in_blossom[v]
                        else:
                            gone = {tree[bv], tree[bw]}
                            flip_to_root(v, p)
                            flip_to_root(w, p ^ 1)
                            dissolve(gone)
                            break
                    elif label[w] == 0:
                        label[w] = 2
                        label_end[w] = p ^ 1
                elif label[bw] == 1:
                    if best_edge[bv] == -1 or kslack < slack(best_edge[bv]):
                        best_edge[bv] = k
                elif label[w] == 0 and (best_edge[w] == -1 or kslack < slack(best_edge[w])):
                    best_edge[w] = k
        if not live:
            break
        # the dual change: the smallest of the four kinds of event
        kind, delta, at = 1, None, -1
        for v in range(n):
            if label[in_blossom[v]] == 1 and (delta is None or dual[v] < delta):
                delta, at = dual[v], v
        for v in range(n):
            k = best_edge[v]
            if k != -1 and label[in_blossom[v]] == 0:
                if label[in_blossom[other_end(k, v)]] != 1:
                    k = best_edge[v] = best_to_s(v)
                    if k == -1:
                        continue
                d = slack(k)
                if d < delta:
                    kind, delta, at = 2, d, k
        for b in range(2 * n):
            k = best_edge[b]
            if k != -1 and parent[b] == -1 and label[b] == 1:
                i, j = endpoint[2 * k], endpoint[2 * k + 1]
                bi, bj = in_blossom[i], in_blossom[j]
                if not ((bi == b) != (bj == b) and label[bi] == 1 and label[bj] == 1):
                    k = best_edge[b] = best_from_s(b)
                    if k == -1:
                        continue
                d = slack(k) // 2
                if d < delta:
                    kind, delta, at = 3, d, k
        for b in range(n, 2 * n):
            if base[b] >= 0 and parent[b] == -1 and label[b] == 2 and dual[b] < delta:
                kind, delta, at = 4, dual[b], b
        for v in range(n):
            t = label[in_blossom[v]]
            if t == 1:
                dual[v] -= delta
            elif t == 2:
                dual[v] += delta
        for b in range(n, 2 * n):
            if base[b] >= 0 and parent[b] == -1:
                if label[b] == 1:
                    dual[b] += delta
                elif label[b] == 2:
                    dual[b] -= delta
        if kind == 1:
            gone = {tree[in_blossom[at]]}
            flip_to_root(at, -1)
            dissolve(gone)
        elif kind == 2:
            allowed[at] = True
            i = endpoint[2 * at]
            if label[in_blossom[i]] != 1:
                i = endpoint[2 * at + 1]
            queue.append(i)
        elif kind == 3:
            allowed[at] = True
            queue.append(endpoint[2 * at])
        else:
            expand_blossom(at, False)

    return [endpoint[p] if p != -1 else UNMATCHED for p in mate]
