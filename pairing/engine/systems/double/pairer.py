"""The Double-Swiss round-pairing (C.04.5 Article 3): the PAB first (3.4), then the top-scoregroup
with the first set of upfloaters (3.5) paired by the first pairing in the order of 3.6, again
and again until everyone is paired; colours by Article 4.

Players are indices into ``state.players`` (score, then TPN: 1.2); the graph of who may meet
whom is [C1] (no rematch; a match ended by forfeit is none) and the forbidden pairs; there are
no colour limits (no colour criterion in C.04.5)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ...core.matching import UNMATCHED, bits, lexicographic_assignment, max_cardinality_matching, max_weight_matching
from ...core.pairing import Bracket, Pair, RoundPairing, publishing_order
from ...core.round import RoundPairer, bye_before_pairing
from ...core.state import FLOAT_NONE, Player, RoundState
from ...errors import NoValidPairing
from .colours import allocate
from .editions import FEWEST, HIGHER, DoubleEdition


def no_colour_limits(state: RoundState, player: Player) -> bool:
    """Every player is exempt from the colour limits of C.04.1: C.04.5 has no colour criterion."""
    return True


class _Round:
    """One round being paired: the graph, the players left, a complete pairing of them (the
    witness every check starts from), the edition's readings."""

    def __init__(self, state: RoundState, edition: DoubleEdition):
        self.state, self.edition = state, edition
        self.players = state.players
        self.graph = RoundPairer(state, lambda player: True)
        self.floats_apply = edition.floats_apply(state)
        self.witness: dict[int, int] = {}

    def score(self, v: int) -> int:
        return self.players[v].pairing_score

    def pairable(self, group: list[int]) -> bool:
        """[C1] within ``group``: all of them can be paired among themselves."""
        return not group or self.graph.completion_mate(group) is not None

    def completes(self, rest: list[int]) -> dict[int, int] | None:
        """[C3]: a complete pairing of ``rest`` (from the witness)."""
        return self.graph.completion_mate(rest, self.witness) if rest else {}

    def floated(self, v: int) -> bool:
        """A floater in the previous round (1.5)."""
        return self.players[v].floats[0] != FLOAT_NONE


def choose_bye(work: _Round, everyone: list[int]) -> int | None:
    """3.4: the PAB to the player who leaves a legal pairing of all the others (3.4.1, [C2] and
    [C3]), with the lowest score (3.4.2), the most matches played (3.4.3), the largest TPN (3.4.4)."""
    players = work.players
    candidates = sorted((v for v in everyone if players[v].bye_eligible),
                        key=lambda v: (players[v].pairing_score, -players[v].played_games, -players[v].rank))
    for v in candidates:
        if work.graph.completion_mate([w for w in everyone if w != v]) is not None:
            return v
    return None


def first_bye(state: RoundState, edition: DoubleEdition) -> Player | None:
    """Whom 3.4 gives the PAB to (the registry's hook, for the review of a manual pairing)."""
    work = _Round(state, edition)
    return bye_before_pairing(state, lambda everyone: choose_bye(work, everyone))


def pair(state: RoundState, edition: DoubleEdition) -> RoundPairing:
    """3.3.2: the PAB, then bracket by bracket from the top-scoregroup, then the colours."""
    work = _Round(state, edition)
    remaining = list(range(len(state.players)))
    bye = None
    if len(remaining) % 2:
        bye = choose_bye(work, remaining)
        if bye is None:
            raise NoValidPairing("nobody can take the pairing-allocated bye and leave a legal pairing of the others "
                                 "(C.04.5 3.4.1); the Chief Arbiter decides (3.3.3)")
        remaining.remove(bye)
    witness = work.completes(remaining)
    if witness is None:
        raise NoValidPairing("no legal round-pairing exists ([C1], [C3]); the Chief Arbiter decides (C.04.5 3.3.3)")
    work.witness = witness
    pairs, brackets = [], []
    while remaining:
        top = [v for v in remaining if work.score(v) == work.score(remaining[0])]
        lower = [v for v in remaining if work.score(v) < work.score(remaining[0])]
        upfloaters = select_upfloaters(work, top, lower)
        chosen = pair_bracket(work, top, upfloaters)
        taken = set(top) | set(upfloaters)
        remaining = [v for v in remaining if v not in taken]
        coloured = [Pair(*allocate(state.players[a], state.players[b], state)) for a, b in chosen]
        pairs += coloured
        brackets.append(Bracket(work.score(top[0]), tuple(state.players[v].number for v in top),
                                tuple((state.players[v].number, work.score(v)) for v in upfloaters),
                                tuple((p.white.number, p.black.number) for p in coloured)))
    # boards by C.04.2 Art. 3.6 (C.04.5 sets no order of its own)
    return RoundPairing(publishing_order(pairs), None if bye is None else state.players[bye], brackets)


# --- 3.5: the upfloaters of the top-scoregroup ---

def groups_of(work: _Round, lower: list[int]) -> list[list[int]]:
    """The scoregroups of the potential upfloaters (3.5.1), highest first, each by TPN."""
    return [list(members) for _, members in itertools.groupby(lower, key=work.score)]


def profiles(sizes: list[int], count: int) -> Iterator[tuple[int, ...]]:
    """[C5]: how many upfloaters each scoregroup gives, best first: the scores of the upfloaters taken
    in ascending order as high as can be, i.e. the fewest from the lowest group, then the next..."""
    def fill(index: int, left: int) -> Iterator[list[int]]:
        if index == 0:
            if left <= sizes[0]:
                yield [left]
            return
        capacity = sum(sizes[:index])
        for taken in range(max(0, left - capacity), min(sizes[index], left) + 1):
            for head in fill(index - 1, left - taken):
                yield [*head, taken]
    if sizes:
        yield from (tuple(counts) for counts in fill(len(sizes) - 1, count))
    elif count == 0:
        yield ()


def sets_in_order(groups: list[list[int]], profile: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """3.5.3-3.5.4: the sets of ``profile``, each by descending score then TPN, in lexicographic
    order of their TPNs."""
    choices = [itertools.combinations(group, taken) for group, taken in zip(groups, profile, strict=True)]
    for parts in itertools.product(*choices):
        yield tuple(v for part in parts for v in part)


def select_upfloaters(work: _Round, top: list[int], lower: list[int]) -> tuple[int, ...]:
    """3.5: the fewest upfloaters ([C4]) with the highest scores ([C5]) that give a legal pairing
    ([C1]-[C3]); among those sets, 3.5.5: [C6], then [C7], then the first in the order of 3.5.4."""
    groups = groups_of(work, lower)
    sizes = [len(group) for group in groups]
    for count in range(len(top) % 2, len(lower) + 1, 2):
        for profile in profiles(sizes, count):
            chosen = _best_set(work, top, lower, groups, profile)
            if chosen is not None:
                return chosen
    raise NoValidPairing("the top-scoregroup cannot be paired with any set of upfloaters (C.04.5 3.5); "
                         "the Chief Arbiter decides (3.3.3)")


def _best_set(work: _Round, top: list[int], lower: list[int], groups: list[list[int]],
              profile: tuple[int, ...]) -> tuple[int, ...] | None:
    """Among the legal sets of ``profile``: those meeting [C6], then the fewest upfloaters that
    floated in the previous round ([C7]), then the first (3.5.4-3.5.5).  A set that cannot beat
    the best found is not checked; the search stops at a set no other can beat."""
    best, best_key, best_witness = None, None, None
    ideal = (0, _fewest_floaters(work, groups, profile))
    for upfloaters in sets_in_order(groups, profile):
        c7 = sum(work.floated(v) for v in upfloaters) if work.floats_apply else 0
        if best_key is not None and best_key <= (0, c7):
            continue
        if not work.pairable(top + list(upfloaters)):
            continue
        rest = [v for v in lower if v not in upfloaters]
        witness = work.completes(rest)
        if witness is None:
            continue
        key = (_c6_shortfall(work, groups, upfloaters, rest), c7)
        if best_key is None or key < best_key:
            best, best_key, best_witness = upfloaters, key, witness
        if best_key == ideal:
            break
    if best is not None:
        work.witness = best_witness
    return best


def _fewest_floaters(work: _Round, groups: list[list[int]], profile: tuple[int, ...]) -> int:
    """[C7]'s bound for ``profile``: the upfloaters a group gives beyond its players who did not float."""
    if not work.floats_apply:
        return 0
    return sum(max(0, taken - sum(not work.floated(v) for v in group)) for group, taken in zip(groups, profile,
                                                                                                  strict=True))


def _c6_shortfall(work: _Round, groups: list[list[int]], upfloaters: tuple[int, ...], rest: list[int]) -> int:
    """[C6]: unless the following scoregroup is left empty, how far it is from being paired next with
    [C1], [C3] and [C4], 0 when it complies: it can be paired with as few upfloaters as its parity
    asks; else 1 (PARITY), or the upfloaters it would need beyond those (FEWEST)."""
    if not groups:
        return 0
    following = [v for v in groups[0] if v not in upfloaters]
    if not following:
        return 0
    others = [v for v in rest if v not in following]
    if len(following) % 2 == 0:
        met = work.pairable(following) and work.pairable(others)
    else:
        met = any(work.pairable([*following, v]) and work.pairable([w for w in others if w != v]) for v in others)
    if met:
        return 0
    if work.edition.c6_reading == FEWEST:
        return _upfloaters_needed(work, following, others) - len(following) % 2
    return 1


def _upfloaters_needed(work: _Round, following: list[int], others: list[int]) -> int:
    """The fewest upfloaters ``following`` needs in a legal pairing of ``following`` and ``others``
    (which has one): the fewest pairs across the two in a perfect matching, found as a maximum-weight
    matching (every pair worth as much as any two of the others, an inner pair one more)."""
    players = following + others
    local = {v: i for i, v in enumerate(players)}
    present = sum(1 << v for v in players)
    inside = len(following)
    heavy = 4 * len(players)
    edges = [(i, local[w], heavy + ((i < inside) == (local[w] < inside)))
             for i, v in enumerate(players) for w in bits(work.graph.rows[v] & present) if local[w] > i]
    mate = max_weight_matching(len(players), edges)
    return sum(1 for i in range(inside) if mate[i] >= inside)


# --- 3.6: the pairing of a bracket ---

def pair_bracket(work: _Round, top: list[int], upfloaters: tuple[int, ...]) -> list[tuple[int, int]]:
    """3.6.4: the first pairing in the order of 3.6.2-3.6.3 that complies with [C1] and [C8]."""
    members = sorted(top + list(upfloaters), key=lambda v: work.players[v].rank)
    if not members:
        return []
    local = {v: i for i, v in enumerate(members)}
    inside = sum(1 << v for v in members)
    rows = [sum(1 << local[w] for w in bits(work.graph.rows[v] & inside)) for v in members]
    bad = _c8_edges(work, members, set(upfloaters)) if work.floats_apply else {}
    for allowed in range(len(bad) + 1):  # [C8]: the fewest upfloaters' opponents that floated
        found = [first_pairing(_without(rows, bad, spared))
                 for spared in itertools.combinations(sorted(bad), allowed)]
        found = [pairing for pairing in found if pairing is not None]
        if found:
            best = min(found, key=identifier)
            return [(members[a], members[b]) for a, b in best]
    raise NoValidPairing("a bracket chosen by 3.5 cannot be paired (C.04.5 3.6)")


def _c8_edges(work: _Round, members: list[int], upfloaters: set[int]) -> dict[int, set[tuple[int, int]]]:
    """[C8]: for each upfloater, the pairs (local indices) that would give it an opponent counted by
    [C8]: the resident who floated in the previous round (RESIDENT), or, the HIGHER reading, the
    higher-scored player of the pair if he floated."""
    bad: dict[int, set[tuple[int, int]]] = {}
    for i, u in enumerate(members):
        if u not in upfloaters:
            continue
        for j, w in enumerate(members):
            if j == i:
                continue
            if w in upfloaters:
                counted = (work.edition.c8_counts == HIGHER and work.score(w) > work.score(u)
                           and work.floated(w))
            else:
                counted = work.floated(w)
            if counted:
                bad.setdefault(i, set()).add((min(i, j), max(i, j)))
    return bad


def _without(rows: list[int], bad: dict[int, set[tuple[int, int]]], spared: tuple[int, ...]) -> list[int]:
    """The graph without the [C8] pairs of the upfloaters not ``spared``."""
    rows = list(rows)
    for u, edges in bad.items():
        if u in spared:
            continue
        for a, b in edges:
            rows[a] &= ~(1 << b)
            rows[b] &= ~(1 << a)
    return rows


def identifier(pairing: list[tuple[int, int]]) -> tuple[int, ...]:
    """3.6.2: the top members (the smaller TPN of each pair) in ascending order, then the bottom member
    of each in the same order (local indices are in TPN order)."""
    ordered = sorted(pairing)
    return tuple(a for a, _ in ordered) + tuple(b for _, b in ordered)


def first_pairing(rows: list[int]) -> list[tuple[int, int]] | None:
    """The first perfect matching of ``rows`` (local indices in TPN order) in the order of 3.6.2-3.6.3:
    the top members as small as can be, one after the other, then each top member's bottom member
    as small as can be.  None if there is no perfect matching."""
    n = len(rows)
    half = n // 2
    fold = [row & ~((1 << half) - 1) if i < half else row & ((1 << half) - 1) for i, row in enumerate(rows)]
    mate = max_cardinality_matching(fold)
    if all(m != UNMATCHED for m in mate):
        tops = list(range(half))  # the smallest possible top members
    else:
        mate = max_cardinality_matching(rows)
        if any(m == UNMATCHED for m in mate):
            return None
        tops, mate = _top_members(rows, mate)
    bottoms = sum(1 << i for i in range(n) if i not in set(tops))
    partners = {t: rows[t] & bottoms & ~((1 << (t + 1)) - 1) for t in tops}
    return lexicographic_assignment(tops, partners, {t: mate[t] for t in tops}, 0)


def _top_members(rows: list[int], mate: list[int]) -> tuple[list[int], list[int]]:
    """Each player in TPN order a top member if a perfect matching keeps every choice made so far
    (a pair's top member is its smaller TPN), else a bottom member."""
    n = len(rows)
    role = [None] * n  # True: top member, False: bottom member
    tops = []
    for i in range(n):
        if len(tops) == n // 2:
            break
        if mate[i] > i:
            role[i] = True
        else:
            role[i] = True
            trial = list(mate)
            trial[trial[i]], trial[i] = UNMATCHED, UNMATCHED
            trial = max_cardinality_matching(_by_roles(rows, role), trial)
            if any(m == UNMATCHED for m in trial):
                role[i] = False
            else:
                mate = trial
        if role[i]:
            tops.append(i)
    return tops, mate


def _by_roles(rows: list[int], role: list[bool | None]) -> list[int]:
    """The pairs (a, b), a < b, that keep the roles: a no bottom member, b no top member."""
    tops = sum(1 << i for i, r in enumerate(role) if r is True)
    bottoms = sum(1 << i for i, r in enumerate(role) if r is False)
    result = []
    for i, row in enumerate(rows):
        below, above = row & ((1 << i) - 1) & ~bottoms, row >> (i + 1) << (i + 1) & ~tops
        result.append((below if role[i] is not True else 0) | (above if role[i] is not False else 0))
    return result
